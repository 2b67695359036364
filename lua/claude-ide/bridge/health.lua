-- Generated from src/claude-ide/bridge/health.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____cli_config = require("claude-ide.bridge.cli_config")
local bridgeScript = ____cli_config.bridgeScript
local registrationCommand = ____cli_config.registrationCommand
--- A bridge started here must answer within this time (it starts in ~20 ms).
local START_TIMEOUT_MS = 5000
function ____exports.checkAgent()
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
        vim.health.ok(string.format("the bridge starts and answers initialize (%.0f ms): %s", ms, script))
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
