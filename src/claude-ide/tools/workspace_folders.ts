// getWorkspaceFolders (doc/protocol.md §6): Neovim's working directories plus the LSP workspace folders inside them — the same
// folders the lock file announces, so that the CLI's matching and this answer agree.
import { workspaceFolders } from "../discovery/lockfile";
import { normalizePath, toUri } from "../editor/positions";
import { defineTool } from "../protocol/schema";
import { jsonText } from "../protocol/tool";

export const getWorkspaceFolders = defineTool({
  name: "getWorkspaceFolders",
  description:
    "List the workspace folders: Neovim's working directory, the tab and window working directories in use, then the workspace folders of attached LSP clients that lie inside one of them (no duplicates).",
  input: {},
  handler: () => {
    const folders = workspaceFolders().map((path) => ({ name: vim.fs.basename(path), uri: toUri(path), path }));
    return jsonText({ success: true, folders, rootPath: normalizePath(vim.fn.getcwd()) });
  },
});
