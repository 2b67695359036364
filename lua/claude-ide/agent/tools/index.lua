-- Generated from src/claude-ide/agent/tools/index.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____edit = require("claude-ide.agent.tools.edit")
local edit = ____edit.edit
local ____editor_state = require("claude-ide.agent.tools.editor_state")
local editorState = ____editor_state.editorState
local ____execute = require("claude-ide.agent.tools.execute")
local execute = ____execute.execute
local ____get_diagnostics = require("claude-ide.agent.tools.get_diagnostics")
local getDiagnostics = ____get_diagnostics.getDiagnostics
local ____navigate = require("claude-ide.agent.tools.navigate")
local navigate = ____navigate.navigate
local ____read_buffer = require("claude-ide.agent.tools.read_buffer")
local readBuffer = ____read_buffer.readBuffer
local ____search = require("claude-ide.agent.tools.search")
local search = ____search.search
____exports.AGENT_TOOLS = {
    editorState,
    readBuffer,
    navigate,
    search,
    getDiagnostics,
    edit,
    execute
}
return ____exports
