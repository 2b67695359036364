// The write of a big file no buffer holds, done by a child `nvim --clean --headless -n -i NONE -l
// disk_write_worker.lua <job folder>` (never loaded in the editor): reading the file into a buffer and Neovim's
// own `:write` of it are single long calls, and here they hold the child's loop, not the editor's.
// The job folder (the plugin's own, 0700; editor/write/disk_write_child writes it) holds:
//   job.json   {file, from, to, count, stamp, options}: the change is "lines from..to (0-based, end exclusive)
//              become the lines of new.lines"; count: the line count of expect.lines; stamp: the file's
//              size:mtime:inode when the editor checked it; options: the editor's global values of every option
//              that changes what :w writes ('fileformats', 'fileencodings', 'fixendofline', 'backupcopy', ...)
//   expect.lines  the lines the change was planned on, each ended by "\n" (bytes as they are: a NUL raw)
//   new.lines     the replacement lines (the same way)
// It does what the hidden buffer in the editor does (editor/write/disk_write): every autocmd ignored, no modeline, no
// swap or undo file; the file must still hold `expect` (as read, or converted from its encoding as Neovim reads
// it) and still have the stamp it had when the job was written, else nothing is written. The answer is one
// line on stdout: `ok`, `changed <why>` or `error <message>`.
// A job may give the agent's edits instead of the lines (no review shown: nothing needs the text in the editor):
// the child reads the file, plans them as the editor would (editor/write/apply planEdits) and answers `unchanged` or
// `refused <what to tell the model>` where the editor would have.
// It requires the plugin's editor/buffers and util/fs (the editor puts its lua/ folder on LUA_PATH): the file's
// stamp is one function for the editor and the child, and so is a Vim error's one line.
import { vimErrorLine } from "../buffers";
import { type EditSpec, planEdits, sameLines } from "./apply";
import { readFile, splitLikeReadfile, textLines } from "../review/diff_text";
import { changedRange } from "./disk_write";
import { ToolError } from "../../protocol/result";
import { fileStamp, readSmallFile } from "../../util/fs";

declare const arg: string[];

interface Job {
  file: string;
  /** The change as lines (expect.lines and new.lines hold the text): from..to become new.lines. */
  from?: number;
  to?: number;
  count?: number;
  /** Or as an agent's edits, planned here on the file as read (editor/write/apply planEdits). */
  edits?: EditSpec[];
  /** The file's name in the answers to the model. */
  display?: string;
  stamp: string;
  /** After this long (ms, from the worker's start) the write is not started: the editor stops it soon after. */
  writeByMs: number;
  options: Record<string, unknown>;
}

const dir = arg[0];
/** A job file is read whole up to this size (the editor writes the text of files of any size). */
const JOB_MAX_BYTES = 2 ** 31;
const started = vim.uv.hrtime();

function say(line: string): void {
  io.stdout.write(`${line}\n`);
  io.stdout.flush();
}

/** The lines of a job file: each ended by "\n", bytes as they are (a NUL byte raw, as the buffer's API gives it). */
function readLines(path: string): string[] {
  const data = readSmallFile(path, JOB_MAX_BYTES);
  return data === undefined || data === "" ? [] : textLines(data);
}

function run(): string {
  const text = readSmallFile(`${dir}/job.json`, JOB_MAX_BYTES);
  if (text === undefined) return "error the job is missing";
  const job = vim.json.decode(text) as Job;
  vim.o.eventignore = "all";
  for (const [name, value] of pairs(job.options)) pcall(() => (vim.go[name] = value));
  // What a new buffer takes (the hidden buffer of the editor sets the same on itself).
  vim.go.swapfile = false;
  vim.go.undofile = false;
  vim.go.undolevels = -1;
  vim.go.modeline = false;
  if ((fileStamp(job.file) ?? "none") !== job.stamp) return "changed since the editor looked at it";
  let expect: string[];
  let from: number;
  let to: number;
  let replacement: string[];
  if (job.edits !== undefined) {
    const read = readFile(job.file);
    if (!read.ok) return `error ${read.error}`;
    if (read.text === undefined) return "changed: it is gone";
    expect = splitLikeReadfile(read.text);
    const edits = job.edits;
    const [planned, result] = pcall(() => planEdits(expect, edits, job.display ?? job.file));
    if (!planned) {
      const err = result as unknown;
      if (err instanceof ToolError) return `refused ${string.gsub(err.message, "\n", " ")[0]}`;
      throw err;
    }
    const after = result;
    if (sameLines(after, expect)) return "unchanged";
    [from, to, replacement] = changedRange(expect, after);
    if (to < 0) to = expect.length;
  } else {
    expect = readLines(`${dir}/expect.lines`);
    replacement = readLines(`${dir}/new.lines`);
    if (expect.length !== job.count) return "error the job's text is incomplete";
    from = job.from ?? 0;
    to = job.to ?? expect.length;
  }
  const buf = vim.fn.bufadd(job.file);
  vim.fn.bufload(buf);
  let same = vim.api.nvim_buf_line_count(buf) === expect.length;
  if (same) {
    const now = vim.api.nvim_buf_get_lines(buf, 0, -1, false);
    for (let i = 0; i < now.length; i++) {
      if (now[i] !== expect[i]) {
        same = false;
        break;
      }
    }
  }
  if (same) vim.api.nvim_buf_set_lines(buf, from, to, false, replacement);
  else {
    // A file Neovim converts on reading (latin1, UTF-16, ...): expect holds its raw lines (readfile() does not
    // convert). When they match, the new text is converted the same way, so that :write converts it back.
    const fenc = vim.api.nvim_get_option_value("fileencoding", { buf }) as string;
    if (fenc === "" || fenc === "utf-8") return "changed: it does not hold the text the change was planned on";
    const [ok, raw] = pcall(vim.fn.readfile, job.file);
    if (!ok || !vim.deep_equal(raw, expect)) return "changed: it does not hold the text the change was planned on";
    const after = [...expect.slice(0, from), ...replacement, ...expect.slice(to)].map((line) => {
      const out = vim.fn.iconv(line, fenc, "utf-8");
      return out !== "" || line === "" ? out : line;
    });
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, after);
  }
  if ((fileStamp(job.file) ?? "none") !== job.stamp) return "changed while it was being read";
  if ((vim.uv.hrtime() - started) / 1e6 > job.writeByMs) return "error it took too long: stopped before writing";
  vim.api.nvim_buf_call(buf, () => vim.cmd("silent keepalt keepjumps write"));
  return "ok";
}

// `ok`, `changed...` or `error ...`, as run() says.
const [ok, result] = pcall(run);
say(ok ? result : `error ${vimErrorLine(result)}`);
