-- Generated from src/claude-ide/agent/agent_state.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____state = require("claude-ide.editor.state")
local Snapshots = ____state.Snapshots
____exports.AgentState = __TS__Class()
local AgentState = ____exports.AgentState
AgentState.name = "AgentState"
function AgentState.prototype.____constructor(self)
    self.snapshots = __TS__New(Snapshots)
    self.memory = {}
    self.lspProgressSeen = {}
    self.reviews = 0
    local seen = self.lspProgressSeen
    self.progressAutocmd = vim.api.nvim_create_autocmd(
        "LspProgress",
        {
            desc = "claude-ide: remember which language servers report their indexing (wait_for_lsp_ready)",
            callback = function(ev)
                local ____opt_0 = ev.data
                local id = ____opt_0 and ____opt_0.client_id
                if id ~= nil then
                    seen[id] = true
                end
            end
        }
    )
end
function AgentState.prototype.dispose(self)
    if self.progressAutocmd ~= nil then
        pcall(vim.api.nvim_del_autocmd, self.progressAutocmd)
    end
    self.progressAutocmd = nil
end
function AgentState.prototype.nextReview(self)
    local ____self_2, ____reviews_3 = self, "reviews"
    local ____self_reviews_4 = ____self_2[____reviews_3] + 1
    ____self_2[____reviews_3] = ____self_reviews_4
    return ____self_reviews_4
end
return ____exports
