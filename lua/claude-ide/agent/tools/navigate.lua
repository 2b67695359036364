-- Generated from src/claude-ide/agent/tools/navigate.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local loadBuffer = ____buffers.loadBuffer
local vimErrorLine = ____buffers.vimErrorLine
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local charColumnToByte = ____positions.charColumnToByte
local ____windows = require("claude-ide.editor.windows")
local ensureEditorWindow = ____windows.ensureEditorWindow
local showBuffer = ____windows.showBuffer
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local int = ____schema.int
local optional = ____schema.optional
local writing = ____schema.writing
local ____result = require("claude-ide.protocol.result")
local cutLine = ____result.cutLine
local failWith = ____result.failWith
local guarded = ____result.guarded
local ok = ____result.ok
local ____target = require("claude-ide.editor.target")
local resolveTarget = ____target.resolveTarget
local targetInput = ____target.targetInput
____exports.navigate = defineTool({
    name = "navigate",
    title = "Show a place in the editor",
    description = "Show the user a file at a line (and column) in their editing window, e.g. to point at code you are talking about. " .. "Opens the file if needed; unsaved buffers are never abandoned. Answers `OK: path:line:col <that line>`.",
    input = __TS__ObjectAssign(
        {},
        targetInput,
        {
            line = optional(int("Line (1-based), at most the file's line count", {minimum = 1})),
            column = optional(int("Column in characters (1-based)", {minimum = 1}))
        }
    ),
    closed = true,
    annotations = writing("Show a place in the editor", false, true),
    handler = function(args, ctx) return guarded(function()
        local target = resolveTarget(ctx.services.policy, args)
        if target == nil then
            return failWith("no target")
        end
        if target.buf == nil and not target.onDisk then
            failWith(target.display .. " does not exist")
        end
        local buf = target.buf
        if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
            local loaded, loadedBuf = pcall(loadBuffer, target.path)
            if not loaded then
                failWith((("cannot open " .. target.display) .. ": ") .. tostring(loadedBuf))
            end
            buf = loadedBuf
        end
        local shown = buf
        local count = vim.api.nvim_buf_line_count(shown)
        if args.line ~= nil and args.line > count then
            failWith((((((("line " .. tostring(args.line)) .. " is past the end: ") .. target.display) .. " has ") .. tostring(count)) .. " line") .. (count == 1 and "" or "s"))
        end
        vim.api.nvim_set_option_value("buflisted", true, {buf = shown})
        local win = ensureEditorWindow(shown, ctx.config.terminal.side)
        local showed, showErr = pcall(showBuffer, win, shown)
        if not showed then
            failWith((("cannot show " .. target.display) .. ": ") .. vimErrorLine(showErr))
        end
        local row = args.line or 1
        local text = vim.api.nvim_buf_get_lines(shown, row - 1, row, false)[1] or ""
        local col = charColumnToByte(text, args.column or 1)
        vim.api.nvim_win_set_cursor(win, {row, col})
        vim.api.nvim_win_call(
            win,
            function() return vim.cmd("normal! zvzz") end
        )
        return ok((((((target.display .. ":") .. tostring(row)) .. ":") .. tostring(byteToCharColumn(text, col))) .. " ") .. cutLine(vim.trim(text)))
    end) end
})
return ____exports
