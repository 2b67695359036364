// Asking the user before code from a client runs: the WHOLE code in a float (a scratch buffer with the
// code's filetype, so it is highlighted, and a normal window the user scrolls), who asks in the title, the
// keys in the footer. Nothing blocks the event loop while the user decides.

export interface CodeQuestion {
  /** Who asks (the client's name as the sessions know it). */
  who: string;
  /** What kind of code: "Lua", "Ex command". */
  kind: string;
  code: string;
  /** Filetype for highlighting ("lua", "vim"). */
  filetype: string;
}

/** The float's marker variable: specs and the user's own code can find the window. */
export const CONFIRM_VAR = "claude_ide_confirm";

/**
 * Shows `q` and calls `answer` once: true on `y`, false on `n`, `q`, `<Esc>` or when the window goes away.
 * Returns a function that closes the window (a cancelled call), answering false if nothing was decided.
 */
export function askAboutCode(q: CodeQuestion, answer: (this: void, run: boolean) => void): (this: void) => void {
  const previous = vim.api.nvim_get_current_win();
  const buf = vim.api.nvim_create_buf(false, true);
  const lines = vim.split(q.code, "\n", { plain: true });
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines);
  vim.api.nvim_set_option_value("modifiable", false, { buf });
  vim.api.nvim_set_option_value("bufhidden", "wipe", { buf });
  vim.api.nvim_buf_set_var(buf, CONFIRM_VAR, q.who);
  let widest = 0;
  for (const line of lines) widest = math.max(widest, vim.fn.strdisplaywidth(line));
  const width = math.max(40, math.min(widest + 2, math.floor(vim.o.columns * 0.9)));
  const height = math.max(1, math.min(lines.length, math.floor(vim.o.lines * 0.6)));
  const win = vim.api.nvim_open_win(buf, true, {
    relative: "editor",
    width,
    height,
    row: math.max(0, math.floor((vim.o.lines - height) / 2) - 1),
    col: math.max(0, math.floor((vim.o.columns - width) / 2)),
    border: "rounded",
    title: ` ${q.who} asks to run this ${q.kind} in Neovim (${lines.length} line${lines.length === 1 ? "" : "s"}) `,
    footer:
      lines.length > height
        ? " y: run it   n, q, <Esc>: refuse   (scroll: it does not fit the window) "
        : " y: run it   n, q, <Esc>: refuse ",
    zindex: 60,
  });
  vim.api.nvim_set_option_value("wrap", true, { win });
  vim.api.nvim_set_option_value("number", true, { win });
  // Highlighting only: the filetype's plugins do not run on this scratch buffer's behalf.
  vim.api.nvim_set_option_value("syntax", q.filetype, { buf });
  pcall(() => vim.treesitter.start(buf, q.filetype));

  let decided = false;
  const close = () => {
    if (vim.api.nvim_win_is_valid(win)) pcall(vim.api.nvim_win_close, win, true);
    if (vim.api.nvim_win_is_valid(previous)) pcall(vim.api.nvim_set_current_win, previous);
  };
  const decide = (run: boolean) => {
    if (decided) return;
    decided = true;
    close();
    answer(run);
  };
  vim.keymap.set("n", "y", () => decide(true), { buffer: buf, nowait: true, desc: "claude-ide: run the code" });
  for (const lhs of ["n", "q", "<Esc>"])
    vim.keymap.set("n", lhs, () => decide(false), { buffer: buf, nowait: true, desc: "claude-ide: refuse the code" });
  vim.api.nvim_create_autocmd("BufWipeout", {
    buffer: buf,
    once: true,
    desc: "claude-ide: closing the window refuses to run the code",
    callback: () => {
      decide(false);
    },
  });
  return () => decide(false);
}
