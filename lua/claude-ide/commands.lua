--[[ Generated with https://github.com/TypeScriptToLua/TypeScriptToLua ]]
local ____exports = {}
local ide = require("claude-ide.init")
local ____log = require("claude-ide.log")
local say = ____log.say
local function formatUptime(ms)
    local s = math.floor(ms / 1000)
    if s < 60 then
        return tostring(s) .. "s"
    end
    if s < 3600 then
        return ((tostring(math.floor(s / 60)) .. "m ") .. tostring(s % 60)) .. "s"
    end
    return ((tostring(math.floor(s / 3600)) .. "h ") .. tostring(math.floor(s % 3600 / 60))) .. "m"
end
local HANDLERS = {
    ClaudeCodeStart = function()
        local before = ide.status()
        if before.running then
            say("already running on 127.0.0.1:" .. tostring(before.port))
        elseif ide.start() then
            say("listening on 127.0.0.1:" .. tostring(ide.status().port))
        end
    end,
    ClaudeCodeStop = function()
        if ide.stop() then
            say("stopped")
        else
            say("not running")
        end
    end,
    ClaudeCodeStatus = function()
        local s = ide.status()
        if not s.running then
            say("not running (start with :ClaudeCodeStart)")
            return
        end
        local lines = {
            (("running on 127.0.0.1:" .. tostring(s.port)) .. ", up ") .. formatUptime(s.uptimeMs or 0),
            "lock file: " .. tostring(s.lockFile),
            ("clients: " .. tostring(s.clients)) .. (#s.cliPids > 0 and (" (Claude CLI pid " .. table.concat(s.cliPids, ", ")) .. ")" or "")
        }
        say(table.concat(lines, "\n"))
    end
}
--- Runs a command by name. Errors are reported as messages, never as stack traces.
function ____exports.run(name, args)
    local handler = HANDLERS[name]
    if handler == nil then
        say((":" .. name) .. " is not available yet", "warn")
        return
    end
    local ok, err = pcall(handler, args)
    if not ok then
        say(
            ((":" .. name) .. " failed: ") .. tostring(err),
            "error"
        )
    end
end
return ____exports
