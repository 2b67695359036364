// Messages to the user, filtered by the configured log_level. One place, so that every message starts with
// "claude-ide: " and tests can read them (`vim.notify` is the only output).
import type { LogLevel } from "./config";

const ORDER: { [level in LogLevel]: number } = { trace: 0, debug: 1, info: 2, warn: 3, error: 4, off: 5 };
const VIM_LEVEL: { [level in LogLevel]: number } = {
  trace: vim.log.levels.TRACE,
  debug: vim.log.levels.DEBUG,
  info: vim.log.levels.INFO,
  warn: vim.log.levels.WARN,
  error: vim.log.levels.ERROR,
  off: vim.log.levels.OFF,
};

export class Logger {
  constructor(private readonly threshold: LogLevel) {}

  log(level: LogLevel, msg: string): void {
    if (ORDER[level] < ORDER[this.threshold] || level === "off") return;
    say(msg, level);
  }

  debug(msg: string): void {
    this.log("debug", msg);
  }
  info(msg: string): void {
    this.log("info", msg);
  }
  warn(msg: string): void {
    this.log("warn", msg);
  }
  error(msg: string): void {
    this.log("error", msg);
  }
  /** An unexpected failure: one line for the user (error), the detail (a traceback) only at trace. */
  failure(msg: string, detail?: string): void {
    this.log("error", msg);
    if (detail !== undefined) this.log("trace", detail);
  }
}

/** A message the user asked for (a command's answer): always shown, whatever log_level says. */
export function say(msg: string, level: LogLevel = "info"): void {
  const text = `claude-ide: ${msg}`;
  // vim.notify must not run in a fast (libuv) callback.
  if (vim.in_fast_event()) vim.schedule(() => vim.notify(text, VIM_LEVEL[level]));
  else vim.notify(text, VIM_LEVEL[level]);
}

/** snacks.nvim's notifier, as far as a kept message needs it. */
interface SnacksNotifier {
  hide(this: void, id?: string): void;
}

let noticeCount = 0;

/**
 * A message that stays until `done()` is called when a notifier that can keep one shows the messages (snacks.nvim's
 * notifier, nvim-notify: `timeout = false`); otherwise a plain message (it stays until another one replaces it).
 * Returns `done`, which removes it (no-op for a plain one).
 */
export function notice(msg: string): (this: void) => void {
  const text = `claude-ide: ${msg}`;
  const level = vim.log.levels.INFO;
  const loaded = (_G as unknown as { package: { loaded: { [name: string]: unknown } } }).package.loaded;
  const snacks = loaded["snacks"] as { notifier?: SnacksNotifier } | undefined;
  const notifyModule = loaded["notify"] as { dismiss?: unknown } | undefined;
  if (vim.in_fast_event() || (snacks?.notifier === undefined && notifyModule === undefined)) {
    say(msg);
    return () => undefined;
  }
  const id = `claude-ide-notice-${++noticeCount}`;
  // A notifier's vim.notify returns its record (nvim-notify: needed to close it).
  const keep = vim.notify as unknown as (this: void, m: string, l: number, o: object) => unknown;
  const [ok, record] = pcall(keep, text, level, { timeout: false, id, title: "claude-ide" });
  if (!ok) {
    say(msg);
    return () => undefined;
  }
  return () => {
    if (snacks?.notifier !== undefined) pcall(snacks.notifier.hide, id);
    // nvim-notify: replacing the record with a message that times out at once closes it.
    else if (record !== undefined) pcall(vim.notify, text, level, { replace: record, timeout: 1 });
  };
}
