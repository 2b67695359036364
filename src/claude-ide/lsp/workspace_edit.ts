// WorkspaceEdits (rename, code actions, edits a server sends with workspace/applyEdit, formatting, organize
// imports) planned on the editor's current text, shown in ONE review across every file they touch
// (editor/multi_review.ts, through the DiffService so that closeAllDiffTabs rejects it too), and applied on accept like Neovim's own LSP apply: buffers edited (one undo step
// each), then written when they had no unsaved changes of the user before; files without a buffer written
// atomically. A rejection changes nothing. The answer names the files and edit counts, then the diagnostics
// of the touched files once their servers published again (bounded wait).
import { applyText } from "../agent/apply";
import { failWith, textResult } from "../agent/result";
import { displayPath } from "../agent/state";
import type { MultiOutcome, ReviewFile } from "../contracts";
import { bufferPath, findBuffer } from "../editor/buffers";
import { textLines } from "../editor/diff_text";
import { byteToCharColumn } from "../editor/positions";
import type { ToolContext, ToolResult } from "../tools/types";
import { toByte } from "./encoding";
import { type LspRange, uriPath } from "./format";
import { waitUntil } from "./wait";

export interface TextEdit {
  range: LspRange;
  newText: string;
}

export interface FileEdit {
  path: string;
  /** The text the edit was planned on; undefined: the file does not exist (the edit creates it). */
  before: string[] | undefined;
  after: string[];
  edits: number;
  /** An empty file the server itself created while its command ran (removed again on a rejection). */
  serverCreated?: boolean;
}

/** The text of `lines` after LSP text edits (non-overlapping, positions in the ORIGINAL text, `encoding`). */
export function applyTextEdits(lines: string[], edits: TextEdit[], encoding: string): string[] {
  const text = lines.length > 0 ? lines.join("\n") + "\n" : "";
  const starts: number[] = [0];
  for (const line of lines) starts.push(starts[starts.length - 1] + line.length + 1);
  const offset = (pos: { line: number; character: number }) =>
    pos.line >= lines.length ? text.length : starts[pos.line] + toByte(lines[pos.line], pos.character, encoding);
  const ranges = edits.map((e, index) => ({
    from: offset(e.range.start),
    to: offset(e.range.end),
    text: e.newText,
    index,
  }));
  ranges.sort((a, b) => (a.from !== b.from ? a.from - b.from : a.index - b.index));
  const pieces: string[] = [];
  let pos = 0;
  for (const r of ranges) {
    if (r.from < pos) failWith("the server sent overlapping text edits: nothing was changed");
    pieces.push(string.sub(text, pos + 1, r.from), r.text);
    pos = math.max(pos, r.to);
  }
  pieces.push(string.sub(text, pos + 1));
  const result = pieces.join("");
  return result === "" ? [] : textLines(result);
}

/** The current text of a file: its loaded buffer's lines, else the disk's, else undefined (no such file). */
function currentLines(path: string): string[] | undefined {
  const buf = findBuffer(path);
  if (buf !== undefined && vim.api.nvim_buf_is_loaded(buf)) return vim.api.nvim_buf_get_lines(buf, 0, -1, false);
  const [stat] = vim.uv.fs_stat(path);
  if (stat === undefined) return undefined;
  const [ok, lines] = pcall(vim.fn.readfile, path);
  if (!ok) failWith(`cannot read ${displayPath(path)}: ${tostring(lines)}`);
  return lines;
}

type DocumentChange =
  | { textDocument: { uri: string }; edits: TextEdit[] }
  | { kind: "create"; uri: string; options?: { overwrite?: boolean; ignoreIfExists?: boolean } }
  | { kind: "rename"; oldUri: string; newUri: string }
  | { kind: "delete"; uri: string };

export interface WorkspaceEdit {
  changes?: { [uri: string]: TextEdit[] };
  documentChanges?: DocumentChange[];
}

/** Several edits (from one or several servers, or applyEdit requests in a row) to apply in order. */
export class EditPlan {
  private readonly files = new LuaMap<string, FileEdit>();
  private readonly order: string[] = [];
  /**
   * Set while a server command runs (os.time() at its start): an empty file written since then is one the
   * server created for its edit (typescript-language-server's "Move to a new file" does), so it counts as new.
   */
  commandStarted?: number;

  private file(path: string): FileEdit {
    let f = this.files.get(path);
    if (f === undefined) {
      let before = currentLines(path);
      let serverCreated = false;
      if (this.commandStarted !== undefined && before !== undefined && findBuffer(path) === undefined) {
        const [stat] = vim.uv.fs_stat(path);
        if (stat !== undefined && stat.size === 0 && stat.mtime.sec >= this.commandStarted - 1) {
          before = undefined;
          serverCreated = true;
        }
      }
      f = { path, before, after: before ?? [], edits: 0, serverCreated };
      this.files.set(path, f);
      this.order.push(path);
    }
    return f;
  }

  /** Text edits to one file (applied after the plan's earlier edits to it). */
  addTextEdits(path: string, edits: TextEdit[], encoding: string): void {
    if (edits.length === 0) return;
    const f = this.file(path);
    f.after = applyTextEdits(f.after, edits, encoding);
    f.edits += edits.length;
  }

  addWorkspaceEdit(edit: WorkspaceEdit, encoding: string): void {
    if (edit.documentChanges !== undefined && edit.documentChanges !== vim.NIL) {
      for (const change of edit.documentChanges) {
        if ("textDocument" in change) this.addTextEdits(uriPath(change.textDocument.uri), change.edits, encoding);
        else if (change.kind === "create") {
          const path = uriPath(change.uri);
          const exists = currentLines(path) !== undefined;
          if (exists && change.options?.overwrite !== true) continue;
          const f = this.file(path);
          f.before = exists ? f.before : undefined;
          f.after = [];
          f.edits += 1;
        } else {
          const which =
            change.kind === "rename"
              ? `renames ${displayPath(uriPath(change.oldUri))} to ${displayPath(uriPath(change.newUri))}`
              : `deletes ${displayPath(uriPath(change.uri))}`;
          failWith(
            `the server's edit ${which}: file renames and deletions are not supported by the LSP tools yet, so nothing was changed (do that step with a shell command, after asking the user)`,
          );
        }
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

  /** The files whose text changes, in the order first touched. */
  changed(): FileEdit[] {
    return this.order
      .map((p) => this.files.get(p) as FileEdit)
      .filter((f) => f.before === undefined || !vim.deep_equal(f.before, f.after));
  }
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
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

/**
 * Shows the plan in one review (unless the user turned review off), waits for the decision, applies it on
 * accept. `what` names the edit for the user and the model (e.g. "rename of double to twice").
 */
export function reviewAndApply(ctx: ToolContext, plan: EditPlan, what: string): ToolResult {
  const files = plan.changed();
  if (files.length === 0) return textResult(`OK: nothing to change: ${what} leaves every file as it is`);
  let finals = files.map((f) => f.after);
  const total = files.reduce((n, f) => n + f.edits, 0);
  const scope = `${plural(total, "edit")} in ${plural(files.length, "file")}`;
  if (ctx.config.agent.review) {
    const proposals: ReviewFile[] = files.map((f) => {
      const buf = findBuffer(f.path);
      const loaded = buf !== undefined && vim.api.nvim_buf_is_loaded(buf);
      const ft = loaded ? (vim.api.nvim_get_option_value("filetype", { buf }) as string) : "";
      return {
        path: f.path,
        label: displayPath(f.path),
        current: f.before,
        proposal: f.after,
        summary: f.before === undefined ? "new file" : plural(f.edits, "edit"),
        dirty: loaded && vim.api.nvim_get_option_value("modified", { buf }) === true,
        filetype: ft !== "" ? ft : undefined,
      };
    });
    const opened = ctx.services.diff.openMulti({
      title: `✻ [Claude agent] ${what} (${ctx.services.agent.nextReview()})`,
      files: proposals,
    });
    if (!opened.ok) failWith(opened.error);
    const review = opened.review;
    const outcome = ctx.park<MultiOutcome>(
      (resume) => review.onDecision(resume),
      () => review.cancel(),
    );
    if (!outcome.accepted) {
      const removed = removeServerCreated(files);
      const note =
        removed.length > 0
          ? ` (the empty file${removed.length === 1 ? "" : "s"} ${removed.join(", ")} the server created for it ${removed.length === 1 ? "was" : "were"} removed again)`
          : "";
      return textResult(
        `REJECTED: the user rejected ${what} (${scope}) in Neovim's review; nothing changed${note}. Do not retry the same edit: ask the user what they want instead.`,
      );
    }
    finals = outcome.files;
  }
  // Every file must still be as planned before anything is applied: all or nothing.
  for (const f of files) {
    if (!vim.deep_equal(currentLines(f.path) ?? [], f.before ?? [])) {
      failWith(`${displayPath(f.path)} changed while the review was open: nothing was applied; ask again for ${what}`);
    }
  }
  const published = new LuaSet<Buf>();
  const autocmd = vim.api.nvim_create_autocmd("DiagnosticChanged", {
    desc: "claude-ide: notice the servers publishing diagnostics after an LSP edit was applied",
    // `this: void`: the autocmd typing would otherwise give the callback a self argument.
    callback: function (this: void, ev: vim.api.AutocmdArgs) {
      published.add(ev.buf);
    },
  });
  const lines: string[] = [];
  const touched: Buf[] = [];
  let edited = 0;
  files.forEach((f, i) => {
    if (f.before === undefined) vim.fn.mkdir(vim.fs.dirname(f.path), "p");
    const applied = applyText(f.path, f.before ?? [], finals[i]);
    const label = `${displayPath(f.path)}: ${f.before === undefined ? "created" : plural(f.edits, "edit")}`;
    if (applied.ok) {
      edited++;
      lines.push(
        `  ${label} ${applied.where}${vim.deep_equal(finals[i], f.after) ? "" : " (changed by the user in the review)"}`,
      );
    } else lines.push(`  ${label}: NOT applied: ${applied.error}`);
    const buf = findBuffer(f.path);
    if (buf !== undefined && vim.api.nvim_buf_is_loaded(buf)) touched.push(buf);
  });
  const diagnostics = diagnosticsAfter(ctx, touched, published);
  pcall(vim.api.nvim_del_autocmd, autocmd);
  const head =
    edited === files.length
      ? `OK: applied ${what}: ${scope}`
      : `applied ${what} to ${edited} of ${plural(files.length, "file")}`;
  return textResult(`${head}\n${lines.join("\n")}\n${diagnostics}`);
}
