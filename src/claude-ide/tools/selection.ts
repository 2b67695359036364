// getCurrentSelection / getLatestSelection (doc/protocol.md §6): the live selection of the active editor window,
// and the last selection seen in a file buffer (still there while the user is in the Claude terminal).
import type { SelectionInfo } from "../contracts";
import { defineTool } from "../protocol/schema";
import { jsonText, text, type ToolResult } from "../protocol/tool";

/**
 * The answer's JSON, written out field by field: vim.json.encode costs ~0.35 µs per table it walks (four
 * here), and this is the editor's most frequent answer. The strings still go through the encoder; one
 * string.format builds the text (a template literal compiles to a chain of intermediate strings).
 */
function answer(sel: SelectionInfo | undefined): ToolResult {
  if (sel === undefined) return jsonText({ success: false, message: "No active editor found" });
  const { start, end, isEmpty } = sel.selection;
  return text(
    string.format(
      '{"success":true,"text":%s,"filePath":%s,"fileUrl":%s,"selection":{"start":{"line":%d,"character":%d},"end":{"line":%d,"character":%d},"isEmpty":%s}}',
      vim.json.encode(sel.text),
      vim.json.encode(sel.filePath),
      vim.json.encode(sel.fileUrl),
      start.line,
      start.character,
      end.line,
      end.character,
      isEmpty ? "true" : "false",
    ),
  );
}

export const getCurrentSelection = defineTool({
  name: "getCurrentSelection",
  description:
    "Get the current selection (or cursor position) in the active editor window: text, file path, and 0-based start/end positions (character in UTF-16 code units).",
  input: {},
  handler: (_args, ctx) => answer(ctx.services.selection.current()),
});

export const getLatestSelection = defineTool({
  name: "getLatestSelection",
  description:
    "Get the most recent selection seen in a file (kept while the user is in the terminal or another window): text, file path, and 0-based start/end positions.",
  input: {},
  handler: (_args, ctx) => answer(ctx.services.selection.latest()),
});
