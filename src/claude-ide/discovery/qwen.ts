// The lock file through which Qwen Code (0.24) finds an IDE companion: `<qwen home>/ide/<port>.lock` ($QWEN_HOME,
// else ~/.qwen) holding the same JSON as Gemini CLI's discovery file (port, workspace roots joined by ":",
// auth token, IDE info; plus this Neovim's pid, for the sweep), mode 0600, written atomically, removed on stop.
// Qwen Code reads no Gemini CLI discovery file: it takes the lock of QWEN_CODE_IDE_SERVER_PORT, else any lock
// whose workspace holds its cwd. Read from its bundle (IdeClient.getConnectionConfigFromFile, Storage).
import { normalize, readSmallFile, writeFileAtomic } from "../util/fs";
import { decode, encode, isObject } from "../util/json";
import { IDE_INFO, type Result, contents } from "./gemini";
import { isAlive } from "./lockfile";

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const MAX_BYTES = 64 * 1024;

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
  if (vim.fn.isdirectory(dir) !== 1) {
    const [ok] = pcall(vim.fn.mkdir, dir, "p", DIR_MODE);
    if (!ok || vim.fn.isdirectory(dir) !== 1) return { ok: false, error: `cannot create ${dir}` };
  }
  const path = filePath(dir, port);
  const data = { ...contents(port, token, folders), pid: vim.fn.getpid() };
  const written = writeFileAtomic(path, encode(data), FILE_MODE, { durable: false });
  return written.ok ? { ok: true, value: path } : written;
}

/** Removes locks of this plugin (ideInfo.name "neovim") whose Neovim is gone; never another editor's. */
export function sweep(dir: string): string[] {
  const removed: string[] = [];
  const [handle] = vim.uv.fs_scandir(dir);
  if (handle === undefined) return removed;
  while (true) {
    const [name] = vim.uv.fs_scandir_next(handle);
    if (name === undefined) break;
    if (string.match(name, "^%d+%.lock$")[0] === undefined) continue;
    const path = `${dir}/${name}`;
    const data = readSmallFile(path, MAX_BYTES);
    const decoded = data !== undefined ? decode(data) : undefined;
    if (decoded === undefined || !decoded.ok || !isObject(decoded.value)) continue;
    const info = decoded.value.ideInfo;
    const pid = decoded.value.pid;
    if (!isObject(info) || info.name !== IDE_INFO.name || typeof pid !== "number" || isAlive(pid)) continue;
    const [ok] = vim.uv.fs_unlink(path);
    if (ok) removed.push(path);
  }
  return removed;
}
