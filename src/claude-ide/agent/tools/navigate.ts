// navigate: shows a file in the user's editing window (never the terminal, a sidebar or a diff review) and
// puts that window's cursor on a line and column. Focus stays where the user is (they may be typing in the
// Claude terminal); the file is simply there when they look.
import { loadBuffer } from "../../editor/buffers";
import { byteToCharColumn, charColumnToByte } from "../../editor/positions";
import { ensureEditorWindow, showBuffer } from "../../editor/windows";
import { defineTool, int, optional, writing } from "../../protocol/schema";
import { failWith, guarded, ok } from "../../protocol/result";
import { resolveTarget, targetInput } from "../../editor/target";

export const navigate = defineTool({
  name: "navigate",
  title: "Show a place in the editor",
  description:
    "Show the user a file at a line (and column) in their editing window, e.g. to point at code you are talking about. " +
    "Opens the file if needed; unsaved buffers are never abandoned. Answers `OK: path:line:col <that line>`.",
  input: {
    ...targetInput,
    line: optional(int("Line (1-based); past the end means the last line", { minimum: 1 })),
    column: optional(int("Column in characters (1-based)", { minimum: 1 })),
  },
  closed: true,
  annotations: writing("Show a place in the editor", false, true),
  handler: (args, ctx) =>
    guarded(() => {
      const target = resolveTarget(ctx.services.policy, args);
      if (target === undefined) return failWith("no target");
      if (target.buf === undefined && !target.onDisk) failWith(`${target.display} does not exist`);
      const buf =
        target.buf !== undefined && vim.api.nvim_buf_is_loaded(target.buf) ? target.buf : loadBuffer(target.path);
      vim.api.nvim_set_option_value("buflisted", true, { buf });
      const win = ensureEditorWindow(buf, ctx.config.terminal.side);
      showBuffer(win, buf);
      const count = vim.api.nvim_buf_line_count(buf);
      const row = math.min(args.line ?? 1, count);
      const text = vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[0] ?? "";
      const col = charColumnToByte(text, args.column ?? 1);
      vim.api.nvim_win_set_cursor(win, [row, col]);
      vim.api.nvim_win_call(win, () => vim.cmd("normal! zvzz"));
      const note = args.line !== undefined && args.line > count ? ` (the file has ${count} lines)` : "";
      return ok(`${target.display}:${row}:${byteToCharColumn(text, col)} ${vim.trim(text)}${note}`);
    }),
});
