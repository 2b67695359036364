// :checkhealth claude-ide, hooks part: whether the hooks the turn review needs are in place for the CLI
// :ClaudeCode starts, whether that CLI will run them in this folder (Claude Code runs none before its
// workspace-trust dialog is accepted; Gemini CLI none in an untrusted folder; a user's disableAllHooks), and
// where the snapshots are kept. Reads files only; starts nothing.
import type { Config } from "../config";
import { normalize, shown } from "../util/fs";
import * as snapshot from "../editor/snapshot/snapshot";
import { configDir } from "../discovery/cli_files";
import { cliKind } from "../util/permission_mode";
import {
  codexConfigFile,
  codexHasNotify,
  geminiRefuses,
  HOOK_ENTRIES,
  hookScript,
  missingHooks,
  settingsDir,
  settingsEnvName,
} from "./settings";
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

/** The hooks the plugin gives `client`, as the user reads them: `Stop, PreToolUse (ExitPlanMode)`. */
export function hookNames(client: HookClient): string {
  return HOOK_ENTRIES.filter((e) => e.client === client)
    .map((e) => (e.matcher !== undefined ? `${e.event} (${e.matcher})` : e.event))
    .join(", ");
}

/**
 * Claude Code: the hooks in the --settings file :ClaudeCode writes, disableAllHooks, the folder's trust. `remote`:
 * where the CLI runs when none runs here (far/health remoteOnly): the trust lives over there, not checked here.
 */
function checkClaude(cwd: string, remote: string | undefined): void {
  const file = `${configDir()}/settings-${vim.fn.getpid()}.json`;
  const written = readJson(file);
  if (written === undefined)
    vim.health.ok(`Claude Code started by :ClaudeCode gets these hooks in its --settings file: ${hookNames("claude")}`);
  else {
    const missing = missingHooks("claude", written.hooks);
    if (missing.length === 0)
      vim.health.ok(`the claude :ClaudeCode started has every hook in its --settings file: ${hookNames("claude")}`);
    else
      vim.health.warn(
        `the --settings file of the claude :ClaudeCode started (${file}) lacks the hooks ${missing.join(", ")}`,
        "close its terminal and start :ClaudeCode again: the file is written at each start",
      );
  }
  const home = vim.uv.os_homedir();
  for (const path of [
    `${home}/.claude/settings.json`,
    `${cwd}/.claude/settings.json`,
    `${cwd}/.claude/settings.local.json`,
  ])
    if (readJson(path)?.disableAllHooks === true)
      vim.health.warn(
        `${vim.fn.fnamemodify(path, ":~")} has disableAllHooks: Claude Code runs no hook (no turn review, no plan review)`,
      );
  if (claudeTrusts(cwd)) vim.health.ok(`Claude Code trusts ${shown(cwd)}: its hooks run here`);
  else if (remote !== undefined)
    vim.health.info(
      `Claude Code's trust of ${shown(cwd)} is not checked here: it does not apply, the CLI runs at ${remote} and trusts the far folder there`,
    );
  else
    vim.health.warn(
      `Claude Code has not trusted ${shown(cwd)} yet: it runs no hook here until you accept its trust dialog`,
      ["start :ClaudeCode and answer its trust dialog (or run claude once in this folder)"],
    );
}

/** The text of the user's Codex config.toml, or "". */
function codexConfig(): string {
  const [file] = io.open(codexConfigFile(), "r");
  if (file === undefined) return "";
  const text = file.read("*a");
  file.close();
  return typeof text === "string" ? text : "";
}

/** The lines of `[header]`'s table in a TOML text (up to the next header). */
function tomlTable(text: string, header: string): string[] | undefined {
  let inside = false;
  let found: string[] | undefined;
  for (const line of vim.split(text, "\n", { plain: true })) {
    const trimmed = vim.trim(line);
    if (vim.startswith(trimmed, "[")) {
      inside = trimmed === header;
      if (inside) found = [];
    } else if (inside && found !== undefined) found.push(trimmed);
  }
  return found;
}

/** Codex: notify and the hooks on its command line, whether they may run (trusted, not turned off), the folder. */
function checkCodex(cwd: string): void {
  const ownNotify = codexHasNotify();
  vim.health.ok(
    `Codex started by :ClaudeCode gets ${ownNotify ? "" : "notify (the turn's end) and "}the hooks ${hookNames("codex")} as -c overrides on its command line`,
  );
  if (ownNotify)
    vim.health.info(
      `${vim.fn.fnamemodify(codexConfigFile(), ":~")} sets notify: the plugin leaves it, and the turn's end comes from the Stop hook`,
    );
  const text = codexConfig();
  const features = tomlTable(text, "[features]") ?? [];
  if (
    features.some(
      (l) =>
        string.match(l, "^hooks%s*=%s*false")[0] !== undefined ||
        string.match(l, "^codex_hooks%s*=%s*false")[0] !== undefined,
    )
  )
    vim.health.warn(
      `${vim.fn.fnamemodify(codexConfigFile(), ":~")} turns hooks off ([features] hooks = false): no turn review`,
    );
  // Codex keeps the trust of the hooks given with -c under this source name, by event (snake_case).
  const trusted = ["user_prompt_submit", "stop"].filter((event) =>
    (tomlTable(text, `[hooks.state."/<session-flags>/config.toml:${event}:0:0"]`) ?? []).some((l) =>
      vim.startswith(l, "trusted_hash"),
    ),
  );
  if (trusted.length === 2)
    vim.health.ok("Codex has trusted hooks given on its command line (UserPromptSubmit, Stop): they run");
  else
    vim.health.info(
      'Codex runs the UserPromptSubmit / Stop hooks only once you trust them in its "Hooks need review" prompt (once: the commands stay the same from one start to the next); until then no turn is snapshotted, so no turn review',
    );
  const rule = ancestry(cwd)
    .map((d) => tomlTable(text, `[projects."${d}"]`))
    .find((t) => t !== undefined);
  if (rule !== undefined && rule.some((l) => string.match(l, '^trust_level%s*=%s*"trusted"')[0] !== undefined))
    vim.health.ok(`Codex trusts ${shown(cwd)}`);
  else vim.health.info(`Codex has not trusted ${shown(cwd)} yet: it asks when it starts here`);
}

/** `remote`: where the CLI runs when none runs beside this Neovim (far/health remoteOnly). */
export function checkHooks(config: Config, remote?: string): void {
  if (!config.hooks.enabled) {
    vim.health.info("hooks are off (hooks.enabled = false): no turn review, the CLIs get no hooks from the plugin");
    return;
  }
  const script = hookScript();
  if (vim.fn.filereadable(script) !== 1) {
    vim.health.error(`the hook script is missing: ${script}`, "reinstall the plugin (lua/ is part of it)");
    return;
  }
  const cli: HookClient = cliKind(config.terminal.command);
  const cwd = normalize(vim.fn.getcwd());
  if (cli === "claude") checkClaude(cwd, remote);
  else if (cli === "codex") checkCodex(cwd);
  else {
    const user = readJson(`${vim.uv.os_homedir()}/.${cli}/settings.json`);
    const refused = cli === "gemini" ? geminiRefuses(`${settingsDir()}/gemini-${vim.fn.getpid()}.json`) : undefined;
    if (refused !== undefined) {
      const missing = missingHooks("gemini", user?.hooks, false);
      if (missing.length === 0)
        vim.health.ok(
          `Gemini CLI will not read the plugin's system-defaults file (${refused}), but ~/.gemini/settings.json has the plugin's hooks: they run`,
        );
      else
        vim.health.warn(
          `Gemini CLI will not read the plugin's system-defaults file (${refused}): the gemini :ClaudeCode starts runs none of the plugin's hooks (no turn review, no plan review, no refusal reasons)${missing.length < missingHooks("gemini", undefined, false).length ? `; ~/.gemini/settings.json lacks ${missing.join(", ")}` : ""}`,
          ":ClaudeCodeHooks gemini prints the hooks: merge its `hooks` into ~/.gemini/settings.json",
        );
    } else
      vim.health.ok(
        `${cli === "gemini" ? "Gemini CLI" : "Qwen Code"} started by :ClaudeCode gets the hooks through ${settingsEnvName(cli)}`,
      );
    const hooksConfig = user?.hooksConfig;
    if (type(hooksConfig) === "table" && (hooksConfig as { enabled?: unknown }).enabled === false)
      vim.health.warn(`~/.${cli}/settings.json has hooksConfig.enabled = false: no hook runs (no turn review)`);
    if (cli === "qwen") vim.health.info("Qwen Code runs these hooks whether or not it trusts the folder");
    if (cli === "gemini") {
      const trusted = readJson(`${vim.uv.os_homedir()}/.gemini/trustedFolders.json`);
      const rule =
        trusted !== undefined
          ? ancestry(cwd)
              .map((d) => trusted[d])
              .find((v) => v !== undefined)
          : undefined;
      if (rule === "TRUST_FOLDER" || rule === "TRUST_PARENT")
        vim.health.ok(`Gemini CLI trusts ${shown(cwd)}: its hooks run here`);
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
        `turn review: ${config.review.turn}, snapshots in ${shown(snapshot.defaultBase())} (the last ${config.review.keep_turns} turns per session)`,
      );
  }
  vim.health.info("for a CLI started outside Neovim, :ClaudeCodeHooks prints the settings to merge");
}
