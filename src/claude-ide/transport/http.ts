// HTTP/1.1 for one endpoint on 127.0.0.1, as MCP's Streamable HTTP transport needs it: requests with a
// Content-Length body on kept-alive connections, complete answers, and Server-Sent Event streams (chunked).
// Every request is checked before anything else happens, in the WebSocket handshake's order: syntax, Host
// (127.0.0.1 or localhost with this port: no DNS rebinding), Origin (browsers; refused unless allowed), the
// token (constant-time compare; `Authorization: Bearer`, or the header `tokenHeader` names), then the path. A
// refusal is an HTTP error and the connection is closed. Deadlines and caps are the connection guard's (guard.ts),
// as for the WebSocket server. Two listeners use it: its own (listenHttp, the companion's) and the WebSocket one
// (transport/websocket), which hands a connection whose first head is not an upgrade to a Conn (serveConn).
import { ConnectionGuard, defaultLimits, type GuardLimits, type Guarded } from "./guard";
import { HeadReader, type Request, constantTimeEquals, httpError, parseRequest } from "./handshake";
import { type LogFn, Socket, type SocketEvents, listenLoopback } from "./tcp";

export interface HttpRequest extends Request {
  body: string;
  /** The client's port (its side of the connection), when known: which process sent it (util/process). */
  peerPort?: number;
}

/** One event stream (`text/event-stream`) kept open on its connection. */
export interface EventStream {
  /** Sends one `message` event holding `data` (one line of JSON). No-op once closed. */
  send(this: EventStream, data: string): void;
  close(this: EventStream): void;
  isOpen(this: EventStream): boolean;
  /** Set by the owner: the peer went away. */
  onClose?: (this: void) => void;
}

/** Answers one request, once. */
export interface Responder {
  /** A complete answer; `headers` are extra header lines ("Name: value"). */
  respond(this: Responder, status: number, body?: string, headers?: string[]): void;
  /** Answers 200 with an event stream that stays open. */
  stream(this: Responder, headers?: string[]): EventStream;
  /** The connection is gone (the answer would go nowhere). */
  isGone(this: Responder): boolean;
  /** Runs `fn` once if the connection goes away before this request is answered (a parked answer is cancelled). */
  onGone(this: Responder, fn: (this: void) => void): void;
}

export interface HttpOptions {
  port?: number;
  /** The one path served (e.g. "/mcp"); another gets 404. */
  path: string;
  /** Other exact paths served. */
  paths?: string[];
  /** Methods served; another gets 405. */
  methods: string[];
  /** The token of `Authorization: Bearer <token>` (or of the header `tokenHeader` names). */
  token: string;
  /** The header that carries the token as its whole value, instead of `Authorization: Bearer`. */
  tokenHeader?: string;
  /** Host is not checked (see transport/websocket's HttpRoutes.anyHost for when that is right). */
  anyHost?: boolean;
  /** Path prefixes served besides `path` (e.g. "/hooks/"). */
  prefixes?: string[];
  allowedOrigins: string[];
  maxBodyBytes: number;
  /** Time to a complete, authenticated first request head (and to any later head, from its first byte). */
  headerTimeoutMs: number;
  onRequest: (this: void, req: HttpRequest, res: Responder) => void;
  log: LogFn;
  /** Test seam: limits of the connection guard other than the defaults (guard.ts). */
  limits?: Partial<GuardLimits>;
}

export interface HttpServer {
  readonly port: number;
  /** Connections kept now, and how many of them have not authenticated (the guard's counts). */
  counts(this: HttpServer): { total: number; unauthenticated: number };
  /** Stops listening and closes every connection (open streams included). */
  close(this: HttpServer): void;
}

const STATUS: { [status: number]: string } = {
  200: "OK",
  202: "Accepted",
  204: "No Content",
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  503: "Service Unavailable",
};

/** How long a refused or closing connection may take to read our last bytes. */
const CLOSE_GRACE_MS = 1000;
/** From a head to the end of its body. */
export const BODY_TIMEOUT_MS = 30000;
/**
 * A kept-alive connection with no request in progress and no event stream is closed after this long. Longer
 * than the clients' own (Node's fetch lets an idle socket go after 4 s), so that the client, not we, closes it
 * and a request never meets a connection closing under it.
 */
export const IDLE_TIMEOUT_MS = 30000;

/** The refusal of a request head, or undefined when it may be served. */
function refusal(req: Request, opts: HttpOptions, port: number): { status: number; reason: string } | undefined {
  const h = req.headers;
  const host = h["host"];
  if (host === undefined) return { status: 400, reason: "missing Host header" };
  if (opts.anyHost !== true && host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
    return { status: 403, reason: "invalid Host header" };
  const origin = h["origin"];
  if (origin !== undefined && !opts.allowedOrigins.includes(origin))
    return { status: 403, reason: `origin ${origin} not allowed` };
  const named = opts.tokenHeader;
  if (named !== undefined) {
    const given = h[named];
    if (given === undefined) return { status: 401, reason: `missing ${named} header` };
    if (!constantTimeEquals(given, opts.token)) return { status: 401, reason: `wrong ${named} header` };
  } else {
    const auth = h["authorization"];
    if (auth === undefined) return { status: 401, reason: "missing Authorization header" };
    const [scheme, token] = string.match(auth, "^(%S+)%s+(%S+)$");
    if (scheme === undefined || scheme.toLowerCase() !== "bearer" || !constantTimeEquals(token, opts.token))
      return { status: 401, reason: "wrong Authorization header" };
  }
  const [path] = string.match(req.target, "^([^?#]*)");
  if (path === opts.path || (path !== undefined && opts.paths?.includes(path) === true)) return undefined;
  for (const prefix of opts.prefixes ?? []) if (path !== undefined && vim.startswith(path, prefix)) return undefined;
  return { status: 404, reason: `no such path ${path ?? req.target}` };
}

/**
 * A Content-Length value: decimal digits only (RFC 9110 §8.6; Lua's tonumber would take "0xa", "1e1", "+10" or
 * "10.0"); none means 0. undefined when invalid.
 */
function contentLength(value: string | undefined): number | undefined {
  if (value === undefined) return 0;
  if (string.find(value, "^%d+$")[0] === undefined || value.length > 15) return undefined;
  return tonumber(value);
}

/**
 * One kept-alive connection: requests one after the other (no pipelining: the next waits for the answer). Its
 * socket's events are `events`: listenHttp makes the Socket with them, the WebSocket listener forwards its own.
 */
export class Conn implements Guarded {
  socket!: Socket;
  private reader = new HeadReader();
  /** Bytes of the next head have arrived. */
  private reading = false;
  /** A request of this connection carried the token. */
  private authenticated = false;
  private head?: Request;
  private need = 0;
  private parts: string[] = [];
  private got = 0;
  /** An answer is due: bytes that arrive meanwhile wait here. */
  private busy = false;
  private waiting: string[] = [];
  private stream?: EventStreamImpl;
  private gone = false;
  /** What runs if the connection goes away before the request in progress is answered (Responder.onGone). */
  private onGone?: (this: void) => void;
  readonly events: SocketEvents;

  constructor(
    private readonly opts: HttpOptions,
    private readonly guard: ConnectionGuard,
    private readonly port: () => number,
    private readonly onClosed: (this: void, conn: Conn) => void,
    private readonly peerPort?: number,
  ) {
    // Tracked first: a socket that fails to start reading is forgotten again as it closes.
    guard.track(this);
    this.events = {
      onData: (chunk) => this.onData(chunk),
      onEnd: () => this.socket.destroy(),
      onClosed: () => {
        this.gone = true;
        const s = this.stream;
        this.stream = undefined;
        if (s !== undefined) s.ended();
        const gone = this.onGone;
        this.onGone = undefined;
        if (gone !== undefined) vim.schedule(gone);
        this.guard.forget(this);
        this.onClosed(this);
      },
    };
  }

  isGone(): boolean {
    return this.gone || this.socket.isClosed();
  }

  close(): void {
    this.stream?.close();
    this.socket.end(CLOSE_GRACE_MS);
  }

  /** A deadline passed or a cap dropped it (guard.ts): closed without an answer. */
  expire(): void {
    this.socket.destroy();
  }

  /** Bytes that arrived (the first ones may be a head another listener read already). */
  onData(chunk: string): void {
    if (this.busy) {
      this.waiting.push(chunk);
      return;
    }
    if (this.stream !== undefined) return; // a GET has no body; nothing more is read on a stream
    this.feed(chunk);
  }

  private refuse(status: number, reason: string, headers: string[] = []): void {
    this.opts.log("debug", `HTTP ${status}: ${reason}`);
    this.busy = true;
    this.guard.clear(this);
    this.socket.write(httpError(status, reason, headers));
    this.socket.end(CLOSE_GRACE_MS);
  }

  private feed(chunk: string): void {
    if (this.head === undefined) {
      if (!this.reading && chunk !== "") {
        this.reading = true;
        if (this.authenticated) this.guard.headStarted(this);
      }
      const r = this.reader.push(chunk);
      if (r.state === "more") {
        this.guard.heard(this);
        return;
      }
      this.reading = false;
      if (r.state === "too-large") return this.refuse(431, "request head too large");
      const parsed = parseRequest(r.head, this.opts.methods);
      if (!parsed.ok)
        return this.refuse(
          parsed.status,
          parsed.reason,
          parsed.status === 405 ? [`Allow: ${this.opts.methods.join(", ")}`] : [],
        );
      const refused = refusal(parsed.request, this.opts, this.port());
      if (refused !== undefined) return this.refuse(refused.status, refused.reason);
      const h = parsed.request.headers;
      if (h["transfer-encoding"] !== undefined) return this.refuse(411, "chunked bodies are not accepted");
      const length = contentLength(h["content-length"]);
      if (length === undefined) return this.refuse(400, "invalid Content-Length");
      if (length > this.opts.maxBodyBytes) return this.refuse(413, `body larger than ${this.opts.maxBodyBytes} bytes`);
      // The token is checked: it is not kept with the request (logging the headers cannot leak it).
      delete h["authorization"];
      if (!this.authenticated) {
        this.authenticated = true;
        this.guard.authenticated(this);
      }
      this.guard.bodyDue(this);
      this.head = parsed.request;
      this.need = length;
      this.parts = [];
      this.got = 0;
      chunk = r.rest;
    }
    if (chunk !== "") {
      this.parts.push(chunk);
      this.got += chunk.length;
    }
    if (this.got < this.need) return;
    const all = this.parts.length === 1 ? this.parts[0] : this.parts.join("");
    const head = this.head;
    this.head = undefined;
    this.parts = [];
    this.reader = new HeadReader();
    const extra = string.sub(all, this.need + 1);
    if (extra !== "") this.waiting.unshift(extra);
    this.busy = true;
    this.guard.busy(this);
    const req: HttpRequest = { ...head, body: string.sub(all, 1, this.need), peerPort: this.peerPort };
    const res = this.responder();
    // libuv read callbacks run in a fast event (no Neovim API there): the request is handled on the main loop.
    vim.schedule(() => {
      const [ok, err] = pcall(this.opts.onRequest, req, res);
      if (!ok) {
        this.opts.log("warn", `HTTP ${req.method} failed: ${tostring(err)}`);
        if (this.busy && this.stream === undefined) this.write(500, "internal error\n", ["Content-Type: text/plain"]);
      }
    });
  }

  private responder(): Responder {
    let answered = false;
    const once = (): boolean => {
      if (answered) return false;
      answered = true;
      this.onGone = undefined;
      return true;
    };
    return {
      respond: (status, body, headers) => {
        if (once()) this.write(status, body ?? "", headers ?? []);
      },
      stream: (headers) => {
        if (!once()) error("already answered");
        const lines = [
          "HTTP/1.1 200 OK",
          "Content-Type: text/event-stream",
          "Cache-Control: no-cache",
          "Transfer-Encoding: chunked",
          ...(headers ?? []),
        ];
        this.socket.write(lines.join("\r\n") + "\r\n\r\n");
        const s = new EventStreamImpl(this);
        this.stream = s;
        this.guard.busy(this);
        this.busy = false;
        this.waiting = [];
        return s;
      },
      isGone: () => this.isGone(),
      onGone: (fn) => {
        if (answered) return;
        if (this.isGone()) vim.schedule(fn);
        else this.onGone = fn;
      },
    };
  }

  private write(status: number, body: string, headers: string[]): void {
    const lines = [`HTTP/1.1 ${status} ${STATUS[status] ?? "Error"}`, `Content-Length: ${body.length}`, ...headers];
    this.socket.write([lines.join("\r\n"), "\r\n\r\n", body]);
    this.busy = false;
    this.guard.idle(this);
    // The next request, if it arrived meanwhile.
    const waiting = this.waiting;
    this.waiting = [];
    for (const chunk of waiting) {
      if (this.busy || this.stream !== undefined) this.waiting.push(chunk);
      else this.feed(chunk);
    }
  }

  /** An event stream's bytes: each event one chunk of the chunked body. */
  writeChunk(data: string): void {
    this.socket.write([string.format("%x\r\n", data.length), data, "\r\n"]);
  }

  /** An event stream ended by us: its last chunk, then the connection closes. */
  endStream(): void {
    this.socket.write("0\r\n\r\n");
    this.stream = undefined;
    this.socket.end(CLOSE_GRACE_MS);
  }
}

class EventStreamImpl implements EventStream {
  onClose?: (this: void) => void;
  private open = true;

  constructor(private readonly conn: Conn) {}

  send(data: string): void {
    if (!this.open) return;
    this.conn.writeChunk(`event: message\ndata: ${data}\n\n`);
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.conn.endStream();
  }

  isOpen(): boolean {
    return this.open && !this.conn.isGone();
  }

  /** The connection closed under the stream. */
  ended(): void {
    if (!this.open) return;
    this.open = false;
    this.onClose?.();
  }
}

export type HttpListenResult = { ok: true; server: HttpServer } | { ok: false; error: string };

/** Listens on 127.0.0.1 (`opts.port`, else a port the OS picks). */
export function listenHttp(opts: HttpOptions): HttpListenResult {
  const conns = new LuaSet<Conn>();
  let port = 0;
  let closed = false;
  const guard = new ConnectionGuard(
    {
      ...defaultLimits(opts.headerTimeoutMs),
      bodyTimeoutMs: BODY_TIMEOUT_MS,
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      ...opts.limits,
    },
    opts.log,
  );
  const listened = listenLoopback({
    port: opts.port,
    onAccept: (client) => {
      if (closed || !guard.admit(client)) {
        client.close();
        return;
      }
      const [ok, peer] = pcall(() => client.getpeername());
      const conn = new Conn(
        opts,
        guard,
        () => port,
        (c) => conns.delete(c),
        ok && peer !== undefined && typeof peer.port === "number" ? peer.port : undefined,
      );
      conns.add(conn);
      conn.socket = new Socket(client, conn.events, opts.log);
    },
    log: opts.log,
  });
  if (!listened.ok) return listened;
  port = listened.port;
  const handle = listened.server;
  const server: HttpServer = {
    port,
    counts: () => guard.counts(),
    close: () => {
      closed = true;
      guard.close();
      if (!handle.is_closing()) handle.close();
      const all: Conn[] = [];
      for (const c of conns) all.push(c);
      for (const c of all) c.close();
    },
  };
  return { ok: true, server };
}
