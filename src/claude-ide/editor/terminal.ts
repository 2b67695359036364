// The Claude terminal: `claude` (config.terminal.command) in a terminal window, started with the
// environment that makes the CLI connect to this Neovim (doc/protocol.md §1). Toggling hides the window and
// keeps the process; toggling again shows it. snacks.nvim's terminal is used when installed (provider "auto")
// or asked for. The buffer is named claude://<session> (not the command line), its windows show no number,
// sign, fold or status column, and the built-in terminal gets the keys of config.terminal.keymaps.
import type { Config } from "../config";
import { say } from "../log";
import { type CliKind, cliKind, programName } from "../util/permission_mode";
import { optionalModule } from "./plugins";

/** Hosts the CLI must reach directly, never through HTTP(S)_PROXY. */
const LOOPBACK = "127.0.0.1,localhost,::1";
import { FILETYPE } from "./terminal_buffers";

export { FILETYPE };
/** jobstart(cmd, { term = true }) replaces termopen() from 0.11 on (termopen is deprecated there). */
const JOBSTART_TERM = vim.fn.has("nvim-0.11") === 1;

/**
 * Leaves Visual mode before the terminal takes the focus (a `<Cmd>` mapping runs in Visual mode): the
 * selection then becomes Claude's context (editor/selection keeps it) instead of following into the terminal.
 */
function leaveVisualMode(): void {
  const mode = vim.fn.mode();
  if (mode === "v" || mode === "V" || mode === string.char(0x16)) vim.cmd("normal! \x1b");
}

function inContainer(): boolean {
  const ssh = vim.env.SSH_CONNECTION;
  if (ssh !== undefined && ssh !== "") return false;
  return vim.uv.fs_stat("/.dockerenv")[0] !== undefined || vim.uv.fs_stat("/run/.containerenv")[0] !== undefined;
}

function withLoopback(value: string | undefined): string {
  return value === undefined || value === "" ? LOOPBACK : `${value},${LOOPBACK}`;
}

/** The environment of the claude process: config.terminal.env plus what makes it connect to `port`. */
export function claudeEnv(config: Config, port: number): { [name: string]: string } {
  const user = config.terminal.env;
  const env: { [name: string]: string } = {};
  for (const [k, v] of pairs(user)) env[k as string] = v;
  env.CLAUDE_CODE_SSE_PORT = tostring(port);
  env.ENABLE_IDE_INTEGRATION = "true";
  env.FORCE_CODE_TERMINAL = "true";
  // Gemini CLI in a container addresses its IDE companion at host.docker.internal unless it believes it runs in
  // a dev container or over SSH; the Neovim that started it is in the same container, at 127.0.0.1.
  const name = programName(config.terminal.command);
  if ((name === "gemini" || name === "qwen") && inContainer() && user.REMOTE_CONTAINERS === undefined)
    env.REMOTE_CONTAINERS = "true";
  env.NO_PROXY = withLoopback(user.NO_PROXY ?? vim.env.NO_PROXY);
  env.no_proxy = withLoopback(user.no_proxy ?? vim.env.no_proxy);
  return env;
}

/**
 * The shell command line and the environment: the configured command, what the wiring adds for this CLI (Claude
 * Code's --mcp-config/--settings/--permission-mode; Gemini CLI's and Qwen Code's hook settings file, named in
 * the environment, and their --approval-mode; Codex's `-c` overrides), then the arguments given to :ClaudeCode.
 */
function commandLine(
  config: Config,
  port: number,
  args: string,
  hooks: TerminalHooks,
): { cmd: string; env: { [name: string]: string } } {
  const parts = [config.terminal.command];
  const env = claudeEnv(config, port);
  const setup = hooks.cliSetup?.(config, cliKind(config.terminal.command), args);
  if (setup !== undefined) {
    if (setup.ok) {
      if (setup.args !== "") parts.push(setup.args);
      for (const [k, v] of pairs(setup.env)) env[k as string] = v;
    } else say(`this CLI is started without the plugin's settings: ${setup.error}`, "warn");
  }
  const extra = vim.trim(args);
  if (extra !== "") parts.push(extra);
  return { cmd: parts.join(" "), env };
}

/** A size option: a fraction of `total` (< 1) or a number of cells (>= 1), kept within 1..total. */
function cells(size: number, total: number): number {
  const n = size < 1 ? math.floor(total * size) : math.floor(size);
  return math.max(1, math.min(n, total));
}

/**
 * The buffer name of a session's terminal, after the CLI it runs: claude://claude, claude://claude-2,
 * gemini://gemini-3 (spaces would need escaping).
 */
export function bufferName(session: string, scheme = "claude"): string {
  const [name] = string.gsub(session, "%s+", "-");
  return `${scheme}://${name}`;
}

/**
 * Names `buf`; a name already taken (by the buffer of a session that ended, say) gets a number. Renaming makes
 * an unloaded buffer of the old name (Vim's alternate file, here term://...): it goes again.
 */
function nameBuffer(buf: Buf, name: string): void {
  const old = vim.api.nvim_buf_get_name(buf);
  for (let n = 1; n <= 20; n++) {
    if (pcall(vim.api.nvim_buf_set_name, buf, n === 1 ? name : `${name}-${n}`)[0]) break;
  }
  if (old === "") return;
  for (const b of vim.api.nvim_list_bufs()) {
    if (b !== buf && !vim.api.nvim_buf_is_loaded(b) && vim.api.nvim_buf_get_name(b) === old)
      pcall(vim.api.nvim_buf_delete, b, { force: true });
  }
}

/** Window options of a terminal window: every column before the text off (they only waste width there). */
const WINDOW_OPTIONS: [string, unknown][] = [
  ["number", false],
  ["relativenumber", false],
  ["signcolumn", "no"],
  ["foldcolumn", "0"],
  ["statuscolumn", ""],
  ["spell", false],
];

/** Sets WINDOW_OPTIONS for the terminal buffer in `win` only (another buffer shown there later is unaffected). */
export function styleWindow(win: Win): void {
  for (const [name, value] of WINDOW_OPTIONS)
    pcall(vim.api.nvim_set_option_value, name, value, { win, scope: "local" });
}

/** Buffer-local Terminal-mode keys (config.terminal.keymaps) of the built-in terminal. */
function setKeymaps(config: Config, buf: Buf): void {
  const keys = config.terminal.keymaps;
  if (keys.normal !== false && keys.normal !== "<C-\\><C-n>")
    vim.keymap.set("t", keys.normal, "<C-\\><C-n>", { buffer: buf, desc: "claude-ide: leave Terminal mode" });
  const moves: [string | false, string, string][] = [
    [keys.window_left, "h", "left"],
    [keys.window_down, "j", "below"],
    [keys.window_up, "k", "above"],
    [keys.window_right, "l", "right"],
  ];
  for (const [lhs, dir, where] of moves) {
    if (lhs === false) continue;
    // In a float there is no window beside it: the key goes to Claude.
    const move = () => (vim.api.nvim_win_get_config(0).relative !== "" ? lhs : `<Cmd>wincmd ${dir}<CR>`);
    vim.keymap.set("t", lhs, move, { buffer: buf, expr: true, desc: `claude-ide: go to the window ${where}` });
  }
}

/** The subset of snacks.nvim's terminal (a snacks.win) used here. */
interface SnacksWin {
  buf?: Buf;
  win?: Win;
  /** The augroup of its autocmds while shown (snacks_win_<id>), made again by every show(). */
  augroup?: number;
  /** The autocmds every show() defines again (snacks.win.Event: { event, callback, ... }). */
  events?: { event: string | string[] }[];
  buf_valid(this: SnacksWin): boolean;
  win_valid(this: SnacksWin): boolean;
  toggle(this: SnacksWin): void;
  show(this: SnacksWin): void;
  hide(this: SnacksWin): void;
  focus(this: SnacksWin): void;
}
interface Snacks {
  terminal: { open(this: void, cmd: string, opts: object): SnacksWin };
}

/**
 * Takes snacks.nvim's ExitPre handler off a terminal it opened. snacks closes its terminals on ExitPre
 * (folke/snacks.nvim 2abf208, "close terminals on ExitPre": a running job must not refuse `:qa`), but when the
 * quit was typed in that terminal's window, closing it makes Neovim refuse to quit ("bail out when autocommands
 * closed the window", before_quit_autocmds in ex_docmd.c): `:qa!` only closed the Claude terminal. Both the live
 * autocmd and the entry every show() defines again go; ClaudeTerminal.endForExit does the same work without
 * closing the current window.
 */
function takeOffSnacksExitPre(win: SnacksWin): void {
  const events = win.events;
  if (type(events) === "table") {
    const list = events as { event: string | string[] }[];
    for (let i = list.length - 1; i >= 0; i--) {
      const ev = list[i].event;
      if (
        ev === "ExitPre" ||
        (type(ev) === "table" && (ev as string[]).length === 1 && (ev as string[])[0] === "ExitPre")
      )
        list.splice(i, 1);
    }
  }
  if (typeof win.augroup !== "number") return;
  const [ok, autocmds] = pcall(vim.api.nvim_get_autocmds, { group: win.augroup, event: "ExitPre" });
  if (!ok) return;
  for (const au of autocmds) pcall(vim.api.nvim_del_autocmd, au.id as number);
}

/** @noSelf */
export interface TerminalHooks {
  /** The terminal buffer is going away (deleted, or closed after claude exited); called once. */
  onGone?(code?: number): void;
  /**
   * What the wiring adds to the command line and the environment of this CLI (bridge/cli_config: the agent
   * endpoint's --mcp-config and allowed tools, the hooks' settings, the permission mode; the editor layer knows
   * none of them), or why they cannot be given.
   */
  cliSetup?(
    config: Config,
    cli: CliKind,
    /** The arguments given to :ClaudeCode (a mode given there wins over terminal.permission_mode). */
    extra: string,
  ): { ok: true; args: string; env: { [name: string]: string } } | { ok: false; error: string };
  /**
   * The whole command line instead of terminal.command's (an agent started somewhere else: far/session), or why
   * it cannot start (said, and nothing starts).
   */
  commandLine?(
    config: Config,
    /** The arguments given to :ClaudeCode. */
    extra: string,
  ): { ok: true; cmd: string; env: { [name: string]: string } } | { ok: false; error: string };
}

/**
 * One Claude terminal (owned by sessions.ts, one per session; it outlives server restarts on the same port).
 * `inWindow`: show it in that window (replacing another Claude terminal there) instead of opening one.
 */
export class ClaudeTerminal {
  private buf?: Buf;
  private job?: number;
  private snacksWin?: SnacksWin;
  /** Pid of the process the terminal started (the shell running the command, or the command itself). */
  private pid?: number;
  private gone = false;

  /** `session`: the session's name, for the buffer name (<scheme>://<session>; scheme: the CLI, e.g. gemini). */
  constructor(
    private readonly hooks: TerminalHooks = {},
    private readonly session = "claude",
    private readonly scheme = "claude",
  ) {}

  /** Pid of the terminal's process (claude, or the shell that runs it); undefined before the start. */
  processId(): number | undefined {
    if (this.pid !== undefined) return this.pid;
    const buf = this.buffer();
    const job = buf !== undefined ? (vim.b[buf].terminal_job_id as number | undefined) : undefined;
    if (job === undefined) return undefined;
    const [ok, pid] = pcall(vim.fn.jobpid, job);
    if (ok && pid > 0) this.pid = pid;
    return this.pid;
  }

  /** True while the claude process runs. */
  isRunning(): boolean {
    if (this.snacksWin !== undefined) return this.snacksWin.buf_valid();
    return this.job !== undefined && this.buf !== undefined && vim.api.nvim_buf_is_valid(this.buf);
  }

  /** The terminal buffer (undefined when not running). */
  buffer(): Buf | undefined {
    if (this.snacksWin !== undefined) return this.snacksWin.buf_valid() ? this.snacksWin.buf : undefined;
    return this.isRunning() ? this.buf : undefined;
  }

  /** Windows of the current tab page showing the terminal. */
  windows(): Win[] {
    const buf = this.buffer();
    if (buf === undefined) return [];
    return vim.api.nvim_tabpage_list_wins(0).filter((w) => vim.api.nvim_win_get_buf(w) === buf);
  }

  /** :ClaudeCode — start (with `args`), or hide when shown, or show when hidden. */
  toggle(config: Config, port: number, args: string, inWindow?: Win): void {
    leaveVisualMode();
    if (!this.isRunning()) {
      this.start(config, port, args, inWindow);
      return;
    }
    this.warnIgnoredArgs(args);
    if (this.snacksWin !== undefined) {
      this.snacksWin.toggle();
      return;
    }
    const shown = this.windows();
    if (shown.length > 0) this.hide(shown);
    else this.show(config, inWindow);
  }

  /** :ClaudeCodeFocus — start, show or focus the terminal, in terminal mode. */
  focus(config: Config, port: number, args: string, inWindow?: Win): void {
    leaveVisualMode();
    if (!this.isRunning()) {
      this.start(config, port, args, inWindow);
      return;
    }
    this.warnIgnoredArgs(args);
    if (this.snacksWin !== undefined) {
      if (!this.snacksWin.win_valid()) this.snacksWin.show();
      this.snacksWin.focus();
      return;
    }
    const shown = this.windows();
    if (shown.length === 0) this.show(config, inWindow);
    else {
      vim.api.nvim_set_current_win(shown[0]);
      vim.cmd("startinsert");
    }
  }

  private warnIgnoredArgs(args: string): void {
    if (vim.trim(args) !== "")
      say("Claude is already running: arguments apply when it starts (quit it first to restart)", "warn");
  }

  private start(config: Config, port: number, args: string, inWindow?: Win): void {
    const far = this.hooks.commandLine?.(config, args);
    if (far !== undefined && !far.ok) {
      say(far.error, "error");
      return;
    }
    const { cmd, env } = far !== undefined && far.ok ? far : commandLine(config, port, args, this.hooks);
    // The command is a shell command line: check its program unless it is quoted (the shell will tell).
    const [program] = string.match(far?.ok === true ? "" : config.terminal.command, "^%s*([^%s'\"]+)");
    if (program !== undefined && vim.fn.executable(program) !== 1) {
      say(`"${program}" is not executable: install Claude Code or set terminal.command`, "error");
      return;
    }
    const provider = config.terminal.provider;
    if (provider !== "native" && this.startSnacks(config, env, cmd, provider === "snacks")) return;
    this.startNative(config, env, cmd, inWindow);
  }

  /** `asked`: provider "snacks" (a missing snacks.nvim is worth a warning), not "auto". */
  private startSnacks(config: Config, env: { [name: string]: string }, cmd: string, asked: boolean): boolean {
    const snacks = optionalModule<Snacks>("snacks");
    if (snacks?.terminal === undefined) {
      if (asked)
        say('terminal.provider is "snacks" but snacks.nvim is not installed: using the built-in terminal', "warn");
      return false;
    }
    const t = config.terminal;
    const position = t.side;
    const [ok, win] = pcall(snacks.terminal.open, cmd, {
      env: next(env)[0] === undefined ? undefined : env,
      auto_close: t.auto_close,
      win: { position, width: t.width, height: t.height },
    });
    if (!ok) {
      say(`snacks.nvim terminal failed (${tostring(win)}): using the built-in terminal`, "warn");
      return false;
    }
    this.snacksWin = win;
    takeOffSnacksExitPre(win);
    const buf = this.snacksWin.buf;
    if (buf !== undefined && vim.api.nvim_buf_is_valid(buf)) {
      vim.api.nvim_set_option_value("filetype", FILETYPE, { buf });
      nameBuffer(buf, bufferName(this.session, this.scheme));
      this.watchBuffer(buf);
      const group = vim.api.nvim_create_augroup(`claude-ide.terminal.exit.${buf}`, { clear: true });
      vim.api.nvim_create_autocmd("ExitPre", {
        group,
        desc: "claude-ide: end the snacks.nvim Claude terminal as Neovim quits, never closing the current window",
        callback: () => this.endForExit(buf),
      });
      vim.api.nvim_create_autocmd("BufWipeout", {
        group,
        buffer: buf,
        once: true,
        desc: "claude-ide: the snacks.nvim Claude terminal is gone: nothing to end on ExitPre",
        callback: () => {
          vim.schedule(() => pcall(vim.api.nvim_del_augroup_by_id, group));
        },
      });
    }
    return true;
  }

  /**
   * ExitPre with the snacks.nvim terminal (snacks' own handler, taken off, closed it): the terminal ends so that
   * its running job refuses no `:qa`. Its other windows close; the current one, where `:qa!` may have been typed,
   * shows an empty buffer instead (closing it would make Neovim refuse to quit).
   */
  private endForExit(buf: Buf): void {
    if (!vim.api.nvim_buf_is_valid(buf)) return;
    const current = vim.api.nvim_get_current_win();
    for (const win of vim.fn.win_findbuf(buf)) {
      if (win !== current) {
        pcall(vim.api.nvim_win_close, win, true);
        continue;
      }
      // No autocmds: snacks' BufWinEnter (fixbuf) would put the terminal back in its window.
      const eventignore = vim.o.eventignore as string;
      vim.o.eventignore = "all";
      pcall(vim.api.nvim_win_set_buf, win, vim.api.nvim_create_buf(false, true));
      vim.o.eventignore = eventignore;
    }
    pcall(vim.api.nvim_buf_delete, buf, { force: true });
  }

  private startNative(config: Config, env: { [name: string]: string }, cmd: string, inWindow?: Win): void {
    const buf = vim.api.nvim_create_buf(false, true);
    const win = this.openWindow(config, buf, inWindow);
    const opts = {
      // An empty table reads as a list there (E475).
      env: next(env)[0] === undefined ? undefined : env,
      on_exit: (job: number, code: number) => this.onExit(config, job, code),
    };
    const [ok, job] = pcall(() =>
      vim.api.nvim_win_call(win, () =>
        JOBSTART_TERM ? vim.fn.jobstart(cmd, { ...opts, term: true }) : vim.fn.termopen(cmd, opts),
      ),
    );
    if (!ok || job <= 0) {
      pcall(vim.api.nvim_win_close, win, true);
      pcall(vim.api.nvim_buf_delete, buf, { force: true });
      say(`could not start "${cmd}": ${ok ? `job id ${job}` : tostring(job)}`, "error");
      return;
    }
    // Hidden, not wiped, when its window closes: the process keeps running.
    vim.api.nvim_set_option_value("bufhidden", "hide", { buf });
    vim.api.nvim_buf_set_var(buf, "claude_ide_terminal", true);
    // For statuslines and FileType autocmds (a terminal buffer has no filetype of its own).
    vim.api.nvim_set_option_value("filetype", FILETYPE, { buf });
    // Its name, not the command line (statuslines, tabs and :ls show it).
    nameBuffer(buf, bufferName(this.session, this.scheme));
    setKeymaps(config, buf);
    this.buf = buf;
    this.job = job;
    this.processId();
    this.watchBuffer(buf);
    vim.cmd("startinsert");
  }

  /** Tells the owner once when the terminal buffer goes (its reviews are then rejected). */
  private watchBuffer(buf: Buf): void {
    vim.api.nvim_create_autocmd(["BufUnload", "BufWipeout"], {
      buffer: buf,
      once: true,
      desc: "claude-ide: a Claude terminal closed: its session ends",
      callback: () => this.markGone(),
    });
  }

  /** `code`: the command's exit code (undefined: the buffer went first). */
  private markGone(code?: number): void {
    if (this.gone) return;
    this.gone = true;
    this.hooks.onGone?.(code);
  }

  private onExit(config: Config, job: number, code: number): void {
    if (job !== this.job) return;
    const buf = this.buf;
    this.job = undefined;
    this.buf = undefined;
    this.markGone(code);
    // A failing start stays visible so that its error can be read.
    if (!config.terminal.auto_close || code !== 0 || buf === undefined) return;
    for (const win of vim.fn.win_findbuf(buf)) pcall(vim.api.nvim_win_close, win, true);
    pcall(vim.api.nvim_buf_delete, buf, { force: true });
  }

  /** Opens (and enters) a window for `buf` where config.terminal.side says, or shows it in `inWindow`. */
  private openWindow(config: Config, buf: Buf, inWindow?: Win): Win {
    if (inWindow !== undefined && vim.api.nvim_win_is_valid(inWindow)) {
      vim.api.nvim_win_set_buf(inWindow, buf);
      vim.api.nvim_set_current_win(inWindow);
      styleWindow(inWindow);
      return inWindow;
    }
    const win = this.newWindow(config, buf);
    styleWindow(win);
    return win;
  }

  private newWindow(config: Config, buf: Buf): Win {
    const t = config.terminal;
    if (t.side === "float") {
      const width = cells(t.width, vim.o.columns as number);
      const height = cells(t.height, (vim.o.lines as number) - 2);
      return vim.api.nvim_open_win(buf, true, {
        relative: "editor",
        width,
        height,
        row: math.floor((vim.o.lines - height) / 2) - 1,
        col: math.floor((vim.o.columns - width) / 2),
        border: "rounded",
        title: " Claude ",
      });
    }
    const vertical = t.side === "left" || t.side === "right";
    const split = t.side === "top" ? "above" : t.side === "bottom" ? "below" : t.side;
    return vim.api.nvim_open_win(buf, true, {
      split,
      win: -1,
      ...(vertical
        ? { width: cells(t.width, vim.o.columns as number) }
        : { height: cells(t.height, vim.o.lines as number) }),
    });
  }

  private show(config: Config, inWindow?: Win): void {
    if (this.buf === undefined) return;
    this.openWindow(config, this.buf, inWindow);
    vim.cmd("startinsert");
  }

  /** Closes the windows showing the terminal; Neovim's last window (E444) shows a new empty buffer instead. */
  private hide(wins: Win[]): void {
    for (const win of wins) {
      const [closed] = pcall(vim.api.nvim_win_close, win, false);
      if (!closed) vim.api.nvim_win_set_buf(win, vim.api.nvim_create_buf(true, false));
    }
  }
}
