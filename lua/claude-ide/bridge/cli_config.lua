-- Generated from src/claude-ide/bridge/cli_config.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local shellPath
local ____fs = require("claude-ide.util.fs")
local writeFileAtomic = ____fs.writeFileAtomic
local ____cli_files = require("claude-ide.discovery.cli_files")
local configDir = ____cli_files.configDir
local configPath = ____cli_files.configPath
local removeOnExit = ____cli_files.removeOnExit
local ____user_tools = require("claude-ide.agent.user_tools")
local userTools = ____user_tools.userTools
local ____builtin_names = require("claude-ide.agent.builtin_names")
local BUILTIN_TOOL_NAMES = ____builtin_names.BUILTIN_TOOL_NAMES
local ____settings = require("claude-ide.hooks.settings")
local hooksFor = ____settings.hooksFor
function shellPath(path)
    local home = vim.uv.os_homedir()
    if home ~= nil and home ~= "" and vim.startswith(path, home .. "/") then
        return "~/" .. vim.fn.shellescape(string.sub(path, #home + 2))
    end
    return vim.fn.shellescape(path)
end
--- The MCP server name the CLI knows the bridge by: tools appear to the model as mcp__nvim__<name>.
____exports.SERVER_NAME = "nvim"
--- Never allowed up front: it runs code, and the user decides each time (or it is off).
local NEVER_ALLOWED = {"execute"}
--- Absolute path of lua/claude-ide/bridge.lua in this installation.
function ____exports.bridgeScript()
    local source = debug.getinfo(1, "S").source
    return vim.fn.fnamemodify(
        string.sub(source, 2),
        ":p:h:h"
    ) .. "/bridge.lua"
end
--- `claude mcp add` line registering the bridge for every project (for a claude started outside Neovim), to copy
-- into a shell: `nvim` when that is this Neovim on PATH, and the script under `~/` when it is in the home folder.
function ____exports.registrationCommand()
    local onPath = vim.fn.exepath("nvim")
    local nvim = onPath ~= "" and vim.fn.resolve(onPath) == vim.fn.resolve(vim.v.progpath) and "nvim" or vim.fn.shellescape(vim.v.progpath)
    return (((("claude mcp add -s user " .. ____exports.SERVER_NAME) .. " -- ") .. nvim) .. " -l ") .. shellPath(____exports.bridgeScript())
end
--- Tool names (as the CLI spells them) that the :ClaudeCode terminal allows without a prompt: the built-in
-- ones but execute, and the user's own tools marked read_only (never the others: they may do anything).
function ____exports.allowedTools()
    local ____array_0 = __TS__SparseArrayNew(unpack(BUILTIN_TOOL_NAMES))
    __TS__SparseArrayPush(
        ____array_0,
        unpack(userTools:readOnlyNames())
    )
    local names = __TS__ArrayFilter(
        {__TS__SparseArraySpread(____array_0)},
        function(____, n) return not __TS__ArrayIncludes(NEVER_ALLOWED, n) end
    )
    return __TS__ArrayMap(
        names,
        function(____, n) return (("mcp__" .. ____exports.SERVER_NAME) .. "__") .. n end
    )
end
--- The `--mcp-config` of a CLI that runs somewhere else and reaches this Neovim through a far session's door at
-- `host:port` (its forward over there; default 127.0.0.1) with `token`: the agent tools as an `http` MCP server
-- (streamable HTTP on the door's `/mcp`, served in this Neovim), under the same name as the stdio bridge's, so
-- that the tools keep their names (mcp__nvim__<tool>) and nothing over there needs Neovim.
function ____exports.httpMcpConfig(host, port, token)
    return {mcpServers = {[____exports.SERVER_NAME] = {
        type = "http",
        url = ((("http://" .. (host or "127.0.0.1")) .. ":") .. tostring(port)) .. "/mcp",
        headers = {["X-Claude-Code-IDE-Authorization"] = token}
    }}}
end
--- Writes the MCP config for this Neovim (the bridge pinned to its pid) and the settings allowing its tools and
-- adding the plugin's hooks, and returns the arguments for the claude command line, or the reason when a file
-- cannot be written.
function ____exports.cliArguments(opts)
    if opts == nil then
        opts = {}
    end
    local ____opts_agent_1 = opts.agent
    if ____opts_agent_1 == nil then
        ____opts_agent_1 = true
    end
    local agent = ____opts_agent_1
    local args = {}
    if not agent and opts.hooks ~= true then
        return {
            ok = true,
            args = table.concat(args, " ")
        }
    end
    local dir = configDir()
    if vim.fn.isdirectory(dir) ~= 1 then
        pcall(vim.fn.mkdir, dir, "p", 448)
    end
    local settingsFile = ((dir .. "/settings-") .. tostring(vim.fn.getpid())) .. ".json"
    local body = {}
    if agent then
        body.permissions = {allow = ____exports.allowedTools()}
    end
    if opts.hooks == true then
        body.hooks = hooksFor(
            "claude",
            vim.fn.getpid()
        )
    end
    local settings = writeFileAtomic(
        settingsFile,
        vim.json.encode(body),
        384
    )
    if not settings.ok then
        return {ok = false, error = settings.error}
    end
    if not agent then
        removeOnExit({settingsFile})
        args[#args + 1] = "--settings " .. vim.fn.shellescape(settingsFile)
        return {
            ok = true,
            args = table.concat(args, " ")
        }
    end
    local file = configPath()
    local config = {mcpServers = {[____exports.SERVER_NAME] = {
        type = "stdio",
        command = vim.v.progpath,
        args = {
            "-l",
            ____exports.bridgeScript(),
            "--instance",
            tostring(vim.fn.getpid())
        }
    }}}
    local written = writeFileAtomic(
        file,
        vim.json.encode(config),
        384
    )
    if not written.ok then
        return {ok = false, error = written.error}
    end
    removeOnExit({file, settingsFile})
    args[#args + 1] = (("--mcp-config " .. vim.fn.shellescape(file)) .. " --settings ") .. vim.fn.shellescape(settingsFile)
    return {
        ok = true,
        args = table.concat(args, " ")
    }
end
return ____exports
