-- Generated from src/claude-ide/tools/documents.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local isDirty = ____buffers.isDirty
local isUntitled = ____buffers.isUntitled
local saveBuffer = ____buffers.saveBuffer
local ____paths = require("claude-ide.tools.paths")
local pathCandidates = ____paths.pathCandidates
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local str = ____schema.str
local ____tool = require("claude-ide.protocol.tool")
local jsonText = ____tool.jsonText
--- The loaded buffer a `filePath` argument (path or file:// URI) names, and the path as understood.
local function openDocument(arg)
    local candidates = pathCandidates(arg, "filePath")
    for ____, path in ipairs(candidates) do
        local buf = findBuffer(path)
        if buf ~= nil and vim.api.nvim_buf_is_loaded(buf) then
            return {buf = buf, filePath = path}
        end
    end
    return {filePath = candidates[1]}
end
local input = {filePath = str("Absolute path (or file:// URI) of the document")}
____exports.checkDocumentDirty = defineTool({
    name = "checkDocumentDirty",
    description = "Check whether an open document has unsaved changes.",
    input = input,
    handler = function(args)
        local ____openDocument_result_0 = openDocument(args.filePath)
        local buf = ____openDocument_result_0.buf
        local filePath = ____openDocument_result_0.filePath
        if buf == nil then
            return jsonText({success = false, message = "Document not open: " .. filePath})
        end
        return jsonText({
            success = true,
            filePath = filePath,
            isDirty = isDirty(buf),
            isUntitled = isUntitled(buf)
        })
    end
})
____exports.saveDocument = defineTool({
    name = "saveDocument",
    description = "Save an open document to disk (refused, with the reason, when it cannot be saved safely).",
    input = input,
    handler = function(args)
        local ____openDocument_result_1 = openDocument(args.filePath)
        local buf = ____openDocument_result_1.buf
        local filePath = ____openDocument_result_1.filePath
        if buf == nil then
            return jsonText({success = false, message = "Document not open: " .. filePath})
        end
        local result = saveBuffer(buf)
        if not result.ok then
            return jsonText({success = false, filePath = filePath, message = (("Cannot save " .. filePath) .. ": ") .. result.reason})
        end
        local message = result.wrote and "Document saved successfully" or "Document had no unsaved changes"
        return jsonText({success = true, filePath = filePath, saved = true, message = message})
    end
})
return ____exports
