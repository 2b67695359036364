// The WebSocket server: accepts loopback TCP clients, runs the upgrade (handshake.ts), decodes frames
// (frame.ts) into text messages on a Connection, answers pings, runs the close handshake and the keepalive.
// Bytes are handled in libuv callbacks (fast events); the owner's callbacks (onConnection, onMessage,
// onClose) always run later on the main loop via vim.schedule, in the order things happened.
import type * as BytesModule from "../util/bytes";
import { type Clock, type ClockTimer, realClock } from "../util/clock";
import { lazy } from "../util/modules";
import type * as FrameModule from "./frame";
import type { Decoder, FrameEvent } from "./frame";
import type * as HandshakeModule from "./handshake";
import type * as GuardModule from "./guard";
import type * as HttpModule from "./http";
import type { Conn as HttpConn, HttpOptions } from "./http";
import type { ConnectionGuard, Guarded } from "./guard";
import { guard, listenLoopback, type LogFn, Socket } from "./tcp";
import { CloseCode, type Connection, type ConnectionHandlers, type Listener, type ListenOptions } from "./types";

// Loaded by the first connection: listening (setup) needs only tcp.ts.
const bytes = lazy<typeof BytesModule>("claude-ide.util.bytes");
const frame = lazy<typeof FrameModule>("claude-ide.transport.frame");
const handshake = lazy<typeof HandshakeModule>("claude-ide.transport.handshake");
const guardModule = lazy<typeof GuardModule>("claude-ide.transport.guard");
const httpModule = lazy<typeof HttpModule>("claude-ide.transport.http");

/** How long a close handshake may take before the socket is closed anyway. */
const CLOSE_TIMEOUT_MS = 1000;

/** Abnormal closure (RFC 6455 §7.4.1): reported to onClose, never sent. */
const ABNORMAL_CLOSURE = 1006;

/** A keepalive tick this much later than its period means the machine slept (or Neovim was blocked). */
const LATE_TICK_FACTOR = 1.5;

export type ListenResult = { ok: true; listener: Listener } | { ok: false; error: string };

/** Starts a WebSocket server on 127.0.0.1 (see ListenOptions). Never throws. */
export function listen(opts: ListenOptions): ListenResult {
  const listener = new WsListener(opts);
  const error = listener.start();
  return error === undefined ? { ok: true, listener } : { ok: false, error };
}

class WsListener implements Listener {
  port = 0;
  readonly log: LogFn;
  readonly now: (this: void) => number;
  private server?: vim.uv.Tcp;
  private readonly clock: Clock;
  private keepaliveTimer?: ClockTimer;
  private lastTick = 0;
  /** Every connection whose socket is not closed yet (handshaking, open or closing). */
  private readonly live = new LuaSet<WsConnection>();
  /** Made by the first connection: see connGuard(). */
  private guardInstance?: ConnectionGuard;
  /** What a plain HTTP connection is served with (opts.http); made by the first one. */
  private httpInstance?: HttpOptions;
  private nextId = 1;
  private closed = false;
  /**
   * Work for the main loop, in the order it happened, run by one vim.schedule per burst: a message is a
   * (connection, text) pair (no closure per message), anything else a function with `undefined` beside it.
   */
  private pending: unknown[] = [];
  /** Slots used in `pending` (it is cleared by hand, never holey, so no `length` of a table with holes). */
  private pendingSlots = 0;
  private pendingScheduled = false;
  private readonly runPendingOnLoop: (this: void) => void = () => this.runPending();

  constructor(readonly opts: ListenOptions) {
    const onLog = opts.onLog;
    this.log = (level, msg) => {
      if (onLog !== undefined) pcall(onLog, level, msg);
    };
    this.clock = opts.clock ?? realClock;
    this.nextId = opts.firstId ?? 1;
    this.now = opts.now ?? this.clock.now;
  }

  /** Deadlines (the upgrade, the close handshake) and caps, shared with every listener (transport/guard). */
  connGuard(): ConnectionGuard {
    if (this.guardInstance === undefined) {
      const g = guardModule();
      // With HTTP routes: their body and idle deadlines too (a WebSocket connection never asks for those).
      const http =
        this.opts.http !== undefined
          ? { bodyTimeoutMs: httpModule().BODY_TIMEOUT_MS, idleTimeoutMs: httpModule().IDLE_TIMEOUT_MS }
          : {};
      this.guardInstance = new g.ConnectionGuard(
        { ...g.defaultLimits(this.opts.handshakeTimeoutMs), ...http, ...this.opts.limits },
        this.log,
      );
    }
    return this.guardInstance;
  }

  /** The HTTP side's options (opts.http must be set). */
  httpOptions(): HttpOptions {
    const routes = this.opts.http!;
    this.httpInstance ??= {
      path: routes.paths[0] ?? "",
      paths: routes.paths,
      prefixes: routes.prefixes,
      methods: routes.methods,
      token: this.opts.token,
      tokenHeader: handshake().AUTH_HEADER,
      // Any Host: a far CLI reaches this port through a forward (ssh -R: 127.0.0.1 or localhost over there) or
      // by another name (CLAUDE_CODE_IDE_HOST_OVERRIDE, e.g. host.docker.internal from a container), so Host
      // cannot be pinned. The Host check guards against DNS rebinding, a browser sending a page's requests to
      // this port: the token header does that here (a browser cannot set it without CORS preflight, which gets
      // no answer, and the page does not know the token), and Origin is still refused unless allowed.
      anyHost: true,
      allowedOrigins: this.opts.allowedOrigins,
      maxBodyBytes: routes.maxBodyBytes,
      headerTimeoutMs: this.opts.handshakeTimeoutMs,
      onRequest: routes.onRequest,
      log: this.log,
    };
    return this.httpInstance;
  }

  /** Binds and starts the keepalive; returns an error message on failure. */
  start(): string | undefined {
    const result = listenLoopback({
      port: this.opts.port,
      portRange: this.opts.portRange,
      log: this.log,
      onAccept: (client) => {
        if (this.closed || !this.connGuard().admit(client)) client.close();
        else new WsConnection(this, client); // registers itself with track()
      },
    });
    if (!result.ok) return result.error;
    this.server = result.server;
    this.port = result.port;
    this.startKeepalive();
    return undefined;
  }

  connections(): Connection[] {
    const open: WsConnection[] = [];
    for (const conn of this.live) if (conn.isOpen()) open.push(conn);
    open.sort((a, b) => a.id - b.id);
    return open;
  }

  close(code: number = CloseCode.GoingAway, reason = ""): void {
    if (this.closed) return;
    this.closed = true;
    if (this.keepaliveTimer !== undefined) {
      this.keepaliveTimer.close();
      this.keepaliveTimer = undefined;
    }
    if (this.server !== undefined && !this.server.is_closing()) this.server.close();
    for (const conn of this.live) conn.shutdown(code, reason);
    this.guardInstance?.close();
  }

  drain(timeoutMs: number): void {
    vim.wait(
      timeoutMs,
      () => {
        for (const _ of this.live) return false;
        return true;
      },
      1,
    );
  }

  /** A connection finished its handshake: number it and hand it to the owner. */
  admit(conn: WsConnection): number {
    const id = this.nextId++;
    this.defer("onConnection", () => this.opts.onConnection(conn));
    return id;
  }

  track(conn: WsConnection): void {
    this.live.add(conn);
    this.connGuard().track(conn);
  }

  forget(conn: WsConnection): void {
    this.live.delete(conn);
    this.connGuard().forget(conn);
  }

  /** Runs `fn` on the main loop (after everything deferred before it), protected. */
  defer(what: string, fn: (this: void) => void): void {
    this.enqueue(guard(this.log, what, fn), undefined);
  }

  /** Hands `text` to `conn`'s onMessage on the main loop, in order with everything else deferred. */
  deliver(conn: WsConnection, text: string): void {
    this.enqueue(conn, text);
  }

  private enqueue(first: unknown, second: unknown): void {
    const n = this.pendingSlots;
    this.pending[n] = first;
    this.pending[n + 1] = second;
    this.pendingSlots = n + 2;
    if (this.pendingScheduled) return;
    this.pendingScheduled = true;
    vim.schedule(this.runPendingOnLoop);
  }

  private runPending(): void {
    // This batch; work queued meanwhile starts the next one (so a handler that runs the loop, vim.wait,
    // still sees later messages handled, as with one vim.schedule each).
    const queue = this.pending;
    const slots = this.pendingSlots;
    this.pending = [];
    this.pendingSlots = 0;
    this.pendingScheduled = false;
    for (let i = 0; i < slots; i += 2) {
      const first = queue[i];
      const second = queue[i + 1];
      if (second === undefined) (first as (this: void) => void)();
      else (first as WsConnection).dispatch(second as string);
    }
  }

  private startKeepalive(): void {
    const { intervalMs, timeoutMs } = this.opts.keepalive;
    // Ticking at the shorter of the two keeps both the ping interval and the drop deadline accurate.
    const period = math.min(intervalMs, timeoutMs);
    this.lastTick = this.now();
    const timer = this.clock.newTimer();
    timer.start(
      period,
      period,
      guard(this.log, "keepalive", () => this.tick(period)),
    );
    this.keepaliveTimer = timer;
  }

  private tick(period: number): void {
    const now = this.now();
    const gap = now - this.lastTick;
    const resumed = gap > LATE_TICK_FACTOR * period;
    this.lastTick = now;
    if (resumed) this.log("debug", `keepalive: ${gap} ms since the last check (sleep?): deadlines start over`);
    for (const conn of this.live) if (conn.isOpen()) conn.keepalive(now, resumed);
  }
}

/** "http": the first head asked for no upgrade, and the connection is the HTTP side's (opts.http). */
type State = "handshake" | "open" | "closing" | "closed" | "http";

class WsConnection implements Connection, Guarded {
  id = 0;
  headers: { [name: string]: string } = {};
  handlers: ConnectionHandlers = { onMessage: () => {}, onClose: () => {} };
  private state: State = "handshake";
  /** Handed to the owner (so onClose is owed). */
  private admitted = false;
  private readonly head = new (handshake().HeadReader)();
  private decoder?: Decoder;
  private readonly socket: Socket;
  /** The HTTP side's connection, once handed over. */
  private http?: HttpConn;
  /** What onClose reports; set when the reason for closing becomes known. */
  private closeCode = ABNORMAL_CLOSURE;
  private closeReason = "connection lost";
  // Keepalive bookkeeping, in the listener's clock.
  private lastActivity: number;
  private lastPingAt: number;
  /** Time of the ping not answered yet (by a pong or any other bytes). */
  private pingSentAt?: number;

  constructor(
    private readonly listener: WsListener,
    handle: vim.uv.Tcp,
  ) {
    this.lastActivity = listener.now();
    this.lastPingAt = this.lastActivity;
    // Tracked first: a socket that fails to start reading is forgotten again as it closes.
    listener.track(this);
    this.socket = new Socket(
      handle,
      {
        onData: (chunk) => this.onData(chunk),
        onEnd: (err) => this.onEnd(err),
        onClosed: () => this.onSocketClosed(),
      },
      listener.log,
    );
  }

  isOpen(): boolean {
    return this.state === "open";
  }

  /** Sends a text message. A text frame must be UTF-8 (RFC 6455 §5.6; a peer closes with 1007 otherwise): text
   * that is not, e.g. a Latin-1 file's content inside a tool result, goes out with U+FFFD for its bad bytes. */
  send(text: string): void {
    if (this.state !== "open") return;
    const f = frame();
    const b = bytes();
    this.socket.write(f.frameParts(f.Opcode.Text, b.isValidUtf8(text) ? text : b.toValidUtf8(text)));
  }

  close(code: number = CloseCode.Normal, reason = ""): void {
    if (this.state !== "open") return;
    this.sendClose(code, reason);
    // Wait for the peer's close frame; a peer that never answers is cut off.
    this.listener.connGuard().deadline(this, CLOSE_TIMEOUT_MS, `no close frame within ${CLOSE_TIMEOUT_MS} ms`);
  }

  /** A deadline passed (the upgrade's, the close handshake's) or a cap dropped it (guard.ts). */
  expire(): void {
    this.socket.destroy();
  }

  /** Listener shutdown: open connections get a close handshake, unfinished upgrades are dropped. */
  shutdown(code: number, reason: string): void {
    if (this.http !== undefined) this.http.close();
    else if (this.state === "handshake") this.socket.destroy();
    else this.close(code, reason);
  }

  /** One keepalive check (listener's tick). `resumed`: the tick came late, so deadlines start over. */
  keepalive(now: number, resumed: boolean): void {
    const { intervalMs, timeoutMs } = this.listener.opts.keepalive;
    // After a sleep the unanswered ping is forgotten and a new one goes out below: its deadline is the one that
    // counts. (Marking activity `now` too made that very ping look answered at the next tick: one interval late.)
    if (resumed) this.pingSentAt = undefined;
    if (this.pingSentAt !== undefined) {
      if (this.lastActivity >= this.pingSentAt) {
        this.pingSentAt = undefined;
      } else if (now - this.pingSentAt >= timeoutMs) {
        this.drop(`no answer to a ping within ${timeoutMs} ms`);
        return;
      }
    }
    if (this.pingSentAt === undefined && (resumed || now - this.lastPingAt >= intervalMs)) {
      this.socket.write(frame().frameParts(frame().Opcode.Ping, ""));
      this.pingSentAt = now;
      this.lastPingAt = now;
    }
  }

  private onData(chunk: string): void {
    this.lastActivity = this.listener.now();
    if (this.http !== undefined) this.http.events.onData(chunk);
    else if (this.state === "handshake") this.onHandshakeData(chunk);
    else if (this.state !== "closed" && this.decoder !== undefined) this.onFrameData(chunk);
  }

  private onHandshakeData(chunk: string): void {
    const read = this.head.push(chunk);
    if (read.state === "more") {
      // Bytes that are not a whole request: this connection had its chance (guard.ts).
      this.listener.connGuard().heard(this);
      return;
    }
    if (read.state === "too-large") {
      const max = handshake().MAX_HEAD_BYTES;
      this.refuse(431, `request head over ${max} bytes`, handshake().httpError(431, `request head over ${max} bytes`));
      return;
    }
    const opts = this.listener.opts;
    if (opts.http !== undefined && !handshake().asksUpgrade(read.head)) {
      this.toHttp(read.head + read.rest);
      return;
    }
    const answer = handshake().answerUpgrade(read.head, { token: opts.token, allowedOrigins: opts.allowedOrigins });
    if (!answer.ok) {
      this.refuse(answer.status, answer.reason, answer.response);
      return;
    }
    this.listener.connGuard().authenticated(this);
    this.socket.write(answer.response);
    this.state = "open";
    this.headers = answer.headers;
    this.decoder = new (frame().Decoder)({ maxMessageBytes: opts.maxMessageBytes, expectMasked: true });
    this.id = this.listener.admit(this);
    this.admitted = true;
    this.listener.log("debug", `connection ${this.id} open`);
    // A client may send frames right behind its request.
    if (read.rest !== "") this.onFrameData(read.rest);
  }

  /**
   * Hands the connection to the HTTP side (transport/http's Conn): it reads `bytes` (the head, and what came
   * behind it) and every later byte, and answers under the same guard, which now tracks it instead of this.
   */
  private toHttp(bytes: string): void {
    const l = this.listener;
    l.connGuard().forget(this);
    this.state = "http";
    const conn = new (httpModule().Conn)(
      l.httpOptions(),
      l.connGuard(),
      () => l.port,
      () => undefined,
    );
    conn.socket = this.socket;
    this.http = conn;
    conn.events.onData(bytes);
  }

  private refuse(status: number, reason: string, response: string): void {
    this.listener.log("info", `refused a connection: ${status} ${reason}`);
    this.listener.connGuard().clear(this);
    this.socket.write(response);
    this.socket.end(CLOSE_TIMEOUT_MS);
  }

  private onFrameData(chunk: string): void {
    for (const event of (this.decoder as Decoder).push(chunk)) this.onFrame(event);
  }

  private onFrame(event: FrameEvent): void {
    switch (event.kind) {
      case "text":
        if (this.state === "open") {
          const text = event.data;
          this.listener.deliver(this, text);
        }
        return;
      case "binary":
        // The protocol is JSON-RPC in text frames only (RFC 6455 §7.4.1: 1003 for data one cannot accept).
        if (this.state === "open") this.fail(CloseCode.UnsupportedData, "binary messages are not supported");
        return;
      case "ping":
        if (this.state === "open") this.socket.write(frame().frameParts(frame().Opcode.Pong, event.data));
        return;
      case "pong":
        return; // any incoming bytes already count as a sign of life
      case "close":
        this.onPeerClose(event.code, event.reason);
        return;
      case "error":
        this.fail(event.code, event.reason);
        return;
    }
  }

  /** The peer's close frame: an answer to ours, or its own request, which we echo. */
  private onPeerClose(code: number, reason: string): void {
    if (this.state === "open") {
      this.socket.write(frame().frameParts(frame().Opcode.Close, code === 1005 ? "" : frame().closePayload(code)));
      this.closeCode = code;
      this.closeReason = reason;
      this.state = "closing";
    }
    this.listener.connGuard().clear(this);
    this.socket.end(CLOSE_TIMEOUT_MS);
  }

  /** A protocol violation: close frame with `code`, then close (the rest of the stream is not read). */
  private fail(code: number, reason: string): void {
    this.listener.log("info", `closing connection ${this.id}: ${code} ${reason}`);
    if (this.state === "open") this.sendClose(code, reason);
    this.listener.connGuard().clear(this);
    this.socket.end(CLOSE_TIMEOUT_MS);
  }

  private sendClose(code: number, reason: string): void {
    this.socket.write(frame().frameParts(frame().Opcode.Close, frame().closePayload(code, reason)));
    this.closeCode = code;
    this.closeReason = reason;
    this.state = "closing";
  }

  /** Keepalive failure: the peer is gone or stuck; no close handshake with it. */
  private drop(reason: string): void {
    this.listener.log("info", `closing connection ${this.id}: ${reason}`);
    this.closeCode = ABNORMAL_CLOSURE;
    this.closeReason = reason;
    this.socket.destroy();
  }

  /** The peer closed the TCP connection (or it failed). */
  private onEnd(err?: string): void {
    if (this.http !== undefined) {
      this.http.events.onEnd(err);
      return;
    }
    if (this.state === "open") this.closeReason = err !== undefined ? `connection lost: ${err}` : "connection lost";
    this.socket.destroy();
  }

  private onSocketClosed(): void {
    this.http?.events.onClosed();
    this.state = "closed";
    this.listener.forget(this);
    if (!this.admitted) return;
    const [code, reason] = [this.closeCode, this.closeReason];
    this.listener.log("debug", `connection ${this.id} closed: ${code} ${reason}`);
    this.listener.defer("onClose", () => this.handlers.onClose(code, reason));
  }

  /** A message on the main loop (the listener's drain): to the owner's onMessage, protected. */
  dispatch(text: string): void {
    const [ok, err] = pcall(this.handlers.onMessage, text);
    if (!ok) this.listener.log("warn", `onMessage: ${tostring(err)}`);
  }
}
