-- Generated from src/claude-ide/tools/workspace_folders.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____lockfile = require("claude-ide.discovery.lockfile")
local workspaceFolders = ____lockfile.workspaceFolders
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local toUri = ____positions.toUri
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local ____tool = require("claude-ide.protocol.tool")
local jsonText = ____tool.jsonText
____exports.getWorkspaceFolders = defineTool({
    name = "getWorkspaceFolders",
    description = "List the workspace folders: Neovim's working directory, the tab and window working directories in use, then the workspace folders of attached LSP clients that lie inside one of them (no duplicates).",
    input = {},
    handler = function()
        local folders = __TS__ArrayMap(
            workspaceFolders(),
            function(____, path) return {
                name = vim.fs.basename(path),
                uri = toUri(path),
                path = path
            } end
        )
        return jsonText({
            success = true,
            folders = folders,
            rootPath = normalizePath(vim.fn.getcwd())
        })
    end
})
return ____exports
