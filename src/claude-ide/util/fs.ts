// Whole files: written atomically (a temp file in the same directory, fsync, rename over the target: a reader,
// or a crash, sees the old file or the new one, never half of one; the file's mode is kept), and small files
// read in one piece.
export type WriteResult = { ok: true } | { ok: false; error: string };

/**
 * A path as vim.fs.normalize makes it ("~" expanded, repeated and trailing slashes, "." and ".." segments
 * resolved) but never expanding "$NAME": a "$" in a file name is a character (Remix and TanStack routes are
 * named `$id.tsx`). Does not load vim.fs (a few ms at startup) for the absolute paths that need nothing of it.
 */
/** `path` as the user reads it in messages: under the home folder as `~/…` (never for a path to act on). */
export function shown(path: string): string {
  return vim.fn.fnamemodify(path, ":~");
}

export function normalize(path: string): string {
  const [special] = string.find(path, "[~\\]");
  const [dots] = string.find(path, "/%.%.?/");
  const [dotsAtEnd] = string.find(path, "/%.%.?$");
  if (string.sub(path, 1, 1) !== "/" || special !== undefined || dots !== undefined || dotsAtEnd !== undefined)
    return vim.fs.normalize(path, { expand_env: false });
  let collapsed = path;
  if (string.find(path, "//", 1, true)[0] !== undefined) [collapsed] = string.gsub(path, "//+", "/");
  return collapsed !== "/" && string.sub(collapsed, -1) === "/" ? string.sub(collapsed, 1, -2) : collapsed;
}

/**
 * Size, modification time and inode of a file (`size:sec:nsec:ino`; undefined: none), to tell whether it changed
 * since it was read. The editor and the child that writes a big file (editor/write/disk_write_worker) compare it.
 */
export function fileStamp(file: string): string | undefined {
  const [st] = vim.uv.fs_stat(file);
  if (st === undefined) return undefined;
  return `${st.size}:${st.mtime.sec}:${st.mtime.nsec}:${st.ino}`;
}

/** The whole content of the regular file `path` when it is at most `maxBytes`; undefined otherwise. */
export function readSmallFile(path: string, maxBytes: number): string | undefined {
  const [stat] = vim.uv.fs_stat(path);
  if (stat === undefined || stat.type !== "file" || stat.size > maxBytes) return undefined;
  return readBytes(path, stat.size);
}

/** The first `size` bytes of the file `path` (its size known from a stat: the whole of it); undefined when unreadable. */
export function readBytes(path: string, size: number): string | undefined {
  const [fd] = vim.uv.fs_open(path, "r", 0);
  if (fd === undefined) return undefined;
  const [data] = vim.uv.fs_read(fd, size, 0);
  vim.uv.fs_close(fd);
  return data;
}

/**
 * Writes `data` to `path` atomically with `mode`; without it an existing file keeps its permissions and a
 * new one gets 0644 (the umask does not apply: the mode is set exactly). `durable: false` skips the fsync:
 * readers still never see half a file (the rename is atomic), only a crash may lose the new content.
 */
export function writeFileAtomic(path: string, data: string, mode?: number, opts?: { durable?: boolean }): WriteResult {
  const [stat] = vim.uv.fs_stat(path);
  mode ??= stat !== undefined ? stat.mode % 0o10000 : 0o644;
  // Split by hand, not with vim.fs (not loaded at startup, when the lock file is written).
  const [dir, name] = string.match(path, "^(.*)/([^/]*)$");
  const tmp = `${dir ?? "."}/.${name ?? path}.${vim.fn.getpid()}.${string.format("%x", vim.uv.hrtime() % 0x7fffffff)}.tmp`;
  const [fd, openErr] = vim.uv.fs_open(tmp, "wx", mode);
  if (fd === undefined) return { ok: false, error: `cannot create ${tmp}: ${openErr}` };
  let failure: string | undefined;
  const [chmodOk, chmodErr] = vim.uv.fs_chmod(tmp, mode);
  if (!chmodOk) failure = `chmod ${tmp}: ${chmodErr}`;
  if (failure === undefined) {
    const [written, writeErr] = vim.uv.fs_write(fd, data, 0);
    if (written !== data.length) failure = `write ${tmp}: ${writeErr ?? "short write"}`;
  }
  if (failure === undefined && opts?.durable !== false) {
    const [synced, syncErr] = vim.uv.fs_fsync(fd);
    if (!synced) failure = `fsync ${tmp}: ${syncErr}`;
  }
  vim.uv.fs_close(fd);
  if (failure === undefined) {
    const [renamed, renameErr] = vim.uv.fs_rename(tmp, path);
    if (!renamed) failure = `rename to ${path}: ${renameErr}`;
  }
  if (failure !== undefined) {
    vim.uv.fs_unlink(tmp);
    return { ok: false, error: failure };
  }
  return { ok: true };
}
