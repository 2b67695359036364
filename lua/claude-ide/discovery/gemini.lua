-- Generated from src/claude-ide/discovery/gemini.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local ____json = require("claude-ide.util.json")
local encode = ____json.encode
local isObject = ____json.isObject
local ____lockfile = require("claude-ide.discovery.lockfile")
local list = ____lockfile.list
local sweepFound = ____lockfile.sweep
local writeAtomic = ____lockfile.writeAtomic
do
    local ____lockfile = require("claude-ide.discovery.lockfile")
    ____exports.remove = ____lockfile.remove
end
--- Both fields set: the CLI then accepts this editor whatever terminal it runs in.
____exports.IDE_INFO = {name = "neovim", displayName = "Neovim"}
local DIR_MODE = 448
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
--- A discovery file (Gemini CLI's or Qwen Code's) written by this plugin: its ideInfo names Neovim.
function ____exports.isOurs(f)
    local info = f.lock.ideInfo
    return isObject(info) and info.name == ____exports.IDE_INFO.name
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
    local written = writeAtomic(
        ____exports.filePath(
            target,
            vim.fn.getpid(),
            port
        ),
        encode(____exports.contents(port, token, folders))
    )
    return written.ok and ({ok = true, value = {path = written.value, warning = warning}}) or written
end
--- Removes files of this plugin (ideInfo.name "neovim") whose Neovim (the pid in the file's name) is gone. Files
-- of other editors and of live processes are never touched. Returns the removed paths.
function ____exports.sweep(dir)
    return sweepFound(
        list(dir, "^gemini%-ide%-server%-%d+%-%d+%.json$"),
        function(f)
            local ____isOurs_result_0
            if ____exports.isOurs(f) then
                ____isOurs_result_0 = tonumber((string.match(f.name, "^gemini%-ide%-server%-(%d+)%-")))
            else
                ____isOurs_result_0 = nil
            end
            return ____isOurs_result_0
        end
    )
end
return ____exports
