// A big file no buffer holds is written by a child Neovim (editor/write/disk_write_worker), so that reading it into a
// buffer and the `:write` (single calls of 10-20 ms for 100,000 lines, that cannot be cut) never hold the
// editor's loop: the editor writes the job (the text the change was planned on and the changed lines) into a
// private folder in slices, starts the child and parks the call until the child answers. The child is a
// `:w` with the editor's own options (every global option that changes what :w writes is passed), events
// ignored, no modeline; it writes nothing when the file no longer holds the planned-on text or changed since
// the editor looked at it, and it never starts the write once half its time is up, so stopping a child that
// takes too long never cuts a write short. The job folder is the plugin's own
// (stdpath("state")/claude-ide/writes/<pid>-<n>, 0700), removed when the child ends; one left by an editor
// that was killed meanwhile is swept by the next write after an hour.

import { childLuaPath, pluginScript } from "../../util/modules";
import { runInBackground } from "../../util/process";

/** @noSelf */
export interface ChildPacing {
  /** Called often while the job is written: pauses once a slice has run out. */
  due(): void;
  /** Pauses now: the child is started on a fresh slice (starting a process costs up to 5 ms on Neovim 0.10). */
  pause(): void;
  /** Parks the call until `done` is called (from a later event), and returns its value. */
  wait<T>(start: (this: void, done: (this: void, value: T) => void) => void): T;
}

/** When a file is written in a child, and how (internal: specs change them). */
export const childWrite = {
  /** Files of at least this size go to a child (a child costs 20-40 ms of wall time, none of the editor's). */
  minBytes: 512 * 1024,
  /** How long a child may run (ms) before it is stopped; it does not start the write after half of it. */
  timeoutMs: 60000,
  /** The worker script; undefined: disk_write_worker.lua beside this module. */
  worker: undefined as string | undefined,
  /** Children started so far (specs read it). */
  started: 0,
};

export interface ChildJob {
  /** Normalized absolute path of an existing regular file. */
  file: string;
  /** The file's size:mtime:inode (disk_write's fileStamp) when the editor last checked it. */
  stamp: string;
  change: LinesChange | EditsChange;
}

/** Lines from..to (0-based, `to` exclusive) of `expect` (the lines the change was planned on) become `replacement`. */
export interface LinesChange {
  kind: "lines";
  expect: string[];
  from: number;
  to: number;
  replacement: string[];
}

/** An agent's edits (editor/write/apply EditSpec), planned by the child on the file as it reads it. */
export interface EditsChange {
  kind: "edits";
  edits: unknown[];
  /** The file's name in what the model is told. */
  display: string;
}

export type ChildOutcome =
  | { kind: "ok" }
  | { kind: "changed" }
  | { kind: "loaded"; buf: Buf }
  | { kind: "failed"; error: string }
  /** An edits job whose edits leave the file as it is. */
  | { kind: "unchanged" }
  /** An edits job the edits do not fit (old_text not found, ...): what to tell the model. */
  | { kind: "refused"; error: string };

/**
 * The global values of the options that change what `:w` writes (line endings, encoding, BOM, final newline,
 * backups and how the file is replaced, fsync) as the editor has them: a new buffer takes them.
 */
const OPTIONS = [
  "fileformats",
  "fileformat",
  "fileencodings",
  "fileencoding",
  "bomb",
  "binary",
  "fixendofline",
  "backup",
  "writebackup",
  "backupcopy",
  "backupdir",
  "backupext",
  "backupskip",
  "patchmode",
  "fsync",
  "writeany",
];

/** Lines joined and written per step while the job is written (the clock is looked at after each). */
const STEP = 8000;

/** Job folders older than this (s) belong to no running child: swept. */
const STALE_SECONDS = 3600;

let jobs = 0;

function workerScript(): string {
  return childWrite.worker ?? pluginScript("editor/write/disk_write_worker.lua");
}

/** Removes a job folder and the files in it (it holds no folder). */
function removeFolder(folder: string): void {
  const [handle] = vim.uv.fs_scandir(folder);
  if (handle !== undefined) {
    for (;;) {
      const [name] = vim.uv.fs_scandir_next(handle);
      if (name === undefined) break;
      vim.uv.fs_unlink(`${folder}/${name}`);
    }
  }
  vim.uv.fs_rmdir(folder);
}

/** Removes the job folders of children that cannot be running any more (their editor was killed). */
function sweep(base: string): void {
  const [handle] = vim.uv.fs_scandir(base);
  if (handle === undefined) return;
  const now = os.time();
  for (;;) {
    const [name] = vim.uv.fs_scandir_next(handle);
    if (name === undefined) break;
    const [st] = vim.uv.fs_stat(`${base}/${name}`);
    if (st !== undefined && now - st.mtime.sec > STALE_SECONDS) removeFolder(`${base}/${name}`);
  }
}

/**
 * Writes `lines` to `path` (a new file, 0600), each ended by "\n", with the bytes as they are: the lines as
 * read from the file hold a NUL byte raw (writefile() refuses such a string), and no Vim list is built of them.
 */
function writeLines(path: string, lines: string[], pacing: ChildPacing): void {
  const [fd, err] = vim.uv.fs_open(path, "wx", 0o600);
  if (fd === undefined) throw `cannot write ${path}: ${err}`;
  let failure: string | undefined;
  for (let from = 1; from <= lines.length && failure === undefined; from += STEP) {
    const data = `${table.concat(lines, "\n", from, math.min(from + STEP - 1, lines.length))}\n`;
    const [written, writeErr] = vim.uv.fs_write(fd, data);
    if (written !== data.length) failure = `cannot write ${path}: ${writeErr ?? "short write"}`;
    pacing.due();
  }
  vim.uv.fs_close(fd);
  if (failure !== undefined) throw failure;
}

/**
 * Writes `job` in a child Neovim, parking the call meanwhile (see the top of this file). `loadedNow`: the
 * buffer that has the file loaded now, if any (checked right before the child starts: the user may have opened
 * it while the job was written; then nothing is written and the caller changes that buffer).
 */
export function writeInChild(job: ChildJob, pacing: ChildPacing, loadedNow: () => Buf | undefined): ChildOutcome {
  const base = `${vim.fn.stdpath("state")}/claude-ide/writes`;
  if (vim.fn.isdirectory(base) !== 1) vim.fn.mkdir(base, "p", 0o700);
  sweep(base);
  jobs++;
  const folder = `${base}/${vim.fn.getpid()}-${jobs}`;
  removeFolder(folder);
  vim.fn.mkdir(folder, "p", 0o700);
  pacing.due();
  const options: Record<string, unknown> = {};
  for (const name of OPTIONS) options[name] = vim.api.nvim_get_option_value(name, { scope: "global" });
  const change = job.change;
  const [ok, err] = pcall(() => {
    const spec: Record<string, unknown> = {
      file: job.file,
      stamp: job.stamp,
      writeByMs: childWrite.timeoutMs / 2,
      options,
    };
    if (change.kind === "lines") {
      writeLines(`${folder}/expect.lines`, change.expect, pacing);
      writeLines(`${folder}/new.lines`, change.replacement, pacing);
      spec.from = change.from;
      spec.to = change.to;
      spec.count = change.expect.length;
    } else {
      spec.edits = change.edits;
      spec.display = change.display;
    }
    if (vim.fn.writefile([vim.json.encode(spec)], `${folder}/job.json`, "b") !== 0) throw "cannot write the job";
  });
  if (!ok) {
    removeFolder(folder);
    return { kind: "failed", error: `cannot prepare the write: ${tostring(err)}` };
  }
  pacing.pause();
  const loaded = loadedNow();
  if (loaded !== undefined) {
    removeFolder(folder);
    return { kind: "loaded", buf: loaded };
  }
  const cmd = [vim.v.progpath, "--clean", "--headless", "-n", "-i", "NONE", "-l", workerScript(), folder];
  childWrite.started++;
  const ended = pacing.wait<{ code: number; out: string; err: string; timedOut: boolean }>((done) => {
    let timedOut = false;
    const timer = vim.uv.new_timer();
    const finish = (code: number, out: string, errText: string) =>
      vim.schedule(() => {
        if (!timer.is_closing()) timer.close();
        removeFolder(folder);
        done({ code, out, err: errText, timedOut });
      });
    const [started, proc] = pcall(() =>
      vim.system(cmd, { text: true, env: { LUA_PATH: childLuaPath() } }, (r) =>
        finish(r.code, r.stdout ?? "", r.stderr ?? ""),
      ),
    );
    if (!started) {
      finish(-1, "", `cannot start it: ${tostring(proc)}`);
      return;
    }
    runInBackground(proc.pid);
    // SIGKILL: a child stuck in one long call would not see a TERM before the call returns.
    timer.start(childWrite.timeoutMs, 0, () => {
      timedOut = true;
      pcall(() => proc.kill(9));
    });
  });
  const [answer] = string.match(ended.out, "([^\n]*)\n?$");
  if (answer === "ok" && ended.code === 0) {
    // The user opened the file while the child wrote it: Neovim is told now, as after any change on disk
    // (:checktime: reloaded with 'autoread' when the buffer is unchanged, else Neovim's own W12 question).
    const opened = loadedNow();
    if (opened !== undefined) pcall(() => vim.cmd(`checktime ${opened}`));
    return { kind: "ok" };
  }
  if (answer === "unchanged" && ended.code === 0) return { kind: "unchanged" };
  if (answer !== undefined && vim.startswith(answer, "refused "))
    return { kind: "refused", error: string.sub(answer, 9) };
  if (answer !== undefined && vim.startswith(answer, "changed")) return { kind: "changed" };
  if (answer !== undefined && vim.startswith(answer, "error ")) return { kind: "failed", error: string.sub(answer, 7) };
  if (ended.timedOut)
    return {
      kind: "failed",
      error: `the child Neovim writing it did not answer in ${childWrite.timeoutMs / 1000} s and was stopped (it starts no write after half that time)`,
    };
  const detail = vim.trim(ended.err) !== "" ? `: ${vim.trim(ended.err).split("\n")[0]}` : "";
  return { kind: "failed", error: `the child Neovim writing it failed (exit ${ended.code})${detail}` };
}
