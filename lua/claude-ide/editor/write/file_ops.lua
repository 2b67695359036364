-- Generated from src/claude-ide/editor/write/file_ops.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local ____exports = {}
local ____disk_write = require("claude-ide.editor.write.disk_write")
local writeFileAsVim = ____disk_write.writeFileAsVim
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local setChangedLines = ____buffers.setChangedLines
local withoutSwapPrompt = ____buffers.withoutSwapPrompt
local function stat(path)
    local s = vim.uv.fs_stat(path)
    return s
end
--- The loaded buffer of `path` when it has unsaved changes.
function ____exports.unsavedBuffer(path)
    local buf = findBuffer(path)
    if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
        return nil
    end
    return vim.api.nvim_get_option_value("modified", {buf = buf}) == true and buf or nil
end
function ____exports.isDirectory(path)
    local ____opt_0 = stat(path)
    return (____opt_0 and ____opt_0.type) == "directory"
end
--- Makes the folder of `path` (and its parents).
local function makeParent(path)
    local dir = vim.fs.dirname(path)
    if vim.fn.isdirectory(dir) == 1 or vim.fn.mkdir(dir, "p") == 1 then
        return {ok = true}
    end
    return {ok = false, error = "cannot create the directory " .. dir}
end
--- An empty file at `path` when there is nothing there yet (parent folders made); an existing file stays.
function ____exports.createFile(path)
    if stat(path) ~= nil then
        return {ok = true}
    end
    local made = makeParent(path)
    if not made.ok then
        return made
    end
    local written = writeFileAsVim(path, {})
    return written.ok and ({ok = true}) or ({ok = false, error = written.error})
end
--- Wipes a buffer (without unsaved changes) whose file is gone. Windows showing it first show another buffer
-- (their alternate one, else another listed buffer, else a new empty one): the user's layout stays.
local function removeBuffer(buf)
    for ____, win in ipairs(vim.fn.win_findbuf(buf)) do
        local alt = vim.api.nvim_win_call(
            win,
            function() return vim.fn.bufnr("#") end
        )
        local function usable(b)
            return b > 0 and b ~= buf and vim.api.nvim_buf_is_valid(b) and vim.api.nvim_get_option_value("buflisted", {buf = b}) == true
        end
        local next = usable(alt) and alt or nil
        if next == nil then
            next = __TS__ArrayFind(
                vim.api.nvim_list_bufs(),
                function(____, b) return usable(b) end
            )
        end
        if next == nil then
            next = vim.api.nvim_create_buf(true, false)
        end
        pcall(vim.api.nvim_win_set_buf, win, next)
    end
    pcall(vim.api.nvim_buf_delete, buf, {force = true})
end
--- Another buffer exactly named `path` (not `except`): the one `:file` leaves behind with the old name.
local function otherBufferNamed(path, except)
    return __TS__ArrayFind(
        vim.api.nvim_list_bufs(),
        function(____, b) return b ~= except and vim.api.nvim_buf_get_name(b) == path end
    )
end
--- Gives `buf` (the buffer of `from`, whose file is now at `to`) the new name, keeping its text, unsaved
-- changes, undo history and number. `:file` alone would leave `:w` failing with E13 (Neovim thinks the buffer
-- was never read from the file it now names): the buffer is read again from its new file (`:edit!`, saved for
-- undo, which also re-detects the filetype and tells its language servers the new name), then its unsaved
-- text is put back (joined to that undo step). Returns what happened, for the answer.
local function moveBuffer(buf, from, to)
    local stale = otherBufferNamed(to, buf)
    if stale ~= nil and not vim.api.nvim_buf_is_loaded(stale) then
        pcall(vim.api.nvim_buf_delete, stale, {force = true})
    end
    local loaded = vim.api.nvim_buf_is_loaded(buf)
    local text = loaded and vim.api.nvim_buf_get_lines(buf, 0, -1, true) or nil
    local dirty = loaded and vim.api.nvim_get_option_value("modified", {buf = buf}) == true
    local named, nameErr = pcall(
        vim.api.nvim_buf_call,
        buf,
        function() return vim.cmd({cmd = "file", args = {to}, mods = {silent = true, keepalt = true}, magic = {file = false}}) end
    )
    if not named then
        return ((("its buffer b" .. tostring(buf)) .. " could not follow it (") .. tostring(nameErr)) .. "): it still has the old name"
    end
    local left = otherBufferNamed(from, buf)
    if left ~= nil and not vim.api.nvim_buf_is_loaded(left) then
        pcall(vim.api.nvim_buf_delete, left, {force = true})
    end
    if text == nil then
        return ("its unloaded buffer b" .. tostring(buf)) .. " renamed too"
    end
    local undoreload = vim.api.nvim_get_option_value("undoreload", {})
    vim.api.nvim_set_option_value("undoreload", -1, {})
    local reloaded, err = unpack(
        withoutSwapPrompt(
            "a renamed file has another editor's swap file",
            function() return vim.api.nvim_buf_call(
                buf,
                function() return vim.cmd("silent keepalt keepjumps edit!") end
            ) end
        ),
        1,
        2
    )
    vim.api.nvim_set_option_value("undoreload", undoreload, {})
    local now = vim.api.nvim_buf_get_lines(buf, 0, -1, true)
    if not vim.deep_equal(now, text) then
        vim.api.nvim_buf_call(
            buf,
            function()
                pcall(vim.cmd, "undojoin")
                setChangedLines(buf, now, text)
            end
        )
    end
    local how = dirty and ("buffer b" .. tostring(buf)) .. " follows it, its unsaved changes kept (not saved)" or ("buffer b" .. tostring(buf)) .. " follows it"
    return reloaded and how or ((how .. "; reading it again failed (") .. tostring(err)) .. "): `:w!` may be needed to save it"
end
--- Moves the file `from` to `to` (parent folders made), and its buffer with it. An existing `to` is replaced
-- only with `overwrite` (its buffer, which must have no unsaved changes, is wiped); folders are refused.
function ____exports.renameFile(from, to, overwrite)
    local source = stat(from)
    if source == nil then
        return {ok = false, error = from .. " does not exist (any more)"}
    end
    if source.type == "directory" then
        return {ok = false, error = from .. " is a folder"}
    end
    local target = stat(to)
    if target ~= nil and not overwrite then
        return {ok = false, error = to .. " exists and is not to be overwritten"}
    end
    if (target and target.type) == "directory" then
        return {ok = false, error = to .. " is a folder"}
    end
    local buf = findBuffer(from)
    local other = findBuffer(to)
    local replaced = other ~= nil and other ~= buf and other or nil
    if replaced ~= nil and vim.api.nvim_buf_is_loaded(replaced) then
        if vim.api.nvim_get_option_value("modified", {buf = replaced}) == true then
            return {
                ok = false,
                error = (to .. " has unsaved changes in buffer b") .. tostring(replaced)
            }
        end
        if not overwrite then
            return {
                ok = false,
                error = ((to .. " is open in buffer b") .. tostring(replaced)) .. " and is not to be overwritten"
            }
        end
    end
    local made = makeParent(to)
    if not made.ok then
        return made
    end
    local renamed, err = vim.uv.fs_rename(from, to)
    if not renamed then
        return {
            ok = false,
            error = (((("cannot rename " .. from) .. " to ") .. to) .. ": ") .. tostring(err)
        }
    end
    local undoFrom = vim.fn.undofile(from)
    if undoFrom ~= "" and stat(undoFrom) ~= nil then
        local undoTo = vim.fn.undofile(to)
        vim.fn.mkdir(
            vim.fs.dirname(undoTo),
            "p"
        )
        vim.uv.fs_rename(undoFrom, undoTo)
    end
    if replaced ~= nil and replaced ~= buf then
        removeBuffer(replaced)
    end
    if buf == nil then
        return {ok = true}
    end
    return {
        ok = true,
        note = moveBuffer(buf, from, to)
    }
end
--- Deletes the file `path` and wipes its buffer (windows keep showing something else). A buffer with unsaved
-- changes is refused; so is a folder. A missing file is fine with `ignoreIfNotExists`.
function ____exports.deleteFile(path, ignoreIfNotExists)
    local unsaved = ____exports.unsavedBuffer(path)
    if unsaved ~= nil then
        return {
            ok = false,
            error = (path .. " has unsaved changes in buffer b") .. tostring(unsaved)
        }
    end
    local buf = findBuffer(path)
    local s = stat(path)
    if s == nil then
        if not ignoreIfNotExists then
            return {ok = false, error = path .. " does not exist (any more)"}
        end
    elseif s.type == "directory" then
        return {ok = false, error = path .. " is a folder"}
    else
        local removed, err = vim.uv.fs_unlink(path)
        if not removed then
            return {
                ok = false,
                error = (("cannot delete " .. path) .. ": ") .. tostring(err)
            }
        end
    end
    if buf == nil then
        return {ok = true}
    end
    removeBuffer(buf)
    return {
        ok = true,
        note = ("its buffer b" .. tostring(buf)) .. " wiped"
    }
end
return ____exports
