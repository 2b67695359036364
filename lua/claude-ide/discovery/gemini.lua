-- Generated from src/claude-ide/discovery/gemini.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local readSmallFile = ____fs.readSmallFile
local writeFileAtomic = ____fs.writeFileAtomic
local ____json = require("claude-ide.util.json")
local decode = ____json.decode
local encode = ____json.encode
local isObject = ____json.isObject
local ____lockfile = require("claude-ide.discovery.lockfile")
local isAlive = ____lockfile.isAlive
--- Both fields set: the CLI then accepts this editor whatever terminal it runs in.
____exports.IDE_INFO = {name = "neovim", displayName = "Neovim"}
local FILE_MODE = 384
local DIR_MODE = 448
local MAX_BYTES = 64 * 1024
--- Node's os.tmpdir() on Unix: $TMPDIR without its trailing slash, else /tmp.
function ____exports.defaultDir()
    local tmp = vim.env.TMPDIR
    local base = tmp ~= nil and tmp ~= "" and normalize(tmp) or "/tmp"
    return base .. "/gemini/ide"
end
function ____exports.filePath(dir, pid, port)
    return ((((dir .. "/gemini-ide-server-") .. tostring(pid)) .. "-") .. tostring(port)) .. ".json"
end
function ____exports.contents(port, token, folders)
    return {
        port = port,
        workspacePath = table.concat(folders, ":"),
        authToken = token,
        ideInfo = ____exports.IDE_INFO
    }
end
--- Why `dir` cannot be trusted with the file (another user could delete or swap it), or undefined: it must be a
-- real directory (not a link) owned by this user that neither group nor others may write. Write bits of a
-- directory of ours are taken away (Gemini CLI may have made it under a umask of 002).
local function untrusted(dir)
    local stat = vim.uv.fs_lstat(dir)
    if stat == nil then
        return nil
    end
    if stat.type ~= "directory" then
        return dir .. " is not a directory"
    end
    if stat.uid ~= vim.uv.getuid() then
        return dir .. " belongs to another user"
    end
    if bit.band(stat.mode, 18) ~= 0 then
        local ok = vim.uv.fs_chmod(
            dir,
            bit.band(
                stat.mode % 4096,
                bit.bnot(18)
            )
        )
        if ok == nil then
            return dir .. " is writable by others"
        end
    end
    return nil
end
--- Where the file goes when the shared folder is not trusted: this user's own, where no one else may write.
function ____exports.privateDir()
    return vim.fn.stdpath("run") .. "/claude-ide/gemini/ide"
end
--- Creates the directory if needed (0700) and writes this Neovim's file. `dir` and its parent (`gemini`) must be
-- trusted (see untrusted()); else the file goes to privateDir() and `warning` says so: the CLI then finds the
-- companion only through the GEMINI_CLI_IDE_* variables Neovim's terminals inherit.
function ____exports.write(dir, port, token, folders)
    local why = untrusted(vim.fs.dirname(dir)) or untrusted(dir)
    local target = dir
    local warning
    if why ~= nil then
        target = ____exports.privateDir()
        warning = ((((why .. ": the Gemini CLI discovery file is written to ") .. target) .. " instead, where Gemini CLI does not look; ") .. "CLIs started in Neovim's terminals still find the companion (GEMINI_CLI_IDE_SERVER_PORT), others need ") .. "TMPDIR set to a folder of your own"
    end
    if vim.fn.isdirectory(target) ~= 1 then
        local ok = pcall(vim.fn.mkdir, target, "p", DIR_MODE)
        if not ok or vim.fn.isdirectory(target) ~= 1 then
            return {ok = false, error = "cannot create " .. target}
        end
        local raced = untrusted(target)
        if raced ~= nil then
            return {ok = false, error = raced}
        end
    end
    local path = ____exports.filePath(
        target,
        vim.fn.getpid(),
        port
    )
    local written = writeFileAtomic(
        path,
        encode(____exports.contents(port, token, folders)),
        FILE_MODE,
        {durable = false}
    )
    return written.ok and ({ok = true, value = {path = path, warning = warning}}) or written
end
function ____exports.remove(path)
    vim.uv.fs_unlink(path)
end
--- Removes files of this plugin (ideInfo.name "neovim") whose Neovim is gone. Files of other editors and of
-- live processes are never touched. Returns the removed paths.
function ____exports.sweep(dir)
    local removed = {}
    local handle = vim.uv.fs_scandir(dir)
    if handle == nil then
        return removed
    end
    while true do
        do
            local name = vim.uv.fs_scandir_next(handle)
            if name == nil then
                break
            end
            local pidText = string.match(name, "^gemini%-ide%-server%-(%d+)%-%d+%.json$")
            local pid = tonumber(pidText)
            if pid == nil or pid <= 0 or isAlive(pid) then
                goto __continue20
            end
            local path = (dir .. "/") .. name
            local data = readSmallFile(path, MAX_BYTES)
            local decoded = data ~= nil and decode(data) or nil
            if decoded == nil or not decoded.ok or not isObject(decoded.value) then
                goto __continue20
            end
            local info = decoded.value.ideInfo
            if not isObject(info) or info.name ~= ____exports.IDE_INFO.name then
                goto __continue20
            end
            local ok = vim.uv.fs_unlink(path)
            if ok then
                removed[#removed + 1] = path
            end
        end
        ::__continue20::
    end
    return removed
end
return ____exports
