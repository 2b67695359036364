// The contract between the protocol layer (which runs tools) and the tools (which use the editor); the
// contracts between the other layers are in ../contracts.ts.
// A tool is a plain descriptor; its handler runs inside a coroutine and may park until the user decides.
import type { Config } from "../config";
import type { Hub, PendingReview, Services } from "../contracts";

/** @deprecated import these from "../contracts" (re-exported for changes still in flight). */
export type { ClientInfo, DiffOutcome, DiffRequest, DiffService, Hub, PendingReview, Services } from "../contracts";

export interface TextContent {
  type: "text";
  text: string;
}

/** An MCP tools/call result. */
export interface ToolResult {
  content: TextContent[];
  isError?: boolean;
}

/** JSON Schema subset used for inputSchema (validated generically by the registry before the handler runs). */
export interface JsonSchema {
  type?: "object" | "string" | "number" | "integer" | "boolean" | "array";
  description?: string;
  properties?: { [name: string]: JsonSchema };
  required?: string[];
  items?: JsonSchema;
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  maxItems?: number;
  /** The value must match at least one of these. */
  anyOf?: JsonSchema[];
  default?: unknown;
  additionalProperties?: boolean;
}

/** MCP tool annotations (hints for clients: Claude Code's plan mode and auto-approval read readOnlyHint). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a handler gets besides its arguments. */
export interface ToolContext {
  /** Id of the connection that made this call (stable for the connection's lifetime). */
  readonly clientId: number;
  readonly config: Config;
  readonly hub: Hub;
  readonly services: Services;
  /**
   * Parks the calling coroutine until `resume(value)` is called from a later event, and returns that value.
   * If the call is cancelled while parked (client disconnected, `notifications/cancelled`, server stopped),
   * `onCancel(reason)` runs and the coroutine is never resumed. `resume` after cancellation is a no-op.
   */
  park<T>(
    this: void,
    start: (this: void, resume: (this: void, value: T) => void) => void,
    onCancel?: (this: void, reason: string) => void,
  ): T;
}

export interface ToolDescriptor {
  name: string;
  /** Short human title, listed in tools/list (MCP 2025-06-18+). */
  title?: string;
  description: string;
  annotations?: ToolAnnotations;
  inputSchema: JsonSchema;
  /** false: callable but not listed by tools/list (close_tab). Default true. */
  listed?: boolean;
  /** When false the tool is neither listed nor callable (e.g. executeCode while disabled in config). */
  enabled?: (this: void, config: Config) => boolean;
  /**
   * Runs in a coroutine. Return a result; for a failure while doing the work return `toolError(msg)`;
   * for bad arguments the registry has already answered -32602, or call `invalidParams(msg)` for checks the
   * schema cannot express (the message must name the argument).
   */
  handler: (this: void, args: { [key: string]: unknown }, ctx: ToolContext) => ToolResult;
}

/** Thrown by `invalidParams`; the protocol layer turns it into JSON-RPC error -32602. */
export class InvalidParamsError {
  constructor(public readonly message: string) {}
}

/** Aborts the handler with JSON-RPC -32602 (protocol-level misuse). The message names the argument. */
export function invalidParams(message: string): never {
  throw new InvalidParamsError(message);
}

/** Parks the call until the user decides `review`; a cancelled call closes the review instead. */
export function decisionOf<Outcome>(ctx: ToolContext, review: PendingReview<Outcome>): Outcome {
  return ctx.park<Outcome>(
    (resume) => review.onDecision(resume),
    () => review.cancel(),
  );
}

/** A single-text result. */
export function text(s: string): ToolResult {
  return { content: [{ type: "text", text: s }] };
}

/** A result whose text is JSON (the form doc/protocol.md gives for most IDE tools). */
export function jsonText(value: unknown): ToolResult {
  return text(vim.json.encode(value));
}

/** A failure while doing the work: `isError: true` with a message saying what went wrong. */
export function toolError(message: string): ToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
