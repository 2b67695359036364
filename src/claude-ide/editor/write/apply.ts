// Text changes the agent endpoint makes, after the user's review: planned against the buffer's current
// (unsaved) text, applied to the buffer as one undo step touching only the changed lines, and written to disk
// only when the buffer had no unsaved changes of the user before (a file with no buffer is written as `:w`
// would write it: editor/write/disk_write). The user's own unsaved work is never written or overwritten.
import { findBuffer, saveBuffer, setChangedLines } from "../buffers";
import { linesText, textLines } from "../review/diff_text";
import { writeFileAsVim } from "./disk_write";
import { type Pacing, sliceCheck } from "../pacing";
import { failWith } from "../../protocol/result";
import { sizedArray } from "../../util/tables";

export type EditSpec =
  { old_text: string; new_text: string } | { start_line: number; end_line: number; new_text: string };

/** 1-based line numbers of the lines where the byte offsets (1-based) in `text` fall. */
function linesOf(text: string, offsets: number[]): number[] {
  return offsets.map((at) => {
    const [, count] = string.gsub(string.sub(text, 1, at - 1), "\n", "");
    return count + 1;
  });
}

/** Every 1-based start offset of `needle` in `text` (non-overlapping). */
function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  let from = 1;
  for (;;) {
    const [at, to] = string.find(text, needle, from, true);
    if (at === undefined) break;
    found.push(at);
    from = to + 1;
  }
  return found;
}

/** Lines handled between two looks at the clock (sliceCheck) in the loops over every line of a file. */
const LINES_PER_CHECK = 4096;

/**
 * The text after `edits` (each located in the ORIGINAL lines, none overlapping). A line range replaces whole
 * lines (end_line = start_line - 1 inserts before start_line); old_text must occur exactly once. `pacing`: the
 * passes over a big file's lines pause between slices (the call parks; see editor/write/disk_write).
 */
export function planEdits(lines: string[], edits: EditSpec[], display: string, pacing?: Pacing): string[] {
  const due = sliceCheck(pacing);
  const { text, lineStart } = lineIndex(lines, due);
  const ranges: { from: number; to: number; replacement: string; index: number }[] = [];
  edits.forEach((e, i) => {
    if ("old_text" in e) {
      if (e.old_text === "")
        failWith(
          `edits[${i}].old_text must not be empty (to insert, use start_line/end_line with end_line = start_line - 1)`,
        );
      const hits = occurrences(text, e.old_text);
      if (hits.length === 0) {
        failWith(
          `edits[${i}].old_text was not found in ${display}: it must match the current text exactly, whitespace and indentation included (read_buffer shows it)`,
        );
      }
      if (hits.length > 1) {
        const at = linesOf(text, hits.slice(0, 10)).join(", ");
        failWith(
          `edits[${i}].old_text matches ${hits.length} times in ${display} (lines ${at}${hits.length > 10 ? ", …" : ""}): add surrounding lines to make it unique, or use start_line/end_line`,
        );
      }
      ranges.push({ from: hits[0], to: hits[0] + e.old_text.length, replacement: e.new_text, index: i });
    } else {
      const n = lines.length;
      if (e.start_line > n + 1)
        failWith(
          `edits[${i}].start_line ${e.start_line} is past the end: ${display} has ${n} lines (use ${n + 1} to append)`,
        );
      if (e.end_line < e.start_line - 1)
        failWith(
          `edits[${i}].end_line ${e.end_line} is before start_line ${e.start_line} (end_line = start_line - 1 inserts)`,
        );
      if (e.end_line > n) failWith(`edits[${i}].end_line ${e.end_line} is past the end: ${display} has ${n} lines`);
      const replacement = e.new_text === "" || vim.endswith(e.new_text, "\n") ? e.new_text : `${e.new_text}\n`;
      ranges.push({ from: lineStart[e.start_line - 1], to: lineStart[e.end_line], replacement, index: i });
    }
  });
  ranges.sort((a, b) => a.from - b.from);
  for (let k = 1; k < ranges.length; k++) {
    if (ranges[k].from < ranges[k - 1].to)
      failWith(`edits[${ranges[k - 1].index}] and edits[${ranges[k].index}] overlap: merge them into one edit`);
  }
  due();
  const out = spliced(lines, text, lineStart, ranges, due);
  // As textLines of an empty text.
  if (out.length === 0) out.push("");
  return out;
}

/**
 * The lines as one text, every line ended with "\n" (so that line ranges are byte ranges), and the 1-based
 * byte offset in it where each line starts (one more: where a line after the last would). `due`: called
 * often (sliceCheck), to pause a long pass over a big file.
 */
export function lineIndex(lines: string[], due: () => void): { text: string; lineStart: number[] } {
  const text = joinedText(lines, due);
  due();
  const lineStart = sizedArray<number>(lines.length + 1);
  lineStart[0] = 1;
  let at = 1;
  for (let i = 0; i < lines.length; i++) {
    at += lines[i].length + 1;
    lineStart[i + 1] = at;
    if (i % LINES_PER_CHECK === 0) due();
  }
  return { text, lineStart };
}

/** Lines joined at a time by joinedText. */
const JOIN_STEP = 10000;

/**
 * linesText(lines), joined a piece at a time with `due` called between the pieces: one join of 100,000 lines
 * held the editor's loop 2-9 ms (the pieces take under 1 ms each, their final join about 0.6 ms).
 */
function joinedText(lines: string[], due: () => void): string {
  if (lines.length <= JOIN_STEP) return linesText(lines);
  const pieces: string[] = [];
  for (let from = 1; from <= lines.length; from += JOIN_STEP) {
    // The "\n" that ends the piece as a piece of its own: appended, it would copy the piece once more.
    pieces.push(table.concat(lines, "\n", from, math.min(from + JOIN_STEP - 1, lines.length)), "\n");
    due();
  }
  return table.concat(pieces);
}

/** The 0-based index of the line holding byte `at` of the joined text (lines.length past the end). */
function lineOf(lineStart: number[], at: number): number {
  let lo = 0;
  let hi = lineStart.length - 1;
  while (lo < hi) {
    const mid = math.floor((lo + hi + 1) / 2);
    if (lineStart[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The lines of `text` (lineIndex of `lines`) with `ranges` replaced (1-based byte offsets, `to` exclusive;
 * sorted, not overlapping), as textLines would cut the whole new text (no line at all for an empty one), but
 * with every line no range touches taken from `lines` as it is: a 100,000-line file with one edit is not joined
 * and cut again line by line (that held the editor's loop for tens of ms).
 */
export function spliced(
  lines: string[],
  text: string,
  lineStart: number[],
  ranges: { from: number; to: number; replacement: string }[],
  due: () => void,
): string[] {
  const n = lines.length;
  // Usually as many lines as before: made at that size, filled by index (`count`).
  const out = sizedArray<string>(n);
  let count = 0;
  let next = 0; // the first original line not yet copied or replaced
  let k = 0;
  while (k < ranges.length) {
    // The lines the range touches: a..b (b = a - 1 for an insertion at the start of line a).
    const a = math.max(lineOf(lineStart, ranges[k].from), next);
    let b = ranges[k].to > ranges[k].from ? lineOf(lineStart, ranges[k].to - 1) : a - 1;
    let last = k;
    let region = "";
    for (;;) {
      // Take in the following ranges that start on a line of the region (or right where it ends).
      while (last + 1 < ranges.length && lineOf(lineStart, ranges[last + 1].from) <= b) {
        last++;
        if (ranges[last].to > ranges[last].from) b = math.max(b, lineOf(lineStart, ranges[last].to - 1));
      }
      const regionFrom = lineStart[a];
      const regionTo = b >= a ? lineStart[b + 1] : regionFrom; // exclusive
      const pieces: string[] = [];
      let pos = regionFrom;
      for (let j = k; j <= last; j++) {
        pieces.push(string.sub(text, pos, ranges[j].from - 1), ranges[j].replacement);
        pos = ranges[j].to;
      }
      pieces.push(string.sub(text, pos, regionTo - 1));
      region = pieces.join("");
      // A region whose new text no longer ends a line joins the next line: take that line in too.
      if (region !== "" && string.sub(region, -1) !== "\n" && b + 1 < n) {
        b++;
        continue;
      }
      break;
    }
    for (let i = next; i < a; i++) {
      out[count++] = lines[i];
      if (i % LINES_PER_CHECK === 0) due();
    }
    if (region !== "") for (const line of textLines(region)) out[count++] = line;
    next = b + 1;
    k = last + 1;
  }
  for (let i = next; i < n; i++) {
    out[count++] = lines[i];
    if (i % LINES_PER_CHECK === 0) due();
  }
  return out;
}

/** Whether two line lists are equal (a loop, not vim.deep_equal: 100,000 lines cost that 13 ms). */
export function sameLines(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export type Applied = { ok: true; where: string } | { ok: false; error: string };

/** Where an applied change went when no buffer had the file (Applied.where). */
export const WRITTEN_TO_DISK = "and written to disk (no buffer had it open)";

/**
 * Applies `after` to the file `path`: to its loaded buffer (then written when it was unmodified before), else
 * to disk exactly as `:w` would write it (editor/write/disk_write). `before` is the text the change was planned on:
 * a buffer or file that changed since is refused. `pacing`: a big file on disk is written in steps with the
 * editor's loop running between them (editor/write/disk_write).
 */
export function applyText(path: string, before: string[], after: string[], pacing?: Pacing): Applied {
  const buf = findBuffer(path);
  if (buf !== undefined && vim.api.nvim_buf_is_loaded(buf)) return applyToBuffer(buf, before, after);
  // A new file in a folder that does not exist yet: the user accepted creating it, so the folder is made too.
  const dir = vim.fs.dirname(path);
  if (vim.fn.isdirectory(dir) !== 1 && vim.fn.mkdir(dir, "p") !== 1)
    return { ok: false, error: `cannot create the directory ${dir}: nothing was written` };
  const written = writeFileAsVim(path, after, before, pacing);
  if (written.ok) return { ok: true, where: WRITTEN_TO_DISK };
  // Loaded under another name (a symbolic link to it): that buffer is the file the user sees.
  if ("loaded" in written) return applyToBuffer(written.loaded, before, after);
  return { ok: false, error: written.error };
}

function applyToBuffer(buf: Buf, before: string[], after: string[]): Applied {
  const now = vim.api.nvim_buf_get_lines(buf, 0, -1, false);
  if (!sameLines(now, before))
    return {
      ok: false,
      error:
        "the buffer changed while the review was open (the user kept typing): nothing was applied; read it again and redo the edit",
    };
  if (vim.api.nvim_get_option_value("modifiable", { buf }) !== true)
    return { ok: false, error: "the buffer is not modifiable ('modifiable' is off): nothing was applied" };
  const wasDirty = vim.api.nvim_get_option_value("modified", { buf }) === true;
  setChangedLines(buf, before, after);
  if (wasDirty) return { ok: true, where: `in buffer b${buf}, not saved: it already had unsaved changes of the user` };
  const saved = saveBuffer(buf);
  if (!saved.ok) return { ok: true, where: `in buffer b${buf}, not saved: ${saved.reason}` };
  return { ok: true, where: "and saved" };
}
