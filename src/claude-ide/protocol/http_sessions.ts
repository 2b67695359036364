// MCP's Streamable HTTP transport on the server side, for any Role: one protocol Session per MCP session
// (Mcp-Session-Id), POST answered with the JSON-RPC response (a request that parks is answered when it resumes),
// GET the session's event stream for notifications, DELETE its end, and the sessions' lifetimes (SessionLimits).
// Served by the Gemini CLI / Qwen Code companion (IDE tools, its own listener) and by a far session's door
// (the agent tools, server.ts openGateway); each gives the Session it wants for a new MCP session (makeSession).
import { randomHex } from "../discovery/lockfile";
import { errorResponse, idText } from "./jsonrpc";
import type { Session } from "./session";
import type { EventStream, HttpRequest, Responder } from "../transport/http";
import type { Connection, ConnectionHandlers } from "../transport/types";

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

export const SESSION_LIMITS: SessionLimits = { max: 16, streamGraceMs: 10000, idleMs: 120000 };
/** How often sessions are checked (while there are any). */
const SWEEP_MS = 1000;

/** One MCP session over HTTP: the protocol Session's Connection. */
export class HttpSession implements Connection {
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
export function jsonError(res: Responder, status: number, code: number, message: string, id?: unknown): void {
  const readable = typeof id === "string" || typeof id === "number" ? id : undefined;
  res.respond(status, errorResponse(readable, code, message), ["Content-Type: application/json"]);
}

/** @noSelf */
export interface HttpSessionsDeps {
  /** The first session id (apart from other connections' ids: reviews and calls are owned by these ids). */
  firstId: number;
  limits: SessionLimits;
  /** Debug lines for the log. */
  log(msg: string): void;
  /** The protocol Session of a new MCP session (`conn` is its Connection). */
  makeSession(conn: HttpSession, req: HttpRequest): Session;
  /** A session's event stream opened (GET). */
  onStreamOpened?(s: HttpSession): void;
  /** A session ended (`none`: it was the last one). */
  onClosed?(s: HttpSession, none: boolean): void;
}

/** The MCP sessions of one HTTP endpoint. */
export class HttpSessions {
  readonly sessions = new LuaMap<string, HttpSession>();
  private nextId: number;
  private sweeper?: vim.uv.Timer;

  constructor(private readonly deps: HttpSessionsDeps) {
    this.nextId = deps.firstId;
  }

  /** Every session, ended (their parked calls cancelled by their Session). */
  closeAll(): void {
    const all: HttpSession[] = [];
    for (const [, s] of this.sessions) all.push(s);
    for (const s of all) s.close();
    this.stopSweeping();
  }

  /** The session with connection id `id`. */
  byId(id: number): HttpSession | undefined {
    for (const [, s] of this.sessions) if (s.id === id) return s;
    return undefined;
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
      const why = s.expired(now, this.deps.limits);
      if (why !== undefined) ended.push([s, why]);
    }
    for (const [s, why] of ended) {
      this.deps.log(`session ${s.id} ended: ${why}`);
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
    if (count < this.deps.limits.max) return true;
    if (oldest === undefined) return false;
    this.deps.log(`session ${oldest.id} ended: more than ${this.deps.limits.max} sessions`);
    oldest.close();
    return true;
  }

  /** One request of the endpoint (its path already checked). */
  onRequest(req: HttpRequest, res: Responder): void {
    const sid = req.headers["mcp-session-id"];
    const session = sid !== undefined ? this.sessions.get(sid) : undefined;
    if (req.method === "GET") {
      if (sid !== undefined && session === undefined) return jsonError(res, 404, -32001, "Session not found");
      if (session === undefined) return jsonError(res, 400, -32000, "Bad Request: no session id");
      if (!string.find(req.headers["accept"] ?? "", "text/event-stream", 1, true)[0])
        return jsonError(res, 406, -32000, "Not Acceptable: the client must accept text/event-stream");
      session.streamPort = req.peerPort;
      session.attachStream(res.stream([`Mcp-Session-Id: ${session.sid}`]));
      this.deps.onStreamOpened?.(session);
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
      return jsonError(res, 503, -32000, `Service Unavailable: ${this.deps.limits.max} sessions are open`, msg.id);
    const created = this.newSession(req);
    this.sawPort(created, req.peerPort);
    created.post(req.body, msg, res);
  }

  private newSession(req: HttpRequest): HttpSession {
    const id = this.nextId++;
    const s = new HttpSession(id, randomHex(16), req.headers, (closed) => {
      this.sessions.delete(closed.sid);
      const none = next(this.sessions)[0] === undefined;
      if (none) this.stopSweeping();
      this.deps.onClosed?.(closed, none);
    });
    s.session = this.deps.makeSession(s, req);
    this.sessions.set(s.sid, s);
    this.startSweeping();
    return s;
  }
}
