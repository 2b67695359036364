-- Generated from src/claude-ide/init.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local state
local ____config = require("claude-ide.config")
local validate = ____config.validate
local ____explorers = require("claude-ide.editor.explorers")
local pathUnderCursor = ____explorers.pathUnderCursor
local ____mentions = require("claude-ide.editor.mentions")
local describeMention = ____mentions.describeMention
local makeMention = ____mentions.makeMention
local MentionQueue = ____mentions.MentionQueue
local ____terminal = require("claude-ide.editor.terminal")
local ClaudeTerminal = ____terminal.ClaudeTerminal
local ____log = require("claude-ide.log")
local say = ____log.say
local ____server = require("claude-ide.server")
local Server = ____server.Server
--- The validated configuration (defaults when setup was never called).
function ____exports.config()
    if state.config == nil then
        local result = validate(nil)
        if result.ok then
            state.config = result.config
        end
    end
    return state.config
end
--- Starts the server (no-op with a message when already running). Returns whether it is running.
function ____exports.start()
    if state.server ~= nil then
        say("already running on port " .. tostring(state.server:status().port))
        return true
    end
    local server = __TS__New(
        Server,
        ____exports.config(),
        {reuse = state.endpoint}
    )
    local started = server:start()
    if not started.ok then
        say("could not start: " .. started.error, "error")
        return false
    end
    state.server = server
    state.endpoint = started.endpoint
    state.mentions = __TS__New(
        MentionQueue,
        ____exports.config(),
        server.hub
    )
    return true
end
--- Stops the server: clients closed (1001), pending calls answered or cancelled, lock file removed.
function ____exports.stop()
    local server = state.server
    if server == nil then
        return false
    end
    state.server = nil
    local ____opt_0 = state.mentions
    if ____opt_0 ~= nil then
        ____opt_0:dispose()
    end
    state.mentions = nil
    server:stop()
    return true
end
state = {}
--- Validates `opts` over the defaults and, with auto_start, starts the server. A wrong option is reported
--- with a message naming it (never a stack trace) and leaves the previous setup in place. Returns success.
---
---@param opts? claude-ide.Config Options (:help claude-ide-config); lua/claude-ide/types/config.lua has their types.
---@return boolean
function ____exports.setup(opts)
    local result = validate(opts)
    if not result.ok then
        say(result.error, "error")
        return false
    end
    local restart = state.server ~= nil
    if restart and vim.deep_equal(state.config, result.config) then
        return true
    end
    if restart then
        ____exports.stop()
    end
    state.config = result.config
    if result.config.auto_start or restart then
        ____exports.start()
    end
    return true
end
--- The running server, for the editor features and commands (undefined when stopped).
function ____exports.server()
    return state.server
end
function ____exports.status()
    return state.server ~= nil and state.server:status() or ({running = false, clients = 0, cliPids = {}})
end
--- Starts the server unless it runs (quietly: start() says "already running").
local function ensureStarted()
    return state.server ~= nil or ____exports.start()
end
local function terminal()
    if state.terminal == nil then
        state.terminal = __TS__New(ClaudeTerminal)
    end
    return state.terminal
end
--- :ClaudeCode — shows/hides the Claude terminal, starting the server and claude (with `args`) if needed.
function ____exports.toggle(args)
    if args == nil then
        args = ""
    end
    if ensureStarted() then
        terminal():toggle(
            ____exports.config(),
            state.endpoint.port,
            args
        )
    end
end
--- :ClaudeCodeFocus — focuses the Claude terminal, starting the server and claude if needed.
function ____exports.focus(args)
    if args == nil then
        args = ""
    end
    if ensureStarted() then
        terminal():focus(
            ____exports.config(),
            state.endpoint.port,
            args
        )
    end
end
---
-- @ -mentions `path` (a file or folder) to Claude, with optional 1-based lines as the user counts them: sent
-- now, or queued until Claude connects (the server is started if needed). Returns whether it was accepted.
function ____exports.add(path, startLine, endLine)
    local made = makeMention(path, startLine, endLine)
    if not made.ok then
        say(made.error, "error")
        return false
    end
    if not ensureStarted() then
        return false
    end
    local outcome = state.mentions:add(made.mention)
    local name = describeMention(made.mention)
    say(outcome == "sent" and ("sent " .. name) .. " to Claude" or ("Claude is not connected: " .. name) .. " will be sent when it connects")
    return true
end
--- Mentions the entry under the cursor in neo-tree, nvim-tree, oil or mini.files, else the current file.
function ____exports.add_under_cursor()
    local target = pathUnderCursor()
    if not target.ok then
        say("nothing to add: " .. target.reason, "warn")
        return false
    end
    return ____exports.add(target.path)
end
return ____exports
