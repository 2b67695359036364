// Runs tool handlers in coroutines so that a handler can park (openDiff waits for the user) while the editor
// and every other call keep running. A parked call is resumed by a later event or cancelled (client gone,
// notifications/cancelled, server stopped); after cancellation it is never resumed.
import { settle, ToolError } from "./result";
import type { ToolContext } from "./tool";
import { ErrorCode } from "./jsonrpc";

export type Park = ToolContext["park"];

/** The reason a parked call is cancelled with when its connection closed (a review may outlive it: orphanFor). */
export const CLIENT_GONE = "client disconnected";

/** How a call ended: the handler's return value, or a JSON-RPC error (code + message). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: number; message: string };

/** @noSelf */
export interface CallHandle {
  /** Cancels the call: its onCancel runs (if parked) and its outcome is never delivered. No-op when done. */
  cancel(reason: string): void;
}

interface Call {
  serial: number;
  owner: number;
  co: LuaThread;
  /** Set by park just before yielding: a yield that is not a park is a handler bug. */
  parked: boolean;
  onCancel?: (this: void, reason: string) => void;
  finished: boolean;
  onDone: (this: void, outcome: Outcome<unknown>) => void;
  /** What the call is, for the user (e.g. `tool search`). */
  label: string;
}

/**
 * Tells the user of an unexpected failure (a handler or callback that threw): `msg` is one line, for
 * :messages; `detail` (a traceback) is for whoever asked for more (log_level "trace"). Never throws itself.
 */
export type Report = (this: void, msg: string, detail?: string) => void;

/** An error as one line: its text with line breaks folded, no traceback. */
export function oneLine(err: unknown): string {
  const [folded] = string.gsub(tostring(err), "%s*\n%s*", " ");
  return folded;
}

/** A handler's error as the worker caught it: the error and the traceback where it was raised. */
interface HandlerError {
  error: unknown;
  traceback: string;
}

/** What a worker yields when the body it ran has ended (a park yields nothing). */
const BODY_ENDED = {};

/** Finished calls' coroutines kept for the next calls (creating one costs a Lua stack per call). */
const IDLE_COROUTINES = 8;

/** Keeps a ToolError as it is; anything else with the traceback of where it was raised. */
function caught(this: void, err: unknown): unknown {
  if (err instanceof ToolError) return err;
  const failed: HandlerError = { error: err, traceback: debug.traceback(tostring(err), 2) };
  return failed;
}

/**
 * The body of every call's coroutine: runs a call's body, yields BODY_ENDED with its outcome, and waits for
 * the next call's body (a park yields in between). Errors are caught here, so the coroutine outlives them.
 */
function worker(this: void, body: (this: void, park: Park) => unknown, park: Park): void {
  for (;;) {
    const [ok, result] = xpcall(body, caught, park);
    const [nextBody, nextPark] = coroutine.yield(BODY_ENDED, ok, result);
    body = nextBody as typeof body;
    park = nextPark as Park;
  }
}

/**
 * The calls of one server. Each call has an owner (the connection id), so that a disconnect cancels exactly
 * that connection's calls.
 */
export class Blocking {
  private readonly calls = new LuaMap<number, Call>();
  private readonly idle: LuaThread[] = [];
  /** The call each coroutine runs (park finds its call by the running coroutine). */
  private readonly byThread = new LuaMap<LuaThread, Call>();
  private nextSerial = 1;

  constructor(private readonly report: Report) {}

  /**
   * Starts `body(park)` in a coroutine; it runs until it returns or parks. `onDone` receives the outcome
   * exactly once, unless the call is cancelled first. A thrown ToolError is settled by protocol/result
   * (an `ERROR:` result, or its JSON-RPC error: -32602 for invalidParams); any other error becomes -32603.
   */
  run<T>(
    owner: number,
    body: (this: void, park: Park) => T,
    onDone: (this: void, outcome: Outcome<T>) => void,
    label = "tool handler",
  ): CallHandle {
    const serial = this.nextSerial++;
    const call: Call = {
      serial,
      owner,
      co: this.idle.pop() ?? coroutine.create(worker),
      parked: false,
      finished: false,
      onDone: onDone as (this: void, outcome: Outcome<unknown>) => void,
      label,
    };
    this.calls.set(serial, call);
    this.byThread.set(call.co, call);
    this.step(call, body, this.park);
    return { cancel: (reason: string) => this.cancelCall(call, reason) };
  }

  /** Cancels every call of `owner`. Returns how many were cancelled. */
  cancelOwner(owner: number, reason: string): number {
    return this.cancelWhere((c) => c.owner === owner, reason);
  }

  /** Cancels every call. Returns how many were cancelled. */
  cancelAll(reason: string): number {
    return this.cancelWhere(() => true, reason);
  }

  /** Calls started and not yet finished or cancelled (of `owner`, or of everyone). */
  pending(owner?: number): number {
    let n = 0;
    for (const [, c] of this.calls) if (owner === undefined || c.owner === owner) n++;
    return n;
  }

  private cancelWhere(pred: (this: void, c: Call) => boolean, reason: string): number {
    const matching: Call[] = [];
    for (const [, c] of this.calls) if (pred(c)) matching.push(c);
    for (const c of matching) this.cancelCall(c, reason);
    return matching.length;
  }

  private cancelCall(call: Call, reason: string): void {
    if (call.finished) return;
    call.finished = true;
    if (this.byThread.get(call.co) === call) this.byThread.delete(call.co);
    this.calls.delete(call.serial);
    const onCancel = call.onCancel;
    if (onCancel !== undefined) this.protect("onCancel", () => onCancel(reason));
  }

  /** ToolContext.park, one for every call: the call is the one whose coroutine is running. */
  private readonly park: Park = <T>(
    start: (this: void, resume: (this: void, value: T) => void) => void,
    onCancel?: (this: void, reason: string) => void,
  ): T => {
    const running = coroutine.running();
    const call = running !== undefined ? this.byThread.get(running) : undefined;
    if (call === undefined || call.finished) error("park() must be called from a running tool handler", 2);
    let settled = false;
    let synchronous = true;
    let early: T | undefined;
    const resume = (value: T) => {
      if (settled || call.finished) return;
      settled = true;
      if (synchronous) {
        // `start` resumed before the coroutine could yield: return the value directly.
        early = value;
      } else if (vim.in_fast_event() || coroutine.status(call.co) !== "suspended") {
        vim.schedule(() => this.wake(call, value));
      } else {
        this.wake(call, value);
      }
    };
    call.onCancel = onCancel;
    start(resume);
    synchronous = false;
    if (settled) {
      call.onCancel = undefined;
      return early as T;
    }
    call.parked = true;
    const [value] = coroutine.yield();
    return value as T;
  };

  private wake(call: Call, value: unknown): void {
    if (call.finished) return;
    call.parked = false;
    call.onCancel = undefined;
    this.step(call, value);
  }

  /**
   * Resumes the call's coroutine (with its body and park the first time, else with the value it waited for)
   * and, when the body has ended, delivers the outcome and keeps the coroutine for a later call.
   */
  private step(call: Call, first: unknown, second?: unknown): void {
    const [resumed, mark, ok, result] = coroutine.resume(call.co, first, second);
    if (call.finished) return; // cancelled while it ran
    if (resumed && mark === BODY_ENDED) {
      if (this.idle.length < IDLE_COROUTINES) this.idle.push(call.co);
      this.finish(call, ok === true ? { ok: true, value: result } : this.failure(call, result));
    } else if (!resumed) {
      this.finish(call, this.failure(call, { error: mark, traceback: tostring(mark) }));
    } else if (!call.parked) {
      // A yield that is not a park: the coroutine stays where it is, never resumed (nor reused).
      this.finish(call, { ok: false, code: ErrorCode.InternalError, message: "tool handler yielded outside park()" });
    }
  }

  private failure(call: Call, err: unknown): Outcome<unknown> {
    const settled = settle(err);
    if (settled?.kind === "result") return { ok: true, value: settled.result };
    if (settled?.kind === "invalid-arguments")
      return { ok: false, code: ErrorCode.InvalidParams, message: settled.message };
    if (settled?.kind === "rpc") return { ok: false, code: settled.code, message: settled.message };
    // The user reads one line (which call, what went wrong); the traceback only when asked for (trace).
    const failed = err as HandlerError;
    const what = oneLine(failed.error);
    this.report(`${call.label} failed: ${what}`, failed.traceback);
    return { ok: false, code: ErrorCode.InternalError, message: `Internal error: ${what}` };
  }

  private finish(call: Call, outcome: Outcome<unknown>): void {
    call.finished = true;
    if (this.byThread.get(call.co) === call) this.byThread.delete(call.co);
    this.calls.delete(call.serial);
    this.protect("onDone", () => call.onDone(outcome));
  }

  private protect(what: string, fn: (this: void) => void): void {
    const [ok, err] = pcall(fn);
    if (!ok) this.report(`${what} failed: ${oneLine(err)}`, tostring(err));
  }
}
