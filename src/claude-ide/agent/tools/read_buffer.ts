// read_buffer: a buffer's current text (unsaved changes included), numbered like `cat -n`, paged.
import { defineTool, int, optional, reading } from "../../protocol/schema";
import { cutLine, fitLines, MAX_LINE_CHARS, guarded, textResult, failWith } from "../../protocol/result";
import { fileLines, resolveTarget, targetInput, targetLines } from "../../editor/target";
import { isTerminal } from "../../editor/terminal_buffers";
import { readTerminal } from "../terminal_output";

export const readBuffer = defineTool({
  name: "read_buffer",
  title: "Read buffer",
  description:
    "Read a file as it is in the editor now, unsaved changes included (the file on disk when no buffer holds it). " +
    "Lines are numbered like `cat -n`. Long files come in pages: the answer ends with the start_line of the next page. " +
    "A terminal buffer (editor_state lists them with their command) gives its output, the LAST page first unless start_line is given.",
  input: {
    ...targetInput,
    start_line: optional(int("First line to read (1-based, default 1)", { minimum: 1 })),
    end_line: optional(int("Last line to read (inclusive, default: as many as fit)", { minimum: 1 })),
  },
  closed: true,
  annotations: reading("Read buffer"),
  handler: (args, ctx) =>
    guarded(() => {
      const target = resolveTarget(ctx.services.policy, args);
      if (target === undefined) return failWith("no target");
      if (target.buf !== undefined && isTerminal(target.buf)) return readTerminal(target.buf, args);
      const first = args.start_line ?? 1;
      // A loaded buffer's lines are at hand; a file on disk is read in slices, keeping only what is shown.
      const fromDisk = (target.buf === undefined || !vim.api.nvim_buf_is_loaded(target.buf)) && target.onDisk;
      let lines: string[];
      let total: number;
      let offset = 0;
      if (fromDisk) {
        const read = fileLines(ctx, target.path, { first, last: args.end_line, shownMax: MAX_LINE_CHARS });
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
        numbered.push(string.format("%6d\t%s", i, cutLine(line)));
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
