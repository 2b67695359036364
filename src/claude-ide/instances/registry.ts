// The running Neovims the agent bridge can talk to, read from the lock files their servers write
// (discovery/lockfile.ts: the CLI's fields plus our `nvim` key), and the rules that choose one of them.
// Dead instances (process gone, or nothing listening on the port) are never listed; their files are removed.
import * as lockfile from "../discovery/lockfile";
import { normalize } from "../util/fs";

export interface Instance {
  /** `{main file stem}-{project dir name}-{pid}`: stable for the life of that Neovim. */
  id: string;
  pid: number;
  port: number;
  token: string;
  cwd: string;
  /** Absolute path of the file Neovim was started with ("" when none). */
  mainFile: string;
  /** Its RPC socket (what `$NVIM` holds in its terminals), "" when unknown. */
  socket: string;
  workspaceFolders: string[];
  lockPath: string;
}

/** The instance id of seed 001: main file stem, project folder name, pid ("nvim" stands for no main file). */
export function instanceId(mainFile: string, cwd: string, pid: number): string {
  const stem = mainFile !== "" ? vim.fn.fnamemodify(mainFile, ":t:r") : "nvim";
  const project = vim.fn.fnamemodify(cwd, ":t");
  return `${stem !== "" ? stem : "nvim"}-${project !== "" ? project : "root"}-${pid}`;
}

function stringList(value: unknown): string[] {
  if (type(value) !== "table") return [];
  return (value as unknown[]).filter((v): v is string => typeof v === "string");
}

/** An instance from a lock file's contents; undefined when it is not a Neovim with the agent endpoint. */
function fromLock(path: string, lock: { [key: string]: unknown }): Instance | undefined {
  if (lock.ideName !== lockfile.IDE_NAME || lock.transport !== "ws") return undefined;
  const pid = lock.pid;
  const token = lock.authToken;
  const facts = lock.nvim;
  if (typeof pid !== "number" || typeof token !== "string" || type(facts) !== "table") return undefined;
  const f = facts as { [key: string]: unknown };
  if (f.agent !== true) return undefined;
  const [, , portText] = string.find(vim.fs.basename(path), "^(%d+)%.lock$");
  const port = tonumber(portText);
  if (port === undefined) return undefined;
  const folders = stringList(lock.workspaceFolders);
  const cwd = typeof f.cwd === "string" && f.cwd !== "" ? f.cwd : (folders[0] ?? "");
  const mainFile = typeof f.mainFile === "string" ? f.mainFile : "";
  return {
    id: instanceId(mainFile, cwd, pid),
    pid,
    port,
    token,
    cwd,
    mainFile,
    socket: typeof f.socket === "string" ? f.socket : "",
    workspaceFolders: folders,
    lockPath: path,
  };
}

/**
 * True when something accepts connections on 127.0.0.1:`port` (a refused connection is known within
 * milliseconds on loopback). Runs the event loop briefly.
 */
export function listening(port: number, timeoutMs = 500): boolean {
  const tcp = vim.uv.new_tcp();
  let result: boolean | undefined;
  tcp.connect("127.0.0.1", port, (err) => {
    result = err === undefined;
  });
  vim.wait(timeoutMs, () => result !== undefined, 5);
  if (!tcp.is_closing()) tcp.close();
  return result === true;
}

/** Group- or other-writable (mode bits 0o022). */
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Why a lock file (or its folder) is not to be trusted, or undefined when it is: it must belong to the user
 * running the bridge and be writable by nobody else (the file: a regular file, not a link), else another
 * local user could pose as the editor and feed the model.
 */
export function untrusted(path: string, kind: "file" | "directory"): string | undefined {
  const [stat] = kind === "file" ? vim.uv.fs_lstat(path) : vim.uv.fs_stat(path);
  if (stat === undefined) return "it does not exist";
  if (stat.type !== kind) return `it is not a ${kind === "file" ? "regular file" : "folder"}`;
  if (stat.uid !== vim.uv.getuid()) return `it belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & WRITABLE_BY_OTHERS) !== 0)
    return `others can write it (mode ${string.format("%04o", stat.mode % 0o10000)})`;
  return undefined;
}

/**
 * Every live Neovim instance with the agent endpoint, ordered by pid. Only lock files the current user owns
 * and nobody else can write, in such a folder, are read (see untrusted). Lock files of dead instances (pid
 * gone, or connection refused) are removed on the way; other IDEs' files are never touched.
 */
export function list(dir = lockfile.defaultDir()): Instance[] {
  const found: Instance[] = [];
  if (untrusted(dir, "directory") !== undefined) return found;
  for (const { path, lock } of lockfile.list(dir)) {
    if (untrusted(path, "file") !== undefined) continue;
    const instance = fromLock(path, lock);
    if (instance === undefined) continue;
    if (!lockfile.isAlive(instance.pid) || !listening(instance.port)) {
      lockfile.remove(path);
      continue;
    }
    found.push(instance);
  }
  found.sort((a, b) => a.pid - b.pid);
  return found;
}

/** What the choice rules look at besides the instances. */
export interface ChoiceContext {
  /** `--instance ID` or CLAUDE_IDE_INSTANCE. */
  explicit?: string;
  /** `$NVIM`: the socket of the Neovim whose terminal runs the client. */
  nvimSocket?: string;
  /** CLAUDE_CODE_SSE_PORT: the Neovim the CLI itself is connected to. */
  ssePort?: number;
  /** The bridge's working directory (the client's). */
  cwd: string;
}

export type Choice =
  | { ok: true; instance: Instance; rule: string }
  /** `code`: 1002 when an explicit id names no instance, else 1001 (nothing chosen). */
  | { ok: false; code: number; reason: string };

/** Is `path` equal to `folder` or inside it? Both normalized absolute paths. */
function contains(folder: string, path: string): boolean {
  if (folder === "/") return true;
  return path === folder || vim.startswith(path, `${folder}/`);
}

/** The depth (in path components) of the deepest of `instance`'s folders containing `cwd`, or -1. */
function containmentDepth(instance: Instance, cwd: string): number {
  let best = -1;
  for (const folder of [instance.cwd, ...instance.workspaceFolders]) {
    if (folder === "" || !contains(folder, cwd)) continue;
    const depth = folder === "/" ? 0 : folder.split("/").length - 1;
    if (depth > best) best = depth;
  }
  return best;
}

/**
 * The first rule that applies: the explicit id; the Neovim whose terminal runs the client ($NVIM); the one on
 * CLAUDE_CODE_SSE_PORT; the one instance whose workspace folder contains the cwd (deepest wins); the only
 * running instance. Otherwise nothing is chosen and the reason says so.
 */
export function choose(instances: Instance[], ctx: ChoiceContext): Choice {
  if (ctx.explicit !== undefined && ctx.explicit !== "") {
    const wanted = ctx.explicit;
    const hit = instances.find((i) => i.id === wanted || tostring(i.pid) === wanted);
    if (hit !== undefined) return { ok: true, instance: hit, rule: "the instance id given" };
    return { ok: false, code: 1002, reason: `instance "${wanted}" is not running` };
  }
  if (ctx.nvimSocket !== undefined && ctx.nvimSocket !== "") {
    const hit = instances.find((i) => i.socket === ctx.nvimSocket);
    if (hit !== undefined)
      return { ok: true, instance: hit, rule: "the Neovim whose terminal runs the client ($NVIM)" };
  }
  if (ctx.ssePort !== undefined) {
    const hit = instances.find((i) => i.port === ctx.ssePort);
    if (hit !== undefined)
      return { ok: true, instance: hit, rule: "the Neovim the CLI is connected to (CLAUDE_CODE_SSE_PORT)" };
  }
  const cwd = normalize(ctx.cwd);
  let best: Instance | undefined;
  let bestDepth = -1;
  let tie = false;
  for (const instance of instances) {
    const depth = containmentDepth(instance, cwd);
    if (depth < 0) continue;
    if (depth > bestDepth) {
      best = instance;
      bestDepth = depth;
      tie = false;
    } else if (depth === bestDepth) {
      tie = true;
    }
  }
  if (best !== undefined && !tie) return { ok: true, instance: best, rule: `its workspace contains the cwd ${cwd}` };
  if (instances.length === 1) return { ok: true, instance: instances[0], rule: "the only running Neovim" };
  if (instances.length === 0)
    return { ok: false, code: 1001, reason: "no Neovim with claude-ide.nvim running was found" };
  return {
    ok: false,
    code: 1001,
    reason: tie
      ? `${instances.length} Neovims are running and more than one contains the cwd ${cwd}`
      : `${instances.length} Neovims are running and none contains the cwd ${cwd}`,
  };
}

/** One line per instance, as list_instances shows them. */
export function describe(instances: Instance[], selected?: string): string[] {
  return instances.map((i) => {
    const main = i.mainFile !== "" ? i.mainFile : "-";
    return `${i.id}  cwd=${i.cwd}  main=${main}  pid=${i.pid}${i.id === selected ? "  [selected]" : ""}`;
  });
}
