// :checkhealth claude-ide, hooks part: whether the hooks the turn review needs are in place for the CLI
// :ClaudeCode starts, whether that CLI will run them in this folder (Claude Code runs none before its
// workspace-trust dialog is accepted; Gemini CLI none in an untrusted folder; a user's disableAllHooks), and
// where the snapshots are kept. Reads files only; starts nothing.
import type { Config } from "../config";
import { normalize } from "../util/fs";
import * as snapshot from "../editor/snapshot";
import { geminiRefuses, hookScript, missingGeminiHooks, settingsDir, settingsEnvName } from "./settings";
import type { HookClient } from "./router";

function readJson(path: string): { [key: string]: unknown } | undefined {
  const [file] = io.open(path, "r");
  if (file === undefined) return undefined;
  const text = file.read("*a");
  file.close();
  if (typeof text !== "string") return undefined;
  const [ok, value] = pcall(vim.json.decode, text, { luanil: { object: true, array: true } });
  return ok && type(value) === "table" ? (value as { [key: string]: unknown }) : undefined;
}

/** The folder and its parents, deepest first. */
function ancestry(dir: string): string[] {
  const out: string[] = [];
  let d = normalize(dir);
  for (;;) {
    out.push(d);
    const parent = vim.fs.dirname(d);
    if (parent === d || parent === "") break;
    d = parent;
  }
  return out;
}

/** Claude Code's trust of `dir` (~/.claude.json, or $CLAUDE_CONFIG_DIR/.claude.json): the folder or a parent. */
export function claudeTrusts(dir: string, configFile?: string): boolean {
  const base = vim.env.CLAUDE_CONFIG_DIR;
  const file =
    configFile ?? (base !== undefined && base !== "" ? `${base}/.claude.json` : `${vim.uv.os_homedir()}/.claude.json`);
  const projects = readJson(file)?.projects;
  if (type(projects) !== "table") return false;
  for (const d of ancestry(dir)) {
    const p = (projects as { [path: string]: unknown })[d];
    if (type(p) === "table" && (p as { hasTrustDialogAccepted?: unknown }).hasTrustDialogAccepted === true) return true;
  }
  return false;
}

function cliOf(config: Config): HookClient {
  const [program] = string.match(config.terminal.command, "^%s*(%S+)");
  const name = program !== undefined ? vim.fn.fnamemodify(program, ":t") : "";
  return name === "gemini" ? "gemini" : name === "qwen" ? "qwen" : "claude";
}

export function checkHooks(config: Config): void {
  if (!config.hooks.enabled) {
    vim.health.info("hooks are off (hooks.enabled = false): no turn review, the CLIs get no hooks from the plugin");
    return;
  }
  const script = hookScript();
  if (vim.fn.filereadable(script) !== 1) {
    vim.health.error(`the hook script is missing: ${script}`, "reinstall the plugin (lua/ is part of it)");
    return;
  }
  const cli = cliOf(config);
  const cwd = normalize(vim.fn.getcwd());
  if (cli === "claude") {
    vim.health.ok(
      "Claude Code started by :ClaudeCode gets the hooks in its --settings file (UserPromptSubmit, Stop, PostToolUse)",
    );
    const settings = readJson(`${vim.uv.os_homedir()}/.claude/settings.json`);
    if (settings?.disableAllHooks === true)
      vim.health.warn("~/.claude/settings.json has disableAllHooks: Claude Code runs no hook (no turn review)");
    if (claudeTrusts(cwd)) vim.health.ok(`Claude Code trusts ${cwd}: its hooks run here`);
    else
      vim.health.warn(
        `Claude Code has not trusted ${cwd} yet: it runs no hook here until you accept its trust dialog`,
        ["start :ClaudeCode and answer its trust dialog (or run claude once in this folder)"],
      );
  } else {
    const user = readJson(`${vim.uv.os_homedir()}/.${cli}/settings.json`);
    const refused = cli === "gemini" ? geminiRefuses(`${settingsDir()}/gemini-${vim.fn.getpid()}.json`) : undefined;
    if (refused !== undefined) {
      const missing = missingGeminiHooks(user);
      if (missing.length === 0)
        vim.health.ok(
          `Gemini CLI will not read the plugin's system-defaults file (${refused}), but ~/.gemini/settings.json has the plugin's hooks: they run`,
        );
      else
        vim.health.warn(
          `Gemini CLI will not read the plugin's system-defaults file (${refused}): the gemini :ClaudeCode starts runs none of the plugin's hooks (no turn review, no plan review, no refusal reasons)${missing.length < missingGeminiHooks(undefined).length ? `; ~/.gemini/settings.json lacks ${missing.join(", ")}` : ""}`,
          ":ClaudeCodeHooks gemini prints the hooks: merge its `hooks` into ~/.gemini/settings.json",
        );
    } else
      vim.health.ok(
        `${cli === "gemini" ? "Gemini CLI" : "Qwen Code"} started by :ClaudeCode gets the hooks through ${settingsEnvName(cli)}`,
      );
    const hooksConfig = user?.hooksConfig;
    if (type(hooksConfig) === "table" && (hooksConfig as { enabled?: unknown }).enabled === false)
      vim.health.warn(`~/.${cli}/settings.json has hooksConfig.enabled = false: no hook runs (no turn review)`);
    if (cli === "gemini") {
      const trusted = readJson(`${vim.uv.os_homedir()}/.gemini/trustedFolders.json`);
      const rule =
        trusted !== undefined
          ? ancestry(cwd)
              .map((d) => trusted[d])
              .find((v) => v !== undefined)
          : undefined;
      if (rule === "TRUST_FOLDER" || rule === "TRUST_PARENT")
        vim.health.ok(`Gemini CLI trusts ${cwd}: its hooks run here`);
      else
        vim.health.info(
          `Gemini CLI runs hooks only in a trusted folder; ${cwd} is not in ~/.gemini/trustedFolders.json`,
        );
    }
  }
  if (config.review.turn === false) vim.health.info("the turn review is off (review.turn = false)");
  else {
    const why = snapshot.refusal(cwd);
    if (why !== undefined) vim.health.warn(`no turn review in this folder: ${why}`);
    else
      vim.health.ok(
        `turn review: ${config.review.turn}, snapshots in ${snapshot.defaultBase()} (the last ${config.review.keep_turns} turns per session)`,
      );
  }
  vim.health.info("for a CLI started outside Neovim, :ClaudeCodeHooks prints the settings to merge");
}
