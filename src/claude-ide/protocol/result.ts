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

export function textResult(text: string): ToolResult {
  return { content: [{ type: "text", text }] };
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
    content: [{ type: "text", text: code !== undefined ? `ERROR ${code}: ${message}` : `ERROR: ${message}` }],
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
      if (out.length === 0) out.push(`${string.sub(line, 1, budget - 40)} …[line cut at ${budget - 40} bytes]`);
      break;
    }
    out.push(line);
    size += line.length + 1;
  }
  return { text: out.join("\n"), taken: math.max(out.length, lines.length > 0 ? 1 : 0) };
}
