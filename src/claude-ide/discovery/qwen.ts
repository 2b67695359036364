// The lock file through which Qwen Code (0.24) finds an IDE companion: `<qwen home>/ide/<port>.lock` ($QWEN_HOME,
// else ~/.qwen) holding the same JSON as Gemini CLI's discovery file (port, workspace roots joined by ":",
// auth token, IDE info; plus this Neovim's pid, for the sweep), mode 0600, written atomically, removed on stop.
// Qwen Code reads no Gemini CLI discovery file: it takes the lock of QWEN_CODE_IDE_SERVER_PORT, else any lock
// whose workspace holds its cwd. Read from its bundle (IdeClient.getConnectionConfigFromFile, Storage).
import { normalize } from "../util/fs";
import { encode } from "../util/json";
import { type Result, contents, isOurs } from "./gemini";
import { ensureDir, list, sweep as sweepFound, writeAtomic } from "./lockfile";

/** Qwen Code's IDE folder: $QWEN_HOME/ide, else ~/.qwen/ide. */
export function defaultDir(): string {
  const home = vim.env.QWEN_HOME;
  if (home !== undefined && home !== "") return `${normalize(home)}/ide`;
  return `${normalize(vim.fn.expand("~"))}/.qwen/ide`;
}

export function filePath(dir: string, port: number): string {
  return `${dir}/${port}.lock`;
}

/** Creates the folder if needed (0700) and writes this Neovim's lock. Returns its path. */
export function write(dir: string, port: number, token: string, folders: string[]): Result<string> {
  const made = ensureDir(dir);
  if (!made.ok) return made;
  return writeAtomic(filePath(dir, port), encode({ ...contents(port, token, folders), pid: vim.fn.getpid() }));
}

/** Removes locks of this plugin (ideInfo.name "neovim") whose Neovim is gone; never another editor's. */
export function sweep(dir: string): string[] {
  return sweepFound(list(dir, "^%d+%.lock$"), (f) => (isOurs(f) ? f.lock.pid : undefined));
}
