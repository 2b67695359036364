// After an accept the Claude CLI writes the file itself, a moment after our answer (doc/protocol.md §5). Until it
// does, a buffer showing the file holds the old text. A WriteFollower watches the file for a while and, once
// the write has landed, reloads that buffer: no "file changed on disk" prompt, one undo step, and unsaved
// edits the buffer had stay one `u` away.
import type { Logger } from "../../log";
import { findBuffer } from "../buffers";
import { normalizeEol, readFile } from "./diff_text";

/** How long to wait for the write: before it the CLI asks for diagnostics and may run the user's hooks. */
const WATCH_MS = 30000;
/** Polling backs up the fs event (missed events, network filesystems); a stat every tick is cheap. */
const POLL_MS = 100;
/** A change that is not the accepted text (a hook reformatted it, a write in progress) must settle first. */
const SETTLE_MS = 300;

/** Identity of what is at `path` now: changes when the file is created, replaced or written. */
function fingerprint(path: string): string {
  const [stat] = vim.uv.fs_stat(path);
  if (stat === undefined) return "missing";
  return `${stat.type}:${stat.ino}:${stat.size}:${stat.mtime.sec}.${stat.mtime.nsec}`;
}

/**
 * Reloads the buffer of `path` from disk like `:edit!`, kept as one undo step whatever the file's size
 * ('undoreload' = -1 for the duration), after closing the undo block the user's own edits are in. Vim then
 * also records the new modification time, so a later :write does not warn about a changed file.
 */
export function reloadBuffer(path: string, log: Logger): void {
  const buf = findBuffer(path);
  if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) return;
  const hadEdits = vim.api.nvim_get_option_value("modified", { buf }) as boolean;
  const undoreload = vim.go.undoreload as number;
  vim.go.undoreload = -1;
  const [ok, err] = pcall(vim.api.nvim_buf_call, buf, () => {
    // Setting 'undolevels' (even to its own value) closes the current undo block (:help undo-break).
    vim.go.undolevels = vim.go.undolevels as number;
    vim.cmd("silent keepalt keepjumps edit!");
  });
  vim.go.undoreload = undoreload;
  const name = vim.fn.fnamemodify(path, ":~:.");
  if (!ok) log.warn(`could not reload ${name} after Claude wrote it: ${tostring(err)}`);
  else if (hadEdits)
    log.warn(
      `${name} now holds Claude's change; your unsaved edits were replaced and are one \`u\` away in that buffer`,
    );
}

/** Waits for the CLI's write of an accepted text to `path`, then reloads the file's buffer (once). */
export class WriteFollower {
  private readonly startPrint: string;
  private readonly startedAt = vim.uv.now();
  private readonly timer = vim.uv.new_timer();
  private watcher?: vim.uv.FsEvent;
  /** Last fingerprint seen different from the start, and since when it has stayed so. */
  private seen?: { print: string; since: number };
  private stopped = false;

  /**
   * `expected`: the accepted text (line endings normalized). `onStop` runs once, after the reload, the
   * timeout or stop().
   */
  constructor(
    private readonly path: string,
    private readonly expected: string,
    private readonly log: Logger,
    private readonly onStop: (this: void) => void,
  ) {
    this.startPrint = fingerprint(path);
  }

  start(): void {
    const wake = () => vim.schedule(() => this.check());
    this.timer.start(POLL_MS, POLL_MS, wake);
    const watcher = vim.uv.new_fs_event();
    // The directory, not the file: an atomic write replaces the file (a new inode) and a new file has none.
    if (watcher !== undefined && watcher.start(vim.fs.dirname(this.path), {}, wake) !== undefined)
      this.watcher = watcher;
    else watcher?.close();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.timer.stop();
    this.timer.close();
    this.watcher?.stop();
    this.watcher?.close();
    this.onStop();
  }

  private check(): void {
    if (this.stopped) return;
    const [ok, err] = pcall(() => this.step());
    if (!ok) {
      this.log.error(`following the write of ${this.path} failed: ${tostring(err)}`);
      this.stop();
    }
  }

  private step(): void {
    const now = vim.uv.now();
    const print = fingerprint(this.path);
    if (print === this.startPrint) {
      if (now - this.startedAt > WATCH_MS) this.stop();
      return;
    }
    if (this.seen?.print !== print) {
      this.seen = { print, since: now };
      const disk = readFile(this.path);
      if (!(disk.ok && disk.text !== undefined && normalizeEol(disk.text) === this.expected)) return;
    } else if (now - this.seen.since < SETTLE_MS) {
      return;
    }
    reloadBuffer(this.path, this.log);
    this.stop();
  }
}
