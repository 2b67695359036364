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
import { rebased } from "../editor/review/model";
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
  final: string[],
  afterLines: string[],
): { ok: true; what: string } | { ok: false; error: string } {
  const beforeLines = linesOf(i.before);
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
  return {
    ok: true,
    what: revertedWhat(i, hunkCount(beforeLines, afterLines), hunkCount(beforeLines, target), wholeFile),
  };
}
