// Configuration: the DEFAULTS object below is the documentation (one comment per key; `make doc` copies it
// into doc/claude-ide.txt). `validate` merges user options over the defaults once, at setup, and reports the
// first wrong key by name.

import { lazy } from "./util/modules";
import type * as PermissionModeModule from "./util/permission_mode";

/** Loaded only to check a permission mode that not every CLI has (setup() loads no more than it needs). */
const permissionMode = lazy<typeof PermissionModeModule>("claude-ide.util.permission_mode");
/** The terminal.permission_mode values every CLI has (util/permission_mode MODES). */
const EVERY_CLI_MODE: { [mode: string]: true } = { default: true, manual: true };

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "off";
export type TerminalSide = "left" | "right" | "top" | "bottom" | "float";
export type DiffLayout = "vertical" | "horizontal" | "unified" | "auto";
export type DiffFocus = "auto" | "always" | "never";

export interface Config {
  auto_start: boolean;
  port_range: [number, number] | undefined;
  log_level: LogLevel;
  max_message_bytes: number;
  handshake_timeout_ms: number;
  keepalive: { interval_ms: number; timeout_ms: number };
  allowed_origins: string[];
  selection: { enabled: boolean; debounce_ms: number };
  mentions: { queue_ttl_ms: number; settle_ms: number };
  which_key: { prefix: string | false; name: string };
  terminal: {
    command: string;
    provider: "auto" | "native" | "snacks";
    side: TerminalSide;
    width: number;
    height: number;
    auto_close: boolean;
    env: { [name: string]: string };
    permission_mode: string | false;
    editor: "split" | "float" | "tab" | false;
    keymaps: {
      normal: string | false;
      window_left: string | false;
      window_down: string | false;
      window_up: string | false;
      window_right: string | false;
    };
  };
  diff: {
    layout: DiffLayout;
    keymaps: {
      accept: string | false;
      open: string | false;
      reject: string;
      reject_with_reason: string | false;
      note: string | false;
      request_changes: string | false;
      take_hunk: string | false;
      drop_hunk: string | false;
      next_hunk: string | false;
      prev_hunk: string | false;
    };
    open_in_new_tab: boolean;
    focus: DiffFocus;
  };
  agent: {
    in_terminal: boolean;
    review: boolean;
    execute: "off" | "ask" | "allow";
    lsp_timeout_ms: number;
    search: {
      rg: string | false;
      timeout_ms: number;
      max_file_bytes: number;
      max_files: number;
      max_output_bytes: number;
    };
    tools: unknown[];
  };
  companion: { enabled: boolean | "auto"; name: string | undefined; debounce_ms: number };
  hooks: { enabled: boolean };
  remote: { targets: { [name: string]: RemoteTarget }; target: string | false };
  review: { turn: "auto" | "manual" | false; keep_turns: number; max_file_bytes: number; inline: boolean };
  privacy: { exclude: string[]; include: string[]; folders: string[] };
  execute_code: boolean;
  execute_code_opts: { interpreter: string[]; timeout_ms: number; log_file: string | undefined };
}

/** Where an agent runs when it is not beside this Neovim (remote.targets; :help claude-ide-remote). */
export interface RemoteTarget {
  /** The command words that run a command over there: { "ssh", "-t", "devbox" }, { "docker", "exec", "-it", "dev" }. */
  command: string[];
  /** Far folder → local folder holding the same files (a bind mount, a shared or synced folder). */
  folders: { [far: string]: string };
  /**
   * How the far CLI reaches this Neovim's port: "ssh" adds `-R port:127.0.0.1:port` to the ssh command; "none":
   * the far side shares this machine's loopback (a container with --network host); a list of words: a command
   * run here for the session's life that forwards it, `{port}` replaced by the port (socat to a bridge address).
   */
  forward: "ssh" | "none" | string[];
  /** The host the far CLI connects to (127.0.0.1 through a forward; a container's name for the host). */
  host: string;
  /** The CLI's command over there. */
  cli: string;
  /** Environment variables set over there. */
  env: { [name: string]: string };
}

/** @defaults-start (the block up to @defaults-end is copied verbatim into the help file) */
export const DEFAULTS: Config = {
  // Start the server as soon as setup() runs. With false, use :ClaudeCodeStart (or :ClaudeCode).
  auto_start: true,
  // Ports to try, e.g. { 10000, 10100 }. nil: a random free port chosen by the OS (recommended).
  port_range: undefined,
  // Messages at or above this level are shown with vim.notify: "trace", "debug", "info", "warn", "error", "off".
  // A tool that fails unexpectedly is one "error" line; "trace" adds the stack traceback.
  log_level: "warn",
  // Largest WebSocket message accepted, in bytes (a 32 MiB file, JSON-escaped, fits). Larger: close 1009.
  max_message_bytes: 64 * 1024 * 1024,
  // A client must send a whole, authenticated request (the IDE server's upgrade, the companion's HTTP request)
  // within this time, or the connection is closed.
  handshake_timeout_ms: 5000,
  // Ping every interval_ms; a client silent for timeout_ms after a ping is disconnected.
  keepalive: { interval_ms: 30000, timeout_ms: 60000 },
  // Origins allowed to connect (browsers send one; the Claude CLI does not). Empty: refuse every Origin.
  allowed_origins: [],
  // Tell Claude what you select: debounce_ms after the last cursor move (flushed at once on leaving Visual).
  selection: { enabled: true, debounce_ms: 100 },
  mentions: {
    // @-mentions made while no client is connected wait this long for one, then are dropped with a message.
    queue_ttl_ms: 5 * 60 * 1000,
    // A CLI that just connected takes mentions only once its prompt is up (it drops them before, with no
    // answer): mentions for it wait this long after it connects (measured: 100-300 ms with Claude Code 2.1).
    settle_ms: 1000,
  },
  // The key group of the keys you map for Claude (README: <leader>ac, <leader>as, <leader>aa, ...), named in
  // which-key's popup when which-key is installed (no dependency: without it nothing happens). prefix = false:
  // leave which-key alone.
  which_key: { prefix: "<leader>a", name: "ai" },
  terminal: {
    // The command :ClaudeCode runs (arguments given to :ClaudeCode are appended).
    command: "claude",
    // "auto" (snacks.nvim's terminal when it is installed, else the built-in one), "native" (a :terminal split)
    // or "snacks".
    provider: "auto",
    // Where the terminal opens: "left", "right", "top", "bottom" or "float".
    side: "right",
    // Width of a left/right split (or float): a fraction of the editor (< 1) or columns (>= 1).
    width: 0.4,
    // Height of a top/bottom split (or float): a fraction of the editor (< 1) or lines (>= 1).
    height: 0.3,
    // Close the terminal window when the claude process exits.
    auto_close: true,
    // Extra environment variables for the claude process.
    env: {},
    // The mode the CLI starts in, one name for every CLI, given as its own flag: Claude Code's --permission-mode,
    // Gemini CLI's and Qwen Code's --approval-mode, Codex's --ask-for-approval with --sandbox.
    //   "default" (or "manual", Claude Code's new name for it): every edit is asked for before it is made, in a
    //     review in Neovim where the CLI proposes edits to the editor (Codex: -a untrusted -s workspace-write);
    //   "acceptEdits": edits are made without asking (Gemini CLI auto_edit, Qwen Code auto-edit, Codex -a
    //     on-request -s workspace-write);
    //   "plan": the CLI only reads and plans (Codex: -s read-only);
    //   "bypassPermissions": nothing is asked (Gemini CLI and Qwen Code yolo, Codex -a never -s
    //     danger-full-access);
    //   "auto" (a classifier approves: Claude Code, Qwen Code) and "dontAsk" (Claude Code) where the CLI has it;
    //   Gemini CLI's and Qwen Code's own names (auto_edit, auto-edit, yolo) work too;
    //   false: no flag, the CLI's own default or settings (Qwen Code 0.24.4 starts in "auto" then: its edits
    //     are never proposed, only shown in the turn review).
    // A mode the CLI has not is refused at setup(). Nothing is added when terminal.command or :ClaudeCode's
    // arguments set a mode. The turn review (review.turn) shows a turn in every mode.
    permission_mode: "default",
    // The external editor of every CLI :ClaudeCode starts (Claude Code's and Gemini CLI's Ctrl-G, Qwen Code's
    // Ctrl-X: the prompt, a plan) is this Neovim: $VISUAL and $EDITOR name the plugin's command, which opens the
    // file here, filetype markdown, in a window above the agent's terminal ("split"), a "float" or a "tab", and
    // waits: written and closed (:wq, ZZ, :w then :bd), the CLI reads it; :cq (that edit only) or closed without
    // writing, the CLI keeps its text. Then the terminal has the focus again. If Neovim is gone, the command runs
    // your own $VISUAL / $EDITOR. false: the CLIs get your own editor.
    editor: "split",
    // Terminal-mode keys of the built-in terminal (snacks.nvim's terminal has its own). normal: leave Terminal
    // mode (Neovim's own <C-\><C-n> needs no mapping). window_*: go to the window on that side, as LazyVim's
    // terminals do (in a float the key goes to Claude). false: the key goes to Claude. <Esc> always goes to
    // Claude (it interrupts Claude); map it here at your own risk.
    keymaps: {
      normal: "<C-\\><C-n>",
      window_left: "<C-h>",
      window_down: "<C-j>",
      window_up: "<C-k>",
      window_right: "<C-l>",
    },
  },
  diff: {
    // How one file's review is shown. "auto" (the default): side by side ("vertical") on a screen of 200 columns
    // or more, else "unified", decided as each review opens. Why: side by side, a laptop's 160 columns leave each
    // side 71 columns of text (with the number and sign columns LazyVim shows) and diff mode does not wrap, so a
    // long changed line is cut on both sides, one line in four of this plugin's TypeScript and one in ten of
    // Neovim's own Lua; unified gives that line 154 columns. From 200 columns each side has 91 or more, and side
    // by side shows the old text next to the new, line for line. "vertical": always side by side, in diff mode;
    // "horizontal": one above the other. "unified": one window holding the proposal (editable), its added and
    // changed lines highlighted (ClaudeIdeDiffAdd, the changed part ClaudeIdeDiffText) and the removed lines of
    // the file shown where they were, between the lines (ClaudeIdeDiffDelete); signs + ~ - mark them.
    layout: "auto",
    // Buffer-local keys in the review's windows (g? lists them in each view). :w applies a review (a proposal is
    // accepted with your hunk decisions; a turn review reverts what you marked); accept is an extra key that does
    // the same (none by default). open: in a multi-file review's overview, opens the review of the file under the
    // cursor (never applies anything). reject (q) closes: a proposal is rejected, a turn is kept as it is; after
    // decisions it asks first. reject_with_reason asks for a reason and rejects: the model reads it verbatim (as
    // :ClaudeCodeDiffDeny {reason} does). take_hunk accepts (keeps) the hunk under the cursor, drop_hunk rejects
    // (reverts) it: the text before comes back; either way the cursor moves to the next hunk. note writes a note
    // for the agent on the line under the cursor (Visual: on the selected lines), as :ClaudeCodeNote does;
    // request_changes, on a proposal or a plan, rejects it with every note on it as the reason (as
    // :ClaudeCodeRequestChanges does). false: no such key.
    keymaps: {
      accept: false,
      open: "<CR>",
      reject: "q",
      reject_with_reason: "Q",
      note: "gn",
      request_changes: "gQ",
      take_hunk: "gh",
      drop_hunk: "gH",
      next_hunk: "]c",
      prev_hunk: "[c",
    },
    // Open each review in a tab page of its own (false: in the current tab page, closed afterwards).
    open_in_new_tab: true,
    // Whether a review that arrives takes the focus. "auto": only from the terminal of the agent that proposed
    // it (nothing typed pending); from any other window, in any mode (Normal mode too), it opens behind you: a
    // message and require("claude-ide").statusline() say it waits, and :ClaudeCodeFocus jumps to it.
    // "always": take the focus (leaving Insert mode). "never": always open behind.
    focus: "auto",
  },
  // The agent endpoint: tools the model calls through the `nvim -l .../bridge.lua` MCP server (:help claude-ide-agent).
  agent: {
    // Give the claude that :ClaudeCode starts this Neovim's agent tools (mcp__nvim__*, no `claude mcp add` needed),
    // with the reading tools and the reviewed edits allowed without a prompt (never execute).
    in_terminal: true,
    // Show every edit of the model (edit, LSP rename, code actions, formatting) in a diff review and wait for your
    // answer. false: edits are applied at once (you can still undo them).
    review: true,
    // The execute tool (Ex commands and Lua from the model): "off", "ask" (a float shows the whole code and who
    // asks: y runs it, n/q/<Esc> refuses) or "allow".
    execute: "off",
    // A request to a language server taking longer than this is abandoned and the tool says so.
    lsp_timeout_ms: 5000,
    // Your own tools for the model, written in Lua (:help claude-ide-agent-tools): { { name, description, handler, ... } }.
    tools: [],
    // The project search (the search tool's scope "project") runs in a child process, never in the editor's loop:
    // ripgrep when `rg` is executable, else `git grep` inside a git repository, else a walk of the folder (by a
    // child `nvim -l`). Files with unsaved changes are answered from their buffers.
    search: {
      // The ripgrep to run: a command on PATH or a path. false: never use ripgrep.
      rg: "rg",
      // A search still running after this long is stopped; the answer says so and keeps what was found.
      timeout_ms: 10000,
      // The matches of larger files (generated bundles, data) are left out and counted in the answer.
      max_file_bytes: 1024 * 1024,
      // The walk (no rg, no git repository) stops after this many files and says so.
      max_files: 100000,
      // The engine's output is read up to this many bytes (huge matched lines); beyond, the search stops and says so.
      max_output_bytes: 8 * 1024 * 1024,
    },
  },
  // The IDE companion for Gemini CLI and Qwen Code (:help claude-ide-gemini): MCP over HTTP on a second 127.0.0.1
  // port, a discovery file in $TMPDIR/gemini/ide, and GEMINI_CLI_IDE_* in the environment of every terminal
  // Neovim starts. Their edits open the same review; your cursor, selection and open files reach the CLI.
  companion: {
    // true, false, or "auto": on when terminal.command runs gemini or qwen.
    enabled: "auto",
    // The CLI's name in review titles. nil: "Qwen Code" when terminal.command runs qwen, else "Gemini CLI".
    name: undefined,
    // ide/contextUpdate is sent this long after the last cursor move, selection or file change.
    debounce_ms: 50,
  },
  // The hooks the plugin adds to the CLIs :ClaudeCode starts (Claude Code through its --settings file, Gemini CLI
  // and Qwen Code through a system-defaults file named in their environment; your own hooks keep running):
  // a hook tells this Neovim when a turn starts and ends (:help claude-ide-hooks). false: no hooks are added
  // (no turn review then). :ClaudeCodeHooks prints them for a CLI started elsewhere.
  hooks: { enabled: true },
  // Agents in a container or on another machine, the review in this Neovim (:help claude-ide-remote).
  remote: {
    // name = { command = { words }, folders = { [far] = local }, forward = "ssh", host = "127.0.0.1",
    //   cli = "claude", env = {} }: `:ClaudeCode @name` starts the CLI through `command` (ssh, docker exec,
    //   devcontainer exec) in the far folder of Neovim's cwd, whose files must be these (a bind mount, a shared or
    //   synced folder). forward: "ssh" adds -R for the session's port (the default for an ssh command); "none":
    //   the far side shares this loopback (a container with --network host); a command's words, `{port}` replaced,
    //   run here for the session's life (socat to a bridge address: then host is that address). A lock file with
    //   the session's own token is written over there, its hooks and agent tools are HTTP entries to that port,
    //   and every path is mapped through `folders` (a path outside them is refused, naming the map).
    targets: {},
    // The target :ClaudeCode and :ClaudeCodeNew use without an @name; false: the CLI runs here.
    target: false,
  },
  // The turn review (:help claude-ide-turn-review): at the start of each turn the files of the folder the agent
  // works in are snapshotted; at its end every file changed since (by edit tools or shell commands, created,
  // deleted, renamed) opens in one review where each hunk can be kept or reverted.
  review: {
    // "auto": the review opens at the end of each turn that changed files; "manual": a message says what changed
    // and :ClaudeCodeReview opens it; false: no snapshots, no review.
    turn: "auto",
    // Snapshots kept per session (older turns are swept); :ClaudeCodeReview {n} reaches back this far.
    keep_turns: 20,
    // Larger files are left out of the snapshot (their changes are not reviewed).
    max_file_bytes: 1024 * 1024,
    // Also show a turn's changes in your own buffers, gitsigns style (:help claude-ide-inline): each changed file's
    // hunks drawn in its buffer (the turn's base as removed virtual lines, signs), decided there with ]c [c gh gH
    // (g? lists them), applied with :w in the overview. false: only the overview's gi shows a file so.
    inline: false,
  },
  // What may leave the editor toward a model (:help claude-ide-privacy). Withheld always: files that Claude Code's
  // own settings deny (`Read(...)` in permissions.deny of ~/.claude/settings.json, .claude/settings.json,
  // .claude/settings.local.json) and secret files by name (.env, .env.*, *.pem, *.key, id_rsa*, ... except
  // .env.example/.env.sample). Patterns are gitignore-style: a bare name matches at any depth, "dir/x" is
  // relative to the cwd, "/abs" and "~/x" are anchored there.
  privacy: {
    // More patterns to withhold, e.g. { "secrets/", "*.tfvars" }.
    exclude: [],
    // Patterns lifted from the built-in names and from exclude, e.g. { ".env.test" }.
    include: [],
    // Folders besides the cwd, the LSP workspace folders and Claude Code's permissions.additionalDirectories
    // whose files the model may read and edit, e.g. { "~/notes" }. Files you open in Neovim are always readable.
    folders: [],
  },
  // Offer the executeCode tool to Claude. Every run asks for your confirmation first.
  execute_code: false,
  execute_code_opts: {
    // The interpreter the code is passed to (the code is written to a temporary file, appended as last argument).
    interpreter: ["python3"],
    // A run taking longer is stopped.
    timeout_ms: 30000,
    // Every run is appended here. nil: stdpath("log") .. "/claude-ide-execute.log".
    log_file: undefined,
  },
};
/** @defaults-end */

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "off"];

type Check = (value: unknown) => boolean;

interface Rule {
  /** What the value must be, as the error message says it. */
  expected: string;
  check: Check;
  optional?: boolean;
}

// This module loads at setup(): written without TypeScript's array and object helpers, whose Lua library
// (lualib_bundle, 23 KB to parse) would load with it.

/** Every value of a table (list or map) is a string. */
function allStrings(t: object): boolean {
  for (const [, s] of pairs(t)) if (typeof s !== "string") return false;
  return true;
}

const isInt = (v: unknown) => typeof v === "number" && math.floor(v) === v;
const between =
  (lo: number, hi: number): Check =>
  (v) =>
    isInt(v) && (v as number) >= lo && (v as number) <= hi;
const oneOf =
  (values: string[]): Check =>
  (v) =>
    typeof v === "string" && vim.list_contains(values, v);
const bool: Rule = { expected: "a boolean", check: (v) => typeof v === "boolean" };
const positiveMs: Rule = { expected: "a positive integer (milliseconds)", check: between(1, 2 ** 31) };
const nonEmptyString: Rule = { expected: "a non-empty string", check: (v) => typeof v === "string" && v !== "" };
const optionalKey: Rule = {
  expected: "a key (non-empty string) or false",
  check: (v) => v === false || (typeof v === "string" && v !== ""),
};
const size: Rule = {
  expected: "a positive number (fraction < 1 or cells >= 1)",
  check: (v) => typeof v === "number" && v > 0,
};
const stringList: Rule = {
  expected: "a list of strings",
  check: (v) => typeof v === "object" && vim.islist(v) && allStrings(v as object),
};
const stringMap: Rule = {
  expected: "a table of string values",
  check: (v) => typeof v === "object" && !(vim.islist(v) && !vim.tbl_isempty(v as object)) && allStrings(v as object),
};

/** Every accepted option, by dotted path. Tables not listed here are groups whose keys are listed. */
const RULES: { [path: string]: Rule } = {
  auto_start: bool,
  port_range: {
    expected: "nil or a list { min, max } of ports with 1024 <= min <= max <= 65535",
    optional: true,
    check: (v) => {
      if (typeof v !== "object" || !vim.islist(v) || (v as unknown[]).length !== 2) return false;
      const [lo, hi] = v as [unknown, unknown];
      return between(1024, 65535)(lo) && between(1024, 65535)(hi) && (lo as number) <= (hi as number);
    },
  },
  log_level: { expected: `one of "${table.concat(LOG_LEVELS, '", "')}"`, check: oneOf(LOG_LEVELS) },
  max_message_bytes: { expected: "an integer between 1024 and 2147483647", check: between(1024, 2 ** 31 - 1) },
  handshake_timeout_ms: positiveMs,
  "keepalive.interval_ms": positiveMs,
  "keepalive.timeout_ms": positiveMs,
  allowed_origins: stringList,
  "selection.enabled": bool,
  "selection.debounce_ms": { expected: "an integer >= 0 (milliseconds)", check: between(0, 2 ** 31) },
  "mentions.queue_ttl_ms": positiveMs,
  "mentions.settle_ms": { expected: "an integer >= 0 (milliseconds)", check: between(0, 2 ** 31) },
  "which_key.prefix": optionalKey,
  "which_key.name": nonEmptyString,
  "terminal.command": nonEmptyString,
  "terminal.provider": {
    expected: '"auto", "native" or "snacks"',
    check: oneOf(["auto", "native", "snacks"]),
  },
  "terminal.side": {
    expected: '"left", "right", "top", "bottom" or "float"',
    check: oneOf(["left", "right", "top", "bottom", "float"]),
  },
  "terminal.width": size,
  "terminal.height": size,
  "terminal.auto_close": bool,
  "terminal.env": stringMap,
  "terminal.permission_mode": {
    expected: "a permission mode name or false",
    check: (v) => v === false || (typeof v === "string" && string.match(v, "^[%w_-]+$")[0] !== undefined),
  },
  "terminal.editor": {
    expected: '"split", "float", "tab" or false',
    check: (v) => v === false || oneOf(["split", "float", "tab"])(v),
  },
  "terminal.keymaps.normal": optionalKey,
  "terminal.keymaps.window_left": optionalKey,
  "terminal.keymaps.window_down": optionalKey,
  "terminal.keymaps.window_up": optionalKey,
  "terminal.keymaps.window_right": optionalKey,
  "diff.layout": {
    expected: '"vertical", "horizontal", "unified" or "auto"',
    check: oneOf(["vertical", "horizontal", "unified", "auto"]),
  },
  "diff.keymaps.accept": optionalKey,
  "diff.keymaps.open": optionalKey,
  "diff.keymaps.reject": nonEmptyString,
  "diff.keymaps.reject_with_reason": optionalKey,
  "diff.keymaps.note": optionalKey,
  "diff.keymaps.request_changes": optionalKey,
  "diff.keymaps.take_hunk": optionalKey,
  "diff.keymaps.drop_hunk": optionalKey,
  "diff.keymaps.next_hunk": optionalKey,
  "diff.keymaps.prev_hunk": optionalKey,
  "diff.open_in_new_tab": bool,
  "diff.focus": { expected: '"auto", "always" or "never"', check: oneOf(["auto", "always", "never"]) },
  "agent.in_terminal": bool,
  "agent.review": bool,
  "agent.execute": { expected: '"off", "ask" or "allow"', check: oneOf(["off", "ask", "allow"]) },
  "agent.lsp_timeout_ms": positiveMs,
  "agent.search.rg": {
    expected: "a command or path (non-empty string) or false",
    check: (v) => v === false || (typeof v === "string" && v !== ""),
  },
  "agent.search.timeout_ms": positiveMs,
  "agent.search.max_file_bytes": { expected: "a positive integer (bytes)", check: between(1, 2 ** 31) },
  "agent.search.max_files": { expected: "a positive integer", check: between(1, 2 ** 31) },
  "agent.search.max_output_bytes": { expected: "a positive integer (bytes)", check: between(1, 2 ** 31) },
  "companion.enabled": {
    expected: 'true, false or "auto"',
    check: (v) => typeof v === "boolean" || v === "auto",
  },
  "companion.name": { expected: "nil or a non-empty string", optional: true, check: nonEmptyString.check },
  "companion.debounce_ms": { expected: "an integer >= 0 (milliseconds)", check: between(0, 2 ** 31) },
  "agent.tools": {
    expected: "a list of tool specs (:help claude-ide-agent-tools)",
    check: (v) => type(v) === "table" && vim.islist(v),
  },
  "hooks.enabled": bool,
  "remote.targets": {
    expected: "a table of targets: name = { command = { words }, folders = { [far] = local }, ... }",
    check: (v) => targetsError(v) === undefined,
  },
  "remote.target": optionalKey,
  "review.turn": { expected: '"auto", "manual" or false', check: (v) => v === "auto" || v === "manual" || v === false },
  "review.keep_turns": { expected: "an integer between 1 and 1000", check: between(1, 1000) },
  "review.max_file_bytes": { expected: "a positive integer (bytes)", check: between(1, 2 ** 31) },
  "review.inline": bool,
  "privacy.exclude": stringList,
  "privacy.include": stringList,
  "privacy.folders": stringList,
  execute_code: bool,
  "execute_code_opts.interpreter": {
    expected: "a non-empty list of strings",
    check: (v) => stringList.check(v) && (v as unknown[]).length > 0,
  },
  "execute_code_opts.timeout_ms": positiveMs,
  "execute_code_opts.log_file": {
    expected: "nil or a path string",
    optional: true,
    check: (v) => typeof v === "string",
  },
};

/** Dotted paths of tables whose keys are themselves options ("keepalive", "diff", "diff.keymaps", ...). */
const GROUPS: { [path: string]: true } = {};
for (const [path] of pairs(RULES)) {
  // Every dotted prefix of the path ("diff.keymaps.accept": "diff", "diff.keymaps").
  let from = 1;
  for (;;) {
    const [dot] = string.find(path as string, ".", from, true);
    if (dot === undefined) break;
    GROUPS[string.sub(path as string, 1, dot - 1)] = true;
    from = dot + 1;
  }
}

function describe(value: unknown): string {
  if (typeof value === "string") return `"${value}"`;
  if (typeof value === "object") return "a table";
  return tostring(value);
}

/** Walks the user's table; returns an error message naming the first wrong key, or undefined. */
function check(user: { [key: string]: unknown }, prefix: string): string | undefined {
  for (const [key, value] of pairs(user)) {
    if (typeof key !== "string")
      return `option keys must be strings (got ${tostring(key)}${prefix === "" ? "" : ` in "${prefix}"`})`;
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (GROUPS[path]) {
      if (typeof value !== "object" || (vim.islist(value) && !vim.tbl_isempty(value))) {
        return `option "${path}" must be a table, got ${describe(value)}`;
      }
      const err = check(value as { [key: string]: unknown }, path);
      if (err !== undefined) return err;
      continue;
    }
    const rule = RULES[path];
    if (rule === undefined) return `unknown option "${path}"${suggest(path)}`;
    if (value === vim.NIL && rule.optional) continue;
    if (!rule.check(value)) return `option "${path}" must be ${rule.expected}, got ${describe(value)}`;
  }
  return undefined;
}

/** Levenshtein distance, for "did you mean" (option names are short: O(n·m) is nothing). */
function distance(a: string, b: string): number {
  let prev: number[] = [];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = string.sub(a, i, i) === string.sub(b, j, j) ? 0 : 1;
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    prev = cur;
  }
  return prev[b.length];
}

/** " (did you mean "x"?)" for the closest known option path, when it is close enough. */
function suggest(path: string): string {
  let best: string | undefined;
  let bestDistance = math.max(2, math.floor(path.length / 3)) + 1;
  for (const names of [RULES, GROUPS] as { [path: string]: unknown }[]) {
    for (const [candidate] of pairs(names)) {
      const d = distance(path, candidate as string);
      if (d < bestDistance) {
        best = candidate as string;
        bestDistance = d;
      }
    }
  }
  return best !== undefined ? ` (did you mean "${best}"?)` : "";
}

const TARGET_KEYS: { [key: string]: true } = {
  command: true,
  folders: true,
  forward: true,
  host: true,
  cli: true,
  env: true,
};

/** What is wrong with remote.targets, naming the target and key; undefined when nothing is. */
function targetsError(v: unknown): string | undefined {
  if (typeof v !== "object" || (vim.islist(v) && !vim.tbl_isempty(v as object)))
    return `option "remote.targets" must be a table of named targets, got ${describe(v)}`;
  for (const [name, t] of pairs(v as object)) {
    const at = `remote.targets.${tostring(name)}`;
    if (typeof name !== "string" || string.find(name, "^[%w_.-]+$")[0] === undefined)
      return `option "remote.targets" has a target named ${describe(name)}: names are letters, digits, "_", "." and "-"`;
    if (typeof t !== "object" || vim.islist(t)) return `option "${at}" must be a table, got ${describe(t)}`;
    for (const [key] of pairs(t as object))
      if (TARGET_KEYS[key as string] !== true) return `unknown option "${at}.${tostring(key)}"`;
    const target = t as { [key: string]: unknown };
    const command = target.command;
    if (
      typeof command !== "object" ||
      !vim.islist(command) ||
      vim.tbl_isempty(command as object) ||
      !allStrings(command as object)
    )
      return `option "${at}.command" must be a non-empty list of words, e.g. { "ssh", "-t", "devbox" }`;
    const folders = target.folders;
    if (typeof folders !== "object" || vim.tbl_isempty(folders as object) || vim.islist(folders))
      return `option "${at}.folders" must be a table far folder = local folder, e.g. { ["/workspace"] = "~/proj" }`;
    for (const [far, near] of pairs(folders as object)) {
      if (typeof far !== "string" || string.sub(far, 1, 1) !== "/")
        return `option "${at}.folders" must have absolute far folders (got ${describe(far)})`;
      if (typeof near !== "string" || near === "")
        return `option "${at}.folders" must map ${far} to a local folder (got ${describe(near)})`;
    }
    const forward = target.forward;
    const words =
      typeof forward === "object" &&
      vim.islist(forward) &&
      !vim.tbl_isempty(forward as object) &&
      allStrings(forward as object);
    if (forward !== undefined && forward !== "ssh" && forward !== "none" && !words)
      return `option "${at}.forward" must be "ssh", "none" or a command's words with {port}, got ${describe(forward)}`;
    for (const key of ["host", "cli"])
      if (target[key] !== undefined && (typeof target[key] !== "string" || target[key] === ""))
        return `option "${at}.${key}" must be a non-empty string, got ${describe(target[key])}`;
    if (target.env !== undefined && (typeof target.env !== "object" || !allStrings(target.env as object)))
      return `option "${at}.env" must be a table of string values`;
  }
  return undefined;
}

/** remote.targets.<name> with every key filled in (forward "ssh" for an ssh command, else "none"). */
export function remoteTarget(config: Config, name: string): RemoteTarget | undefined {
  const t = config.remote.targets[name] as Partial<RemoteTarget> | undefined;
  if (t === undefined || t.command === undefined) return undefined;
  const [program] = string.match(t.command[0], "([^/]+)$");
  return {
    command: t.command,
    folders: t.folders ?? {},
    forward: t.forward ?? (program === "ssh" ? "ssh" : "none"),
    host: t.host ?? "127.0.0.1",
    cli: t.cli ?? "claude",
    env: t.env ?? {},
  };
}

export type ValidateResult = { ok: true; config: Config } | { ok: false; error: string };

/** Merges `user` over DEFAULTS. Never throws: a wrong option yields `{ ok: false, error }` naming it. */
export function validate(user: unknown): ValidateResult {
  if (user === undefined) return { ok: true, config: vim.deepcopy(DEFAULTS) };
  if (typeof user !== "object" || (vim.islist(user) && !vim.tbl_isempty(user as object))) {
    return { ok: false, error: `setup() expects a table of options, got ${describe(user)}` };
  }
  const targets = (user as Partial<Config>).remote?.targets;
  if (targets !== undefined) {
    const wrong = targetsError(targets);
    if (wrong !== undefined) return { ok: false, error: wrong };
  }
  const err = check(user as { [key: string]: unknown }, "");
  if (err !== undefined) return { ok: false, error: err };
  // Lists (port_range, interpreter, allowed_origins) replace the default rather than merge index by index.
  const merged = vim.tbl_deep_extend("force", vim.deepcopy(DEFAULTS), user as object) as Config;
  const u = user as Partial<Config>;
  if (u.allowed_origins !== undefined) merged.allowed_origins = vim.list_slice(u.allowed_origins);
  if (u.port_range !== undefined)
    merged.port_range = (u.port_range as unknown) === vim.NIL ? undefined : [u.port_range[0], u.port_range[1]];
  if (u.agent?.tools !== undefined) merged.agent.tools = vim.list_slice(u.agent.tools);
  for (const key of ["exclude", "include", "folders"] as const) {
    const list = u.privacy?.[key];
    if (list !== undefined) merged.privacy[key] = vim.list_slice(list);
  }
  const interp = u.execute_code_opts?.interpreter;
  if (interp !== undefined) merged.execute_code_opts.interpreter = vim.list_slice(interp);
  const mode = merged.terminal.permission_mode;
  if (mode !== false && EVERY_CLI_MODE[mode] !== true) {
    const wrong = permissionMode().modeError(merged.terminal.command, mode);
    if (wrong !== undefined) return { ok: false, error: wrong };
  }
  if (merged.remote.target !== false && merged.remote.targets[merged.remote.target] === undefined)
    return {
      ok: false,
      error: `option "remote.target" names "${merged.remote.target}", which remote.targets does not have`,
    };
  return { ok: true, config: merged };
}

/** The program terminal.command runs (its first word, without folders). */
function terminalProgram(config: Config): string {
  const [first] = string.match(config.terminal.command, "^%s*(%S+)");
  return first !== undefined ? vim.fn.fnamemodify(first, ":t") : "";
}

/** companion.enabled resolved: "auto" is on when terminal.command runs gemini or qwen. */
export function companionEnabled(config: Config): boolean {
  const enabled = config.companion.enabled;
  if (enabled !== "auto") return enabled;
  const program = terminalProgram(config);
  return program === "gemini" || program === "qwen";
}

/** The companion CLI's name as review titles show it. */
export function companionName(config: Config): string {
  if (config.companion.name !== undefined) return config.companion.name;
  return terminalProgram(config) === "qwen" ? "Qwen Code" : "Gemini CLI";
}
