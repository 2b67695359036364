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
--- Creates the directory if needed (0700) and writes this Neovim's file. Returns its path.
function ____exports.write(dir, port, token, folders)
    if vim.fn.isdirectory(dir) ~= 1 then
        local ok = pcall(vim.fn.mkdir, dir, "p", DIR_MODE)
        if not ok or vim.fn.isdirectory(dir) ~= 1 then
            return {ok = false, error = "cannot create " .. dir}
        end
    end
    local path = ____exports.filePath(
        dir,
        vim.fn.getpid(),
        port
    )
    local written = writeFileAtomic(
        path,
        encode(____exports.contents(port, token, folders)),
        FILE_MODE,
        {durable = false}
    )
    return written.ok and ({ok = true, value = path}) or written
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
                goto __continue11
            end
            local path = (dir .. "/") .. name
            local data = readSmallFile(path, MAX_BYTES)
            local decoded = data ~= nil and decode(data) or nil
            if decoded == nil or not decoded.ok or not isObject(decoded.value) then
                goto __continue11
            end
            local info = decoded.value.ideInfo
            if not isObject(info) or info.name ~= ____exports.IDE_INFO.name then
                goto __continue11
            end
            local ok = vim.uv.fs_unlink(path)
            if ok then
                removed[#removed + 1] = path
            end
        end
        ::__continue11::
    end
    return removed
end
return ____exports
