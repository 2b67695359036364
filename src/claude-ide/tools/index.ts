// Every tool, in the order tools/list shows them. One file per tool (or tight family); add yours here.
import { closeAllDiffTabs, closeTab } from "./diff_tabs";
import { getDiagnostics } from "./diagnostics";
import { checkDocumentDirty, saveDocument } from "./documents";
import { executeCode } from "./execute_code";
import { getOpenEditors } from "./open_editors";
import { openDiff } from "./open_diff";
import { openFile } from "./open_file";
import { getCurrentSelection, getLatestSelection } from "./selection";
import type { ToolDescriptor } from "../protocol/tool";
import { getWorkspaceFolders } from "./workspace_folders";

export const ALL_TOOLS: ToolDescriptor[] = [
  openFile,
  openDiff,
  getDiagnostics,
  getCurrentSelection,
  getLatestSelection,
  getOpenEditors,
  getWorkspaceFolders,
  checkDocumentDirty,
  saveDocument,
  closeAllDiffTabs,
  closeTab,
  executeCode,
];
