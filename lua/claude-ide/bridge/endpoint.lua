-- Generated from src/claude-ide/bridge/endpoint.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
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
function ____exports.createAgentRole(config, services, hub)
    return {
        name = "agent",
        registry = __TS__New(Registry, ENDPOINT_TOOLS, config),
        capabilities = {tools = {listChanged = false}, resources = {listChanged = false}},
        instructions = INSTRUCTIONS,
        argumentErrorsAsResults = true,
        requests = {
            ["resources/list"] = function() return {resources = RESOURCES} end,
            ["resources/templates/list"] = function() return {resourceTemplates = TEMPLATES} end,
            ["resources/read"] = function(params)
                local uri = params.uri
                if type(uri) ~= "string" then
                    invalidRequestParams("resources/read: \"uri\" must be a string")
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
