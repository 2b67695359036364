// Zero set-up for the `claude` that :ClaudeCode starts: an MCP config naming the agent bridge ("nvim", so the
// model sees mcp__nvim__<tool>) pinned to this Neovim, passed with --mcp-config, and a settings file (--settings,
// merged over the user's own settings) whose permissions allow every agent tool except execute (reading tools
// need no prompt; edits are confirmed in Neovim's own review, which is the confirmation). Files, not the tool
// list itself on the command line: the terminal's title and `ps` stay short. A `claude` started elsewhere uses `claude mcp add` (see :help claude-ide-agent).
import { writeFileAtomic } from "../util/fs";
import { configDir, configPath, removeOnExit } from "../discovery/cli_files";
import { userTools } from "../agent/user_tools";
import { BUILTIN_TOOL_NAMES } from "../agent/builtin_names";
import { hooksFor } from "../hooks/settings";

/** The MCP server name the CLI knows the bridge by: tools appear to the model as mcp__nvim__<name>. */
export const SERVER_NAME = "nvim";
/** Never allowed up front: it runs code, and the user decides each time (or it is off). */
const NEVER_ALLOWED = ["execute"];

/** Absolute path of lua/claude-ide/bridge.lua in this installation. */
export function bridgeScript(): string {
  const source = (debug.getinfo(1, "S") as { source: string }).source;
  return `${vim.fn.fnamemodify(string.sub(source, 2), ":p:h:h")}/bridge.lua`;
}

/**
 * `claude mcp add` line registering the bridge for every project (for a claude started outside Neovim), to copy
 * into a shell: `nvim` when that is this Neovim on PATH, and the script under `~/` when it is in the home folder.
 */
export function registrationCommand(): string {
  const onPath = vim.fn.exepath("nvim");
  const nvim =
    onPath !== "" && vim.fn.resolve(onPath) === vim.fn.resolve(vim.v.progpath)
      ? "nvim"
      : vim.fn.shellescape(vim.v.progpath);
  return `claude mcp add -s user ${SERVER_NAME} -- ${nvim} -l ${shellPath(bridgeScript())}`;
}

/** `path` quoted for a shell; under the home folder as `~/'…'`, which the shell expands. */
function shellPath(path: string): string {
  const home = vim.uv.os_homedir();
  if (home !== undefined && home !== "" && vim.startswith(path, `${home}/`))
    return `~/${vim.fn.shellescape(string.sub(path, home.length + 2))}`;
  return vim.fn.shellescape(path);
}

/**
 * Tool names (as the CLI spells them) that the :ClaudeCode terminal allows without a prompt: the built-in
 * ones but execute, and the user's own tools marked read_only (never the others: they may do anything).
 */
export function allowedTools(): string[] {
  // The generated names (agent/tool_names): starting a terminal loads none of the tool modules.
  const names = [...BUILTIN_TOOL_NAMES, ...userTools.readOnlyNames()].filter((n) => !NEVER_ALLOWED.includes(n));
  return names.map((n) => `mcp__${SERVER_NAME}__${n}`);
}

/**
 * The `--mcp-config` of a CLI that runs somewhere else and reaches this Neovim through a far session's door at
 * `host:port` (its forward over there; default 127.0.0.1) with `token`: the agent tools as an `http` MCP server
 * (streamable HTTP on the door's `/mcp`, served in this Neovim), under the same name as the stdio bridge's, so
 * that the tools keep their names (mcp__nvim__<tool>) and nothing over there needs Neovim.
 */
export function httpMcpConfig(host: string | undefined, port: number, token: string): { mcpServers: object } {
  return {
    mcpServers: {
      [SERVER_NAME]: {
        type: "http",
        url: `http://${host ?? "127.0.0.1"}:${port}/mcp`,
        headers: { "X-Claude-Code-IDE-Authorization": token },
      },
    },
  };
}

export interface CliOptions {
  /** The agent endpoint: --mcp-config naming the bridge, and its tools allowed in the settings (default true). */
  agent?: boolean;
  /** The plugin's hooks (hooks/settings) in the settings file (default false). */
  hooks?: boolean;
}

/**
 * Writes the MCP config for this Neovim (the bridge pinned to its pid) and the settings allowing its tools and
 * adding the plugin's hooks, and returns the arguments for the claude command line, or the reason when a file
 * cannot be written.
 */
export function cliArguments(opts: CliOptions = {}): { ok: true; args: string } | { ok: false; error: string } {
  const agent = opts.agent ?? true;
  const args: string[] = [];
  if (!agent && opts.hooks !== true) return { ok: true, args: args.join(" ") };
  const dir = configDir();
  if (vim.fn.isdirectory(dir) !== 1) pcall(vim.fn.mkdir, dir, "p", 0o700);
  const settingsFile = `${dir}/settings-${vim.fn.getpid()}.json`;
  const body: { [key: string]: unknown } = {};
  if (agent) body.permissions = { allow: allowedTools() };
  if (opts.hooks === true) body.hooks = hooksFor("claude", vim.fn.getpid());
  const settings = writeFileAtomic(settingsFile, vim.json.encode(body), 0o600);
  if (!settings.ok) return { ok: false, error: settings.error };
  if (!agent) {
    removeOnExit([settingsFile]);
    args.push(`--settings ${vim.fn.shellescape(settingsFile)}`);
    return { ok: true, args: args.join(" ") };
  }
  const file = configPath();
  const config = {
    mcpServers: {
      [SERVER_NAME]: {
        type: "stdio",
        command: vim.v.progpath,
        args: ["-l", bridgeScript(), "--instance", tostring(vim.fn.getpid())],
      },
    },
  };
  const written = writeFileAtomic(file, vim.json.encode(config), 0o600);
  if (!written.ok) return { ok: false, error: written.error };
  removeOnExit([file, settingsFile]);
  args.push(`--mcp-config ${vim.fn.shellescape(file)} --settings ${vim.fn.shellescape(settingsFile)}`);
  return { ok: true, args: args.join(" ") };
}
