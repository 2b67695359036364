// The pace of long work done for a tool call inside the editor's loop: a Pacing (how long a slice may run, how
// the call parks between slices, how it waits for a child) and sliceCheck, the check such work calls often.
// Made by editor/target's pacing(ctx); used by the reads, the writes and the change sets.

/** @noSelf */
export interface Pacing {
  /** Lets the editor's loop run (the call parks) and returns when the work may go on. */
  pause(): void;
  /** Work at most this long (ms) between pauses. */
  sliceMs: number;
  /** When the current slice started (vim.uv.hrtime()): kept by sliceCheck, so that steps share one clock. */
  sliceStart?: number;
  /**
   * Parks the call until `done` is called (from a later event) and returns its value. With it, a big file is
   * written by a child Neovim (editor/write/disk_write_child).
   */
  wait?<T>(start: (this: void, done: (this: void, value: T) => void) => void): T;
}

/**
 * A check to call often during long work: once the current slice has run `pacing.sliceMs`, it pauses
 * (pacing.pause) and a new slice starts. Without a pacing it does nothing (the work is one stretch).
 */
export function sliceCheck(pacing: Pacing | undefined): () => void {
  if (pacing === undefined) return () => undefined;
  if (pacing.sliceStart === undefined) pacing.sliceStart = vim.uv.hrtime();
  return () => {
    if ((vim.uv.hrtime() - (pacing.sliceStart ?? 0)) / 1e6 < pacing.sliceMs) return;
    pacing.pause();
    pacing.sliceStart = vim.uv.hrtime();
  };
}
