-- Generated from src/claude-ide/tools/open_editors.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local isDirty = ____buffers.isDirty
local isFileBuffer = ____buffers.isFileBuffer
local isListed = ____buffers.isListed
local languageId = ____buffers.languageId
local lineCount = ____buffers.lineCount
local ____positions = require("claude-ide.editor.positions")
local toUri = ____positions.toUri
local ____selection = require("claude-ide.editor.selection")
local activeEditorWindow = ____selection.activeEditorWindow
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local ____tool = require("claude-ide.protocol.tool")
local jsonText = ____tool.jsonText
____exports.getOpenEditors = defineTool({
    name = "getOpenEditors",
    description = "List the files open in the editor (listed, loaded file buffers): uri, label, languageId, isDirty, isActive (shown in the active editor window) and lineCount.",
    input = {},
    handler = function()
        local active = activeEditorWindow()
        local activeBuf = active == nil and -1 or vim.api.nvim_win_get_buf(active)
        local tabs = __TS__ArrayMap(
            __TS__ArrayFilter(
                vim.api.nvim_list_bufs(),
                function(____, buf) return vim.api.nvim_buf_is_loaded(buf) and isListed(buf) and isFileBuffer(buf) end
            ),
            function(____, buf)
                local path = bufferPath(buf)
                return {
                    uri = toUri(path),
                    isActive = buf == activeBuf,
                    label = vim.fs.basename(path),
                    languageId = languageId(buf),
                    isDirty = isDirty(buf),
                    lineCount = lineCount(buf)
                }
            end
        )
        return jsonText({tabs = tabs})
    end
})
return ____exports
