// One MCP session per WebSocket connection: the lifecycle (initialize, ping), tools/list and tools/call
// (run through protocol/blocking so a tool may park), request cancellation, and notifications to the client.
import type { Config } from "../config";
import type { Logger } from "../log";
import type { Registry } from "./registry";
import type { Hub, Services } from "../contracts";
import type { ToolResult } from "./tool";
import type { Connection } from "../transport/types";
import { dict, isObject } from "../util/json";
import { VERSION } from "../version";
import type { Blocking, CallHandle } from "./blocking";
import {
  BigId,
  ErrorCode,
  type Id,
  type Params,
  decodeMessage,
  errorResponse,
  notification,
  resultResponse,
  textResultResponse,
} from "./jsonrpc";

/** initialize `_meta` key under which the agent bridge tells its own pid. */
export const PID_META = "claude-ide.nvim/pid";

/** MCP protocol versions this server speaks, newest first. A client asking for another one gets the newest. */
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/**
 * What a session offers, chosen when the connection is accepted: the IDE tool set for the Claude CLI, or the
 * agent tool set for the stdio bridge (src/claude-ide/bridge/) that serves the model.
 */
export interface Role {
  name: "ide" | "agent";
  registry: Registry;
  /** Request methods of this role besides the lifecycle and tools (the agent's resources/*). */
  requests?: { [method: string]: (this: void, params: { [key: string]: unknown }) => unknown };
  capabilities: object;
  /** Shown to the model as server guidance (initialize result). */
  instructions?: string;
  /**
   * Bad arguments answered as an `isError` tool result (MCP 2025-11-25: the model reads it and corrects the
   * call) instead of JSON-RPC -32602. The Claude CLI's IDE tools keep -32602.
   */
  argumentErrorsAsResults: boolean;
}

export interface SessionDeps {
  role: Role;
  blocking: Blocking;
  config: Config;
  hub: Hub;
  services: Services;
  log: Logger;
  /** Called when the session becomes ready (client sent notifications/initialized) and when it closes. */
  onChange: (this: void, session: Session) => void;
}

/** A JSON-RPC error raised while handling a request, answered as such. */
class RpcError {
  constructor(
    public readonly code: number,
    public readonly message: string,
  ) {}
}

/** Raised by a request handler: answered as a JSON-RPC error with this code and message. */
export function rpcError(code: number, message: string): never {
  throw new RpcError(code, message);
}

/** Raised by a role's request handler for bad params: answered as JSON-RPC -32602 with the message. */
export function invalidRequestParams(message: string): never {
  throw new RpcError(ErrorCode.InvalidParams, message);
}

type RequestHandler = (this: void, params: Params, id: Id) => unknown;
type NotificationHandler = (this: void, params: Params) => void;

/** A map key for a request id: 1 and "1" are different ids. */
function idKey(id: unknown): string | undefined {
  if (id instanceof BigId) return `n${id.text}`;
  // An integer of at most 14 digits prints exactly with tostring (LuaJIT's %.14g), which is cheaper than
  // string.format; both give the same text for such a number.
  if (typeof id === "number")
    return `n${id % 1 === 0 && math.abs(id) < 1e14 ? tostring(id) : string.format("%.17g", id)}`;
  if (typeof id === "string") return `s${id}`;
  return undefined;
}

/** A bad argument as the model reads it: what was wrong, and that the call can be made again. */
function argumentError(tool: string, problem: string): ToolResult {
  return {
    content: [{ type: "text", text: `ERROR: ${tool}: ${problem}. Fix the arguments and call ${tool} again.` }],
    isError: true,
  };
}

function objectParams(params: Params): { [key: string]: unknown } {
  if (params === undefined) return {};
  if (!isObject(params)) invalidRequestParams("params must be an object");
  return params;
}

export class Session {
  readonly id: number;
  /** "ide" (the Claude CLI) or "agent" (the bridge serving the model): only IDE sessions get broadcasts. */
  readonly role: Role["name"];
  /** The client sent notifications/initialized: it receives broadcasts. */
  ready = false;
  /** Pid announced by the Claude CLI with ide_connected. */
  cliPid?: number;
  /** clientInfo.name from initialize. */
  clientName?: string;
  /**
   * The pid of the client's own process, when it tells it (the agent bridge does, in initialize's
   * `_meta["claude-ide.nvim/pid"]`): the server ties a bridge to the CLI that started it by this pid.
   */
  processId?: number;
  private open = true;
  /** tools/call requests still running, by id key (for notifications/cancelled). */
  private calls = new LuaMap<string, CallHandle>();
  private readonly requests: { [method: string]: RequestHandler };
  private readonly notifications: { [method: string]: NotificationHandler };

  constructor(
    private readonly conn: Connection,
    private readonly deps: SessionDeps,
  ) {
    this.id = conn.id;
    this.role = deps.role.name;
    this.requests = {
      initialize: (params) => this.initialize(objectParams(params)),
      ping: () => dict(),
      "tools/list": () => ({ tools: this.deps.role.registry.list() }),
    };
    for (const [method, handler] of pairs(deps.role.requests ?? {})) {
      this.requests[method as string] = (params) => handler(objectParams(params));
    }
    this.notifications = {
      "notifications/initialized": () => this.markReady(),
      "notifications/cancelled": (params) => this.cancelRequest(params),
      ide_connected: (params) => {
        const pid = isObject(params) ? params.pid : undefined;
        if (typeof pid !== "number" || pid === this.cliPid) return;
        this.cliPid = pid;
        // Sessions are tied to their terminal by this pid: tell the listeners.
        if (this.ready) this.deps.onChange(this);
      },
    };
    conn.handlers = {
      onMessage: (text) => this.receive(text),
      onClose: (code, reason) => this.closed(code, reason),
    };
  }

  isOpen(): boolean {
    return this.open && this.conn.isOpen();
  }

  /** Sends a JSON-RPC notification (no-op once closed). */
  notify(method: string, params: object): void {
    if (this.isOpen()) this.conn.send(notification(method, params));
  }

  /** Sends an already encoded message (a broadcast encodes once for every session). No-op once closed. */
  deliver(text: string): void {
    this.send(text);
  }

  /** Closes the connection; the transport reports the end through onClose. */
  close(code: number, reason: string): void {
    this.conn.close(code, reason);
  }

  /** One text message from the client. Never throws: a bug here is logged, and a request still gets -32603. */
  receive(text: string): void {
    const msg = decodeMessage(text);
    if (msg.kind === "invalid") {
      this.deps.log.debug(`client ${this.id}: ${msg.reason}`);
      if (msg.reply !== undefined) this.send(msg.reply);
      return;
    }
    if (msg.kind === "response") return; // we send no requests; nothing waits for an answer
    // Methods given to pcall with their object: no closure per message.
    let ok: boolean;
    let err: unknown;
    if (msg.kind === "notification") [ok, err] = pcall(this.onNotification, this, msg.method, msg.params);
    else [ok, err] = pcall(this.onRequest, this, msg.id, msg.method, msg.params);
    if (!ok) {
      this.deps.log.error(`client ${this.id}: ${msg.method} failed: ${tostring(err)}`);
      if (msg.kind === "request")
        this.send(errorResponse(msg.id, ErrorCode.InternalError, `Internal error: ${tostring(err)}`));
    }
  }

  private onNotification(method: string, params: Params): void {
    const handler = this.notifications[method];
    // Unknown notifications (log_event, ...) are ignored, as JSON-RPC requires.
    if (handler !== undefined) handler(params);
  }

  private onRequest(id: Id, method: string, params: Params): void {
    if (method === "tools/call") {
      this.callTool(id, params);
      return;
    }
    const handler = this.requests[method];
    if (handler === undefined) {
      this.send(errorResponse(id, ErrorCode.MethodNotFound, `Method not found: ${method}`));
      return;
    }
    const [ok, result] = pcall(handler, params, id);
    const err = result;
    if (ok) this.send(resultResponse(id, result));
    else if (err instanceof RpcError) this.send(errorResponse(id, err.code, err.message));
    else error(err as string, 0);
  }

  private initialize(params: { [key: string]: unknown }): object {
    const asked = params.protocolVersion;
    const info = params.clientInfo;
    if (isObject(info) && typeof info.name === "string") this.clientName = info.name;
    const meta = params._meta;
    const pid = isObject(meta) ? meta[PID_META] : undefined;
    if (typeof pid === "number" && pid > 0 && math.floor(pid) === pid) this.processId = pid;
    return {
      protocolVersion: typeof asked === "string" && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0],
      capabilities: this.deps.role.capabilities,
      serverInfo: { name: "claude-ide.nvim", version: VERSION },
      instructions: this.deps.role.instructions,
    };
  }

  private markReady(): void {
    if (this.ready || !this.open) return;
    this.ready = true;
    this.deps.onChange(this);
  }

  private cancelRequest(params: Params): void {
    const key = isObject(params) ? idKey(params.requestId) : undefined;
    const call = key !== undefined ? this.calls.get(key) : undefined;
    if (call === undefined || key === undefined) return;
    this.calls.delete(key);
    const reason = isObject(params) && typeof params.reason === "string" ? params.reason : "cancelled by the client";
    call.cancel(reason);
  }

  /** tools/call: find and check the tool, run its handler in a coroutine, answer when it finishes. */
  private callTool(id: Id, rawParams: Params): void {
    const [ok, thrown] = pcall(this.startCall, this, id, rawParams);
    const err = thrown as unknown;
    if (!ok) {
      if (!(err instanceof RpcError)) error(err as string, 0);
      this.send(errorResponse(id, err.code, err.message));
    }
  }

  private startCall(id: Id, rawParams: Params): void {
    const params = objectParams(rawParams);
    const name = params.name;
    if (typeof name !== "string") invalidRequestParams('tools/call: "name" must be a string');
    const { role } = this.deps;
    const tool = role.registry.find(name);
    if (tool === undefined) invalidRequestParams(`unknown tool "${name}"`);
    const args = params.arguments === undefined || params.arguments === vim.NIL ? dict() : params.arguments;
    const key = idKey(id) as string;
    if (this.calls.has(key))
      throw new RpcError(ErrorCode.InvalidRequest, `request id ${key.substring(1)} is already in use`);
    const problem = role.registry.check(tool, args);
    if (problem !== undefined) {
      if (!role.argumentErrorsAsResults) invalidRequestParams(`${name}: ${problem}`);
      this.sendToolResult(id, name, argumentError(name, problem));
      return;
    }

    const { config, hub, services } = this.deps;
    let finished = false;
    const handle = this.deps.blocking.run(
      this.id,
      (park) => tool.handler(args as { [key: string]: unknown }, { clientId: this.id, config, hub, services, park }),
      (outcome) => {
        finished = true;
        this.calls.delete(key);
        if (outcome.ok) this.sendToolResult(id, name, outcome.value);
        else if (outcome.code === ErrorCode.InvalidParams && role.argumentErrorsAsResults)
          this.sendToolResult(id, name, argumentError(name, outcome.message));
        else this.send(errorResponse(id, outcome.code, outcome.message));
      },
    );
    if (!finished) this.calls.set(key, handle);
  }

  private sendToolResult(id: Id, name: string, result: ToolResult): void {
    if (!isObject(result) || type(result.content) !== "table" || !vim.islist(result.content)) {
      this.deps.log.error(`tool ${name} returned an invalid result: ${vim.inspect(result)}`);
      this.send(errorResponse(id, ErrorCode.InternalError, `Internal error: tool ${name} returned an invalid result`));
      return;
    }
    const fast = textResultResponse(id, result.content, result.isError === true);
    if (fast !== undefined) {
      this.send(fast);
      return;
    }
    const body = { content: result.content, isError: result.isError === true ? true : undefined };
    const [ok, text] = pcall(resultResponse, id, body);
    if (ok) this.send(text);
    else
      this.send(
        errorResponse(
          id,
          ErrorCode.InternalError,
          `Internal error: tool ${name} result is not JSON: ${tostring(text)}`,
        ),
      );
  }

  private send(text: string): void {
    if (this.isOpen()) this.conn.send(text);
  }

  /** The transport closed: cancel this client's pending calls (nobody can receive their answers). */
  private closed(code: number, reason: string): void {
    if (!this.open) return;
    this.open = false;
    this.deps.log.debug(`client ${this.id} closed (${code}${reason !== "" ? ` ${reason}` : ""})`);
    this.calls = new LuaMap();
    this.deps.blocking.cancelOwner(this.id, "client disconnected");
    this.ready = false;
    this.deps.onChange(this);
  }
}
