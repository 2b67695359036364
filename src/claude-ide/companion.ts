// The Gemini CLI / Qwen Code "IDE companion": MCP over Streamable HTTP on a second 127.0.0.1 port (POST /mcp
// answers with JSON; GET /mcp is the session's event stream for notifications; DELETE /mcp ends the session),
// the discovery file, and the GEMINI_CLI_IDE_* variables in this Neovim's environment (so every terminal and
// job it starts finds it, as VS Code's terminals do). Each HTTP session runs the same protocol Session as a
// WebSocket client, with the companion's tools (openDiff/closeDiff) on the same review UI.
import { type Config, companionName } from "./config";
import type { Hub, Services } from "./contracts";
import * as discovery from "./discovery/gemini";
import * as qwenDiscovery from "./discovery/qwen";
import { randomHex, workspaceFolders } from "./discovery/lockfile";
import { WorkspaceContext } from "./editor/workspace_context";
import type { Logger } from "./log";
import { Blocking } from "./protocol/blocking";
import { errorResponse, idText, notification } from "./protocol/jsonrpc";
import { Session } from "./protocol/session";
import { companionTools } from "./tools/companion_diff";
import { Registry } from "./protocol/registry";
import { type EventStream, type HttpRequest, type HttpServer, type Responder, listenHttp } from "./transport/http";
import type { Connection, ConnectionHandlers } from "./transport/types";
import { loopbackClients, socketsOf } from "./util/process";

const PATH = "/mcp";
const TOKEN_BYTES = 16;
/** Ids of companion sessions, apart from the WebSocket connections' (reviews are owned by these ids). */
const FIRST_ID = 1000000;
/** Notifications kept for a session whose event stream is not open (yet). */
const MAX_QUEUED = 64;
/** Client ports a session's requests came from that are remembered (its CLI's connections: sessionOfProcess). */
const MAX_PEER_PORTS = 4;

/**
 * How long sessions live. Gemini CLI never sends DELETE: its session ends when its event stream (GET /mcp) goes
 * and does not come back (the MCP SDK reopens a dropped stream within a few seconds), or, for a client that
 * never opened one, when it has sent nothing for a while. Past `max` sessions, a new one replaces the one seen
 * least recently that has no stream open; when every one has, it is refused.
 */
export interface SessionLimits {
  max: number;
  /** A session whose stream closed is ended after this long without a new stream. */
  streamGraceMs: number;
  /** A session that never opened a stream is ended after this long without a request. */
  idleMs: number;
}

const SESSION_LIMITS: SessionLimits = { max: 16, streamGraceMs: 10000, idleMs: 120000 };
/** How often sessions are checked (while there are any). */
const SWEEP_MS = 1000;
const ENV_NAMES = [
  "GEMINI_CLI_IDE_SERVER_PORT",
  "GEMINI_CLI_IDE_WORKSPACE_PATH",
  "GEMINI_CLI_IDE_AUTH_TOKEN",
  "GEMINI_CLI_IDE_PID",
  "QWEN_CODE_IDE_SERVER_PORT",
  "QWEN_CODE_IDE_WORKSPACE_PATH",
];

export interface CompanionDeps {
  config: Config;
  services: Services;
  hub: Hub;
  log: Logger;
  /** Discovery directory (default: Node's os.tmpdir()/gemini/ide). Specs inject a temp dir. */
  dir?: string;
  /** Test seam: session limits other than the defaults. */
  sessionLimits?: Partial<SessionLimits>;
}

export interface CompanionClient {
  id: number;
  name?: string;
  protocolVersion?: string;
  /** It completed initialize (and is still connected). */
  ready: boolean;
}

/** One MCP session over HTTP: the protocol Session's Connection. */
class HttpSession implements Connection {
  readonly headers: { [name: string]: string };
  handlers: ConnectionHandlers = { onMessage: () => undefined, onClose: () => undefined };
  session!: Session;
  protocolVersion?: string;
  private open = true;
  private stream?: EventStream;
  private queued: string[] = [];
  /** Requests waiting for their answer, by the JSON text of their id. */
  private readonly waiting = new LuaMap<string, Responder>();
  /** The request being handed to the session (answers it when its id cannot be matched). */
  private current?: Responder;
  /** When it last sent a request (vim.uv.now). */
  lastSeen = vim.uv.now();
  /** When its last event stream closed; undefined while one is open or before the first. */
  streamLostAt?: number;
  /** The client ports of its latest connections, newest first (which process is its CLI). */
  peerPorts: number[] = [];
  /** The client port of its event stream's connection: the one that stays while the CLI runs. */
  streamPort?: number;

  constructor(
    readonly id: number,
    readonly sid: string,
    headers: { [name: string]: string },
    private readonly onClosed: (this: void, s: HttpSession) => void,
  ) {
    this.headers = headers;
  }

  private sidHeader(): string[] {
    return ["Content-Type: application/json", `Mcp-Session-Id: ${this.sid}`];
  }

  /** A POST body: a request is answered when the session answers; anything else is accepted (202). */
  post(body: string, message: { [key: string]: unknown }, res: Responder): void {
    this.lastSeen = vim.uv.now();
    const id = message.id;
    // A request, or an invalid one the session answers under its id; a response or a notification has no answer.
    const isRequest = message.method !== undefined && (typeof id === "string" || typeof id === "number");
    if (!isRequest) {
      this.handlers.onMessage(body);
      res.respond(202, "", [`Mcp-Session-Id: ${this.sid}`]);
      return;
    }
    if (message.method === "initialize" && isObjectLike(message.params)) {
      const v = (message.params as { protocolVersion?: unknown }).protocolVersion;
      if (typeof v === "string") this.protocolVersion = v;
    }
    const key = idText(id);
    this.waiting.set(key, res);
    this.current = res;
    this.handlers.onMessage(body);
    // Answered under another id (an invalid request is answered with id null): no longer waited for.
    if (this.current === undefined) this.waiting.delete(key);
    this.current = undefined;
  }

  attachStream(stream: EventStream): void {
    this.stream?.close();
    this.stream = stream;
    this.streamLostAt = undefined;
    this.lastSeen = vim.uv.now();
    stream.onClose = () => {
      if (this.stream !== stream) return;
      this.stream = undefined;
      this.streamLostAt = vim.uv.now();
    };
    const queued = this.queued;
    this.queued = [];
    for (const text of queued) stream.send(text);
  }

  hasStream(): boolean {
    return this.stream?.isOpen() === true;
  }

  /** Why the session should end now (see SessionLimits), or undefined while it is alive. */
  expired(now: number, limits: SessionLimits): string | undefined {
    if (this.hasStream() || next(this.waiting)[0] !== undefined) return undefined;
    if (this.streamLostAt !== undefined)
      return now - this.streamLostAt >= limits.streamGraceMs ? "its event stream is gone" : undefined;
    return now - this.lastSeen >= limits.idleMs ? `no request for ${limits.idleMs} ms` : undefined;
  }

  /** Its client is there: a stream is open, or it never had one and was seen within the idle time. */
  isLive(now: number, limits: SessionLimits): boolean {
    if (this.hasStream()) return true;
    return this.streamLostAt === undefined && now - this.lastSeen < limits.idleMs;
  }

  send(text: string): void {
    if (!this.open) return;
    if (vim.startswith(text, '{"jsonrpc":"2.0","id":')) {
      for (const [key, res] of this.waiting) {
        if (vim.startswith(text, `{"jsonrpc":"2.0","id":${key},`)) {
          this.waiting.delete(key);
          res.respond(200, text, this.sidHeader());
          return;
        }
      }
      const res = this.current;
      if (res !== undefined) {
        this.current = undefined;
        res.respond(200, text, this.sidHeader());
        return;
      }
    }
    if (this.stream?.isOpen() === true) this.stream.send(text);
    else if (this.queued.length < MAX_QUEUED) this.queued.push(text);
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.stream?.close();
    this.stream = undefined;
    for (const [, res] of this.waiting) res.respond(404, "", []);
    this.handlers.onClose(1000, "session ended");
    this.onClosed(this);
  }

  isOpen(): boolean {
    return this.open;
  }
}

function isObjectLike(v: unknown): boolean {
  return type(v) === "table";
}

/** An HTTP-level JSON-RPC error; `id`: the request's, when it was readable (else the answer's id is null). */
function jsonError(res: Responder, status: number, code: number, message: string, id?: unknown): void {
  const readable = typeof id === "string" || typeof id === "number" ? id : undefined;
  res.respond(status, errorResponse(readable, code, message), ["Content-Type: application/json"]);
}

export class Companion {
  private http?: HttpServer;
  private file?: string;
  /** Qwen Code's lock (discovery/qwen.ts): it reads no Gemini CLI discovery file. */
  private qwenFile?: string;
  private token = "";
  private readonly sessions = new LuaMap<string, HttpSession>();
  private nextId = FIRST_ID;
  private readonly blocking: Blocking;
  private readonly registry: Registry;
  private context?: WorkspaceContext;
  private augroup?: number;
  private env: { [name: string]: string } = {};
  private readonly limits: SessionLimits;
  /** Why the discovery file is not where Gemini CLI looks (discovery.write), for :checkhealth. */
  private warning?: string;
  private sweeper?: vim.uv.Timer;

  constructor(private readonly deps: CompanionDeps) {
    this.limits = { ...SESSION_LIMITS, ...deps.sessionLimits };
    this.blocking = new Blocking((msg, detail) => deps.log.failure(msg, detail));
    this.registry = new Registry(
      companionTools({
        notify: (clientId, method, params) => this.notify(clientId, method, params),
        label: () => companionName(deps.config),
        services: () => deps.services,
        knowsProcesses: () => this.knowsProcesses(),
        tell: (msg) => deps.log.warn(msg),
        alive: (clientId) => {
          for (const [, s] of this.sessions) if (s.id === clientId) return true;
          return false;
        },
      }),
      deps.config,
    );
  }

  /** Listens, writes the discovery file and the environment. */
  start(): { ok: true; port: number } | { ok: false; error: string } {
    const dir = this.deps.dir ?? discovery.defaultDir();
    for (const path of discovery.sweep(dir)) this.deps.log.debug(`removed stale discovery file ${path}`);
    for (const path of qwenDiscovery.sweep(qwenDiscovery.defaultDir()))
      this.deps.log.debug(`removed stale Qwen Code lock ${path}`);
    this.token = randomHex(TOKEN_BYTES);
    const listened = listenHttp({
      path: PATH,
      methods: ["POST", "GET", "DELETE"],
      token: this.token,
      allowedOrigins: this.deps.config.allowed_origins,
      maxBodyBytes: this.deps.config.max_message_bytes,
      headerTimeoutMs: this.deps.config.handshake_timeout_ms,
      onRequest: (req, res) => this.onRequest(req, res),
      log: (level, msg) => this.deps.log.log(level, `companion: ${msg}`),
    });
    if (!listened.ok) return listened;
    this.http = listened.server;
    const port = listened.server.port;
    const written = this.writeDiscovery(dir);
    if (!written.ok) {
      this.http.close();
      this.http = undefined;
      return written;
    }
    this.augroup = vim.api.nvim_create_augroup(`claude-ide.companion.${port}`, { clear: true });
    vim.api.nvim_create_autocmd("DirChanged", {
      group: this.augroup,
      desc: "claude-ide: keep the companion's workspace path current",
      callback: () => vim.schedule(() => this.writeDiscovery(dir)),
    });
    this.context = new WorkspaceContext(
      `claude-ide.companion.context.${port}`,
      this.deps.config.companion.debounce_ms,
      (state) => this.broadcast("ide/contextUpdate", { workspaceState: state }),
      (path) => this.deps.services.policy.withheld(path) !== undefined,
    );
    return { ok: true, port };
  }

  private writeDiscovery(dir: string): { ok: true } | { ok: false; error: string } {
    const http = this.http;
    if (http === undefined) return { ok: true };
    const folders = workspaceFolders();
    const written = discovery.write(dir, http.port, this.token, folders);
    if (!written.ok) return { ok: false, error: `cannot write the companion discovery file: ${written.error}` };
    if (written.value.path !== this.file && this.file !== undefined) discovery.remove(this.file);
    if (written.value.warning !== undefined && written.value.warning !== this.warning)
      this.deps.log.warn(written.value.warning);
    this.warning = written.value.warning;
    this.file = written.value.path;
    const qwen = qwenDiscovery.write(qwenDiscovery.defaultDir(), http.port, this.token, folders);
    if (qwen.ok) this.qwenFile = qwen.value;
    else this.deps.log.warn(`Qwen Code will not find this Neovim: ${qwen.error}`);
    this.env = {
      GEMINI_CLI_IDE_SERVER_PORT: tostring(http.port),
      GEMINI_CLI_IDE_WORKSPACE_PATH: folders.join(":"),
      GEMINI_CLI_IDE_AUTH_TOKEN: this.token,
      GEMINI_CLI_IDE_PID: tostring(vim.fn.getpid()),
      QWEN_CODE_IDE_SERVER_PORT: tostring(http.port),
      QWEN_CODE_IDE_WORKSPACE_PATH: folders.join(":"),
    };
    for (const [k, v] of pairs(this.env)) vim.env[k as string] = v;
    return { ok: true };
  }

  /** Closes sessions (their reviews are rejected), stops listening, removes the file and the environment. */
  stop(): void {
    const all: HttpSession[] = [];
    for (const [, s] of this.sessions) all.push(s);
    for (const s of all) s.close();
    this.stopSweeping();
    this.blocking.cancelAll("server stopped");
    this.context?.dispose();
    this.context = undefined;
    if (this.augroup !== undefined) pcall(vim.api.nvim_del_augroup_by_id, this.augroup);
    this.augroup = undefined;
    this.http?.close();
    this.http = undefined;
    if (this.file !== undefined) discovery.remove(this.file);
    this.file = undefined;
    if (this.qwenFile !== undefined) discovery.remove(this.qwenFile);
    this.qwenFile = undefined;
    for (const name of ENV_NAMES) if (vim.env[name] === this.env[name]) vim.env[name] = undefined;
    this.env = {};
  }

  port(): number | undefined {
    return this.http?.port;
  }

  discoveryFile(): string | undefined {
    return this.file;
  }

  /** Why the discovery file is not where Gemini CLI looks, when it is not. */
  discoveryWarning(): string | undefined {
    return this.warning;
  }

  /** Connected CLIs (live sessions only: see HttpSession.isLive), and the protocol revision they speak. */
  clients(): CompanionClient[] {
    const out: CompanionClient[] = [];
    const now = vim.uv.now();
    for (const [, s] of this.sessions)
      if (s.isLive(now, this.limits))
        out.push({
          id: s.id,
          name: companionName(this.deps.config),
          protocolVersion: s.protocolVersion,
          ready: s.session.ready,
        });
    table.sort(out, (a, b) => a.id < b.id);
    return out;
  }

  /**
   * The session of the CLI that is one of `pids` (a hook's process and its ancestors): the session a connection
   * of that process to this companion belongs to. Linux only (/proc): undefined elsewhere, or when there is none.
   */
  sessionOfProcess(pids: number[]): number | undefined {
    const http = this.http;
    if (http === undefined || next(this.sessions)[0] === undefined) return undefined;
    const clients = loopbackClients(http.port);
    if (clients === false) return undefined;
    const byPort = new LuaMap<number, number>();
    for (const [, s] of this.sessions) {
      for (const port of s.peerPorts) byPort.set(port, s.id);
      if (s.streamPort !== undefined && s.hasStream()) byPort.set(s.streamPort, s.id);
    }
    for (const pid of pids)
      for (const inode of socketsOf(pid)) {
        const port = clients.get(inode);
        const id = port !== undefined ? byPort.get(port) : undefined;
        if (id !== undefined) return id;
      }
    return undefined;
  }

  /** Whether sessionOfProcess can tell a CLI's session on this system. */
  knowsProcesses(): boolean {
    const [st] = vim.uv.fs_stat("/proc/net/tcp");
    return st !== undefined;
  }

  /** `s`'s request came from client port `port`: remembered for s, forgotten for the others (ports are reused). */
  private sawPort(s: HttpSession, port: number | undefined): void {
    if (port === undefined) return;
    for (const [, other] of this.sessions) {
      const at = other.peerPorts.indexOf(port);
      if (at >= 0) other.peerPorts.splice(at, 1);
    }
    s.peerPorts.unshift(port);
    if (s.peerPorts.length > MAX_PEER_PORTS) s.peerPorts.pop();
  }

  /** Ends the sessions whose client is gone (SessionLimits). Runs on the main loop. */
  private sweep(): void {
    const now = vim.uv.now();
    const ended: [HttpSession, string][] = [];
    for (const [, s] of this.sessions) {
      const why = s.expired(now, this.limits);
      if (why !== undefined) ended.push([s, why]);
    }
    for (const [s, why] of ended) {
      this.deps.log.debug(`companion: session ${s.id} ended: ${why}`);
      s.close();
    }
  }

  private startSweeping(): void {
    if (this.sweeper !== undefined) return;
    const timer = vim.uv.new_timer();
    timer.start(SWEEP_MS, SWEEP_MS, () => vim.schedule(() => this.sweep()));
    this.sweeper = timer;
  }

  private stopSweeping(): void {
    if (this.sweeper === undefined) return;
    if (!this.sweeper.is_closing()) this.sweeper.close();
    this.sweeper = undefined;
  }

  /** Room for one more session: false when `max` are open and every one has its stream. */
  private makeRoom(): boolean {
    let count = 0;
    let oldest: HttpSession | undefined;
    for (const [, s] of this.sessions) {
      count++;
      if (!s.hasStream() && (oldest === undefined || s.lastSeen < oldest.lastSeen)) oldest = s;
    }
    if (count < this.limits.max) return true;
    if (oldest === undefined) return false;
    this.deps.log.debug(`companion: session ${oldest.id} ended: more than ${this.limits.max} sessions`);
    oldest.close();
    return true;
  }

  private notify(clientId: number, method: string, params: object): void {
    for (const [, s] of this.sessions) if (s.id === clientId) s.send(notification(method, params));
  }

  private broadcast(method: string, params: object): void {
    const text = notification(method, params);
    for (const [, s] of this.sessions) if (s.session.ready) s.send(text);
  }

  private onRequest(req: HttpRequest, res: Responder): void {
    const sid = req.headers["mcp-session-id"];
    const session = sid !== undefined ? this.sessions.get(sid) : undefined;
    if (req.method === "GET") {
      if (sid !== undefined && session === undefined) return jsonError(res, 404, -32001, "Session not found");
      if (session === undefined) return jsonError(res, 400, -32000, "Bad Request: no session id");
      if (!string.find(req.headers["accept"] ?? "", "text/event-stream", 1, true)[0])
        return jsonError(res, 406, -32000, "Not Acceptable: the client must accept text/event-stream");
      session.streamPort = req.peerPort;
      session.attachStream(res.stream([`Mcp-Session-Id: ${session.sid}`]));
      // The CLI takes its first context from the stream's opening.
      this.context?.listen(true);
      this.context?.changed();
      return;
    }
    if (req.method === "DELETE") {
      if (sid !== undefined && session === undefined) return jsonError(res, 404, -32001, "Session not found");
      if (session === undefined) return jsonError(res, 400, -32000, "Bad Request: no session id");
      session.close();
      res.respond(200, "", []);
      return;
    }
    // POST: the body is read first, so that every error below carries the request's id when it has one.
    const [ok, message] = pcall(vim.json.decode, req.body, { luanil: { object: true, array: true } });
    if (!ok) return jsonError(res, 400, -32700, "Parse error: the body is not JSON");
    // A batch, [] or a JSON value that is not an object is not a request (JSON-RPC 2.0 §6: -32600).
    if (type(message) !== "table" || vim.islist(message as unknown[]))
      return jsonError(res, 400, -32600, "Invalid Request: one JSON-RPC message object expected (no batches)");
    const msg = message as { [key: string]: unknown };
    if (sid !== undefined && session === undefined) return jsonError(res, 404, -32001, "Session not found", msg.id);
    if (session !== undefined) {
      this.sawPort(session, req.peerPort);
      session.post(req.body, msg, res);
      return;
    }
    if (msg.method !== "initialize") return jsonError(res, 400, -32000, "Bad Request: no session id", msg.id);
    if (!this.makeRoom())
      return jsonError(res, 503, -32000, `Service Unavailable: ${this.limits.max} sessions are open`, msg.id);
    const created = this.newSession(req);
    this.sawPort(created, req.peerPort);
    created.post(req.body, msg, res);
  }

  private newSession(req: HttpRequest): HttpSession {
    const id = this.nextId++;
    const s = new HttpSession(id, randomHex(16), req.headers, (closed) => {
      this.sessions.delete(closed.sid);
      this.deps.services.diff.rejectFor([closed.id]);
      this.blocking.cancelOwner(closed.id, "session ended");
      if (next(this.sessions)[0] === undefined) {
        this.context?.listen(false);
        this.stopSweeping();
      }
    });
    s.session = new Session(s, {
      role: {
        name: "companion",
        registry: this.registry,
        capabilities: { tools: { listChanged: false } },
        argumentErrorsAsResults: false,
      },
      blocking: this.blocking,
      config: this.deps.config,
      hub: this.deps.hub,
      services: this.deps.services,
      log: this.deps.log,
      onChange: () => undefined,
    });
    this.sessions.set(s.sid, s);
    this.startSweeping();
    return s;
  }
}
