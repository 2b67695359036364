// The snapshot of a folder, taken by a child `nvim --clean --headless -l snapshot_worker.lua` (never loaded in
// the editor, so a large tree costs the editor nothing): lists the folder's files (inside a git repository
// `git ls-files -co --exclude-standard`, which honours .gitignore and reads the repository without writing to it
// or taking a lock: GIT_OPTIONAL_LOCKS=0; elsewhere a walk that skips .git and node_modules), copies each file
// whose size, mtime or inode changed since the previous snapshot into the store (objects named by those facts
// and the path: an unchanged file costs one lstat), writes the manifest, keeps the last <keep> snapshots of the
// session and removes the objects no manifest names any more. Nothing is ever written inside the folder.
//
//   nvim -l snapshot_worker.lua <root> <store> <session dir> <name> <max_file_bytes> <max_files> <keep> <previous>
//
// Manifest: one record per file, seven fields each ended by "\0": path (relative), size, mtime seconds, mtime
// nanoseconds, inode, mode, object key. Prints one line: `files N copied M skipped K listed-by L`.
// Self-contained on purpose (plain Lua functions only): the child has none of the plugin's modules loaded.

declare const arg: string[];
export {};

const [root, store, sessionDir, name, maxBytesText, maxFilesText, keepText, previous] = [
  arg[0],
  arg[1],
  arg[2],
  arg[3],
  arg[4],
  arg[5],
  arg[6],
  arg[7],
];
const maxBytes = tonumber(maxBytesText) ?? 1048576;
const maxFiles = tonumber(maxFilesText) ?? 200000;
const keep = tonumber(keepText) ?? 20;
const objects = `${store}/objects`;

interface Entry {
  size: number;
  sec: number;
  nsec: number;
  ino: number;
  mode: number;
  key: string;
}

function mkdir(path: string): void {
  const [st] = vim.uv.fs_stat(path);
  if (st === undefined) vim.uv.fs_mkdir(path, 0o700);
}

function readAll(path: string): string | undefined {
  const [fd] = vim.uv.fs_open(path, "r", 0);
  if (fd === undefined) return undefined;
  const [st] = vim.uv.fs_fstat(fd);
  const [data] = st !== undefined ? vim.uv.fs_read(fd, st.size, 0) : [undefined];
  vim.uv.fs_close(fd);
  return data;
}

/** A manifest's records by path (empty when there is none). */
function readManifest(path: string): LuaMap<string, Entry> {
  const out = new LuaMap<string, Entry>();
  if (path === "" || path === "-") return out;
  const data = readAll(path);
  if (data === undefined) return out;
  for (const [p, size, sec, nsec, ino, mode, key] of string.gmatch(
    data,
    "([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z",
  )) {
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

/** The files under root (relative paths) and who listed them. */
function list(): { files: string[]; by: string } {
  const git = vim
    .system(["git", "-C", root, "ls-files", "-z", "-co", "--exclude-standard"], {
      text: true,
      env: { GIT_OPTIONAL_LOCKS: "0" },
    })
    .wait();
  if (git.code === 0 && git.stdout !== undefined) {
    const files: string[] = [];
    for (const [p] of string.gmatch(git.stdout, "([^%z]+)%z")) files.push(p);
    return { files, by: "git" };
  }
  const files: string[] = [];
  const dirs: string[] = [""];
  while (dirs.length > 0 && files.length < maxFiles) {
    const rel = dirs[dirs.length - 1];
    dirs[dirs.length - 1] = undefined as unknown as string;
    const [handle] = vim.uv.fs_scandir(rel === "" ? root : `${root}/${rel}`);
    if (handle === undefined) continue;
    for (;;) {
      const [entry, kind] = vim.uv.fs_scandir_next(handle);
      if (entry === undefined) break;
      const p = rel === "" ? entry : `${rel}/${entry}`;
      if (kind === "directory") {
        if (entry !== ".git" && entry !== "node_modules") dirs.push(p);
      } else if (kind === "file") files.push(p);
    }
  }
  return { files, by: "walk" };
}

/** Copies `path` into the store as `key` (a temp file renamed: a reader never sees half an object). */
function store_(path: string, key: string): boolean {
  const target = `${objects}/${key}`;
  if (vim.uv.fs_stat(target)[0] !== undefined) return true;
  const tmp = `${target}.tmp${vim.uv.os_getpid()}`;
  const [ok] = vim.uv.fs_copyfile(path, tmp);
  if (ok === undefined) return false;
  vim.uv.fs_chmod(tmp, 0o600);
  return vim.uv.fs_rename(tmp, target)[0] !== undefined;
}

function keyOf(path: string, e: { size: number; sec: number; nsec: number; ino: number }): string {
  // The numbers first and the path last: unambiguous without a separator the path cannot hold.
  return string.sub(vim.fn.sha256(`${e.size}:${e.sec}:${e.nsec}:${e.ino}:${path}`), 1, 40);
}

const started = vim.uv.hrtime();
mkdir(store);
mkdir(objects);
mkdir(sessionDir);
const before = readManifest(previous);
const { files, by } = list();
const records: string[] = [];
/** This snapshot's record and key by path (for the delta against the previous one). */
const now = new LuaMap<string, { record: string; key: string }>();
let copied = 0;
let skipped = 0;
let count = 0;
for (const rel of files) {
  if (count >= maxFiles) break;
  const path = `${root}/${rel}`;
  const [st] = vim.uv.fs_lstat(path);
  if (st === undefined || st.type !== "file") continue;
  if (st.size > maxBytes) {
    skipped++;
    continue;
  }
  const facts = { size: st.size, sec: st.mtime.sec, nsec: st.mtime.nsec, ino: st.ino };
  const old = before.get(rel);
  let key: string;
  if (
    old !== undefined &&
    old.size === facts.size &&
    old.sec === facts.sec &&
    old.nsec === facts.nsec &&
    old.ino === facts.ino
  )
    key = old.key;
  else {
    key = keyOf(rel, facts);
    if (!store_(path, key)) continue;
    // Changed while it was copied: the object may hold the newer text under the older facts; take it again.
    const [again] = vim.uv.fs_lstat(path);
    if (
      again === undefined ||
      again.size !== st.size ||
      again.mtime.sec !== st.mtime.sec ||
      again.mtime.nsec !== st.mtime.nsec
    ) {
      vim.uv.fs_unlink(`${objects}/${key}`);
      continue;
    }
    copied++;
  }
  count++;
  const record = `${rel}\0${facts.size}\0${facts.sec}\0${facts.nsec}\0${facts.ino}\0${st.mode % 0o10000}\0${key}\0`;
  records.push(record);
  now.set(rel, { record, key });
}

/** Written whole, then renamed: the editor never reads half a manifest. */
function writeManifest(path: string, data: string): void {
  const [fd] = vim.uv.fs_open(`${path}.tmp`, "w", 0o600);
  if (fd === undefined) return;
  vim.uv.fs_write(fd, data, 0);
  vim.uv.fs_close(fd);
  vim.uv.fs_rename(`${path}.tmp`, path);
}

const manifest = `${sessionDir}/${name}`;
// The delta against the previous snapshot, in two small manifests (`<name>.before`: the previous entries of
// the files that changed or went; `<name>.after`: the new entries of those that changed or came): the editor
// compares those, never two whole manifests of a large tree on its own loop.
const deltaBefore: string[] = [];
const deltaAfter: string[] = [];
for (const [p, e] of before) {
  const n = now.get(p);
  if (n === undefined || n.key !== e.key)
    deltaBefore.push(`${p}\0${e.size}\0${e.sec}\0${e.nsec}\0${e.ino}\0${e.mode}\0${e.key}\0`);
}
for (const [p, n] of now) {
  const e = before.get(p);
  if (e === undefined || e.key !== n.key) deltaAfter.push(n.record);
}
writeManifest(`${manifest}.before`, deltaBefore.join(""));
writeManifest(`${manifest}.after`, deltaAfter.join(""));
writeManifest(manifest, records.join(""));

/** The turn numbers of a session's manifests (`<turn>.start`, `<turn>.end`), oldest first. */
function sweep(): void {
  const turns: number[] = [];
  const seen = new LuaSet<number>();
  const [h] = vim.uv.fs_scandir(sessionDir);
  if (h === undefined) return;
  for (;;) {
    const [entry] = vim.uv.fs_scandir_next(h);
    if (entry === undefined) break;
    const n = tonumber(string.match(entry, "^(%d+)%.")[0]);
    if (n !== undefined && !seen.has(n)) {
      seen.add(n);
      turns.push(n);
    }
  }
  table.sort(turns);
  if (turns.length <= keep) return;
  const gone = new LuaSet<number>();
  for (let i = 0; i < turns.length - keep; i++) gone.add(turns[i]);
  const [dh] = vim.uv.fs_scandir(sessionDir);
  if (dh !== undefined)
    for (;;) {
      const [entry] = vim.uv.fs_scandir_next(dh);
      if (entry === undefined) break;
      const n = tonumber(string.match(entry, "^(%d+)%.")[0]);
      if (n !== undefined && gone.has(n)) vim.uv.fs_unlink(`${sessionDir}/${entry}`);
    }
  // Objects no manifest of any session of this folder names any more go too.
  const used = new LuaSet<string>();
  const [sessions] = vim.uv.fs_scandir(store);
  if (sessions === undefined) return;
  for (;;) {
    const [dir, kind] = vim.uv.fs_scandir_next(sessions);
    if (dir === undefined) break;
    if (kind !== "directory" || dir === "objects") continue;
    const [mh] = vim.uv.fs_scandir(`${store}/${dir}`);
    if (mh === undefined) continue;
    for (;;) {
      const [m] = vim.uv.fs_scandir_next(mh);
      if (m === undefined) break;
      // Temp files, and the deltas (their older entries belong to the turn before, which may be gone).
      if (string.match(m, "%.tmp$")[0] !== undefined || string.match(m, "%.before$")[0] !== undefined) continue;
      for (const [, e] of readManifest(`${store}/${dir}/${m}`)) used.add(e.key);
    }
  }
  const [oh] = vim.uv.fs_scandir(objects);
  if (oh === undefined) return;
  for (;;) {
    const [o] = vim.uv.fs_scandir_next(oh);
    if (o === undefined) break;
    if (!used.has(o)) vim.uv.fs_unlink(`${objects}/${o}`);
  }
}
sweep();

const ms = (vim.uv.hrtime() - started) / 1e6;
io.stdout.write(`files ${count} copied ${copied} skipped ${skipped} listed-by ${by} ms ${math.floor(ms)}\n`);
io.stdout.flush();
