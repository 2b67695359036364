// openDiff (PROTOCOL.md §5): shows Claude's proposed file next to the current one and blocks until the user
// decides. Accept → FILE_SAVED + the final text (the CLI then writes the file); reject → DIFF_REJECTED +
// tab_name. The review itself lives in editor/diff.ts.
import { normalizePath } from "../editor/positions";
import type { DiffOutcome } from "./types";
import { invalidParams, ToolDescriptor, ToolResult, toolError } from "./types";

/** "/x"; on Windows also "C:\x", "C:/x" and "\\server\x" (isabsolutepath() is not in Neovim 0.10). */
function isAbsolute(path: string): boolean {
  return vim.startswith(path, "/") || string.match(path, "^%a:[/\\]")[0] !== undefined || vim.startswith(path, "\\\\");
}

function absolutePath(args: { [key: string]: unknown }, name: string): string {
  const path = args[name] as string;
  if (!isAbsolute(path)) invalidParams(`"${name}" must be an absolute path, got "${path}"`);
  // No file has one, and Vim's path functions refuse it (E976).
  if (string.find(path, "\0", 1, true)[0] !== undefined) invalidParams(`"${name}" must not contain a NUL byte`);
  return normalizePath(path);
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

export const openDiff: ToolDescriptor = {
  name: "openDiff",
  description:
    "Open a diff view comparing a file with proposed new contents and wait for the user's decision. " +
    "Accepted: FILE_SAVED and the final contents (possibly edited by the user); rejected: DIFF_REJECTED and the tab name.",
  inputSchema: {
    type: "object",
    properties: {
      old_file_path: { type: "string", description: "Absolute path of the file as it is now (it may not exist yet)" },
      new_file_path: { type: "string", description: "Absolute path of the file the new contents are for" },
      new_file_contents: { type: "string", description: "The whole proposed contents of the file" },
      tab_name: { type: "string", description: "Name of the review; an open review with the same name is replaced" },
    },
    required: ["old_file_path", "new_file_path", "new_file_contents", "tab_name"],
  },
  handler: (args, ctx) => {
    const oldPath = absolutePath(args, "old_file_path");
    const newPath = absolutePath(args, "new_file_path");
    const tabName = args.tab_name as string;
    if (tabName === "") invalidParams('"tab_name" must not be empty');
    const opened = ctx.services.diff.open({ oldPath, newPath, contents: args.new_file_contents as string, tabName });
    if (!opened.ok) return toolError(`openDiff: ${opened.error}`);
    const review = opened.review;
    const outcome = ctx.park<DiffOutcome>(
      (resume) => review.onDecision(resume),
      () => review.cancel(),
    );
    return answer(outcome, tabName);
  },
};
