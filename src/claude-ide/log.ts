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
