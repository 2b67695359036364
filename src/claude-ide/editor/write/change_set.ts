// The change-set pipeline: every change the plugin writes for a model (the agent's edit, the LSP tools'
// WorkspaceEdits) goes propose → review → apply → outcome here. A change set is the files it changes (their
// text before and after, renames, deletions) and its file operations in order. reviewChangeSet shows it (one
// file: the diff review; several, or file operations: the multi-file review; nothing when the user turned
// review off) and waits for the decision; applyChangeSet, on accept, checks that nothing it read changed
// meanwhile (all or nothing), runs the file operations in order, then writes each file's final text (the
// user may have changed the proposal) with editor/write/apply (buffer-aware, written like `:w`). Both answer with
// data; the tools turn it into their answers (the texts the model reads stay theirs).
import type { ChangeWriter, ReviewFile } from "../../contracts";
import { failWith } from "../../protocol/result";
import { decisionOf, type ToolContext } from "../../protocol/tool";
import { type Applied, applyText, sameLines } from "./apply";
import { findBuffer } from "../buffers";
import { type Pacing, sliceCheck } from "../pacing";
import { readLines } from "../target";
import { linesText, textLines } from "../review/diff_text";
import { createFile, deleteFile, renameFile, unsavedBuffer } from "./file_ops";
import { displayPath } from "../state";
import { plural } from "../../util/words";

/** One file of a change set. */
export interface FileChange {
  /** Absolute path where the file is after the change (a deleted file: where it is deleted). */
  path: string;
  /** The path it has now, when the change moves it (one or several renames). */
  from?: string;
  /** The text the change was planned on; undefined: the file does not exist (the change creates it). */
  before: string[] | undefined;
  after: string[];
  /** Edits in it (a count for the answers: `3 edits`). */
  edits: number;
  /** The change deletes it, or replaces it by the renamed file `replacedBy` (as shown). */
  deleted: boolean;
  replacedBy?: string;
  /** What the change does to it, as the multi-file review shows it (`renamed from src/a.ts, 2 edits`). */
  summary: string;
}

/** A file operation, made before the texts are written (they are final by then), in the change set's order. */
export type FileOp =
  | { kind: "create"; path: string }
  | { kind: "rename"; from: string; to: string; overwrite: boolean }
  | { kind: "delete"; path: string; ignoreIfNotExists: boolean };

export interface ChangeSet {
  /** Names the change for the user: the review's title is `✻ [client] <label> (n)`. */
  label: string;
  files: FileChange[];
  ops: FileOp[];
  /** Who writes an accepted change; applyChangeSet is the plugin's write. */
  writer: ChangeWriter;
  /**
   * The review: "file" (the diff review of one file) or "files" (the multi-file review, walked file by file).
   * Default: "file" for one file without file operations, else "files".
   */
  view?: "file" | "files";
  /**
   * What each path the change was planned on held then (false: no file there), checked again before anything
   * is applied. Default: every file's text before, when the set has several files or file operations (one
   * file alone is checked by applyText as it is written, which is all or nothing already).
   */
  watched?: LuaMap<string, string[] | false>;
}

/** The user's decision on a change set. */
export type Decision =
  /** Not shown: it would delete a file with unsaved changes of the user (`reason` follows the change's name). */
  | { kind: "refused"; reason: string }
  /** Not shown: Neovim refused to show the review. */
  | { kind: "unshown"; error: string }
  /** `reason`: what the user gave for refusing, if anything (for the model, verbatim). */
  | { kind: "rejected"; reason?: string }
  /** `finals`: each file's final text, in the order of `files`; `reviewed` false when review is off. */
  | { kind: "accepted"; finals: string[][]; reviewed: boolean };

/** How one file's change went. */
export interface FileResult {
  change: FileChange;
  /** Its accepted text. */
  final: string[];
  /** The user changed the proposal in the review. */
  userChanged: boolean;
  /** The text write (undefined: nothing to write: deleted, or renamed with its text unchanged). */
  written?: Applied;
  /** What a file operation on it noted (e.g. its buffer kept unsaved changes). */
  note?: string;
  /** The file's line in a multi-file answer (`  src/a.ts: 2 edits and saved`). */
  line: string;
  /** Everything the change asked of it was done. */
  done: boolean;
}

/** How applying an accepted change set went. */
export type ApplyOutcome =
  /** `path` (as shown) changed while the review was open: nothing was applied. */
  | { kind: "stale"; path: string }
  | { kind: "refused"; reason: string }
  /** A file operation failed (`failed` says which and why): those in `done` were made, no text was written. */
  | { kind: "op-failed"; failed: string; done: string[] }
  /** `complete`: how many files were changed as asked (all of them: files.length). */
  | { kind: "applied"; files: FileResult[]; complete: number };

/**
 * The current text of a file: its loaded buffer's lines, else the disk's, else undefined (no such file).
 * `pacing`: a big file on disk is read in slices with pauses between them (editor/target readLines).
 */
export function currentLines(path: string, pacing?: Pacing): string[] | undefined {
  const buf = findBuffer(path);
  if (buf !== undefined && vim.api.nvim_buf_is_loaded(buf)) return vim.api.nvim_buf_get_lines(buf, 0, -1, false);
  const [stat] = vim.uv.fs_stat(path);
  if (stat === undefined) return undefined;
  if (stat.type === "directory") failWith(`${displayPath(path)} is a folder, not a file: nothing was changed`);
  if (pacing !== undefined) return readLines(path, pacing).lines;
  const [ok, lines] = pcall(vim.fn.readfile, path);
  if (!ok) failWith(`cannot read ${displayPath(path)}: ${tostring(lines)}`);
  return lines;
}

/**
 * Why the change set must not be shown or applied: it deletes (or overwrites by a rename) a file whose buffer
 * has unsaved changes of the user, which would be lost. The text follows the change's name.
 */
export function unsavedDeletion(files: FileChange[]): string | undefined {
  for (const f of files) {
    if (!f.deleted) continue;
    const path = f.from ?? f.path;
    const buf = unsavedBuffer(path);
    if (buf === undefined) continue;
    const how =
      f.replacedBy !== undefined ? `replaces ${displayPath(path)} by ${f.replacedBy}` : `deletes ${displayPath(path)}`;
    return `${how}, which has unsaved changes of the user in buffer b${buf}: nothing was changed and nothing was shown. Ask the user to save (:w) or discard (:e!) their changes to ${displayPath(path)}, then try again`;
  }
  return undefined;
}

/** One file as the multi-file review shows it. */
function reviewFile(f: FileChange): ReviewFile {
  // Where its text is now: its buffer (if loaded) shows it, unsaved changes included.
  const now = f.from ?? f.path;
  const buf = f.before !== undefined ? findBuffer(now) : undefined;
  const loaded = buf !== undefined && vim.api.nvim_buf_is_loaded(buf);
  const ft = loaded ? (vim.api.nvim_get_option_value("filetype", { buf }) as string) : "";
  const shown = f.deleted ? now : f.path;
  return {
    path: shown,
    label: displayPath(shown),
    current: f.before,
    proposal: f.deleted ? [] : f.after,
    summary: f.summary,
    dirty: loaded && vim.api.nvim_get_option_value("modified", { buf }) === true,
    // A renamed file may change its type (a.js → a.ts): detected from the new name.
    filetype: ft !== "" && f.from === undefined ? ft : undefined,
    renamedFrom: !f.deleted && f.from !== undefined ? displayPath(f.from) : undefined,
    deletes: f.deleted ? true : undefined,
  };
}

/**
 * Shows the change set (unless the user turned review off: then it counts as accepted as proposed) and parks
 * the call until the user decides. A set that would delete a file with unsaved changes is refused unshown.
 */
export function reviewChangeSet(ctx: ToolContext, set: ChangeSet): Decision {
  const refused = unsavedDeletion(set.files);
  if (refused !== undefined) return { kind: "refused", reason: refused };
  const proposed = set.files.map((f) => f.after);
  if (!ctx.config.agent.review) return { kind: "accepted", finals: proposed, reviewed: false };
  const title = `✻ [${ctx.client ?? "agent"}] ${set.label} (${ctx.services.agent.nextReview()})`;
  const view = set.view ?? (set.files.length === 1 && set.ops.length === 0 ? "file" : "files");
  if (view === "file") {
    const f = set.files[0];
    const opened = ctx.services.diff.open({
      oldPath: f.path,
      newPath: f.path,
      contents: linesText(f.after),
      tabName: title,
      writer: set.writer,
      client: ctx.client,
      clientId: ctx.clientId,
    });
    if (!opened.ok) return { kind: "unshown", error: opened.error };
    const outcome = decisionOf(ctx, opened.review);
    if (!outcome.accepted) return { kind: "rejected", reason: outcome.reason };
    return { kind: "accepted", finals: [textLines(outcome.text)], reviewed: true };
  }
  const opened = ctx.services.diff.openMulti({
    title,
    files: set.files.map((f) => reviewFile(f)),
    clientId: ctx.clientId,
    client: ctx.client,
  });
  if (!opened.ok) return { kind: "unshown", error: opened.error };
  const outcome = decisionOf(ctx, opened.review);
  if (!outcome.accepted) return { kind: "rejected", reason: outcome.reason };
  return { kind: "accepted", finals: outcome.files, reviewed: true };
}

/** A file operation as the answers name it. */
export function describeOp(op: FileOp): string {
  if (op.kind === "create") return `create ${displayPath(op.path)}`;
  if (op.kind === "rename") return `rename ${displayPath(op.from)} → ${displayPath(op.to)}`;
  return `delete ${displayPath(op.path)}`;
}

/** The path (as shown) of the first watched path that no longer holds what the change was planned on. */
function stalePath(set: ChangeSet, pacing?: Pacing): string | undefined {
  const due = sliceCheck(pacing);
  let watched = set.watched;
  if (watched === undefined) {
    if (set.files.length < 2 && set.ops.length === 0) return undefined;
    watched = new LuaMap<string, string[] | false>();
    for (const f of set.files) watched.set(f.from ?? f.path, f.before ?? false);
  }
  for (const [path, seen] of watched) {
    due();
    const now = currentLines(path, pacing) ?? false;
    // sameLines, not vim.deep_equal: 100,000 lines cost that 13 ms.
    const same = now === false || seen === false ? now === seen : sameLines(now, seen);
    if (!same) return displayPath(path);
  }
  return undefined;
}

/** Runs the file operations in order; stops at the first that fails. Notes by the path they leave a file at. */
function runOps(ops: FileOp[]): { failed?: string; done: string[]; notes: LuaMap<string, string> } {
  const notes = new LuaMap<string, string>();
  const done: string[] = [];
  for (const op of ops) {
    const made =
      op.kind === "create"
        ? createFile(op.path)
        : op.kind === "rename"
          ? renameFile(op.from, op.to, op.overwrite)
          : deleteFile(op.path, op.ignoreIfNotExists);
    if (!made.ok) return { failed: `${describeOp(op)} failed: ${made.error}`, done, notes };
    done.push(describeOp(op));
    if (made.note !== undefined) notes.set(op.kind === "rename" ? op.to : op.path, made.note);
  }
  return { done, notes };
}

/** Writes one file's final text (at its final path, after the file operations) and says how it went. */
function applyFile(f: FileChange, final: string[], note: string | undefined, pacing?: Pacing): FileResult {
  const userChanged = !sameLines(final, f.after);
  if (f.deleted) {
    const path = displayPath(f.from ?? f.path);
    const line =
      f.replacedBy !== undefined
        ? `  replaced ${path} by ${f.replacedBy} (its old text is gone)`
        : `  deleted ${path}${note !== undefined ? ` (${note})` : ""}`;
    return { change: f, final, userChanged, note, line, done: true };
  }
  const moved = f.from !== undefined ? `renamed ${displayPath(f.from)} → ${displayPath(f.path)}` : undefined;
  const head = moved !== undefined ? `  ${moved}${note !== undefined ? ` (${note})` : ""}` : undefined;
  // A renamed file whose text stays: the rename did it all. Any other file is written (a text the user took
  // back in the review too, as `:w` writes an unchanged buffer).
  if (head !== undefined && f.before !== undefined && sameLines(f.before, final))
    return { change: f, final, userChanged, note, line: head, done: true };
  const written = applyText(f.path, f.before ?? [], final, pacing);
  const label = f.before === undefined ? "created" : plural(f.edits, "edit");
  const changed = userChanged ? " (changed by the user in the review)" : "";
  const body = written.ok ? `${label} ${written.where}${changed}` : `${label}: NOT applied: ${written.error}`;
  const line = head !== undefined ? `${head}, then ${body}` : `  ${displayPath(f.path)}: ${body}`;
  return { change: f, final, userChanged, written, note, line, done: written.ok };
}

/**
 * Applies an accepted change set (the plugin writes it): nothing when a watched path changed meanwhile or it
 * would now delete unsaved changes; else the file operations in order (a failure stops before any text), then
 * each file's final text, buffer-aware (editor/write/apply.applyText; with `pacing`, a big file no buffer holds is
 * written in steps with the editor's loop running between them).
 */
export function applyChangeSet(set: ChangeSet, finals: string[][], pacing?: Pacing): ApplyOutcome {
  const stale = stalePath(set, pacing);
  if (stale !== undefined) return { kind: "stale", path: stale };
  const refused = unsavedDeletion(set.files);
  if (refused !== undefined) return { kind: "refused", reason: refused };
  const ops = runOps(set.ops);
  if (ops.failed !== undefined) return { kind: "op-failed", failed: ops.failed, done: ops.done };
  // Many files are many stretches: the editor's loop runs between them (each still checks its own file).
  const due = sliceCheck(pacing);
  const files = set.files.map((f, i) => {
    due();
    return applyFile(f, finals[i], ops.notes.get(f.path), pacing);
  });
  return { kind: "applied", files, complete: files.filter((r) => r.done).length };
}
