-- Generated from src/claude-ide/editor/target.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local exists, resolveUnchecked
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local findBuffer = ____buffers.findBuffer
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local ____schema = require("claude-ide.protocol.schema")
local int = ____schema.int
local optional = ____schema.optional
local str = ____schema.str
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
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
--- `path` | `buffer`, as every tool that works on one file takes them (resolved by `resolveTarget`).
____exports.targetInput = {
    path = optional(str("File path, absolute or relative to Neovim's cwd", {minLength = 1})),
    buffer = optional(int("Buffer number (b<n> in editor_state)", {minimum = 1}))
}
--- Resolves `path` | `buffer`. `missing`: what a path naming no buffer and no file means — "error" (the
-- default), or "allow" (edit may create a file). Throws a ToolFailure that says what to do: also when the
-- policy refuses the file (outside the workspace, or withheld from the model), so that every agent tool
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
return ____exports
