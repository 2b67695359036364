// The turn review's reverts (hooks/turn): what the user decided in the review, written to the files — a hunk put
// back, a created file deleted again, a deleted one restored, a renamed one moved back — like every plugin write
// (editor/write/apply: buffer-aware, :w-like, undoable in the buffer); never a file that is the user's. The user is
// told what happened, and the model with the next prompt (Services.notes).
import { say } from "../log";
import { applyText, sameLines } from "../editor/write/apply";
import { findBuffer } from "../editor/buffers";
import { deleteFile, renameFile } from "../editor/write/file_ops";
import { hunkCount, linesOf, type TurnFile } from "./turn_files";
import { appliedMessage, revertNote, revertedWhat } from "./turn_messages";
import { rebased, revertCounts } from "../editor/review/model";
import type { SessionState, Turn, TurnDeps } from "./turn_state";

/**
 * Writes the reverts the user decided in turn `t`'s review of `files`: `finals` the text each file is to have
 * (its proposal with the reverted hunks put back), `whole` the files reverted whole; tells what happened, and
 * queues the note for the model.
 */
export function applyReverts(
  deps: TurnDeps,
  s: SessionState,
  t: Turn,
  files: TurnFile[],
  finals: string[][],
  whole: LuaSet<number>,
): void {
  const reverted: string[] = [];
  const refused: string[] = [];
  files.forEach((i, index) => {
    const final = finals[index] ?? linesOf(i.after);
    const afterLines = linesOf(i.after);
    const wholeFile = whole.has(index);
    if (!wholeFile && sameLines(final, afterLines)) return;
    if (i.yours !== undefined) {
      refused.push(`${i.label}: yours (${i.yours}), not reverted`);
      return;
    }
    const done = revert(i, wholeFile, final, afterLines);
    if (done.ok) reverted.push(done.what);
    else refused.push(`${i.label}: ${done.error}`);
  });
  if (reverted.length > 0) deps.services.notes.add(revertNote(t, reverted), { session: s.key, clientId: s.owner });
  say(appliedMessage(t, reverted, refused), refused.length > 0 ? "warn" : "info");
}

/** A buffer showing the file that is stale (unmodified, older than the disk) is read again first. */
function freshen(path: string): void {
  const buf = findBuffer(path);
  if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) return;
  if (vim.api.nvim_get_option_value("modified", { buf }) === true) return;
  pcall(vim.api.nvim_buf_call, buf, () => vim.cmd("silent! checktime"));
}

/** The UTF-8 byte order mark, as a file's first bytes. */
const BOM = string.char(0xef, 0xbb, 0xbf);

/**
 * `lines` of a file (its bytes cut at each "\n") as Vim reads them, which is what a write compares with and
 * writes back in the file's own format (editor/write): a CRLF file's lines without their "\r", the first line
 * without a byte order mark. Vim keeps both ('fileformat' dos, 'bomb') when it writes the file again.
 */
function asVimReads(lines: string[], bytes: string | undefined): string[] {
  if (bytes === undefined) return lines;
  const dos = lines.length > 0 && lines.every((l) => vim.endswith(l, "\r"));
  const bom = vim.startswith(bytes, BOM);
  if (!dos && !bom) return lines;
  return lines.map((l, k) => {
    let out = dos && vim.endswith(l, "\r") ? string.sub(l, 1, -2) : l;
    if (k === 0 && bom && vim.startswith(out, BOM)) out = string.sub(out, BOM.length + 1);
    return out;
  });
}

/**
 * The revert `afterLines` → `target` as it goes into the file's buffer: when the user changed the buffer since the
 * turn (unsaved edits made while reviewing, in the inline view say), the revert is made around their changes
 * (model.ts rebased), never over them; refused when it would touch the lines they changed.
 */
function aroundYours(
  path: string,
  afterLines: string[],
  target: string[],
): { ok: true; from: string[]; to: string[] } | { ok: false; error: string } {
  const buf = findBuffer(path);
  if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) return { ok: true, from: afterLines, to: target };
  const now = vim.api.nvim_buf_get_lines(buf, 0, -1, false);
  // An empty buffer holds one empty line: that is the empty file.
  if (sameLines(now, afterLines) || (afterLines.length === 0 && now.length === 1 && now[0] === ""))
    return { ok: true, from: afterLines, to: target };
  const merged = rebased(afterLines, target, now);
  if (merged === undefined)
    return {
      ok: false,
      error: `your unsaved changes in its buffer b${buf} touch the lines to revert: not reverted (undo them, or revert by hand)`,
    };
  return { ok: true, from: now, to: merged };
}

function revert(
  i: TurnFile,
  wholeFile: boolean,
  finalAsRead: string[],
  afterAsRead: string[],
): { ok: true; what: string } | { ok: false; error: string } {
  // The texts as Vim reads the file (CRLF, BOM), which is how a write compares and keeps them.
  const onDisk = i.after ?? i.before;
  const final = asVimReads(finalAsRead, onDisk);
  const afterLines = asVimReads(afterAsRead, onDisk);
  const beforeLines = asVimReads(linesOf(i.before), onDisk);
  const kind = i.change.kind;
  const emptied = final.length === 0 || (final.length === 1 && final[0] === "");
  if (kind === "created" && (wholeFile || emptied)) {
    const r = deleteFile(i.abs, true);
    return r.ok ? { ok: true, what: `${i.label} (created: deleted again)` } : r;
  }
  if (kind === "deleted") {
    const text = wholeFile ? beforeLines : final;
    const r = applyText(i.abs, [], text);
    if (!r.ok) return r;
    if (i.change.before !== undefined) vim.uv.fs_chmod(i.abs, i.change.before.mode);
    return { ok: true, what: `${i.label} (deleted: restored${wholeFile ? "" : ", in part"})` };
  }
  if (kind === "renamed" && wholeFile && i.fromAbs !== undefined) {
    freshen(i.abs);
    const moved = renameFile(i.abs, i.fromAbs, false);
    if (!moved.ok) return moved;
    if (!sameLines(beforeLines, afterLines)) {
      freshen(i.fromAbs);
      const r = applyText(i.fromAbs, afterLines, beforeLines);
      if (!r.ok) return r;
    }
    return { ok: true, what: `${i.label} (renamed from ${i.change.from}: moved back)` };
  }
  const target = wholeFile ? beforeLines : final;
  freshen(i.abs);
  const around = aroundYours(i.abs, afterLines, target);
  if (!around.ok) return around;
  const r = applyText(i.abs, around.from, around.to);
  if (!r.ok) return r;
  // Hunks reverted whole, and in part (some of their lines: Visual gH), the exact lines decided.
  const [whole, part] = revertCounts(beforeLines, afterLines, target);
  return { ok: true, what: revertedWhat(i, hunkCount(beforeLines, afterLines), whole, part, wholeFile) };
}
