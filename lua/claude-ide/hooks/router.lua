-- Generated from src/claude-ide/hooks/router.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayIndexOf = ____lualib.__TS__ArrayIndexOf
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local ____exports = {}
____exports.HOOK_CLIENTS = {"claude", "gemini", "qwen", "codex"}
--- Names as the user reads them (review titles).
____exports.CLIENT_TITLES = {claude = "Claude Code", gemini = "Gemini CLI", qwen = "Qwen Code", codex = "Codex"}
local PHASES = {claude = {UserPromptSubmit = "turn-start", Stop = "turn-end", StopFailure = "turn-end"}, gemini = {BeforeAgent = "turn-start", AfterAgent = "turn-end"}, qwen = {UserPromptSubmit = "turn-start", Stop = "turn-end"}, codex = {UserPromptSubmit = "turn-start", Stop = "turn-end", ["agent-turn-complete"] = "turn-end"}}
function ____exports.phaseOf(client, event)
    return PHASES[client][event]
end
--- The events of `phase` for `client` (the settings name them).
function ____exports.eventsOf(client, phase)
    local out = {}
    for event, p in pairs(PHASES[client]) do
        if p == phase then
            out[#out + 1] = event
        end
    end
    return out
end
local function matches(route, ev)
    if route.clients ~= nil and not __TS__ArrayIncludes(route.clients, ev.client) then
        return false
    end
    if not __TS__ArrayIncludes(route.events, ev.event) and (ev.phase == nil or not __TS__ArrayIncludes(route.events, ev.phase)) then
        return false
    end
    if route.tools ~= nil and (ev.toolName == nil or not __TS__ArrayIncludes(route.tools, ev.toolName)) then
        return false
    end
    return true
end
--- Merges two outputs: `hookSpecificOutput` key by key, `additionalContext` texts joined by a blank line, any
-- other key: the first handler's value wins (a decision once made is not overridden by a later handler).
function ____exports.mergeOutputs(a, b)
    if a == nil then
        return b
    end
    if b == nil then
        return a
    end
    local out = __TS__ObjectAssign({}, a)
    for k, v in pairs(b) do
        local key = k
        if key == "hookSpecificOutput" and type(out[key]) == "table" and type(v) == "table" then
            local merged = __TS__ObjectAssign({}, out[key])
            for ik, iv in pairs(v) do
                local inner = ik
                local before = merged[inner]
                if inner == "additionalContext" and type(before) == "string" and type(iv) == "string" then
                    merged[inner] = (before .. "\n\n") .. tostring(iv)
                elseif before == nil then
                    merged[inner] = iv
                end
            end
            out[key] = merged
        elseif out[key] == nil then
            out[key] = v
        end
    end
    return out
end
--- `{hookSpecificOutput = {hookEventName, additionalContext}}`: context the CLI adds to the model's next request.
function ____exports.contextOutput(event, text)
    return {hookSpecificOutput = {hookEventName = event, additionalContext = text}}
end
____exports.Router = __TS__Class()
local Router = ____exports.Router
Router.name = "Router"
function Router.prototype.____constructor(self, report)
    self.report = report
    self.routes = {}
end
function Router.prototype.on(self, route)
    local ____self_routes_0 = self.routes
    ____self_routes_0[#____self_routes_0 + 1] = route
    return function()
        local at = __TS__ArrayIndexOf(self.routes, route)
        if at >= 0 then
            __TS__ArraySplice(self.routes, at, 1)
        end
    end
end
function Router.prototype.dispatch(self, ev)
    local out
    for ____, route in ipairs({unpack(self.routes)}) do
        do
            if not matches(route, ev) then
                goto __continue25
            end
            local ok, result = pcall(route.handler, ev)
            if not ok then
                self.report((((((("hook handler " .. route.name) .. " (") .. ev.client) .. " ") .. ev.event) .. ") failed: ") .. tostring(result))
                goto __continue25
            end
            if type(result) == "table" then
                out = ____exports.mergeOutputs(out, result)
            end
        end
        ::__continue25::
    end
    return out
end
return ____exports
