-- Generated from src/claude-ide/editor/pty.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- How often the child is checked, and how long at most a hangup waits for it (ms).
local POLL_MS = 2
local MAX_WAIT_MS = 1000
--- Without /proc (not Linux), a hangup simply waits this long after the job's start.
local FALLBACK_AGE_MS = 100
local started = {}
--- Records when pty job `job` started (call right after jobstart/termopen).
function ____exports.ptyStarted(job)
    started[job] = vim.uv.now()
end
local selfExe
--- True when SIGHUP (signal 1) is in the "caught" mask of /proc/<pid>/status; undefined if unreadable.
local function catchesHangup(pid)
    local fd = vim.uv.fs_open(
        ("/proc/" .. tostring(pid)) .. "/status",
        "r",
        0
    )
    if fd == nil then
        return nil
    end
    local status = vim.uv.fs_read(fd, 4096, 0)
    vim.uv.fs_close(fd)
    local mask = string.match(status or "", "SigCgt:%s*(%x+)")
    if mask == nil then
        return nil
    end
    return tonumber(
        string.sub(mask, -1),
        16
    ) % 2 == 1
end
--- True when hanging up the pty of `job` cannot be mistaken by Neovim for its own SIGHUP: the job is gone,
-- or its process runs another program than Neovim, or no longer catches SIGHUP with Neovim's handler.
function ____exports.ptySafeToHangUp(job)
    local ok, pid = pcall(vim.fn.jobpid, job)
    if not ok or type(pid) ~= "number" or pid <= 0 then
        return true
    end
    if vim.fn.isdirectory("/proc/self") ~= 1 then
        local t = started[job]
        return t == nil or vim.uv.now() - t >= FALLBACK_AGE_MS
    end
    local exe = vim.uv.fs_readlink(("/proc/" .. tostring(pid)) .. "/exe")
    if exe == nil then
        return true
    end
    if selfExe == nil then
        selfExe = (vim.uv.fs_readlink("/proc/self/exe"))
    end
    if exe ~= selfExe then
        return true
    end
    return catchesHangup(pid) == false
end
--- Runs `hangUp` (which closes the pty of `job`: jobstop, wiping its buffer) at once when that is safe, else
-- as soon as it is (checked every few ms, at most about a second: then it runs anyway).
function ____exports.whenSafeToHangUp(job, hangUp)
    if ____exports.ptySafeToHangUp(job) then
        started[job] = nil
        hangUp()
        return
    end
    local deadline = vim.uv.now() + MAX_WAIT_MS
    local poll
    poll = function()
        if not ____exports.ptySafeToHangUp(job) and vim.uv.now() < deadline then
            vim.defer_fn(poll, POLL_MS)
            return
        end
        started[job] = nil
        hangUp()
    end
    vim.defer_fn(poll, POLL_MS)
end
return ____exports
