// The one policy for what may leave the editor toward a model (issue 21: secrets; issue 25: the workspace
// boundary). Every road that hands a model a path's contents asks it here: the agent tools' shared target
// resolution (agent/target), search, editor_state, the vim:// resources, the LSP answers' quoted lines, and the
// IDE side's selection. It reads Claude Code's settings files (re-read when their mtime or size changes) and
// setup()'s privacy options; it never touches a buffer.
import type { Config } from "../config";
import { workspaceFolders } from "../discovery/lockfile";
import { normalize, readSmallFile } from "../util/fs";
import { absoluteFrom, readRulePattern, Rules, withheldMessage, type SettingsFile, type Withheld } from "./rules";

/** Settings files are small; a larger one is not read (and says so in :checkhealth). */
const MAX_SETTINGS_BYTES = 1024 * 1024;

interface Cached {
  stamp: string;
  file: SettingsFile;
}

/** The home folder, normalized. */
function home(): string {
  return normalize(vim.uv.os_homedir() ?? "/");
}

/** Claude Code's user settings: `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`. */
export function userSettingsPath(): string {
  const dir = vim.env.CLAUDE_CONFIG_DIR;
  return dir !== undefined && dir !== "" ? `${normalize(dir)}/settings.json` : `${home()}/.claude/settings.json`;
}

/**
 * The real path of `path`, also for one that does not exist yet (a file edit may create): the real path of
 * its deepest existing folder with the rest appended.
 */
export function realPath(path: string): string {
  const [real] = vim.uv.fs_realpath(path);
  if (real !== undefined) return real;
  const [parent, name] = string.match(path, "^(.*)/([^/]+)$");
  if (parent === undefined || name === undefined) return path;
  const realParent = realPath(parent === "" ? "/" : parent);
  return realParent === "/" ? `/${name}` : `${realParent}/${name}`;
}

function under(path: string, root: string): boolean {
  return path === root || root === "/" || string.sub(path, 1, root.length + 1) === `${root}/`;
}

function stringList(value: unknown): string[] {
  if (typeof value !== "object" || !vim.islist(value)) return [];
  return (value as unknown[]).filter((v): v is string => typeof v === "string");
}

function parseSettings(path: string, project: string, data: string): SettingsFile {
  const file: SettingsFile = { path, project, deny: [], additionalDirectories: [] };
  const [ok, decoded] = pcall(vim.json.decode, data, { luanil: { object: true, array: true } });
  if (!ok || typeof decoded !== "object") {
    file.error = ok ? "not a JSON object" : tostring(decoded);
    return file;
  }
  const perms = (decoded as { permissions?: unknown }).permissions;
  if (typeof perms !== "object") return file;
  const p = perms as { deny?: unknown; additionalDirectories?: unknown };
  for (const entry of stringList(p.deny)) {
    const pattern = readRulePattern(entry);
    if (pattern !== undefined) file.deny.push(pattern);
  }
  file.additionalDirectories = stringList(p.additionalDirectories);
  return file;
}

/** A workspace root: the folder and why it counts. */
export interface Root {
  path: string;
  why: string;
}

export class Policy {
  private readonly cache = new LuaMap<string, Cached>();
  private compiled?: { key: string; rules: Rules; cwd: string; checked: number };

  constructor(private readonly config: Config) {}

  /**
   * Claude Code's settings files that exist now (managed, user, project, project-local), re-read when their
   * mtime, size or inode changed.
   */
  settings(cwd = normalize(vim.fn.getcwd())): SettingsFile[] {
    const out: SettingsFile[] = [];
    const candidates: [string, string][] = [
      // An administrator's managed settings (Linux, macOS), then the user's and the project's.
      ["/etc/claude-code/managed-settings.json", cwd],
      ["/Library/Application Support/ClaudeCode/managed-settings.json", cwd],
      [userSettingsPath(), cwd],
      [`${cwd}/.claude/settings.json`, cwd],
      [`${cwd}/.claude/settings.local.json`, cwd],
    ];
    for (const [path, project] of candidates) {
      const [stat] = vim.uv.fs_stat(path);
      if (stat === undefined) {
        this.cache.delete(path);
        continue;
      }
      const stamp = `${project}|${stat.mtime.sec}.${stat.mtime.nsec}|${stat.size}|${stat.ino}`;
      const hit = this.cache.get(path);
      if (hit !== undefined && hit.stamp === stamp) {
        out.push(hit.file);
        continue;
      }
      const data = readSmallFile(path, MAX_SETTINGS_BYTES);
      const file =
        data === undefined
          ? { path, project, deny: [], additionalDirectories: [], error: "not a readable file of at most 1 MiB" }
          : parseSettings(path, project, data);
      this.cache.set(path, { stamp, file });
      out.push(file);
    }
    return out;
  }

  /** The rules now: compiled once per change of the cwd, the settings files or the options. */
  rules(): Rules {
    const cwd = normalize(vim.fn.getcwd());
    // Asked many times in one turn of the event loop (a selection push, an answer listing files): the files
    // are looked at once per turn.
    const now = vim.uv.now();
    if (this.compiled !== undefined && this.compiled.checked === now && this.compiled.cwd === cwd)
      return this.compiled.rules;
    const settings = this.settings(cwd);
    const key = `${cwd}\n${settings.map((s) => (this.cache.get(s.path) as Cached).stamp).join("\n")}`;
    if (this.compiled?.key === key) {
      this.compiled.checked = now;
      return this.compiled.rules;
    }
    const rules = new Rules({
      cwd,
      home: home(),
      settings,
      exclude: this.config.privacy.exclude,
      include: this.config.privacy.include,
    });
    this.compiled = { key, rules, cwd, checked: now };
    return rules;
  }

  /**
   * Why `path` is withheld (its name or its real path matching a rule), or undefined. `real`: its real path
   * when the caller knows it already (e.g. from its folder's, for many files of one folder).
   */
  withheld(path: string, rules = this.rules(), real?: string): Withheld | undefined {
    const why = rules.withheld(path);
    if (why !== undefined) return why;
    real ??= realPath(path);
    return real !== path ? rules.withheld(real) : undefined;
  }

  /**
   * The workspace roots, real paths: Neovim's cwd, the workspace folders the lock file announces, Claude
   * Code's permissions.additionalDirectories (user and project settings), setup()'s privacy.folders.
   */
  roots(): Root[] {
    const cwd = normalize(vim.fn.getcwd());
    const h = home();
    const out: Root[] = [];
    const seen = new LuaSet<string>();
    const add = (path: string, why: string) => {
      const real = realPath(normalize(path));
      if (seen.has(real)) return;
      seen.add(real);
      out.push({ path: real, why });
    };
    add(cwd, "Neovim's cwd");
    for (const folder of workspaceFolders()) add(folder, "an LSP workspace folder");
    for (const file of this.settings(cwd))
      for (const dir of file.additionalDirectories)
        add(absoluteFrom(dir, file.project, h), `permissions.additionalDirectories of ${file.path}`);
    for (const dir of this.config.privacy.folders) add(absoluteFrom(dir, cwd, h), "privacy.folders of setup()");
    return out;
  }

  /** True when the real path of `path` lies under a root, or a listed buffer shows that file. */
  inside(path: string, roots = this.roots()): boolean {
    const real = realPath(path);
    for (const r of roots) if (under(real, r.path)) return true;
    for (const buf of vim.api.nvim_list_bufs()) {
      if (vim.api.nvim_get_option_value("buflisted", { buf }) !== true) continue;
      const name = vim.api.nvim_buf_get_name(buf);
      if (name !== "" && (name === path || realPath(normalize(name)) === real)) return true;
    }
    return false;
  }

  /**
   * Why a model may not read `path` (absolute, normalized; `display` is how the answer names it), as the
   * text after `ERROR: `, or undefined when it may: outside the workspace first, then withheld.
   */
  refusal(path: string, display = path): string | undefined {
    if (path === "") return undefined;
    const roots = this.roots();
    if (!this.inside(path, roots)) {
      const names = roots.map((r) => r.path).join(", ");
      return `${display} is outside the workspace (${names}); the user can add it with setup({ privacy = { folders = { ... } } }), a permissions.additionalDirectories entry in Claude Code's settings, or by opening the file in Neovim`;
    }
    const why = this.withheld(path);
    return why !== undefined ? withheldMessage(display, why) : undefined;
  }
}
