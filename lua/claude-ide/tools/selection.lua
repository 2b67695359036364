-- Generated from src/claude-ide/tools/selection.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local ____tool = require("claude-ide.protocol.tool")
local jsonText = ____tool.jsonText
local text = ____tool.text
--- The answer's JSON, written out field by field: vim.json.encode costs ~0.35 µs per table it walks (four
-- here), and this is the editor's most frequent answer. The strings still go through the encoder; one
-- string.format builds the text (a template literal compiles to a chain of intermediate strings).
local function answer(sel)
    if sel == nil then
        return jsonText({success = false, message = "No active editor found"})
    end
    local ____sel_selection_0 = sel.selection
    local start = ____sel_selection_0.start
    local ____end = ____sel_selection_0["end"]
    local isEmpty = ____sel_selection_0.isEmpty
    return text(string.format(
        "{\"success\":true,\"text\":%s,\"filePath\":%s,\"fileUrl\":%s,\"selection\":{\"start\":{\"line\":%d,\"character\":%d},\"end\":{\"line\":%d,\"character\":%d},\"isEmpty\":%s}}",
        vim.json.encode(sel.text),
        vim.json.encode(sel.filePath),
        vim.json.encode(sel.fileUrl),
        start.line,
        start.character,
        ____end.line,
        ____end.character,
        isEmpty and "true" or "false"
    ))
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
