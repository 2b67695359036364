-- Generated from src/claude-ide/editor/workspace_context.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local isFileBuffer = ____buffers.isFileBuffer
local bufferPath = ____buffers.bufferPath
local ____selection = require("claude-ide.editor.selection")
local activeEditorWindow = ____selection.activeEditorWindow
local isTrackedWindow = ____selection.isTrackedWindow
local liveSelection = ____selection.liveSelection
local markedSelection = ____selection.markedSelection
--- Visual and Select modes, as ModeChanged patterns name them (charwise, linewise, blockwise).
local VISUAL = ("vVsS" .. string.char(22)) .. string.char(19)
____exports.MAX_FILES = 10
____exports.MAX_SELECTION_BYTES = 16 * 1024
local function nowMs()
    local sec, usec = vim.uv.gettimeofday()
    return sec * 1000 + math.floor(usec / 1000)
end
--- The first `max` bytes of `s`, never cutting a UTF-8 character.
local function cutUtf8(s, max)
    if #s <= max then
        return s
    end
    local n = max
    while n > 0 do
        local b = string.byte(s, n + 1)
        if b < 128 or b >= 192 then
            break
        end
        n = n - 1
    end
    return string.sub(s, 1, n)
end
local function existsOnDisk(path)
    local stat = vim.uv.fs_stat(path)
    return stat ~= nil and stat.type == "file"
end
--- Tracks focus times and reports the workspace state, debounced. One per running companion.
____exports.WorkspaceContext = __TS__Class()
local WorkspaceContext = ____exports.WorkspaceContext
WorkspaceContext.name = "WorkspaceContext"
function WorkspaceContext.prototype.____constructor(self, name, debounceMs, onUpdate, withheld)
    if withheld == nil then
        withheld = function() return false end
    end
    self.debounceMs = debounceMs
    self.onUpdate = onUpdate
    self.withheld = withheld
    self.focused = {}
    self.cursorAutocmds = {}
    self.disposed = false
    self.group = vim.api.nvim_create_augroup(name, {clear = true})
    local function focus(ev)
        self:touch(ev.buf)
        self:changed()
    end
    local function files(ev)
        if ev.event == "BufDelete" or ev.event == "BufWipeout" then
            local path = vim.api.nvim_buf_is_valid(ev.buf) and isFileBuffer(ev.buf) and bufferPath(ev.buf) or nil
            if path ~= nil then
                self.focused[path] = nil
            end
        else
            self:touch(ev.buf)
        end
        self:changed()
    end
    vim.api.nvim_create_autocmd(
        {"BufEnter", "WinEnter"},
        {
            group = self.group,
            desc = "claude-ide: the companion's last-focused file times",
            callback = function(ev)
                focus(ev)
            end
        }
    )
    vim.api.nvim_create_autocmd(
        {"BufDelete", "BufWipeout", "BufWritePost", "BufFilePost"},
        {
            group = self.group,
            desc = "claude-ide: the companion's open files",
            callback = function(ev)
                files(ev)
            end
        }
    )
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_is_loaded(buf) then
            self:touch(buf, 0)
        end
    end
    self:touch(vim.api.nvim_get_current_buf())
end
function WorkspaceContext.prototype.listen(self, on)
    if self.disposed then
        return
    end
    if on and #self.cursorAutocmds == 0 then
        self.cursorAutocmds = {
            vim.api.nvim_create_autocmd(
                {"CursorMoved", "CursorMovedI", "ModeChanged"},
                {
                    group = self.group,
                    desc = "claude-ide: the companion's cursor and selection",
                    callback = function() return self:changed() end
                }
            ),
            vim.api.nvim_create_autocmd(
                "ModeChanged",
                {
                    group = self.group,
                    pattern = ((("[" .. VISUAL) .. "]*:[^") .. VISUAL) .. "]*",
                    desc = "claude-ide: the companion keeps the selection when Visual mode ends",
                    callback = function() return self:keep() end
                }
            )
        }
    elseif not on then
        for ____, id in ipairs(self.cursorAutocmds) do
            pcall(vim.api.nvim_del_autocmd, id)
        end
        self.cursorAutocmds = {}
    end
end
function WorkspaceContext.prototype.keep(self)
    local win = vim.api.nvim_get_current_win()
    if not isTrackedWindow(win) then
        return
    end
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(win),
        1,
        2
    )
    self.kept = {win = win, row = row, col = col}
end
function WorkspaceContext.prototype.selectedText(self, win)
    local live = liveSelection(win).text
    if live ~= "" then
        return live
    end
    local kept = self.kept
    if kept == nil or kept.win ~= win or not vim.api.nvim_win_is_valid(win) then
        return ""
    end
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(win),
        1,
        2
    )
    if row ~= kept.row or col ~= kept.col then
        self.kept = nil
        return ""
    end
    local ____opt_0 = markedSelection(win)
    return ____opt_0 and ____opt_0.text or ""
end
function WorkspaceContext.prototype.touch(self, buf, at)
    if at == nil then
        at = nowMs()
    end
    if not vim.api.nvim_buf_is_valid(buf) or not isFileBuffer(buf) then
        return
    end
    local path = bufferPath(buf)
    if path == "" then
        return
    end
    self.focused[path] = math.max(at, self.focused[path] or 0)
end
function WorkspaceContext.prototype.changed(self)
    if self.disposed then
        return
    end
    if self.timer == nil then
        self.timer = vim.uv.new_timer()
    end
    self.timer:stop()
    self.timer:start(
        self.debounceMs,
        0,
        function() return vim.schedule(function() return self:flush() end) end
    )
end
function WorkspaceContext.prototype.flush(self)
    if self.disposed then
        return
    end
    self.onUpdate({openFiles = self:snapshot()})
end
function WorkspaceContext.prototype.snapshot(self)
    local files = {}
    for path, timestamp in pairs(self.focused) do
        if existsOnDisk(path) then
            files[#files + 1] = {path = path, timestamp = timestamp}
        end
    end
    local win = activeEditorWindow()
    local activePath = win ~= nil and bufferPath(vim.api.nvim_win_get_buf(win)) or nil
    __TS__ArraySort(
        files,
        function(____, a, b)
            if a.path == activePath then
                return -1
            end
            if b.path == activePath then
                return 1
            end
            return b.timestamp - a.timestamp
        end
    )
    local kept = __TS__ArraySlice(files, 0, ____exports.MAX_FILES)
    local active = kept[1]
    if win ~= nil and active ~= nil and active.path == activePath then
        active.isActive = true
        local text = self:selectedText(win)
        local at = vim.api.nvim_win_get_cursor(win)
        local line = vim.api.nvim_buf_get_lines(
            vim.api.nvim_win_get_buf(win),
            at[1] - 1,
            at[1],
            false
        )[1] or ""
        active.cursor = {
            line = at[1],
            character = vim.fn.strchars(string.sub(line, 1, at[2])) + 1
        }
        if text ~= "" and not self.withheld(active.path) then
            active.selectedText = cutUtf8(text, ____exports.MAX_SELECTION_BYTES)
        end
    end
    return kept
end
function WorkspaceContext.prototype.dispose(self)
    if self.disposed then
        return
    end
    self.disposed = true
    local ____opt_2 = self.timer
    if ____opt_2 ~= nil then
        ____opt_2:stop()
    end
    local ____opt_4 = self.timer
    if ____opt_4 ~= nil then
        ____opt_4:close()
    end
    pcall(vim.api.nvim_del_augroup_by_id, self.group)
end
return ____exports
