-- Generated from src/claude-ide/discovery/qwen.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local ____json = require("claude-ide.util.json")
local encode = ____json.encode
local ____gemini = require("claude-ide.discovery.gemini")
local contents = ____gemini.contents
local isOurs = ____gemini.isOurs
local ____lockfile = require("claude-ide.discovery.lockfile")
local ensureDir = ____lockfile.ensureDir
local list = ____lockfile.list
local sweepFound = ____lockfile.sweep
local writeAtomic = ____lockfile.writeAtomic
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
    local made = ensureDir(dir)
    if not made.ok then
        return made
    end
    return writeAtomic(
        ____exports.filePath(dir, port),
        encode(__TS__ObjectAssign(
            {},
            contents(port, token, folders),
            {pid = vim.fn.getpid()}
        ))
    )
end
--- Removes locks of this plugin (ideInfo.name "neovim") whose Neovim is gone; never another editor's.
function ____exports.sweep(dir)
    return sweepFound(
        list(dir, "^%d+%.lock$"),
        function(f)
            local ____isOurs_result_0
            if isOurs(f) then
                ____isOurs_result_0 = f.lock.pid
            else
                ____isOurs_result_0 = nil
            end
            return ____isOurs_result_0
        end
    )
end
return ____exports
