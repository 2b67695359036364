-- Generated from src/claude-ide/agent/agent_state.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____state = require("claude-ide.agent.state")
local Snapshots = ____state.Snapshots
____exports.AgentState = __TS__Class()
local AgentState = ____exports.AgentState
AgentState.name = "AgentState"
function AgentState.prototype.____constructor(self)
    self.snapshots = __TS__New(Snapshots)
    self.memory = {}
    self.reviews = 0
end
function AgentState.prototype.nextReview(self)
    local ____self_0, ____reviews_1 = self, "reviews"
    local ____self_reviews_2 = ____self_0[____reviews_1] + 1
    ____self_0[____reviews_1] = ____self_reviews_2
    return ____self_reviews_2
end
return ____exports
