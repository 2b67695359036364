// openDiff (doc/protocol.md §5): shows Claude's proposed file next to the current one and blocks until the user
// decides. Accept → FILE_SAVED + the final text (the CLI then writes the file); reject → DIFF_REJECTED +
// tab_name. The review itself lives in editor/review/diff.ts. A rejection's reason cannot ride on DIFF_REJECTED (the CLI
// reads no text there, and ends the turn): it waits in the notes for the session's next prompt (Services.notes,
// drained by the UserPromptSubmit hook into additionalContext).
import { normalizePath } from "../editor/positions";
import { defineTool, str } from "../protocol/schema";
import type { DiffOutcome, NotesQueue } from "../contracts";
import { decisionOf, invalidParams, toolError, type ToolResult } from "../protocol/tool";
import { textToFar } from "../protocol/far_paths";
import type { PathMap } from "../util/path_map";

/** "/x"; on Windows also "C:\x", "C:/x" and "\\server\x" (isabsolutepath() is not in Neovim 0.10). */
function isAbsolute(path: string): boolean {
  return vim.startswith(path, "/") || string.match(path, "^%a:[/\\]")[0] !== undefined || vim.startswith(path, "\\\\");
}

/** The argument `name` (value `path`) as a normalized absolute path; -32602 naming it otherwise. */
function absolutePath(path: string, name: string): string {
  if (!isAbsolute(path)) invalidParams(`"${name}" must be an absolute path, got "${path}"`);
  // No file has one, and Vim's path functions refuse it (E976).
  if (path.includes("\0")) invalidParams(`"${name}" must not contain a NUL byte`);
  return normalizePath(path);
}

/**
 * The note the model reads with the next prompt when the user rejected the proposal for `path` with a reason. `far`:
 * the path map of a CLI that runs somewhere else: the file and every local path in the reason (a request for changes
 * names its notes' files) as that CLI knows them.
 */
export function rejectionNote(path: string, reason: string, far?: PathMap): string {
  const name = far?.toFar(path) ?? vim.fn.fnamemodify(path, ":~:.");
  const why = far === undefined ? reason : textToFar(reason, far);
  return `In Neovim's review the user rejected your proposed change to ${name}. Their reason: ${why}`;
}

/**
 * Queues a rejection's reason for the next prompt of the session that holds connection `clientId`; its text is made
 * then, with the paths as that prompt's CLI knows them.
 */
export function noteRejection(notes: NotesQueue, clientId: number | undefined, path: string, reason: string): void {
  notes.add((far) => rejectionNote(path, reason, far), clientId !== undefined ? { clientId } : {});
}

function answer(outcome: DiffOutcome, tabName: string): ToolResult {
  const [first, second] = outcome.accepted ? ["FILE_SAVED", outcome.text] : ["DIFF_REJECTED", tabName];
  return {
    content: [
      { type: "text", text: first },
      { type: "text", text: second },
    ],
  };
}

export const openDiff = defineTool({
  name: "openDiff",
  description:
    "Open a diff view comparing a file with proposed new contents and wait for the user's decision. " +
    "Accepted: FILE_SAVED and the final contents (possibly edited by the user); rejected: DIFF_REJECTED and the tab name.",
  input: {
    old_file_path: str("Absolute path of the file as it is now (it may not exist yet)"),
    new_file_path: str("Absolute path of the file the new contents are for"),
    new_file_contents: str("The whole proposed contents of the file", { text: true }),
    tab_name: str("Name of the review; an open review with the same name is replaced", { minLength: 1 }),
  },
  handler: (args, ctx) => {
    const oldPath = absolutePath(args.old_file_path, "old_file_path");
    const newPath = absolutePath(args.new_file_path, "new_file_path");
    const tabName = args.tab_name;
    const req = {
      oldPath,
      newPath,
      contents: args.new_file_contents,
      tabName,
      clientId: ctx.clientId,
      source: ctx.hub.describe(ctx.clientId),
      client: ctx.client,
    };
    const opened = ctx.services.diff.open(req);
    if (!opened.ok) return toolError(`openDiff: ${opened.error}`);
    const outcome = decisionOf(ctx, opened.review);
    if (!outcome.accepted && outcome.reason !== undefined)
      noteRejection(ctx.services.notes, ctx.hub.ownerOf(ctx.clientId) ?? ctx.clientId, newPath, outcome.reason);
    return answer(outcome, tabName);
  },
});
