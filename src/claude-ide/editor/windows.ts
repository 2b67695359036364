// Which window is "the editor": the one where a file opened by Claude belongs. Never a terminal, a sidebar
// (neo-tree, nvim-tree, oil, ...), a float, a diff window, quickfix/help/prompt windows, the preview window or a
// CLI's external-editor file (its prompt, being written).
import { isAgentFile, isSidebarFiletype } from "./buffers";

/** A window that may show a file the user edits (an unnamed empty buffer counts, e.g. at startup). */
export function isEditorWindow(win: Win): boolean {
  if (!vim.api.nvim_win_is_valid(win)) return false;
  if (vim.api.nvim_win_get_config(win).relative !== "") return false;
  if (vim.api.nvim_get_option_value("diff", { win }) === true) return false;
  if (vim.api.nvim_get_option_value("previewwindow", { win }) === true) return false;
  const buf = vim.api.nvim_win_get_buf(win);
  if (vim.api.nvim_get_option_value("buftype", { buf }) !== "") return false;
  return !isSidebarFiletype(vim.api.nvim_get_option_value("filetype", { buf }) as string) && !isAgentFile(buf);
}

/**
 * The main editor window of the current tab page: the current window when it qualifies, else the previous
 * window (`wincmd p`), else the largest qualifying window. Undefined when there is none.
 */
export function mainEditorWindow(): Win | undefined {
  const current = vim.api.nvim_get_current_win();
  if (isEditorWindow(current)) return current;
  const previousNr = vim.fn.winnr("#");
  const previous = previousNr === 0 ? 0 : vim.fn.win_getid(previousNr);
  if (previous !== 0 && isEditorWindow(previous)) return previous;
  let best: Win | undefined;
  let bestArea = -1;
  for (const win of vim.api.nvim_tabpage_list_wins(0)) {
    if (!isEditorWindow(win)) continue;
    const area = vim.api.nvim_win_get_width(win) * vim.api.nvim_win_get_height(win);
    if (area > bestArea) {
      best = win;
      bestArea = area;
    }
  }
  return best;
}

/**
 * Shows `buf` in `win`. A modified buffer the window showed is hidden, never abandoned, also with
 * 'nohidden' (where nvim_win_set_buf would refuse): its unsaved changes stay in memory.
 */
export function showBuffer(win: Win, buf: Buf): void {
  const previous = vim.api.nvim_win_get_buf(win);
  if (previous === buf) return;
  if (vim.api.nvim_get_option_value("modified", { buf: previous }) !== true) {
    vim.api.nvim_win_set_buf(win, buf);
    return;
  }
  const bufhidden = vim.api.nvim_get_option_value("bufhidden", { buf: previous }) as string;
  vim.api.nvim_set_option_value("bufhidden", "hide", { buf: previous });
  const [ok, err] = pcall(vim.api.nvim_win_set_buf, win, buf);
  if (vim.api.nvim_buf_is_valid(previous)) vim.api.nvim_set_option_value("bufhidden", bufhidden, { buf: previous });
  if (!ok) error(tostring(err), 0);
}

/** A byte range of a buffer: 0-based rows, byte columns, end exclusive. */
export interface ByteRange {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

/** Byte column where the character ending just before byte `col` starts (UTF-8 continuation bytes skipped). */
function previousCharStart(line: string, col: number): number {
  let i = math.min(col, line.length) - 1;
  while (i > 0) {
    const b = string.byte(line, i + 1);
    if (b < 0x80 || b >= 0xc0) break;
    i--;
  }
  return math.max(i, 0);
}

/** mode() values from which Visual mode may be started (Normal, Normal in a terminal buffer, Visual). */
function canSelectFrom(mode: string): boolean {
  return mode === "n" || mode === "nt" || mode === "v" || mode === "V" || mode === string.char(0x16);
}

/**
 * Shows `range` in `win`: with `enter`, the window becomes current and a non-empty range is selected in
 * characterwise Visual mode (as an editor "selects" text); without, only the window's cursor moves to the
 * start. Visual mode is not started from Insert mode (the user is typing somewhere).
 */
export function revealRange(win: Win, range: ByteRange, enter: boolean): void {
  const buf = vim.api.nvim_win_get_buf(win);
  let select = false;
  if (enter) {
    vim.api.nvim_set_current_win(win);
    const mode = vim.api.nvim_get_mode().mode;
    select = canSelectFrom(mode) && !(range.startRow === range.endRow && range.startCol === range.endCol);
    if (select && mode !== "n" && mode !== "nt") vim.cmd("normal! \x1b");
  }
  vim.api.nvim_win_set_cursor(win, [range.startRow + 1, range.startCol]);
  vim.api.nvim_win_call(win, () => vim.cmd("normal! zv"));
  if (!select) return;
  // A range ending at column 0 of a later line ends with the previous line's last character.
  let [row, col] = [range.endRow, range.endCol];
  if (col === 0 && row > range.startRow) {
    row--;
    col = (vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[0] ?? "").length;
  }
  const endLine = vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[0] ?? "";
  vim.cmd("normal! v");
  vim.api.nvim_win_set_cursor(win, [row + 1, previousCharStart(endLine, col)]);
}

/**
 * The main editor window, creating one when the tab page has none (a full-height split on the side away
 * from `avoidSide`, e.g. the Claude terminal's side). The new window shows `buf`; it is not entered.
 */
export function ensureEditorWindow(buf: Buf, avoidSide: string): Win {
  const existing = mainEditorWindow();
  if (existing !== undefined) return existing;
  const side = avoidSide === "left" ? "right" : "left";
  return vim.api.nvim_open_win(buf, false, { split: side, win: -1 });
}
