// The contract between the protocol layer (which runs tools) and the tools (which use the editor); the
// contracts between the other layers are in ../contracts.ts.
// A tool is a plain descriptor; its handler runs inside a coroutine and may park until the user decides.
import type { Config } from "../config";
import type { Hub, PendingReview, Services } from "../contracts";

/** @deprecated import these from "../contracts" (re-exported for changes still in flight). */
export type { ClientInfo, DiffOutcome, DiffRequest, DiffService, Hub, PendingReview, Services } from "../contracts";

import type { ToolResult } from "./result";

/** The result type and its builders live in ./result (the road to the model); re-exported for the tools. */
export type { TextContent, ToolResult } from "./result";
export { invalidParams, jsonText, text, toolError } from "./result";

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
  /**
   * Ours, never shown in tools/list: a string that names something (a path, a URI, a symbol, a server, a
   * token), so no control character (U+0000-U+001F, U+007F) may be in it. Without it a string is free text
   * (file contents, code, a search pattern): anything but NUL. `str()` sets it unless told `text: true`.
   */
  oneLine?: boolean;
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
  /** The client's clientInfo.name from initialize, when it gave one. */
  readonly clientName?: string;
  readonly config: Config;
  readonly hub: Hub;
  readonly services: Services;
  /** The client's own name as the user reads it (e.g. "Codex"), when it gave one (review titles, asks). */
  readonly client?: string;
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

/** Parks the call until the user decides `review`; a cancelled call closes the review instead. */
export function decisionOf<Outcome>(ctx: ToolContext, review: PendingReview<Outcome>): Outcome {
  return ctx.park<Outcome>(
    (resume) => review.onDecision(resume),
    (reason) => review.cancel(reason),
  );
}
