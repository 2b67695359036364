-- Generated from src/claude-ide/editor/write/disk_write_child.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__StringSplit = ____lualib.__TS__StringSplit
local ____exports = {}
local ____modules = require("claude-ide.util.modules")
local childLuaPath = ____modules.childLuaPath
local pluginScript = ____modules.pluginScript
local ____process = require("claude-ide.util.process")
local runInBackground = ____process.runInBackground
--- When a file is written in a child, and how (internal: specs change them).
____exports.childWrite = {minBytes = 512 * 1024, timeoutMs = 60000, worker = nil, started = 0}
--- The global values of the options that change what `:w` writes (line endings, encoding, BOM, final newline,
-- backups and how the file is replaced, fsync) as the editor has them: a new buffer takes them.
local OPTIONS = {
    "fileformats",
    "fileformat",
    "fileencodings",
    "fileencoding",
    "bomb",
    "binary",
    "fixendofline",
    "backup",
    "writebackup",
    "backupcopy",
    "backupdir",
    "backupext",
    "backupskip",
    "patchmode",
    "fsync",
    "writeany"
}
--- Lines joined and written per step while the job is written (the clock is looked at after each).
local STEP = 8000
--- Job folders older than this (s) belong to no running child: swept.
local STALE_SECONDS = 3600
local jobs = 0
local function workerScript()
    return ____exports.childWrite.worker or pluginScript("editor/write/disk_write_worker.lua")
end
--- Removes a job folder and the files in it (it holds no folder).
local function removeFolder(folder)
    local handle = vim.uv.fs_scandir(folder)
    if handle ~= nil then
        do
            while true do
                local name = vim.uv.fs_scandir_next(handle)
                if name == nil then
                    break
                end
                vim.uv.fs_unlink((folder .. "/") .. name)
            end
        end
    end
    vim.uv.fs_rmdir(folder)
end
--- Removes the job folders of children that cannot be running any more (their editor was killed).
local function sweep(base)
    local handle = vim.uv.fs_scandir(base)
    if handle == nil then
        return
    end
    local now = os.time()
    do
        while true do
            local name = vim.uv.fs_scandir_next(handle)
            if name == nil then
                break
            end
            local st = vim.uv.fs_stat((base .. "/") .. name)
            if st ~= nil and now - st.mtime.sec > STALE_SECONDS then
                removeFolder((base .. "/") .. name)
            end
        end
    end
end
--- Writes `lines` to `path` (a new file, 0600), each ended by "\n", with the bytes as they are: the lines as
-- read from the file hold a NUL byte raw (writefile() refuses such a string), and no Vim list is built of them.
local function writeLines(path, lines, pacing)
    local fd, err = vim.uv.fs_open(path, "wx", 384)
    if fd == nil then
        error(
            (("cannot write " .. path) .. ": ") .. tostring(err),
            0
        )
    end
    local failure
    do
        local from = 1
        while from <= #lines and failure == nil do
            local data = table.concat(
                lines,
                "\n",
                from,
                math.min(from + STEP - 1, #lines)
            ) .. "\n"
            local written, writeErr = vim.uv.fs_write(fd, data)
            if written ~= #data then
                failure = (("cannot write " .. path) .. ": ") .. (writeErr or "short write")
            end
            pacing.due()
            from = from + STEP
        end
    end
    vim.uv.fs_close(fd)
    if failure ~= nil then
        error(failure, 0)
    end
end
--- Writes `job` in a child Neovim, parking the call meanwhile (see the top of this file). `loadedNow`: the
-- buffer that has the file loaded now, if any (checked right before the child starts: the user may have opened
-- it while the job was written; then nothing is written and the caller changes that buffer).
function ____exports.writeInChild(job, pacing, loadedNow)
    local base = vim.fn.stdpath("state") .. "/claude-ide/writes"
    if vim.fn.isdirectory(base) ~= 1 then
        vim.fn.mkdir(base, "p", 448)
    end
    sweep(base)
    jobs = jobs + 1
    local folder = (((base .. "/") .. tostring(vim.fn.getpid())) .. "-") .. tostring(jobs)
    removeFolder(folder)
    vim.fn.mkdir(folder, "p", 448)
    pacing.due()
    local options = {}
    for ____, name in ipairs(OPTIONS) do
        options[name] = vim.api.nvim_get_option_value(name, {scope = "global"})
    end
    local change = job.change
    local ok, err = pcall(function()
        local spec = {file = job.file, stamp = job.stamp, writeByMs = ____exports.childWrite.timeoutMs / 2, options = options}
        if change.kind == "lines" then
            writeLines(folder .. "/expect.lines", change.expect, pacing)
            writeLines(folder .. "/new.lines", change.replacement, pacing)
            spec.from = change.from
            spec.to = change.to
            spec.count = #change.expect
        else
            spec.edits = change.edits
            spec.display = change.display
        end
        if vim.fn.writefile(
            {vim.json.encode(spec)},
            folder .. "/job.json",
            "b"
        ) ~= 0 then
            error("cannot write the job", 0)
        end
    end)
    if not ok then
        removeFolder(folder)
        return {
            kind = "failed",
            error = "cannot prepare the write: " .. tostring(err)
        }
    end
    pacing.pause()
    local loaded = loadedNow()
    if loaded ~= nil then
        removeFolder(folder)
        return {kind = "loaded", buf = loaded}
    end
    local cmd = {
        vim.v.progpath,
        "--clean",
        "--headless",
        "-n",
        "-i",
        "NONE",
        "-l",
        workerScript(),
        folder
    }
    local ____exports_childWrite_0, ____started_1 = ____exports.childWrite, "started"
    ____exports_childWrite_0[____started_1] = ____exports_childWrite_0[____started_1] + 1
    local ended = pacing.wait(function(done)
        local timedOut = false
        local timer = vim.uv.new_timer()
        local function finish(code, out, errText)
            return vim.schedule(function()
                if not timer:is_closing() then
                    timer:close()
                end
                removeFolder(folder)
                done({code = code, out = out, err = errText, timedOut = timedOut})
            end)
        end
        local started, proc = pcall(function() return vim.system(
            cmd,
            {
                text = true,
                env = {LUA_PATH = childLuaPath()}
            },
            function(r) return finish(r.code, r.stdout or "", r.stderr or "") end
        ) end)
        if not started then
            finish(
                -1,
                "",
                "cannot start it: " .. tostring(proc)
            )
            return
        end
        runInBackground(proc.pid)
        timer:start(
            ____exports.childWrite.timeoutMs,
            0,
            function()
                timedOut = true
                pcall(function() return proc:kill(9) end)
            end
        )
    end)
    local answer = string.match(ended.out, "([^\n]*)\n?$")
    if answer == "ok" and ended.code == 0 then
        local opened = loadedNow()
        if opened ~= nil then
            pcall(function() return vim.cmd("checktime " .. tostring(opened)) end)
        end
        return {kind = "ok"}
    end
    if answer == "unchanged" and ended.code == 0 then
        return {kind = "unchanged"}
    end
    if answer ~= nil and vim.startswith(answer, "refused ") then
        return {
            kind = "refused",
            error = string.sub(answer, 9)
        }
    end
    if answer ~= nil and vim.startswith(answer, "changed") then
        return {kind = "changed"}
    end
    if answer ~= nil and vim.startswith(answer, "error ") then
        return {
            kind = "failed",
            error = string.sub(answer, 7)
        }
    end
    if ended.timedOut then
        return {
            kind = "failed",
            error = ("the child Neovim writing it did not answer in " .. tostring(____exports.childWrite.timeoutMs / 1000)) .. " s and was stopped (it starts no write after half that time)"
        }
    end
    local detail = vim.trim(ended.err) ~= "" and ": " .. __TS__StringSplit(
        vim.trim(ended.err),
        "\n"
    )[1] or ""
    return {
        kind = "failed",
        error = (("the child Neovim writing it failed (exit " .. tostring(ended.code)) .. ")") .. detail
    }
end
return ____exports
