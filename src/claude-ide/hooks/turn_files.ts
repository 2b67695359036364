// The files of a turn (hooks/turn): every file that changed between the turn's start and a later snapshot, read
// from the store, with what the turn review needs to show it — its texts before and after, who changed it (the
// agent's edit tools or a shell command), whether it is the user's (saved during the turn, or unsaved in a
// buffer: never reverted), and which of its hunks were accepted in a review during the turn already.
import type { ChangeOrigin } from "../contracts";
import * as snapshot from "../editor/snapshot/snapshot";
import type { Change } from "../editor/snapshot/snapshot";
import { sameLines } from "../editor/write/apply";
import { findBuffer } from "../editor/buffers";
import { textLines } from "../editor/review/diff_text";
import { applyHunks, diffHunks, hunkKey } from "../editor/review/model";
import type { Accepted, Turn } from "./turn_state";

/** One changed file as the review shows it. */
export interface TurnFile {
  change: Change;
  abs: string;
  fromAbs?: string;
  label: string;
  before?: string;
  after?: string;
  byTool: boolean;
  /** Every hunk of the file was accepted in a review during the turn already. */
  reviewed: boolean;
  /** The turn's hunks of the file, and how many of them were reviewed already. */
  hunks: number;
  reviewedHunks: number;
  /** The text before the turn with the reviewed hunks taken: the review's left side (only the rest is asked). */
  decided?: string[];
  /** Why it is the user's (not revertable), when it is. */
  yours?: string;
  binary: boolean;
}

/** Who made a turn's change to the file, as the review document says (ReviewFile.origin). */
export function originOf(i: TurnFile): ChangeOrigin {
  return i.byTool ? "edit tools" : i.yours !== undefined ? "user" : "shell";
}

/** A text's lines (none: no file). */
export function linesOf(bytes: string | undefined): string[] {
  return bytes === undefined ? [] : textLines(bytes);
}

/** Hunks between two texts (editor/review/model's blocks, every review's). */
export function hunkCount(a: string[], b: string[]): number {
  return sameLines(a, b) ? 0 : diffHunks(a, b).length;
}

/**
 * `before` with the hunks of before → after that were accepted in a review (the same lines removed and added,
 * wherever they sit) taken from `after`; how many hunks there are and how many were taken.
 */
function takeReviewed(
  before: string[],
  after: string[],
  accepted: Accepted[],
): { lines: string[]; total: number; taken: number } {
  const keys = new LuaSet<string>();
  for (const r of accepted) {
    const from = r.before !== undefined ? textLines(r.before) : before;
    const to = textLines(r.text);
    if (!sameLines(from, to)) for (const h of diffHunks(from, to)) keys.add(hunkKey(from, to, h));
  }
  const found = sameLines(before, after) ? [] : diffHunks(before, after);
  let taken = 0;
  const lines = applyHunks(before, after, found, (h) => {
    const take = keys.has(hunkKey(before, after, h));
    if (take) taken++;
    return take;
  });
  return { lines, total: found.length, taken };
}

/** The changed files of `t` from its start to the manifest `to` (in the store at `base`). */
export function turnFiles(t: Turn, to: string, base: string | undefined): TurnFile[] {
  const store = snapshot.storeOf(t.root, base);
  // `to` was taken with the turn's start as its previous snapshot: its delta is the turn's changes.
  const changes = snapshot.changesOf(to, store);
  return changes.map((change) => {
    const abs = `${t.root}/${change.path}`;
    const before = change.before !== undefined ? snapshot.objectBytes(store, change.before) : undefined;
    const after = change.after !== undefined ? snapshot.objectBytes(store, change.after) : undefined;
    const accepted = t.reviewed.get(abs);
    const beforeLines = linesOf(before);
    const afterLines = linesOf(after);
    const taken =
      accepted !== undefined && after !== undefined && change.kind !== "renamed"
        ? takeReviewed(beforeLines, afterLines, accepted)
        : { lines: beforeLines, total: hunkCount(beforeLines, afterLines), taken: 0 };
    const reviewed = taken.total > 0 && taken.taken === taken.total;
    let yours: string | undefined;
    const buf = findBuffer(abs);
    if (t.userSaved.has(abs)) yours = "you saved it during the turn";
    else if (buf !== undefined && vim.api.nvim_get_option_value("modified", { buf }) === true)
      yours = `your buffer b${buf} has unsaved changes`;
    const binary =
      (before !== undefined && string.find(before, "\0", 1, true)[0] !== undefined) ||
      (after !== undefined && string.find(after, "\0", 1, true)[0] !== undefined);
    return {
      change,
      abs,
      fromAbs: change.from !== undefined ? `${t.root}/${change.from}` : undefined,
      label: change.path,
      before,
      after,
      byTool: t.toolFiles.has(abs) || accepted !== undefined,
      reviewed,
      hunks: taken.total,
      reviewedHunks: taken.taken,
      decided: taken.taken > 0 ? taken.lines : undefined,
      yours,
      binary,
    };
  });
}
