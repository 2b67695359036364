// A turn that ends without a turn-end hook. Claude Code fires no Stop hook when the user interrupts its turn: a
// proposal rejected in the editor (openDiff's DIFF_REJECTED interrupts the turn), "No" in its own dialog, Esc
// (checked live with 2.1.330: after the rejected proposal not one more hook runs until the next prompt). What it
// does write is the line "[Request interrupted by user…]" into the session's transcript, whose path every hook
// input carries (transcript_path). A turn watches its transcript for that line while it runs; whatever escapes
// the watch (no transcript, a CLI that writes none) ends with the next prompt (hooks/turn).

/** What the CLI writes into its transcript when the user interrupts a turn (Claude Code 2.1.330). */
export const INTERRUPT_MARK = "[Request interrupted by user";

/** How often the transcript's size is looked at while a turn runs (a stat; the new bytes read only when it grew). */
const POLL_MS = 300;

/** The most read at once from a transcript that grew (a tool's long answer is skipped past, not read whole). */
const MAX_READ = 1024 * 1024;

/** The transcript path of a hook's input, when it names a local file. */
export function transcriptOf(input: { [key: string]: unknown }): string | undefined {
  const path = input.transcript_path;
  return typeof path === "string" && path !== "" && vim.startswith(path, "/") ? path : undefined;
}

/**
 * Watches `path` from its present end for INTERRUPT_MARK; calls `interrupted` once when it appears. Returns the
 * watch's stop (also stops itself after calling).
 */
export function watchInterrupt(path: string, interrupted: (this: void) => void): (this: void) => void {
  const timer = vim.uv.new_timer();
  let offset = vim.uv.fs_stat(path)[0]?.size ?? 0;
  // The end of the last read: the mark may be cut in two between reads.
  let tail = "";
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    timer.stop();
    if (!timer.is_closing()) timer.close();
  };
  const look = () => {
    if (stopped) return;
    const [stat] = vim.uv.fs_stat(path);
    if (stat === undefined) return;
    if (stat.size < offset) offset = 0; // rewritten from the start
    if (stat.size === offset) return;
    const from = math.max(offset, stat.size - MAX_READ);
    const [fd] = vim.uv.fs_open(path, "r", 0);
    if (fd === undefined) return;
    const [chunk] = vim.uv.fs_read(fd, stat.size - from, from);
    vim.uv.fs_close(fd);
    if (typeof chunk !== "string") return;
    offset = from + chunk.length;
    const text = tail + chunk;
    tail = string.sub(text, -INTERRUPT_MARK.length);
    if (string.find(text, INTERRUPT_MARK, 1, true)[0] !== undefined) {
      stop();
      interrupted();
    }
  };
  timer.start(POLL_MS, POLL_MS, vim.schedule_wrap(look));
  return stop;
}
