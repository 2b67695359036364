// One MCP session per WebSocket connection: the lifecycle (initialize, ping), tools/list and tools/call
// (run through protocol/blocking so a tool may park), request cancellation, and notifications to the client.
import type { Config } from "../config";
import type { Logger } from "../log";
import type { Registry } from "./registry";
import type { Hub, Services } from "../contracts";
import {
  asRpcError,
  outgoingResult,
  outgoingText,
  outgoingValue,
  rpcError,
  settle,
  argumentError,
  type ToolResult,
} from "./result";
import type { Connection } from "../transport/types";
import { clientLabel } from "../util/client_name";
import { dict, isObject } from "../util/json";
import { initializeResult, negotiate, PID_META } from "./initialize";
import type { PathMap } from "../util/path_map";
import { resultToFar, toLocal, valueToFar } from "./far_paths";
import { type Blocking, type CallHandle, CLIENT_GONE, type Park } from "./blocking";
import {
  BigId,
  ErrorCode,
  type Id,
  type Params,
  decodeMessage,
  errorResponse,
  notification,
  request,
  resultResponse,
  textResultResponse,
} from "./jsonrpc";

/** MCP protocol versions this server speaks, newest first; the bridge's pid key in initialize `_meta`. */
export { PID_META, PROTOCOL_VERSIONS } from "./initialize";

/**
 * What a session offers, chosen when the connection is accepted: the IDE tool set for the Claude CLI, or the
 * agent tool set for the stdio bridge (src/claude-ide/bridge/) that serves the model.
 */
export interface Role {
  name: "ide" | "agent" | "companion" | "hook";
  registry: Registry;
  /** Request methods of this role besides the lifecycle and tools (the agent's resources/*). */
  requests?: { [method: string]: (this: void, params: { [key: string]: unknown }) => unknown };
  /**
   * Request methods whose handler may park (run through protocol/blocking like a tool call: the hook role's
   * `hooks/event`, which may wait for the user); cancelled when the connection goes away.
   */
  parkingRequests?: {
    [method: string]: (
      this: void,
      params: { [key: string]: unknown },
      ctx: { clientId: number; park: Park },
    ) => unknown;
  };
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
  /**
   * The path map of a client that runs somewhere else (a far session: util/path_map): its arguments, roots,
   * results and notifications are mapped at this edge (protocol/far_paths). Undefined: a client beside Neovim.
   */
  paths?: PathMap;
  /** The port of the far session's door the client came through (with `paths`). */
  door?: number;
}

/** Raised by a role's request handler for bad params: answered as JSON-RPC -32602 with the message. */
export function invalidRequestParams(message: string): never {
  rpcError(ErrorCode.InvalidParams, message);
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
  /** The client's name as the user reads it (clientInfo title, a known client's product name, its name). */
  clientLabel?: string;
  /**
   * The MCP revision the client speaks: the one initialize settled on, or, for the agent bridge, the one its
   * own client speaks (initialize's `_meta["claude-ide/clientRevision"]`).
   */
  protocolVersion?: string;
  /**
   * The pid of the client's own process, when it tells it (the agent bridge does, in initialize's
   * `_meta["claude-ide.nvim/pid"]`): the server ties a bridge to the CLI that started it by this pid.
   */
  processId?: number;
  /**
   * The client's roots (absolute paths), from its answer to roots/list: for the Claude CLI its cwd and its
   * --add-dir folders. Undefined until it answered (or when it offers no roots).
   */
  roots?: string[];
  /** The client declared the `roots` capability in initialize. */
  private offersRoots = false;
  private nextRequest = 1;
  /** Our requests waiting for the client's answer, by id. */
  private waiting = new LuaMap<string, (this: void, result: unknown, error: unknown) => void>();
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
        // The CLI is set up now: ask where it works (once per announcement; the answer arrives later).
        this.askRoots();
        const pid = isObject(params) ? params.pid : undefined;
        if (typeof pid !== "number" || pid === this.cliPid) return;
        this.cliPid = pid;
        // Sessions are tied to their terminal by this pid: tell the listeners.
        if (this.ready) this.deps.onChange(this);
      },
      "notifications/roots/list_changed": () => this.askRoots(),
    };
    conn.handlers = {
      onMessage: (text) => this.receive(text),
      onClose: (code, reason) => this.closed(code, reason),
    };
  }

  isOpen(): boolean {
    return this.open && this.conn.isOpen();
  }

  /** The far client's path map (undefined for a client beside Neovim). */
  get paths(): PathMap | undefined {
    return this.deps.paths;
  }

  /** The port of the far session's door the client came through (undefined for a client beside Neovim). */
  get door(): number | undefined {
    return this.deps.door;
  }

  /**
   * Sends a JSON-RPC notification; false when it was not sent: the session is closed, or (a far client) the
   * notification is about a file it cannot see.
   */
  notify(method: string, params: object): boolean {
    if (!this.isOpen()) return false;
    const paths = this.deps.paths;
    const mapped = paths !== undefined ? (valueToFar(params, paths) as object | undefined) : params;
    if (mapped === undefined) return false;
    this.conn.send(notification(method, outgoingValue(mapped, "notification", this.deps.config)));
    return true;
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
    if (msg.kind === "response") {
      const waiter = typeof msg.id === "string" ? this.waiting.get(msg.id) : undefined;
      if (waiter === undefined) return; // not ours, or answered already
      this.waiting.delete(msg.id as string);
      const [ok, err] = pcall(waiter, msg.result, msg.error);
      if (!ok) this.deps.log.error(`client ${this.id}: handling an answer failed: ${tostring(err)}`);
      return;
    }
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
    const parking = this.deps.role.parkingRequests?.[method];
    if (parking !== undefined) {
      this.startParking(id, parking, params);
      return;
    }
    const handler = this.requests[method];
    if (handler === undefined) {
      this.send(errorResponse(id, ErrorCode.MethodNotFound, `Method not found: ${method}`));
      return;
    }
    const [ok, result] = pcall(handler, params, id);
    if (ok) {
      this.send(resultResponse(id, outgoingValue(result, "response", this.deps.config)));
      return;
    }
    const settled = settle(result);
    if (settled === undefined) error(result, 0);
    const answer = asRpcError(settled);
    this.sendError(id, answer.code, answer.message);
  }

  /** A parkingRequests method: run in a coroutine like a tool call; answered (or cancelled) later. */
  private startParking(id: Id, handler: NonNullable<Role["parkingRequests"]>[string], rawParams: Params): void {
    const params = objectParams(rawParams);
    const key = idKey(id) as string;
    if (this.calls.has(key)) rpcError(ErrorCode.InvalidRequest, `request id ${key.substring(1)} is already in use`);
    let finished = false;
    const handle = this.deps.blocking.run(
      this.id,
      (park) => handler(params, { clientId: this.id, park }),
      (outcome) => {
        finished = true;
        this.calls.delete(key);
        if (outcome.ok) this.send(resultResponse(id, outcome.value ?? dict()));
        else this.sendError(id, outcome.code, outcome.message);
      },
    );
    if (!finished) this.calls.set(key, handle);
  }

  private initialize(params: { [key: string]: unknown }): object {
    const asked = params.protocolVersion;
    const info = params.clientInfo;
    const version = negotiate(asked);
    const caps = params.capabilities;
    this.offersRoots = isObject(caps) && type(caps.roots) === "table";
    const meta = params._meta;
    const relayed = isObject(meta) ? meta["claude-ide/clientRevision"] : undefined;
    this.protocolVersion = typeof relayed === "string" ? relayed : version;
    if (isObject(info) && typeof info.name === "string") {
      this.clientName = info.name;
      this.clientLabel = clientLabel(info.name, typeof info.title === "string" ? info.title : undefined);
    }
    const pid = isObject(meta) ? meta[PID_META] : undefined;
    if (typeof pid === "number" && pid > 0 && math.floor(pid) === pid) this.processId = pid;
    const { capabilities, instructions } = this.deps.role;
    return initializeResult(asked, { capabilities, instructions });
  }

  /** Sends a request to the client; `onAnswer` gets its result or its error (never both). */
  /** MCP ping to the client; `onAnswer` gets undefined when it answered, else the error (:checkhealth's round trip). */
  ping(onAnswer: (this: void, error: unknown) => void): void {
    if (!this.isOpen()) {
      onAnswer("the connection is closed");
      return;
    }
    this.requestClient("ping", dict(), (_result, error) => onAnswer(error));
  }

  private requestClient(
    method: string,
    params: object,
    onAnswer: (this: void, result: unknown, error: unknown) => void,
  ): void {
    if (!this.isOpen()) return;
    const id = `nvim-${this.nextRequest++}`;
    this.waiting.set(id, onAnswer);
    this.conn.send(request(id, method, params));
  }

  /** roots/list, when the client offers roots: its answer becomes `roots` and the listeners are told. */
  private askRoots(): void {
    if (!this.offersRoots) return;
    this.requestClient("roots/list", dict(), (result, err) => {
      if (err !== undefined || !isObject(result) || type(result.roots) !== "table") {
        this.deps.log.debug(`client ${this.id}: no roots (${vim.inspect(err ?? result)})`);
        return;
      }
      const roots: string[] = [];
      for (const root of result.roots as unknown[]) {
        const uri = isObject(root) ? root.uri : undefined;
        if (typeof uri !== "string" || !vim.startswith(uri, "file://")) continue;
        const [ok, far] = pcall(vim.uri_to_fname, uri);
        if (!ok) continue;
        // A far client's root outside its path map is no folder of this editor's.
        const local = this.deps.paths !== undefined ? this.deps.paths.toLocal(far) : { ok: true, path: far };
        if (local.ok && !roots.includes(local.path)) roots.push(local.path);
      }
      if (vim.deep_equal(roots, this.roots)) return;
      this.roots = roots;
      if (this.ready && this.open) this.deps.onChange(this);
    });
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
    if (ok) return;
    const settled = settle(thrown);
    if (settled === undefined) error(thrown, 0);
    const answer = asRpcError(settled);
    this.sendError(id, answer.code, answer.message);
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
    if (this.calls.has(key)) rpcError(ErrorCode.InvalidRequest, `request id ${key.substring(1)} is already in use`);
    const problem = role.registry.check(tool, args);
    if (problem !== undefined) {
      if (!role.argumentErrorsAsResults) invalidRequestParams(`${name}: ${problem}`);
      this.sendToolResult(id, name, argumentError(name, problem));
      return;
    }

    const { config, hub, services, paths } = this.deps;
    let callArgs = args;
    if (paths !== undefined) {
      const mapped = toLocal(args, paths, true);
      if (!mapped.ok) {
        if (!role.argumentErrorsAsResults) invalidRequestParams(`${name}: ${mapped.error}`);
        this.sendToolResult(id, name, argumentError(name, mapped.error));
        return;
      }
      callArgs = mapped.value as typeof args;
    }
    let finished = false;
    const handle = this.deps.blocking.run(
      this.id,
      (park) =>
        tool.handler(callArgs as { [key: string]: unknown }, {
          clientId: this.id,
          client: this.clientLabel,
          clientName: this.clientName,
          config,
          hub,
          services,
          park,
        }),
      (outcome) => {
        finished = true;
        this.calls.delete(key);
        if (outcome.ok) this.sendToolResult(id, name, outcome.value);
        else if (outcome.code === ErrorCode.InvalidParams && role.argumentErrorsAsResults)
          this.sendToolResult(id, name, argumentError(name, outcome.message));
        else this.sendError(id, outcome.code, outcome.message);
      },
      `tool ${name}`,
    );
    if (!finished) this.calls.set(key, handle);
  }

  /** A JSON-RPC error answer; its message goes to the model too, through the outgoing rules. */
  private sendError(id: Id, code: number, message: string): void {
    this.send(errorResponse(id, code, outgoingText(message, "error", this.deps.config)));
  }

  private sendToolResult(id: Id, name: string, raw: ToolResult): void {
    if (!isObject(raw) || type(raw.content) !== "table" || !vim.islist(raw.content)) {
      this.deps.log.error(`tool ${name} returned an invalid result: ${vim.inspect(raw)}`);
      this.send(errorResponse(id, ErrorCode.InternalError, `Internal error: tool ${name} returned an invalid result`));
      return;
    }
    const paths = this.deps.paths;
    const result = outgoingResult(paths !== undefined ? resultToFar(raw, paths) : raw, this.deps.config);
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
    this.waiting = new LuaMap();
    this.deps.blocking.cancelOwner(this.id, CLIENT_GONE);
    this.ready = false;
    this.deps.onChange(this);
  }
}
