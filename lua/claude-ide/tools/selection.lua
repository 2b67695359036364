-- Generated from src/claude-ide/tools/selection.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____schema = require("claude-ide.tools.schema")
local defineTool = ____schema.defineTool
local ____types = require("claude-ide.tools.types")
local jsonText = ____types.jsonText
local function answer(sel)
    if sel == nil then
        return jsonText({success = false, message = "No active editor found"})
    end
    return jsonText({
        success = true,
        text = sel.text,
        filePath = sel.filePath,
        fileUrl = sel.fileUrl,
        selection = sel.selection
    })
end
____exports.getCurrentSelection = defineTool({
    name = "getCurrentSelection",
    description = "Get the current selection (or cursor position) in the active editor window: text, file path, and 0-based start/end positions (character in UTF-16 code units).",
    input = {},
    handler = function(_args, ctx) return answer(ctx.services.selection:current()) end
})
____exports.getLatestSelection = defineTool({
    name = "getLatestSelection",
    description = "Get the most recent selection seen in a file (kept while the user is in the terminal or another window): text, file path, and 0-based start/end positions.",
    input = {},
    handler = function(_args, ctx) return answer(ctx.services.selection:latest()) end
})
return ____exports
