// How agent tools answer the model: plain text, short and exact. Actions start `OK: `; failures are
// `isError: true` results starting `ERROR: ` that say what was wrong and what to do next, with the numeric
// code of seed 001 where one applies. Long answers are paged: they end with a line saying how to get the rest.
import type { ToolResult } from "./tool";

/** Error codes the bridge and the tools put after `ERROR ` (seed 001). */
export const Code = {
  NoInstance: 1001,
  InstanceNotFound: 1002,
  ConnectionLost: 1003,
  CommandFailed: 1004,
} as const;

/**
 * Characters one result may hold: far under Claude Code's limit (25,000 tokens by default, about 100 KB of
 * code; results over ~50,000 characters may be spilled to a file), so a page never gets cut.
 */
export const RESULT_BUDGET = 24000;

/** A line of a file is cut at this many characters in every answer: `… (N more characters)`. */
export const MAX_LINE_CHARS = 2000;
/**
 * Room for what a tool puts in front of a file's line (a line number, a path): capText cuts only lines longer
 * than MAX_LINE_CHARS + this, so a line a tool already cut is not cut again.
 */
const LINE_ROOM = 256;
/** No answer holds more characters than this; what is over is cut with a line saying how much. */
export const MAX_ANSWER_CHARS = 30000;

/** `line` cut at `max` characters, with how many more there were. */
export function cutLine(line: string, max = MAX_LINE_CHARS): string {
  // Bytes first: a line of at most `max` bytes has at most `max` characters (the common case, no count).
  if (line.length <= max) return line;
  const total = vim.fn.strchars(line);
  if (total <= max) return line;
  return `${vim.fn.strcharpart(line, 0, max)} … (${total - max} more characters)`;
}

/**
 * `text` within the caps: no line much over MAX_LINE_CHARS characters (one longer than that plus LINE_ROOM is
 * cut at MAX_LINE_CHARS), all of it at most MAX_ANSWER_CHARS characters.
 */
export function capText(text: string): string {
  let out = text;
  const longest = MAX_LINE_CHARS + LINE_ROOM;
  if (out.length > longest) {
    const lines = vim.split(out, "\n", { plain: true });
    let cut = false;
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].length > longest && vim.fn.strchars(lines[i]) > longest) {
        const shorter = cutLine(lines[i]);
        if (shorter !== lines[i]) {
          lines[i] = shorter;
          cut = true;
        }
      }
    }
    if (cut) out = lines.join("\n");
  }
  if (out.length > MAX_ANSWER_CHARS) {
    const total = vim.fn.strchars(out);
    if (total > MAX_ANSWER_CHARS)
      out = `${vim.fn.strcharpart(out, 0, MAX_ANSWER_CHARS)}\n… (${total - MAX_ANSWER_CHARS} more characters not shown: an answer holds at most ${MAX_ANSWER_CHARS} characters)`;
  }
  return out;
}

export function textResult(text: string): ToolResult {
  return { content: [{ type: "text", text: capText(text) }] };
}

/** `OK: <what was done>`. */
/** The user rejected `what` in the review: nothing changed (`detail` says what was undone), and no retry. */
export function rejectedResult(what: string, detail = ""): ToolResult {
  return textResult(
    `REJECTED: the user rejected ${what} in Neovim's review; nothing changed${detail}. Do not retry the same edit: ask the user what they want instead.`,
  );
}

export function ok(what: string): ToolResult {
  return textResult(`OK: ${what}`);
}

/** `ERROR: <message>` (or `ERROR <code>: <message>`), marked isError. */
export function fail(message: string, code?: number): ToolResult {
  return {
    content: [{ type: "text", text: capText(code !== undefined ? `ERROR ${code}: ${message}` : `ERROR: ${message}`) }],
    isError: true,
  };
}

/** Thrown by helpers deep in a tool (resolving a target, parsing a position): caught by `guarded`. */
export class ToolFailure {
  constructor(
    public readonly message: string,
    public readonly code?: number,
  ) {}
}

export function failWith(message: string, code?: number): never {
  throw new ToolFailure(message, code);
}

/** Runs a tool body; a ToolFailure becomes its `ERROR:` result, anything else propagates (-32603). */
export function guarded(body: (this: void) => ToolResult): ToolResult {
  const [okRun, value] = pcall(body);
  if (okRun) return value;
  const err = value as unknown;
  if (err instanceof ToolFailure) return fail(err.message, err.code);
  error(err as string, 0);
}

/**
 * Lines that fit the budget, starting at `lines[0]`: as many whole lines as fit (at least one, cut when a
 * single line alone is over budget). Returns how many were taken.
 */
export function fitLines(lines: string[], budget = RESULT_BUDGET): { text: string; taken: number } {
  const out: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (size + line.length + 1 > budget) {
      if (out.length === 0) out.push(cutLine(line, math.min(MAX_LINE_CHARS, budget - 40)));
      break;
    }
    out.push(line);
    size += line.length + 1;
  }
  return { text: out.join("\n"), taken: math.max(out.length, lines.length > 0 ? 1 : 0) };
}
