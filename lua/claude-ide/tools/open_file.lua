-- Generated from src/claude-ide/tools/open_file.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local languageId = ____buffers.languageId
local lineCount = ____buffers.lineCount
local loadBuffer = ____buffers.loadBuffer
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local ____paths = require("claude-ide.tools.paths")
local pathCandidates = ____paths.pathCandidates
local ____windows = require("claude-ide.editor.windows")
local ensureEditorWindow = ____windows.ensureEditorWindow
local revealRange = ____windows.revealRange
local showBuffer = ____windows.showBuffer
local ____schema = require("claude-ide.protocol.schema")
local bool = ____schema.bool
local defineTool = ____schema.defineTool
local int = ____schema.int
local optional = ____schema.optional
local str = ____schema.str
local ____tool = require("claude-ide.protocol.tool")
local invalidParams = ____tool.invalidParams
local jsonText = ____tool.jsonText
local text = ____tool.text
local toolError = ____tool.toolError
local input = {
    filePath = str("Path of the file to open (absolute, or relative to Neovim's working directory; a file:// URI is accepted)"),
    preview = optional(bool("Open as a preview tab (Neovim has none: accepted and ignored)", {default = false})),
    startText = optional(str("Select from the first occurrence of this literal text (not a pattern)", {text = true})),
    endText = optional(str("With startText: extend the selection to the end of the first occurrence of this text after startText", {text = true})),
    selectToEndOfLine = optional(bool("Extend the selection to the end of its last line", {default = false})),
    startLine = optional(int("Without startText: select from this line (0-based)", {minimum = 0})),
    endLine = optional(int("With startLine: the last line to select (0-based, inclusive; default startLine)", {minimum = 0})),
    makeFrontmost = optional(bool("Focus the editor window showing the file (default true). false leaves the focus where it is and answers with JSON", {default = true}))
}
--- The file a `filePath` argument names: the first candidate that is open in a buffer or exists on disk.
local function resolvePath(arg)
    local candidates = pathCandidates(arg, "filePath")
    for ____, path in ipairs(candidates) do
        if findBuffer(path) ~= nil or (vim.uv.fs_stat(path)) ~= nil then
            return path
        end
    end
    return candidates[1]
end
--- Row and byte column of byte offset `offset` (0-based) in `lines` joined with "\n".
local function positionOf(lines, offset)
    local rest = offset
    do
        local row = 0
        while row < #lines do
            if rest <= #lines[row + 1] then
                return {row, rest}
            end
            rest = rest - (#lines[row + 1] + 1)
            row = row + 1
        end
    end
    local last = #lines - 1
    return {last, #lines[last + 1]}
end
--- The range selected by startText/endText (literal text, first occurrence; endText searched after
-- startText), or undefined when startText does not occur.
local function textRange(lines, startText, endText)
    local content = table.concat(lines, "\n")
    local from, to = string.find(content, startText, 1, true)
    if from == nil or to == nil then
        return nil
    end
    local ____end = to
    if endText ~= nil and endText ~= "" then
        local ____, endTo = string.find(content, endText, to + 1, true)
        if endTo ~= nil then
            ____end = endTo
        end
    end
    local startRow, startCol = unpack(
        positionOf(lines, from - 1),
        1,
        2
    )
    local endRow, endCol = unpack(
        positionOf(lines, ____end),
        1,
        2
    )
    return {startRow = startRow, startCol = startCol, endRow = endRow, endCol = endCol}
end
--- The range of whole lines startLine..endLine (0-based, inclusive), checked against the file.
local function lineRange(lines, startLine, endLine)
    local count = #lines
    if startLine >= count then
        invalidParams((((("\"startLine\" must be < " .. tostring(count)) .. " (the file has ") .. tostring(count)) .. " lines), got ") .. tostring(startLine))
    end
    local last = endLine or startLine
    if last < startLine then
        invalidParams((("\"endLine\" must be >= \"startLine\" (" .. tostring(startLine)) .. "), got ") .. tostring(last))
    end
    if last >= count then
        invalidParams((((("\"endLine\" must be < " .. tostring(count)) .. " (the file has ") .. tostring(count)) .. " lines), got ") .. tostring(last))
    end
    return {startRow = startLine, startCol = 0, endRow = last, endCol = #lines[last + 1]}
end
local function selectionRange(buf, args)
    local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    local range
    if args.startText ~= nil and args.startText ~= "" then
        range = textRange(lines, args.startText, args.endText)
    elseif args.startLine ~= nil then
        range = lineRange(lines, args.startLine, args.endLine)
    end
    if range ~= nil and args.selectToEndOfLine == true then
        range.endCol = #lines[range.endRow + 1]
    end
    return range
end
____exports.openFile = defineTool({
    name = "openFile",
    description = "Open a file in the editor (the main editor window, never a terminal or sidebar) and optionally select a range of text, by literal text or by 0-based lines.",
    input = input,
    handler = function(args, ctx)
        if args.endLine ~= nil and args.startLine == nil then
            invalidParams("\"endLine\" needs \"startLine\"")
        end
        local path = resolvePath(args.filePath)
        if findBuffer(path) == nil then
            local stat = vim.uv.fs_stat(path)
            if stat == nil then
                return toolError("File not found: " .. path)
            end
            if stat.type == "directory" then
                return toolError("Not a file (a directory): " .. path)
            end
        end
        local loaded, buf = pcall(loadBuffer, path)
        if not loaded then
            return toolError((("Could not open " .. path) .. ": ") .. tostring(buf))
        end
        local range = selectionRange(buf, args)
        local frontmost = args.makeFrontmost ~= false
        local win = ensureEditorWindow(buf, ctx.config.terminal.side)
        showBuffer(win, buf)
        revealRange(win, range or ({startRow = 0, startCol = 0, endRow = 0, endCol = 0}), frontmost)
        if range == nil and frontmost then
            vim.api.nvim_set_current_win(win)
        end
        local filePath = normalizePath(path)
        if frontmost then
            return text("Opened file: " .. filePath)
        end
        return jsonText({
            success = true,
            filePath = filePath,
            languageId = languageId(buf),
            lineCount = lineCount(buf)
        })
    end
})
return ____exports
