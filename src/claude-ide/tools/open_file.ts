// openFile: open (or switch to) a file in the main editor window and optionally select part of it
// (doc/protocol.md §6). Never opens inside a terminal, sidebar, float or diff window.
import { findBuffer, languageId, lineCount, loadBuffer } from "../editor/buffers";
import { normalizePath } from "../editor/positions";
import { pathCandidates } from "./paths";
import { type ByteRange, ensureEditorWindow, revealRange, showBuffer } from "../editor/windows";
import { bool, defineTool, int, type ObjectOf, optional, str } from "../protocol/schema";
import { invalidParams, jsonText, text, toolError } from "../protocol/tool";

const input = {
  filePath: str(
    "Path of the file to open (absolute, or relative to Neovim's working directory; a file:// URI is accepted)",
  ),
  preview: optional(bool("Open as a preview tab (Neovim has none: accepted and ignored)", { default: false })),
  startText: optional(str("Select from the first occurrence of this literal text (not a pattern)", { text: true })),
  endText: optional(
    str("With startText: extend the selection to the end of the first occurrence of this text after startText", {
      text: true,
    }),
  ),
  selectToEndOfLine: optional(bool("Extend the selection to the end of its last line", { default: false })),
  startLine: optional(int("Without startText: select from this line (0-based)", { minimum: 0 })),
  endLine: optional(
    int("With startLine: the last line to select (0-based, inclusive; default startLine)", { minimum: 0 }),
  ),
  makeFrontmost: optional(
    bool(
      "Focus the editor window showing the file (default true). false leaves the focus where it is and answers with JSON",
      { default: true },
    ),
  ),
};
type Args = ObjectOf<typeof input>;

/** The file a `filePath` argument names: the first candidate that is open in a buffer or exists on disk. */
function resolvePath(arg: string): string {
  const candidates = pathCandidates(arg, "filePath");
  for (const path of candidates) {
    if (findBuffer(path) !== undefined || vim.uv.fs_stat(path)[0] !== undefined) return path;
  }
  return candidates[0];
}

/** Row and byte column of byte offset `offset` (0-based) in `lines` joined with "\n". */
function positionOf(lines: string[], offset: number): [number, number] {
  let rest = offset;
  for (let row = 0; row < lines.length; row++) {
    if (rest <= lines[row].length) return [row, rest];
    rest -= lines[row].length + 1;
  }
  const last = lines.length - 1;
  return [last, lines[last].length];
}

/**
 * The range selected by startText/endText (literal text, first occurrence; endText searched after
 * startText), or undefined when startText does not occur.
 */
function textRange(lines: string[], startText: string, endText: string | undefined): ByteRange | undefined {
  const content = lines.join("\n");
  const [from, to] = string.find(content, startText, 1, true);
  if (from === undefined || to === undefined) return undefined;
  let end = to;
  if (endText !== undefined && endText !== "") {
    const [, endTo] = string.find(content, endText, to + 1, true);
    if (endTo !== undefined) end = endTo;
  }
  const [startRow, startCol] = positionOf(lines, from - 1);
  const [endRow, endCol] = positionOf(lines, end);
  return { startRow, startCol, endRow, endCol };
}

/** The range of whole lines startLine..endLine (0-based, inclusive), checked against the file. */
function lineRange(lines: string[], startLine: number, endLine: number | undefined): ByteRange {
  const count = lines.length;
  if (startLine >= count)
    invalidParams(`"startLine" must be < ${count} (the file has ${count} lines), got ${startLine}`);
  const last = endLine ?? startLine;
  if (last < startLine) invalidParams(`"endLine" must be >= "startLine" (${startLine}), got ${last}`);
  if (last >= count) invalidParams(`"endLine" must be < ${count} (the file has ${count} lines), got ${last}`);
  return { startRow: startLine, startCol: 0, endRow: last, endCol: lines[last].length };
}

function selectionRange(buf: Buf, args: Args): ByteRange | undefined {
  const lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false);
  let range: ByteRange | undefined;
  if (args.startText !== undefined && args.startText !== "") range = textRange(lines, args.startText, args.endText);
  else if (args.startLine !== undefined) range = lineRange(lines, args.startLine, args.endLine);
  if (range !== undefined && args.selectToEndOfLine === true) range.endCol = lines[range.endRow].length;
  return range;
}

export const openFile = defineTool({
  name: "openFile",
  description:
    "Open a file in the editor (the main editor window, never a terminal or sidebar) and optionally select a range of text, by literal text or by 0-based lines.",
  input,
  handler: (args, ctx) => {
    if (args.endLine !== undefined && args.startLine === undefined) invalidParams('"endLine" needs "startLine"');
    const path = resolvePath(args.filePath);
    if (findBuffer(path) === undefined) {
      const [stat] = vim.uv.fs_stat(path);
      if (stat === undefined) return toolError(`File not found: ${path}`);
      if (stat.type === "directory") return toolError(`Not a file (a directory): ${path}`);
    }
    const [loaded, buf] = pcall(loadBuffer, path);
    if (!loaded) return toolError(`Could not open ${path}: ${tostring(buf)}`);
    const range = selectionRange(buf, args);

    const frontmost = args.makeFrontmost !== false;
    const win = ensureEditorWindow(buf, ctx.config.terminal.side);
    showBuffer(win, buf);
    revealRange(win, range ?? { startRow: 0, startCol: 0, endRow: 0, endCol: 0 }, frontmost);
    if (range === undefined && frontmost) vim.api.nvim_set_current_win(win);

    const filePath = normalizePath(path);
    if (frontmost) return text(`Opened file: ${filePath}`);
    return jsonText({ success: true, filePath, languageId: languageId(buf), lineCount: lineCount(buf) });
  },
});
