// Buffers as the tools see them: file buffers found by exact path (never Vim's pattern-matching bufnr()),
// language ids, dirty state, and saving without ever prompting or overwriting a newer file on disk.
import { normalizePath } from "./positions";

/** Filetypes of file explorers, pickers and other tool windows: never "the file the user is editing". */
const SIDEBAR_FILETYPES: { [ft: string]: true } = {
  "neo-tree": true,
  "neo-tree-popup": true,
  NvimTree: true,
  oil: true,
  netrw: true,
  minifiles: true,
  aerial: true,
  Outline: true,
  undotree: true,
  trouble: true,
  snacks_picker_list: true,
  snacks_terminal: true,
  TelescopePrompt: true,
  lazy: true,
  mason: true,
  qf: true,
  help: true,
};

export function isSidebarFiletype(ft: string): boolean {
  return SIDEBAR_FILETYPES[ft] === true;
}

function option<T>(buf: Buf, name: string): T {
  return vim.api.nvim_get_option_value(name, { buf }) as T;
}

/**
 * The buffer variable (`b:claude_ide_agent_file`, true) marking a file the plugin opened for a CLI's external
 * editor (editor/external_editor: Claude Code's Ctrl-G prompt, a plan, Gemini's Ctrl-X): the CLI's own text,
 * never "the file the user opened" nor a selection to report to any CLI.
 */
export const AGENT_FILE_VAR = "claude_ide_agent_file";

/** Whether `buf` is a CLI's external-editor file (AGENT_FILE_VAR). */
export function isAgentFile(buf: Buf): boolean {
  // getbufvar(), not vim.b[buf]: that makes an accessor table per call.
  return vim.fn.getbufvar(buf, AGENT_FILE_VAR) === true;
}

/**
 * A buffer holding a file the user edits: a normal buftype (not terminal, prompt, nofile, help, quickfix or
 * acwrite like oil), a name, not a sidebar filetype, and not a CLI's external-editor file (isAgentFile).
 */
export function isFileBuffer(buf: Buf): boolean {
  if (!vim.api.nvim_buf_is_valid(buf)) return false;
  if (option<string>(buf, "buftype") !== "") return false;
  if (vim.api.nvim_buf_get_name(buf) === "") return false;
  return !isSidebarFiletype(option<string>(buf, "filetype")) && !isAgentFile(buf);
}

/** The normalized absolute path of a buffer's name ("" for an unnamed buffer). */
export function bufferPath(buf: Buf): string {
  const name = vim.api.nvim_buf_get_name(buf);
  return name === "" ? "" : normalizePath(name);
}

/**
 * The buffer whose file is exactly `path` (compared as normalized absolute paths; symlinks resolved when the
 * plain comparison finds nothing). Unnamed and special buffers never match. `onlyLoaded`: only a loaded buffer
 * (one holding text of the user's), under whichever name of the file.
 */
export function findBuffer(path: string, onlyLoaded?: boolean): Buf | undefined {
  const target = normalizePath(path);
  // Neovim knows every buffer's full name and the device and inode of its file (from when the buffer was made
  // or loaded), and bufexists() compares them in C. When it knows no buffer for the path, only the loaded
  // buffers (whose unsaved text matters) are looked at here, in case their name is odd or their file changed
  // identity since: 1,000 unloaded buffers are not (each name normalized and stat'ed: 5-10 ms on every call).
  const known = onlyLoaded !== true && vim.fn.bufexists(target) === 1;
  // One pass over the buffers reading each name once: names are usually absolute and normalized already, so
  // they are tried as they are first; 'buftype' is read only for a candidate. Two parallel lists, not a pair
  // per buffer: this often runs right after big work whose garbage the collector is still paying off.
  const bufs = vim.api.nvim_list_bufs();
  const names: string[] = [];
  for (let i = 0; i < bufs.length; i++) {
    const b = bufs[i];
    const name = known || vim.api.nvim_buf_is_loaded(b) ? vim.api.nvim_buf_get_name(b) : "";
    names[i] = name;
    if (name !== "" && name === target && option<string>(b, "buftype") === "") return b;
  }
  for (let i = 0; i < bufs.length; i++) {
    const name = names[i];
    if (name !== "" && normalizePath(name) === target && option<string>(bufs[i], "buftype") === "") return bufs[i];
  }
  // The same file under another name (a symlink): compared by device and inode, one stat per buffer (a
  // realpath per buffer walked every component of every name: 40 ms with 1,000 buffers, on every call).
  const [want] = vim.uv.fs_stat(target);
  if (want === undefined) return undefined;
  for (let i = 0; i < bufs.length; i++) {
    const name = names[i];
    if (name === "") continue;
    const [st] = vim.uv.fs_stat(normalizePath(name));
    if (st !== undefined && st.ino === want.ino && st.dev === want.dev && option<string>(bufs[i], "buftype") === "")
      return bufs[i];
  }
  return undefined;
}

/** Neovim filetypes whose VS Code language id differs (everything else: the filetype itself). */
const LANGUAGE_IDS: { [ft: string]: string } = {
  "": "plaintext",
  text: "plaintext",
  sh: "shellscript",
  bash: "shellscript",
  zsh: "shellscript",
  cs: "csharp",
  objc: "objective-c",
  objcpp: "objective-cpp",
  make: "makefile",
  vim: "viml",
  tex: "latex",
  gitcommit: "git-commit",
  gitrebase: "git-rebase",
};

/** The VS Code-style language id of a buffer (derived from 'filetype'). */
export function languageId(buf: Buf): string {
  const ft = option<string>(buf, "filetype");
  return LANGUAGE_IDS[ft] ?? ft;
}

/**
 * A buffer option read with getbufvar(): several times cheaper than nvim_get_option_value, whose dict argument
 * costs more than the read (editor_state reads a few options of each of hundreds of buffers). "" for a buffer
 * that does not exist; boolean options read 0 or 1.
 */
export function bufOption(buf: Buf, name: string): string | number {
  return vim.fn.getbufvar(buf, `&${name}`) as string | number;
}

/** The buffer has unsaved changes (false for one that does not exist). */
export function isDirty(buf: Buf): boolean {
  return bufOption(buf, "modified") === 1;
}

/** The buffer is listed (false for one that does not exist). */
export function isListed(buf: Buf): boolean {
  return vim.fn.buflisted(buf) === 1;
}

/** True when the buffer's file does not exist on disk (never written). */
export function isUntitled(buf: Buf): boolean {
  const [stat] = vim.uv.fs_stat(vim.api.nvim_buf_get_name(buf));
  return stat === undefined;
}

export function lineCount(buf: Buf): number {
  return vim.api.nvim_buf_line_count(buf);
}

/** One line of a loaded buffer ("" past the end). */
export function getLine(buf: Buf, line: number): string {
  return vim.api.nvim_buf_get_lines(buf, line, line + 1, false)[0] ?? "";
}

/**
 * Runs `fn` (protected) with a swap file found meanwhile opened read-only instead of prompting: a prompt would
 * stall the editor inside a tool call. `when` completes the autocmd's description. pcall's ok and error.
 */
export function withoutSwapPrompt(when: string, fn: (this: void) => void): [boolean, unknown] {
  const group = vim.api.nvim_create_augroup("claude-ide.no-swap-prompt", { clear: true });
  vim.api.nvim_create_autocmd("SwapExists", {
    group,
    desc: `claude-ide: open read-only instead of prompting when ${when}`,
    callback: () => {
      vim.v.swapchoice = "o";
    },
  });
  const [ok, err] = pcall(fn);
  vim.api.nvim_del_augroup_by_id(group);
  return [ok, err];
}

/**
 * A Vim error as one line without the Lua traceback: "Vim:E992: Not allowed..." → "E992: Not allowed...",
 * "Vim(lua):E5108: Error executing lua ...: boom\nstack traceback: ..." → "E5108: Error executing lua ...: boom".
 */
export function vimErrorLine(err: unknown): string {
  let text = tostring(err);
  const [vimMessage] = string.match(text, "^Vim[^:]*:(E%d+:.*)$");
  if (vimMessage !== undefined) text = vimMessage;
  const [first] = string.match(text, "^[^\n]*");
  return vim.trim(first ?? text);
}

/**
 * The listed, loaded buffer of the file at `path` (an existing buffer is reused). A swap file found while
 * loading opens the file read-only instead of prompting: a prompt would stall the editor inside a tool call.
 * A Vim error while loading throws its one line (vimErrorLine), with the buffer unloaded (wiped when new).
 * `listed: false`: a new buffer stays out of the buffer list (the LSP tools load files only so that the
 * language servers attach; the user's buffer list is not theirs to fill).
 */
export function loadBuffer(path: string, opts: { listed?: boolean } = {}): Buf {
  const found = findBuffer(path);
  const existed = found !== undefined || vim.fn.bufexists(path) === 1;
  const buf = found ?? vim.fn.bufadd(path);
  if (!vim.api.nvim_buf_is_loaded(buf)) {
    const [ok, err] = withoutSwapPrompt("a tool loads a file with a swap file", () => vim.fn.bufload(buf));
    // bufload() loads a file whose swap file another Neovim holds without asking (no SwapExists), but reports
    // the E325 ATTENTION message as an error: the file is loaded; read-only, as the swap prompt's "Open
    // Read-Only" would have it, so that nothing here writes over the other editor's work.
    const swapped = !ok && string.find(tostring(err), "E325:", 1, true)[0] !== undefined;
    if (swapped && vim.api.nvim_buf_is_loaded(buf)) vim.api.nvim_set_option_value("readonly", true, { buf });
    else if (!ok) {
      // A modeline Neovim refuses (E992), another plugin's failing autocmd...: no half-loaded buffer stays.
      pcall(vim.api.nvim_buf_delete, buf, existed ? { force: true, unload: true } : { force: true });
      error(vimErrorLine(err), 0);
    }
    // bufload() leaves 'filetype' empty when filetype detection is off (as in `nvim -l`).
    if (option<string>(buf, "filetype") === "") {
      const [ft] = vim.filetype.match({ buf });
      if (ft !== undefined) vim.api.nvim_set_option_value("filetype", ft, { buf });
    }
  }
  if (opts.listed !== false) vim.api.nvim_set_option_value("buflisted", true, { buf });
  return buf;
}

/** Replaces the buffer's text by `after`, changing only the lines that differ (marks and folds elsewhere stay). */
export function setChangedLines(buf: Buf, before: string[], after: string[]): void {
  const hunks = vim.diff(before.join("\n") + "\n", after.join("\n") + "\n", { result_type: "indices" });
  // Bottom to top, so that earlier hunks' line numbers stay valid.
  for (let i = hunks.length - 1; i >= 0; i--) {
    const [startA, countA, startB, countB] = hunks[i];
    const from = countA === 0 ? startA : startA - 1;
    const replacement = countB === 0 ? [] : after.slice(startB - 1, startB - 1 + countB);
    vim.api.nvim_buf_set_lines(buf, from, from + countA, false, replacement);
  }
}

export type SaveResult = { ok: true; wrote: boolean } | { ok: false; reason: string };

/**
 * Did the file change on disk since the buffer read it? Asks Vim (:checktime) with a buffer-local
 * FileChangedShell handler so that Vim reports instead of prompting or reloading. Vim's own "changed since
 * reading" check on :write still works afterwards (it keeps its own read time).
 */
function changedOnDisk(buf: Buf): boolean {
  let reason = "";
  const group = vim.api.nvim_create_augroup("claude-ide.save-check", { clear: true });
  vim.api.nvim_create_autocmd("FileChangedShell", {
    group,
    buffer: buf,
    desc: "claude-ide: report (do not prompt) a file changed on disk before saveDocument writes",
    callback: () => {
      reason = vim.v.fcs_reason as string;
      vim.v.fcs_choice = "";
    },
  });
  pcall(vim.cmd, `silent checktime ${buf}`);
  vim.api.nvim_del_augroup_by_id(group);
  return reason === "changed" || reason === "conflict";
}

/** Buffer variable set while the plugin writes the buffer (saveBuffer): that write is not the user's. */
export const PLUGIN_WRITE_VAR = "claude_ide_plugin_write";

/**
 * Writes a buffer to its file like :write, but refuses (with the reason) instead of prompting: not
 * modifiable/read-only, file changed on disk since it was read, or the write failing. A buffer without
 * unsaved changes is not written again.
 */
export function saveBuffer(buf: Buf): SaveResult {
  if (!vim.api.nvim_buf_is_loaded(buf)) return { ok: false, reason: "the buffer is not loaded" };
  if (!isDirty(buf)) return { ok: true, wrote: false };
  if (option<boolean>(buf, "readonly")) return { ok: false, reason: "the buffer is read-only ('readonly' is set)" };
  if (changedOnDisk(buf)) {
    return {
      ok: false,
      reason: "the file changed on disk since it was read; not overwriting it (reload or save it yourself)",
    };
  }
  // Marked while it writes: BufWritePost handlers tell the plugin's writes from the user's (the turn review).
  vim.b[buf][PLUGIN_WRITE_VAR] = true;
  const [ok, err] = pcall(vim.api.nvim_buf_call, buf, () => vim.cmd("silent keepalt keepjumps write"));
  vim.b[buf][PLUGIN_WRITE_VAR] = undefined;
  if (!ok) return { ok: false, reason: `write failed: ${tostring(err)}` };
  if (isDirty(buf)) return { ok: false, reason: "write failed: the buffer is still modified after :write" };
  return { ok: true, wrote: true };
}
