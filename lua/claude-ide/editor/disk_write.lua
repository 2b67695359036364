-- Generated from src/claude-ide/editor/disk_write.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local get, convertedAsRead
local ____buffers = require("claude-ide.editor.buffers")
local vimErrorLine = ____buffers.vimErrorLine
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
function get(buf, name)
    return vim.api.nvim_get_option_value(name, {buf = buf})
end
function convertedAsRead(file, expect, buf, lines)
    local fenc = get(buf, "fileencoding")
    if fenc == "" or fenc == "utf-8" then
        return nil
    end
    local ok, raw = pcall(vim.fn.readfile, file)
    if not ok or not vim.deep_equal(raw, expect) then
        return nil
    end
    return __TS__ArrayMap(
        lines,
        function(____, line)
            local out = vim.fn.iconv(line, fenc, "utf-8")
            return (out ~= "" or line == "") and out or line
        end
    )
end
local function set(buf, name, value)
    vim.api.nvim_set_option_value(name, value, {buf = buf})
end
--- Writes `lines` to the file at `path` as `:w` of that file would, when no buffer has it loaded. `expect`:
-- the lines the change was planned on (as readfile() gave them); when the file exists and holds something
-- else now, nothing is written. A missing file is created (its folder must exist). When the file turns out
-- to be loaded after all (another name of it, a symbolic link), `loaded` names that buffer and nothing is
-- written: the caller changes the buffer instead.
function ____exports.writeFileAsVim(path, lines, expect)
    local file = normalizePath(path)
    local stat = vim.uv.fs_stat(file)
    if stat ~= nil and stat.type ~= "file" then
        return {ok = false, error = file .. " is not a regular file"}
    end
    local existed = vim.fn.bufexists(file) == 1
    local eventignore = vim.o.eventignore
    vim.o.eventignore = "all"
    local buf
    local saved
    local ok, result = pcall(function()
        buf = vim.fn.bufadd(file)
        if vim.api.nvim_buf_is_loaded(buf) then
            local loaded = buf
            buf = nil
            return {
                ok = false,
                loaded = loaded,
                error = "the file is loaded in buffer b" .. tostring(loaded)
            }
        end
        saved = {
            swapfile = get(buf, "swapfile"),
            undofile = get(buf, "undofile"),
            undolevels = get(buf, "undolevels"),
            modeline = get(buf, "modeline")
        }
        set(buf, "swapfile", false)
        set(buf, "undofile", false)
        set(buf, "undolevels", -1)
        set(buf, "modeline", false)
        vim.fn.bufload(buf)
        local content = lines
        if stat ~= nil and expect ~= nil then
            local now = stat.size == 0 and ({}) or vim.api.nvim_buf_get_lines(buf, 0, -1, false)
            if not vim.deep_equal(now, expect) then
                local conv = convertedAsRead(file, expect, buf, lines)
                if conv == nil then
                    return {ok = false, error = "the file changed on disk while the review was open: nothing was written; read it again and redo the edit"}
                end
                content = conv
            end
        end
        local target = buf
        vim.api.nvim_buf_set_lines(
            target,
            0,
            -1,
            false,
            content
        )
        vim.api.nvim_buf_call(
            target,
            function() return vim.cmd("silent keepalt keepjumps write") end
        )
        return {ok = true}
    end)
    if buf ~= nil and vim.api.nvim_buf_is_valid(buf) then
        local target = buf
        if not existed then
            pcall(vim.api.nvim_buf_delete, target, {force = true})
        else
            pcall(vim.api.nvim_buf_delete, target, {force = true, unload = true})
            if saved ~= nil then
                local before = saved
                pcall(set, target, "swapfile", before.swapfile)
                pcall(set, target, "undofile", before.undofile)
                pcall(set, target, "undolevels", before.undolevels)
                pcall(set, target, "modeline", before.modeline)
            end
        end
    end
    vim.o.eventignore = eventignore
    if not ok then
        return {
            ok = false,
            error = vimErrorLine(result)
        }
    end
    return result
end
return ____exports
