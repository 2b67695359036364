// checkDocumentDirty / saveDocument (doc/protocol.md §6): the buffer of exactly that path (normalized absolute
// paths compared over every buffer, never Vim's pattern-matching bufnr()). Failures say why.
import { findBuffer, isDirty, isUntitled, saveBuffer } from "../editor/buffers";
import { pathCandidates } from "./paths";
import { defineTool, str } from "../protocol/schema";
import { jsonText } from "../protocol/tool";

/** The loaded buffer a `filePath` argument (path or file:// URI) names, and the path as understood. */
function openDocument(arg: string): { buf?: Buf; filePath: string } {
  const candidates = pathCandidates(arg, "filePath");
  for (const path of candidates) {
    const buf = findBuffer(path);
    if (buf !== undefined && vim.api.nvim_buf_is_loaded(buf)) return { buf, filePath: path };
  }
  return { filePath: candidates[0] };
}

const input = { filePath: str("Absolute path (or file:// URI) of the document") };

export const checkDocumentDirty = defineTool({
  name: "checkDocumentDirty",
  description: "Check whether an open document has unsaved changes.",
  input,
  handler: (args) => {
    const { buf, filePath } = openDocument(args.filePath);
    if (buf === undefined) return jsonText({ success: false, message: `Document not open: ${filePath}` });
    return jsonText({ success: true, filePath, isDirty: isDirty(buf), isUntitled: isUntitled(buf) });
  },
});

export const saveDocument = defineTool({
  name: "saveDocument",
  description: "Save an open document to disk (refused, with the reason, when it cannot be saved safely).",
  input,
  handler: (args) => {
    const { buf, filePath } = openDocument(args.filePath);
    if (buf === undefined) return jsonText({ success: false, message: `Document not open: ${filePath}` });
    const result = saveBuffer(buf);
    if (!result.ok) return jsonText({ success: false, filePath, message: `Cannot save ${filePath}: ${result.reason}` });
    const message = result.wrote ? "Document saved successfully" : "Document had no unsaved changes";
    return jsonText({ success: true, filePath, saved: true, message });
  },
});
