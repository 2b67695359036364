// A snapshot's manifest, the one format both sides use: the snapshot worker (editor/snapshot/snapshot_worker, a child
// `nvim -l` that requires this module through LUA_PATH) writes manifests, the editor (editor/snapshot/snapshot) reads them.
// Plain Lua and vim.uv only: nothing of the plugin's state, so the worker can load it without the plugin.
//
// Two kinds of manifest:
// - a file list (a folder that is not a git repository): one record per file, seven fields each ended by "\0":
//   path (relative to the folder), size, mtime seconds, mtime nanoseconds, inode, mode, object key (the copy's
//   name in the store's objects/);
// - a git tree (a repository): one header record `git\0<tree>\0<files>\0<top>\0<prefix>\0`, the tree of the
//   store's private git repository holding the folder's files, the number of files, the repository's top folder
//   and the folder's path in it (empty, or ending with "/").
// The deltas beside a manifest (`<name>.before`, `<name>.after`) are always file lists.

/**
 * What the worker's failure says when the previous snapshot it was given is cut short, garbled or gone (a crash
 * while it was written): hooks/turn tells it apart from other failures.
 */
export const DAMAGED = "is damaged";

/** One file in a manifest. */
export interface Entry {
  size: number;
  sec: number;
  nsec: number;
  ino: number;
  /** Permission bits (e.g. 0o644). */
  mode: number;
  /** Its bytes in the store's objects/ (a copy, or a blob exported by the worker: its git object id). */
  key: string;
}

/** A manifest's files: relative path → entry. */
export type Manifest = LuaMap<string, Entry>;

/** A git manifest's header. */
export interface GitHead {
  tree: string;
  files: number;
  top: string;
  prefix: string;
}

const RECORD = "([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z";
const RAW_RECORD = "([^%z]*)%z([^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z)";
const GIT_HEAD = "^git%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z";

/** The whole file, or undefined. */
export function readFile(path: string): string | undefined {
  const [fd] = vim.uv.fs_open(path, "r", 0);
  if (fd === undefined) return undefined;
  const [st] = vim.uv.fs_fstat(fd);
  const [data] = st !== undefined ? vim.uv.fs_read(fd, st.size, 0) : [undefined];
  vim.uv.fs_close(fd);
  return data;
}

/**
 * Written whole, then renamed (0600): a reader never sees half a file. Undefined when written, else why not
 * (the call that failed, its path and errno, e.g. `write /store/3.start.tmp12: ENOSPC: no space left on device`):
 * a short write, a failed close (where a network file system reports a full disk) and a failed rename are
 * failures too, and leave no temporary file behind.
 */
export function writeFile(path: string, data: string): string | undefined {
  const tmp = `${path}.tmp${vim.uv.os_getpid()}`;
  const [fd, openErr] = vim.uv.fs_open(tmp, "w", 0o600);
  if (fd === undefined) return `open ${tmp}: ${openErr ?? "?"}`;
  const [written, writeErr] = vim.uv.fs_write(fd, data, 0);
  const [closed, closeErr] = vim.uv.fs_close(fd);
  let why: string | undefined;
  if (written === undefined) why = `write ${tmp}: ${writeErr ?? "?"}`;
  else if (written !== data.length) why = `write ${tmp}: ${written} of ${data.length} bytes written (disk full?)`;
  else if (closed === undefined) why = `close ${tmp}: ${closeErr ?? "?"}`;
  else {
    const [renamed, renameErr] = vim.uv.fs_rename(tmp, path);
    if (renamed !== undefined) return undefined;
    why = `rename ${tmp} to ${path}: ${renameErr ?? "?"}`;
  }
  vim.uv.fs_unlink(tmp);
  return why;
}

/**
 * One record of a file list. (string.format: a template literal's tostring() of each number stops LuaJIT's
 * compiler, and 10,000 records cost the worker tens of ms.)
 */
export function record(path: string, e: Entry): string {
  return string.format("%s\0%d\0%d\0%d\0%d\0%d\0%s\0", path, e.size, e.sec, e.nsec, e.ino, e.mode, e.key);
}

/** The start of a record after its path: `size\0sec\0nsec\0ino\0mode\0` (what tells an unchanged file). */
export function facts(size: number, sec: number, nsec: number, ino: number, mode: number): string {
  return string.format("%d\0%d\0%d\0%d\0%d\0", size, sec, nsec, ino, mode);
}

/**
 * A file list as path → the rest of its record (facts and key, unparsed): what the worker compares a new stat
 * with, and copies into the next manifest as it is when the file did not change.
 */
export function parseRaw(data: string): LuaMap<string, string> {
  const out = new LuaMap<string, string>();
  if (parseGitHead(data) !== undefined) return out;
  for (const [p, rest] of string.gmatch(data, RAW_RECORD)) out.set(p, rest);
  return out;
}

/** The header of a git manifest. */
export function gitRecord(head: GitHead): string {
  return `git\0${head.tree}\0${head.files}\0${head.top}\0${head.prefix}\0`;
}

/** The git header of a manifest's text, or undefined (a file list). */
export function parseGitHead(data: string): GitHead | undefined {
  const [tree, files, top, prefix] = string.match(data, GIT_HEAD);
  if (tree === undefined) return undefined;
  return { tree, files: tonumber(files) ?? 0, top: top ?? "", prefix: prefix ?? "" };
}

/** The file list of a manifest's text (empty for a git manifest: its files are in its tree). */
export function parse(data: string): Manifest {
  const out: Manifest = new LuaMap();
  if (parseGitHead(data) !== undefined) return out;
  for (const [p, size, sec, nsec, ino, mode, key] of string.gmatch(data, RECORD)) {
    out.set(p, {
      size: tonumber(size) ?? -1,
      sec: tonumber(sec) ?? -1,
      nsec: tonumber(nsec) ?? -1,
      ino: tonumber(ino) ?? -1,
      mode: tonumber(mode) ?? 0o644,
      key,
    });
  }
  return out;
}

/** A manifest's file list by path (empty when it cannot be read, or for a git manifest). */
export function readManifest(path: string): Manifest {
  const data = readFile(path);
  return data === undefined ? new LuaMap() : parse(data);
}

/** A manifest's git header, or undefined (a file list, or no manifest). */
export function readGitHead(path: string): GitHead | undefined {
  const data = readFile(path);
  return data === undefined ? undefined : parseGitHead(data);
}
