-- Generated from src/claude-ide/editor/review/diff_follow.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local ____diff_text = require("claude-ide.editor.review.diff_text")
local normalizeEol = ____diff_text.normalizeEol
local readFile = ____diff_text.readFile
--- How long to wait for the write: before it the CLI asks for diagnostics and may run the user's hooks.
local WATCH_MS = 30000
--- Polling backs up the fs event (missed events, network filesystems); a stat every tick is cheap.
local POLL_MS = 100
--- A change that is not the accepted text (a hook reformatted it, a write in progress) must settle first.
local SETTLE_MS = 300
--- Identity of what is at `path` now: changes when the file is created, replaced or written.
local function fingerprint(path)
    local stat = vim.uv.fs_stat(path)
    if stat == nil then
        return "missing"
    end
    return (((((((stat.type .. ":") .. tostring(stat.ino)) .. ":") .. tostring(stat.size)) .. ":") .. tostring(stat.mtime.sec)) .. ".") .. tostring(stat.mtime.nsec)
end
--- Reloads the buffer of `path` from disk like `:edit!`, kept as one undo step whatever the file's size
-- ('undoreload' = -1 for the duration), after closing the undo block the user's own edits are in. Vim then
-- also records the new modification time, so a later :write does not warn about a changed file.
function ____exports.reloadBuffer(path, log)
    local buf = findBuffer(path)
    if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
        return
    end
    local hadEdits = vim.api.nvim_get_option_value("modified", {buf = buf})
    local undoreload = vim.go.undoreload
    vim.go.undoreload = -1
    local ok, err = pcall(
        vim.api.nvim_buf_call,
        buf,
        function()
            vim.go.undolevels = vim.go.undolevels
            vim.cmd("silent keepalt keepjumps edit!")
        end
    )
    vim.go.undoreload = undoreload
    local name = vim.fn.fnamemodify(path, ":~:.")
    if not ok then
        log:warn((("could not reload " .. name) .. " after Claude wrote it: ") .. tostring(err))
    elseif hadEdits then
        log:warn(name .. " now holds Claude's change; your unsaved edits were replaced and are one `u` away in that buffer")
    end
end
--- Waits for the CLI's write of an accepted text to `path`, then reloads the file's buffer (once).
____exports.WriteFollower = __TS__Class()
local WriteFollower = ____exports.WriteFollower
WriteFollower.name = "WriteFollower"
function WriteFollower.prototype.____constructor(self, path, expected, log, onStop)
    self.path = path
    self.expected = expected
    self.log = log
    self.onStop = onStop
    self.startedAt = vim.uv.now()
    self.timer = vim.uv.new_timer()
    self.stopped = false
    self.startPrint = fingerprint(path)
end
function WriteFollower.prototype.start(self)
    local function wake()
        return vim.schedule(function() return self:check() end)
    end
    self.timer:start(POLL_MS, POLL_MS, wake)
    local watcher = vim.uv.new_fs_event()
    if watcher ~= nil and watcher:start(
        vim.fs.dirname(self.path),
        {},
        wake
    ) ~= nil then
        self.watcher = watcher
    else
        if watcher ~= nil then
            watcher:close()
        end
    end
end
function WriteFollower.prototype.stop(self)
    if self.stopped then
        return
    end
    self.stopped = true
    self.timer:stop()
    self.timer:close()
    local ____opt_2 = self.watcher
    if ____opt_2 ~= nil then
        ____opt_2:stop()
    end
    local ____opt_4 = self.watcher
    if ____opt_4 ~= nil then
        ____opt_4:close()
    end
    self.onStop()
end
function WriteFollower.prototype.check(self)
    if self.stopped then
        return
    end
    local ok, err = pcall(function() return self:step() end)
    if not ok then
        self.log:error((("following the write of " .. self.path) .. " failed: ") .. tostring(err))
        self:stop()
    end
end
function WriteFollower.prototype.step(self)
    local now = vim.uv.now()
    local ____print = fingerprint(self.path)
    if ____print == self.startPrint then
        if now - self.startedAt > WATCH_MS then
            self:stop()
        end
        return
    end
    local ____opt_6 = self.seen
    if (____opt_6 and ____opt_6.print) ~= ____print then
        self.seen = {print = ____print, since = now}
        local disk = readFile(self.path)
        if not (disk.ok and disk.text ~= nil and normalizeEol(disk.text) == self.expected) then
            return
        end
    elseif now - self.seen.since < SETTLE_MS then
        return
    end
    ____exports.reloadBuffer(self.path, self.log)
    self:stop()
end
return ____exports
