-- Generated from src/claude-ide/editor/services.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____agent_state = require("claude-ide.agent.agent_state")
local AgentState = ____agent_state.AgentState
local ____diff = require("claude-ide.editor.diff")
local DiffManager = ____diff.DiffManager
local ____selection = require("claude-ide.editor.selection")
local SelectionTracker = ____selection.SelectionTracker
function ____exports.createServices(config, hub)
    return {
        diff = __TS__New(DiffManager, config),
        selection = __TS__New(SelectionTracker, config, hub),
        agent = __TS__New(AgentState)
    }
end
--- Ends every feature's work (pending reviews answered, autocmds removed). Called on server stop.
function ____exports.disposeServices(services)
    services.diff.dispose()
    services.selection:dispose()
    services.agent:dispose()
end
return ____exports
