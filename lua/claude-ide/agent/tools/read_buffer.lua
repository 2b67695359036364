-- Generated from src/claude-ide/agent/tools/read_buffer.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local int = ____schema.int
local optional = ____schema.optional
local reading = ____schema.reading
local ____result = require("claude-ide.protocol.result")
local cutLine = ____result.cutLine
local fitLines = ____result.fitLines
local MAX_LINE_CHARS = ____result.MAX_LINE_CHARS
local guarded = ____result.guarded
local textResult = ____result.textResult
local failWith = ____result.failWith
local ____target = require("claude-ide.editor.target")
local fileLines = ____target.fileLines
local resolveTarget = ____target.resolveTarget
local targetInput = ____target.targetInput
local targetLines = ____target.targetLines
local ____terminal_buffers = require("claude-ide.editor.terminal_buffers")
local isTerminal = ____terminal_buffers.isTerminal
local ____terminal_output = require("claude-ide.agent.terminal_output")
local readTerminal = ____terminal_output.readTerminal
____exports.readBuffer = defineTool({
    name = "read_buffer",
    title = "Read buffer",
    description = ("Read a file as it is in the editor now, unsaved changes included (the file on disk when no buffer holds it). " .. "Lines are numbered like `cat -n`. Long files come in pages: the answer ends with the start_line of the next page. ") .. "A terminal buffer (editor_state lists them with their command) gives its output, the LAST page first unless start_line is given.",
    input = __TS__ObjectAssign(
        {},
        targetInput,
        {
            start_line = optional(int("First line to read (1-based, default 1)", {minimum = 1})),
            end_line = optional(int("Last line to read (inclusive, default: as many as fit)", {minimum = 1}))
        }
    ),
    closed = true,
    annotations = reading("Read buffer"),
    handler = function(args, ctx) return guarded(function()
        local target = resolveTarget(ctx.services.policy, args)
        if target == nil then
            return failWith("no target")
        end
        if target.buf ~= nil and isTerminal(target.buf) then
            return readTerminal(target.buf, args)
        end
        local first = args.start_line or 1
        local fromDisk = (target.buf == nil or not vim.api.nvim_buf_is_loaded(target.buf)) and target.onDisk
        local lines
        local total
        local offset = 0
        if fromDisk then
            local read = fileLines(ctx, target.path, {first = first, last = args.end_line, shownMax = MAX_LINE_CHARS})
            lines = read.lines
            total = read.total
            offset = first - 1
        else
            lines = targetLines(target)
            total = #lines
        end
        if total == 0 then
            return textResult((target.display .. ": empty") .. (target.buf == nil and not target.onDisk and " (no such file)" or ""))
        end
        if first > total then
            failWith(((((("start_line " .. tostring(first)) .. " is past the end: ") .. target.display) .. " has ") .. tostring(total)) .. " lines")
        end
        local last = math.min(args.end_line or total, total)
        if last < first then
            failWith((("end_line " .. tostring(last)) .. " is before start_line ") .. tostring(first))
        end
        local numbered = {}
        do
            local i = first
            while i <= last do
                local line = lines[i - 1 - offset + 1]
                if line == nil then
                    break
                end
                numbered[#numbered + 1] = string.format(
                    "%6d\t%s",
                    i,
                    cutLine(line)
                )
                i = i + 1
            end
        end
        local dirty = target.buf ~= nil and vim.api.nvim_buf_is_loaded(target.buf) and vim.api.nvim_get_option_value("modified", {buf = target.buf}) == true
        local where = target.buf ~= nil and "b" .. tostring(target.buf) or "not open, from disk"
        local header = ((((((target.display .. " (") .. where) .. ", ") .. tostring(total)) .. " lines") .. (dirty and ", unsaved changes" or "")) .. ")"
        local page = fitLines(numbered)
        local shownLast = first + page.taken - 1
        local more = shownLast < last and (((("\n… lines " .. tostring(shownLast + 1)) .. "-") .. tostring(last)) .. " not shown: call read_buffer again with start_line=") .. tostring(shownLast + 1) or ""
        return textResult(((header .. "\n") .. page.text) .. more)
    end) end
})
return ____exports
