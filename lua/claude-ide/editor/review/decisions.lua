-- Generated from src/claude-ide/editor/review/decisions.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
local ____log = require("claude-ide.log")
local say = ____log.say
local ____view_parts = require("claude-ide.editor.review.view_parts")
local getOpt = ____view_parts.getOpt
local setOpt = ____view_parts.setOpt
--- `buf`'s change number (undotree's changenr()): undo moves it back, redo forward.
function ____exports.changeNumber(buf)
    return vim.api.nvim_buf_call(
        buf,
        function() return vim.fn.changenr() end
    )
end
--- `buf`'s last change number (undotree's seq_last): each new edit raises it; undo and redo leave it.
function ____exports.lastChange(buf)
    return vim.api.nvim_buf_call(
        buf,
        function() return vim.fn.undotree().seq_last end
    )
end
--- The decisions of one proposal's view. `State` is what a take changes (the left side's lines, the original's
-- text); `swap(state)` puts that state back on the view's other side and returns what was there.
____exports.ProposalDecisions = __TS__Class()
local ProposalDecisions = ____exports.ProposalDecisions
ProposalDecisions.name = "ProposalDecisions"
function ProposalDecisions.prototype.____constructor(self, proposal, swap)
    self.proposal = proposal
    self.swap = swap
    self.decisions = 0
    self.takenCount = 0
    self.takes = {}
    self.untaken = {}
end
function ProposalDecisions.prototype.taken(self)
    return self.takenCount
end
function ProposalDecisions.prototype.decided(self)
    return self.decisions > 0 or getOpt("modified", {buf = self.proposal})
end
function ProposalDecisions.prototype.taking(self, before)
    local ____self_takes_0 = self.takes
    ____self_takes_0[#____self_takes_0 + 1] = {
        before = before,
        change = ____exports.changeNumber(self.proposal)
    }
    self.untaken = {}
end
function ProposalDecisions.prototype.tookNothing(self)
    table.remove(self.takes)
end
function ProposalDecisions.prototype.counted(self, took)
    if took then
        self.takenCount = self.takenCount + 1
    end
    self.decisions = self.decisions + 1
    setOpt("modified", true, {buf = self.proposal})
end
function ProposalDecisions.prototype.undo(self)
    local last = self.takes[#self.takes]
    if last == nil or ____exports.changeNumber(self.proposal) ~= last.change then
        self:byVim("u")
        return false
    end
    table.remove(self.takes)
    local ____self_untaken_1 = self.untaken
    ____self_untaken_1[#____self_untaken_1 + 1] = {
        after = self.swap(last.before),
        change = last.change,
        last = ____exports.lastChange(self.proposal)
    }
    self.takenCount = math.max(0, self.takenCount - 1)
    self.decisions = math.max(0, self.decisions - 1)
    return true
end
function ProposalDecisions.prototype.redo(self)
    local next = self.untaken[#self.untaken]
    if next == nil or ____exports.changeNumber(self.proposal) ~= next.change or ____exports.lastChange(self.proposal) ~= next.last then
        self:byVim(string.char(18))
        return false
    end
    table.remove(self.untaken)
    local ____self_takes_2 = self.takes
    ____self_takes_2[#____self_takes_2 + 1] = {
        before = self.swap(next.after),
        change = next.change
    }
    self:counted(true)
    return true
end
function ProposalDecisions.prototype.byVim(self, key)
    local count = math.max(1, vim.v.count)
    local ok, err = pcall(
        vim.api.nvim_buf_call,
        self.proposal,
        function() return vim.cmd(("silent normal! " .. tostring(count)) .. key) end
    )
    if not ok then
        say(
            tostring(err),
            "warn"
        )
    end
end
return ____exports
