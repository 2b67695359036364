// Snapshots of the folder an agent works in, taken at the start and the end of each turn (and on demand,
// :ClaudeCodeCheckpoint) by a child Neovim running snapshot_worker.lua: the editor only starts it and reads
// its answer. The store is the plugin's own (stdpath("state")/claude-ide/turns/<folder hash>/, 0700): per folder
// a private git repository `git/` (a git repository's snapshots are trees there), `objects/` (plain files: the
// copies of a folder that is not a repository, and the blobs the reviews read), and one folder per session with
// its manifests `<turn>.start` and `<turn>.end` (editor/snapshot/manifest) and, in a repository, its private index. The
// user's folder and its repository are only read: nothing written inside .git, no lock (see snapshot_worker.ts).
// `compare` tells what changed between two file lists: modified, created, deleted, renamed files; `keepBaselines`
// copies a file's blob of a turn's start into the store once the agent's edit tool changed it (the user's gc
// could take it away before the turn's review).
import { normalize } from "../../util/fs";
import { runInBackground } from "../../util/process";
import { childLuaPath, pluginScript } from "../../util/modules";
import { type Entry, type Manifest, readGitHead, readManifest } from "./manifest";

export type { Entry, Manifest } from "./manifest";
export { DAMAGED, readGitHead, readManifest } from "./manifest";

export interface SnapshotRequest {
  /** Absolute folder. */
  root: string;
  /** The session's name (hashed into its folder's name). */
  session: string;
  /** The manifest's name, e.g. `3.start`. */
  name: string;
  /** The manifest an unchanged file's entry is taken from (a previous snapshot), if any. */
  previous?: string;
  maxFileBytes: number;
  keep: number;
  /** The store's folder (default: stdpath("state")/claude-ide/turns). Specs inject one. */
  base?: string;
}

export type SnapshotResult =
  | {
      ok: true;
      manifest: string;
      files: number;
      copied: number;
      skipped: number;
      by: string;
      /** The worker's own time (its start to its answer), and where it went (`list:12,hash:3,...`). */
      ms: number;
      phases: string;
    }
  | { ok: false; error: string };

/** Most files a snapshot takes (the rest are left out, and the answer says how many were taken). */
export const MAX_FILES = 200000;

function hash(text: string): string {
  return string.sub(vim.fn.sha256(text), 1, 16);
}

export function defaultBase(): string {
  return `${vim.fn.stdpath("state")}/claude-ide/turns`;
}

/** The store of `root` (objects/ and the sessions' folders). */
export function storeOf(root: string, base = defaultBase()): string {
  return `${base}/${hash(normalize(root))}`;
}

/** The folder holding a session's manifests. */
export function sessionDirOf(root: string, session: string, base = defaultBase()): string {
  return `${storeOf(root, base)}/${hash(session)}`;
}

/**
 * Why `root` is not snapshotted, or undefined: the filesystem root and the home folder (a snapshot would copy
 * all of it; the project search refuses them for the same reason), or a folder that does not exist.
 */
export function refusal(root: string): string | undefined {
  const dir = normalize(root);
  const home = normalize(vim.uv.os_homedir() ?? "/");
  if (dir === "/") return "the folder is / (a snapshot would copy all of it)";
  if (dir === home) return "the folder is your home folder (a snapshot would copy all of it): :cd into a project";
  const [st] = vim.uv.fs_stat(dir);
  if (st === undefined || st.type !== "directory") return `${dir} is not a folder`;
  return undefined;
}

/** The worker script beside this module (run by a child Neovim; never loaded here). */
export function workerScript(): string {
  return pluginScript("editor/snapshot/snapshot_worker.lua");
}

let live = 0;

/** Warm-ups in flight, by folder: the snapshots waiting for them (see warm). */
const warming = new LuaMap<string, (() => void)[]>();
/** Folders warmed up (or being warmed) by this Neovim: once each. */
const warmed = new LuaSet<string>();

/** The session name of the warm-ups (a CLI session is named `<client>:<id>`: never this). */
export const WARM_SESSION = "warm-up";

/**
 * Starts a snapshot of `root` in the background when a CLI starts working there, so that the first turn's
 * snapshot reads only what changed since (a turn waits for its snapshot: the first one in a big repository
 * reads every file, 6 s for 10,000). Only in a git repository, where the next session takes this one's
 * index as its stat cache; once per folder per Neovim. A snapshot of that folder asked meanwhile waits for it.
 * False when nothing was started.
 */
export function warm(req: { root: string; maxFileBytes: number; base?: string }): boolean {
  const root = normalize(req.root);
  if (warmed.has(root) || refusal(root) !== undefined) return false;
  warmed.add(root);
  if (vim.fs.find(".git", { path: root, upward: true, limit: 1 }).length === 0) return false;
  warming.set(root, []);
  take({ root, session: WARM_SESSION, name: "0.warm", maxFileBytes: req.maxFileBytes, keep: 1, base: req.base }, () => {
    const waiting = warming.get(root) ?? [];
    warming.delete(root);
    for (const go of waiting) go();
  });
  return true;
}

/** Workers still running (their answer may be in: the housekeeping after it). */
export function running(): number {
  return live;
}

function mkdirPrivate(path: string): void {
  if (vim.fn.isdirectory(path) !== 1) vim.fn.mkdir(path, "p", 0o700);
}

/**
 * Why a worker that gave no answer failed: killed by a signal (a `kill -9`, the OOM killer: vim.system then
 * says exit 0) or its exit code, and its stderr (what failed, its path and errno: snapshot_worker's die).
 */
export function failure(code: number, signal: number, stderr: string | undefined): string {
  const how = signal !== 0 ? `killed by signal ${signal}` : `exit ${code}`;
  const words = vim.trim(stderr ?? "");
  return `the snapshot failed (${how}): ${words !== "" ? words : "no message from the worker"}`;
}

/**
 * Takes a snapshot in a child process; `done` is called on the main loop with the result. Returns at once (the
 * editor never waits for the folder's files), with the worker's pid when one was started now.
 */
export function take(req: SnapshotRequest, done: (this: void, result: SnapshotResult) => void): number | undefined {
  const why = refusal(req.root);
  if (why !== undefined) {
    done({ ok: false, error: why });
    return undefined;
  }
  const root = normalize(req.root);
  const waiting = req.session !== WARM_SESSION ? warming.get(root) : undefined;
  if (waiting !== undefined) {
    waiting.push(() => take(req, done));
    return undefined;
  }
  const base = req.base ?? defaultBase();
  const store = storeOf(root, base);
  const sessionDir = sessionDirOf(root, req.session, base);
  const [made, err] = pcall(() => {
    mkdirPrivate(base);
    mkdirPrivate(store);
    mkdirPrivate(sessionDir);
  });
  if (!made) {
    done({ ok: false, error: `the snapshot failed: cannot make ${sessionDir}: ${tostring(err)}` });
    return undefined;
  }
  const cmd = [
    vim.v.progpath,
    "--clean",
    "--headless",
    "-l",
    workerScript(),
    root,
    store,
    sessionDir,
    req.name,
    tostring(req.maxFileBytes),
    tostring(MAX_FILES),
    tostring(req.keep),
    typeof req.previous === "string" && req.previous !== "" ? req.previous : "-",
  ];
  let out = "";
  let settled = false;
  const settle = (result: SnapshotResult) => {
    if (settled) return;
    settled = true;
    vim.schedule(() => done(result));
  };
  const [ok, proc] = pcall(() =>
    vim.system(
      cmd,
      {
        text: true,
        cwd: root,
        // The worker requires editor/snapshot/manifest: the plugin's lua/ folder on its package.path.
        env: { LUA_PATH: childLuaPath() },
        // The answer is one line, printed before the worker's housekeeping: taken as soon as it arrives.
        stdout: (_err, data) => {
          if (data === undefined || settled) return;
          out += data;
          const [files, copied, skipped, by, ms, phases] = string.match(
            out,
            "files (%d+) copied (%d+) skipped (%d+) listed%-by (%S+) ms (%d+) phases (%S*)\n",
          );
          if (files === undefined) return;
          settle({
            ok: true,
            manifest: `${sessionDir}/${req.name}`,
            files: tonumber(files) ?? 0,
            copied: tonumber(copied) ?? 0,
            skipped: tonumber(skipped) ?? 0,
            by: by ?? "?",
            ms: tonumber(ms) ?? 0,
            phases: phases ?? "",
          });
        },
      },
      (r) => {
        live--;
        settle({ ok: false, error: failure(r.code, r.signal, r.stderr) });
      },
    ),
  );
  if (ok) {
    live++;
    runInBackground(proc.pid);
    return proc.pid;
  }
  settle({ ok: false, error: `cannot start the snapshot: ${tostring(proc)}` });
  return undefined;
}

/** The stored bytes of an entry (undefined when the object is gone: swept). */
export function objectBytes(store: string, e: Entry): string | undefined {
  const [fd] = vim.uv.fs_open(`${store}/objects/${e.key}`, "r", 0);
  if (fd === undefined) return undefined;
  const [data] = vim.uv.fs_read(fd, e.size, 0);
  vim.uv.fs_close(fd);
  return data;
}

/**
 * What changed from the previous snapshot (the `previous` of its request) to the manifest `manifest`, from the
 * small delta manifests the worker wrote beside it: the editor never reads two whole manifests of a large tree.
 */
export function changesOf(manifest: string, store: string): Change[] {
  return compare(readManifest(`${manifest}.before`), readManifest(`${manifest}.after`), store);
}

/** A file's change between two manifests. */
export interface Change {
  /** Relative path where the file is after (a deleted file: where it was). */
  path: string;
  kind: "modified" | "created" | "deleted" | "renamed";
  /** A renamed file's path before. */
  from?: string;
  before?: Entry;
  after?: Entry;
}

/** The same file's two entries name the same bytes (a copy's key is made of its facts, a blob's is its id). */
function sameFacts(a: Entry, b: Entry): boolean {
  return a.key === b.key;
}

/**
 * What changed from `before` to `after` (both of `store`), sorted by path. A deleted file whose bytes a created
 * file has is a rename (one of them; the others stay deleted and created).
 */
export function compare(before: Manifest, after: Manifest, store: string): Change[] {
  const changes: Change[] = [];
  const deleted: Change[] = [];
  const created: Change[] = [];
  for (const [path, b] of before) {
    const a = after.get(path);
    if (a === undefined) deleted.push({ path, kind: "deleted", before: b });
    else if (!sameFacts(a, b)) {
      // Touched but the same bytes (a formatter that changed nothing, `touch`): not a change.
      if (a.size === b.size && objectBytes(store, a) === objectBytes(store, b)) continue;
      changes.push({ path, kind: "modified", before: b, after: a });
    }
  }
  for (const [path, a] of after) if (!before.has(path)) created.push({ path, kind: "created", after: a });
  for (const d of deleted) {
    const bytes = objectBytes(store, d.before as Entry);
    const at = created.findIndex(
      (c) =>
        c.kind === "created" &&
        (c.after as Entry).size === (d.before as Entry).size &&
        objectBytes(store, c.after as Entry) === bytes,
    );
    if (bytes !== undefined && at >= 0) {
      const c = created[at];
      created.splice(at, 1);
      changes.push({ path: c.path, kind: "renamed", from: d.path, before: d.before, after: c.after });
    } else changes.push(d);
  }
  for (const c of created) changes.push(c);
  changes.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  return changes;
}

/** Options of the git commands keepBaselines runs (as the worker's: no daemon, no gc, paths taken literally). */
const KEEP_GIT = ["git", "--literal-pathspecs", "-c", "core.fsmonitor=false", "-c", "gc.auto=0"];

/**
 * Keeps the "before" bytes of `paths` (absolute: files the agent's edit tools just changed) in the store, before
 * the user's gc can take them: their blobs in the turn's start snapshot `manifest` that the private repository
 * lacks (a snapshot seeded from the user's index names their blobs, never copied: see snapshot_worker) are
 * packed into it from the user's objects (`pack-objects --stdout`: their repository is only read). Otherwise an
 * amend, an expired reflog and a `git gc --prune=now` before the turn ends take the file's text before the turn
 * with them, and the turn's review fails. Nothing to do for a snapshot of copies (its objects are the copies).
 * Three or four short git commands off the loop; `done` (on the main loop) gets why it failed, or undefined.
 */
export function keepBaselines(
  req: { root: string; manifest: string; paths: string[]; base?: string },
  done: (this: void, why?: string) => void,
): void {
  const finish = (why?: string) => vim.schedule(() => done(why));
  const head = readGitHead(req.manifest);
  if (head === undefined) return finish();
  const rels: string[] = [];
  for (const p of req.paths) if (vim.startswith(p, `${head.top}/`)) rels.push(string.sub(p, head.top.length + 2));
  if (rels.length === 0) return finish();
  const gitDir = `${storeOf(req.root, req.base)}/git`;
  // The private repository alone (no alternates): what it lacks is what must be copied.
  const env = { GIT_DIR: gitDir, GIT_OBJECT_DIRECTORY: `${gitDir}/objects`, GIT_ALTERNATE_OBJECT_DIRECTORIES: "" };
  const run = (
    cmd: string[],
    opts: { env?: { [k: string]: string }; cwd: string; stdin?: string },
    next: (this: void, out: string) => void,
  ) => {
    const [ok, err] = pcall(() =>
      vim.system(cmd, { text: false, cwd: opts.cwd, env: opts.env, stdin: opts.stdin ?? false }, (r) => {
        if (r.code !== 0) finish(`${cmd[cmd.length - 1]}: ${vim.trim(r.stderr ?? "")} (exit ${r.code})`);
        else next(r.stdout ?? "");
      }),
    );
    if (!ok) finish(tostring(err));
  };
  const store = storeOf(req.root, req.base);
  run([...KEEP_GIT, "ls-tree", "-r", "-z", "--full-tree", head.tree, "--", ...rels], { env, cwd: store }, (listed) => {
    const ids: string[] = [];
    for (const [mode, id] of string.gmatch(listed, "(%d+) blob (%x+)\t[^%z]*%z"))
      if (string.sub(mode, 1, 3) === "100") ids.push(id);
    // Created by the turn: no "before" to keep.
    if (ids.length === 0) return finish();
    run([...KEEP_GIT, "cat-file", "--batch-check"], { env, cwd: store, stdin: ids.join("\n") + "\n" }, (checked) => {
      const missing: string[] = [];
      for (const [id] of string.gmatch(checked, "(%x+) missing\n")) missing.push(id);
      if (missing.length === 0) return finish();
      run(
        [...KEEP_GIT, "pack-objects", "--stdout", "-q"],
        { env: { GIT_OPTIONAL_LOCKS: "0" }, cwd: head.top, stdin: missing.join("\n") + "\n" },
        (pack) => run([...KEEP_GIT, "index-pack", "--stdin"], { env, cwd: store, stdin: pack }, () => finish()),
      );
    });
  });
}
