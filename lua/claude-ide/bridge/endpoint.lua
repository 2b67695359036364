-- Generated from src/claude-ide/bridge/endpoint.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local ____exports = {}
local ____session = require("claude-ide.protocol.session")
local invalidRequestParams = ____session.invalidRequestParams
local ____registry = require("claude-ide.protocol.registry")
local Registry = ____registry.Registry
local ____declarations = require("claude-ide.agent.declarations")
local INSTRUCTIONS = ____declarations.INSTRUCTIONS
local RESOURCES = ____declarations.RESOURCES
local TEMPLATES = ____declarations.TEMPLATES
local ____resources = require("claude-ide.agent.resources")
local readResource = ____resources.readResource
local ____tools = require("claude-ide.bridge.tools")
local ENDPOINT_TOOLS = ____tools.ENDPOINT_TOOLS
local ____user_tools = require("claude-ide.agent.user_tools")
local userTools = ____user_tools.userTools
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local ErrorCode = ____jsonrpc.ErrorCode
local ____result = require("claude-ide.protocol.result")
local rpcError = ____result.rpcError
--- `notify(method)` sends a notification to every agent session of the server that made this role, and says
-- whether that server still runs (a stopped one's role stops listening to the user tools).
function ____exports.createAgentRole(config, services, hub, notify)
    if notify ~= nil then
        userTools:onChange(function(what) return notify(what == "tools" and "notifications/tools/list_changed" or "notifications/resources/list_changed") end)
    end
    local registry = __TS__New(
        Registry,
        ENDPOINT_TOOLS,
        config,
        function() return userTools:descriptors() end
    )
    return {
        name = "agent",
        registry = registry,
        capabilities = {tools = {listChanged = true}, resources = {listChanged = true}},
        instructions = INSTRUCTIONS,
        argumentErrorsAsResults = true,
        requests = {
            ["resources/list"] = function()
                local ____array_0 = __TS__SparseArrayNew(unpack(RESOURCES))
                __TS__SparseArrayPush(
                    ____array_0,
                    unpack(userTools:listResources())
                )
                return {resources = {__TS__SparseArraySpread(____array_0)}}
            end,
            ["resources/templates/list"] = function() return {resourceTemplates = TEMPLATES} end,
            ["claude-ide/extras"] = function() return {
                tools = Registry:entries(userTools:descriptors()),
                resources = userTools:listResources(),
                builtin = registry:names()
            } end,
            ["resources/read"] = function(params)
                local uri = params.uri
                if type(uri) ~= "string" then
                    invalidRequestParams("resources/read: \"uri\" must be a string")
                end
                local own = userTools:readResource(uri, config.log_level)
                if own ~= nil then
                    if own.error ~= nil then
                        rpcError(ErrorCode.InternalError, own.error)
                    end
                    return own
                end
                return readResource(
                    uri,
                    services(),
                    hub
                )
            end
        }
    }
end
return ____exports
