// The hook settings the plugin gives the CLIs it starts, and prints for a CLI started elsewhere
// (:ClaudeCodeHooks). Claude Code: the `hooks` key of the --settings file :ClaudeCode passes (bridge/cli_config);
// Gemini CLI and Qwen Code: a system-defaults settings file in the plugin's own 0700 folder named by
// GEMINI_CLI_SYSTEM_DEFAULTS_PATH / QWEN_CODE_SYSTEM_DEFAULTS_PATH (the user's own system-defaults file, when
// there is one, is copied into it first). Every CLI concatenates hook arrays across its settings files: the
// user's own hooks keep running beside these. Never written into the user's settings files.
import { writeFileAtomic } from "../util/fs";
import { hooksDir } from "../discovery/cli_files";
import { CLIENT_TITLES, type HookClient } from "./router";

/** One hook the plugin adds: the CLI, its event, the tool matcher of a tool event, how long the CLI waits. */
export interface HookEntry {
  client: HookClient;
  event: string;
  /** Tool-name matcher (a regex for Claude Code / Qwen Code / Gemini CLI). */
  matcher?: string;
  /** Seconds the CLI waits for the hook (a plan review waits for the user). */
  timeoutSec: number;
}

/** The plan-exit tool of each CLI that has one (the plan hook's matcher, hooks/plan). */
export const PLAN_TOOLS: { [client in HookClient]?: string } = {
  claude: "ExitPlanMode",
  gemini: "exit_plan_mode",
  qwen: "exit_plan_mode",
};

/**
 * The tools of each CLI that change files: edit tools and shell commands. Each waits in the turn's gate hook
 * (hooks/turn) until the turn's start snapshot is taken, so the prompt itself goes to the model at once. A CLI
 * without a gate (Codex: its hooks run only once trusted) waits for the snapshot in its prompt hook instead.
 */
export const MUTATING_TOOLS: { [client in HookClient]?: string[] } = {
  claude: ["Edit", "Write", "MultiEdit", "NotebookEdit", "Bash"],
  gemini: ["write_file", "replace", "run_shell_command"],
  qwen: ["edit", "write_file", "replace", "run_shell_command"],
};

/** How long a CLI waits for the turn's gate (the start snapshot's wait is bounded below it, hooks/turn). */
const GATE_TIMEOUT_SEC = 30;

/**
 * How long a CLI waits for the plan hook, in seconds, while the user reads, edits and decides: a day. The CLIs
 * have no practical maximum, and the CLI's own dialog takes over at once whenever Neovim goes away.
 */
export const PLAN_TIMEOUT_SEC = 24 * 3600;

/**
 * Every hook the plugin adds: the turn's start (a snapshot, taken off the editor's loop; Claude Code bounds
 * UserPromptSubmit at 30 s anyway), its gate (the tools that change files wait for that snapshot) and end (the
 * turn review), and the agent's edit tools (which files they changed: the others were changed by shell commands). A feature that needs another event adds its line here.
 */
export const HOOK_ENTRIES: HookEntry[] = [
  { client: "claude", event: "UserPromptSubmit", timeoutSec: 30 },
  { client: "claude", event: "Stop", timeoutSec: 30 },
  { client: "claude", event: "StopFailure", timeoutSec: 30 },
  { client: "claude", event: "PostToolUse", matcher: "Edit|Write|NotebookEdit|MultiEdit", timeoutSec: 10 },
  { client: "gemini", event: "BeforeAgent", timeoutSec: 30 },
  { client: "gemini", event: "AfterAgent", timeoutSec: 30 },
  { client: "gemini", event: "AfterTool", matcher: "write_file|replace", timeoutSec: 10 },
  { client: "qwen", event: "UserPromptSubmit", timeoutSec: 30 },
  { client: "qwen", event: "Stop", timeoutSec: 30 },
  { client: "qwen", event: "PostToolUse", matcher: "edit|write_file|replace", timeoutSec: 10 },
  // Codex: its notify program (codexArguments) ends the turn too; these run once the user trusts them.
  { client: "codex", event: "UserPromptSubmit", timeoutSec: 30 },
  { client: "codex", event: "Stop", timeoutSec: 30 },
  // The turn's gate: a tool that changes files waits for the turn's start snapshot (hooks/turn).
  { client: "claude", event: "PreToolUse", matcher: MUTATING_TOOLS.claude!.join("|"), timeoutSec: GATE_TIMEOUT_SEC },
  { client: "gemini", event: "BeforeTool", matcher: MUTATING_TOOLS.gemini!.join("|"), timeoutSec: GATE_TIMEOUT_SEC },
  { client: "qwen", event: "PreToolUse", matcher: MUTATING_TOOLS.qwen!.join("|"), timeoutSec: GATE_TIMEOUT_SEC },
  // The plan review (hooks/plan): the plan exit waits for the user.
  { client: "claude", event: "PreToolUse", matcher: PLAN_TOOLS.claude, timeoutSec: PLAN_TIMEOUT_SEC },
  { client: "gemini", event: "BeforeTool", matcher: PLAN_TOOLS.gemini, timeoutSec: PLAN_TIMEOUT_SEC },
  { client: "qwen", event: "PreToolUse", matcher: PLAN_TOOLS.qwen, timeoutSec: PLAN_TIMEOUT_SEC },
];

/** The environment variable naming a CLI's system-defaults settings file, and where it is otherwise. */
const SYSTEM_DEFAULTS: { [client: string]: { env: string; path: string } } = {
  gemini: { env: "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", path: "/etc/gemini-cli/system-defaults.json" },
  qwen: { env: "QWEN_CODE_SYSTEM_DEFAULTS_PATH", path: "/etc/qwen-code/system-defaults.json" },
};

/** The environment variable through which `client` reads the plugin's settings (none: Claude Code's --settings). */
export function settingsEnvName(client: HookClient): string | undefined {
  return SYSTEM_DEFAULTS[client]?.env;
}

/** Absolute path of lua/claude-ide/hook.lua in this installation. */
export function hookScript(): string {
  const source = (debug.getinfo(1, "S") as { source: string }).source;
  return `${vim.fn.fnamemodify(string.sub(source, 2), ":p:h:h")}/hook.lua`;
}

/**
 * The command a CLI runs for `event`: this Neovim's binary running hook.lua (a shell command line: every CLI
 * takes one). `instance`: the Neovim to reach (its pid); none: the hook chooses like the agent bridge does.
 */
export function hookCommand(client: HookClient, event: string, instance?: number): string {
  const parts = [vim.fn.shellescape(vim.v.progpath), "-l", vim.fn.shellescape(hookScript()), client, event];
  if (instance !== undefined) parts.push("--instance", tostring(instance));
  return parts.join(" ");
}

/** `{ <Event> = { { matcher?, hooks = { hook(entry) } } } }` for every HOOK_ENTRIES entry of `client`. */
function groupsOf(client: HookClient, hook: (this: void, entry: HookEntry) => object): { [event: string]: object[] } {
  const out: { [event: string]: object[] } = {};
  for (const entry of HOOK_ENTRIES) {
    if (entry.client !== client) continue;
    const group: { [key: string]: unknown } = { hooks: [hook(entry)] };
    if (entry.matcher !== undefined) group.matcher = entry.matcher;
    out[entry.event] ??= [];
    out[entry.event].push(group);
  }
  return out;
}

/** The `hooks` settings value for `client`: `{ <Event> = { { matcher?, hooks = { {type, command, timeout} } } } }`. */
export function hooksFor(client: HookClient, instance?: number): { [event: string]: object[] } {
  return groupsOf(client, (entry) => {
    const hook: { [key: string]: unknown } = {
      type: "command",
      command: hookCommand(client, entry.event, instance),
      timeout: client === "gemini" ? entry.timeoutSec * 1000 : entry.timeoutSec,
    };
    if (client === "gemini") hook.name = `claude-ide.nvim ${entry.event}`;
    return hook;
  });
}

/** The header a far session's door reads its token from (transport/handshake AUTH_HEADER, as the CLI spells it). */
const DOOR_TOKEN_HEADER = "X-Claude-Code-IDE-Authorization";

/** The URL of a far Claude Code's HTTP hook for `event`, at a far session's door (server.ts openGateway). */
export function httpHookUrl(host: string | undefined, port: number, event: string): string {
  return `http://${host ?? "127.0.0.1"}:${port}/hooks/claude/${event}`;
}

/**
 * The Claude Code settings for a CLI that runs somewhere else (a container, another machine) and reaches this
 * Neovim through a far session's door at `host:port` (its forward over there; default 127.0.0.1) with `token`:
 * the same hooks as hooksFor("claude") (events, matchers, timeouts), each an HTTP hook to the door
 * (`/hooks/claude/<Event>`, hooks/http), so that nothing over there needs Neovim. `on_failure: "continue"`: the
 * CLI's default, `block`, would stop the agent whenever the editor cannot be reached.
 */
export function httpHookSettings(host: string | undefined, port: number, token: string): { hooks: object } {
  return {
    hooks: groupsOf("claude", (entry) => ({
      type: "http",
      url: httpHookUrl(host, port, entry.event),
      headers: { [DOOR_TOKEN_HEADER]: token },
      timeout: entry.timeoutSec,
      on_failure: "continue",
    })),
  };
}

/** A TOML string: a literal string ('…', no escapes) when it can be one, else a basic string ("…"). */
function tomlString(value: string): string {
  if (string.find(value, "[%c']")[0] === undefined) return `'${value}'`;
  const [escaped] = string.gsub(value, '[%c"\\]', (c: string) =>
    c === '"' ? '\\"' : c === "\\" ? "\\\\" : string.format("\\u%04X", string.byte(c)),
  );
  return `"${escaped}"`;
}

/** A TOML value of JSON-like data (strings, numbers, booleans, lists, tables as inline tables). */
export function tomlValue(value: unknown): string {
  if (typeof value === "string") return tomlString(value);
  if (typeof value === "number" || typeof value === "boolean") return tostring(value);
  if (type(value) !== "table") return "''";
  const t = value as { [key: string]: unknown };
  if (vim.islist(t)) return `[${(t as unknown as unknown[]).map((v) => tomlValue(v)).join(", ")}]`;
  const keys: string[] = [];
  for (const [k] of pairs(t)) keys.push(k as string);
  table.sort(keys);
  return `{ ${keys.map((k) => `${string.match(k, "^[%w_-]+$")[0] !== undefined ? k : tomlString(k)} = ${tomlValue(t[k])}`).join(", ")} }`;
}

/** The Codex config file of this user: $CODEX_HOME/config.toml, else ~/.codex/config.toml. */
export function codexConfigFile(): string {
  const home = vim.env.CODEX_HOME;
  return home !== undefined && home !== "" ? `${home}/config.toml` : `${vim.env.HOME ?? ""}/.codex/config.toml`;
}

/** Whether the user's Codex config sets its own `notify` program (a top-level key: ours would replace it). */
export function codexHasNotify(file = codexConfigFile()): boolean {
  const [handle] = io.open(file, "r");
  if (handle === undefined) return false;
  const text = handle.read("*a");
  handle.close();
  if (typeof text !== "string") return false;
  for (const line of vim.split(text, "\n", { plain: true })) {
    // Top-level keys come before the first [table] header.
    if (string.match(line, "^%s*%[")[0] !== undefined) return false;
    if (string.match(line, "^%s*notify%s*=")[0] !== undefined) return true;
  }
  return false;
}

/**
 * The `-c key=value` overrides (TOML values) that give the `codex` :ClaudeCode starts the plugin's hooks:
 * `notify` (this Neovim's hook.lua, run at each turn's end with the event as its last argument: no trust step;
 * left out when the user's config has a notify program of its own, which it would replace) and the
 * UserPromptSubmit / Stop hooks, which run once the user trusts them in Codex's "Hooks need review" prompt. The
 * commands name no instance (the hook finds this Neovim through the terminal's environment): Codex keys its
 * trust by the command, so it stays the same from one start to the next.
 */
export function codexOverrides(hasNotify = codexHasNotify()): string[] {
  const out: string[] = [];
  if (!hasNotify) out.push(`notify=${tomlValue([vim.v.progpath, "-l", hookScript(), "codex", "notify"])}`);
  const hooks = hooksFor("codex");
  const events: string[] = [];
  for (const [event] of pairs(hooks)) events.push(event as string);
  table.sort(events);
  for (const event of events) out.push(`hooks.${event}=${tomlValue(hooks[event])}`);
  return out;
}

/** codexOverrides as arguments of a shell command line: `-c '<override>'` each. */
export function codexArguments(hasNotify?: boolean): string {
  return codexOverrides(hasNotify)
    .map((o) => `-c ${vim.fn.shellescape(o)}`)
    .join(" ");
}

/** Adds `hooks` to a settings table, concatenating with hook arrays already there. */
export function mergeHooks(settings: { [key: string]: unknown }, hooks: { [event: string]: object[] }): void {
  const existing = type(settings.hooks) === "table" ? (settings.hooks as { [event: string]: object[] }) : {};
  for (const [event, groups] of pairs(hooks)) {
    const before = existing[event as string];
    existing[event as string] = type(before) === "table" && vim.islist(before) ? [...before, ...groups] : groups;
  }
  settings.hooks = existing;
}

/** The user's own system-defaults settings of `client` (the file the variable names, else the default place). */
function userSystemDefaults(client: HookClient, ownFile: string): { [key: string]: unknown } {
  const spec = SYSTEM_DEFAULTS[client];
  if (spec === undefined) return {};
  const fromEnv = vim.env[spec.env];
  const path = fromEnv !== undefined && fromEnv !== "" && fromEnv !== ownFile ? fromEnv : spec.path;
  const [file] = io.open(path, "r");
  if (file === undefined) return {};
  const text = file.read("*a");
  file.close();
  if (typeof text !== "string") return {};
  const [ok, value] = pcall(vim.json.decode, text, { luanil: { object: true, array: true } });
  return ok && type(value) === "table" && !vim.islist(value) ? (value as { [key: string]: unknown }) : {};
}

/** Why `path` (a folder, or the file) fails Gemini CLI's check, or undefined (its isPathSecureSync on POSIX). */
function geminiPathRefusal(path: string, what: string): string | undefined {
  const [link] = vim.uv.fs_lstat(path);
  if (link === undefined) return undefined; // not there: Gemini CLI passes it
  if (link.type === "link" && link.uid !== 0) return `${what} ${path} is a symlink that root does not own`;
  const [st] = vim.uv.fs_stat(path);
  if (st === undefined) return undefined;
  if (st.uid !== 0) return `${what} ${path} belongs to uid ${st.uid}, not root`;
  if ((st.mode & 0o022) !== 0) return `${what} ${path} is writable by group or others`;
  return undefined;
}

/** `dir` and every folder above it, deepest first. */
function foldersUp(dir: string): string[] {
  const out: string[] = [];
  let d = dir;
  for (;;) {
    out.push(d);
    const parent = vim.fs.dirname(d);
    if (parent === d || parent === "") return out;
    d = parent;
  }
}

/**
 * Why Gemini CLI would refuse `path` as its system-defaults file, or undefined. Gemini CLI 0.61's rule
 * (isFileAndDirectorySecureSync, POSIX): the file and every folder above it, as named and as resolved
 * (realpath), belong to root (uid 0) and nobody else may write them (no g+w, o+w); a symlink on the way must
 * belong to root too. Else it warns "Security Warning: Skipping system defaults file" at each start and reads
 * nothing from it. A file not written yet will belong to this Neovim's user: only a Neovim run by root whose
 * state folder lies below such folders (not /tmp, not a user's home) passes. `uid`: whose the file would be.
 */
export function geminiRefuses(path: string, uid: number = vim.uv.getuid()): string | undefined {
  const [exists] = vim.uv.fs_lstat(path);
  if (exists === undefined && uid !== 0)
    return `the file would belong to you (uid ${uid}); Gemini CLI reads a system-defaults file only when root owns it`;
  const [real] = vim.uv.fs_realpath(path);
  const named = [path, ...foldersUp(vim.fs.dirname(path))];
  const resolved = real !== undefined && real !== path ? [real, ...foldersUp(vim.fs.dirname(real))] : [];
  for (const p of [...named, ...resolved]) {
    const isFile = p === path || p === real;
    const why = geminiPathRefusal(p, isFile ? "the file" : "its folder");
    if (why !== undefined)
      return isFile
        ? why
        : `${why} (Gemini CLI reads a system-defaults file only below folders root owns and nobody else can write)`;
  }
  return undefined;
}

/**
 * The plugin's hooks for `client` missing from a settings file's `hooks` value: each needs a group of its event
 * whose command runs hook.lua for that client and event, and (`matchers`) the plugin's matcher on that group.
 * Named "<Event>" or "<Event> (<matcher>)". The one check of hook settings: the file :ClaudeCode wrote for Claude
 * Code (matchers as written) and a user's ~/.gemini/settings.json (`matchers` false: whatever matcher the user
 * gave an event) both go through it.
 */
export function missingHooks(client: HookClient, hooks: unknown, matchers = true): string[] {
  const missing: string[] = [];
  for (const e of HOOK_ENTRIES) {
    if (e.client !== client) continue;
    const groups = type(hooks) === "table" ? (hooks as { [event: string]: unknown })[e.event] : undefined;
    const found =
      type(groups) === "table" &&
      (groups as { matcher?: unknown; hooks?: { command?: unknown }[] }[]).some(
        (g) =>
          type(g) === "table" &&
          (!matchers || g.matcher === e.matcher) &&
          type(g.hooks) === "table" &&
          (g.hooks ?? []).some(
            (h) =>
              type(h) === "table" &&
              typeof h.command === "string" &&
              string.find(h.command, "hook.lua", 1, true)[0] !== undefined &&
              string.find(h.command, ` ${client} ${e.event}`, 1, true)[0] !== undefined,
          ),
      );
    const name = matchers && e.matcher !== undefined ? `${e.event} (${e.matcher})` : e.event;
    if (!found && !missing.includes(name)) missing.push(name);
  }
  return missing;
}

/** The folder of the system-defaults files: the plugin's own state folder (0700). */
export function settingsDir(): string {
  return hooksDir();
}

/**
 * Writes `dir/<client>-<pid>.json` (0600): the user's own system defaults plus the plugin's hooks, and returns
 * the environment that points `client` at it. Gemini CLI / Qwen Code only. Gemini CLI gets nothing (an empty
 * environment and the reason in `skipped`) where it would refuse the file (geminiRefuses): it would warn at
 * every start and run no hook anyway.
 */
export function systemDefaultsEnv(
  client: HookClient,
  dir: string,
): { ok: true; env: { [name: string]: string }; path: string; skipped?: string } | { ok: false; error: string } {
  const name = settingsEnvName(client);
  if (name === undefined) return { ok: false, error: `${CLIENT_TITLES[client]} reads no system-defaults file` };
  if (vim.fn.isdirectory(dir) !== 1) pcall(vim.fn.mkdir, dir, "p", 0o700);
  const path = `${dir}/${client}-${vim.fn.getpid()}.json`;
  const settings = userSystemDefaults(client, path);
  mergeHooks(settings, hooksFor(client, vim.fn.getpid()));
  const written = writeFileAtomic(path, vim.json.encode(settings), 0o600);
  if (!written.ok) return { ok: false, error: written.error };
  const refused = client === "gemini" ? geminiRefuses(path) : undefined;
  if (refused !== undefined) {
    vim.uv.fs_unlink(path);
    return { ok: true, env: {}, path, skipped: refused };
  }
  return { ok: true, env: { [name]: path }, path };
}

/** The CLIs :ClaudeCodeHooks takes (completion). */
export const PRINTABLE_CLIENTS: HookClient[] = ["claude", "gemini", "qwen", "codex"];

/**
 * The text :ClaudeCodeHooks prints: each CLI's settings to add by hand for a CLI started outside Neovim (or one
 * Gemini CLI would not read from the plugin's system-defaults file); only `only`'s when given.
 */
export function printable(only?: string): string {
  const lines: string[] = [
    "Hooks for a CLI started outside Neovim (the CLIs :ClaudeCode starts get them by themselves).",
    "Merge the `hooks` of your CLI into its settings file; the hook finds this Neovim like the agent bridge does",
    "(the Neovim whose terminal runs the CLI, else the one whose folder holds the CLI's cwd).",
  ];
  const files: [HookClient, string][] = [
    ["claude", "~/.claude/settings.json"],
    ["gemini", "~/.gemini/settings.json"],
    ["qwen", "~/.qwen/settings.json"],
  ];
  for (const [client, file] of files) {
    if (only !== undefined && only !== "" && only !== client) continue;
    lines.push("", `${CLIENT_TITLES[client]} (${file}):`);
    lines.push(vim.json.encode({ hooks: hooksFor(client) }));
  }
  if (only === undefined || only === "" || only === "codex") {
    // Top-level keys of config.toml (before any [table]); notify replaces a notify program of your own.
    lines.push("", "Codex (~/.codex/config.toml, at the top; or each line as `codex -c '<line>'`):");
    for (const o of codexOverrides(false)) lines.push(o);
  }
  return lines.join("\n");
}
