// read_buffer: a buffer's current text (unsaved changes included), numbered like `cat -n`, paged.
import { int, optional, defineTool } from "../../tools/schema";
import type { ToolContext } from "../../tools/types";
import { RESULT_BUDGET, fitLines, guarded, textResult, failWith } from "../result";
import { resolveTarget, targetLines } from "../target";
import { reading, targetInput } from "./common";

/** A line longer than this is cut in the listing (minified code); read_buffer of that line alone shows it. */
const MAX_LINE = 2000;
/** A file no buffer holds is read in pieces of this size... */
const CHUNK = 256 * 1024;
/** ...for at most this long at a time, then the editor's loop runs before the next piece (no frozen frame). */
const SLICE_MS = 4;

/**
 * The lines `first`..`last` of a file no buffer holds (only as many as one answer can show are kept) and its
 * line count, read in time slices: the call parks between slices, so a 10 MB file never holds the editor's
 * loop. Lines are split like readfile(): on NL, a CR before it dropped, no empty line after a final NL.
 */
function fileLines(
  ctx: ToolContext,
  path: string,
  first: number,
  last: number | undefined,
): { total: number; lines: string[] } {
  const [fd, err] = vim.uv.fs_open(path, "r", 0);
  if (fd === undefined) failWith(`cannot read ${path}: ${err}`);
  const kept: string[] = [];
  let keptBytes = 0;
  let full = false;
  let lnum = 0;
  let tail = "";
  let offset = 0;
  const keep = (line: string) => {
    lnum++;
    if (full || lnum < first || (last !== undefined && lnum > last)) return;
    if (string.sub(line, -1) === "\r") line = string.sub(line, 1, -2);
    kept.push(line);
    keptBytes += math.min(line.length, MAX_LINE) + 8;
    if (keptBytes > RESULT_BUDGET) full = true;
  };
  let sliceStart = vim.uv.hrtime();
  for (;;) {
    const [data, readErr] = vim.uv.fs_read(fd, CHUNK, offset);
    if (data === undefined) {
      vim.uv.fs_close(fd);
      failWith(`cannot read ${path}: ${readErr}`);
    }
    if (data === "") break;
    offset += data.length;
    let pos = 1;
    for (;;) {
      const [nl] = string.find(data, "\n", pos, true);
      if (nl === undefined) break;
      if (tail !== "") {
        keep(tail + string.sub(data, pos, nl - 1));
        tail = "";
      } else if (full || lnum + 1 < first) {
        lnum++; // counted, not kept: no substring made
      } else {
        keep(string.sub(data, pos, nl - 1));
      }
      pos = nl + 1;
    }
    if (pos <= data.length) tail += string.sub(data, pos);
    if ((vim.uv.hrtime() - sliceStart) / 1e6 >= SLICE_MS) {
      ctx.park<boolean>((resume) => vim.schedule(() => resume(true)));
      sliceStart = vim.uv.hrtime();
    }
  }
  vim.uv.fs_close(fd);
  if (tail !== "") keep(tail);
  return { total: lnum, lines: kept };
}

export const readBuffer = defineTool({
  name: "read_buffer",
  title: "Read buffer",
  description:
    "Read a file as it is in the editor now, unsaved changes included (the file on disk when no buffer holds it). " +
    "Lines are numbered like `cat -n`. Long files come in pages: the answer ends with the start_line of the next page.",
  input: {
    ...targetInput,
    start_line: optional(int("First line to read (1-based, default 1)", { minimum: 1 })),
    end_line: optional(int("Last line to read (inclusive, default: as many as fit)", { minimum: 1 })),
  },
  closed: true,
  annotations: reading("Read buffer"),
  handler: (args, ctx) =>
    guarded(() => {
      const target = resolveTarget(args);
      if (target === undefined) return failWith("no target");
      const first = args.start_line ?? 1;
      // A loaded buffer's lines are at hand; a file on disk is read in slices, keeping only what is shown.
      const fromDisk = (target.buf === undefined || !vim.api.nvim_buf_is_loaded(target.buf)) && target.onDisk;
      let lines: string[];
      let total: number;
      let offset = 0;
      if (fromDisk) {
        const read = fileLines(ctx, target.path, first, args.end_line);
        lines = read.lines;
        total = read.total;
        offset = first - 1;
      } else {
        lines = targetLines(target);
        total = lines.length;
      }
      if (total === 0)
        return textResult(
          `${target.display}: empty${target.buf === undefined && !target.onDisk ? " (no such file)" : ""}`,
        );
      if (first > total) failWith(`start_line ${first} is past the end: ${target.display} has ${total} lines`);
      const last = math.min(args.end_line ?? total, total);
      if (last < first) failWith(`end_line ${last} is before start_line ${first}`);
      const numbered: string[] = [];
      for (let i = first; i <= last; i++) {
        const line = lines[i - 1 - offset] as string | undefined;
        if (line === undefined) break; // past what was kept from the file: more than one answer shows
        const shown =
          line.length > MAX_LINE ? `${string.sub(line, 1, MAX_LINE)} …[${line.length - MAX_LINE} more bytes]` : line;
        numbered.push(string.format("%6d\t%s", i, shown));
      }
      const dirty =
        target.buf !== undefined &&
        vim.api.nvim_buf_is_loaded(target.buf) &&
        vim.api.nvim_get_option_value("modified", { buf: target.buf }) === true;
      const where = target.buf !== undefined ? `b${target.buf}` : "not open, from disk";
      const header = `${target.display} (${where}, ${total} lines${dirty ? ", unsaved changes" : ""})`;
      const page = fitLines(numbered);
      const shownLast = first + page.taken - 1;
      const more =
        shownLast < last
          ? `\n… lines ${shownLast + 1}-${last} not shown: call read_buffer again with start_line=${shownLast + 1}`
          : "";
      return textResult(`${header}\n${page.text}${more}`);
    }),
});
