-- Generated from src/claude-ide/agent/terminal_output.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayUnshift = ____lualib.__TS__ArrayUnshift
local ____exports = {}
local ____terminal_buffers = require("claude-ide.editor.terminal_buffers")
local terminalLabel = ____terminal_buffers.terminalLabel
local terminalLines = ____terminal_buffers.terminalLines
local ____result = require("claude-ide.protocol.result")
local RESULT_BUDGET = ____result.RESULT_BUDGET
local failWith = ____result.failWith
local textResult = ____result.textResult
--- A line longer than this is cut (a progress bar redrawn on one line).
local MAX_LINE = 2000
local function numbered(lines, i)
    local line = lines[i]
    local shown = #line > MAX_LINE and ((string.sub(line, 1, MAX_LINE) .. " …[") .. tostring(#line - MAX_LINE)) .. " more bytes]" or line
    return string.format("%6d\t%s", i, shown)
end
function ____exports.readTerminal(buf, args)
    local lines = terminalLines(buf)
    local total = #lines
    local header = ((((("[terminal] " .. terminalLabel(buf)) .. " (b") .. tostring(buf)) .. ", ") .. tostring(total)) .. " lines)"
    if total == 0 then
        return textResult(header .. ": no output yet")
    end
    local last = math.min(args.end_line or total, total)
    if args.start_line ~= nil and args.start_line > total then
        failWith(((((("start_line " .. tostring(args.start_line)) .. " is past the end: the terminal b") .. tostring(buf)) .. " has ") .. tostring(total)) .. " lines")
    end
    if args.start_line ~= nil and last < args.start_line then
        failWith((("end_line " .. tostring(last)) .. " is before start_line ") .. tostring(args.start_line))
    end
    local out = {}
    local size = 0
    local first
    local shownLast
    if args.start_line == nil then
        first = last + 1
        while first > 1 do
            local row = numbered(lines, first - 1)
            if size + #row + 1 > RESULT_BUDGET and #out > 0 then
                break
            end
            __TS__ArrayUnshift(out, row)
            size = size + (#row + 1)
            first = first - 1
        end
        shownLast = last
    else
        first = args.start_line
        shownLast = first - 1
        while shownLast < last do
            local row = numbered(lines, shownLast + 1)
            if size + #row + 1 > RESULT_BUDGET and #out > 0 then
                break
            end
            out[#out + 1] = row
            size = size + (#row + 1)
            shownLast = shownLast + 1
        end
    end
    local notes = {}
    if first > 1 then
        local pageSize = shownLast - first + 1
        notes[#notes + 1] = (((("… lines 1-" .. tostring(first - 1)) .. " (earlier output) not shown: call read_buffer again with start_line=") .. tostring(math.max(1, first - pageSize))) .. " end_line=") .. tostring(first - 1)
    end
    if shownLast < last then
        notes[#notes + 1] = (((("… lines " .. tostring(shownLast + 1)) .. "-") .. tostring(last)) .. " not shown: call read_buffer again with start_line=") .. tostring(shownLast + 1)
    end
    return textResult(((header .. "\n") .. table.concat(out, "\n")) .. (#notes > 0 and "\n" .. table.concat(notes, "\n") or ""))
end
return ____exports
