-- Generated from src/claude-ide/bridge/health.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____cli_config = require("claude-ide.bridge.cli_config")
local bridgeScript = ____cli_config.bridgeScript
local registrationCommand = ____cli_config.registrationCommand
local ____fs = require("claude-ide.util.fs")
local shown = ____fs.shown
--- A bridge started here must answer within this time (it starts in ~20 ms).
local START_TIMEOUT_MS = 5000
--- Which engine the project search uses here (reported, never run).
local function checkSearch(rg)
    local git = vim.fn.executable("git") == 1
    local fallback = git and "git grep inside a git repository, else a walk by a child nvim -l" or "a walk by a child nvim -l"
    if rg ~= false and vim.fn.executable(rg) == 1 then
        vim.health.ok((("project search: ripgrep (" .. shown(vim.fn.exepath(rg))) .. "); without it: ") .. fallback)
    else
        vim.health.info(((("project search: " .. (rg == false and "ripgrep off (agent.search.rg = false)" or ("no " .. rg) .. " on PATH")) .. ", so ") .. fallback) .. " (same answers, slower on big trees)")
    end
end
function ____exports.checkAgent(rg)
    if rg == nil then
        rg = "rg"
    end
    checkSearch(rg)
    local script = bridgeScript()
    if vim.fn.filereadable(script) ~= 1 then
        vim.health.error("the bridge script is missing: " .. script, "reinstall the plugin (lua/ is part of it)")
        return
    end
    local init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"checkhealth\",\"version\":\"0\"}}}\n"
    local started = vim.uv.hrtime()
    local ok, result = pcall(function() return vim.system({vim.v.progpath, "-l", script}, {stdin = init, text = true}):wait(START_TIMEOUT_MS) end)
    local ms = (vim.uv.hrtime() - started) / 1000000
    local answered = ok and type(result.stdout) == "string" and (string.find(result.stdout, "\"id\":1,\"result\"", 1, true)) ~= nil
    if answered then
        vim.health.ok(string.format(
            "the bridge starts and answers initialize (%.0f ms): %s",
            ms,
            shown(script)
        ))
    else
        vim.health.error(
            "the bridge did not answer initialize: " .. (ok and (result.stderr or "exit " .. tostring(result.code)) or tostring(result)),
            (("run: " .. vim.v.progpath) .. " -l ") .. script
        )
    end
    vim.health.info("the claude that :ClaudeCode starts gets these tools with no set-up (agent.in_terminal)")
    vim.health.info("for a claude started elsewhere, register the bridge once: " .. registrationCommand())
end
return ____exports
