-- Generated from src/claude-ide/hooks/http.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local ____exports = {}
local ____far_paths = require("claude-ide.protocol.far_paths")
local toLocal = ____far_paths.toLocal
local valueToFar = ____far_paths.valueToFar
local ____json = require("claude-ide.util.json")
local isObject = ____json.isObject
local ____index = require("claude-ide.hooks.index")
local eventOf = ____index.eventOf
local ____router = require("claude-ide.hooks.router")
local HOOK_CLIENTS = ____router.HOOK_CLIENTS
local ____settings = require("claude-ide.hooks.settings")
local HOOK_ENTRIES = ____settings.HOOK_ENTRIES
--- The path prefix of hook requests: `/hooks/<client>/<event>`.
____exports.HOOKS_PREFIX = "/hooks/"
local JSON_TYPE = {"Content-Type: application/json"}
--- The events `client`'s hooks are given for (hooks/settings HOOK_ENTRIES): the ones this route serves.
local function knownEvent(client, event)
    for ____, e in ipairs(HOOK_ENTRIES) do
        if e.client == client and e.event == event then
            return true
        end
    end
    return false
end
local function fail(res, status, message)
    res:respond(
        status,
        vim.json.encode({error = message}),
        JSON_TYPE
    )
end
--- One request under HOOKS_PREFIX (the token, Host, Origin and size checked by the transport).
function ____exports.hookRequest(deps, req, res)
    local path = string.match(req.target, "^([^?#]*)")
    local client, event = string.match(path or "", "^/hooks/([^/]+)/([^/]+)$")
    if client == nil or event == nil then
        return fail(res, 404, ("no such path " .. (path or req.target)) .. ": hooks are POST /hooks/<client>/<event>")
    end
    if not __TS__ArrayIncludes(HOOK_CLIENTS, client) then
        return fail(
            res,
            404,
            ((("unknown hook client " .. client) .. " (one of ") .. table.concat(HOOK_CLIENTS, ", ")) .. ")"
        )
    end
    if not knownEvent(client, event) then
        return fail(res, 404, (("no " .. client) .. " hook for the event ") .. event)
    end
    if req.method ~= "POST" then
        return fail(res, 405, "hooks take POST, not " .. req.method)
    end
    local input = {}
    if (string.find(req.body, "%S")) ~= nil then
        local ok, value = pcall(vim.json.decode, req.body, {luanil = {object = true, array = true}})
        if not ok or not isObject(value) then
            return fail(res, 400, "the body must be the hook's input: one JSON object")
        end
        input = value
    end
    local mapped = toLocal(input, deps.paths, false)
    local ____mapped_ok_0
    if mapped.ok then
        ____mapped_ok_0 = mapped.value
    else
        ____mapped_ok_0 = input
    end
    local ____local = ____mapped_ok_0
    local id = deps.nextId()
    local params = {
        client = client,
        event = event,
        input = ____local,
        cwd = deps.paths:localFolders()[1]
    }
    local handle = deps.blocking:run(
        id,
        function(park)
            local ev = eventOf(params, id, deps.hub, park)
            ev.owner = deps.owner
            ev.far = deps.paths
            return deps.router:dispatch(ev)
        end,
        function(outcome)
            if not outcome.ok then
                deps.log((((("hook " .. client) .. " ") .. event) .. " failed: ") .. outcome.message)
                return fail(res, 500, outcome.message)
            end
            local output = outcome.value
            if output == nil then
                return res:respond(200, "{}", JSON_TYPE)
            end
            local ____valueToFar_result_1 = valueToFar(output, deps.paths)
            if ____valueToFar_result_1 == nil then
                ____valueToFar_result_1 = output
            end
            local far = ____valueToFar_result_1
            res:respond(
                200,
                vim.json.encode(far),
                JSON_TYPE
            )
        end,
        (("hook " .. client) .. " ") .. event
    )
    res:onGone(function() return handle.cancel("the hook's connection closed") end)
end
return ____exports
