-- Generated from src/claude-ide/editor/write/disk_write_worker.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local vimErrorLine = ____buffers.vimErrorLine
local ____apply = require("claude-ide.editor.write.apply")
local planEdits = ____apply.planEdits
local sameLines = ____apply.sameLines
local ____diff_text = require("claude-ide.editor.review.diff_text")
local readFile = ____diff_text.readFile
local splitLikeReadfile = ____diff_text.splitLikeReadfile
local textLines = ____diff_text.textLines
local ____disk_write = require("claude-ide.editor.write.disk_write")
local changedRange = ____disk_write.changedRange
local ____result = require("claude-ide.protocol.result")
local ToolError = ____result.ToolError
local ____fs = require("claude-ide.util.fs")
local fileStamp = ____fs.fileStamp
local readSmallFile = ____fs.readSmallFile
local dir = arg[1]
--- A job file is read whole up to this size (the editor writes the text of files of any size).
local JOB_MAX_BYTES = 2 ^ 31
local started = vim.uv.hrtime()
local function say(line)
    io.stdout:write(line .. "\n")
    io.stdout:flush()
end
--- The lines of a job file: each ended by "\n", bytes as they are (a NUL byte raw, as the buffer's API gives it).
local function readLines(path)
    local data = readSmallFile(path, JOB_MAX_BYTES)
    return (data == nil or data == "") and ({}) or textLines(data)
end
local function run()
    local text = readSmallFile(dir .. "/job.json", JOB_MAX_BYTES)
    if text == nil then
        return "error the job is missing"
    end
    local job = vim.json.decode(text)
    vim.o.eventignore = "all"
    for name, value in pairs(job.options) do
        pcall(function()
            local ____value_0 = value
            vim.go[name] = ____value_0
            return ____value_0
        end)
    end
    vim.go.swapfile = false
    vim.go.undofile = false
    vim.go.undolevels = -1
    vim.go.modeline = false
    if (fileStamp(job.file) or "none") ~= job.stamp then
        return "changed since the editor looked at it"
    end
    local expect
    local from
    local to
    local replacement
    if job.edits ~= nil then
        local read = readFile(job.file)
        if not read.ok then
            return "error " .. read.error
        end
        if read.text == nil then
            return "changed: it is gone"
        end
        expect = splitLikeReadfile(read.text)
        local edits = job.edits
        local planned, result = pcall(function() return planEdits(expect, edits, job.display or job.file) end)
        if not planned then
            local err = result
            if __TS__InstanceOf(err, ToolError) then
                return "refused " .. (string.gsub(err.message, "\n", " "))
            end
            error(err, 0)
        end
        local after = result
        if sameLines(after, expect) then
            return "unchanged"
        end
        from, to, replacement = changedRange(expect, after)
        if to < 0 then
            to = #expect
        end
    else
        expect = readLines(dir .. "/expect.lines")
        replacement = readLines(dir .. "/new.lines")
        if #expect ~= job.count then
            return "error the job's text is incomplete"
        end
        from = job.from or 0
        to = job.to or #expect
    end
    local buf = vim.fn.bufadd(job.file)
    vim.fn.bufload(buf)
    local same = vim.api.nvim_buf_line_count(buf) == #expect
    if same then
        local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
        do
            local i = 0
            while i < #now do
                if now[i + 1] ~= expect[i + 1] then
                    same = false
                    break
                end
                i = i + 1
            end
        end
    end
    if same then
        vim.api.nvim_buf_set_lines(
            buf,
            from,
            to,
            false,
            replacement
        )
    else
        local fenc = vim.api.nvim_get_option_value("fileencoding", {buf = buf})
        if fenc == "" or fenc == "utf-8" then
            return "changed: it does not hold the text the change was planned on"
        end
        local ok, raw = pcall(vim.fn.readfile, job.file)
        if not ok or not vim.deep_equal(raw, expect) then
            return "changed: it does not hold the text the change was planned on"
        end
        local ____array_1 = __TS__SparseArrayNew(unpack(__TS__ArraySlice(expect, 0, from)))
        __TS__SparseArrayPush(
            ____array_1,
            unpack(replacement)
        )
        __TS__SparseArrayPush(
            ____array_1,
            unpack(__TS__ArraySlice(expect, to))
        )
        local after = __TS__ArrayMap(
            {__TS__SparseArraySpread(____array_1)},
            function(____, line)
                local out = vim.fn.iconv(line, fenc, "utf-8")
                return (out ~= "" or line == "") and out or line
            end
        )
        vim.api.nvim_buf_set_lines(
            buf,
            0,
            -1,
            false,
            after
        )
    end
    if (fileStamp(job.file) or "none") ~= job.stamp then
        return "changed while it was being read"
    end
    if (vim.uv.hrtime() - started) / 1000000 > job.writeByMs then
        return "error it took too long: stopped before writing"
    end
    vim.api.nvim_buf_call(
        buf,
        function() return vim.cmd("silent keepalt keepjumps write") end
    )
    return "ok"
end
local ok, result = pcall(run)
say(ok and result or "error " .. vimErrorLine(result))
return ____exports
