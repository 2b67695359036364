// The one way a change reaches a file that no buffer has loaded: Neovim's own `:write`, from a hidden
// buffer that lives only for it. So the bytes are exactly what `:w` writes for the same change: the file's
// 'fileformat' (CRLF kept), 'fileencoding' and 'bomb' as Neovim detects them on reading, a missing final
// newline as the user's 'fixendofline' says, and symbolic links, hard links and the mode kept ('backupcopy').
// The hidden buffer is read and written with every autocmd ignored (no filetype, no plugin, no language
// server sees it), without a swap file or an undo file, and wiped afterwards.
// A big file is not one long stretch of the editor's loop: with a Pacing, the work pauses (the call parks,
// the user's keys and other requests are handled) between reading, comparing slices of the text, and the
// write; 'eventignore' is the user's own during every pause, and the write itself (only the changed lines
// set, then :write) is one short step, so the file on disk is never left half-changed.
// A big file (childWrite.minBytes) with a Pacing that can wait is written by a child Neovim instead
// (editor/write/disk_write_child): reading it and the :write are single calls too long for one frame.
import { findBuffer, vimErrorLine } from "../buffers";
import { childWrite, writeInChild } from "./disk_write_child";
import { type Pacing, sliceCheck } from "../pacing";
import { normalizePath } from "../positions";
import { fileStamp } from "../../util/fs";

export type DiskWrite = { ok: true } | { ok: false; error: string } | { ok: false; loaded: Buf; error: string };

interface Saved {
  swapfile: boolean;
  undofile: boolean;
  undolevels: number;
  modeline: boolean;
}

/**
 * From this size on, a paced write pauses before reading the file into the hidden buffer: that read (and the
 * :write) are single calls into Neovim that cannot be cut, so nothing else shares their stretch.
 */
const PAUSE_BEFORE_READ_BYTES = 256 * 1024;

/** Lines compared per slice of the check that the file still holds what the change was planned on. */
const COMPARE_STEP = 4000;

function get<T>(buf: Buf, name: string): T {
  return vim.api.nvim_get_option_value(name, { buf }) as T;
}

function set(buf: Buf, name: string, value: unknown): void {
  vim.api.nvim_set_option_value(name, value, { buf });
}

/** Runs `fn` with every autocmd ignored, the user's 'eventignore' restored after it, even when it throws. */
function ignoringEvents<T>(fn: (this: void) => T): T {
  const eventignore = vim.o.eventignore as string;
  vim.o.eventignore = "all";
  const [ok, result] = pcall(fn);
  vim.o.eventignore = eventignore;
  if (!ok) throw result;
  return result;
}

/** A line list as a buffer holds it: a 0-byte file reads as no line. */
function sameAsBuffer(buf: Buf, expect: string[], pacing: Pacing | undefined, stillOurs: () => boolean): boolean {
  const total = vim.api.nvim_buf_line_count(buf);
  if (total !== expect.length) return false;
  let sliceStart = vim.uv.hrtime();
  for (let from = 0; from < total; from += COMPARE_STEP) {
    const to = math.min(from + COMPARE_STEP, total);
    const chunk = vim.api.nvim_buf_get_lines(buf, from, to, false);
    for (let i = 0; i < chunk.length; i++) if (chunk[i] !== expect[from + i]) return false;
    if (pacing !== undefined && to < total && (vim.uv.hrtime() - sliceStart) / 1e6 >= pacing.sliceMs) {
      pacing.pause();
      if (!stillOurs()) return false;
      sliceStart = vim.uv.hrtime();
    }
  }
  return true;
}

/**
 * Writes `lines` to the file at `path` as `:w` of that file would, when no buffer has it loaded. `expect`:
 * the lines the change was planned on (as readfile() gave them); when the file exists and holds something
 * else now, nothing is written. A missing file is created (its folder must exist). When the file turns out
 * to be loaded after all (another name of it, a symbolic link, or the user opened it during a pause),
 * `loaded` names that buffer and nothing is written: the caller changes the buffer instead. `pacing`: pause
 * between the steps of a big file (see the top of this file); without it the work is one stretch.
 */
export function writeFileAsVim(path: string, lines: string[], expect?: string[], pacing?: Pacing): DiskWrite {
  const file = normalizePath(path);
  const [before] = vim.uv.fs_stat(file);
  if (
    pacing?.wait !== undefined &&
    expect !== undefined &&
    before !== undefined &&
    before.type === "file" &&
    before.size > 0 &&
    before.size >= childWrite.minBytes
  )
    return writeBigFile(file, lines, expect, pacing);
  if (pacing !== undefined && before !== undefined && before.size >= PAUSE_BEFORE_READ_BYTES) pacing.pause();
  const [stat] = vim.uv.fs_stat(file);
  if (stat !== undefined && stat.type !== "file") return { ok: false, error: `${file} is not a regular file` };
  const existed = vim.fn.bufexists(file) === 1;
  let buf: Buf | undefined;
  let saved: Saved | undefined;
  /** The buffer was taken by the user during a pause (shown, listed anew, changed): it is theirs now. */
  let taken = false;
  let listed = false;
  let tick = 0;
  /** The file as read (undefined: it did not exist): changed on disk during a pause, it is not written. */
  let read: string | undefined;
  const stillOurs = (): boolean => {
    const b = buf;
    if (b === undefined || !vim.api.nvim_buf_is_valid(b) || !vim.api.nvim_buf_is_loaded(b)) return false;
    if (vim.fn.win_findbuf(b).length > 0 || (get<boolean>(b, "buflisted") && !listed)) return false;
    return vim.api.nvim_buf_get_changedtick(b) === tick;
  };
  /** Lets the editor's loop run when this stretch is long enough; false when the buffer is not ours after. */
  let sliceStart = vim.uv.hrtime();
  const pauseIfDue = (): boolean => {
    if (pacing === undefined || (vim.uv.hrtime() - sliceStart) / 1e6 < pacing.sliceMs) return true;
    pacing.pause();
    sliceStart = vim.uv.hrtime();
    if (stillOurs()) return true;
    taken = buf !== undefined && vim.api.nvim_buf_is_valid(buf);
    return false;
  };
  const takenResult = (): DiskWrite => loadedResult(buf as Buf, true);
  const [ok, result] = pcall((): DiskWrite => {
    const loaded = ignoringEvents((): Buf | undefined => {
      const b = vim.fn.bufadd(file);
      if (vim.api.nvim_buf_is_loaded(b)) return b;
      buf = b;
      listed = get<boolean>(b, "buflisted");
      saved = {
        swapfile: get(b, "swapfile"),
        undofile: get(b, "undofile"),
        undolevels: get(b, "undolevels"),
        modeline: get(b, "modeline"),
      };
      set(b, "swapfile", false);
      set(b, "undofile", false);
      set(b, "undolevels", -1);
      // Modelines are not run: a file's text does not set options or run anything when the agent writes it.
      set(b, "modeline", false);
      vim.fn.bufload(b);
      tick = vim.api.nvim_buf_get_changedtick(b);
      read = fileStamp(file);
      return undefined;
    });
    if (loaded !== undefined) return loadedResult(loaded, false);
    const target = buf as Buf;
    if (!pauseIfDue()) return takenResult();
    // The buffer holds `expect` (then only the lines that differ are set), or a conversion of it, or else
    // the file changed since the change was planned.
    let content = lines;
    let base: string[] | undefined;
    if (stat !== undefined && expect !== undefined) {
      const same =
        stat.size === 0
          ? expect.length === 0
          : sameAsBuffer(target, expect, pacing, () => {
              sliceStart = vim.uv.hrtime();
              return stillOurs();
            });
      if (!stillOurs()) {
        taken = vim.api.nvim_buf_is_valid(target);
        if (taken) return takenResult();
      }
      if (same) base = expect;
      else {
        const conv = ignoringEvents(() => convertedAsRead(file, expect, target, lines));
        if (conv === undefined)
          return {
            ok: false,
            error:
              "the file changed on disk while the review was open: nothing was written; read it again and redo the edit",
          };
        content = conv;
      }
    }
    const [from, to, replacement] = changedRange(base, content);
    if (!pauseIfDue()) return takenResult();
    if (pacing !== undefined && fileStamp(file) !== read)
      return {
        ok: false,
        error:
          "the file changed on disk while it was being written: nothing was written; read it again and redo the edit",
      };
    return ignoringEvents((): DiskWrite => {
      vim.api.nvim_buf_set_lines(target, from, to, false, replacement);
      vim.api.nvim_buf_call(target, () => vim.cmd("silent keepalt keepjumps write"));
      return { ok: true };
    });
  });
  if (buf !== undefined && vim.api.nvim_buf_is_valid(buf)) {
    const target = buf;
    ignoringEvents(() => {
      if (taken) {
        // The user's buffer now: it stays, with the options the user would have had.
      } else if (!existed) pcall(vim.api.nvim_buf_delete, target, { force: true });
      else pcall(vim.api.nvim_buf_delete, target, { force: true, unload: true });
      if (saved !== undefined && (existed || taken)) {
        const before = saved;
        pcall(set, target, "swapfile", before.swapfile);
        pcall(set, target, "undofile", before.undofile);
        pcall(set, target, "undolevels", before.undolevels);
        pcall(set, target, "modeline", before.modeline);
      }
    });
  }
  if (!ok) return { ok: false, error: vimErrorLine(result) };
  return result;
}

/** The file is loaded in buffer `buf` (`meanwhile`: the user opened it while the write was under way). */
function loadedResult(buf: Buf, meanwhile: boolean): DiskWrite {
  const error = meanwhile ? `the file was opened in buffer b${buf} meanwhile` : `the file is loaded in buffer b${buf}`;
  return { ok: false, loaded: buf, error };
}

/** The buffer that has `file` loaded, under whichever name of it (a symbolic link too), if any. */
function loadedBuffer(file: string): Buf | undefined {
  return findBuffer(file, true);
}

const CHANGED_ERROR =
  "the file changed on disk while the review was open: nothing was written; read it again and redo the edit";

/** writeFileAsVim of an existing big file, by a child Neovim (editor/write/disk_write_child). */
function writeBigFile(file: string, lines: string[], expect: string[], pacing: Pacing): DiskWrite {
  const loaded = loadedBuffer(file);
  if (loaded !== undefined) return loadedResult(loaded, false);
  const stamp = fileStamp(file) ?? "none";
  const due = sliceCheck(pacing);
  const [from, to, replacement] = changedRange(expect, lines);
  due();
  const wait = pacing.wait as NonNullable<Pacing["wait"]>;
  const outcome = writeInChild(
    { file, stamp, change: { kind: "lines", expect, from, to: to < 0 ? expect.length : to, replacement } },
    { due, wait, pause: pacing.pause },
    () => loadedBuffer(file),
  );
  if (outcome.kind === "ok") return { ok: true };
  if (outcome.kind === "loaded") return loadedResult(outcome.buf, true);
  if (outcome.kind === "changed") return { ok: false, error: CHANGED_ERROR };
  if (outcome.kind === "failed") return { ok: false, error: `${outcome.error}: nothing was written` };
  return { ok: false, error: `the child Neovim answered "${outcome.kind}" to a change of lines: nothing was written` };
}

/** What an agent's edits of a big unloaded file came to, planned and written by a child Neovim (editInChild). */
export type ChildEdit =
  | { kind: "written" }
  | { kind: "unchanged" }
  /** The edits do not fit the file (old_text not found, ...): the words planEdits tells the model. */
  | { kind: "refused"; error: string }
  | { kind: "failed"; error: string };

/**
 * Plans `edits` (editor/write/apply EditSpec) on the file at `path` and writes the result as `:w` would, all in a child
 * Neovim (editor/write/disk_write_worker), when the file exists, is big (childWrite.minBytes) and no buffer has it
 * loaded: for an edit no review shows, nothing needs the file's lines in the editor, whose loop then never
 * holds, splits or collects them. Undefined: not such a file, or it was opened or changed before the child
 * could start: the caller makes the edit itself.
 */
export function editInChild(path: string, edits: unknown[], display: string, pacing: Pacing): ChildEdit | undefined {
  const file = normalizePath(path);
  const [stat] = vim.uv.fs_stat(file);
  if (pacing.wait === undefined || stat === undefined || stat.type !== "file") return undefined;
  if (stat.size === 0 || stat.size < childWrite.minBytes || loadedBuffer(file) !== undefined) return undefined;
  const stamp = fileStamp(file);
  if (stamp === undefined) return undefined;
  const outcome = writeInChild(
    { file, stamp, change: { kind: "edits", edits, display } },
    { due: sliceCheck(pacing), wait: pacing.wait, pause: pacing.pause },
    () => loadedBuffer(file),
  );
  if (outcome.kind === "ok") return { kind: "written" };
  if (outcome.kind === "unchanged") return { kind: "unchanged" };
  if (outcome.kind === "refused") return { kind: "refused", error: outcome.error };
  if (outcome.kind === "failed") return { kind: "failed", error: `${outcome.error}: nothing was written` };
  return undefined;
}

/**
 * What nvim_buf_set_lines must replace to turn a buffer holding `base` into `content`: the lines between
 * their common first and last lines (all of it without a base).
 */
export function changedRange(
  base: string[] | undefined,
  content: string[],
): LuaMultiReturn<[number, number, string[]]> {
  if (base === undefined || base.length === 0) return $multi(0, -1, content);
  let head = 0;
  const shorter = math.min(base.length, content.length);
  while (head < shorter && base[head] === content[head]) head++;
  let tail = 0;
  while (tail < shorter - head && base[base.length - 1 - tail] === content[content.length - 1 - tail]) tail++;
  if (head === base.length && head === content.length) return $multi(0, 0, []);
  return $multi(head, base.length - tail, content.slice(head, content.length - tail));
}

/**
 * A file Neovim converts on reading (latin1, UTF-16, ...): `expect` holds its raw lines (readfile() does not
 * convert), the buffer the converted ones. When the raw lines match, `lines` (raw too) are converted the same
 * way for the buffer, so that the write converts them back to the file's encoding. Undefined otherwise.
 */
function convertedAsRead(file: string, expect: string[], buf: Buf, lines: string[]): string[] | undefined {
  const fenc = get<string>(buf, "fileencoding");
  if (fenc === "" || fenc === "utf-8") return undefined;
  const [ok, raw] = pcall(vim.fn.readfile, file);
  if (!ok || !vim.deep_equal(raw, expect)) return undefined;
  return lines.map((line) => {
    const out = vim.fn.iconv(line, fenc, "utf-8");
    return out !== "" || line === "" ? out : line;
  });
}
