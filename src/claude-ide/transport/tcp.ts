// TCP on vim.uv: a loopback listener and a small socket wrapper (reads, ordered writes, graceful and
// immediate close). Every libuv callback goes through `guard`, so an error is logged and never raised into
// the event loop.

export type LogLevel = "debug" | "info" | "warn";
export type LogFn = (this: void, level: LogLevel, msg: string) => void;

/** Wraps a libuv callback: runs `fn` protected and logs an error instead of raising it. */
export function guard<A extends unknown[]>(
  log: LogFn,
  what: string,
  fn: (this: void, ...args: A) => void,
): (this: void, ...args: A) => void {
  return (...args: A) => {
    const [ok, err] = pcall(fn, ...args);
    if (!ok) log("warn", `${what}: ${tostring(err)}`);
  };
}

export interface LoopbackOptions {
  /** Tried first when set and non-zero. */
  port?: number;
  /** Tried in order next; without it, port 0 (the OS picks a free port). */
  portRange?: [number, number];
  /** A new client socket (already accepted). */
  onAccept: (this: void, client: vim.uv.Tcp) => void;
  log: LogFn;
}

/**
 * Connections the kernel completes before they are accepted (it caps this at net.core.somaxconn). With a short
 * queue, a burst of connections overflows it: the kernel drops their SYNs and the clients retry 1, 3, 7, 15 s
 * later, so a socket is accepted (and its deadlines start) long after its client connected: with 128, some of
 * a burst of 900 idle sockets were still open 15 s after they connected.
 */
const BACKLOG = 4096;

export type LoopbackResult = { ok: true; server: vim.uv.Tcp; port: number } | { ok: false; error: string };

/** Listens on 127.0.0.1 (never another interface) on the first free port of the candidates. */
export function listenLoopback(opts: LoopbackOptions): LoopbackResult {
  const candidates: number[] = [];
  if (opts.port !== undefined && opts.port !== 0) candidates.push(opts.port);
  if (opts.portRange !== undefined) {
    for (let p = opts.portRange[0]; p <= opts.portRange[1]; p++) if (p !== opts.port) candidates.push(p);
  } else {
    candidates.push(0);
  }
  let lastError = "no port to try";
  for (const port of candidates) {
    const attempt = tryListen(port, opts);
    if (attempt.ok) return attempt;
    lastError = attempt.error;
  }
  const tried =
    opts.portRange !== undefined ? `ports ${opts.portRange[0]}-${opts.portRange[1]}` : `port ${candidates[0]}`;
  return { ok: false, error: `cannot listen on 127.0.0.1 (${tried}): ${lastError}` };
}

function tryListen(port: number, opts: LoopbackOptions): LoopbackResult {
  const server = vim.uv.new_tcp();
  // libuv reports "address in use" from bind or from listen depending on the platform: check both.
  const [bound, bindErr] = server.bind("127.0.0.1", port);
  if (bound === undefined) {
    server.close();
    return { ok: false, error: tostring(bindErr) };
  }
  const onConnection = guard(opts.log, "accept", (err: vim.uv.Err) => {
    if (err !== undefined) {
      opts.log("warn", `accept: ${err}`);
      return;
    }
    const client = vim.uv.new_tcp();
    const [accepted, acceptErr] = server.accept(client);
    if (accepted === undefined) {
      client.close();
      opts.log("warn", `accept: ${tostring(acceptErr)}`);
      return;
    }
    // A failure in the listener's accept path must not leave the socket open with nobody to close it (the
    // connection guard only knows sockets a listener tracked): it is closed, and the failure logged.
    const [ok, failure] = pcall(opts.onAccept, client);
    if (!ok) {
      if (!client.is_closing()) client.close();
      opts.log("warn", `accept: ${tostring(failure)}`);
    }
  });
  const [listening, listenErr] = server.listen(BACKLOG, onConnection);
  const address = listening !== undefined ? server.getsockname() : undefined;
  if (address === undefined) {
    server.close();
    return { ok: false, error: tostring(listenErr ?? "getsockname failed") };
  }
  return { ok: true, server, port: address.port };
}

/** @noSelf */
export interface SocketEvents {
  onData(chunk: string): void;
  /** The peer closed its side (EOF) or a read failed. The socket stays open until end() or destroy(). */
  onEnd(error?: string): void;
  /** The handle is closed (whatever the reason). Called once. */
  onClosed(): void;
}

function writeTo(
  this: void,
  handle: vim.uv.Tcp,
  data: string | string[],
  done: (this: void, err: vim.uv.Err) => void,
): void {
  handle.write(data, done);
}

function tryWriteTo(this: void, handle: vim.uv.Tcp, data: string | string[]): number | undefined {
  const [n] = handle.try_write(data);
  return n;
}

function byteLength(data: string | string[]): number {
  if (typeof data === "string") return data.length;
  let n = 0;
  for (const part of data) n += part.length;
  return n;
}

/** One accepted TCP connection. */
export class Socket {
  private closed = false;
  /** After end(): incoming bytes are discarded while the peer finishes. */
  private ending = false;
  private graceTimer?: vim.uv.Timer;

  constructor(
    private readonly handle: vim.uv.Tcp,
    private readonly events: SocketEvents,
    private readonly log: LogFn,
  ) {
    this.onWritten = guard(log, "write", (e: vim.uv.Err) => {
      if (e !== undefined) log("debug", `write: ${e}`);
    });
    handle.nodelay(true);
    const [started, err] = pcall(() => handle.read_start(guard(log, "read", (e, data) => this.onRead(e, data))));
    if (!started) {
      log("warn", `read_start: ${tostring(err)}`);
      this.destroy();
    }
  }

  private onRead(err: vim.uv.Err, data: string | undefined): void {
    if (this.closed) return;
    if (err !== undefined || data === undefined) {
      if (this.ending) this.destroy();
      else this.events.onEnd(err);
    } else if (!this.ending) {
      this.events.onData(data);
    }
  }

  isClosed(): boolean {
    return this.closed;
  }

  /** Called when a write completed (made once, not per write). */
  private readonly onWritten: (this: void, err: vim.uv.Err) => void;

  /**
   * Writes bytes, in order; a list of strings is written without being joined. With nothing queued they go
   * to the kernel at once (no write request, no completion callback: most answers end here); what it does not
   * take now is queued behind.
   */
  write(data: string | string[]): void {
    if (this.closed || this.ending) return;
    if (this.handle.get_write_queue_size() === 0) {
      const [tried, written] = pcall(tryWriteTo, this.handle, data);
      if (tried && written !== undefined) {
        if (written >= byteLength(data)) return;
        data = string.sub(typeof data === "string" ? data : table.concat(data), written + 1);
      }
    }
    const [ok, err] = pcall(writeTo, this.handle, data, this.onWritten);
    if (!ok) this.log("debug", `write: ${tostring(err)}`);
  }

  /**
   * Graceful close: flush queued writes, send FIN, then close when the peer closes too or after `graceMs`.
   * Closing at once instead could reset the connection and lose what was just written (an HTTP refusal,
   * a close frame) while the peer still has bytes in flight.
   */
  end(graceMs: number): void {
    if (this.closed || this.ending) return;
    this.ending = true;
    this.graceTimer = vim.uv.new_timer();
    this.graceTimer.start(
      graceMs,
      0,
      guard(this.log, "close timer", () => this.destroy()),
    );
    const [ok] = pcall(() =>
      this.handle.shutdown(
        guard(this.log, "shutdown", (e) => {
          if (e !== undefined) this.destroy();
        }),
      ),
    );
    if (!ok) this.destroy();
  }

  /** Immediate close; queued writes may be dropped. */
  destroy(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.graceTimer !== undefined) {
      this.graceTimer.close();
      this.graceTimer = undefined;
    }
    if (!this.handle.is_closing()) {
      pcall(() => this.handle.read_stop());
      this.handle.close();
    }
    this.events.onClosed();
  }
}
