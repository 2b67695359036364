// edit: small changes to one file, shown to the user in the same diff review as openDiff; the call waits
// for the answer. Accepted: applied to the buffer's unsaved state (written when the user had no unsaved
// changes there), with any change the user made to the proposal in the review. Rejected: nothing changes.
import { anyOf, arrayOf, defineTool, int, obj, str, writing } from "../../protocol/schema";
import { type EditSpec, planEdits, sameLines, WRITTEN_TO_DISK } from "../../editor/write/apply";
import { editInChild } from "../../editor/write/disk_write";
import { applyChangeSet, type ChangeSet, reviewChangeSet } from "../../editor/write/change_set";
import { failWith, guarded, ok, rejectedResult, textResult } from "../../protocol/result";
import { pacing, resolveTarget, targetLinesSliced, yieldToEditor } from "../../editor/target";

const replaceText = obj(
  {
    old_text: str("Exact current text to replace (whitespace included); must occur exactly once in the file", {
      minLength: 1,
      text: true,
    }),
    new_text: str("Replacement text", { text: true }),
  },
  { closed: true },
);

const replaceLines = obj(
  {
    start_line: int("First line to replace (1-based)", { minimum: 1 }),
    end_line: int("Last line to replace (inclusive); start_line - 1 inserts before start_line", { minimum: 0 }),
    new_text: str("The new lines (empty: delete the lines)", { text: true }),
  },
  { closed: true },
);

export const edit = defineTool({
  name: "edit",
  title: "Edit a file (reviewed by the user)",
  description:
    "Change one file: each edit is {old_text, new_text} (old_text must match the current text exactly once) or " +
    "{start_line, end_line, new_text} (replace whole lines; end_line = start_line - 1 inserts; a new file: start_line 1, " +
    "end_line 0). Edits apply to the text as it is in the editor, unsaved changes included, all located in the text " +
    "before any of them. The user sees a diff in Neovim and accepts (possibly after changing it) or rejects; the call " +
    "waits for that. Answers `OK: applied N edits to path …` or `REJECTED: …`.",
  input: {
    path: str("File path, absolute or relative to Neovim's cwd (a new file is created)", { minLength: 1 }),
    edits: arrayOf(anyOf("An edit: by text or by lines", replaceText, replaceLines), "The edits, non-overlapping", {
      minItems: 1,
    }),
  },
  closed: true,
  annotations: writing("Edit a file (reviewed by the user)", true),
  handler: (args, ctx) =>
    guarded(() => {
      const target = resolveTarget(ctx.services.policy, { path: args.path }, { missing: "allow" });
      if (target === undefined) return failWith("no target");
      const edits = args.edits as EditSpec[];
      const n = edits.length;
      const what = `${n} edit${n === 1 ? "" : "s"} to ${target.display}`;
      const unchanged = `OK: nothing to do: the edits leave ${target.display} unchanged`;
      // With no review to show, a big file no buffer holds is read, planned on and written by a child Neovim
      // (same checks, same answers): the editor never holds its lines. Undefined: the edit is made here.
      if (!ctx.config.agent.review && (target.buf === undefined || !vim.api.nvim_buf_is_loaded(target.buf))) {
        const direct = target.onDisk ? editInChild(target.path, edits, target.display, pacing(ctx)) : undefined;
        if (direct?.kind === "written") return ok(`applied ${what} ${WRITTEN_TO_DISK}`);
        if (direct?.kind === "unchanged") return textResult(unchanged);
        if (direct?.kind === "refused") failWith(direct.error);
        if (direct?.kind === "failed") failWith(`${what} accepted but not applied: ${direct.error}`);
      }
      const before = targetLinesSliced(ctx, target);
      // Reading a big file, planning on it and comparing the plan with it are stretches of work of their own:
      // the editor's loop runs between them.
      const big = before.length > 10000;
      if (big) yieldToEditor(ctx);
      const after = planEdits(before, edits, target.display, big ? pacing(ctx) : undefined);
      if (big) yieldToEditor(ctx);
      if (sameLines(after, before)) return textResult(unchanged);
      // One file, reviewed and applied by the change-set pipeline (editor/write/change_set).
      const set: ChangeSet = {
        label: target.display,
        files: [
          { path: target.path, before, after, edits: n, deleted: false, summary: `${n} edit${n === 1 ? "" : "s"}` },
        ],
        ops: [],
        writer: "plugin",
      };
      const decision = reviewChangeSet(ctx, set);
      if (decision.kind === "unshown") failWith(`cannot show the review: ${decision.error}`);
      if (decision.kind !== "accepted")
        return rejectedResult(what, "", decision.kind === "rejected" ? decision.reason : undefined);
      // Planning a big file and applying it are two stretches of work: the editor's loop runs between them
      // (applyText refuses if the text changed meanwhile).
      yieldToEditor(ctx);
      const outcome = applyChangeSet(set, decision.finals, pacing(ctx));
      const file = outcome.kind === "applied" ? outcome.files[0] : undefined;
      const applied = file?.written;
      if (file === undefined || applied === undefined) return failWith(`${what} accepted but not applied`);
      if (!applied.ok) failWith(`${what} accepted but not applied: ${applied.error}`);
      const changed = file.userChanged
        ? " (the user changed the proposal before accepting: read_buffer shows the result)"
        : "";
      return ok(`applied ${what} ${applied.where}${changed}`);
    }),
});
