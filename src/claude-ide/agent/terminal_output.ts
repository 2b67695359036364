// read_buffer of a terminal buffer: the output of a test, a build or a server running in a :terminal, with its
// scrollback. The newest output matters most, so without start_line the LAST page comes first, and the answer
// says how to read the earlier output.
import { terminalLabel, terminalLines } from "../editor/terminal_buffers";
import { RESULT_BUDGET, failWith, textResult } from "../protocol/result";
import type { ToolResult } from "../protocol/tool";

/** A line longer than this is cut (a progress bar redrawn on one line). */
const MAX_LINE = 2000;

function numbered(lines: string[], i: number): string {
  const line = lines[i - 1];
  const shown =
    line.length > MAX_LINE ? `${string.sub(line, 1, MAX_LINE)} …[${line.length - MAX_LINE} more bytes]` : line;
  return string.format("%6d\t%s", i, shown);
}

export function readTerminal(buf: Buf, args: { start_line?: number; end_line?: number }): ToolResult {
  const lines = terminalLines(buf);
  const total = lines.length;
  const header = `[terminal] ${terminalLabel(buf)} (b${buf}, ${total} lines)`;
  if (total === 0) return textResult(`${header}: no output yet`);
  const last = math.min(args.end_line ?? total, total);
  if (args.start_line !== undefined && args.start_line > total)
    failWith(`start_line ${args.start_line} is past the end: the terminal b${buf} has ${total} lines`);
  if (args.start_line !== undefined && last < args.start_line)
    failWith(`end_line ${last} is before start_line ${args.start_line}`);
  const out: string[] = [];
  let size = 0;
  let first: number;
  let shownLast: number;
  if (args.start_line === undefined) {
    // Backwards from `last`, as many whole lines as fit.
    first = last + 1;
    while (first > 1) {
      const row = numbered(lines, first - 1);
      if (size + row.length + 1 > RESULT_BUDGET && out.length > 0) break;
      out.unshift(row);
      size += row.length + 1;
      first--;
    }
    shownLast = last;
  } else {
    first = args.start_line;
    shownLast = first - 1;
    while (shownLast < last) {
      const row = numbered(lines, shownLast + 1);
      if (size + row.length + 1 > RESULT_BUDGET && out.length > 0) break;
      out.push(row);
      size += row.length + 1;
      shownLast++;
    }
  }
  const notes: string[] = [];
  if (first > 1) {
    const pageSize = shownLast - first + 1;
    notes.push(
      `… lines 1-${first - 1} (earlier output) not shown: call read_buffer again with start_line=${math.max(1, first - pageSize)} end_line=${first - 1}`,
    );
  }
  if (shownLast < last)
    notes.push(`… lines ${shownLast + 1}-${last} not shown: call read_buffer again with start_line=${shownLast + 1}`);
  return textResult(`${header}\n${out.join("\n")}${notes.length > 0 ? `\n${notes.join("\n")}` : ""}`);
}
