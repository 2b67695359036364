// WorkspaceEdits (rename, code actions, edits a server sends with workspace/applyEdit, formatting, organize
// imports) planned on the editor's current text, shown in ONE review across every file they touch
// (editor/review/multi_review.ts, through the DiffService so that closeAllDiffTabs rejects it too), and applied on
// accept like Neovim's own LSP apply: file operations (create, rename, delete) first, in the edit's order, with
// the buffers following their files (editor/write/file_ops.ts); then the texts: buffers edited (one undo step each),
// written when they had no unsaved changes of the user before; files without a buffer written atomically. The
// review and the apply are the change-set pipeline's (editor/write/change_set.ts); what is the LSP's stays here: the
// plan (EditPlan), the files the server created, the answer's wording and the diagnostics after. An edit that
// would delete a file with unsaved changes is refused before anything is shown. A rejection changes nothing.
// The answer names the files, edit counts and file operations, then the diagnostics of the touched files once
// their servers published again (bounded wait).
import { failWith, rejectedResult, textResult } from "../protocol/result";
import { displayPath } from "../editor/state";
import { bufferPath, findBuffer } from "../editor/buffers";
import {
  applyChangeSet,
  type ChangeSet,
  currentLines,
  type FileChange,
  type FileOp,
  reviewChangeSet,
} from "../editor/write/change_set";
import { lineIndex, sameLines, spliced } from "../editor/write/apply";
import { type Pacing, sliceCheck } from "../editor/pacing";
import { pacing } from "../editor/target";
import { isDirectory } from "../editor/write/file_ops";
import { byteToCharColumn } from "../editor/positions";
import type { ToolContext, ToolResult } from "../protocol/tool";
import { toByte } from "./encoding";
import { type LspRange, uriPath } from "./format";
import { waitUntil } from "./wait";
import { plural } from "../util/words";

export interface TextEdit {
  range: LspRange;
  newText: string;
}

/**
 * The text of `lines` after LSP text edits (non-overlapping, positions in the ORIGINAL text, `encoding`), cut
 * into lines (none for an empty text). The lines no edit touches are the same strings; `pacing`: the passes
 * over a big file pause between slices (editor/write/disk_write).
 */
export function applyTextEdits(lines: string[], edits: TextEdit[], encoding: string, pacing?: Pacing): string[] {
  const due = sliceCheck(pacing);
  const { text, lineStart } = lineIndex(lines, due);
  const offset = (pos: { line: number; character: number }) =>
    pos.line >= lines.length
      ? lineStart[lines.length]
      : lineStart[pos.line] + toByte(lines[pos.line], pos.character, encoding);
  const ranges = edits.map((e, index) => {
    const from = offset(e.range.start);
    return { from, to: math.max(from, offset(e.range.end)), replacement: e.newText, index };
  });
  ranges.sort((a, b) => (a.from !== b.from ? a.from - b.from : a.index - b.index));
  let end = 1;
  for (const r of ranges) {
    if (r.from < end) failWith("the server sent overlapping text edits: nothing was changed");
    end = math.max(end, r.to);
  }
  return spliced(lines, text, lineStart, ranges, due);
}

interface CreateOptions {
  overwrite?: boolean;
  ignoreIfExists?: boolean;
}

type DocumentChange =
  | { textDocument: { uri: string }; edits: TextEdit[] }
  | { kind: "create"; uri: string; options?: CreateOptions }
  | { kind: "rename"; oldUri: string; newUri: string; options?: CreateOptions }
  | { kind: "delete"; uri: string; options?: { recursive?: boolean; ignoreIfNotExists?: boolean } };

export interface WorkspaceEdit {
  changes?: { [uri: string]: TextEdit[] };
  documentChanges?: DocumentChange[];
}

/**
 * A file the plan touches, followed through its renames: a change set's file (editor/write/change_set) before its
 * review summary is written. A file creation counts as one edit.
 */
export interface FileEdit extends Omit<FileChange, "summary"> {
  /** An empty file the server itself created while its command ran (removed again on a rejection). */
  serverCreated?: boolean;
}

function refuseFolder(path: string, what: string): void {
  if (isDirectory(path))
    failWith(
      `the server's edit ${what} the folder ${displayPath(path)}: folder operations are not supported by the LSP tools, so nothing was changed (do that step with a shell command, after asking the user)`,
    );
}

/**
 * Several edits (from one or several servers, or applyEdit requests in a row) to apply in order. File
 * operations (create, rename, delete) are followed as the LSP says, in order: the text edits after a rename
 * address the new name, and every check (exists? overwrite?) is made against the files as the earlier
 * changes of the plan leave them.
 */
export class EditPlan {
  private readonly order: FileEdit[] = [];
  /** What is at a path once the plan's changes so far are made: a file, or false (deleted or moved away). */
  private readonly at = new LuaMap<string, FileEdit | false>();
  /** What each path looked at held when the plan first read it (false: no file): checked again before applying. */
  readonly observed = new LuaMap<string, string[] | false>();
  /** The file operations, in the edit's order (made before the texts, which are final by then). */
  readonly ops: FileOp[] = [];
  /**
   * Set while a server command runs (os.time() at its start): an empty file written since then is one the
   * server created for its edit (typescript-language-server's "Move to a new file" does), so it counts as new.
   */
  commandStarted?: number;

  /**
   * `pacing`: the plan reads the files no buffer holds and edits their lines in slices, with the editor's loop
   * running between them (many files, or a big one, are not one long stretch).
   */
  constructor(private readonly pacing?: Pacing) {}

  /** The file at `path` as the plan has it so far (read on first use), or undefined when there is none. */
  private existing(path: string): FileEdit | undefined {
    const known = this.at.get(path);
    if (known !== undefined) return known === false ? undefined : known;
    sliceCheck(this.pacing)();
    let before = currentLines(path, this.pacing);
    this.observed.set(path, before ?? false);
    if (before === undefined) return undefined;
    let serverCreated = false;
    if (this.commandStarted !== undefined && findBuffer(path) === undefined) {
      const [stat] = vim.uv.fs_stat(path);
      if (stat !== undefined && stat.size === 0 && stat.mtime.sec >= this.commandStarted - 1) {
        before = undefined;
        serverCreated = true;
      }
    }
    return this.track({ path, before, after: before ?? [], edits: 0, deleted: false, serverCreated });
  }

  private track(f: FileEdit): FileEdit {
    this.at.set(f.path, f);
    this.order.push(f);
    return f;
  }

  /** A file the plan creates at `path` (nothing is there now, as far as the plan goes). */
  private created(path: string): FileEdit {
    if (!this.observed.has(path) && this.at.get(path) === undefined) this.observed.set(path, false);
    return this.track({ path, before: undefined, after: [], edits: 0, deleted: false });
  }

  /** Text edits to one file (applied after the plan's earlier changes to it). */
  addTextEdits(path: string, edits: TextEdit[], encoding: string): void {
    if (edits.length === 0) return;
    let f = this.existing(path);
    if (f === undefined) {
      if (this.at.get(path) === false)
        failWith(`the server's edit changes ${displayPath(path)} after deleting or renaming it: nothing was changed`);
      // Edits to a file that does not exist create it.
      f = this.created(path);
    }
    f.after = applyTextEdits(f.after, edits, encoding, this.pacing);
    f.edits += edits.length;
  }

  private create(path: string, options: CreateOptions): void {
    refuseFolder(path, "creates");
    const f = this.existing(path);
    if (f !== undefined) {
      // Overwrite wins over ignoreIfExists; without either an existing file is left as it is (the safe reading).
      if (options.overwrite === true) {
        f.after = [];
        f.edits += 1;
      }
      return;
    }
    this.created(path).edits += 1;
    this.ops.push({ kind: "create", path });
  }

  private rename(from: string, to: string, options: CreateOptions): void {
    if (from === to) return;
    refuseFolder(from, "renames");
    refuseFolder(to, "renames a file onto");
    const f = this.existing(from);
    if (f === undefined)
      failWith(
        `the server's edit renames ${displayPath(from)}, which does not exist${this.at.get(from) === false ? " any more at that point of the edit" : ""}: nothing was changed`,
      );
    const target = this.existing(to);
    if (target !== undefined) {
      if (options.overwrite !== true) {
        if (options.ignoreIfExists === true) return;
        failWith(
          `the server's edit renames ${displayPath(from)} to ${displayPath(to)}, which exists (and the edit does not say to overwrite it): nothing was changed`,
        );
      }
      target.deleted = true;
      target.replacedBy = displayPath(from);
    }
    this.at.set(from, false);
    this.at.set(to, f);
    // A file the plan created has no old name to show; one moved back where it was is not renamed at all.
    if (f.from === undefined && f.before !== undefined) f.from = from;
    else if (f.from === to) f.from = undefined;
    f.path = to;
    this.ops.push({ kind: "rename", from, to, overwrite: target !== undefined });
  }

  private delete(path: string, ignoreIfNotExists: boolean): void {
    if (this.at.get(path) === undefined) refuseFolder(path, "deletes");
    const f = this.existing(path);
    if (f === undefined) {
      if (ignoreIfNotExists) return;
      failWith(`the server's edit deletes ${displayPath(path)}, which does not exist: nothing was changed`);
    }
    f.deleted = true;
    this.at.set(path, false);
    this.ops.push({ kind: "delete", path, ignoreIfNotExists });
  }

  addWorkspaceEdit(edit: WorkspaceEdit, encoding: string): void {
    if (edit.documentChanges !== undefined && edit.documentChanges !== vim.NIL) {
      for (const change of edit.documentChanges) {
        if ("textDocument" in change) this.addTextEdits(uriPath(change.textDocument.uri), change.edits, encoding);
        else if (change.kind === "create") this.create(uriPath(change.uri), change.options ?? {});
        else if (change.kind === "rename")
          this.rename(uriPath(change.oldUri), uriPath(change.newUri), change.options ?? {});
        else if (change.kind === "delete") this.delete(uriPath(change.uri), change.options?.ignoreIfNotExists === true);
        else failWith(`the server's edit has a change of an unknown kind: nothing was changed`);
      }
      return;
    }
    if (edit.changes !== undefined && edit.changes !== vim.NIL) {
      const uris: string[] = [];
      for (const [uri] of pairs(edit.changes)) uris.push(uri as string);
      uris.sort();
      for (const uri of uris) this.addTextEdits(uriPath(uri), edit.changes[uri], encoding);
    }
  }

  /** The files the plan changes (text, name or existence), in the order first touched. */
  changed(): FileEdit[] {
    return this.order.filter((f) => {
      // Created and deleted again within the plan: nothing to show.
      if (f.deleted) return f.before !== undefined;
      return f.before === undefined || f.from !== undefined || !sameLines(f.before, f.after);
    });
  }
}

const SEVERITIES = ["error", "warning", "info", "hint"];
const MAX_DIAGNOSTICS = 40;

/** The touched buffers' diagnostics, after waiting (bounded) for their servers to publish again. */
function diagnosticsAfter(ctx: ToolContext, bufs: Buf[], published: LuaSet<Buf>): string {
  if (bufs.length === 0) return "diagnostics: none (no touched file is open in a buffer)";
  const waitMs = math.min(3000, ctx.config.agent.lsp_timeout_ms);
  const all = waitUntil(ctx, () => bufs.every((b) => published.has(b)), waitMs);
  const rows: string[] = [];
  for (const buf of bufs) {
    for (const d of vim.diagnostic.get(buf)) {
      const line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[0] ?? "";
      const source = d.source !== undefined ? ` [${d.source}]` : "";
      rows.push(
        `  ${displayPath(bufferPath(buf))}:${d.lnum + 1}:${byteToCharColumn(line, d.col)}: ${SEVERITIES[(d.severity ?? 1) - 1]}${source}: ${string.gsub(d.message, "\n", " ")[0]}`,
      );
    }
  }
  const stale = all ? "" : ` (not every server published within ${waitMs} ms: get_diagnostics later may show more)`;
  if (rows.length === 0) return `diagnostics of the touched files: none${stale}`;
  const shown = rows.slice(0, MAX_DIAGNOSTICS);
  const more = rows.length > shown.length ? `\n  … ${rows.length - shown.length} more: get_diagnostics` : "";
  return `diagnostics of the touched files${stale}:\n${shown.join("\n")}${more}`;
}

/** Removes the empty files the server created for a rejected edit (still empty, no buffer). Their display paths. */
function removeServerCreated(files: FileEdit[]): string[] {
  const removed: string[] = [];
  for (const f of files) {
    if (f.serverCreated !== true || findBuffer(f.path) !== undefined) continue;
    const [stat] = vim.uv.fs_stat(f.path);
    if (stat !== undefined && stat.size === 0 && vim.uv.fs_unlink(f.path)[0] !== undefined)
      removed.push(displayPath(f.path));
  }
  return removed;
}

/** What the edit does to one file, for the review: `renamed from src/a.ts, 2 edits`, `deleted`, `new file`. */
function summaryOf(f: FileEdit): string {
  if (f.deleted) return f.replacedBy !== undefined ? `deleted: replaced by ${f.replacedBy}` : "deleted";
  const parts: string[] = [];
  if (f.from !== undefined) parts.push(`renamed from ${displayPath(f.from)}`);
  if (f.before === undefined) parts.push("new file");
  else if (!sameLines(f.before, f.after)) parts.push(plural(f.edits, "edit"));
  return parts.join(", ");
}

/** The plan's changed files as a change set (the files keep the plan's order, the operations theirs). */
function changeSetOf(plan: EditPlan, files: FileEdit[], what: string): ChangeSet {
  const changes: FileChange[] = files.map((f) => ({ ...f, summary: summaryOf(f) }));
  // Every LSP edit is reviewed in the multi-file view, one file too (its summary line, the same keys).
  return { label: what, files: changes, ops: plan.ops, writer: "plugin", view: "files", watched: plan.observed };
}

/**
 * Shows the plan in one review (unless the user turned review off), waits for the decision, applies it on
 * accept (editor/write/change_set). `what` names the edit for the user and the model (e.g. "rename of double to twice").
 */
export function reviewAndApply(ctx: ToolContext, plan: EditPlan, what: string): ToolResult {
  const files = plan.changed();
  if (files.length === 0) return textResult(`OK: nothing to change: ${what} leaves every file as it is`);
  const set = changeSetOf(plan, files, what);
  const edits = files.reduce((n, f) => n + (f.deleted ? 0 : f.edits), 0);
  const renamed = files.filter((f) => !f.deleted && f.from !== undefined).length;
  const deleted = files.filter((f) => f.deleted).length;
  const scope =
    `${plural(edits, "edit")} in ${plural(files.length, "file")}` +
    (renamed > 0 ? `, ${renamed} renamed` : "") +
    (deleted > 0 ? `, ${deleted} deleted` : "");
  const decision = reviewChangeSet(ctx, set);
  if (decision.kind === "refused") failWith(`${what} ${decision.reason}`);
  if (decision.kind === "unshown") failWith(decision.error);
  if (decision.kind === "rejected") {
    const removed = removeServerCreated(files);
    const note =
      removed.length > 0
        ? ` (the empty file${removed.length === 1 ? "" : "s"} ${removed.join(", ")} the server created for it ${removed.length === 1 ? "was" : "were"} removed again)`
        : "";
    return rejectedResult(`${what} (${scope})`, note, decision.reason);
  }
  const published = new LuaSet<Buf>();
  const autocmd = vim.api.nvim_create_autocmd("DiagnosticChanged", {
    desc: "claude-ide: notice the servers publishing diagnostics after an LSP edit was applied",
    // `this: void`: the autocmd typing would otherwise give the callback a self argument.
    callback: function (this: void, ev: vim.api.AutocmdArgs) {
      published.add(ev.buf);
    },
  });
  const [okApply, outcome] = pcall(applyChangeSet, set, decision.finals, pacing(ctx));
  if (!okApply || outcome.kind !== "applied") pcall(vim.api.nvim_del_autocmd, autocmd);
  if (!okApply) throw outcome;
  // Every file must still be as planned before anything is applied: all or nothing.
  if (outcome.kind === "stale")
    failWith(`${outcome.path} changed while the review was open: nothing was applied; ask again for ${what}`);
  if (outcome.kind === "refused") failWith(`${what} ${outcome.reason}`);
  if (outcome.kind === "op-failed") {
    const done = outcome.done.map((op) => `  done: ${op}`);
    failWith(
      `${what} accepted, but ${outcome.failed}; ${done.length > 0 ? `the file operations before it were made:\n${done.join("\n")}\n` : "nothing was changed; "}no text edits were applied. Check the files, then ask again`,
    );
  }
  const touched: Buf[] = [];
  for (const r of outcome.files) {
    if (r.change.deleted) continue;
    const buf = findBuffer(r.change.path);
    if (buf !== undefined && vim.api.nvim_buf_is_loaded(buf)) touched.push(buf);
  }
  const diagnostics = diagnosticsAfter(ctx, touched, published);
  pcall(vim.api.nvim_del_autocmd, autocmd);
  const head =
    outcome.complete === files.length
      ? `OK: applied ${what}: ${scope}`
      : `applied ${what} to ${outcome.complete} of ${plural(files.length, "file")}`;
  return textResult(`${head}\n${outcome.files.map((r) => r.line).join("\n")}\n${diagnostics}`);
}
