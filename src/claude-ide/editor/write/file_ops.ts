// Files created, moved and removed on disk together with their buffers: the file operations of an LSP
// WorkspaceEdit, after the user accepted them in the review. Like Neovim's own vim.lsp.util.rename, a renamed
// file's buffer keeps its number and follows the file under the new name; unlike it, the user's unsaved
// changes stay unsaved (they are never written by a rename) and `:w` works afterwards. A deleted file's buffer
// goes too, its windows showing another buffer: only a buffer without unsaved changes (callers refuse earlier).
// Nothing here asks the user anything or overwrites a file it was not told to.
import { writeFileAsVim } from "./disk_write";
import { findBuffer, setChangedLines, withoutSwapPrompt } from "../buffers";

export type FileOpResult = { ok: true; note?: string } | { ok: false; error: string };

function stat(path: string): { type: string } | undefined {
  const [s] = vim.uv.fs_stat(path);
  return s;
}

/** The loaded buffer of `path` when it has unsaved changes. */
export function unsavedBuffer(path: string): Buf | undefined {
  const buf = findBuffer(path);
  if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) return undefined;
  return vim.api.nvim_get_option_value("modified", { buf }) === true ? buf : undefined;
}

export function isDirectory(path: string): boolean {
  return stat(path)?.type === "directory";
}

/** Makes the folder of `path` (and its parents). */
function makeParent(path: string): FileOpResult {
  const dir = vim.fs.dirname(path);
  if (vim.fn.isdirectory(dir) === 1 || vim.fn.mkdir(dir, "p") === 1) return { ok: true };
  return { ok: false, error: `cannot create the directory ${dir}` };
}

/** An empty file at `path` when there is nothing there yet (parent folders made); an existing file stays. */
export function createFile(path: string): FileOpResult {
  if (stat(path) !== undefined) return { ok: true };
  const made = makeParent(path);
  if (!made.ok) return made;
  // Made as `:w` of an empty buffer makes it (the mode from the umask), like every agent write (disk_write).
  const written = writeFileAsVim(path, []);
  return written.ok ? { ok: true } : { ok: false, error: written.error };
}

/**
 * Wipes a buffer (without unsaved changes) whose file is gone. Windows showing it first show another buffer
 * (their alternate one, else another listed buffer, else a new empty one): the user's layout stays.
 */
function removeBuffer(buf: Buf): void {
  for (const win of vim.fn.win_findbuf(buf)) {
    const alt = vim.api.nvim_win_call(win, () => vim.fn.bufnr("#"));
    const usable = (b: number) =>
      b > 0 &&
      b !== buf &&
      vim.api.nvim_buf_is_valid(b) &&
      vim.api.nvim_get_option_value("buflisted", { buf: b }) === true;
    let next: Buf | undefined = usable(alt) ? alt : undefined;
    next ??= vim.api.nvim_list_bufs().find((b) => usable(b));
    next ??= vim.api.nvim_create_buf(true, false);
    pcall(vim.api.nvim_win_set_buf, win, next);
  }
  pcall(vim.api.nvim_buf_delete, buf, { force: true });
}

/** Another buffer exactly named `path` (not `except`): the one `:file` leaves behind with the old name. */
function otherBufferNamed(path: string, except: Buf): Buf | undefined {
  return vim.api.nvim_list_bufs().find((b) => b !== except && vim.api.nvim_buf_get_name(b) === path);
}

/**
 * Gives `buf` (the buffer of `from`, whose file is now at `to`) the new name, keeping its text, unsaved
 * changes, undo history and number. `:file` alone would leave `:w` failing with E13 (Neovim thinks the buffer
 * was never read from the file it now names): the buffer is read again from its new file (`:edit!`, saved for
 * undo, which also re-detects the filetype and tells its language servers the new name), then its unsaved
 * text is put back (joined to that undo step). Returns what happened, for the answer.
 */
function moveBuffer(buf: Buf, from: string, to: string): string {
  const stale = otherBufferNamed(to, buf);
  if (stale !== undefined && !vim.api.nvim_buf_is_loaded(stale)) pcall(vim.api.nvim_buf_delete, stale, { force: true });
  const loaded = vim.api.nvim_buf_is_loaded(buf);
  const text = loaded ? vim.api.nvim_buf_get_lines(buf, 0, -1, true) : undefined;
  const dirty = loaded && vim.api.nvim_get_option_value("modified", { buf }) === true;
  // keepalt: the window's alternate file stays what the user had. A structured command, not a string: the
  // name (from the model) reaches :file as one argument, with no `%`/`#` expansion, and a newline in it
  // cannot start a second Ex command (fnameescape() does not escape newlines).
  const [named, nameErr] = pcall(vim.api.nvim_buf_call, buf, () =>
    vim.cmd({ cmd: "file", args: [to], mods: { silent: true, keepalt: true }, magic: { file: false } }),
  );
  if (!named) return `its buffer b${buf} could not follow it (${tostring(nameErr)}): it still has the old name`;
  // `:file` made an unlisted, unloaded buffer with the old name (for the alternate file): gone with the file.
  const left = otherBufferNamed(from, buf);
  if (left !== undefined && !vim.api.nvim_buf_is_loaded(left)) pcall(vim.api.nvim_buf_delete, left, { force: true });
  if (text === undefined) return `its unloaded buffer b${buf} renamed too`;
  const undoreload = vim.api.nvim_get_option_value("undoreload", {}) as number;
  // Negative: the reload is always saved for undo (however long the buffer), so no undo history is lost.
  vim.api.nvim_set_option_value("undoreload", -1, {});
  const [reloaded, err] = withoutSwapPrompt("a renamed file has another editor's swap file", () =>
    vim.api.nvim_buf_call(buf, () => vim.cmd("silent keepalt keepjumps edit!")),
  );
  vim.api.nvim_set_option_value("undoreload", undoreload, {});
  const now = vim.api.nvim_buf_get_lines(buf, 0, -1, true);
  if (!vim.deep_equal(now, text)) {
    vim.api.nvim_buf_call(buf, () => {
      pcall(vim.cmd, "undojoin");
      setChangedLines(buf, now, text);
    });
  }
  const how = dirty ? `buffer b${buf} follows it, its unsaved changes kept (not saved)` : `buffer b${buf} follows it`;
  return reloaded ? how : `${how}; reading it again failed (${tostring(err)}): \`:w!\` may be needed to save it`;
}

/**
 * Moves the file `from` to `to` (parent folders made), and its buffer with it. An existing `to` is replaced
 * only with `overwrite` (its buffer, which must have no unsaved changes, is wiped); folders are refused.
 */
export function renameFile(from: string, to: string, overwrite: boolean): FileOpResult {
  const source = stat(from);
  if (source === undefined) return { ok: false, error: `${from} does not exist (any more)` };
  if (source.type === "directory") return { ok: false, error: `${from} is a folder` };
  const target = stat(to);
  if (target !== undefined && !overwrite) return { ok: false, error: `${to} exists and is not to be overwritten` };
  if (target?.type === "directory") return { ok: false, error: `${to} is a folder` };
  const buf = findBuffer(from);
  const other = findBuffer(to);
  // The buffer of the file being replaced (or of a file never written there).
  const replaced = other !== undefined && other !== buf ? other : undefined;
  if (replaced !== undefined && vim.api.nvim_buf_is_loaded(replaced)) {
    if (vim.api.nvim_get_option_value("modified", { buf: replaced }) === true)
      return { ok: false, error: `${to} has unsaved changes in buffer b${replaced}` };
    if (!overwrite) return { ok: false, error: `${to} is open in buffer b${replaced} and is not to be overwritten` };
  }
  const made = makeParent(to);
  if (!made.ok) return made;
  const [renamed, err] = vim.uv.fs_rename(from, to);
  if (!renamed) return { ok: false, error: `cannot rename ${from} to ${to}: ${err}` };
  // Its persistent undo history (with 'undofile') goes along, as Neovim's own rename does.
  const undoFrom = vim.fn.undofile(from);
  if (undoFrom !== "" && stat(undoFrom) !== undefined) {
    const undoTo = vim.fn.undofile(to);
    vim.fn.mkdir(vim.fs.dirname(undoTo), "p");
    vim.uv.fs_rename(undoFrom, undoTo);
  }
  if (replaced !== undefined && replaced !== buf) removeBuffer(replaced);
  if (buf === undefined) return { ok: true };
  return { ok: true, note: moveBuffer(buf, from, to) };
}

/**
 * Deletes the file `path` and wipes its buffer (windows keep showing something else). A buffer with unsaved
 * changes is refused; so is a folder. A missing file is fine with `ignoreIfNotExists`.
 */
export function deleteFile(path: string, ignoreIfNotExists: boolean): FileOpResult {
  const unsaved = unsavedBuffer(path);
  if (unsaved !== undefined) return { ok: false, error: `${path} has unsaved changes in buffer b${unsaved}` };
  const buf = findBuffer(path);
  const s = stat(path);
  if (s === undefined) {
    if (!ignoreIfNotExists) return { ok: false, error: `${path} does not exist (any more)` };
  } else if (s.type === "directory") return { ok: false, error: `${path} is a folder` };
  else {
    const [removed, err] = vim.uv.fs_unlink(path);
    if (!removed) return { ok: false, error: `cannot delete ${path}: ${err}` };
  }
  if (buf === undefined) return { ok: true };
  removeBuffer(buf);
  return { ok: true, note: `its buffer b${buf} wiped` };
}
