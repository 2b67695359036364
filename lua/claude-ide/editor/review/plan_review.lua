-- Generated from src/claude-ide/editor/review/plan_review.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____log = require("claude-ide.log")
local say = ____log.say
local ____keys = require("claude-ide.editor.review.keys")
local escapeBar = ____keys.escapeBar
local fitWinbar = ____keys.fitWinbar
local keyParts = ____keys.keyParts
local mapTable = ____keys.mapTable
local planTable = ____keys.planTable
local ____view_parts = require("claude-ide.editor.review.view_parts")
local fillBuffer = ____view_parts.fillBuffer
local focusHint = ____view_parts.focusHint
local markReview = ____view_parts.markReview
local removeView = ____view_parts.removeView
local ReviewOrigin = ____view_parts.ReviewOrigin
local reviewName = ____view_parts.reviewName
local setUniqueName = ____view_parts.setUniqueName
local takesFocus = ____view_parts.takesFocus
local ViewLife = ____view_parts.ViewLife
local ____reason = require("claude-ide.editor.review.reason")
local askReason = ____reason.askReason
local reasonOn = ____reason.reasonOn
--- The autocmds of every open plan review (deleted with the last one).
local AUGROUP = "claude-ide.plan"
local function normalizeText(text)
    local crlf = string.gsub(text, "\r\n", "\n")
    local trimmed = string.gsub(crlf, "\n+$", "")
    return trimmed
end
____exports.PlanReview = __TS__Class()
local PlanReview = ____exports.PlanReview
PlanReview.name = "PlanReview"
function PlanReview.prototype.____constructor(self, config, req, onDecision, home)
    self.config = config
    self.req = req
    self.onDecision = onDecision
    self.win = -1
    self.origin = __TS__New(ReviewOrigin)
    self.life = __TS__New(
        ViewLife,
        AUGROUP,
        self.origin,
        function() return self:mark() end
    )
    self.title = (("✻ [" .. req.client) .. "] plan: ") .. req.name
    self.buf = vim.api.nvim_create_buf(false, true)
    local buf = self.buf
    vim.api.nvim_set_option_value("bufhidden", "wipe", {buf = buf})
    vim.api.nvim_set_option_value("undolevels", -1, {buf = buf})
    local unix = string.gsub(req.plan, "\r\n", "\n")
    local plan = string.gsub(unix, "\n$", "")
    fillBuffer(
        buf,
        vim.split(plan, "\n", {plain = true})
    )
    vim.api.nvim_set_option_value("undolevels", vim.go.undolevels, {buf = buf})
    vim.api.nvim_set_option_value("buftype", "acwrite", {buf = buf})
    vim.api.nvim_set_option_value("swapfile", false, {buf = buf})
    setUniqueName(
        buf,
        reviewName(self.title)
    )
    vim.api.nvim_set_option_value("filetype", "markdown", {buf = buf})
    vim.api.nvim_set_option_value("modified", false, {buf = buf})
    local ok, err = pcall(function() return self:show(takesFocus(config.diff.focus, home)) end)
    if not ok then
        self:close()
        error(err, 0)
    end
end
function PlanReview.prototype.text(self)
    return table.concat(
        vim.api.nvim_buf_get_lines(self.buf, 0, -1, true),
        "\n"
    ) .. "\n"
end
function PlanReview.prototype.isWaiting(self)
    return self.life.waiting:is()
end
function PlanReview.prototype.focus(self)
    return self.life:focus(self.win, {self.win})
end
function PlanReview.prototype.drop(self, closeNow)
    if closeNow == nil then
        closeNow = true
    end
    self["end"](self, {kind = "gone"}, closeNow)
end
function PlanReview.prototype.cancel(self)
    if not self:settle() then
        return
    end
    self:close()
end
function PlanReview.prototype.approve(self)
    local text = self:text()
    self["end"](
        self,
        {
            kind = "approved",
            text = text,
            edited = normalizeText(text) ~= normalizeText(self.req.plan)
        },
        false
    )
end
function PlanReview.prototype.refuse(self, feedback)
    self["end"](self, {kind = "refused", feedback = feedback}, false)
end
PlanReview.prototype["end"] = function(self, outcome, closeNow)
    if not self:settle() then
        return
    end
    if closeNow and not vim.in_fast_event() then
        self:close()
    else
        vim.schedule(function() return self:close() end)
    end
    self.onDecision(outcome)
end
function PlanReview.prototype.show(self, enter)
    local opened = self.origin:open(self.buf, enter, self.config.diff.open_in_new_tab, self.title)
    self.win = opened.win
    self.origin:settle(enter, opened.originTab)
    vim.api.nvim_set_option_value("wrap", true, {win = self.win, scope = "local"})
    vim.api.nvim_set_option_value("linebreak", true, {win = self.win, scope = "local"})
    self.life.waiting:begin(not enter, self.req.client)
    self:mark()
    self:setWinbar()
    self:setKeymaps()
    self:watch()
    if self.life.waiting:is() then
        say(((self.req.client .. " waits for you to review its plan: ") .. focusHint()) .. " shows it")
    end
end
function PlanReview.prototype.mark(self)
    local value = {
        tab_name = self.title,
        role = "proposal",
        proposal = self.buf,
        file = self.req.name,
        plan = true
    }
    markReview(
        self.buf,
        value,
        self.life.waiting:is()
    )
end
function PlanReview.prototype.keyTable(self)
    local function ask()
        return askReason(
            "Feedback on the plan (sent to the model): ",
            function(feedback)
                if not self.life.settled then
                    self:refuse(feedback)
                end
            end
        )
    end
    local approve = self.req.canApprove and "approve" or ("answer in " .. self.req.client) .. "'s own dialog"
    return planTable(
        self.config.diff,
        approve,
        {
            approve = function() return self:approve() end,
            refuse = ask
        }
    )
end
function PlanReview.prototype.setWinbar(self)
    local unmarked = string.gsub(self.title, "^✻%s*", "")
    if self.keys == nil then
        self.keys = self:keyTable()
    end
    fitWinbar(
        self.win,
        (" " .. escapeBar(unmarked)) .. " (editable)",
        keyParts(self.keys)
    )
end
function PlanReview.prototype.setKeymaps(self)
    if self.keys == nil then
        self.keys = self:keyTable()
    end
    mapTable({self.buf}, self.keys)
end
function PlanReview.prototype.watch(self)
    local function refuse()
        if type(vim.v.exiting) == "number" then
            self:drop(false)
        else
            self:refuse(reasonOn(self.buf))
        end
    end
    self.life.autocmds:acceptOnWrite(
        self.buf,
        "claude-ide: :w in a plan approves it (nothing is written)",
        function() return self:approve() end
    )
    self.life.autocmds:watchLife(
        {self.win},
        {self.buf},
        {closed = "claude-ide: closing the plan refuses it", unloaded = "claude-ide: deleting the plan refuses it", resized = "claude-ide: fit the plan's winbar", seen = "claude-ide: a plan the user visits no longer waits"},
        {
            closed = refuse,
            seen = function() return self.life:seen() end,
            resized = function() return self:setWinbar() end
        }
    )
end
function PlanReview.prototype.settle(self)
    return self.life:settle({self.buf})
end
function PlanReview.prototype.close(self)
    self.life:close(
        function() return self:settle() end,
        function() return removeView(
            {self.win},
            {self.buf},
            self.origin,
            vim.api.nvim_get_current_win() == self.win
        ) end
    )
end
return ____exports
