// edit: small changes to one file, shown to the user in the same diff review as openDiff; the call waits
// for the answer. Accepted: applied to the buffer's unsaved state (written when the user had no unsaved
// changes there), with any change the user made to the proposal in the review. Rejected: nothing changes.
import { anyOf, arrayOf, defineTool, int, obj, str, writing } from "../../protocol/schema";
import { textLines } from "../../editor/diff_text";
import { applyText, type EditSpec, planEdits, sameLines } from "../../editor/apply";
import { failWith, guarded, ok, rejectedResult, textResult } from "../../protocol/result";
import { decisionOf } from "../../protocol/tool";
import { resolveTarget, targetLinesSliced, yieldToEditor } from "../../editor/target";

const replaceText = obj(
  {
    old_text: str("Exact current text to replace (whitespace included); must occur exactly once in the file", {
      minLength: 1,
    }),
    new_text: str("Replacement text"),
  },
  { closed: true },
);

const replaceLines = obj(
  {
    start_line: int("First line to replace (1-based)", { minimum: 1 }),
    end_line: int("Last line to replace (inclusive); start_line - 1 inserts before start_line", { minimum: 0 }),
    new_text: str("The new lines (empty: delete the lines)"),
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
      const before = targetLinesSliced(ctx, target);
      const edits = args.edits as EditSpec[];
      const after = planEdits(before, edits, target.display);
      if (sameLines(after, before)) return textResult(`OK: nothing to do: the edits leave ${target.display} unchanged`);
      const n = edits.length;
      const what = `${n} edit${n === 1 ? "" : "s"} to ${target.display}`;
      let final = after;
      if (ctx.config.agent.review) {
        const tabName = `✻ [${ctx.client ?? "agent"}] ${target.display} (${ctx.services.agent.nextReview()})`;
        const opened = ctx.services.diff.open({
          oldPath: target.path,
          newPath: target.path,
          contents: after.join("\n") + "\n",
          tabName,
          writer: "plugin",
          client: ctx.client,
          clientId: ctx.clientId,
        });
        if (!opened.ok) failWith(`cannot show the review: ${opened.error}`);
        const outcome = decisionOf(ctx, opened.review);
        if (!outcome.accepted) return rejectedResult(what);
        final = textLines(outcome.text);
      }
      // Planning a big file and applying it are two stretches of work: the editor's loop runs between them
      // (applyText refuses if the text changed meanwhile).
      yieldToEditor(ctx);
      const applied = applyText(target.path, before, final);
      if (!applied.ok) failWith(`${what} accepted but not applied: ${applied.error}`);
      const changed = sameLines(final, after)
        ? ""
        : " (the user changed the proposal before accepting: read_buffer shows the result)";
      return ok(`applied ${what} ${applied.where}${changed}`);
    }),
});
