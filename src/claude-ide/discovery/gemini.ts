// The discovery file through which Gemini CLI finds an IDE companion (Qwen Code reads its own lock: qwen.ts):
// `<tmpdir>/gemini/ide/gemini-ide-server-<pid>-<port>.json` (port, workspace roots joined by ":", auth token,
// IDE info), mode 0600, written atomically, removed on stop. The CLI reads every such file and takes one whose
// workspace holds its cwd (the one of GEMINI_CLI_IDE_PID first, then GEMINI_CLI_IDE_SERVER_PORT breaks ties).
import { normalize } from "../util/fs";
import { encode, isObject } from "../util/json";
import { type Found, type Result, list, sweep as sweepFound, writeAtomic } from "./lockfile";

export { remove } from "./lockfile";
export type { Result };

/** Both fields set: the CLI then accepts this editor whatever terminal it runs in. */
export const IDE_INFO = { name: "neovim", displayName: "Neovim" };
const DIR_MODE = 0o700;

/** Node's os.tmpdir() on Unix: $TMPDIR without its trailing slash, else /tmp. */
export function defaultDir(): string {
  const tmp = vim.env.TMPDIR;
  const base = tmp !== undefined && tmp !== "" ? normalize(tmp) : "/tmp";
  return `${base}/gemini/ide`;
}

export function filePath(dir: string, pid: number, port: number): string {
  return `${dir}/gemini-ide-server-${pid}-${port}.json`;
}

export function contents(port: number, token: string, folders: string[]): object {
  return { port, workspacePath: folders.join(":"), authToken: token, ideInfo: IDE_INFO };
}

/** A discovery file (Gemini CLI's or Qwen Code's) written by this plugin: its ideInfo names Neovim. */
export function isOurs(f: Found): boolean {
  const info = f.lock.ideInfo;
  return isObject(info) && info.name === IDE_INFO.name;
}

/**
 * Why `dir` cannot be trusted with the file (another user could delete or swap it), or undefined: it must be a
 * real directory (not a link) owned by this user that neither group nor others may write. Write bits of a
 * directory of ours are taken away (Gemini CLI may have made it under a umask of 002).
 */
function untrusted(dir: string): string | undefined {
  const [stat] = vim.uv.fs_lstat(dir);
  if (stat === undefined) return undefined;
  if (stat.type !== "directory") return `${dir} is not a directory`;
  if (stat.uid !== vim.uv.getuid()) return `${dir} belongs to another user`;
  if ((stat.mode & 0o022) !== 0) {
    const [ok] = vim.uv.fs_chmod(dir, (stat.mode % 0o10000) & ~0o022);
    if (ok === undefined) return `${dir} is writable by others`;
  }
  return undefined;
}

/** Where the file goes when the shared folder is not trusted: this user's own, where no one else may write. */
export function privateDir(): string {
  return `${vim.fn.stdpath("run")}/claude-ide/gemini/ide`;
}

export interface Written {
  path: string;
  /** Set when the file went to privateDir() instead of `dir`: why, for the user. */
  warning?: string;
}

/**
 * Creates the directory if needed (0700) and writes this Neovim's file. `dir` and its parent (`gemini`) must be
 * trusted (see untrusted()); else the file goes to privateDir() and `warning` says so: the CLI then finds the
 * companion only through the GEMINI_CLI_IDE_* variables Neovim's terminals inherit.
 */
export function write(dir: string, port: number, token: string, folders: string[]): Result<Written> {
  const why = untrusted(vim.fs.dirname(dir)) ?? untrusted(dir);
  let target = dir;
  let warning: string | undefined;
  if (why !== undefined) {
    target = privateDir();
    warning =
      `${why}: the Gemini CLI discovery file is written to ${target} instead, where Gemini CLI does not look; ` +
      `CLIs started in Neovim's terminals still find the companion (GEMINI_CLI_IDE_SERVER_PORT), others need ` +
      `TMPDIR set to a folder of your own`;
  }
  if (vim.fn.isdirectory(target) !== 1) {
    const [ok] = pcall(vim.fn.mkdir, target, "p", DIR_MODE);
    if (!ok || vim.fn.isdirectory(target) !== 1) return { ok: false, error: `cannot create ${target}` };
    // Made just now (by us or in a race by someone else): trusted only if it is ours.
    const raced = untrusted(target);
    if (raced !== undefined) return { ok: false, error: raced };
  }
  const written = writeAtomic(filePath(target, vim.fn.getpid(), port), encode(contents(port, token, folders)));
  return written.ok ? { ok: true, value: { path: written.value, warning } } : written;
}

/**
 * Removes files of this plugin (ideInfo.name "neovim") whose Neovim (the pid in the file's name) is gone. Files
 * of other editors and of live processes are never touched. Returns the removed paths.
 */
export function sweep(dir: string): string[] {
  return sweepFound(list(dir, "^gemini%-ide%-server%-%d+%-%d+%.json$"), (f) =>
    isOurs(f) ? tonumber(string.match(f.name, "^gemini%-ide%-server%-(%d+)%-")[0]) : undefined,
  );
}
