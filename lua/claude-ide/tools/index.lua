-- Generated from src/claude-ide/tools/index.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____diff_tabs = require("claude-ide.tools.diff_tabs")
local closeAllDiffTabs = ____diff_tabs.closeAllDiffTabs
local closeTab = ____diff_tabs.closeTab
local ____diagnostics = require("claude-ide.tools.diagnostics")
local getDiagnostics = ____diagnostics.getDiagnostics
local ____documents = require("claude-ide.tools.documents")
local checkDocumentDirty = ____documents.checkDocumentDirty
local saveDocument = ____documents.saveDocument
local ____execute_code = require("claude-ide.tools.execute_code")
local executeCode = ____execute_code.executeCode
local ____open_editors = require("claude-ide.tools.open_editors")
local getOpenEditors = ____open_editors.getOpenEditors
local ____open_diff = require("claude-ide.tools.open_diff")
local openDiff = ____open_diff.openDiff
local ____open_file = require("claude-ide.tools.open_file")
local openFile = ____open_file.openFile
local ____selection = require("claude-ide.tools.selection")
local getCurrentSelection = ____selection.getCurrentSelection
local getLatestSelection = ____selection.getLatestSelection
local ____workspace_folders = require("claude-ide.tools.workspace_folders")
local getWorkspaceFolders = ____workspace_folders.getWorkspaceFolders
____exports.ALL_TOOLS = {
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
    executeCode
}
return ____exports
