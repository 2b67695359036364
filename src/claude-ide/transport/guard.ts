// The front door every listener shares (the IDE WebSocket server, the companion's HTTP server, any listener
// added later): the connection-level rules, written once, after Go's net/http server (ReadHeaderTimeout,
// IdleTimeout, connection state hooks).
// - Deadlines: a complete request head within `headerTimeoutMs` of accept (or of a later request's first byte),
//   authentication within `authTimeoutMs`, a body within `bodyTimeoutMs`, and an authenticated connection with
//   nothing in progress closed after `idleTimeoutMs`. One timer per listener sweeps them (no timer per socket).
// - Caps: at most `maxUnauthenticated` connections not authenticated yet (past it, the oldest that had their
//   chance are dropped: first those that sent bytes that were not a whole head, then those silent for
//   UNAUTHENTICATED_GRACE_MS), and at most `maxConnections` in all. A client with the token sends its whole head at once and is through on its
//   first read, so sockets that never authenticate cannot crowd it out.
// - Descriptors: a socket whose descriptor reaches into the last `descriptorReserve` of the process's limit
//   (`ulimit -n`) is not kept, so the editor's own files (io.open, swap files, jobs) never fail for lack of one.
// Head and body sizes are the reader's (handshake.ts HeadReader: MAX_HEAD_BYTES) and the listener's.
import { descriptorLimit } from "../util/process";
import { guard, type LogFn } from "./tcp";

export interface GuardLimits {
  /** From accept (or from the first byte of a later request on a kept-alive connection) to a complete head. */
  headerTimeoutMs: number;
  /** From accept to authentication (a head with the right token). */
  authTimeoutMs: number;
  /** From a head to the end of its body; undefined: no body is read (WebSocket). */
  bodyTimeoutMs?: number;
  /** Authenticated with nothing in progress; undefined: never (the WebSocket keepalive watches those). */
  idleTimeoutMs?: number;
  maxUnauthenticated: number;
  maxConnections: number;
  /** Descriptors always left to the editor. */
  descriptorReserve: number;
  /** Test seam: the descriptor limit to keep the reserve under (default: the process's soft RLIMIT_NOFILE). */
  descriptorLimit?: number;
}

/** Connections not authenticated yet kept at once (the soft cap: see the header). */
export const MAX_UNAUTHENTICATED = 256;
/** Connections kept at once per listener (the hard cap; the descriptor reserve usually comes first). */
export const MAX_CONNECTIONS = 1024;
/**
 * A connection this young that has not sent bytes yet is not dropped for the soft cap: a client's head may
 * come late from a loaded machine (the flood itself loads it).
 */
export const UNAUTHENTICATED_GRACE_MS = 2000;
/** Added to a silent connection's arrival number when ranking whom to drop (silent ones after the others). */
const SILENT_RANK = 2 ** 40;
/** Descriptors left free: this many, or an eighth of the limit when that is more. */
const MIN_DESCRIPTOR_RESERVE = 64;
/** Between two sweeps of the deadlines at most (the shortest timeout's quarter when that is less). */
const MAX_SWEEP_MS = 250;
/** Refusals for the caps are logged at most once per this many milliseconds (with a count). */
const REFUSAL_LOG_MS = 1000;

/** The descriptor reserve for a limit: what the editor keeps for itself. */
export function reserveFor(limit: number): number {
  return math.max(MIN_DESCRIPTOR_RESERVE, math.floor(limit / 8));
}

/** The limits both listeners start from; each sets its own timeouts. */
export function defaultLimits(timeoutMs: number): GuardLimits {
  const limit = descriptorLimit() ?? math.huge;
  return {
    headerTimeoutMs: timeoutMs,
    authTimeoutMs: timeoutMs,
    maxUnauthenticated: MAX_UNAUTHENTICATED,
    maxConnections: MAX_CONNECTIONS,
    descriptorReserve: limit === math.huge ? MIN_DESCRIPTOR_RESERVE : reserveFor(limit),
    descriptorLimit: limit,
  };
}

/** What a listener's connection gives the guard (a method: implemented by the connection classes). */
export interface Guarded {
  /** Close now, without an answer: a deadline passed or a cap dropped it. `reason` is for the log. */
  expire(this: Guarded, reason: string): void;
}

interface Entry {
  arrival: number;
  acceptedAt: number;
  /** Sent bytes that were not a whole head yet. */
  heardFrom: boolean;
  authenticated: boolean;
  deadline?: number;
  why?: string;
}

export class ConnectionGuard {
  private readonly entries = new LuaMap<Guarded, Entry>();
  private total = 0;
  private unauthenticated = 0;
  private arrivals = 0;
  private readonly limit: number;
  private sweeper?: vim.uv.Timer;
  private readonly sweepMs: number;
  private refusals = 0;
  private refusalLoggedAt = -math.huge;
  private closed = false;

  constructor(
    readonly limits: GuardLimits,
    private readonly log: LogFn,
  ) {
    this.limit = limits.descriptorLimit ?? descriptorLimit() ?? math.huge;
    const shortest = math.min(
      limits.headerTimeoutMs,
      limits.authTimeoutMs,
      limits.bodyTimeoutMs ?? math.huge,
      limits.idleTimeoutMs ?? math.huge,
    );
    this.sweepMs = math.max(10, math.min(MAX_SWEEP_MS, math.floor(shortest / 4)));
  }

  /** Connections kept now, and how many of them are not authenticated. */
  counts(): { total: number; unauthenticated: number } {
    return { total: this.total, unauthenticated: this.unauthenticated };
  }

  /**
   * At accept, before anything is read: whether to keep the new socket. Over a hard cap (connections, or a
   * descriptor in the reserve) an unauthenticated connection makes room (the oldest that had its chance, else
   * the oldest); when every connection is authenticated the newcomer is refused (the caller closes it).
   */
  admit(handle: vim.uv.Tcp): boolean {
    if (this.closed) return false;
    const [ok, fd] = pcall(() => handle.fileno());
    const inReserve = ok && typeof fd === "number" && fd >= this.limit - this.limits.descriptorReserve;
    if (!inReserve && this.total < this.limits.maxConnections) return true;
    const victim = this.oldestUnauthenticated(false) ?? this.oldestUnauthenticated(true);
    if (victim === undefined) {
      this.refused(
        inReserve ? "the descriptor reserve is reached" : `${this.limits.maxConnections} connections are open`,
      );
      return false;
    }
    this.drop(victim, inReserve ? "the descriptor reserve is reached" : "too many connections");
    return true;
  }

  /** A kept connection: its first deadline (a complete, authenticated head) starts now. */
  track(conn: Guarded): void {
    const now = vim.uv.now();
    const l = this.limits;
    const first = math.min(l.headerTimeoutMs, l.authTimeoutMs);
    this.entries.set(conn, { arrival: ++this.arrivals, acceptedAt: now, heardFrom: false, authenticated: false });
    this.total++;
    this.unauthenticated++;
    this.deadline(conn, first, `no complete request within ${first} ms`);
    this.enforceSoftCap();
  }

  /** Bytes arrived that are not a whole head yet: the connection had its chance (soft cap). */
  heard(conn: Guarded): void {
    const e = this.entries.get(conn);
    if (e === undefined || e.authenticated) return;
    e.heardFrom = true;
    this.enforceSoftCap();
  }

  /** The head carried the token: no longer counted against the soft cap. Nothing is due until told. */
  authenticated(conn: Guarded): void {
    const e = this.entries.get(conn);
    if (e === undefined) return;
    if (!e.authenticated) {
      e.authenticated = true;
      this.unauthenticated--;
    }
    this.clear(conn);
  }

  /** A later request began on a kept-alive connection: its head is due. */
  headStarted(conn: Guarded): void {
    const ms = this.limits.headerTimeoutMs;
    this.deadline(conn, ms, `no complete request head within ${ms} ms`);
  }

  /** A head is in, its body is due. */
  bodyDue(conn: Guarded): void {
    const ms = this.limits.bodyTimeoutMs;
    if (ms === undefined) this.clear(conn);
    else this.deadline(conn, ms, `no complete request body within ${ms} ms`);
  }

  /** An answer is being worked on, or a stream is open: nothing is due from the peer. */
  busy(conn: Guarded): void {
    this.clear(conn);
  }

  /** Nothing in progress: the idle deadline (if any) starts now. */
  idle(conn: Guarded): void {
    const ms = this.limits.idleTimeoutMs;
    if (ms === undefined) this.clear(conn);
    else this.deadline(conn, ms, `idle for ${ms} ms`);
  }

  /** A deadline of the listener's own (e.g. a close handshake): `conn.expire` when it passes. */
  deadline(conn: Guarded, ms: number, why: string): void {
    const e = this.entries.get(conn);
    if (e === undefined) return;
    e.deadline = vim.uv.now() + ms;
    e.why = why;
    this.startSweeping();
  }

  clear(conn: Guarded): void {
    const e = this.entries.get(conn);
    if (e !== undefined) e.deadline = undefined;
  }

  /** The connection's socket is closed. */
  forget(conn: Guarded): void {
    const e = this.entries.get(conn);
    if (e === undefined) return;
    this.entries.delete(conn);
    this.total--;
    if (!e.authenticated) this.unauthenticated--;
  }

  /** The listener stopped: no more sweeps (its connections are closed by the listener). */
  close(): void {
    this.closed = true;
    this.stopSweeping();
  }

  /** Over the soft cap: drops the oldest unauthenticated connections that had their chance, down to it. */
  private enforceSoftCap(): void {
    const over = this.unauthenticated - this.limits.maxUnauthenticated;
    if (over <= 0) return;
    if (over === 1) {
      const victim = this.oldestUnauthenticated(false);
      if (victim !== undefined) this.drop(victim, this.softCapReason());
      return;
    }
    const now = vim.uv.now();
    const chanced: [Guarded, number][] = [];
    for (const [c, e] of this.entries) {
      if (e.authenticated) continue;
      // Those that sent a partial head go first (a client with the token sends its head at once).
      if (e.heardFrom) chanced.push([c, e.arrival]);
      else if (now - e.acceptedAt >= UNAUTHENTICATED_GRACE_MS) chanced.push([c, e.arrival + SILENT_RANK]);
    }
    table.sort(chanced, (a, b) => a[1] < b[1]);
    for (let i = 0; i < math.min(over, chanced.length); i++) this.drop(chanced[i][0], this.softCapReason());
  }

  private softCapReason(): string {
    return `more than ${this.limits.maxUnauthenticated} connections had not authenticated`;
  }

  /**
   * The unauthenticated connection to drop first: the oldest that sent a partial head, else the oldest silent
   * one past its grace; with `any`, else the oldest of all.
   */
  private oldestUnauthenticated(any: boolean): Guarded | undefined {
    const now = vim.uv.now();
    let oldest: Guarded | undefined;
    let oldestRank = math.huge;
    for (const [c, e] of this.entries) {
      if (e.authenticated) continue;
      let rank = e.arrival;
      if (!e.heardFrom) rank += now - e.acceptedAt >= UNAUTHENTICATED_GRACE_MS ? SILENT_RANK : 2 * SILENT_RANK;
      if (rank < oldestRank && (any || rank < 2 * SILENT_RANK)) {
        oldest = c;
        oldestRank = rank;
      }
    }
    return oldest;
  }

  private drop(conn: Guarded, why: string): void {
    this.refused(why);
    this.authenticated(conn); // it no longer counts, even if its close is slow to be reported
    this.expire(conn, `dropped: ${why}`);
  }

  /**
   * Closes `conn` for `why`. A connection whose close fails is forgotten all the same: kept, it would hold its
   * place under the caps with no deadline left, and a failing close inside a sweep would stop that sweep.
   */
  private expire(conn: Guarded, why: string): void {
    const [ok, err] = pcall(() => conn.expire(why));
    if (ok) return;
    this.log("warn", `expire: ${tostring(err)}`);
    this.forget(conn);
  }

  /** Logs refusals and drops for the caps, at most once a second with how many there were. */
  private refused(why: string): void {
    this.refusals++;
    const now = vim.uv.now();
    if (now - this.refusalLoggedAt < REFUSAL_LOG_MS) return;
    this.log("info", `dropped ${this.refusals} connection(s): ${why}`);
    this.refusals = 0;
    this.refusalLoggedAt = now;
  }

  private startSweeping(): void {
    if (this.closed || this.sweeper !== undefined) return;
    const timer = vim.uv.new_timer();
    timer.start(
      this.sweepMs,
      this.sweepMs,
      guard(this.log, "connection deadlines", () => this.sweep()),
    );
    this.sweeper = timer;
  }

  private stopSweeping(): void {
    if (this.sweeper === undefined) return;
    if (!this.sweeper.is_closing()) this.sweeper.close();
    this.sweeper = undefined;
  }

  private sweep(): void {
    // The loop's cached time may trail: the deadlines are measured against the real one.
    vim.uv.update_time();
    const now = vim.uv.now();
    const due: [Guarded, string][] = [];
    let pending = false;
    for (const [c, e] of this.entries) {
      if (e.deadline === undefined) continue;
      if (now >= e.deadline) {
        e.deadline = undefined;
        due.push([c, e.why ?? "deadline passed"]);
      } else {
        pending = true;
      }
    }
    if (!pending) this.stopSweeping();
    // Silent sockets send nothing that would check the soft cap: their grace ends here.
    this.enforceSoftCap();
    if (due.length === 0) return;
    this.log("info", `closed ${due.length} connection(s): ${due[0][1]}`);
    for (const [c, why] of due) this.expire(c, why);
  }
}
