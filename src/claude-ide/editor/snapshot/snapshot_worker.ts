// The snapshot of a folder, taken by a child `nvim --clean --headless -l snapshot_worker.lua` (never loaded in
// the editor, so a large tree costs the editor nothing). Nothing is ever written inside the folder or its .git.
//
//   nvim -l snapshot_worker.lua <root> <store> <session dir> <name> <max_file_bytes> <max_files> <keep> <previous>
//
// Two methods (editor/snapshot/manifest describes both manifests):
// - in a git repository, git itself with a PRIVATE repository: the store's own `git/` (objects, info/exclude,
//   info/attributes) and one index per session (`<session dir>/index`, kept between turns: git's stat cache, so
//   only the files whose stat changed are read again). `diff-files` and `ls-files -o --exclude-standard` (side by
//   side) name what changed since
//   the session's last snapshot (.gitignore, the repository's info/exclude and the core.excludesFile its config
//   names, else the user's global one, honoured), `update-index` hashes those into the private objects,
//   `write-tree` makes the snapshot a tree, `diff-tree` its delta against the previous one, and `cat-file --batch`
//   exports the delta's blobs as plain files (objects/<id>) for the review. A session's first snapshot starts
//   from another session's index, else from a COPY of the user's own index (seedIndex: its stat data and blob
//   ids; the files that differ from it are the only ones read, and the trees of their HEAD are copied in as one
//   pack), else from the user's `ls-files -co` (no index yet). The user's repository is only read (`rev-parse`,
//   `config --get core.excludesFile`, its info/exclude and index file, `ls-tree`/`pack-objects --stdout` of
//   HEAD's trees, `cat-file` of the blobs a seeded tree names), with optional locks off; the private repository
//   is reached by GIT_DIR/GIT_INDEX_FILE/GIT_OBJECT_DIRECTORY, with the user's objects as alternates for
//   cat-file only (a command that writes would "freshen", touch, the user's copy of an object it writes too);
//   its info/attributes turns every filter, end-of-line conversion and
//   encoding off (the snapshot keeps the bytes on disk, and a clean filter such as git-lfs never runs), and the
//   -c options keep git's fsmonitor daemon, untracked cache, split index and automatic gc out of it.
// - elsewhere (no git, not a repository, or a session that began so), a copy per changed file: the files listed
//   (`git ls-files -co --exclude-standard` of the user's repository when there is one, else a walk that skips .git
//   and node_modules), each one whose size, mtime or inode changed since the previous snapshot copied into
//   objects/ (named by those facts and the path: an unchanged file costs one lstat), and a file-list manifest.
// A previous snapshot left damaged by a crash (gone, cut short, garbled: the store is written without fsync) fails
// the snapshot with DAMAGED in its words (hooks/turn starts a turn again without it); a session index git cannot
// use goes, and the snapshot starts again from another (a stat cache only).
// Files over max_file_bytes are skipped (never read). The answer is one line,
// `files N copied M skipped K listed-by L ms T phases <name>:<ms>,...` (where the time went), printed as soon as the manifest and its deltas are written; the
// housekeeping comes after it (the editor does not wait for it): the session keeps its last <keep> turns, the
// plain objects no manifest or delta names go, the private repository drops the objects of trees no kept
// manifest names (`git prune`, objects younger than an hour kept: a concurrent snapshot's), and the sessions of
// this folder and the stores of other folders nobody snapshotted for 14 days go (STALE_SECONDS). The index's stat
// cache needs no refresh: every file whose stat changed is listed and updated, its stat with it.
import {
  DAMAGED,
  type Entry,
  type GitHead,
  facts,
  gitRecord,
  parseGitHead,
  parseRaw,
  readFile,
  readManifest,
  record,
  writeFile,
} from "./manifest";

declare const arg: string[];

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
const gitDir = `${store}/git`;
const index = `${sessionDir}/index`;
const manifestPath = `${sessionDir}/${name}`;
const started = vim.uv.hrtime();
/** Where the time went (ms, in order): shown in the answer, for `make bench`. */
const phases: string[] = [];
let mark = started;
function phase(what: string): void {
  const now = vim.uv.hrtime();
  phases.push(`${what}:${math.floor((now - mark) / 1e6)}`);
  mark = now;
}

/**
 * The snapshot fails: `why` (what failed, its path, the errno or git's words) on stderr, for the editor to show,
 * and no answer on stdout, so a partial snapshot is never taken for a whole one (a full disk, a read-only
 * store, a git command that failed).
 */
function die(why: string): never {
  io.stderr.write(`${why}\n`);
  io.stderr.flush();
  os.exit(1);
  throw why;
}

/** Dies when a write into the store failed (`why`: writeFile's answer). */
function check(why: string | undefined): void {
  if (why !== undefined) die(why);
}

function mkdir(path: string): void {
  const [st] = vim.uv.fs_stat(path);
  if (st !== undefined) return;
  const [ok, err] = vim.uv.fs_mkdir(path, 0o700);
  if (ok === undefined && vim.uv.fs_stat(path)[0] === undefined) die(`mkdir ${path}: ${err ?? "?"}`);
}

function exists(path: string): boolean {
  return vim.uv.fs_stat(path)[0] !== undefined;
}

// ---------------------------------------------------------------------------------------------------------
// git

/**
 * -c options for every command: nothing that starts a daemon, writes a cache beside the index, or runs gc; and no
 * preload threads (diff-files stats from one thread: beside the untracked walk it already has a core of its own,
 * and more threads held the editor's loop up to 17 ms on 2 cores, for no faster snapshot).
 */
const GIT_OPTIONS = [
  "-c",
  "core.fsmonitor=false",
  "-c",
  "core.untrackedCache=false",
  "-c",
  "core.splitIndex=false",
  "-c",
  "gc.auto=0",
  "-c",
  "maintenance.auto=false",
  "-c",
  "core.preloadIndex=false",
  "-c",
  "core.autocrlf=false",
  "-c",
  "core.safecrlf=false",
  "-c",
  "core.logAllRefUpdates=false",
  "-c",
  "advice.addEmbeddedRepo=false",
];

interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git; a git that cannot start (none installed) is a failure like any other. */
function runGit(args: string[], opts: Parameters<typeof vim.system>[1]): GitRun {
  const [ok, r] = pcall(() => vim.system(["git", ...GIT_OPTIONS, ...args], opts).wait());
  if (!ok) return { code: -1, stdout: "", stderr: tostring(r) };
  return { code: r.code, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

/** core.excludesFile as the user's repository sees it (its own config, else the global one); undefined: none. */
let excludesFile: string | undefined;
/**
 * The user's object folder: read (never written) for the blobs a snapshot seeded from their index names (see
 * seedIndex), when a delta's bytes are exported.
 */
let userObjects: string | undefined;

/** A git command on the user's repository: reading only (optional locks off: no index refresh written). */
function userGit(args: string[], stdin?: string): GitRun {
  return runGit(args, { cwd: root, text: false, env: { GIT_OPTIONAL_LOCKS: "0" }, stdin: stdin ?? false });
}

/**
 * Writes the turn's delta (`<name>.before`, `<name>.after`), then its manifest (last, in both methods: the
 * git one and the copies).
 */
function writeTurn(deltaBefore: string, deltaAfter: string, manifest: string): void {
  check(writeFile(`${manifestPath}.before`, deltaBefore));
  check(writeFile(`${manifestPath}.after`, deltaAfter));
  check(writeFile(manifestPath, manifest));
}

/**
 * A git command on the private repository (the user's folder as its work tree). Waits out another snapshot's
 * index lock (a checkpoint while a turn's snapshot runs, or the housekeeping of the previous one).
 */
function privateGit(top: string, args: string[], stdin?: string, readUserObjects = false): GitRun {
  args = withExcludes(args);
  const env = privateEnv(top, readUserObjects);
  for (let attempt = 0; ; attempt++) {
    const r = runGit(args, { cwd: root, text: false, env, stdin: stdin ?? false });
    // Only a lock another git holds is waited out ("File exists"); a lock that cannot be made (a full disk, a
    // read-only store) is a failure at once.
    const held =
      string.find(r.stderr, ".lock", 1, true)[0] !== undefined &&
      string.find(r.stderr, "File exists", 1, true)[0] !== undefined;
    if (r.code === 0 || attempt >= 250 || !held) return r;
    // A lock left by a snapshot that was killed would stop every later one: one older than 2 minutes goes.
    const [lock] = vim.uv.fs_stat(`${index}.lock`);
    if (lock !== undefined && os.time() - lock.mtime.sec > 120) vim.uv.fs_unlink(`${index}.lock`);
    vim.uv.sleep(20);
  }
}

/**
 * The user's own excludes file when their repository's config names one (the private repository does not read
 * that config): the same files are left out on every snapshot, not only on the first.
 */
function withExcludes(args: string[]): string[] {
  return excludesFile !== undefined ? ["-c", `core.excludesFile=${excludesFile}`, ...args] : args;
}

/** The environment of a git command on the private repository (the user's folder as its work tree). */
function privateEnv(top: string, readUserObjects: boolean): { [name: string]: string } {
  return {
    GIT_DIR: gitDir,
    GIT_COMMON_DIR: gitDir,
    GIT_WORK_TREE: top,
    GIT_INDEX_FILE: index,
    GIT_OBJECT_DIRECTORY: `${gitDir}/objects`,
    // The user's objects only for reading commands (cat-file): a write of an object they hold would "freshen"
    // (touch) their file.
    GIT_ALTERNATE_OBJECT_DIRECTORIES: readUserObjects && userObjects !== undefined ? userObjects : "",
  };
}

/**
 * Reading git commands on the private repository run side by side (each waits for the disk or one core: a
 * listing's lstat of every tracked file and its walk for untracked ones overlap on two cores). No lock is
 * taken by them (no retry).
 */
function privateGitTogether(top: string, commands: string[][]): GitRun[] {
  const env = privateEnv(top, false);
  const running = commands.map((args) => {
    const [ok, obj] = pcall(() =>
      vim.system(["git", ...GIT_OPTIONS, ...withExcludes(args)], { cwd: root, text: false, env }),
    );
    return ok ? obj : tostring(obj);
  });
  return running.map((r): GitRun => {
    if (typeof r === "string") return { code: -1, stdout: "", stderr: r };
    const done = r.wait();
    return { code: done.code, stdout: done.stdout ?? "", stderr: done.stderr ?? "" };
  });
}

/** A git command failed: its words, its exit code and the store it wrote into. */
function fail(what: string, r: GitRun): never {
  return die(`${what} failed (exit ${r.code}, store ${gitDir}): ${vim.trim(r.stderr)}`);
}

/** The private repository, made once per store: no hooks, no templates, every conversion off. */
function ensureGitDir(): void {
  if (!exists(`${gitDir}/HEAD`)) {
    const r = vim.system(["git", "init", "-q", "--bare", "--template=", gitDir], { text: true, cwd: store }).wait();
    if (r.code !== 0) fail("git init", { code: r.code, stdout: "", stderr: r.stderr ?? "" });
  }
  mkdir(`${gitDir}/info`);
  const attributes = "* -text -filter -ident -eol -crlf -working-tree-encoding\n";
  if (readFile(`${gitDir}/info/attributes`) !== attributes) check(writeFile(`${gitDir}/info/attributes`, attributes));
}

/** The user's info/exclude, mirrored into the private repository (its rules apply to the snapshot too). */
function mirrorExclude(commonDir: string | undefined): void {
  if (commonDir === undefined) return;
  const theirs = readFile(`${commonDir}/info/exclude`) ?? "";
  if ((readFile(`${gitDir}/info/exclude`) ?? "") !== theirs) check(writeFile(`${gitDir}/info/exclude`, theirs));
}

/**
 * Copies an index file to `to` (through a temporary file), keeping its modification time (floored to the
 * second): git takes an entry whose file changed in the same second as the index was written as "racily clean"
 * and compares its bytes, and that test is made against the index file's own mtime. A copy with a newer mtime
 * would let such a change pass as unchanged. Undefined when copied, else why not.
 */
function copyIndex(from: string, to: string): string | undefined {
  const tmp = `${to}.copy${vim.uv.os_getpid()}`;
  const [st] = vim.uv.fs_stat(from);
  const [copied, err] = vim.uv.fs_copyfile(from, tmp);
  let why: string | undefined;
  if (st === undefined || copied === undefined) why = `copy ${from} to ${tmp}: ${err ?? "gone"}`;
  else {
    const [timed, timeErr] = vim.uv.fs_utime(tmp, st.mtime.sec, st.mtime.sec);
    if (timed === undefined) why = `utime ${tmp}: ${timeErr ?? "?"}`;
    else {
      const [renamed, renameErr] = vim.uv.fs_rename(tmp, to);
      if (renamed !== undefined) return undefined;
      why = `rename ${tmp} to ${to}: ${renameErr ?? "?"}`;
    }
  }
  vim.uv.fs_unlink(tmp);
  return why;
}

/** The newest index of another session of this folder (a new session starts from its stat cache). */
function newestIndex(): string | undefined {
  const [h] = vim.uv.fs_scandir(store);
  if (h === undefined) return undefined;
  let best: string | undefined;
  let bestTime = -1;
  for (;;) {
    const [dir, kind] = vim.uv.fs_scandir_next(h);
    if (dir === undefined) break;
    if (kind !== "directory" || dir === "objects" || dir === "git") continue;
    const [st] = vim.uv.fs_stat(`${store}/${dir}/index`);
    if (st !== undefined && st.mtime.sec > bestTime) {
      bestTime = st.mtime.sec;
      best = `${store}/${dir}/index`;
    }
  }
  return best;
}

/** Every "\0"-ended field of `out`. */
function fields(out: string): string[] {
  const list: string[] = [];
  for (const [p] of string.gmatch(out, "([^%z]+)%z")) list.push(p);
  return list;
}

/** The permission bits of a git mode ("100755" → 0o755). */
function permissions(gitMode: string): number {
  return (tonumber(gitMode, 8) ?? 0o100644) % 0o10000;
}

interface Taken {
  files: number;
  copied: number;
  skipped: number;
  by: string;
}

/**
 * A session's first snapshot in a repository nobody snapshotted yet starts from what git already knows: the
 * user's index, COPIED (their file is only read) as the private index. Its entries carry the stat data and blob
 * ids of every tracked file, so the listing below reads only the files that differ from it (and the untracked
 * ones) instead of every file: the unchanged files' blobs stay in the user's objects, never copied, and the
 * private tree names them (write-tree --missing-ok). The flags that would hide a change from the listing
 * (assume-unchanged, skip-worktree) are cleared in the copy; in a subfolder of the repository, the entries outside
 * it are dropped from the copy (its tree holds that folder's files alone, as the listing does). False when there
 * is nothing to seed from, or the copy is not usable.
 */
function seedIndex(top: string, prefix: string, userIndex: string): boolean {
  if (!exists(userIndex)) return false;
  const why = copyIndex(userIndex, index);
  if (why !== undefined) {
    // A full store is a failure like any other write; an index that cannot be read is no seed.
    if (string.find(why, "ENOSPC", 1, true)[0] !== undefined) die(why);
    return false;
  }
  // From the top (-C): every entry, by its full path.
  const flagged = privateGit(top, ["-C", top, "ls-files", "-z", "-v"]);
  if (flagged.code !== 0) {
    // A split or sparse index, a newer format: not usable here.
    vim.uv.fs_unlink(index);
    return false;
  }
  const hidden: string[] = [];
  const outside: string[] = [];
  for (const field of fields(flagged.stdout)) {
    const tag = string.sub(field, 1, 1);
    const path = string.sub(field, 3);
    if (prefix !== "" && !vim.startswith(path, prefix)) outside.push(path);
    else if (tag === "S" || string.match(tag, "^%l$")[0] !== undefined) hidden.push(path);
  }
  if (outside.length > 0) {
    const r = privateGit(
      top,
      ["-C", top, "update-index", "-z", "--force-remove", "--stdin"],
      outside.join("\0") + "\0",
    );
    if (r.code !== 0) fail("git update-index", r);
  }
  if (hidden.length > 0) {
    const r = privateGit(
      top,
      ["-C", top, "update-index", "-z", "--no-assume-unchanged", "--no-skip-worktree", "--stdin"],
      hidden.join("\0") + "\0",
    );
    if (r.code !== 0) fail("git update-index", r);
  }
  importTrees(top);
  return true;
}

/**
 * The trees of the user's HEAD, copied into the private objects as one pack (read with `pack-objects --stdout`
 * from their repository, which writes nothing there): the seeded index's cache of trees names them, so the
 * first write-tree finds every unchanged folder's tree there instead of writing one loose object per folder
 * (1,083 of them for 20,000 files: seconds on a slow file system). The pack takes the blobs staged but not
 * committed too (`diff-index --cached HEAD`): a `git add` of another version and a `git gc --prune=now` would
 * take such a blob away from their objects, and with it the text a review shows as the file's before the turn
 * (a committed blob stays as long as its commit). Without a HEAD (no commit yet), every blob of the index is
 * staged only: all of them (of this folder: ls-files runs in it).
 */
function importTrees(top: string): void {
  const ids: string[] = [];
  const head = userGit(["rev-parse", "--verify", "-q", "HEAD^{tree}"]);
  if (head.code === 0) {
    const listed = userGit(["ls-tree", "-r", "-d", "-z", "--full-tree", "HEAD"]);
    if (listed.code !== 0) return;
    ids.push(vim.trim(head.stdout));
    for (const [id] of string.gmatch(listed.stdout, "%d+ tree (%x+)\t[^%z]*%z")) ids.push(id);
    const staged = userGit(["diff-index", "--cached", "-z", "--no-renames", "HEAD"]);
    if (staged.code === 0)
      for (const [mode, id] of string.gmatch(staged.stdout, ":%d+ (%d+) %x+ (%x+) %a%z[^%z]*%z"))
        if (string.sub(mode, 1, 3) === "100" && string.match(id, "^0+$")[0] === undefined) ids.push(id);
  } else {
    const staged = userGit(["ls-files", "-s", "-z"]);
    if (staged.code !== 0) return;
    const seen = new LuaSet<string>();
    for (const [mode, id] of string.gmatch(staged.stdout, "(%d+) (%x+) %d\t[^%z]*%z"))
      if (string.sub(mode, 1, 3) === "100" && !seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
    if (ids.length === 0) return;
  }
  const pack = userGit(["pack-objects", "--stdout", "-q"], ids.join("\n") + "\n");
  if (pack.code !== 0) return;
  const r = privateGit(top, ["index-pack", "--stdin"], pack.stdout);
  if (r.code !== 0) fail("git index-pack", r);
}

/**
 * Exports the blobs `ids` as plain files (objects/<id>) for the review; their sizes, the blobs over max_file_bytes
 * left out (neither read nor exported). A blob of a seeded entry is read from the user's objects (reading only:
 * cat-file writes nothing, and objects are only "freshened" by writes). A blob found nowhere fails the snapshot.
 */
function exportBlobs(top: string, ids: string[]): LuaMap<string, number> {
  const sizes = new LuaMap<string, number>();
  if (ids.length === 0) return sizes;
  const checked = privateGit(top, ["cat-file", "--batch-check"], ids.join("\n") + "\n", true);
  if (checked.code !== 0) fail("git cat-file", checked);
  const wanted: string[] = [];
  for (const [id, kind, size] of string.gmatch(checked.stdout, "(%x+) (%a+) ?(%d*)\n")) {
    if (kind === "missing") die(`the blob ${id} is in neither the store (${gitDir}) nor ${userObjects ?? "?"}`);
    const n = tonumber(size) ?? 0;
    if (n > maxBytes) continue;
    sizes.set(id, n);
    if (!exists(`${objects}/${id}`)) wanted.push(id);
  }
  if (wanted.length === 0) return sizes;
  const c = privateGit(top, ["cat-file", "--batch"], wanted.join("\n") + "\n", true);
  if (c.code !== 0) fail("git cat-file", c);
  let at = 1;
  const out = c.stdout;
  for (;;) {
    const [stop] = string.find(out, "\n", at, true);
    if (stop === undefined) break;
    const [id, size] = string.match(string.sub(out, at, stop - 1), "^(%x+) blob (%d+)$");
    if (id === undefined) {
      at = stop + 1;
      continue;
    }
    const n = tonumber(size) ?? 0;
    if (stop + n > out.length) die(`git cat-file: the blob ${id} is cut short (${out.length - stop} of ${n} bytes)`);
    check(writeFile(`${objects}/${id}`, string.sub(out, stop + 1, stop + n)));
    at = stop + n + 2;
  }
  return sizes;
}

function snapshotGit(
  head: GitHead,
  commonDir: string | undefined,
  prev: GitHead | undefined,
  userIndex: string | undefined,
): Taken {
  const top = head.top;
  ensureGitDir();
  mirrorExclude(commonDir);
  const ex = userGit(["config", "--type=path", "--get", "core.excludesFile"]);
  if (ex.code === 0 && vim.trim(ex.stdout) !== "") excludesFile = vim.trim(ex.stdout);
  // What may have changed: since the session's last snapshot (its index), or everything the first time.
  const listChanged = (): { listed: string; tagged: boolean } | GitRun => {
    if (!exists(index)) {
      const other = newestIndex();
      // A copy that fails leaves no half index: the listing below then starts from none (a full store fails).
      if (other !== undefined) {
        const why = copyIndex(other, index);
        if (why !== undefined && string.find(why, "ENOSPC", 1, true)[0] !== undefined) die(why);
      } else if (userIndex !== undefined) seedIndex(top, head.prefix, userIndex);
    }
    if (exists(index) || commonDir === undefined) {
      // Tracked files whose stat changed (diff-files: touched but unchanged ones too, without reading them; the
      // update below gives them their new stat, so they are read once, not at every snapshot), and the untracked
      // ones ("? "): two listings at once.
      const [changed, untracked] = privateGitTogether(top, [
        ["diff-files", "--name-only", "-z", "--relative", "--ignore-submodules=all"],
        ["ls-files", "-z", "-t", "-o", "--exclude-standard"],
      ]);
      if (changed.code !== 0) return changed;
      if (untracked.code !== 0) return untracked;
      const tagged: string[] = [];
      for (const rel of fields(changed.stdout)) tagged.push(`C ${rel}\0`);
      return { listed: tagged.join("") + untracked.stdout, tagged: true };
    }
    const r = userGit(["ls-files", "-z", "-c", "-o", "--exclude-standard"]);
    if (r.code !== 0) fail("git ls-files", r);
    return { listed: r.stdout, tagged: false };
  };
  let skipped = 0;
  let copied = 0;
  /** The index brought up to date with the folder, and its tree; or the git command that failed. */
  const indexTree = (): { tree: string } | { what: string; r: GitRun } => {
    const got = listChanged();
    if ("code" in got) return { what: "git ls-files", r: got };
    const { listed, tagged } = got;
    phase("list");
    const update: string[] = [];
    const drop: string[] = [];
    const seen = new LuaSet<string>();
    skipped = 0;
    copied = 0;
    for (const field of fields(listed)) {
      const rel = tagged ? string.sub(field, 3) : field;
      if (seen.has(rel)) continue;
      seen.add(rel);
      const inIndex = tagged && string.sub(field, 1, 1) !== "?";
      const [st] = vim.uv.fs_lstat(`${root}/${rel}`);
      if (st === undefined) update.push(rel);
      else if (st.type === "file" && st.size <= maxBytes) {
        update.push(rel);
        copied++;
      } else {
        if (st.type === "file") skipped++;
        if (inIndex) drop.push(rel);
      }
    }
    if (update.length > 0) {
      const r = privateGit(top, ["update-index", "-z", "--add", "--remove", "--stdin"], update.join("\0") + "\0");
      if (r.code !== 0) return { what: "git update-index", r };
    }
    if (drop.length > 0) {
      const r = privateGit(top, ["update-index", "-z", "--force-remove", "--stdin"], drop.join("\0") + "\0");
      if (r.code !== 0) return { what: "git update-index", r };
    }
    phase("hash");
    // --missing-ok: a seeded entry's blob is in the user's objects, not the private ones (see seedIndex).
    const wt = privateGit(top, ["write-tree", "--missing-ok"]);
    if (wt.code !== 0) return { what: "git write-tree", r: wt };
    return { tree: vim.trim(wt.stdout) };
  };
  let built = indexTree();
  if ("r" in built && exists(index) && string.find(built.r.stderr, ".lock", 1, true)[0] === undefined) {
    // The session's index cannot be used (cut short or garbled by a crash: git writes it without fsync, and
    // reads it without checking its checksum, so a cut one may fail only when written back): it is only a stat
    // cache, so it goes, and the snapshot starts again from another one (every file hashed again at worst). A
    // failure that is not the index's (a full store) fails again, and is told.
    io.stderr.write(`${built.what}: ${vim.trim(built.r.stderr)}; the session's index ${index} went, started again\n`);
    vim.uv.fs_unlink(index);
    built = indexTree();
  }
  if ("r" in built) return fail(built.what, built.r);
  head.tree = built.tree;
  phase("tree");

  // The delta against the previous snapshot, and the bytes of its blobs as plain files for the review.
  const before: string[] = [];
  const after: string[] = [];
  let files = prev !== undefined ? prev.files : 0;
  if (prev !== undefined && prev.tree !== head.tree) {
    const d = privateGit(top, ["diff-tree", "-r", "-z", "--no-renames", prev.tree, head.tree]);
    // This snapshot's tree was just written: a tree that cannot be read is the previous one's.
    if (d.code !== 0) damaged(`its tree ${prev.tree} cannot be read: ${vim.trim(d.stderr)}`);
    const rows: { a: string; b: string; x: string; y: string; path: string }[] = [];
    const ids: string[] = [];
    const want = new LuaSet<string>();
    for (const [a, b, x, y, status, path] of string.gmatch(d.stdout, ":(%d+) (%d+) (%x+) (%x+) (%a)%d*%z([^%z]*)%z")) {
      // Only files (a symbolic link or a submodule is no file of the snapshot's).
      const isFile = (mode: string) => string.sub(mode, 1, 3) === "100";
      rows.push({ a: isFile(a) ? a : "", b: isFile(b) ? b : "", x, y, path });
      if (status === "A") files++;
      else if (status === "D") files--;
      for (const [mode, id] of [
        [a, x],
        [b, y],
      ])
        if (isFile(mode) && !want.has(id)) {
          want.add(id);
          ids.push(id);
        }
    }
    const sizes = exportBlobs(top, ids);
    const prefix = head.prefix;
    for (const row of rows) {
      if (prefix !== "" && !vim.startswith(row.path, prefix)) continue;
      const rel = string.sub(row.path, prefix.length + 1);
      const entry = (mode: string, id: string): Entry => ({
        size: sizes.get(id) ?? 0,
        sec: 0,
        nsec: 0,
        ino: 0,
        mode: permissions(mode),
        key: id,
      });
      // A file over max_file_bytes is no file of the snapshot's (a seeded tree holds the big tracked ones).
      if (row.a !== "" && sizes.has(row.x)) before.push(record(rel, entry(row.a, row.x)));
      if (row.b !== "" && sizes.has(row.y)) after.push(record(rel, entry(row.b, row.y)));
    }
  }
  if (prev === undefined) {
    const all = privateGit(top, ["ls-files", "-z"]);
    if (all.code !== 0) fail("git ls-files", all);
    files = fields(all.stdout).length;
  }
  head.files = files;
  writeTurn(before.join(""), after.join(""), gitRecord(head));
  phase("delta");
  return { files, copied, skipped, by: "git" };
}

// ---------------------------------------------------------------------------------------------------------
// copies

/** The files under root (relative paths) and who listed them. */
function list(): { files: string[]; by: string } {
  const git = userGit(["ls-files", "-z", "-co", "--exclude-standard"]);
  if (git.code === 0) return { files: fields(git.stdout), by: "ls-files" };
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

/**
 * Copies `path` into the store as `key` (a temp file renamed: a reader never sees half an object). False when
 * the file went meanwhile; a copy that fails otherwise (a full store, a file that cannot be read) fails the
 * snapshot.
 */
function copyIn(path: string, key: string): boolean {
  const target = `${objects}/${key}`;
  if (exists(target)) return true;
  const tmp = `${target}.tmp${vim.uv.os_getpid()}`;
  const [ok, err] = vim.uv.fs_copyfile(path, tmp);
  if (ok === undefined) {
    vim.uv.fs_unlink(tmp);
    if (vim.uv.fs_lstat(path)[0] === undefined) return false;
    die(`copy ${path} to ${tmp}: ${err ?? "?"}`);
  }
  const [modeOk, modeErr] = vim.uv.fs_chmod(tmp, 0o600);
  if (modeOk === undefined) die(`chmod ${tmp}: ${modeErr ?? "?"}`);
  const [renamed, renameErr] = vim.uv.fs_rename(tmp, target);
  if (renamed === undefined) die(`rename ${tmp} to ${target}: ${renameErr ?? "?"}`);
  return true;
}

function keyOf(path: string, size: number, sec: number, nsec: number, ino: number): string {
  // The numbers first and the path last: unambiguous without a separator the path cannot hold.
  return string.sub(vim.fn.sha256(string.format("%d:%d:%d:%d:%s", size, sec, nsec, ino, path)), 1, 40);
}

function snapshotCopies(): Taken {
  // The previous records unparsed (path → facts and key): an unchanged file's record is carried over as it is.
  const before = previous === "-" ? new LuaMap<string, string>() : parseRaw(readFile(previous) ?? "");
  const { files, by } = list();
  phase("list");
  const records: string[] = [];
  // The delta against the previous snapshot, in two small file lists (`<name>.before`: the previous entries of
  // the files that changed or went; `<name>.after`: the new entries of those that changed or came): the editor
  // compares those, never two whole manifests of a large tree on its own loop.
  const deltaBefore: string[] = [];
  const deltaAfter: string[] = [];
  const seen = new LuaSet<string>();
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
    const mode = st.mode % 0o10000;
    const now = facts(st.size, st.mtime.sec, st.mtime.nsec, st.ino, mode);
    const old = before.get(rel);
    let line: string;
    if (old !== undefined && string.sub(old, 1, now.length) === now) line = `${rel}\0${old}`;
    else {
      const key = keyOf(rel, st.size, st.mtime.sec, st.mtime.nsec, st.ino);
      if (!copyIn(path, key)) continue;
      // Changed while it was copied: the object may hold the newer text under the older facts; it is left out
      // of this snapshot rather than kept under the wrong facts.
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
      line = `${rel}\0${now}${key}\0`;
      deltaAfter.push(line);
      if (old !== undefined) deltaBefore.push(`${rel}\0${old}`);
    }
    count++;
    seen.add(rel);
    records.push(line);
  }
  phase("copy");
  for (const [p, rest] of before) if (!seen.has(p)) deltaBefore.push(`${p}\0${rest}`);
  writeTurn(deltaBefore.join(""), deltaAfter.join(""), records.join(""));
  phase("delta");
  return { files: count, copied, skipped, by };
}

// ---------------------------------------------------------------------------------------------------------
// housekeeping (after the answer)

/** Every manifest and delta of every session of this folder (their paths). */
function manifests(): string[] {
  const out: string[] = [];
  const [sessions] = vim.uv.fs_scandir(store);
  if (sessions === undefined) return out;
  for (;;) {
    const [dir, kind] = vim.uv.fs_scandir_next(sessions);
    if (dir === undefined) break;
    if (kind !== "directory" || dir === "objects" || dir === "git") continue;
    const [mh] = vim.uv.fs_scandir(`${store}/${dir}`);
    if (mh === undefined) continue;
    for (;;) {
      const [m] = vim.uv.fs_scandir_next(mh);
      if (m === undefined) break;
      if (string.match(m, "^%d+%.")[0] !== undefined && string.match(m, "%.tmp%d*$")[0] === undefined)
        out.push(`${store}/${dir}/${m}`);
    }
  }
  return out;
}

/** Drops the session's turns beyond the last `keep`; true when any went. */
function dropOldTurns(): boolean {
  const turns: number[] = [];
  const seen = new LuaSet<number>();
  const [h] = vim.uv.fs_scandir(sessionDir);
  if (h === undefined) return false;
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
  if (turns.length <= keep) return false;
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
  return true;
}

/**
 * Sessions and folders nobody snapshotted for this long go (:help claude-ide-turn-review): a session's folder
 * lives as long as its CLI runs and a while after (:ClaudeCodeReview {n} of a quit session), not forever.
 */
const STALE_SECONDS = 14 * 86400;

/** A store's folder name: 16 hex digits (editor/snapshot/snapshot's hash); nothing else in the store is ever removed. */
function isHashName(name: string): boolean {
  return string.match(name, "^%x+$")[0] !== undefined && name.length === 16;
}

/** The newest modification time (seconds) of `dir` and of the entries right below it, -1 if it is gone. */
function newestMtime(dir: string): number {
  const [st] = vim.uv.fs_stat(dir);
  if (st === undefined) return -1;
  let newest = st.mtime.sec;
  const [h] = vim.uv.fs_scandir(dir);
  if (h !== undefined)
    for (;;) {
      const [entry] = vim.uv.fs_scandir_next(h);
      if (entry === undefined) break;
      const [es] = vim.uv.fs_stat(`${dir}/${entry}`);
      if (es !== undefined && es.mtime.sec > newest) newest = es.mtime.sec;
    }
  return newest;
}

/** Removes a folder of the store and everything in it (a link is removed, never followed). */
function removeTree(path: string): void {
  const [h] = vim.uv.fs_scandir(path);
  if (h !== undefined)
    for (;;) {
      const [entry, kind] = vim.uv.fs_scandir_next(h);
      if (entry === undefined) break;
      if (kind === "directory") removeTree(`${path}/${entry}`);
      else vim.uv.fs_unlink(`${path}/${entry}`);
    }
  vim.uv.fs_rmdir(path);
}

/** The folders right below `dir` that have a store's hash name (sessions below a store, stores below the base). */
function hashDirs(dir: string): string[] {
  const out: string[] = [];
  const [h] = vim.uv.fs_scandir(dir);
  if (h === undefined) return out;
  for (;;) {
    const [entry, kind] = vim.uv.fs_scandir_next(h);
    if (entry === undefined) break;
    if (kind === "directory" && isHashName(entry)) out.push(entry);
  }
  return out;
}

/** The other sessions of this folder untouched for STALE_SECONDS go; true when any went. */
function dropStaleSessions(now: number): boolean {
  let any = false;
  const ours = vim.fn.fnamemodify(sessionDir, ":t");
  for (const dir of hashDirs(store)) {
    const path = `${store}/${dir}`;
    if (dir !== ours && newestMtime(path) < now - STALE_SECONDS) {
      removeTree(path);
      any = true;
    }
  }
  return any;
}

/**
 * The stores of other folders (beside this one) whose every session is older than STALE_SECONDS go whole: a
 * project not worked on for that long keeps no snapshot. Only folders that look like stores (a hash name with an
 * `objects` folder) are touched.
 */
function dropStaleFolders(now: number): void {
  const parent = vim.fn.fnamemodify(store, ":h");
  const ours = vim.fn.fnamemodify(store, ":t");
  for (const dir of hashDirs(parent)) {
    const path = `${parent}/${dir}`;
    if (dir === ours || vim.fn.isdirectory(`${path}/objects`) !== 1) continue;
    let newest = newestMtime(path);
    for (const s of hashDirs(path)) newest = math.max(newest, newestMtime(`${path}/${s}`));
    if (newest < now - STALE_SECONDS) removeTree(path);
  }
}

/** The plain objects no manifest or delta names go; so do the private repository's unreachable objects. */
function sweepObjects(top: string | undefined): void {
  const used = new LuaSet<string>();
  const trees: string[] = [];
  for (const m of manifests()) {
    const data = readFile(m) ?? "";
    const head = parseGitHead(data);
    if (head !== undefined) trees.push(head.tree);
    else for (const [, e] of readManifest(m)) used.add(e.key);
  }
  const [oh] = vim.uv.fs_scandir(objects);
  if (oh !== undefined)
    for (;;) {
      const [o] = vim.uv.fs_scandir_next(oh);
      if (o === undefined) break;
      if (!used.has(o) && string.match(o, "%.tmp%d*$")[0] === undefined) vim.uv.fs_unlink(`${objects}/${o}`);
    }
  if (top !== undefined && exists(`${gitDir}/HEAD`)) privateGit(top, ["prune", "--expire=1.hour.ago", ...trees]);
}

// ---------------------------------------------------------------------------------------------------------

mkdir(store);
mkdir(objects);
mkdir(sessionDir);

/**
 * The previous snapshot cannot be used (`why`): a crash (a power loss: files are written without fsync) left it
 * cut short, empty or garbled, or it is gone. Compared with it, every file would look created (or none changed):
 * the snapshot fails, saying so (DAMAGED: a turn's start then starts again without it, see hooks/turn).
 */
function damaged(why: string): never {
  return die(`the previous snapshot ${previous} ${DAMAGED} (${why})`);
}

/** `data` is a whole file list: its records cover it to its last byte (a cut one leaves a piece over). */
function wholeFileList(data: string): boolean {
  let covered = 0;
  for (const [p, rest] of string.gmatch(data, "([^%z]*)%z([^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z)"))
    covered += p.length + 1 + rest.length;
  return covered === data.length;
}

/** The method: the previous snapshot's (a session keeps its method), or git when the folder is in a repository. */
function choose(): { git?: GitHead; commonDir?: string; userIndex?: string; prev?: GitHead } {
  const prevData = previous !== "-" ? readFile(previous) : undefined;
  if (previous !== "-" && prevData === undefined) damaged("it is gone");
  const prev = prevData !== undefined ? parseGitHead(prevData) : undefined;
  if (prevData !== undefined && prev === undefined) {
    // A session that used git has an index: its manifests are git ones. A file list must be whole.
    if (exists(index) || string.sub(prevData, 1, 4) === "git\0") damaged("not a whole git snapshot");
    if (!wholeFileList(prevData)) damaged("not a whole file list");
    return {};
  }
  const r = userGit([
    "rev-parse",
    "--show-toplevel",
    "--git-common-dir",
    "--show-prefix",
    "--git-path",
    "index",
    "--git-path",
    "objects",
  ]);
  if (r.code === 0) {
    const [top, common, prefix, indexPath, objectsPath] = string.match(
      r.stdout,
      "^([^\n]*)\n([^\n]*)\n([^\n]*)\n([^\n]*)\n([^\n]*)",
    );
    if (top !== undefined && top !== "") {
      const absolute = (p: string) => (string.sub(p, 1, 1) === "/" ? p : `${root}/${p}`);
      const commonDir = absolute(common);
      userObjects = objectsPath !== undefined && objectsPath !== "" ? absolute(objectsPath) : undefined;
      const userIndex = indexPath !== undefined && indexPath !== "" ? absolute(indexPath) : undefined;
      if (prev !== undefined) return { git: { ...prev }, commonDir, prev };
      return { git: { tree: "", files: 0, top, prefix: prefix ?? "" }, commonDir, userIndex };
    }
  }
  if (prev !== undefined) return { git: { ...prev }, prev };
  return {};
}

const method = choose();
phase("start");
const taken =
  method.git !== undefined
    ? snapshotGit(method.git, method.commonDir, method.prev, method.userIndex)
    : snapshotCopies();
/**
 * The CPU time this process and the git commands it waited for used (ms; Linux /proc, else -1): a figure the
 * machine's load does not inflate, as it does the wall time.
 */
function cpuMs(): number {
  // io, not vim.uv: a /proc file's size is 0 to fstat.
  const [fh] = io.open("/proc/self/stat", "r");
  if (fh === undefined) return -1;
  const stat: unknown = fh.read("*a");
  fh.close();
  if (typeof stat !== "string") return -1;
  // After the command name (in parentheses, which may hold spaces): fields 3.. ; utime, stime, cutime, cstime
  // are fields 14 to 17, in clock ticks (100 a second on Linux).
  const [rest] = string.match(stat, "%) (.*)$");
  if (rest === undefined) return -1;
  const f: number[] = [];
  for (const [n] of string.gmatch(rest, "(%S+)")) f.push(tonumber(n) ?? 0);
  return (f[11] + f[12] + f[13] + f[14]) * 10;
}

phases.push(`cpu:${cpuMs()}`);
const ms = (vim.uv.hrtime() - started) / 1e6;
io.stdout.write(
  `files ${taken.files} copied ${taken.copied} skipped ${taken.skipped} listed-by ${taken.by} ms ${math.floor(ms)} phases ${phases.join(",")}\n`,
);
io.stdout.flush();

const nowSec = os.time();
const droppedTurns = dropOldTurns();
const droppedSessions = dropStaleSessions(nowSec);
if (droppedTurns || droppedSessions) sweepObjects(method.git?.top);
dropStaleFolders(nowSec);
