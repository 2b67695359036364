-- Generated from src/claude-ide/discovery/qwen.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local readSmallFile = ____fs.readSmallFile
local writeFileAtomic = ____fs.writeFileAtomic
local ____json = require("claude-ide.util.json")
local decode = ____json.decode
local encode = ____json.encode
local isObject = ____json.isObject
local ____gemini = require("claude-ide.discovery.gemini")
local IDE_INFO = ____gemini.IDE_INFO
local contents = ____gemini.contents
local ____lockfile = require("claude-ide.discovery.lockfile")
local isAlive = ____lockfile.isAlive
local FILE_MODE = 384
local DIR_MODE = 448
local MAX_BYTES = 64 * 1024
--- Qwen Code's IDE folder: $QWEN_HOME/ide, else ~/.qwen/ide.
function ____exports.defaultDir()
    local home = vim.env.QWEN_HOME
    if home ~= nil and home ~= "" then
        return normalize(home) .. "/ide"
    end
    return normalize(vim.fn.expand("~")) .. "/.qwen/ide"
end
function ____exports.filePath(dir, port)
    return ((dir .. "/") .. tostring(port)) .. ".lock"
end
--- Creates the folder if needed (0700) and writes this Neovim's lock. Returns its path.
function ____exports.write(dir, port, token, folders)
    if vim.fn.isdirectory(dir) ~= 1 then
        local ok = pcall(vim.fn.mkdir, dir, "p", DIR_MODE)
        if not ok or vim.fn.isdirectory(dir) ~= 1 then
            return {ok = false, error = "cannot create " .. dir}
        end
    end
    local path = ____exports.filePath(dir, port)
    local data = __TS__ObjectAssign(
        {},
        contents(port, token, folders),
        {pid = vim.fn.getpid()}
    )
    local written = writeFileAtomic(
        path,
        encode(data),
        FILE_MODE,
        {durable = false}
    )
    return written.ok and ({ok = true, value = path}) or written
end
--- Removes locks of this plugin (ideInfo.name "neovim") whose Neovim is gone; never another editor's.
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
            if (string.match(name, "^%d+%.lock$")) == nil then
                goto __continue10
            end
            local path = (dir .. "/") .. name
            local data = readSmallFile(path, MAX_BYTES)
            local decoded = data ~= nil and decode(data) or nil
            if decoded == nil or not decoded.ok or not isObject(decoded.value) then
                goto __continue10
            end
            local info = decoded.value.ideInfo
            local pid = decoded.value.pid
            if not isObject(info) or info.name ~= IDE_INFO.name or type(pid) ~= "number" or isAlive(pid) then
                goto __continue10
            end
            local ok = vim.uv.fs_unlink(path)
            if ok then
                removed[#removed + 1] = path
            end
        end
        ::__continue10::
    end
    return removed
end
return ____exports
