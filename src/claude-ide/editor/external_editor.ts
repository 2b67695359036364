// The agent's external editor in this Neovim: a CLI :ClaudeCode started runs its $VISUAL (Claude Code's Ctrl-G,
// Gemini CLI's and Qwen Code's Ctrl-X) on a file of its own (the prompt, a plan); the plugin's command
// (hooks/main.ts, event "editor") asks this Neovim to open that file, and waits. The file opens in a window above
// the agent's terminal (terminal.editor "split"), a float or a tab page, filetype markdown. Done when its buffer
// goes: written then closed (`:wq`, `ZZ`, `:w` then `:bd`) → 0, the CLI reads the file; `:cq` (in that buffer
// only: it does not quit Neovim) or closed without writing → 1, the CLI keeps its text. Then the agent's
// terminal has the focus again, in Terminal mode. Its winbar says so (`:wq` sends, `:cq` cancels). The buffer is
// marked (editor/buffers AGENT_FILE_VAR): no CLI is ever told it is the file the user opened or a selection.
import { ancestors } from "../util/process";
import { AGENT_FILE_VAR } from "./buffers";

export type EditorLayout = "split" | "float" | "tab";

/** How far above the editor command its terminal's process may be (terminal → shell → cli → sh → nvim -l). */
const MAX_DEPTH = 12;

/** The command that cancels (`:cq` in the buffer becomes it). */
const CANCEL = "ClaudeIdeEditorCancel";

export interface EditorSession {
  /** `cb(status)` once the user is done (0: written, 1: cancelled or closed without writing). */
  onDone(this: void, cb: (this: void, status: number) => void): void;
  /** The command went away (the CLI killed it): the window closes, nothing is written. */
  cancel(this: void): void;
}

/** The window of the current tab page showing a terminal whose process is an ancestor of `pid`. */
function terminalWindow(pid: number | undefined): Win | undefined {
  if (pid === undefined) return undefined;
  const chain = ancestors(pid, MAX_DEPTH);
  for (const win of vim.api.nvim_tabpage_list_wins(0)) {
    const buf = vim.api.nvim_win_get_buf(win);
    if (vim.bo[buf].buftype !== "terminal") continue;
    const job = vim.b[buf].terminal_job_id as number | undefined;
    if (job === undefined) continue;
    const [ok, jobPid] = pcall(vim.fn.jobpid, job);
    if (ok && chain.includes(jobPid)) return win;
  }
  return undefined;
}

/** Opens `buf` in a new window for `layout`, above `near` (a split) when given. */
function openWindow(buf: Buf, layout: EditorLayout, near: Win | undefined): Win {
  if (layout === "tab") {
    vim.cmd(`tab sbuffer ${buf}`);
    return vim.api.nvim_get_current_win();
  }
  if (layout === "float") {
    const width = math.max(20, math.floor(vim.o.columns * 0.8));
    const height = math.max(5, math.floor(vim.o.lines * 0.7));
    return vim.api.nvim_open_win(buf, true, {
      relative: "editor",
      width,
      height,
      row: math.floor((vim.o.lines - height) / 2),
      col: math.floor((vim.o.columns - width) / 2),
      border: "rounded",
    });
  }
  return vim.api.nvim_open_win(buf, true, { split: "above", win: near ?? 0 });
}

/** The winbar of the file's window: whose text it is, and the two ways out. */
export function editorWinbar(who: string): string {
  return `%#Title# ${who}'s prompt %*  :wq send  ·  :cq cancel`;
}

/**
 * Opens `file` for the editor command run as `pid` and returns the session, or the reason it cannot open.
 * `line`: the line the CLI asked for (`+N`), if any. `who`: the CLI as the user reads its name (the winbar).
 */
export function openExternalEditor(
  file: string,
  layout: EditorLayout,
  pid: number | undefined,
  line?: number,
  who = "the agent",
): { ok: true; session: EditorSession } | { ok: false; error: string } {
  if (vim.fn.filereadable(file) !== 1 && vim.fn.isdirectory(vim.fs.dirname(file)) !== 1)
    return { ok: false, error: `no such file: ${file}` };
  const terminal = terminalWindow(pid);
  const buf = vim.fn.bufadd(file);
  // Marked before any window shows it: its BufEnter must already find it no file of the user's.
  vim.b[buf][AGENT_FILE_VAR] = true;
  vim.bo[buf].swapfile = false;
  vim.fn.bufload(buf);
  vim.bo[buf].buflisted = true;
  const [opened, win] = pcall(openWindow, buf, layout, terminal);
  if (!opened) return { ok: false, error: `cannot open a window: ${tostring(win)}` };
  const winbar = editorWinbar(who);
  const winbarBefore = vim.api.nvim_get_option_value("winbar", { win, scope: "local" }) as string;
  vim.api.nvim_set_option_value("winbar", winbar, { win, scope: "local" });
  vim.bo[buf].bufhidden = "wipe";
  vim.bo[buf].filetype = "markdown";
  if (line !== undefined) pcall(vim.api.nvim_win_set_cursor, win, [line, 0]);

  let written = false;
  let status: number | undefined;
  const waiting: ((this: void, status: number) => void)[] = [];
  const group = vim.api.nvim_create_augroup(`claude-ide.external-editor.${buf}`, { clear: true });
  const finish = (s: number) => {
    if (status !== undefined) return;
    status = s;
    pcall(vim.api.nvim_del_augroup_by_id, group);
    // The window may stay, showing another buffer (`:w` then `:e other`): its winbar is no longer this file's.
    if (vim.api.nvim_win_is_valid(win) && vim.api.nvim_get_option_value("winbar", { win }) === winbar)
      vim.api.nvim_set_option_value("winbar", winbarBefore, { win, scope: "local" });
    // The agent's terminal again, in Terminal mode (after the window has gone).
    vim.schedule(() => {
      if (terminal !== undefined && vim.api.nvim_win_is_valid(terminal)) {
        vim.api.nvim_set_current_win(terminal);
        vim.cmd("startinsert");
      }
    });
    for (const cb of waiting) cb(s);
  };
  vim.api.nvim_create_autocmd("BufWritePost", {
    group,
    buffer: buf,
    desc: "claude-ide: the agent's file was written (the CLI reads it)",
    callback: () => {
      written = true;
    },
  });
  vim.api.nvim_create_autocmd(["BufWipeout", "BufUnload"], {
    group,
    buffer: buf,
    desc: "claude-ide: the agent's file was closed (the CLI goes on)",
    callback: () => finish(written ? 0 : 1),
  });
  // `:cq` in this buffer cancels this edit only (typed: an abbreviation; Neovim itself stays).
  vim.api.nvim_buf_create_user_command(
    buf,
    CANCEL,
    () => {
      finish(1);
      pcall(vim.api.nvim_buf_delete, buf, { force: true });
    },
    { desc: "claude-ide: close the agent's file without giving it back (the CLI keeps its text)" },
  );
  vim.cmd(`cnoreabbrev <buffer> <expr> cq (getcmdtype() ==# ':' && getcmdline() ==# 'cq') ? '${CANCEL}' : 'cq'`);
  return {
    ok: true,
    session: {
      onDone: (cb) => {
        if (status !== undefined) cb(status);
        else waiting.push(cb);
      },
      cancel: () => {
        if (status !== undefined) return;
        finish(1);
        pcall(vim.api.nvim_buf_delete, buf, { force: true });
      },
    },
  };
}
