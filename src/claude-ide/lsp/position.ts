// Where an LSP tool asks: `line` (1-based) plus either `column` (1-based, characters) or `symbol` (the name as
// it is written on that line). Converted to each client's offset encoding when the request is built.
import { failWith } from "../protocol/result";
import { byteToCharColumn, charColumnToByte, charCount } from "../editor/positions";
import { int, optional, str } from "../protocol/schema";
import { toCharacter } from "./encoding";
import { targetInput } from "../editor/target";

export const clientNameInput = {
  client_name: optional(
    str("Ask only this language server (a name from lsp_clients); default: every attached one that can answer", {
      minLength: 1,
    }),
  ),
};

/** `path`|`buffer`, `line`, `column`|`symbol`, `client_name`: what every position tool takes. */
export const positionInput = {
  ...targetInput,
  line: int("Line, 1-based", { minimum: 1 }),
  column: optional(int("Column, 1-based, in characters (give this or symbol)", { minimum: 1 })),
  symbol: optional(
    str("The name as it is written on that line, instead of column (its first occurrence there)", { minLength: 1 }),
  ),
  ...clientNameInput,
};

export interface Point {
  /** 0-based line. */
  line: number;
  /** Byte offset in the line. */
  byte: number;
  /** The line's text. */
  text: string;
}

function quote(text: string): string {
  const t = text.length > 200 ? `${string.sub(text, 1, 200)}…` : text;
  return vim.json.encode(t);
}

const IDENT = "[%w_$]";

/** Byte offset (0-based) of `symbol` on `text`: the first whole-word occurrence, else the first one. */
function findSymbol(text: string, symbol: string): number | undefined {
  let first: number | undefined;
  let from = 1;
  for (;;) {
    const [at, to] = string.find(text, symbol, from, true);
    if (at === undefined) break;
    first ??= at - 1;
    const before = at > 1 ? string.sub(text, at - 1, at - 1) : "";
    const after = string.sub(text, to + 1, to + 1);
    const wordStart = string.find(symbol, `^${IDENT}`)[0] !== undefined;
    const wordEnd = string.find(symbol, `${IDENT}$`)[0] !== undefined;
    if (
      (!wordStart || string.find(before, IDENT)[0] === undefined) &&
      (!wordEnd || string.find(after, IDENT)[0] === undefined)
    )
      return at - 1;
    from = at + 1;
  }
  return first;
}

/** The point `line` + `column` | `symbol` names in `lines`. Throws a ToolFailure saying what is wrong. */
export function resolvePoint(
  lines: string[],
  display: string,
  args: { line: number; column?: number; symbol?: string },
): Point {
  if (args.line > lines.length) failWith(`line ${args.line} is past the end: ${display} has ${lines.length} lines`);
  const text = lines[args.line - 1];
  if (args.column !== undefined && args.symbol !== undefined) failWith('give either "column" or "symbol", not both');
  if (args.symbol !== undefined) {
    const at = findSymbol(text, args.symbol);
    if (at === undefined)
      failWith(
        `"${args.symbol}" is not on line ${args.line} of ${display}, which reads: ${quote(text)} (give the name exactly as written there, or a column)`,
      );
    return { line: args.line - 1, byte: at, text };
  }
  if (args.column === undefined)
    failWith('give "column" (1-based, characters) or "symbol" (the name as written on that line)');
  const n = charCount(text);
  if (args.column > n + 1)
    failWith(
      `column ${args.column} is past the end of line ${args.line} of ${display} (${n} characters): ${quote(text)}`,
    );
  return { line: args.line - 1, byte: charColumnToByte(text, args.column), text };
}

/** The LSP position of a point for a client with this offset encoding. */
export function lspPosition(p: Point, encoding: string): { line: number; character: number } {
  return { line: p.line, character: toCharacter(p.text, p.byte, encoding) };
}

/** `line:col` as the model reads it (1-based, characters). */
export function pointLabel(p: Point): string {
  return `${p.line + 1}:${byteToCharColumn(p.text, p.byte)}`;
}
