// The lock file through which the Claude CLI discovers this Neovim (doc/protocol.md §1):
// `<dir>/<port>.lock`, mode 0600 in a 0700 directory, written atomically (temp file + rename) so the
// CLI never reads it half-written (it deletes lock files it cannot parse).
import { normalize, readSmallFile, writeFileAtomic } from "../util/fs";
import { decode, encode, isObject } from "../util/json";
import { loadedModule } from "../util/modules";

export const IDE_NAME = "Neovim";
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
/** Lock files are a few hundred bytes; anything much larger is not one of ours. */
const MAX_LOCK_BYTES = 64 * 1024;

export interface LockContents {
  pid: number;
  workspaceFolders: string[];
  ideName: string;
  transport: "ws";
  runningInWindows: boolean;
  authToken: string;
  /**
   * What the agent bridge needs to choose a Neovim (src/claude-ide/instances/): one extra key that the CLI
   * ignores (it reads the fields above; the end-to-end run checks that it still connects).
   */
  nvim: InstanceFacts;
}

/** This Neovim as the agent bridge's instance registry sees it. */
export interface InstanceFacts {
  /** Neovim's cwd (the lock file is rewritten on DirChanged). */
  cwd: string;
  /** The first file named on Neovim's command line ("" when none): part of the instance id. */
  mainFile: string;
  /** v:servername: the RPC socket that `$NVIM` names in Neovim's terminals ("" when none). */
  socket: string;
  /** The agent endpoint is served on this port (role header `x-claude-ide-role: agent`). */
  agent: boolean;
}

/** vim.fs.joinpath of two parts, without loading vim.fs. */
function join(dir: string, name: string): string {
  const [joined] = string.gsub(`${dir}/${name}`, "//+", "/");
  return joined;
}

/** The facts of this Neovim, now. */
export function instanceFacts(): InstanceFacts {
  const args = vim.fn.argv();
  const first = args.length > 0 ? vim.fn.fnamemodify(args[0], ":p") : "";
  return {
    cwd: normalize(vim.fn.getcwd()),
    mainFile: first,
    socket: (vim.v.servername as string | undefined) ?? "",
    agent: true,
  };
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** `$CLAUDE_CONFIG_DIR/ide` when set, else `~/.claude/ide`. */
export function defaultDir(): string {
  const base = vim.env.CLAUDE_CONFIG_DIR;
  const root = base !== undefined && base !== "" ? base : join(vim.uv.os_homedir(), ".claude");
  return join(normalize(root), "ide");
}

export function lockPath(dir: string, port: number): string {
  return join(dir, `${port}.lock`);
}

/** `path` is `dir` or below it (both normalized). */
function isWithin(path: string, dir: string): boolean {
  return path === dir || vim.startswith(path, dir === "/" ? "/" : `${dir}/`);
}

/**
 * The folders the CLI matches its cwd against (it connects on its own only when exactly one editor's folder
 * equals or contains its cwd): Neovim's global cwd, then the tab-local and window-local cwds in use, then the
 * workspace folders (or root directories) of attached LSP clients that lie inside one of those cwds. An LSP
 * root elsewhere is left out: lua_ls roots a loose file at $HOME, and a lock "containing" every folder under
 * $HOME makes this Neovim match every `claude` started there, so none of them auto-connects to the editor that
 * really has the project open. $HOME and / are never added through an LSP root.
 */
export function workspaceFolders(): string[] {
  const seen = new LuaSet<string>();
  const folders: string[] = [];
  const add = (path: string) => {
    if (path === "") return;
    const norm = normalize(path);
    if (seen.has(norm)) return;
    seen.add(norm);
    folders.push(norm);
  };
  add(vim.fn.getcwd(-1, -1));
  for (const tab of vim.api.nvim_list_tabpages()) {
    const tabnr = vim.api.nvim_tabpage_get_number(tab);
    if (vim.fn.haslocaldir(-1, tabnr) === 1) add(vim.fn.getcwd(-1, tabnr));
    for (const win of vim.api.nvim_tabpage_list_wins(tab)) {
      const winnr = vim.fn.win_id2tabwin(win)[1];
      if (vim.fn.haslocaldir(winnr, tabnr) === 1) add(vim.fn.getcwd(winnr, tabnr));
    }
  }
  const cwds = [...folders];
  const home = normalize(vim.uv.os_homedir());
  const addRoot = (path: string) => {
    const norm = normalize(path);
    if (norm === "/" || norm === home || !cwds.some((cwd) => isWithin(norm, cwd))) return;
    add(norm);
  };
  // Without vim.lsp loaded there is no client (loading it would cost startup milliseconds for nothing).
  const lsp = loadedModule<typeof vim.lsp>("vim.lsp");
  for (const client of lsp !== undefined ? lsp.get_clients() : []) {
    const wsf = client.workspace_folders;
    if (type(wsf) === "table" && wsf !== null && wsf !== undefined) {
      for (const f of wsf)
        if (typeof f.uri === "string" && vim.startswith(f.uri, "file://")) addRoot(vim.uri_to_fname(f.uri));
    } else if (typeof client.root_dir === "string" && client.root_dir !== "") {
      addRoot(client.root_dir);
    }
  }
  return folders;
}

export function contents(token: string, folders: string[]): LockContents {
  return {
    pid: vim.fn.getpid(),
    workspaceFolders: folders,
    ideName: IDE_NAME,
    transport: "ws",
    // True only in a Windows build of Neovim (not under WSL, where Neovim is a Linux program).
    runningInWindows: vim.fn.has("win32") === 1,
    authToken: token,
    nvim: instanceFacts(),
  };
}

/**
 * mkdir -p with 0700 for the directories it creates. An existing directory of ours that others may write (the
 * CLI made it under a umask of 002) loses those write bits: the agent bridge trusts lock files only in a
 * folder nobody else can write (instances/registry untrusted).
 */
export function ensureDir(dir: string): Result<string> {
  if (vim.fn.isdirectory(dir) === 1) {
    const [stat] = vim.uv.fs_stat(dir);
    if (stat !== undefined && stat.uid === vim.uv.getuid() && (stat.mode & 0o022) !== 0)
      vim.uv.fs_chmod(dir, (stat.mode % 0o10000) & ~0o022);
    return { ok: true, value: dir };
  }
  const [ok, err] = pcall(vim.fn.mkdir, dir, "p", DIR_MODE);
  if (!ok || vim.fn.isdirectory(dir) !== 1)
    return { ok: false, error: `cannot create the lock directory ${dir}${ok ? "" : `: ${err}`}` };
  return { ok: true, value: dir };
}

/**
 * Writes `data` to `path` atomically (util/fs): a 0600 temp file in the same directory, renamed over it. No
 * fsync: the CLI needs the rename's atomicity (it never sees half a file), not durability (after a crash the
 * lock file is stale anyway: its pid is gone), and the fsync was a quarter of setup()'s time.
 */
export function writeAtomic(path: string, data: string): Result<string> {
  const written = writeFileAtomic(path, data, FILE_MODE, { durable: false });
  return written.ok ? { ok: true, value: path } : written;
}

/** Creates the directory if needed and writes `<dir>/<port>.lock`. Returns its path. */
export function write(dir: string, port: number, token: string, folders: string[]): Result<string> {
  const made = ensureDir(dir);
  if (!made.ok) return made;
  return writeAtomic(lockPath(dir, port), encode(contents(token, folders)));
}

/** Removes a lock file; a missing file is fine. */
export function remove(path: string): void {
  vim.uv.fs_unlink(path);
}

/** Reads and decodes a lock file; undefined when unreadable, too large or not a JSON object. */
export function read(path: string): { [key: string]: unknown } | undefined {
  const data = readSmallFile(path, MAX_LOCK_BYTES);
  if (data === undefined) return undefined;
  const decoded = decode(data);
  return decoded.ok && isObject(decoded.value) ? decoded.value : undefined;
}

/** True unless the process is known to be gone (kill(pid, 0) fails with ESRCH; EPERM means it lives). */
export function isAlive(pid: number): boolean {
  const [ok, , name] = vim.uv.kill(pid, 0);
  return ok !== undefined || name !== "ESRCH";
}

/** One parseable discovery file: its path, name and JSON object. */
export interface Found {
  path: string;
  name: string;
  lock: { [key: string]: unknown };
}

/**
 * Every parseable file in `dir` whose name matches the Lua pattern `pattern` (default: `*.lock`, any IDE's),
 * with its path. Claude Code's locks, Qwen Code's locks and Gemini CLI's discovery files are all listed here.
 */
export function list(dir: string, pattern = "%.lock$"): Found[] {
  const found: Found[] = [];
  const [handle] = vim.uv.fs_scandir(dir);
  if (handle === undefined) return found;
  while (true) {
    const [name] = vim.uv.fs_scandir_next(handle);
    if (name === undefined) break;
    if (string.find(name, pattern)[0] === undefined) continue;
    const path = join(dir, name);
    const lock = read(path);
    if (lock !== undefined) found.push({ path, name, lock });
  }
  return found;
}

/**
 * Removes the files of `found` whose Neovim is gone: `ownerPid` reads the pid of the Neovim of this plugin that
 * wrote one (anything else: not ours, kept). Files of live or unusable pids are kept. Returns the removed paths.
 */
export function sweep(found: Found[], ownerPid: (this: void, f: Found) => unknown): string[] {
  const removed: string[] = [];
  for (const f of found) {
    const pid = ownerPid(f);
    if (typeof pid !== "number" || pid <= 0 || math.floor(pid) !== pid || isAlive(pid)) continue;
    const [ok] = vim.uv.fs_unlink(f.path);
    if (ok) removed.push(f.path);
  }
  return removed;
}

/**
 * Removes lock files left behind by Neovim processes that no longer exist. Never touches lock files of
 * other IDEs, unparseable files, or files of live processes. Returns the removed paths.
 */
export function removeStale(dir: string): string[] {
  return sweep(list(dir), (f) => (f.lock.ideName === IDE_NAME ? f.lock.pid : undefined));
}

/** `n` random bytes as hex (vim.uv.random reads the OS CSPRNG). */
export function randomHex(n: number): string {
  const bytes = vim.uv.random(n);
  if (bytes === undefined) error("vim.uv.random failed");
  const hex: string[] = [];
  for (let i = 1; i <= bytes.length; i++) hex.push(string.format("%02x", string.byte(bytes, i)));
  return hex.join("");
}
