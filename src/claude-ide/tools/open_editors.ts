// getOpenEditors (doc/protocol.md §6): every listed, loaded file buffer, in buffer order.
import { bufferPath, isDirty, isFileBuffer, isListed, languageId, lineCount } from "../editor/buffers";
import { toUri } from "../editor/positions";
import { activeEditorWindow } from "../editor/selection";
import { defineTool } from "../protocol/schema";
import { jsonText } from "../protocol/tool";

export const getOpenEditors = defineTool({
  name: "getOpenEditors",
  description:
    "List the files open in the editor (listed, loaded file buffers): uri, label, languageId, isDirty, isActive (shown in the active editor window) and lineCount.",
  input: {},
  handler: () => {
    const active = activeEditorWindow();
    const activeBuf = active === undefined ? -1 : vim.api.nvim_win_get_buf(active);
    const tabs = vim.api
      .nvim_list_bufs()
      .filter((buf) => vim.api.nvim_buf_is_loaded(buf) && isListed(buf) && isFileBuffer(buf))
      .map((buf) => {
        const path = bufferPath(buf);
        return {
          uri: toUri(path),
          isActive: buf === activeBuf,
          label: vim.fs.basename(path),
          languageId: languageId(buf),
          isDirty: isDirty(buf),
          lineCount: lineCount(buf),
        };
      });
    return jsonText({ tabs });
  },
});
