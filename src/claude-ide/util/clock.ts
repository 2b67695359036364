// The clock that timed features (the WebSocket keepalive, the selection debounce) read and wait with: Neovim's
// event loop in use, a manual one in specs (STYLE.md rule 8: a test seam, not a fake `vim`), which moves only
// when the spec says so, so that a spec of a 30 s keepalive or a 50 ms debounce waits for nothing.

/** A one-shot or repeating timer, shaped like a vim.uv timer. */
/** @noSelf */
export interface ClockTimer {
  /** (Re)arms: `fn` after `ms`, then every `repeat` ms when repeat > 0. */
  start(ms: number, repeat: number, fn: (this: void) => void): void;
  stop(): void;
  isActive(): boolean;
  /** Stops it for good. */
  close(): void;
}

/** @noSelf */
export interface Clock {
  /** Milliseconds, from an arbitrary origin. */
  now(): number;
  newTimer(): ClockTimer;
}

/** Neovim's own clock: vim.uv.now and vim.uv timers (their callbacks run in a fast event, as before). */
export const realClock: Clock = {
  now: () => vim.uv.now(),
  newTimer: () => {
    const timer = vim.uv.new_timer();
    return {
      start: (ms, repeat, fn) => {
        timer.start(ms, repeat, fn);
      },
      stop: () => {
        timer.stop();
      },
      isActive: () => timer.is_active(),
      close: () => {
        if (!timer.is_closing()) timer.close();
      },
    };
  },
};

interface ManualTimer {
  due?: number;
  repeat: number;
  fn?: (this: void) => void;
  /** Start order: timers due at the same time run in the order they were started (as libuv does). */
  seq: number;
}

/** A clock for specs: time moves only with advance() (timers run) or jump() (a sleep: timers run late). */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, running every timer that falls due on the way, in time order. */
  advance(this: void, ms: number): void;
  /** Moves time forward by `ms` at once, like a suspended machine: due timers run at the next advance. */
  jump(this: void, ms: number): void;
}

export function manualClock(start = 0): ManualClock {
  let time = start;
  let seq = 0;
  const timers: ManualTimer[] = [];
  const nextDue = (until: number): ManualTimer | undefined => {
    let best: ManualTimer | undefined;
    for (const t of timers)
      if (
        t.due !== undefined &&
        t.due <= until &&
        (best === undefined || t.due < (best.due as number) || (t.due === best.due && t.seq < best.seq))
      )
        best = t;
    return best;
  };
  return {
    now: () => time,
    newTimer: () => {
      const t: ManualTimer = { repeat: 0, seq: 0 };
      timers.push(t);
      return {
        start: (ms, repeat, fn) => {
          t.due = time + ms;
          t.repeat = repeat;
          t.fn = fn;
          t.seq = ++seq;
        },
        stop: () => {
          t.due = undefined;
        },
        isActive: () => t.due !== undefined,
        close: () => {
          t.due = undefined;
          const i = timers.indexOf(t);
          if (i >= 0) timers.splice(i, 1);
        },
      };
    },
    advance: (ms) => {
      const target = time + ms;
      for (let t = nextDue(target); t !== undefined; t = nextDue(target)) {
        time = math.max(time, t.due as number);
        t.due = t.repeat > 0 ? time + t.repeat : undefined;
        (t.fn as (this: void) => void)();
      }
      time = target;
    },
    jump: (ms) => {
      time += ms;
    },
  };
}
