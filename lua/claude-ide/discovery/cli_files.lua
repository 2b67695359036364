-- Generated from src/claude-ide/discovery/cli_files.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____lockfile = require("claude-ide.discovery.lockfile")
local isAlive = ____lockfile.isAlive
function ____exports.configDir()
    return vim.fn.stdpath("run") .. "/claude-ide"
end
--- The folder of the hooks' system-defaults files (gemini-<pid>.json, qwen-<pid>.json): the plugin's state
-- folder, not stdpath("run") (under /tmp when XDG_RUNTIME_DIR is unset: Gemini CLI refuses a file below it).
function ____exports.hooksDir()
    return vim.fn.stdpath("state") .. "/claude-ide/hooks"
end
function ____exports.configPath(pid)
    if pid == nil then
        pid = vim.fn.getpid()
    end
    return ((____exports.configDir() .. "/mcp-") .. tostring(pid)) .. ".json"
end
--- Removes the config files of Neovims that no longer run. Returns the removed paths.
function ____exports.sweepStale(dir)
    if dir == nil then
        dir = ____exports.configDir()
    end
    local removed = {}
    local handle = vim.uv.fs_scandir(dir)
    if handle == nil then
        return removed
    end
    do
        while true do
            do
                local name = vim.uv.fs_scandir_next(handle)
                if name == nil then
                    break
                end
                local ____, pidText = string.match(name, "^(%a+)%-(%d+)%.json$")
                local prefix = string.match(name, "^(%a+)%-")
                if prefix ~= "mcp" and prefix ~= "settings" and prefix ~= "gemini" and prefix ~= "qwen" then
                    goto __continue8
                end
                local pid = tonumber(pidText)
                if pid == nil or pid == vim.fn.getpid() or isAlive(pid) then
                    goto __continue8
                end
                local path = (dir .. "/") .. name
                local ok = vim.uv.fs_unlink(path)
                if ok then
                    removed[#removed + 1] = path
                end
            end
            ::__continue8::
        end
    end
    return removed
end
--- Removes `paths` when Neovim exits (the last call's paths for that `group`: the same names each time). The
-- hooks' system-defaults files (gemini-<pid>.json, qwen-<pid>.json) have a group of their own.
function ____exports.removeOnExit(paths, name)
    if name == nil then
        name = "claude-ide.mcp-config"
    end
    local group = vim.api.nvim_create_augroup(name, {clear = true})
    vim.api.nvim_create_autocmd(
        "VimLeavePre",
        {
            group = group,
            desc = "claude-ide: remove this Neovim's MCP config and settings files",
            callback = function()
                for ____, path in ipairs(paths) do
                    vim.uv.fs_unlink(path)
                end
            end
        }
    )
end
return ____exports
