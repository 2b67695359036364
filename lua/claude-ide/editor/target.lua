-- Generated from src/claude-ide/editor/target.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local exists, resolveUnchecked, BOM, CHUNK
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local findBuffer = ____buffers.findBuffer
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local ____result = require("claude-ide.protocol.result")
local RESULT_BUDGET = ____result.RESULT_BUDGET
local failWith = ____result.failWith
local ____schema = require("claude-ide.protocol.schema")
local int = ____schema.int
local optional = ____schema.optional
local str = ____schema.str
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local ____pacing = require("claude-ide.editor.pacing")
local sliceCheck = ____pacing.sliceCheck
function exists(path)
    local stat = vim.uv.fs_stat(path)
    return stat ~= nil and stat.type ~= "directory"
end
function resolveUnchecked(args, opts)
    if opts == nil then
        opts = {}
    end
    if args.path ~= nil and args.buffer ~= nil then
        failWith("give either \"path\" or \"buffer\", not both")
    end
    if args.buffer ~= nil then
        local buf = args.buffer
        if not vim.api.nvim_buf_is_valid(buf) then
            failWith(("there is no buffer " .. tostring(buf)) .. "; editor_state lists the buffers (b<n>)")
        end
        local path = bufferPath(buf)
        return {
            buf = buf,
            path = path,
            display = displayPath(path),
            onDisk = path ~= "" and exists(path)
        }
    end
    if args.path == nil then
        if opts.required == false then
            return nil
        end
        failWith("give \"path\" (absolute or relative to Neovim's cwd) or \"buffer\" (a number from editor_state)")
    end
    local raw = args.path
    if raw == "" then
        failWith("\"path\" must not be empty")
    end
    if (string.find(raw, "\0", 1, true)) ~= nil then
        failWith("\"path\" must not contain a NUL byte")
    end
    local path = normalizePath(raw)
    local stat = vim.uv.fs_stat(path)
    if (stat and stat.type) == "directory" then
        failWith(displayPath(path) .. " is a directory, not a file")
    end
    local buf = findBuffer(path)
    local onDisk = stat ~= nil
    if buf == nil and not onDisk and opts.missing ~= "allow" then
        failWith(((("no buffer and no file at " .. path) .. " (relative paths are taken from Neovim's cwd ") .. vim.fn.getcwd()) .. "); check the path, or search with scope \"project\"")
    end
    return {
        buf = buf,
        path = path,
        display = displayPath(path),
        onDisk = onDisk
    }
end
--- fileLines with a Pacing of the caller's (paused between slices), or in one stretch without one.
function ____exports.readLines(path, pacing, opts)
    if opts == nil then
        opts = {}
    end
    local st = vim.uv.fs_stat(path)
    if pacing ~= nil and st ~= nil and st.size > CHUNK then
        pacing.pause()
        pacing.sliceStart = vim.uv.hrtime()
    end
    local due = sliceCheck(pacing)
    local fd, err = vim.uv.fs_open(path, "r", 0)
    if fd == nil then
        failWith((("cannot read " .. displayPath(path)) .. ": ") .. tostring(err))
    end
    local first = opts.first or 1
    local last = opts.last
    local kept = {}
    local keptBytes = 0
    local full = false
    local lnum = 0
    local tail = ""
    local offset = 0
    --- `ended`: the line ended with NL (readfile drops a CR only there).
    local function keep(line, ended)
        lnum = lnum + 1
        if full or lnum < first or last ~= nil and lnum > last then
            return
        end
        if ended and string.sub(line, -1) == "\r" then
            line = string.sub(line, 1, -2)
        end
        kept[#kept + 1] = line
        if opts.shownMax ~= nil then
            keptBytes = keptBytes + (math.min(#line, opts.shownMax) + 8)
            if keptBytes > RESULT_BUDGET then
                full = true
            end
        end
    end
    do
        while true do
            local data, readErr = vim.uv.fs_read(fd, CHUNK, offset)
            if data == nil then
                vim.uv.fs_close(fd)
                failWith((("cannot read " .. displayPath(path)) .. ": ") .. tostring(readErr))
            end
            if data == "" then
                break
            end
            local pos = offset == 0 and string.sub(data, 1, 3) == BOM and 4 or 1
            offset = offset + #data
            do
                while true do
                    local nl = string.find(data, "\n", pos, true)
                    if nl == nil then
                        break
                    end
                    if tail ~= "" then
                        keep(
                            tail .. string.sub(data, pos, nl - 1),
                            true
                        )
                        tail = ""
                    elseif full or lnum + 1 < first then
                        lnum = lnum + 1
                    else
                        keep(
                            string.sub(data, pos, nl - 1),
                            true
                        )
                    end
                    pos = nl + 1
                end
            end
            if pos <= #data then
                tail = tail .. string.sub(data, pos)
            end
            due()
        end
    end
    vim.uv.fs_close(fd)
    if tail ~= "" then
        keep(tail, false)
    end
    return {total = lnum, lines = kept}
end
--- `path` | `buffer`, as every tool that works on one file takes them (resolved by `resolveTarget`).
____exports.targetInput = {
    path = optional(str("File path, absolute or relative to Neovim's cwd", {minLength = 1})),
    buffer = optional(int("Buffer number (b<n> in editor_state)", {minimum = 1}))
}
--- Resolves `path` | `buffer`. `missing`: what a path naming no buffer and no file means — "error" (the
-- default), or "allow" (edit may create a file). Throws a ToolError (failWith) that says what to do: also when
-- the policy refuses the file (outside the workspace, or withheld from the model), so that every agent tool
-- (and the LSP tools, through lsp/document) is refused in the same words.
function ____exports.resolveTarget(policy, args, opts)
    if opts == nil then
        opts = {}
    end
    local target = resolveUnchecked(args, opts)
    if target == nil or target.path == "" then
        return target
    end
    local refusal = policy:refusal(target.path, target.display)
    if refusal ~= nil then
        failWith(refusal)
    end
    return target
end
--- The text lines of a target: the buffer's (unsaved) lines when loaded, else the file's.
function ____exports.targetLines(t)
    if t.buf ~= nil and vim.api.nvim_buf_is_loaded(t.buf) then
        return vim.api.nvim_buf_get_lines(t.buf, 0, -1, false)
    end
    if not t.onDisk then
        return {}
    end
    local ok, lines = pcall(vim.fn.readfile, t.path)
    if not ok then
        failWith((("cannot read " .. t.display) .. ": ") .. tostring(lines))
    end
    return lines
end
--- Parks the call until the editor's loop has polled for input once (keys typed and requests sent meanwhile are
-- handled first). A 1 ms timer, not vim.schedule: a callback scheduled from a scheduled callback runs in the
-- same pass over the event queue, before anything new is read.
function ____exports.yieldToEditor(ctx)
    ctx.park(function(resume)
        local timer = vim.uv.new_timer()
        timer:start(
            1,
            0,
            function()
                timer:close()
                resume(true)
            end
        )
    end)
end
--- Long work of a call in steps of SLICE_MS with the editor's loop running between them (editor/write/disk_write).
function ____exports.pacing(ctx)
    return {
        pause = function() return ____exports.yieldToEditor(ctx) end,
        sliceMs = ____exports.SLICE_MS,
        wait = function(start) return ctx.park(start) end
    }
end
BOM = "﻿"
CHUNK = 64 * 1024
--- Work done for the model in the editor's loop (reading files, quoting lines) runs for at most this long at a
-- time, then yields (yieldToEditor) so the loop runs before the next piece: no frozen frame.
____exports.SLICE_MS = 4
--- The lines of a file read in time slices (the call parks between slices, so a 10 MB file never holds the
-- editor's loop) and its line count. Lines are split like readfile(): on NL, a CR before it dropped, no empty
-- line after a final NL, a leading byte order mark dropped. With `first`/`last` only those lines are kept, and with `shownMax` only as many as one
-- answer can show (each counted at most `shownMax` bytes).
function ____exports.fileLines(ctx, path, opts)
    if opts == nil then
        opts = {}
    end
    return ____exports.readLines(
        path,
        ____exports.pacing(ctx),
        opts
    )
end
--- targetLines, with a file on disk read in time slices (see fileLines).
function ____exports.targetLinesSliced(ctx, t)
    if (t.buf == nil or not vim.api.nvim_buf_is_loaded(t.buf)) and t.onDisk then
        return ____exports.fileLines(ctx, t.path).lines
    end
    return ____exports.targetLines(t)
end
return ____exports
