-- Generated from src/claude-ide/bridge/tools.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local ____exports = {}
local ____tools = require("claude-ide.agent.tools.index")
local AGENT_TOOLS = ____tools.AGENT_TOOLS
local ____tools = require("claude-ide.lsp.tools.index")
local LSP_TOOLS = ____tools.LSP_TOOLS
local ____array_0 = __TS__SparseArrayNew(unpack(AGENT_TOOLS))
__TS__SparseArrayPush(
    ____array_0,
    unpack(LSP_TOOLS)
)
____exports.ENDPOINT_TOOLS = {__TS__SparseArraySpread(____array_0)}
return ____exports
