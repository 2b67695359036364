// The project search: one child process does the reading (ripgrep, else git grep in a repository, else the
// walker: a child `nvim -l`), a second one searches the text of buffers with unsaved changes (the walker, fed on
// stdin), and the editor only reads their output as it streams in. Nothing of the search runs long in the
// editor's loop; the children are killed when enough matches arrived, on a timeout, on too much output, or when
// the call is cancelled, and the search reports its end only once every child has exited.
import { backgroundCommand } from "../../util/process";
import type { Translated } from "./dialect";

/** One match as an engine reported it. */
export interface Hit {
  /** Absolute path. */
  path: string;
  line: number;
  /** 1-based byte column of the first match in the line. */
  byteCol: number;
  /** The whole line (raw bytes). */
  text: string;
}

export interface Limits {
  timeoutMs: number;
  maxFileBytes: number;
  maxFiles: number;
  maxOutputBytes: number;
}

/** "buffers": no engine; only the given texts (the overlay) are searched (the search tool's buffer scopes). */
export type Engine = "rg" | "git grep" | "walk" | "buffers";

export interface Request {
  /** The folder searched (absolute, normalized). */
  root: string;
  /** Plain text (undefined: `regex` holds the translated regex). */
  text?: string;
  regex?: Translated;
  /** Stop once this many hits are in. */
  max: number;
  limits: Limits;
  /** Buffers answered from their text instead of the disk (absolute path → text). */
  overlay: { path: string; text: string }[];
  engine: Engine;
  /** The ripgrep command (engine rg). */
  rg: string;
  /** The walker script and the Neovim that runs it. */
  walker: string;
  nvim: string;
}

export interface Summary {
  engine: Engine;
  /** How the engine ran (e.g. "git grep -P"). */
  how: string;
  hits: Hit[];
  /** More hits than `max` exist (the engine was stopped early). */
  more: boolean;
  filesSearched?: number;
  binary: number;
  oversize: number;
  timedOut: boolean;
  outputCut: boolean;
  maxFilesHit: boolean;
  /** Problems the engine reported (unreadable files, ...): the first few. */
  errors: string[];
  /** A child was killed before it had finished because max_results matches were in. */
  stoppedEarly: boolean;
  /** The engine refused the pattern (its message). */
  patternError?: string;
}

/** @noSelf */
export interface Running {
  cancel(): void;
  /** Process ids of the children still running. */
  pids(): number[];
}

/** A child of this search and how its output lines are read. */
interface Child {
  obj?: vim.SystemObj;
  done: boolean;
  pending: string;
  errPending: string;
  onLine: (this: void, line: string) => void;
  onErrLine: (this: void, line: string) => void;
}

function gitDir(root: string): boolean {
  let dir = root;
  for (;;) {
    const [st] = vim.uv.fs_stat(`${dir}/.git`);
    if (st !== undefined) return true;
    const [parent] = string.match(dir, "^(.*)/[^/]*$");
    if (parent === undefined || parent === dir) return false;
    dir = parent === "" ? "/" : parent;
    if (dir === "/") {
      const [top] = vim.uv.fs_stat("/.git");
      return top !== undefined;
    }
  }
}

/** The walker script beside this module (run by a child Neovim; never loaded here). */
export function walkerScript(): string {
  const source = debug.getinfo(1, "S")?.source ?? "";
  const [dir] = string.match(source, "^@(.*)/[^/]*$");
  return `${dir ?? "."}/walker.lua`;
}

/** Which engine searches `root`: rg when executable, else git grep inside a repository, else the walk. */
export function chooseEngine(root: string, rg: string | false): Engine {
  if (rg !== false && vim.fn.executable(rg) === 1) return "rg";
  if (vim.fn.executable("git") === 1 && gitDir(root)) return "git grep";
  return "walk";
}

/** Whether this git can run -P (PCRE): asked once per editor. */
let gitHasPcre: boolean | undefined;

function gitPcre(root: string): boolean {
  if (gitHasPcre === undefined) {
    // A pathspec naming nothing: only the pattern's compilation is tried (a git without PCRE says "Perl").
    const res = vim
      .system(["git", "grep", "-P", "-e", "x", "--", ":(literal)claude-ide-no-such-file"], { text: true, cwd: root })
      .wait(2000);
    gitHasPcre = string.find(res.stderr ?? "", "Perl", 1, true)[0] === undefined;
  }
  return gitHasPcre;
}

function commandFor(req: Request): { cmd: string[]; how: string; env?: { [k: string]: string } } | undefined {
  if (req.engine === "buffers") return undefined;
  const { text, regex, limits } = req;
  if (req.engine === "rg") {
    const cmd = [
      req.rg,
      "--no-config",
      "--null",
      "--line-number",
      "--column",
      "--no-heading",
      "--with-filename",
      "--color=never",
      "--hidden",
      "--glob=!.git",
      "--binary",
      "--stats",
      // No --max-filesize: ripgrep would stat every file of the tree for it (a fifth of its time on 100,000 small
      // files); a match in an over-size file is dropped and counted as it arrives instead (addHit), as for git
      // grep. What an over-size file can send is bounded: a line longer than the limit can only be in one (it is
      // printed as "[Omitted long line ...]"), and no file sends more lines than the search keeps.
      `--max-columns=${limits.maxFileBytes}`,
      `--max-count=${req.max + 1}`,
    ];
    if (text !== undefined) cmd.push("--fixed-strings", "--regexp", text);
    else cmd.push("--regexp", (regex as Translated).rust);
    cmd.push("--", ".");
    return { cmd, how: "rg" };
  }
  if (req.engine === "git grep") {
    // No -I: a binary file with a match is then named ("Binary file X matches"), and counted as skipped.
    const cmd = ["git", "--no-pager", "grep", "--untracked", "-z", "-n", "--column", "--no-color"];
    let how = "git grep";
    if (text !== undefined) {
      cmd.push("-F", "-e", text);
    } else if (gitPcre(req.root)) {
      cmd.push("-P", "-e", (regex as Translated).pcre);
      how = "git grep -P";
    } else {
      cmd.push("-E", "-e", (regex as Translated).ere);
      how = "git grep -E";
    }
    cmd.push("--");
    return { cmd, how, env: { LC_ALL: "C.UTF-8", GIT_CONFIG_NOSYSTEM: "1" } };
  }
  return { cmd: walkerCommand(req, "walk"), how: "walk" };
}

function walkerCommand(req: Request, mode: "walk" | "docs"): string[] {
  const kind = req.text !== undefined ? "plain" : "vim";
  const pattern = req.text ?? (req.regex as Translated).vim;
  return [
    req.nvim,
    "--clean",
    "--headless",
    "-l",
    req.walker,
    req.root,
    kind,
    pattern,
    tostring(req.limits.maxFileBytes),
    tostring(req.limits.maxFiles),
    mode,
  ];
}

/**
 * Starts the search; `onDone` gets the summary once every child has exited (never after `cancel`).
 * Called in the editor's loop; the callbacks it registers run in luv callbacks and only parse strings.
 */
export function start(req: Request, onDone: (this: void, summary: Summary) => void): Running {
  const overlaid = new LuaSet<string>();
  for (const doc of req.overlay) overlaid.add(doc.path);
  const command = commandFor(req);
  const summary: Summary = {
    engine: req.engine,
    how: command?.how ?? "buffers",
    hits: [],
    more: false,
    binary: 0,
    oversize: 0,
    timedOut: false,
    outputCut: false,
    maxFilesHit: false,
    errors: [],
    stoppedEarly: false,
  };
  const children: Child[] = [];
  const seenOversize = new LuaSet<string>();
  const statCache = new LuaMap<string, boolean>();
  let outputBytes = 0;
  let stopping = false;
  let finished = false;
  let cancelled = false;
  const timer = vim.uv.new_timer();

  const absolute = (path: string): string => {
    if (path === "" || string.sub(path, 1, 1) === "/") return path;
    if (string.sub(path, 1, 2) === "./") path = string.sub(path, 3);
    return `${req.root}/${path}`;
  };

  const finishIfDone = () => {
    if (finished || cancelled) return;
    for (const c of children) if (!c.done) return;
    finished = true;
    if (!timer.is_closing()) timer.close();
    // ripgrep searched the over-size files whose matches were dropped: they count as skipped, not searched.
    if (req.engine === "rg" && summary.filesSearched !== undefined)
      summary.filesSearched = math.max(0, summary.filesSearched - summary.oversize);
    vim.schedule(() => onDone(summary));
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const c of children) {
      if (!c.done && c.obj !== undefined) pcall(() => (c.obj as vim.SystemObj).kill(9));
    }
  };

  /** Every hit of every child passes here. */
  const addHit = (hit: Hit, fromOverlay: boolean) => {
    if (stopping) return;
    if (!fromOverlay && overlaid.has(hit.path)) return;
    if ((req.engine === "rg" || req.engine === "git grep") && !fromOverlay) {
      // Neither engine is given a size limit: a match in an over-size file is dropped and counted.
      let small = statCache.get(hit.path);
      if (small === undefined) {
        const [st] = vim.uv.fs_stat(hit.path);
        small = st === undefined || st.size <= req.limits.maxFileBytes;
        statCache.set(hit.path, small);
        if (!small) summary.oversize++;
      }
      if (!small) return;
    }
    if (summary.hits.length >= req.max) {
      summary.more = true;
      stop();
      return;
    }
    summary.hits.push(hit);
  };

  /** Reads one output line of ripgrep, the walker, or git grep (-z). */
  const parseLine = (line: string, fromOverlay: boolean, git: boolean) => {
    const [z] = string.find(line, "\0", 1, true);
    if (z !== undefined) {
      const path = string.sub(line, 1, z - 1);
      const [lnum, col, rest] = git
        ? string.match(line, "^(%d+)%z(%d+)%z()", z + 1)
        : string.match(line, "^(%d+):(%d+):()", z + 1);
      if (lnum === undefined || col === undefined || rest === undefined) return;
      addHit(
        {
          path: absolute(path),
          line: tonumber(lnum) as number,
          byteCol: tonumber(col) as number,
          text: string.sub(line, tonumber(rest) as number),
        },
        fromOverlay,
      );
      return;
    }
    const [binaryPath] = git
      ? string.match(line, "^Binary file (.*) matches$")
      : string.match(line, "^(.*): binary file matches %(found");
    if (binaryPath !== undefined) {
      if (!overlaid.has(absolute(binaryPath))) summary.binary++;
      return;
    }
    const [files] = string.match(line, "^(%d+) files searched$");
    if (files !== undefined) {
      summary.filesSearched = (summary.filesSearched ?? 0) + (tonumber(files) as number);
      return;
    }
    if (string.find(line, "^walker: stopped after")[0] !== undefined) summary.maxFilesHit = true;
  };

  // stderr: the walker's "ignoring <path>: <n> bytes" (a file over max_file_bytes), else an engine's error.
  const parseErr = (line: string) => {
    const [ignored] = string.match(line, "ignoring (.*): %d+ bytes$");
    if (ignored !== undefined) {
      if (!seenOversize.has(ignored)) {
        seenOversize.add(ignored);
        summary.oversize++;
      }
      return;
    }
    if (line === "") return;
    if (summary.errors.length < 3) summary.errors.push(line);
  };

  /** Splits a stream into lines, keeping the unfinished tail. */
  const feed = (child: Child, data: string, err: boolean) => {
    let buf = (err ? child.errPending : child.pending) + data;
    let pos = 1;
    for (;;) {
      const [nl] = string.find(buf, "\n", pos, true);
      if (nl === undefined) break;
      if (err) child.onErrLine(string.sub(buf, pos, nl - 1));
      else child.onLine(string.sub(buf, pos, nl - 1));
      pos = nl + 1;
    }
    buf = string.sub(buf, pos);
    if (err) child.errPending = buf;
    else child.pending = buf;
  };

  const spawn = (argv: string[], child: Child, stdin: string | undefined, childEnv?: { [k: string]: string }) => {
    children.push(child);
    const [ok, obj] = pcall(() =>
      vim.system(
        // Below the editor's priority: on two cores a search using both must not keep the user's keys waiting.
        backgroundCommand(argv),
        {
          cwd: req.root,
          env: childEnv,
          stdin: stdin ?? false,
          stdout: (_err, data) => {
            if (data === undefined || stopping) return;
            outputBytes += data.length;
            if (outputBytes > req.limits.maxOutputBytes) {
              summary.outputCut = true;
              stop();
              return;
            }
            feed(child, data, false);
          },
          stderr: (_err, data) => {
            if (data !== undefined && !stopping) feed(child, data, true);
          },
        },
        (res) => {
          if (!stopping) {
            if (child.pending !== "") child.onLine(child.pending);
            if (child.errPending !== "") child.onErrLine(child.errPending);
          }
          child.pending = "";
          if (stopping && summary.more && res.signal !== 0) summary.stoppedEarly = true;
          // git grep: 1 = no match; ripgrep: 1 = no match, 2 = an error (some files unreadable, or the pattern).
          if (res.code >= 2 && summary.hits.length === 0 && summary.errors.length > 0 && !stopping)
            summary.patternError = summary.errors.join("\n");
          child.done = true;
          finishIfDone();
        },
      ),
    );
    if (ok) {
      child.obj = obj;
    } else {
      summary.errors.push(`could not start ${argv[0]}: ${tostring(obj)}`);
      child.done = true;
    }
  };

  const git = req.engine === "git grep";
  const engineChild: Child = {
    done: false,
    pending: "",
    errPending: "",
    onLine: (line) => parseLine(line, false, git),
    onErrLine: (line) => parseErr(line),
  };
  if (command !== undefined) spawn(command.cmd, engineChild, undefined, command.env);
  if (req.overlay.length > 0) {
    const parts: string[] = [];
    for (const doc of req.overlay) parts.push(doc.path, "\0", tostring(doc.text.length), "\0", doc.text);
    const overlayChild: Child = {
      done: false,
      pending: "",
      errPending: "",
      onLine: (line) => {
        // The overlay's count of files is not the engine's: only its matches and binary notes are kept.
        if (string.find(line, "^%d+ files searched$")[0] === undefined) parseLine(line, true, false);
      },
      onErrLine: (line) => parseErr(line),
    };
    spawn(walkerCommand(req, "docs"), overlayChild, parts.join(""));
  }
  timer.start(req.limits.timeoutMs, 0, () => {
    if (finished) return;
    summary.timedOut = true;
    stop();
  });
  finishIfDone();
  return {
    cancel: () => {
      cancelled = true;
      stop();
      if (!timer.is_closing()) timer.close();
    },
    pids: () => {
      const out: number[] = [];
      for (const c of children) if (!c.done && c.obj !== undefined) out.push(c.obj.pid);
      return out;
    },
  };
}
