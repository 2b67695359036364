-- Generated from src/claude-ide/agent/builtin_names.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____declarations = require("claude-ide.agent.declarations")
local BRIDGE_TOOL_NAMES = ____declarations.BRIDGE_TOOL_NAMES
local RESOURCES = ____declarations.RESOURCES
local ____tool_names = require("claude-ide.agent.tool_names")
local ENDPOINT_TOOL_NAMES = ____tool_names.ENDPOINT_TOOL_NAMES
local ____array_0 = __TS__SparseArrayNew(unpack(BRIDGE_TOOL_NAMES))
__TS__SparseArrayPush(
    ____array_0,
    unpack(ENDPOINT_TOOL_NAMES)
)
--- Every built-in tool of the agent endpoint (enabled or not) and the bridge's own.
____exports.BUILTIN_TOOL_NAMES = {__TS__SparseArraySpread(____array_0)}
--- URIs of the built-in resources (as resources/list declares them), and the prefix of the buffer template.
____exports.BUILTIN_RESOURCE_URIS = __TS__ArrayMap(
    RESOURCES,
    function(____, r) return r.uri end
)
____exports.BUILTIN_RESOURCE_PREFIX = "vim://buffer/"
return ____exports
