// navigate: shows a file in the user's editing window (never the terminal, a sidebar or a diff review) and
// puts that window's cursor on a line and column. Focus stays where the user is (they may be typing in the
// Claude terminal); the file is simply there when they look.
import { loadBuffer, vimErrorLine } from "../../editor/buffers";
import { byteToCharColumn, charColumnToByte } from "../../editor/positions";
import { ensureEditorWindow, showBuffer } from "../../editor/windows";
import { defineTool, int, optional, writing } from "../../protocol/schema";
import { cutLine, failWith, guarded, ok } from "../../protocol/result";
import { resolveTarget, targetInput } from "../../editor/target";

export const navigate = defineTool({
  name: "navigate",
  title: "Show a place in the editor",
  description:
    "Show the user a file at a line (and column) in their editing window, e.g. to point at code you are talking about. " +
    "Opens the file if needed; unsaved buffers are never abandoned. Answers `OK: path:line:col <that line>`.",
  input: {
    ...targetInput,
    line: optional(int("Line (1-based), at most the file's line count", { minimum: 1 })),
    column: optional(int("Column in characters (1-based)", { minimum: 1 })),
  },
  closed: true,
  annotations: writing("Show a place in the editor", false, true),
  handler: (args, ctx) =>
    guarded(() => {
      const target = resolveTarget(ctx.services.policy, args);
      if (target === undefined) return failWith("no target");
      if (target.buf === undefined && !target.onDisk) failWith(`${target.display} does not exist`);
      let buf = target.buf;
      if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) {
        const [loaded, loadedBuf] = pcall(loadBuffer, target.path);
        if (!loaded) failWith(`cannot open ${target.display}: ${tostring(loadedBuf)}`);
        buf = loadedBuf;
      }
      const shown = buf;
      // A position past the end is the model's mistake: say so before anything moves.
      const count = vim.api.nvim_buf_line_count(shown);
      if (args.line !== undefined && args.line > count)
        failWith(`line ${args.line} is past the end: ${target.display} has ${count} line${count === 1 ? "" : "s"}`);
      vim.api.nvim_set_option_value("buflisted", true, { buf: shown });
      const win = ensureEditorWindow(shown, ctx.config.terminal.side);
      // The user's autocmds run when the buffer enters the window: their error is an answer, not a crash.
      const [showed, showErr] = pcall(showBuffer, win, shown);
      if (!showed) failWith(`cannot show ${target.display}: ${vimErrorLine(showErr)}`);
      const row = args.line ?? 1;
      const text = vim.api.nvim_buf_get_lines(shown, row - 1, row, false)[0] ?? "";
      const col = charColumnToByte(text, args.column ?? 1);
      vim.api.nvim_win_set_cursor(win, [row, col]);
      vim.api.nvim_win_call(win, () => vim.cmd("normal! zvzz"));
      return ok(`${target.display}:${row}:${byteToCharColumn(text, col)} ${cutLine(vim.trim(text))}`);
    }),
});
