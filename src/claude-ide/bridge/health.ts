// :checkhealth claude-ide, agent endpoint part: the registration line for a claude started outside Neovim
// (with this installation's real paths), and whether the bridge starts and answers initialize.
import { bridgeScript, registrationCommand } from "./cli_config";
import { shown } from "../util/fs";

/** A bridge started here must answer within this time (it starts in ~20 ms). */
const START_TIMEOUT_MS = 5000;

/** Which engine the project search uses here (reported, never run). */
function checkSearch(rg: string | false): void {
  const git = vim.fn.executable("git") === 1;
  const fallback = git
    ? "git grep inside a git repository, else a walk by a child nvim -l"
    : "a walk by a child nvim -l";
  if (rg !== false && vim.fn.executable(rg) === 1) {
    vim.health.ok(`project search: ripgrep (${shown(vim.fn.exepath(rg))}); without it: ${fallback}`);
  } else {
    vim.health.info(
      `project search: ${rg === false ? "ripgrep off (agent.search.rg = false)" : `no ${rg} on PATH`}, so ${fallback} (same answers, slower on big trees)`,
    );
  }
}

export function checkAgent(rg: string | false = "rg"): void {
  checkSearch(rg);
  const script = bridgeScript();
  if (vim.fn.filereadable(script) !== 1) {
    vim.health.error(`the bridge script is missing: ${script}`, "reinstall the plugin (lua/ is part of it)");
    return;
  }
  const init = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"checkhealth","version":"0"}}}\n`;
  const started = vim.uv.hrtime();
  const [ok, result] = pcall(() =>
    vim.system([vim.v.progpath, "-l", script], { stdin: init, text: true }).wait(START_TIMEOUT_MS),
  );
  const ms = (vim.uv.hrtime() - started) / 1e6;
  const answered =
    ok && typeof result.stdout === "string" && string.find(result.stdout, '"id":1,"result"', 1, true)[0] !== undefined;
  if (answered)
    vim.health.ok(string.format("the bridge starts and answers initialize (%.0f ms): %s", ms, shown(script)));
  else
    vim.health.error(
      `the bridge did not answer initialize: ${ok ? (result.stderr ?? `exit ${result.code}`) : tostring(result)}`,
      `run: ${vim.v.progpath} -l ${script}`,
    );
  vim.health.info("the claude that :ClaudeCode starts gets these tools with no set-up (agent.in_terminal)");
  vim.health.info(`for a claude started elsewhere, register the bridge once: ${registrationCommand()}`);
}
