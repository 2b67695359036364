// @-mentions pushed to Claude (`at_mentioned`, doc/protocol.md §7): sent at once to connected clients; while
// none is connected they wait, in order, and are sent when one connects, or dropped (with a message) after
// config.mentions.queue_ttl_ms.
//
// A CLI that just connected is not ready for them: Claude Code registers its at_mentioned handler when its
// prompt renders with the IDE connection, some 100-300 ms after `initialize`, and silently drops a notification
// that comes before (no answer, nothing to retry on). So a mention for a client connected less than
// config.mentions.settle_ms ago waits that long, in order, exactly once.
import type { Config } from "../config";
import { Logger, say } from "../log";
import type { Hub } from "../contracts";
import { normalizePath } from "./positions";
import { findBuffer, isAgentFile } from "./buffers";
import { type Clock, type ClockTimer, realClock } from "../util/clock";

/** `at_mentioned` params: 0-based lines; without lines the whole file (or folder) is mentioned. */
export interface Mention {
  filePath: string;
  lineStart?: number;
  lineEnd?: number;
}

export type MentionResult = { ok: true; mention: Mention } | { ok: false; error: string };

/**
 * A mention of `path` (absolute or relative to the working directory) with optional 1-based lines as the
 * user counts them (converted to the protocol's 0-based lines). The path must exist and not be a CLI's
 * external-editor file.
 */
export function makeMention(path: string, startLine?: number, endLine?: number): MentionResult {
  const filePath = normalizePath(path);
  if (vim.uv.fs_stat(filePath)[0] === undefined) return { ok: false, error: `no such file or folder: ${filePath}` };
  // A CLI's prompt being written (`:ClaudeCodeAdd %` there) is that CLI's own text, not a file to mention.
  const buf = findBuffer(filePath, true);
  if (buf !== undefined && isAgentFile(buf))
    return { ok: false, error: "this is a CLI's prompt, being written: :wq sends it, :cq cancels (not mentioned)" };
  if (startLine === undefined) {
    if (endLine !== undefined) return { ok: false, error: "an end line needs a start line" };
    return { ok: true, mention: { filePath } };
  }
  const last = endLine ?? startLine;
  if (math.floor(startLine) !== startLine || startLine < 1)
    return { ok: false, error: `start line must be a whole number >= 1, got ${startLine}` };
  if (math.floor(last) !== last || last < startLine)
    return { ok: false, error: `end line must be a whole number >= the start line (${startLine}), got ${last}` };
  return { ok: true, mention: { filePath, lineStart: startLine - 1, lineEnd: last - 1 } };
}

/**
 * Who a mention is for: the connections to send it to now (empty: not connected yet, so it waits). Without
 * one, a mention goes to every connected session.
 */
export type Recipients = (this: void) => number[];

interface Queued {
  mention: Mention;
  /** clock.now() after which it is dropped. */
  expires: number;
  to?: Recipients;
}

/** "unseen": every recipient runs elsewhere and cannot see the file (a far client's map): nothing sent or kept. */
export type MentionOutcome = "sent" | "queued" | "unseen";

/** How a mention reads in messages: `src/a.ts:3-5` (1-based lines, as the user counts them). */
export function describeMention(m: Mention): string {
  const name = vim.fn.fnamemodify(m.filePath, ":~:.");
  if (m.lineStart === undefined) return name;
  const end = m.lineEnd ?? m.lineStart;
  return end === m.lineStart ? `${name}:${m.lineStart + 1}` : `${name}:${m.lineStart + 1}-${end + 1}`;
}

/** Mentions of one running server (owned by init.ts next to the server; disposed when it stops). */
/** A new MentionQueue (for init, which loads without TypeScript's class library and so cannot say `new`). */
export function createMentionQueue(config: Config, hub: Hub): MentionQueue {
  return new MentionQueue(config, hub);
}

export class MentionQueue {
  private queue: Queued[] = [];
  private timer?: ClockTimer;
  private disposed = false;
  private readonly unsubscribe: (this: void) => void;
  private readonly log: Logger;
  /** When each connected client was first seen (clock.now()); -huge: connected before this queue existed. */
  private readonly connectedAt = new LuaMap<number, number>();
  /** Fires when the next client settles (see settle_ms). */
  private settleTimer?: ClockTimer;

  constructor(
    private readonly config: Config,
    private readonly hub: Hub,
    /** Time and timers (a manual clock in specs: settle and expiry without waiting). */
    private readonly clock: Clock = realClock,
  ) {
    this.log = new Logger(config.log_level);
    // Made on the first mention: a client connected before is long past its start.
    for (const c of hub.clients()) this.connectedAt.set(c.id, -math.huge);
    this.unsubscribe = hub.onSessionsChanged(() => {
      if (vim.in_fast_event()) vim.schedule(() => this.flush());
      else this.flush();
    });
  }

  /** Notes clients that connected (now) or went away. */
  private track(): void {
    const now = this.clock.now();
    const present = new LuaSet<number>();
    for (const c of this.hub.clients()) {
      present.add(c.id);
      if (!this.connectedAt.has(c.id)) this.connectedAt.set(c.id, now);
    }
    const gone: number[] = [];
    for (const [id] of this.connectedAt) if (!present.has(id)) gone.push(id);
    for (const id of gone) this.connectedAt.delete(id);
  }

  /** Milliseconds until client `id` takes mentions (0: now). */
  private untilSettled(id: number): number {
    const at = this.connectedAt.get(id) ?? this.clock.now();
    return math.max(0, at + this.config.mentions.settle_ms - this.clock.now());
  }

  /** Flushes again when the first of `ids` settles. */
  private armSettle(ids: number[]): void {
    if (this.disposed) return;
    let due = math.huge;
    for (const id of ids) due = math.min(due, this.untilSettled(id));
    this.settleTimer ??= this.clock.newTimer();
    this.settleTimer.stop();
    this.settleTimer.start(due + 1, 0, () =>
      vim.schedule(() => {
        if (this.disposed) return;
        const [ok, err] = pcall(() => this.flush());
        if (!ok) this.log.warn(`mention queue: ${tostring(err)}`);
      }),
    );
  }

  /** Sends the mention now (to `to`, else to every session), or queues it until its recipient connects. */
  add(mention: Mention, to?: Recipients): MentionOutcome {
    const item = { mention, expires: this.clock.now() + this.config.mentions.queue_ttl_ms, to };
    // Behind a queued mention for the same recipient: wait, so that they arrive in order.
    if (!this.queue.some((q) => q.to === to)) {
      const got = this.deliver(item);
      if (got !== false) return got;
    }
    this.queue.push(item);
    this.armExpiry();
    return "queued";
  }

  /** Sends one mention if its recipients are connected and settled; false: not now (kept in the queue). */
  private deliver(q: Queued): "sent" | "unseen" | false {
    this.track();
    const ids = q.to === undefined ? this.hub.clients().map((c) => c.id) : q.to();
    const unsettled = ids.filter((id) => this.untilSettled(id) > 0);
    if (unsettled.length > 0) {
      this.armSettle(unsettled);
      return false;
    }
    if (q.to === undefined) {
      const r = this.hub.broadcast("at_mentioned", q.mention);
      return r === "absent" ? false : r;
    }
    let sent = false;
    let unseen = false;
    for (const id of ids) {
      const r = this.hub.send(id, "at_mentioned", q.mention);
      if (r === "sent") sent = true;
      else if (r === "unseen") unseen = true;
    }
    return sent ? "sent" : unseen ? "unseen" : false;
  }

  /** Mentions waiting for a client. */
  pending(): Mention[] {
    return this.queue.map((q) => q.mention);
  }

  /** Drops what expired, then sends, in order, what a connected recipient waits for. */
  flush(): void {
    this.dropExpired();
    if (this.queue.length === 0) return;
    const queued = this.queue;
    this.queue = [];
    // A recipient that missed one mention misses the later ones too (their order is kept).
    const waiting = new LuaSet<Recipients | "all">();
    let sent = 0;
    for (const q of queued) {
      const key = q.to ?? "all";
      const got = waiting.has(key) ? false : this.deliver(q);
      if (got === "sent") sent++;
      else if (got === false) {
        waiting.add(key);
        this.queue.push(q);
      }
    }
    if (sent > 0) this.log.info(`sent ${sent} queued mention(s) to Claude`);
    this.armExpiry();
  }

  /** Server stop: queued mentions cannot be delivered any more. */
  dispose(): void {
    this.disposed = true;
    this.unsubscribe();
    if (this.settleTimer !== undefined) {
      this.settleTimer.stop();
      this.settleTimer.close();
      this.settleTimer = undefined;
    }
    if (this.timer !== undefined) {
      this.timer.stop();
      this.timer.close();
      this.timer = undefined;
    }
    if (this.queue.length > 0) say(`server stopped: ${this.queue.length} queued mention(s) dropped`, "warn");
    this.queue = [];
  }

  private dropExpired(): void {
    const now = this.clock.now();
    const expired = this.queue.filter((q) => q.expires <= now);
    if (expired.length === 0) return;
    this.queue = this.queue.filter((q) => q.expires > now);
    const names = expired.map((q) => describeMention(q.mention)).join(", ");
    say(`no Claude client connected in time: dropped mention(s) of ${names}`, "warn");
  }

  /** One timer, due when the oldest queued mention expires (the queue is in expiry order). */
  private armExpiry(): void {
    if (this.disposed) return;
    if (this.queue.length === 0) {
      this.timer?.stop();
      return;
    }
    if (this.timer === undefined) this.timer = this.clock.newTimer();
    const due = math.max(0, this.queue[0].expires - this.clock.now());
    this.timer.start(due, 0, () =>
      vim.schedule(() => {
        const [ok, err] = pcall(() => {
          this.dropExpired();
          this.armExpiry();
        });
        if (!ok) this.log.warn(`mention queue: ${tostring(err)}`);
      }),
    );
  }
}
