// The files that the `claude` of a :ClaudeCode terminal reads (bridge/cli_config.ts): one MCP config
// (--mcp-config) and one settings file (--settings) per Neovim, `stdpath("run")/claude-ide/mcp-<pid>.json` and
// `settings-<pid>.json`, and the system-defaults files of Gemini CLI and Qwen Code with the plugin's hooks
// (`gemini-<pid>.json`, `qwen-<pid>.json`). They are removed when that Neovim exits, and files of Neovims that are gone (a crash,
// a kill) are swept when the server starts. Small on purpose: the server sweeps at start-up without loading the
// agent tools. It sits below both folders that write these files (bridge/ its MCP config, hooks/ the hook
// settings), so that neither imports the other for it.
import { isAlive } from "./lockfile";

export function configDir(): string {
  return `${vim.fn.stdpath("run")}/claude-ide`;
}

/**
 * The folder of the hooks' system-defaults files (gemini-<pid>.json, qwen-<pid>.json): the plugin's state
 * folder, not stdpath("run") (under /tmp when XDG_RUNTIME_DIR is unset: Gemini CLI refuses a file below it).
 */
export function hooksDir(): string {
  return `${vim.fn.stdpath("state")}/claude-ide/hooks`;
}

export function configPath(pid: number = vim.fn.getpid()): string {
  return `${configDir()}/mcp-${pid}.json`;
}

/** Removes the config files of Neovims that no longer run. Returns the removed paths. */
export function sweepStale(dir: string = configDir()): string[] {
  const removed: string[] = [];
  const [handle] = vim.uv.fs_scandir(dir);
  if (handle === undefined) return removed;
  for (;;) {
    const [name] = vim.uv.fs_scandir_next(handle);
    if (name === undefined) break;
    const [, pidText] = string.match(name, "^(%a+)%-(%d+)%.json$");
    const [prefix] = string.match(name, "^(%a+)%-");
    if (prefix !== "mcp" && prefix !== "settings" && prefix !== "gemini" && prefix !== "qwen") continue;
    const pid = tonumber(pidText);
    if (pid === undefined || pid === vim.fn.getpid() || isAlive(pid)) continue;
    const path = `${dir}/${name}`;
    const [ok] = vim.uv.fs_unlink(path);
    if (ok) removed.push(path);
  }
  return removed;
}

/**
 * Removes `paths` when Neovim exits (the last call's paths for that `group`: the same names each time). The
 * hooks' system-defaults files (gemini-<pid>.json, qwen-<pid>.json) have a group of their own.
 */
export function removeOnExit(paths: string[], name = "claude-ide.mcp-config"): void {
  const group = vim.api.nvim_create_augroup(name, { clear: true });
  vim.api.nvim_create_autocmd("VimLeavePre", {
    group,
    desc: "claude-ide: remove this Neovim's MCP config and settings files",
    callback: () => {
      for (const path of paths) vim.uv.fs_unlink(path);
    },
  });
}
