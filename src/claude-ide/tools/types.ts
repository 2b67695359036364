// The contract between the protocol layer (which runs tools) and the tools (which use the editor).
// A tool is a plain descriptor; its handler runs inside a coroutine and may park until the user decides.
import type { Config } from "../config";
import type { AgentState } from "../agent/agent_state";
import type { SelectionService } from "../contracts";

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

/** Server → client notifications, and who is connected. Implemented by the server. */
export interface Hub {
  /** Sends a JSON-RPC notification to every session that completed `initialize`. */
  broadcast(this: void, method: string, params: object): void;
  /** How many sessions completed `initialize` and are still open. */
  sessionCount(this: void): number;
  /**
   * Calls `listener` after a session finishes initializing, announces its CLI's pid (ide_connected), or
   * closes. Returns an unsubscribe function.
   */
  onSessionsChanged(this: void, listener: (this: void) => void): (this: void) => void;
  /** The Claude CLI connections that completed `initialize` and are open (never the agent endpoint's). */
  clients(this: void): ClientInfo[];
  /** Sends a JSON-RPC notification to one of `clients()`. False when it is not (or no longer) there. */
  send(this: void, clientId: number, method: string, params: object): boolean;
  /** The name of the Claude session a connection belongs to (a review's label), if it has one. */
  describe(this: void, clientId: number): string | undefined;
}

/** One connected Claude CLI. */
export interface ClientInfo {
  /** The connection id (ToolContext.clientId of its calls). */
  id: number;
  /** The pid it announced with ide_connected. */
  pid?: number;
  /** clientInfo.name from initialize. */
  name?: string;
}

/** What openDiff asks to review (paths absolute and normalized). */
export interface DiffRequest {
  /** The file whose current text is shown on the left (it may not exist yet). */
  oldPath: string;
  /** The file the proposal is for (the CLI writes it after an accept); in practice the same as oldPath. */
  newPath: string;
  /** The whole proposed text. */
  contents: string;
  tabName: string;
  /**
   * The agent endpoint's edits: the plugin applies the accepted text itself (the Claude CLI writes openDiff's),
   * so no following of a CLI write, and no "same as on disk means rejected" rule (the buffer may differ).
   */
  appliedByPlugin?: boolean;
  /** The connection that asked (its pending reviews are rejected when its Claude terminal closes). */
  clientId?: number;
  /** The Claude session that asked, as the review's winbar names it. */
  source?: string;
}

/** How a review ended for the CLI: the final text to write, or a rejection. */
export type DiffOutcome = { accepted: true; text: string } | { accepted: false };

/** One open review, as the openDiff handler holds it while parked. */
export interface PendingReview {
  /** Calls `listener` once with the user's decision (at once when already decided). */
  onDecision(this: void, listener: (this: void, outcome: DiffOutcome) => void): void;
  /** The call was cancelled (client gone, server stopping): the view closes and no answer is expected. */
  cancel(this: void): void;
}

/** The diff review, as the tools see it (openDiff, closeAllDiffTabs, close_tab). Implemented in editor/diff. */
export interface DiffService {
  /**
   * Shows a review (replacing a pending one with the same tab name, which is rejected). Fails with a message
   * naming the argument when a path cannot be read (a directory, no permission): then no UI is left behind.
   */
  open(this: void, req: DiffRequest): { ok: true; review: PendingReview } | { ok: false; error: string };
  /** Rejects every pending review and closes this plugin's diff views. Returns how many were closed. */
  closeAll(this: void): number;
  /** Closes the review named `tabName` (its pending call, if any, ends as DIFF_REJECTED). False if unknown. */
  closeTab(this: void, tabName: string): boolean;
  /** Answers every pending review DIFF_REJECTED and closes the views (server stop, Neovim exit). */
  dispose(this: void): void;
  /** Rejects the pending reviews these connections asked for (their Claude terminal closed). Returns how many. */
  rejectFor(this: void, clientIds: number[]): number;
  /** Pending reviews that this connection asked for. */
  pendingFor(this: void, clientId: number): number;
}

/**
 * Long-lived editor state owned by one running server (no module-level state): created on start, disposed on
 * stop. Each editor feature adds its field here and its construction in editor/services.ts.
 */
export interface Services {
  diff: DiffService;
  /** Selection tracking (selection_changed) and the getCurrentSelection/getLatestSelection answers. */
  selection: SelectionService;
  /** The agent endpoint's memory between calls (editor_state tokens, code action ids). */
  agent: AgentState;
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
  park<T>(this: void, start: (this: void, resume: (this: void, value: T) => void) => void, onCancel?: (this: void, reason: string) => void): T;
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
