// What never leaves the editor toward a model, as rules: the built-in secret-file names, the `Read(...)` deny
// entries of Claude Code's settings, and setup()'s privacy.exclude / privacy.include. Pure once given the
// settings' contents (policy/policy.ts reads the files); `Rules.withheld(path)` answers for one path.
import { compileGlob, type Glob } from "./glob";

/** Why a path is withheld: the rule, where it comes from, and what lifts it (the refusal text says all three). */
export interface Withheld {
  rule: string;
  source: string;
  lift: string;
}

/**
 * Files that are secrets by their name, withheld everywhere (not only in the project). setup()'s
 * privacy.include lifts any of them. Keep in step with the README and :help claude-ide-privacy.
 */
export const SECRET_NAMES = [
  ".env",
  ".env.*",
  "*.pem",
  "*.key",
  "*.p12",
  "*.pfx",
  "*.jks",
  "*.keystore",
  "*.kdbx",
  "id_rsa*",
  "id_dsa*",
  "id_ecdsa*",
  "id_ed25519*",
  ".netrc",
  ".pgpass",
  ".git-credentials",
  ".htpasswd",
  "credentials*.json",
  ".aws/credentials",
  ".docker/config.json",
];

/** Names the built-in list would catch that are templates, not secrets: never withheld by the defaults. */
export const NOT_SECRETS = [".env.example", ".env.sample", ".env.template", ".env.dist"];

/** One of Claude Code's settings files, as read (policy/policy.ts). */
export interface SettingsFile {
  path: string;
  /** The folder `./` and `/` patterns of this file are relative to (the project; the cwd for the user file). */
  project: string;
  /** `Read(...)` patterns of permissions.deny, as written inside the parentheses. */
  deny: string[];
  /** permissions.additionalDirectories as written. */
  additionalDirectories: string[];
  /** Why the file could not be used, when it exists but is not valid JSON. */
  error?: string;
}

interface Compiled {
  glob: Glob;
  why: Withheld;
}

/** Expands `~` and makes `path` absolute against `base` (no file-system access). */
export function absoluteFrom(path: string, base: string, home: string): string {
  if (path === "~") return home;
  if (vim.startswith(path, "~/")) return `${home}/${string.sub(path, 3)}`;
  if (vim.startswith(path, "/")) return path;
  return `${base}/${path}`;
}

/**
 * A Claude Code Read() pattern: `//abs` from the file system root, `~/x` from home, `/x` from the settings
 * file's project, `./x` or `x` from the cwd (Claude Code's documented forms); gitignore rules otherwise.
 */
function claudeGlob(pattern: string, project: string, cwd: string, home: string): Glob | undefined {
  if (vim.startswith(pattern, "//")) return compileGlob(string.sub(pattern, 2), "/");
  if (vim.startswith(pattern, "~/")) return compileGlob(`/${string.sub(pattern, 3)}`, home);
  if (vim.startswith(pattern, "/")) return compileGlob(pattern, project);
  return compileGlob(pattern, cwd);
}

/** A setup() pattern: absolute or `~/` anchored there, one with a `/` inside from the cwd, a bare name anywhere. */
function setupGlob(pattern: string, cwd: string, home: string): Glob | undefined {
  if (vim.startswith(pattern, "/")) return compileGlob(pattern, "/");
  if (vim.startswith(pattern, "~/")) return compileGlob(`/${string.sub(pattern, 3)}`, home);
  const inner = string.find(string.gsub(pattern, "/$", "")[0], "/", 1, true)[0] !== undefined;
  return compileGlob(pattern, inner ? cwd : "/");
}

/** The parenthesized part of a `Read(...)` permission rule, or undefined for any other rule. */
export function readRulePattern(entry: string): string | undefined {
  const [inner] = string.match(entry, "^%s*Read%((.*)%)%s*$");
  return inner !== undefined && inner !== "" ? inner : undefined;
}

export interface RuleInput {
  cwd: string;
  home: string;
  settings: SettingsFile[];
  exclude: string[];
  include: string[];
}

/** The rule set at one moment: compile once, ask for many paths (a project search asks per file). */
export class Rules {
  private readonly deny: Compiled[] = [];
  private readonly named: Compiled[] = [];
  private readonly lifted: Glob[] = [];

  constructor(input: RuleInput) {
    for (const file of input.settings) {
      for (const pattern of file.deny) {
        const glob = claudeGlob(pattern, file.project, input.cwd, input.home);
        if (glob !== undefined)
          this.deny.push({
            glob,
            why: {
              rule: `Read(${pattern})`,
              source: `permissions.deny of ${file.path}`,
              lift: `removing that entry from ${file.path} (Claude Code's own Read tool honours it too)`,
            },
          });
      }
    }
    for (const pattern of input.exclude) {
      const glob = setupGlob(pattern, input.cwd, input.home);
      if (glob !== undefined)
        this.named.push({
          glob,
          why: {
            rule: `the pattern "${pattern}"`,
            source: "privacy.exclude of setup()",
            lift: "removing it from privacy.exclude in setup()",
          },
        });
    }
    for (const pattern of SECRET_NAMES) {
      // Anywhere on the machine: `.aws/credentials` is as secret under $HOME as in the project.
      const glob = compileGlob(pattern.includes("/") ? `**/${pattern}` : pattern, "/") as Glob;
      this.named.push({
        glob,
        why: {
          rule: `the built-in pattern "${pattern}"`,
          source: "claude-ide's secret-file names",
          lift: `setup({ privacy = { include = { "${pattern}" } } })`,
        },
      });
    }
    for (const pattern of [...NOT_SECRETS, ...input.include]) {
      const glob = setupGlob(pattern, input.cwd, input.home);
      if (glob !== undefined) this.lifted.push(glob);
    }
  }

  /** Why `path` (absolute, normalized) is withheld, or undefined when it may be shown. */
  withheld(path: string): Withheld | undefined {
    for (const c of this.deny) if (c.glob.matches(path)) return c.why;
    for (const c of this.named) {
      if (!c.glob.matches(path)) continue;
      if (this.lifted.some((g) => g.matches(path))) return undefined;
      return c.why;
    }
    return undefined;
  }

  /** How many patterns each source gave (for :checkhealth). */
  counts(): { deny: number; named: number; lifted: number } {
    return { deny: this.deny.length, named: this.named.length, lifted: this.lifted.length };
  }
}

/** The refusal text for a withheld path (`ERROR: ` is put in front by the caller's error rendering). */
export function withheldMessage(display: string, why: Withheld): string {
  return `${display} is withheld from the model by ${why.rule} (${why.source}); the user can lift it with ${why.lift}`;
}
