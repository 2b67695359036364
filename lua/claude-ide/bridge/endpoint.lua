-- Generated from src/claude-ide/bridge/endpoint.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local ____exports = {}
local ____session = require("claude-ide.protocol.session")
local invalidRequestParams = ____session.invalidRequestParams
local rpcError = ____session.rpcError
local ____registry = require("claude-ide.protocol.registry")
local Registry = ____registry.Registry
local ____resources = require("claude-ide.agent.resources")
local readResource = ____resources.readResource
local ResourceError = ____resources.ResourceError
local RESOURCES = ____resources.RESOURCES
local TEMPLATES = ____resources.TEMPLATES
local ____tools = require("claude-ide.bridge.tools")
local ENDPOINT_TOOLS = ____tools.ENDPOINT_TOOLS
--- Server guidance shown to the model (initialize `instructions`), kept short: the tool descriptions say the rest.
____exports.INSTRUCTIONS = (("These tools work inside the user's running Neovim. Start with editor_state to see open buffers, the cursor and " .. "the selection. read_buffer returns unsaved text (prefer it over reading files from disk for open buffers). ") .. "Every edit is shown to the user as a diff review and waits for their decision. Lines and columns are 1-based; ") .. "columns count characters."
function ____exports.createAgentRole(config, services)
    return {
        name = "agent",
        registry = __TS__New(Registry, ENDPOINT_TOOLS, config),
        capabilities = {tools = {listChanged = false}, resources = {listChanged = false}},
        instructions = ____exports.INSTRUCTIONS,
        argumentErrorsAsResults = true,
        requests = {
            ["resources/list"] = function() return {resources = RESOURCES} end,
            ["resources/templates/list"] = function() return {resourceTemplates = TEMPLATES} end,
            ["resources/read"] = function(params)
                local uri = params.uri
                if type(uri) ~= "string" then
                    invalidRequestParams("resources/read: \"uri\" must be a string")
                end
                local ok, result = pcall(
                    readResource,
                    uri,
                    services()
                )
                if ok then
                    return result
                end
                local err = result
                if __TS__InstanceOf(err, ResourceError) then
                    rpcError(err.code, err.message)
                end
                error(err, 0)
            end
        }
    }
end
return ____exports
