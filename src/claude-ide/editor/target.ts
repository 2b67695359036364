// What an agent tool's `path` | `buffer` arguments name: a buffer (with its unsaved text) or a file on disk.
// `path` is absolute or relative to Neovim's cwd; `buffer` is a buffer number as editor_state lists them.
import { bufferPath, findBuffer } from "./buffers";
import { normalizePath } from "./positions";
import { RESULT_BUDGET, failWith } from "../protocol/result";
import { int, optional, str } from "../protocol/schema";
import type { ToolContext } from "../protocol/tool";
import type { Policy } from "../policy/policy";
import { displayPath } from "./state";
import { type Pacing, sliceCheck } from "./pacing";

/** `path` | `buffer`, as every tool that works on one file takes them (resolved by `resolveTarget`). */
export const targetInput = {
  path: optional(str("File path, absolute or relative to Neovim's cwd", { minLength: 1 })),
  buffer: optional(int("Buffer number (b<n> in editor_state)", { minimum: 1 })),
};

export interface Target {
  /** The buffer holding the text, when there is one (loaded or not). */
  buf?: Buf;
  /** Normalized absolute path ("" for an unnamed buffer). */
  path: string;
  /** The path as the model reads it (relative to the cwd when inside it). */
  display: string;
  /** The file exists on disk. */
  onDisk: boolean;
}

export interface TargetArgs {
  path?: string;
  buffer?: number;
}

function exists(path: string): boolean {
  const [stat] = vim.uv.fs_stat(path);
  return stat !== undefined && stat.type !== "directory";
}

/**
 * Resolves `path` | `buffer`. `missing`: what a path naming no buffer and no file means — "error" (the
 * default), or "allow" (edit may create a file). Throws a ToolError (failWith) that says what to do: also when
 * the policy refuses the file (outside the workspace, or withheld from the model), so that every agent tool
 * (and the LSP tools, through lsp/document) is refused in the same words.
 */
export function resolveTarget(
  policy: Policy,
  args: TargetArgs,
  opts: { missing?: "error" | "allow"; required?: boolean } = {},
): Target | undefined {
  const target = resolveUnchecked(args, opts);
  if (target === undefined || target.path === "") return target;
  const refusal = policy.refusal(target.path, target.display);
  if (refusal !== undefined) failWith(refusal);
  return target;
}

function resolveUnchecked(
  args: TargetArgs,
  opts: { missing?: "error" | "allow"; required?: boolean } = {},
): Target | undefined {
  if (args.path !== undefined && args.buffer !== undefined) failWith('give either "path" or "buffer", not both');
  if (args.buffer !== undefined) {
    const buf = args.buffer;
    if (!vim.api.nvim_buf_is_valid(buf)) failWith(`there is no buffer ${buf}; editor_state lists the buffers (b<n>)`);
    const path = bufferPath(buf);
    return { buf, path, display: displayPath(path), onDisk: path !== "" && exists(path) };
  }
  if (args.path === undefined) {
    if (opts.required === false) return undefined;
    failWith('give "path" (absolute or relative to Neovim\'s cwd) or "buffer" (a number from editor_state)');
  }
  const raw = args.path;
  if (raw === "") failWith('"path" must not be empty');
  if (string.find(raw, "\0", 1, true)[0] !== undefined) failWith('"path" must not contain a NUL byte');
  const path = normalizePath(raw);
  const [stat] = vim.uv.fs_stat(path);
  if (stat?.type === "directory") failWith(`${displayPath(path)} is a directory, not a file`);
  const buf = findBuffer(path);
  const onDisk = stat !== undefined;
  if (buf === undefined && !onDisk && opts.missing !== "allow") {
    failWith(
      `no buffer and no file at ${path} (relative paths are taken from Neovim's cwd ${vim.fn.getcwd()}); check the path, or search with scope "project"`,
    );
  }
  return { buf, path, display: displayPath(path), onDisk };
}

/** The text lines of a target: the buffer's (unsaved) lines when loaded, else the file's. */
export function targetLines(t: Target): string[] {
  if (t.buf !== undefined && vim.api.nvim_buf_is_loaded(t.buf)) return vim.api.nvim_buf_get_lines(t.buf, 0, -1, false);
  if (!t.onDisk) return [];
  const [ok, lines] = pcall(vim.fn.readfile, t.path);
  if (!ok) failWith(`cannot read ${t.display}: ${tostring(lines)}`);
  return lines;
}

/**
 * Parks the call until the editor's loop has polled for input once (keys typed and requests sent meanwhile are
 * handled first). A 1 ms timer, not vim.schedule: a callback scheduled from a scheduled callback runs in the
 * same pass over the event queue, before anything new is read.
 */
export function yieldToEditor(ctx: ToolContext): void {
  ctx.park<boolean>((resume) => {
    const timer = vim.uv.new_timer();
    timer.start(1, 0, () => {
      timer.close();
      resume(true);
    });
  });
}

/** Long work of a call in steps of SLICE_MS with the editor's loop running between them (editor/write/disk_write). */
export function pacing(ctx: ToolContext): Pacing {
  return {
    pause: () => yieldToEditor(ctx),
    sliceMs: SLICE_MS,
    wait: <T>(start: (this: void, done: (this: void, value: T) => void) => void): T => ctx.park<T>(start),
  };
}

/** A UTF-8 byte order mark, which readfile() drops. */
const BOM = "\u{feff}";

/** A file is read in pieces of this size (the clock is looked at after each)... */
const CHUNK = 64 * 1024;
/**
 * Work done for the model in the editor's loop (reading files, quoting lines) runs for at most this long at a
 * time, then yields (yieldToEditor) so the loop runs before the next piece: no frozen frame.
 */
export const SLICE_MS = 4;

/**
 * The lines of a file read in time slices (the call parks between slices, so a 10 MB file never holds the
 * editor's loop) and its line count. Lines are split like readfile(): on NL, a CR before it dropped, no empty
 * line after a final NL, a leading byte order mark dropped. With `first`/`last` only those lines are kept, and with `shownMax` only as many as one
 * answer can show (each counted at most `shownMax` bytes).
 */
export function fileLines(
  ctx: ToolContext,
  path: string,
  opts: { first?: number; last?: number; shownMax?: number } = {},
): { total: number; lines: string[] } {
  return readLines(path, pacing(ctx), opts);
}

/** fileLines with a Pacing of the caller's (paused between slices), or in one stretch without one. */
export function readLines(
  path: string,
  pacing: Pacing | undefined,
  opts: { first?: number; last?: number; shownMax?: number } = {},
): { total: number; lines: string[] } {
  // What came before (resolving the path among every buffer, the privacy rules) had its own stretch: a file
  // of more than one piece starts on a fresh one.
  const [st] = vim.uv.fs_stat(path);
  if (pacing !== undefined && st !== undefined && st.size > CHUNK) {
    pacing.pause();
    pacing.sliceStart = vim.uv.hrtime();
  }
  const due = sliceCheck(pacing);
  const [fd, err] = vim.uv.fs_open(path, "r", 0);
  if (fd === undefined) failWith(`cannot read ${displayPath(path)}: ${err}`);
  const first = opts.first ?? 1;
  const last = opts.last;
  const kept: string[] = [];
  let keptBytes = 0;
  let full = false;
  let lnum = 0;
  let tail = "";
  let offset = 0;
  /** `ended`: the line ended with NL (readfile drops a CR only there). */
  const keep = (line: string, ended: boolean) => {
    lnum++;
    if (full || lnum < first || (last !== undefined && lnum > last)) return;
    if (ended && string.sub(line, -1) === "\r") line = string.sub(line, 1, -2);
    kept.push(line);
    if (opts.shownMax !== undefined) {
      keptBytes += math.min(line.length, opts.shownMax) + 8;
      if (keptBytes > RESULT_BUDGET) full = true;
    }
  };
  for (;;) {
    const [data, readErr] = vim.uv.fs_read(fd, CHUNK, offset);
    if (data === undefined) {
      vim.uv.fs_close(fd);
      failWith(`cannot read ${displayPath(path)}: ${readErr}`);
    }
    if (data === "") break;
    let pos = offset === 0 && string.sub(data, 1, 3) === BOM ? 4 : 1;
    offset += data.length;
    for (;;) {
      const [nl] = string.find(data, "\n", pos, true);
      if (nl === undefined) break;
      if (tail !== "") {
        keep(tail + string.sub(data, pos, nl - 1), true);
        tail = "";
      } else if (full || lnum + 1 < first) {
        lnum++; // counted, not kept: no substring made
      } else {
        keep(string.sub(data, pos, nl - 1), true);
      }
      pos = nl + 1;
    }
    if (pos <= data.length) tail += string.sub(data, pos);
    due();
  }
  vim.uv.fs_close(fd);
  if (tail !== "") keep(tail, false);
  return { total: lnum, lines: kept };
}

/** targetLines, with a file on disk read in time slices (see fileLines). */
export function targetLinesSliced(ctx: ToolContext, t: Target): string[] {
  if ((t.buf === undefined || !vim.api.nvim_buf_is_loaded(t.buf)) && t.onDisk) return fileLines(ctx, t.path).lines;
  return targetLines(t);
}
