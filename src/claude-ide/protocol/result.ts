// The road to the model: every answer that leaves this plugin for a model is built or passed here. One result
// type (ToolResult: text, or JSON as text; `isError` with a message, a code and a hint), ONE error type that
// handlers throw (ToolError), mapped in one place (`settle`) to an `isError` result or a JSON-RPC error, one
// rendering of `ERROR: …`, the size budget, and the outgoing rules (`outgoing*`): what is withheld and why.
//
// Agent tools answer in plain text, short and exact: actions start `OK: `; failures are `isError: true`
// results starting `ERROR: ` that say what was wrong and what to do next, with the numeric code of seed 001
// where one applies. Long answers are paged: they end with a line saying how to get the rest. The IDE tools
// answer as doc/protocol.md says (JSON as text, failures as a plain message).
import type { Config } from "../config";
import { ErrorCode } from "./jsonrpc";

export interface TextContent {
  type: "text";
  text: string;
}

/** An MCP tools/call result. */
export interface ToolResult {
  content: TextContent[];
  isError?: boolean;
}

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

// ---------------------------------------------------------------------------------------------------------
// Results

/** A single-text result. */
export function text(s: string): ToolResult {
  return { content: [{ type: "text", text: s }] };
}

/** A result whose text is JSON (the form doc/protocol.md gives for most IDE tools). */
export function jsonText(value: unknown): ToolResult {
  return text(vim.json.encode(value));
}

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

/** A single-text result, within the caps (the agent tools' answers). */
export function textResult(s: string): ToolResult {
  return text(capText(s));
}

/** `OK: <what was done>`. */
export function ok(what: string): ToolResult {
  return textResult(`OK: ${what}`);
}

/**
 * The user rejected `what` in the review: nothing changed (`detail` says what was undone), and no retry. With
 * the user's `reason`, it is quoted verbatim (on lines of its own, after the sentence that introduces it).
 */
export function rejectedResult(what: string, detail = "", reason?: string): ToolResult {
  const head = `REJECTED: the user rejected ${what} in Neovim's review; nothing changed${detail}.`;
  if (reason === undefined)
    return textResult(`${head} Do not retry the same edit: ask the user what they want instead.`);
  return textResult(
    `${head} Do not retry the same edit; the user's reason for rejecting it, in their words:\n${reason}`,
  );
}

/** The one rendering of an agent-side failure: `ERROR: <message>` (or `ERROR <code>: <message>`), then the hint. */
export function renderError(message: string, code?: number, hint?: string): string {
  const head = code !== undefined ? `ERROR ${code}: ${message}` : `ERROR: ${message}`;
  return hint !== undefined ? `${head} ${hint}` : head;
}

/** `ERROR: <message>` (or `ERROR <code>: <message>`), marked isError. */
export function fail(message: string, code?: number, hint?: string): ToolResult {
  return { content: [{ type: "text", text: capText(renderError(message, code, hint)) }], isError: true };
}

/** An IDE tool's failure while doing the work: `isError: true` with the plain message (doc/protocol.md). */
export function toolError(message: string): ToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** A bad argument as the model reads it: what was wrong, and that the call can be made again. */
export function argumentError(tool: string, problem: string): ToolResult {
  return fail(`${tool}: ${problem}.`, undefined, `Fix the arguments and call ${tool} again.`);
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

// ---------------------------------------------------------------------------------------------------------
// The one error type

/**
 * Thrown by a handler (or anything it calls) to end the call with a failure the model reads. `rpc` set: the
 * request itself was wrong (bad params, unknown resource) and the answer is that JSON-RPC error; otherwise the
 * answer is an `isError` result rendered by `fail` (code and hint included).
 */
export class ToolError {
  constructor(
    public readonly message: string,
    public readonly code?: number,
    public readonly rpc?: number,
    public readonly hint?: string,
  ) {}
}

/** Ends the tool call with `ERROR: <message>` (or `ERROR <code>: …`). */
export function failWith(message: string, code?: number, hint?: string): never {
  throw new ToolError(message, code, undefined, hint);
}

/**
 * Ends the call with JSON-RPC -32602 (protocol-level misuse; an agent session answers it as an `ERROR:`
 * result the model can correct). The message names the argument.
 */
export function invalidParams(message: string): never {
  throw new ToolError(message, undefined, ErrorCode.InvalidParams);
}

/**
 * MCP's JSON-RPC error for an unknown resource up to 2025-11-25 (2026-07-28 says -32602 with `data.uri`: the
 * agent bridge turns one into the other for a client of that revision).
 */
export const RESOURCE_NOT_FOUND = -32002;

/** Ends the request with this JSON-RPC error (e.g. RESOURCE_NOT_FOUND). */
export function rpcError(code: number, message: string): never {
  throw new ToolError(message, undefined, code);
}

/** What a thrown value becomes on its way to the model; undefined: not a ToolError (a bug, answered -32603). */
export type Settled =
  | { kind: "result"; result: ToolResult }
  | { kind: "rpc"; code: number; message: string }
  | { kind: "invalid-arguments"; message: string };

/** The one place a thrown ToolError is turned into an answer. */
export function settle(err: unknown): Settled | undefined {
  if (!(err instanceof ToolError)) return undefined;
  if (err.rpc === ErrorCode.InvalidParams) return { kind: "invalid-arguments", message: err.message };
  if (err.rpc !== undefined) return { kind: "rpc", code: err.rpc, message: err.message };
  return { kind: "result", result: fail(err.message, err.code, err.hint) };
}

/** A settled failure answered as a JSON-RPC error (a request that is not a tool call, or a malformed call). */
export function asRpcError(settled: Settled): { code: number; message: string } {
  if (settled.kind === "rpc") return { code: settled.code, message: settled.message };
  if (settled.kind === "invalid-arguments") return { code: ErrorCode.InvalidParams, message: settled.message };
  return { code: ErrorCode.InternalError, message: settled.result.content[0].text };
}

/** Runs a tool body; a failure (failWith) becomes its `ERROR:` result, anything else propagates (rpc, -32603). */
export function guarded(body: (this: void) => ToolResult): ToolResult {
  const [okRun, value] = pcall(body);
  if (okRun) return value;
  const settled = settle(value);
  if (settled?.kind === "result") return settled.result;
  error(value, 0);
}

// ---------------------------------------------------------------------------------------------------------
// Outgoing rules: the hook where what leaves for a model is filtered

/** Which road a text takes to the model (a rule may treat them differently). */
export type Road = "tool" | "response" | "error" | "notification";

/**
 * A rule every text bound for a model passes, once, on its way out of the session (tool results, resources
 * and other responses, error messages, notifications such as selection_changed). It returns the text to send:
 * unchanged, redacted, or replaced by a line saying what was withheld and why. The secrets and workspace
 * rules (issues 21 and 25) plug in here: a module of their own under protocol/ (or lower), added to RULES.
 */
export type OutgoingRule = (this: void, text: string, road: Road, config: Config) => string;

/** The rules, in order (none yet: every text passes unchanged, at no cost). */
const RULES: readonly OutgoingRule[] = [];

/** A text through every rule. */
export function outgoingText(s: string, road: Road, config: Config): string {
  for (const rule of RULES) s = rule(s, road, config);
  return s;
}

/** A tool result with every text content through the rules (the same table when there are none). */
export function outgoingResult(result: ToolResult, config: Config): ToolResult {
  if (RULES.length === 0) return result;
  const content = result.content.map((c) =>
    c.type === "text" && typeof c.text === "string" ? { ...c, text: outgoingText(c.text, "tool", config) } : c,
  );
  return { content, isError: result.isError };
}

/** Any JSON value (a response, notification params) with every string in it through the rules. */
export function outgoingValue<T>(value: T, road: Road, config: Config): T {
  if (RULES.length === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return outgoingText(v, road, config);
    if (type(v) !== "table" || getmetatable(v as object) !== undefined) return v;
    const out = vim.islist(v) ? [] : vim.empty_dict();
    for (const [k, item] of pairs(v as object)) (out as Record<string, unknown>)[k as string] = walk(item);
    return out;
  };
  return walk(value) as T;
}
