// :checkhealth claude-ide, privacy section: Claude Code's settings files found and the patterns each gives,
// setup()'s patterns, the built-in secret names, and the workspace roots the agent may read under.
import type { Config } from "../config";
import { Policy, userSettingsPath } from "./policy";
import { NOT_SECRETS, SECRET_NAMES } from "./rules";
import { shown } from "../util/fs";
import { plural } from "../util/words";

export function checkPolicy(config: Config): void {
  const policy = new Policy(config);
  const files = policy.settings();
  const found = new LuaSet<string>();
  for (const f of files) {
    found.add(f.path);
    const what = `${plural(f.deny.length, "Read() deny pattern")}${f.deny.length > 0 ? ` (${f.deny.join(", ")})` : ""}, ${plural(f.additionalDirectories.length, "additional directory", "additional directories")}`;
    if (f.error !== undefined)
      vim.health.warn(`${shown(f.path)}: not used (${f.error})`, "Claude Code reads it as strict JSON: fix it there");
    else vim.health.ok(`${shown(f.path)}: ${what}`);
  }
  const cwd = vim.fn.getcwd();
  for (const path of [userSettingsPath(), `${cwd}/.claude/settings.json`, `${cwd}/.claude/settings.local.json`])
    if (!found.has(path)) vim.health.info(`${shown(path)}: not present`);
  vim.health.info(
    `built-in secret names (${SECRET_NAMES.length}): ${SECRET_NAMES.join(" ")}; never withheld: ${NOT_SECRETS.join(" ")}`,
  );
  const p = config.privacy;
  vim.health.info(
    `setup() privacy.exclude: ${p.exclude.length > 0 ? p.exclude.join(" ") : "none"}; privacy.include: ${p.include.length > 0 ? p.include.join(" ") : "none"}`,
  );
  for (const root of policy.roots()) vim.health.ok(`workspace root ${shown(root.path)} (${root.why})`);
  vim.health.info("and every file open in a listed buffer; anything else is outside the workspace for the model");
}
