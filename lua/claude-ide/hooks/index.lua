-- Generated from src/claude-ide/hooks/index.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local ____exports = {}
local ____registry = require("claude-ide.protocol.registry")
local Registry = ____registry.Registry
local ____session = require("claude-ide.protocol.session")
local invalidRequestParams = ____session.invalidRequestParams
local ____json = require("claude-ide.util.json")
local isObject = ____json.isObject
local ____process = require("claude-ide.util.process")
local ancestors = ____process.ancestors
local ____turn = require("claude-ide.hooks.turn")
local Turns = ____turn.Turns
local ____plan = require("claude-ide.hooks.plan")
local planHandler = ____plan.planHandler
local ____editor = require("claude-ide.hooks.editor")
local EDITOR_EVENT = ____editor.EDITOR_EVENT
local editorHandler = ____editor.editorHandler
local ____settings = require("claude-ide.hooks.settings")
local PLAN_TOOLS = ____settings.PLAN_TOOLS
local ____notes = require("claude-ide.hooks.notes")
local notesContext = ____notes.notesContext
local ____router = require("claude-ide.hooks.router")
local HOOK_CLIENTS = ____router.HOOK_CLIENTS
local Router = ____router.Router
local contextOutput = ____router.contextOutput
local phaseOf = ____router.phaseOf
--- How far above a hook its CLI may be (cli → hook; cli → sh → hook; cli → sh → npx → hook).
local MAX_HOOK_DEPTH = 8
--- The method the hook process calls.
____exports.HOOK_METHOD = "hooks/event"
--- The notes for the next prompt, drained at each turn start into additionalContext.
local function drainNotes(deps)
    return function(ev)
        local notes = deps.services.notes:drain(
            ev.session,
            ev.owner(),
            ev.far
        )
        if #notes == 0 then
            return nil
        end
        return contextOutput(
            ev.event,
            notesContext(ev.client, notes)
        )
    end
end
--- A server's router, with every feature's handlers registered (a feature adds its line here).
function ____exports.createChannel(deps)
    local router = __TS__New(
        Router,
        function(msg) return deps.log:error(msg) end
    )
    local turns = __TS__New(Turns, deps)
    turns:register(router)
    router:on({
        name = "notes for the next prompt",
        events = {"turn-start"},
        handler = drainNotes(deps)
    })
    router:on({
        name = "plan review",
        clients = {"claude", "gemini", "qwen"},
        events = {"PreToolUse", "BeforeTool"},
        tools = {PLAN_TOOLS.claude, PLAN_TOOLS.gemini},
        handler = planHandler(function() return deps.services end)
    })
    router:on({
        name = "external editor",
        events = {EDITOR_EVENT},
        handler = editorHandler(function() return deps.config end)
    })
    return {
        router = router,
        turns = turns,
        dispose = function() return turns:dispose() end
    }
end
--- The IDE connection of the CLI whose hook runs as `pid`: the nearest ancestor that announced its pid (Claude
-- Code), else the companion session one of them holds a connection of (Gemini CLI, Qwen Code).
local function ownerOf(hub, pid)
    if pid == nil then
        return nil
    end
    local byPid = {}
    for ____, c in ipairs(hub.clients()) do
        if c.pid ~= nil then
            byPid[c.pid] = c.id
        end
    end
    if byPid[pid] ~= nil then
        return byPid[pid]
    end
    local chain = ancestors(pid, MAX_HOOK_DEPTH)
    for ____, p in ipairs(chain) do
        local id = byPid[p]
        if id ~= nil then
            return id
        end
    end
    local ____opt_0 = hub.companionSessionOf
    return ____opt_0 and ____opt_0(chain)
end
--- Checks a `hooks/event` request's params and makes the event the handlers see.
function ____exports.eventOf(params, connection, hub, park)
    local client = params.client
    if type(client) ~= "string" or not __TS__ArrayIncludes(HOOK_CLIENTS, client) then
        invalidRequestParams("client must be one of " .. table.concat(HOOK_CLIENTS, ", "))
    end
    local event = params.event
    if type(event) ~= "string" or event == "" then
        invalidRequestParams("event must be a non-empty string")
    end
    local input = isObject(params.input) and params.input or ({})
    local pid = type(params.pid) == "number" and params.pid > 0 and params.pid or nil
    local sessionId = type(input.session_id) == "string" and input.session_id ~= "" and input.session_id or (type(input["thread-id"]) == "string" and input["thread-id"] or "pid-" .. tostring(pid or connection))
    local cwd = type(input.cwd) == "string" and input.cwd ~= "" and input.cwd or (type(params.cwd) == "string" and params.cwd or vim.fn.getcwd())
    local owner
    local looked = false
    return {
        client = client,
        event = event,
        phase = phaseOf(client, event),
        input = input,
        session = (client .. ":") .. sessionId,
        toolName = type(input.tool_name) == "string" and input.tool_name or nil,
        cwd = cwd,
        hookPid = pid,
        connection = connection,
        park = park,
        owner = function()
            if not looked then
                looked = true
                owner = ownerOf(hub, pid)
            end
            return owner
        end
    }
end
--- The role of a hook's connection: one parking request, `hooks/event`, answered `{ output = "<json>" }` or `{}`.
function ____exports.hookRole(config, router, hub)
    return {
        name = "hook",
        registry = __TS__New(Registry, {}, config),
        capabilities = {},
        argumentErrorsAsResults = false,
        parkingRequests = {[____exports.HOOK_METHOD] = function(params, ctx)
            local ev = ____exports.eventOf(params, ctx.clientId, hub, ctx.park)
            local output = router:dispatch(ev)
            return output ~= nil and ({output = vim.json.encode(output)}) or vim.empty_dict()
        end}
    }
end
return ____exports
