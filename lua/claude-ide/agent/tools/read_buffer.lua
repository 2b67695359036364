-- Generated from src/claude-ide/agent/tools/read_buffer.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____schema = require("claude-ide.tools.schema")
local int = ____schema.int
local optional = ____schema.optional
local defineTool = ____schema.defineTool
local ____result = require("claude-ide.agent.result")
local RESULT_BUDGET = ____result.RESULT_BUDGET
local fitLines = ____result.fitLines
local guarded = ____result.guarded
local textResult = ____result.textResult
local failWith = ____result.failWith
local ____target = require("claude-ide.agent.target")
local resolveTarget = ____target.resolveTarget
local targetLines = ____target.targetLines
local ____common = require("claude-ide.agent.tools.common")
local reading = ____common.reading
local targetInput = ____common.targetInput
--- A line longer than this is cut in the listing (minified code); read_buffer of that line alone shows it.
local MAX_LINE = 2000
--- A file no buffer holds is read in pieces of this size...
local CHUNK = 256 * 1024
--- ...for at most this long at a time, then the editor's loop runs before the next piece (no frozen frame).
local SLICE_MS = 4
--- The lines `first`..`last` of a file no buffer holds (only as many as one answer can show are kept) and its
-- line count, read in time slices: the call parks between slices, so a 10 MB file never holds the editor's
-- loop. Lines are split like readfile(): on NL, a CR before it dropped, no empty line after a final NL.
local function fileLines(ctx, path, first, last)
    local fd, err = vim.uv.fs_open(path, "r", 0)
    if fd == nil then
        failWith((("cannot read " .. path) .. ": ") .. tostring(err))
    end
    local kept = {}
    local keptBytes = 0
    local full = false
    local lnum = 0
    local tail = ""
    local offset = 0
    local function keep(line)
        lnum = lnum + 1
        if full or lnum < first or last ~= nil and lnum > last then
            return
        end
        if string.sub(line, -1) == "\r" then
            line = string.sub(line, 1, -2)
        end
        kept[#kept + 1] = line
        keptBytes = keptBytes + (math.min(#line, MAX_LINE) + 8)
        if keptBytes > RESULT_BUDGET then
            full = true
        end
    end
    local sliceStart = vim.uv.hrtime()
    do
        while true do
            local data, readErr = vim.uv.fs_read(fd, CHUNK, offset)
            if data == nil then
                vim.uv.fs_close(fd)
                failWith((("cannot read " .. path) .. ": ") .. tostring(readErr))
            end
            if data == "" then
                break
            end
            offset = offset + #data
            local pos = 1
            do
                while true do
                    local nl = string.find(data, "\n", pos, true)
                    if nl == nil then
                        break
                    end
                    if tail ~= "" then
                        keep(tail .. string.sub(data, pos, nl - 1))
                        tail = ""
                    elseif full or lnum + 1 < first then
                        lnum = lnum + 1
                    else
                        keep(string.sub(data, pos, nl - 1))
                    end
                    pos = nl + 1
                end
            end
            if pos <= #data then
                tail = tail .. string.sub(data, pos)
            end
            if (vim.uv.hrtime() - sliceStart) / 1000000 >= SLICE_MS then
                ctx.park(function(resume) return vim.schedule(function() return resume(true) end) end)
                sliceStart = vim.uv.hrtime()
            end
        end
    end
    vim.uv.fs_close(fd)
    if tail ~= "" then
        keep(tail)
    end
    return {total = lnum, lines = kept}
end
____exports.readBuffer = defineTool({
    name = "read_buffer",
    title = "Read buffer",
    description = "Read a file as it is in the editor now, unsaved changes included (the file on disk when no buffer holds it). " .. "Lines are numbered like `cat -n`. Long files come in pages: the answer ends with the start_line of the next page.",
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
        local target = resolveTarget(args)
        if target == nil then
            return failWith("no target")
        end
        local first = args.start_line or 1
        local fromDisk = (target.buf == nil or not vim.api.nvim_buf_is_loaded(target.buf)) and target.onDisk
        local lines
        local total
        local offset = 0
        if fromDisk then
            local read = fileLines(ctx, target.path, first, args.end_line)
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
                local shown = #line > MAX_LINE and ((string.sub(line, 1, MAX_LINE) .. " …[") .. tostring(#line - MAX_LINE)) .. " more bytes]" or line
                numbered[#numbered + 1] = string.format("%6d\t%s", i, shown)
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
