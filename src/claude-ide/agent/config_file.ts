// The MCP config file that the `claude` of a :ClaudeCode terminal reads (--mcp-config, agent/cli_config.ts):
// one per Neovim, `stdpath("run")/claude-ide/mcp-<pid>.json`. It is removed when that Neovim exits, and files
// of Neovims that are gone (a crash, a kill) are swept when the server starts. Small on purpose: the server
// sweeps at start-up without loading the agent tools.
import { isAlive } from "../discovery/lockfile";

export function configDir(): string {
  return `${vim.fn.stdpath("run")}/claude-ide`;
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
    const [pidText] = string.match(name, "^mcp%-(%d+)%.json$");
    const pid = tonumber(pidText);
    if (pid === undefined || pid === vim.fn.getpid() || isAlive(pid)) continue;
    const path = `${dir}/${name}`;
    const [ok] = vim.uv.fs_unlink(path);
    if (ok) removed.push(path);
  }
  return removed;
}

/** Removes `path` when Neovim exits (once, however often it is called). */
export function removeOnExit(path: string): void {
  const group = vim.api.nvim_create_augroup("claude-ide.mcp-config", { clear: true });
  vim.api.nvim_create_autocmd("VimLeavePre", {
    group,
    desc: "claude-ide: remove this Neovim's MCP config file",
    callback: () => {
      vim.uv.fs_unlink(path);
    },
  });
}
