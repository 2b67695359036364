// What the Gemini CLI / Qwen Code companion tells the CLI about the editor (`ide/contextUpdate`): the files the
// user opened that exist on disk, most recently focused first, with when they were last focused; the active
// one with its cursor (1-based line and character) and selected text. Capped as the CLI caps it (10 files,
// 16 KiB of selection); of a file the privacy policy withholds, the selected text is never sent. Changes are
// reported debounced; cursor autocmds exist only while someone listens. Leaving Visual mode (<Esc>, or going to
// the CLI's terminal to type) keeps that selection as the context until the cursor moves in that window, as
// editor/selection does for Claude Code.
import { isFileBuffer, bufferPath } from "./buffers";
import { activeEditorWindow, isTrackedWindow, liveSelection, markedSelection } from "./selection";

/** Visual and Select modes, as ModeChanged patterns name them (charwise, linewise, blockwise). */
const VISUAL = `vVsS${string.char(0x16)}${string.char(0x13)}`;

export const MAX_FILES = 10;
export const MAX_SELECTION_BYTES = 16 * 1024;

export interface OpenFile {
  path: string;
  timestamp: number;
  isActive?: boolean;
  cursor?: { line: number; character: number };
  selectedText?: string;
}

function nowMs(): number {
  const [sec, usec] = vim.uv.gettimeofday();
  return sec * 1000 + math.floor(usec / 1000);
}

/** The first `max` bytes of `s`, never cutting a UTF-8 character. */
function cutUtf8(s: string, max: number): string {
  if (s.length <= max) return s;
  let n = max;
  // A continuation byte (10xxxxxx) after the cut: the cut is inside a character; back off to its start.
  while (n > 0) {
    const b = string.byte(s, n + 1);
    if (b < 0x80 || b >= 0xc0) break;
    n--;
  }
  return string.sub(s, 1, n);
}

function existsOnDisk(path: string): boolean {
  const [stat] = vim.uv.fs_stat(path);
  return stat !== undefined && stat.type === "file";
}

/** Tracks focus times and reports the workspace state, debounced. One per running companion. */
export class WorkspaceContext {
  private readonly focused = new LuaMap<string, number>();
  private readonly group: number;
  private cursorAutocmds: number[] = [];
  /** Where the cursor was when a Visual selection ended: that selection stays the context until it moves. */
  private kept?: { win: Win; row: number; col: number };
  private timer?: vim.uv.Timer;
  private disposed = false;

  constructor(
    name: string,
    private readonly debounceMs: number,
    private readonly onUpdate: (this: void, state: { openFiles: OpenFile[] }) => void,
    /** Whether a file's text is withheld from the model (the privacy policy): its selection is not sent. */
    private readonly withheld: (this: void, path: string) => boolean = () => false,
  ) {
    this.group = vim.api.nvim_create_augroup(name, { clear: true });
    const focus = (ev: vim.api.AutocmdArgs): void => {
      this.touch(ev.buf);
      this.changed();
    };
    const files = (ev: vim.api.AutocmdArgs): void => {
      if (ev.event === "BufDelete" || ev.event === "BufWipeout") {
        const path = vim.api.nvim_buf_is_valid(ev.buf) && isFileBuffer(ev.buf) ? bufferPath(ev.buf) : undefined;
        if (path !== undefined) this.focused.delete(path);
      } else this.touch(ev.buf);
      this.changed();
    };
    vim.api.nvim_create_autocmd(["BufEnter", "WinEnter"], {
      group: this.group,
      desc: "claude-ide: the companion's last-focused file times",
      // `this: void`: the autocmd typing would otherwise give the callback a self argument.
      callback: function (this: void, ev: vim.api.AutocmdArgs) {
        focus(ev);
      },
    });
    vim.api.nvim_create_autocmd(["BufDelete", "BufWipeout", "BufWritePost", "BufFilePost"], {
      group: this.group,
      desc: "claude-ide: the companion's open files",
      callback: function (this: void, ev: vim.api.AutocmdArgs) {
        files(ev);
      },
    });
    for (const buf of vim.api.nvim_list_bufs()) if (vim.api.nvim_buf_is_loaded(buf)) this.touch(buf, 0);
    this.touch(vim.api.nvim_get_current_buf());
  }

  /** Cursor and selection changes are followed only while `on` (a CLI listens). */
  listen(on: boolean): void {
    if (this.disposed) return;
    if (on && this.cursorAutocmds.length === 0) {
      this.cursorAutocmds = [
        vim.api.nvim_create_autocmd(["CursorMoved", "CursorMovedI", "ModeChanged"], {
          group: this.group,
          desc: "claude-ide: the companion's cursor and selection",
          callback: () => this.changed(),
        }),
        vim.api.nvim_create_autocmd("ModeChanged", {
          group: this.group,
          pattern: `[${VISUAL}]*:[^${VISUAL}]*`,
          desc: "claude-ide: the companion keeps the selection when Visual mode ends",
          callback: () => this.keep(),
        }),
      ];
    } else if (!on) {
      for (const id of this.cursorAutocmds) pcall(vim.api.nvim_del_autocmd, id);
      this.cursorAutocmds = [];
    }
  }

  private keep(): void {
    const win = vim.api.nvim_get_current_win();
    if (!isTrackedWindow(win)) return;
    const [row, col] = vim.api.nvim_win_get_cursor(win);
    this.kept = { win, row, col };
  }

  /** The selected text of `win`: live in Visual mode, else the kept one while the cursor has not moved. */
  private selectedText(win: Win): string {
    const live = liveSelection(win).text;
    if (live !== "") return live;
    const kept = this.kept;
    if (kept === undefined || kept.win !== win || !vim.api.nvim_win_is_valid(win)) return "";
    const [row, col] = vim.api.nvim_win_get_cursor(win);
    if (row !== kept.row || col !== kept.col) {
      this.kept = undefined;
      return "";
    }
    return markedSelection(win)?.text ?? "";
  }

  private touch(buf: Buf, at = nowMs()): void {
    if (!vim.api.nvim_buf_is_valid(buf) || !isFileBuffer(buf)) return;
    const path = bufferPath(buf);
    if (path === "") return;
    this.focused.set(path, math.max(at, this.focused.get(path) ?? 0));
  }

  /** Schedules one report debounceMs after the last change. */
  changed(): void {
    if (this.disposed) return;
    if (this.timer === undefined) this.timer = vim.uv.new_timer();
    this.timer.stop();
    this.timer.start(this.debounceMs, 0, () => vim.schedule(() => this.flush()));
  }

  /** Reports now. */
  flush(): void {
    if (this.disposed) return;
    this.onUpdate({ openFiles: this.snapshot() });
  }

  snapshot(): OpenFile[] {
    const files: OpenFile[] = [];
    for (const [path, timestamp] of this.focused) if (existsOnDisk(path)) files.push({ path, timestamp });
    const win = activeEditorWindow();
    const activePath = win !== undefined ? bufferPath(vim.api.nvim_win_get_buf(win)) : undefined;
    files.sort((a, b) => {
      if (a.path === activePath) return -1;
      if (b.path === activePath) return 1;
      return b.timestamp - a.timestamp;
    });
    const kept = files.slice(0, MAX_FILES);
    const active = kept[0];
    if (win !== undefined && active !== undefined && active.path === activePath) {
      active.isActive = true;
      const text = this.selectedText(win);
      const at = vim.api.nvim_win_get_cursor(win);
      // The cursor as the CLI shows it: 1-based line and character (characters, not bytes).
      const line = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), at[0] - 1, at[0], false)[0] ?? "";
      active.cursor = { line: at[0], character: vim.fn.strchars(string.sub(line, 1, at[1])) + 1 };
      if (text !== "" && !this.withheld(active.path)) active.selectedText = cutUtf8(text, MAX_SELECTION_BYTES);
    }
    return kept;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.timer?.stop();
    this.timer?.close();
    pcall(vim.api.nvim_del_augroup_by_id, this.group);
  }
}
