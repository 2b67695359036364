-- Generated from src/claude-ide/editor/review/diff.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local ____exports = {}
local ____log = require("claude-ide.log")
local Logger = ____log.Logger
local say = ____log.say
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local ____diff_follow = require("claude-ide.editor.review.diff_follow")
local WriteFollower = ____diff_follow.WriteFollower
local ____diff_text = require("claude-ide.editor.review.diff_text")
local linesText = ____diff_text.linesText
local normalizeEol = ____diff_text.normalizeEol
local readFile = ____diff_text.readFile
local reviewText = ____diff_text.reviewText
local ____file_view = require("claude-ide.editor.review.file_view")
local openFileView = ____file_view.openFileView
local ____model = require("claude-ide.editor.review.model")
local Life = ____model.Life
local ____view_parts = require("claude-ide.editor.review.view_parts")
local TAB_VAR = ____view_parts.TAB_VAR
local writeToAccept = ____view_parts.writeToAccept
local ____review_marks = require("claude-ide.editor.review_marks")
local REVIEW_VAR = ____review_marks.REVIEW_VAR
local ____multi_review = require("claude-ide.editor.review.multi_review")
local MultiReview = ____multi_review.MultiReview
local ____plan_review = require("claude-ide.editor.review.plan_review")
local PlanReview = ____plan_review.PlanReview
local ____reason = require("claude-ide.editor.review.reason")
local cleanReason = ____reason.cleanReason
local REASON_VAR = ____reason.REASON_VAR
local ____blocking = require("claude-ide.protocol.blocking")
local CLIENT_GONE = ____blocking.CLIENT_GONE
local ____fs = require("claude-ide.util.fs")
local writeFileAtomic = ____fs.writeFileAtomic
--- `User` autocmd patterns, with data { tab_name, file, client? } and, when resolved, `result` (and `reason`: what
-- the user gave for a rejection, if anything).
____exports.EVENT_OPENED = "ClaudeIdeDiffOpened"
____exports.EVENT_RESOLVED = "ClaudeIdeDiffResolved"
--- One pending review: the view, and the parked openDiff call waiting for its outcome.
local Review = __TS__Class()
Review.name = "Review"
function Review.prototype.____constructor(self, req, owner)
    self.req = req
    self.owner = owner
    self.life = __TS__New(Life)
    self.onDecision = function(listener)
        if self.outcome ~= nil then
            listener(self.outcome)
        else
            self.listener = listener
        end
    end
    self.cancel = function(reason)
        local ____temp_0
        if reason == CLIENT_GONE and self.req.clientId ~= nil then
            ____temp_0 = self.owner:orphanWhy(self.req.clientId)
        else
            ____temp_0 = nil
        end
        local why = ____temp_0
        if why ~= nil then
            self:orphan(why)
        else
            self["end"](self, nil, "CANCELLED", true)
        end
    end
end
function Review.prototype.orphan(self, why)
    if self.life.settled or self.orphaned ~= nil then
        return
    end
    self.orphaned = why
    self.listener = nil
    local note = why .. ": :w writes here, the agent will not hear it"
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        do
            local v = vim.b[buf][REVIEW_VAR]
            if (v and v.tab_name) ~= self.req.tabName then
                goto __continue11
            end
            pcall(
                vim.api.nvim_buf_set_var,
                buf,
                REVIEW_VAR,
                __TS__ObjectAssign({}, v, {gone = why})
            )
            for ____, win in ipairs(vim.fn.win_findbuf(buf)) do
                local bar = vim.wo[win].winbar
                if (string.find(bar, note, 1, true)) == nil then
                    vim.wo[win].winbar = (("%#WarningMsg#[" .. (string.gsub(note, "%%", "%%%%"))) .. "]%* ") .. bar
                end
            end
        end
        ::__continue11::
    end
    say(
        ((why .. ": the review of ") .. vim.fn.fnamemodify(self.req.newPath, ":t")) .. " stays open; accepting it (:w) writes the file here, and the agent will not hear of it",
        "warn"
    )
end
function Review.prototype.accept(self, closeNow)
    if self.life.settled then
        return
    end
    local text = self.view:proposalText()
    if self.orphaned ~= nil then
        local stat = vim.uv.fs_stat(self.req.newPath)
        local written = writeFileAtomic(self.req.newPath, text, stat ~= nil and stat.mode % 512 or 420)
        if not written.ok then
            say(
                (vim.fn.fnamemodify(self.req.newPath, ":t") .. " could not be written: ") .. written.error,
                "error"
            )
            return
        end
        say(
            ((vim.fn.fnamemodify(self.req.newPath, ":t") .. " written here; ") .. self.orphaned) .. ": the agent will not hear of it",
            "warn"
        )
        self["end"](self, {accepted = true, text = text}, "FILE_SAVED", closeNow)
        return
    end
    local ____temp_3
    if self.req.writer == "plugin" then
        ____temp_3 = nil
    else
        ____temp_3 = readFile(self.req.newPath)
    end
    local disk = ____temp_3
    if disk ~= nil and disk.ok and normalizeEol(text) == normalizeEol(disk.text or "") then
        say(
            ("the proposal for " .. vim.fn.fnamemodify(self.req.newPath, ":t")) .. " leaves the file unchanged: answered as a rejection",
            "warn"
        )
        self:reject(closeNow)
        return
    end
    self["end"](self, {accepted = true, text = text}, "FILE_SAVED", closeNow)
end
function Review.prototype.reject(self, closeNow, reason)
    self["end"](self, {accepted = false, reason = reason}, "DIFF_REJECTED", closeNow)
end
Review.prototype["end"] = function(self, outcome, result, closeNow)
    if not self.life:settle() then
        return
    end
    self.outcome = outcome
    self.owner:forget(self)
    self.view:settle()
    local function finish()
        self.view:close()
        local ____self_13 = self.owner
        local ____self_13_emit_14 = ____self_13.emit
        local ____array_12 = __TS__SparseArrayNew(____exports.EVENT_RESOLVED, self.req, result)
        local ____temp_6
        if (outcome and outcome.accepted) == false then
            ____temp_6 = outcome.reason
        else
            ____temp_6 = nil
        end
        __TS__SparseArrayPush(____array_12, ____temp_6, (outcome and outcome.accepted) == true and outcome.text or nil)
        local ____temp_11
        if (outcome and outcome.accepted) == true then
            ____temp_11 = self.before
        else
            ____temp_11 = nil
        end
        __TS__SparseArrayPush(____array_12, ____temp_11)
        ____self_13_emit_14(
            ____self_13,
            __TS__SparseArraySpread(____array_12)
        )
    end
    if closeNow and not vim.in_fast_event() then
        finish()
    else
        vim.schedule(finish)
    end
    if outcome and outcome.accepted and (self.req.writer ~= "plugin" or self.orphaned ~= nil) then
        self.owner:follow(self.req.newPath, outcome.text)
    end
    local listener = self.listener
    self.listener = nil
    if outcome == nil or listener == nil then
        return
    end
    if self.req.writer == "plugin" then
        vim.schedule(function() return listener(outcome) end)
    else
        listener(outcome)
    end
end
--- The left side: the file's buffer when loaded (with unsaved edits, if any), else the file on disk.
local function currentText(path)
    local buf = findBuffer(path)
    if buf ~= nil and vim.api.nvim_buf_is_loaded(buf) then
        local filetype = vim.api.nvim_get_option_value("filetype", {buf = buf})
        return {
            ok = true,
            lines = vim.api.nvim_buf_get_lines(buf, 0, -1, true),
            dirty = vim.api.nvim_get_option_value("modified", {buf = buf}),
            filetype = filetype ~= "" and filetype or nil
        }
    end
    local disk = readFile(path)
    if not disk.ok then
        return disk
    end
    local ____temp_17
    if disk.text == nil then
        ____temp_17 = nil
    else
        ____temp_17 = reviewText(disk.text).lines
    end
    return {ok = true, lines = ____temp_17, dirty = false}
end
--- The PendingReview of a multi-file or plan review: the outcome, once there is one, goes to the listener (one
-- that comes later gets it at once); `cancel` ends the review without an outcome.
local function pendingReview(cancel)
    local outcome
    local listener
    return {
        pending = {
            onDecision = function(l)
                if outcome ~= nil then
                    l(outcome)
                else
                    listener = l
                end
            end,
            cancel = cancel
        },
        settle = function(o, deliver)
            if deliver == nil then
                deliver = function(fn) return fn() end
            end
            outcome = o
            deliver(function()
                local waiting = listener
                listener = nil
                if waiting ~= nil then
                    waiting(o)
                end
            end)
        end
    }
end
--- A one-file review's key: the session that asked for it (none: a spec, the user) and its tab_name.
local function reviewKey(clientId, tabName)
    return (tostring(clientId or "-") .. "\n") .. tabName
end
--- Reviews one client (session) may have waiting for the user at once; one more is refused with an error.
____exports.MAX_PENDING_REVIEWS = 16
--- Every review of one running server (Services.diff).
____exports.DiffManager = __TS__Class()
local DiffManager = ____exports.DiffManager
DiffManager.name = "DiffManager"
function DiffManager.prototype.____constructor(self, config, terminalOf)
    self.config = config
    self.terminalOf = terminalOf
    self.reviews = {}
    self.multis = {}
    self.plans = {}
    self.followers = {}
    self.open = function(req)
        for ____, ____value in ipairs({{"old_file_path", req.oldPath}, {"new_file_path", req.newPath}}) do
            local arg = ____value[1]
            local path = ____value[2]
            local stat = vim.uv.fs_stat(path)
            if (stat and stat.type) == "directory" then
                return {ok = false, error = ((arg .. ": ") .. path) .. " is a directory"}
            end
        end
        local current = currentText(req.oldPath)
        if not current.ok then
            return {ok = false, error = "old_file_path: " .. current.error}
        end
        local replaced = self.reviews[reviewKey(req.clientId, req.tabName)]
        if replaced == nil then
            local full = self:capReached(req.clientId)
            if full ~= nil then
                return {ok = false, error = full}
            end
        end
        if replaced ~= nil then
            replaced:reject(true)
        end
        local review = __TS__New(Review, req, self)
        local lines = current.lines
        local ____temp_22
        if lines == nil then
            ____temp_22 = nil
        else
            ____temp_22 = type(lines) == "string" and lines or linesText(lines)
        end
        review.before = ____temp_22
        local spec = {
            tabName = req.tabName,
            path = req.newPath,
            current = current.lines,
            dirty = current.dirty,
            proposal = reviewText(req.contents),
            bytes = #req.contents,
            filetype = current.filetype,
            config = self.config.diff,
            source = req.source,
            client = req.client,
            home = self:homeOf(req.clientId)
        }
        local events = {
            accept = function() return review:accept(false) end,
            reject = function(reason) return review:reject(false, reason) end
        }
        local ok, view = pcall(function() return openFileView(spec, events) end)
        if not ok then
            return {
                ok = false,
                error = "cannot show the diff: " .. tostring(view)
            }
        end
        review.view = view
        self.reviews[reviewKey(req.clientId, req.tabName)] = review
        self:emit(____exports.EVENT_OPENED, req)
        return {ok = true, review = review}
    end
    self.openMulti = function(req)
        local review
        local full = self:capReached(req.clientId)
        if full ~= nil then
            return {ok = false, error = full}
        end
        local function emit(pattern, result, reason)
            local ____self_emitFor_27 = self.emitFor
            local ____pattern_25 = pattern
            local ____req_title_26 = req.title
            local ____opt_23 = req.files[1]
            return ____self_emitFor_27(
                self,
                ____pattern_25,
                ____req_title_26,
                ____opt_23 and ____opt_23.path or "",
                result,
                req.client,
                reason
            )
        end
        local home = self:homeOf(req.clientId)
        local waiter = pendingReview(function() return self:cancelIn(self.multis, review, emit) end)
        review = __TS__New(
            MultiReview,
            self.config,
            req.title,
            req.files,
            home,
            function(o)
                self.multis[review] = nil
                vim.schedule(function()
                    local ____temp_29 = o.accepted and "FILE_SAVED" or "DIFF_REJECTED"
                    local ____o_accepted_28
                    if o.accepted then
                        ____o_accepted_28 = nil
                    else
                        ____o_accepted_28 = o.reason
                    end
                    return emit(____exports.EVENT_RESOLVED, ____temp_29, ____o_accepted_28)
                end)
                waiter.settle(
                    o,
                    function(fn) return vim.schedule(fn) end
                )
            end,
            req.keys,
            req.client,
            req.turn == true and "turn" or "proposal",
            req.note,
            req.inline == true
        )
        local ok, err = pcall(function() return review:show() end)
        if not ok then
            return {
                ok = false,
                error = "cannot show the review: " .. tostring(err)
            }
        end
        self.multis[review] = req.clientId or false
        emit(____exports.EVENT_OPENED)
        return {ok = true, review = waiter.pending}
    end
    self.openPlan = function(req)
        local review
        local full = self:capReached(req.clientId)
        if full ~= nil then
            return {ok = false, error = full}
        end
        local function emit(pattern, result, reason)
            return self:emitFor(
                pattern,
                review.title,
                req.name,
                result,
                req.client,
                reason
            )
        end
        local waiter = pendingReview(function() return self:cancelIn(self.plans, review, emit) end)
        local function decided(o)
            self.plans[review] = nil
            local result = o.kind == "approved" and "FILE_SAVED" or (o.kind == "refused" and "DIFF_REJECTED" or "CANCELLED")
            vim.schedule(function()
                local ____temp_30
                if o.kind == "refused" then
                    ____temp_30 = o.feedback
                else
                    ____temp_30 = nil
                end
                return emit(____exports.EVENT_RESOLVED, result, ____temp_30)
            end)
            waiter.settle(o)
        end
        local ok, made = pcall(function() return __TS__New(
            PlanReview,
            self.config,
            req,
            decided,
            self:homeOf(req.clientId)
        ) end)
        if not ok then
            return {
                ok = false,
                error = "cannot show the plan: " .. tostring(made)
            }
        end
        review = made
        self.plans[review] = req.clientId or false
        emit(____exports.EVENT_OPENED)
        return {ok = true, review = waiter.pending}
    end
    self.closeAll = function(scope)
        local pending = {}
        for ____, review in pairs(self.reviews) do
            if scope == nil or scope(review.req.clientId) then
                pending[#pending + 1] = review
            end
        end
        for ____, review in ipairs(pending) do
            review:reject(true)
        end
        local multis = {}
        for review, client in pairs(self.multis) do
            local ____temp_33 = scope == nil
            if not ____temp_33 then
                local ____scope_32 = scope
                local ____temp_31
                if client == false then
                    ____temp_31 = nil
                else
                    ____temp_31 = client
                end
                ____temp_33 = ____scope_32(____temp_31)
            end
            if ____temp_33 then
                multis[#multis + 1] = review
            end
        end
        for ____, review in ipairs(multis) do
            review:reject()
        end
        local plans = self:plansIn(scope)
        for ____, plan in ipairs(plans) do
            plan:drop()
        end
        return #pending + #multis + #plans
    end
    self.closeTab = function(tabName, scope)
        local review = self:named(tabName, scope)
        if review ~= nil then
            review:reject(true)
            return true
        end
        local title = string.gsub(tabName, " %[%d+/%d+%]$", "")
        for multi, client in pairs(self.multis) do
            do
                if multi.title ~= title then
                    goto __continue87
                end
                local ____temp_36 = scope ~= nil
                if ____temp_36 then
                    local ____scope_35 = scope
                    local ____temp_34
                    if client == false then
                        ____temp_34 = nil
                    else
                        ____temp_34 = client
                    end
                    ____temp_36 = not ____scope_35(____temp_34)
                end
                if ____temp_36 then
                    return false
                end
                multi:reject()
                return true
            end
            ::__continue87::
        end
        local plan = __TS__ArrayFind(
            self:plansIn(scope),
            function(____, p) return p.title == tabName end
        )
        if plan == nil then
            return false
        end
        plan:drop()
        return true
    end
    self.proposalOf = function(tabName, scope)
        local ____opt_37 = self:named(tabName, scope)
        return ____opt_37 and ____opt_37.view:proposalText()
    end
    self.setOrphanRule = function(rule)
        self.orphanRule = rule
    end
    self.orphanFor = function(clientIds, why)
        local n = 0
        for ____, review in pairs(self.reviews) do
            if review.req.clientId ~= nil and __TS__ArrayIncludes(clientIds, review.req.clientId) and review.orphaned == nil then
                review:orphan(why)
                n = n + 1
            end
        end
        return n
    end
    self.rejectFor = function(clientIds)
        local theirs = {}
        for ____, review in pairs(self.reviews) do
            if review.req.clientId ~= nil and __TS__ArrayIncludes(clientIds, review.req.clientId) and review.orphaned == nil then
                theirs[#theirs + 1] = review
            end
        end
        for ____, review in ipairs(theirs) do
            review:reject(false)
        end
        local plans = self:plansIn(function(id) return id ~= nil and __TS__ArrayIncludes(clientIds, id) end)
        for ____, plan in ipairs(plans) do
            plan:drop(false)
        end
        return #theirs + #plans
    end
    self.pendingFor = function(scope)
        local n = 0
        for ____, review in pairs(self.reviews) do
            if scope(review.req.clientId) then
                n = n + 1
            end
        end
        for ____, client in pairs(self.multis) do
            local ____scope_40 = scope
            local ____temp_39
            if client == false then
                ____temp_39 = nil
            else
                ____temp_39 = client
            end
            if ____scope_40(____temp_39) then
                n = n + 1
            end
        end
        return n + #self:plansIn(scope)
    end
    self.focusWaiting = function()
        for ____, review in pairs(self.reviews) do
            if review.view:isWaiting() and review.view:focus() then
                return true
            end
        end
        for review in pairs(self.multis) do
            if review:focusIfWaiting() then
                return true
            end
        end
        for plan in pairs(self.plans) do
            if plan:isWaiting() and plan:focus() then
                return true
            end
        end
        return false
    end
    self.dispose = function()
        self.closeAll()
        local followers = {}
        for ____, f in pairs(self.followers) do
            followers[#followers + 1] = f
        end
        for ____, f in ipairs(followers) do
            f:stop()
        end
    end
    self.log = __TS__New(Logger, config.log_level)
end
function DiffManager.prototype.homeOf(self, clientId)
    if clientId == nil or self.terminalOf == nil then
        return nil
    end
    local ok, buf = pcall(self.terminalOf, clientId)
    local ____ok_41
    if ok then
        ____ok_41 = buf
    else
        ____ok_41 = nil
    end
    return ____ok_41
end
function DiffManager.prototype.capReached(self, clientId)
    if clientId == nil or self.pendingFor(function(id) return id == clientId end) < ____exports.MAX_PENDING_REVIEWS then
        return nil
    end
    return tostring(____exports.MAX_PENDING_REVIEWS) .. " reviews of this session are already waiting for the user (the most one session may have open): wait until the user has decided on them before proposing more"
end
function DiffManager.prototype.cancelIn(self, pending, review, emit)
    if not (pending[review] ~= nil) then
        return
    end
    pending[review] = nil
    review:cancel()
    emit(____exports.EVENT_RESOLVED, "CANCELLED")
end
function DiffManager.prototype.plansIn(self, scope)
    local found = {}
    for plan, client in pairs(self.plans) do
        local ____temp_44 = scope == nil
        if not ____temp_44 then
            local ____scope_43 = scope
            local ____temp_42
            if client == false then
                ____temp_42 = nil
            else
                ____temp_42 = client
            end
            ____temp_44 = ____scope_43(____temp_42)
        end
        if ____temp_44 then
            found[#found + 1] = plan
        end
    end
    return found
end
function DiffManager.prototype.named(self, tabName, scope)
    for ____, review in pairs(self.reviews) do
        if review.req.tabName == tabName and (scope == nil or scope(review.req.clientId)) then
            return review
        end
    end
    return nil
end
function DiffManager.prototype.orphanWhy(self, clientId)
    if self.orphanRule == nil then
        return nil
    end
    local ok, why = pcall(self.orphanRule, clientId)
    local ____ok_45
    if ok then
        ____ok_45 = why
    else
        ____ok_45 = nil
    end
    return ____ok_45
end
function DiffManager.prototype.forget(self, review)
    local key = reviewKey(review.req.clientId, review.req.tabName)
    if self.reviews[key] == review then
        self.reviews[key] = nil
    end
end
function DiffManager.prototype.follow(self, path, text)
    local buf = findBuffer(path)
    if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
        return
    end
    local ____opt_46 = self.followers[path]
    if ____opt_46 ~= nil then
        ____opt_46:stop()
    end
    local follower
    follower = __TS__New(
        WriteFollower,
        path,
        normalizeEol(text),
        self.log,
        function()
            if self.followers[path] == follower then
                self.followers[path] = nil
            end
        end
    )
    self.followers[path] = follower
    follower:start()
end
function DiffManager.prototype.emit(self, pattern, req, result, reason, text, before)
    self:emitFor(
        pattern,
        req.tabName,
        req.newPath,
        result,
        req.client,
        reason,
        text,
        before
    )
end
function DiffManager.prototype.emitFor(self, pattern, tabName, file, result, client, reason, text, before)
    local data = dict({
        tab_name = tabName,
        file = file,
        result = result,
        client = client,
        reason = reason,
        text = text,
        before = before
    })
    local ok, err = pcall(vim.api.nvim_exec_autocmds, "User", {pattern = pattern, modeline = false, data = data})
    if not ok then
        self.log:error((("a " .. pattern) .. " autocmd failed: ") .. tostring(err))
    end
end
--- The proposal buffers of every open review (of every server), oldest first.
local function proposalBuffers()
    local found = {}
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        local v = vim.b[buf][REVIEW_VAR]
        if v ~= nil and v.role == "proposal" then
            found[#found + 1] = {buf = buf, tabName = v.tab_name, file = v.file}
        end
    end
    return found
end
--- "a.txt (tab name)": which review, as messages and the choice list name it.
local function describeProposal(p)
    return p.file ~= nil and p.file ~= p.tabName and ((p.file .. " (") .. p.tabName) .. ")" or p.tabName
end
--- The proposal buffer of the review the cursor is in: its window, else its tab page.
local function proposalHere(proposals)
    local inWindow = vim.b[vim.api.nvim_get_current_buf()][REVIEW_VAR]
    if inWindow ~= nil then
        return inWindow.proposal
    end
    local inTab, tabName = pcall(vim.api.nvim_tabpage_get_var, 0, TAB_VAR)
    if not inTab then
        return nil
    end
    for ____, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
        local v = vim.b[vim.api.nvim_win_get_buf(win)][REVIEW_VAR]
        if v ~= nil and v.tab_name == tabName then
            return v.proposal
        end
    end
    local ____opt_48 = __TS__ArrayFind(
        proposals,
        function(____, p) return p.tabName == tabName end
    )
    return ____opt_48 and ____opt_48.buf
end
--- Calls `act` with the proposal buffer of the review the cursor is in (its window, else its tab page); from anywhere
-- else with the only open review's (`what` then names it: the message says which one was answered), else with the
-- one the user picks (`verb`: the choice's prompt, "Accept"). Says so when no review is open.
local function withProposal(verb, act)
    local proposals = proposalBuffers()
    if #proposals == 0 then
        say("no diff review is open")
        return
    end
    local here = proposalHere(proposals)
    if here ~= nil then
        act(here)
    elseif #proposals == 1 then
        act(
            proposals[1].buf,
            describeProposal(proposals[1])
        )
    else
        local function formatItem(p)
            return describeProposal(p)
        end
        vim.ui.select(
            proposals,
            {prompt = verb .. " which diff review?", format_item = formatItem},
            function(choice)
                if choice ~= nil and vim.api.nvim_buf_is_valid(choice.buf) then
                    act(choice.buf)
                end
            end
        )
    end
end
--- Rejects the review of proposal buffer `buf`, with `reason`: the one way in for a refusal (REASON_VAR).
local function rejectProposal(buf, reason)
    if reason ~= nil then
        vim.api.nvim_buf_set_var(buf, REASON_VAR, reason)
    end
    vim.api.nvim_buf_delete(buf, {force = true})
end
--- :ClaudeCodeDiffAccept / :ClaudeCodeDiffDeny [reason]. Acts on the review the cursor is in; from anywhere else,
-- on the only open review (and says which one it answered), else asks which. Accepting is `:w` in the proposal;
-- rejecting deletes the proposal buffer: the same paths as doing it by hand, so a review has one way in for
-- each decision. A reason rides on the proposal buffer (REASON_VAR) into the rejection.
function ____exports.decideFromCommand(action, reason)
    local why = cleanReason(reason)
    withProposal(
        action == "accept" and "Accept" or "Reject",
        function(buf, what)
            if action == "accept" then
                writeToAccept(buf)
            else
                rejectProposal(buf, why)
            end
            if what ~= nil then
                say(((action == "accept" and "accepted" or "rejected") .. " Claude's proposal for ") .. what)
            end
        end
    )
end
--- :ClaudeCodeRequestChanges — rejects a proposal (chosen as :ClaudeCodeDiffDeny chooses it) with every note on it
-- (`notes`: Services.lineNotes; those on its proposed lines and those on its file) as the reason, so that the model
-- revises it; each note is sent once. Without a note on it nothing is rejected.
function ____exports.requestChanges(notes)
    withProposal(
        "Request changes to",
        function(buf, what)
            local ids = notes:ofProposal(buf)
            if #ids == 0 then
                say("no note on this proposal: write one with :ClaudeCodeNote (or reject it with :ClaudeCodeDiffDeny)", "warn")
                return
            end
            local reason = notes:take(ids)
            if reason == nil then
                return
            end
            rejectProposal(buf, reason)
            local n = #ids == 1 and "its note" or ("its " .. tostring(#ids)) .. " notes"
            say(((("requested changes" .. (what ~= nil and " to " .. what or "")) .. ": rejected with ") .. n) .. " as the reason")
        end
    )
end
return ____exports
