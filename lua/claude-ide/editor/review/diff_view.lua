-- Generated from src/claude-ide/editor/review/diff_view.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ArrayUnshift = ____lualib.__TS__ArrayUnshift
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local __TS__ArrayPushArray = ____lualib.__TS__ArrayPushArray
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__StringSplit = ____lualib.__TS__StringSplit
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local ____exports = {}
local replaceBlock, onChange, diffWithoutFolds, goToFirstChange, FOLDED_REVIEW_MAX_LINES
local ____log = require("claude-ide.log")
local say = ____log.say
local ____model = require("claude-ide.editor.review.model")
local blockRows = ____model.blockRows
local diffHunks = ____model.diffHunks
local hunkAt = ____model.hunkAt
local hunkLine = ____model.hunkLine
local mixedBlock = ____model.mixedBlock
local nextHunk = ____model.nextHunk
local rowsOfLines = ____model.rowsOfLines
local ____decisions = require("claude-ide.editor.review.decisions")
local ProposalDecisions = ____decisions.ProposalDecisions
local ____reason = require("claude-ide.editor.review.reason")
local reasonOn = ____reason.reasonOn
local ____keys = require("claude-ide.editor.review.keys")
local DECIDES = ____keys.DECIDES
local escapeBar = ____keys.escapeBar
local fileViewTable = ____keys.fileViewTable
local fitWinbar = ____keys.fitWinbar
local keyParts = ____keys.keyParts
local LEFT = ____keys.LEFT
local mapTable = ____keys.mapTable
local MOVES = ____keys.MOVES
local PART_OF = ____keys.PART_OF
local ____view_parts = require("claude-ide.editor.review.view_parts")
local askRejectReason = ____view_parts.askRejectReason
local AUGROUP = ____view_parts.AUGROUP
local BIG_PROPOSAL_BYTES = ____view_parts.BIG_PROPOSAL_BYTES
local closeFileView = ____view_parts.closeFileView
local fileText = ____view_parts.fileText
local markReview = ____view_parts.markReview
local getOpt = ____view_parts.getOpt
local noteParts = ____view_parts.noteParts
local proposalBuffer = ____view_parts.proposalBuffer
local proposesChange = ____view_parts.proposesChange
local removeView = ____view_parts.removeView
local restoreWindowLocals = ____view_parts.restoreWindowLocals
local ReviewOrigin = ____view_parts.ReviewOrigin
local reviewName = ____view_parts.reviewName
local scratchBuffer = ____view_parts.scratchBuffer
local setOpt = ____view_parts.setOpt
local takesFocus = ____view_parts.takesFocus
local ViewLife = ____view_parts.ViewLife
local windowLocals = ____view_parts.windowLocals
function replaceBlock(hunks, cursorSide, targetSide, source, target)
    local h = hunkAt(
        hunks,
        cursorSide,
        vim.api.nvim_win_get_cursor(0)[1],
        vim.api.nvim_buf_line_count(0)
    )
    if h == nil then
        return false
    end
    local from, to = blockRows(
        h,
        targetSide == "a" and "b" or "a",
        vim.api.nvim_buf_line_count(source)
    )
    local lines = vim.api.nvim_buf_get_lines(source, from, to, true)
    local first, last = blockRows(
        h,
        targetSide,
        vim.api.nvim_buf_line_count(target)
    )
    vim.api.nvim_buf_set_lines(
        target,
        first,
        last,
        true,
        lines
    )
    return true
end
function onChange(lnum)
    return vim.fn.diff_hlID(lnum, 1) ~= 0 or vim.fn.diff_filler(lnum) > 0
end
function diffWithoutFolds(win)
    local ____local = {win = win, scope = "local"}
    setOpt("foldmethod", "manual", ____local)
    setOpt("foldenable", false, ____local)
    setOpt("scrollbind", true, ____local)
    setOpt("cursorbind", true, ____local)
    local scrollopt = getOpt("scrollopt", {})
    if not __TS__ArrayIncludes(
        __TS__StringSplit(scrollopt, ","),
        "hor"
    ) then
        setOpt("scrollopt", scrollopt == "" and "hor" or scrollopt .. ",hor", {})
    end
    setOpt("wrap", false, ____local)
    setOpt("diff", true, ____local)
end
function goToFirstChange()
    vim.api.nvim_win_set_cursor(0, {1, 0})
    if vim.fn.diff_hlID(1, 1) ~= 0 or vim.fn.diff_filler(1) > 0 then
        return
    end
    pcall(vim.cmd, "normal! ]c")
end
____exports.DiffView = __TS__Class()
local DiffView = ____exports.DiffView
DiffView.name = "DiffView"
function DiffView.prototype.____constructor(self, spec, events)
    self.spec = spec
    self.events = events
    self.leftWin = -1
    self.rightWin = -1
    self.origin = spec.origin or __TS__New(ReviewOrigin)
    self.life = __TS__New(
        ViewLife,
        AUGROUP,
        self.origin,
        function() return self:markBuffers() end
    )
    self.keys = fileViewTable(
        spec.config,
        {words = spec.words or "proposal", fromOverview = spec.fromOverview == true, extra = spec.keys},
        {
            close = function() return closeFileView(
                spec,
                self:decided(),
                events
            ) end,
            reason = function() return askRejectReason(
                self.life,
                function(reason) return events.reject(reason) end
            ) end,
            accept = function() return events.accept() end,
            decide = function(action, range) return self:decideHunk(action, range) end,
            jump = function(direction) return self:jumpHunk(direction) end,
            undo = function() return self:undo() end,
            redo = function() return self:redo() end
        }
    )
    local file = vim.fn.fnamemodify(spec.path, ":t")
    self.leftBuf = scratchBuffer(
        reviewName(file .. " (current)"),
        spec.current or ({})
    )
    setOpt("modifiable", false, {buf = self.leftBuf})
    setOpt("buftype", "acwrite", {buf = self.leftBuf})
    local ____proposalBuffer_result_0 = proposalBuffer(spec)
    local proposal = ____proposalBuffer_result_0.buf
    local filetype = ____proposalBuffer_result_0.filetype
    local option = ____proposalBuffer_result_0.option
    self.rightBuf = proposal
    self.decisions = __TS__New(
        ProposalDecisions,
        proposal,
        function(left) return self:setLeft(left) end
    )
    local ok, err = pcall(function() return self:show(spec.enter == true or takesFocus(spec.config.focus, spec.home)) end)
    if not ok then
        self:close()
        error(err, 0)
    end
    if filetype ~= nil and filetype ~= "" then
        vim.defer_fn(
            function() return self:highlightLeft(option, filetype) end,
            0
        )
    end
end
function DiffView.prototype.highlightLeft(self, option, filetype)
    local buf = self.leftBuf
    if self.life.closed or not vim.api.nvim_buf_is_valid(buf) then
        return
    end
    local win = self.leftWin
    local before = win ~= nil and vim.api.nvim_win_is_valid(win) and windowLocals(win) or nil
    pcall(setOpt, option, filetype, {buf = buf})
    if win ~= nil and before ~= nil and vim.api.nvim_win_is_valid(win) then
        restoreWindowLocals(win, before)
    end
end
function DiffView.prototype.proposalText(self)
    return fileText(self.rightBuf)
end
function DiffView.prototype.hasFocus(self)
    local win = vim.api.nvim_get_current_win()
    return win == self.leftWin or win == self.rightWin
end
function DiffView.prototype.settle(self)
    self.life:settle({self.leftBuf, self.rightBuf})
end
function DiffView.prototype.close(self, goBack)
    if goBack == nil then
        goBack = true
    end
    local function diffoff(win)
        return vim.api.nvim_win_call(
            win,
            function() return vim.cmd("diffoff") end
        )
    end
    local function remove()
        return removeView(
            {self.rightWin, self.leftWin},
            {self.rightBuf, self.leftBuf},
            self.origin,
            self:hasFocus() and goBack,
            diffoff
        )
    end
    self.life:close(
        function() return self:settle() end,
        remove
    )
end
function DiffView.prototype.show(self, enter)
    local spec = self.spec
    local vertical = spec.config.layout ~= "horizontal"
    local opened = self.origin:open(self.leftBuf, enter, spec.config.open_in_new_tab, spec.tabName)
    self.leftWin = opened.win
    self.rightWin = vim.api.nvim_open_win(self.rightBuf, enter, {split = vertical and "right" or "below", win = self.leftWin})
    self.origin:settle(enter, opened.originTab)
    self.life.waiting:begin(not enter, spec.client or "Claude")
    self:markBuffers()
    self:setWinbars()
    local lines = math.max(
        vim.api.nvim_buf_line_count(self.leftBuf),
        vim.api.nvim_buf_line_count(self.rightBuf)
    )
    for ____, win in ipairs({self.leftWin, self.rightWin}) do
        if lines > FOLDED_REVIEW_MAX_LINES then
            diffWithoutFolds(win)
        else
            vim.api.nvim_win_call(
                win,
                function() return vim.cmd("diffthis") end
            )
        end
    end
    self:setKeymaps()
    self:watch()
    vim.api.nvim_win_call(
        self.rightWin,
        function() return goToFirstChange() end
    )
    self.life.waiting:tell(proposesChange(spec))
end
function DiffView.prototype.isWaiting(self)
    return self.life.waiting:is()
end
function DiffView.prototype.focus(self)
    return self.life:focus(self.rightWin, {self.leftWin, self.rightWin})
end
function DiffView.prototype.markBuffers(self)
    local file = vim.fn.fnamemodify(self.spec.path, ":~:.")
    local function value(role)
        local ____self_spec_tabName_2 = self.spec.tabName
        local ____role_3 = role
        local ____self_rightBuf_4 = self.rightBuf
        local ____file_5 = file
        local ____temp_1
        if self.spec.words == "turn" then
            ____temp_1 = true
        else
            ____temp_1 = nil
        end
        return {
            tab_name = ____self_spec_tabName_2,
            role = ____role_3,
            proposal = ____self_rightBuf_4,
            file = ____file_5,
            turn = ____temp_1,
            overview = self.spec.overview
        }
    end
    markReview(
        self.leftBuf,
        value("current"),
        self.life.waiting:is()
    )
    markReview(
        self.rightBuf,
        value("proposal"),
        self.life.waiting:is()
    )
end
function DiffView.prototype.decided(self)
    return self.decisions:decided()
end
function DiffView.prototype.setWinbars(self)
    local spec = self.spec
    local name = escapeBar(vim.fn.fnamemodify(spec.path, ":~:."))
    local left
    local leftParts = {}
    local function warn(text)
        local ____temp_6 = #leftParts + 1
        leftParts[____temp_6] = {text = text, rank = LEFT}
        return ____temp_6
    end
    if spec.deletes == true then
        left = (" %#WarningMsg#Deleted: " .. name) .. ": accepting removes the file%*"
    elseif spec.renamedFrom ~= nil then
        left = ((" Renamed: " .. escapeBar(spec.renamedFrom)) .. " → ") .. name
        if spec.dirty then
            warn("  %#WarningMsg#(with your unsaved changes: the buffer moves too, they stay unsaved)%*")
        end
    elseif spec.current == nil then
        left = " New file: " .. name
    elseif spec.dirty then
        left = (" %#WarningMsg#" .. name) .. " has unsaved changes%*"
        warn("%#WarningMsg#: they are shown here; accepting replaces them (`u` brings them back)%*")
    else
        left = ((" " .. escapeBar(spec.currentLabel or "Current")) .. ": ") .. name
    end
    local taken = self.decisions:taken()
    if taken > 0 then
        __TS__ArrayUnshift(
            leftParts,
            {
                text = (("  + " .. tostring(taken)) .. " taken hunk") .. (taken == 1 and "" or "s"),
                rank = DECIDES
            }
        )
    end
    local who = escapeBar(spec.client or "Claude")
    local what = spec.deletes == true and who .. "'s proposal: delete the file" or who .. "'s proposal"
    local source = spec.source ~= nil and ("[" .. escapeBar(spec.source)) .. "] " or ""
    local keys = keyParts(self.keys)
    local right = (" " .. source) .. what
    local rightParts = {}
    if spec.fromOverview == true then
        right = ((" " .. vim.trim(table.remove(keys, 1).text)) .. "  ") .. vim.trim(table.remove(keys, 1).text)
        local ____array_7 = __TS__SparseArrayNew(unpack(keys))
        __TS__SparseArrayPush(____array_7, {text = ("  · " .. source) .. what, rank = spec.deletes == true and DECIDES or PART_OF + 0.5})
        __TS__ArrayPush(
            rightParts,
            __TS__SparseArraySpread(____array_7)
        )
    else
        __TS__ArrayPushArray(rightParts, keys)
    end
    local remaining = self:hunksLeft()
    if remaining ~= nil then
        rightParts[#rightParts + 1] = {
            text = remaining == 0 and "  · all hunks decided" or ((("  · " .. tostring(remaining)) .. " hunk") .. (remaining == 1 and "" or "s")) .. " left",
            rank = LEFT
        }
    end
    __TS__ArrayPushArray(
        rightParts,
        noteParts(spec.note, PART_OF)
    )
    self.bars = {left = {left, leftParts}, right = {right, rightParts}}
    self:fitWinbars()
end
function DiffView.prototype.fitWinbars(self)
    if self.bars == nil then
        return
    end
    local dropped = fitWinbar(
        self.rightWin,
        unpack(self.bars.right)
    )
    local keys = __TS__ArrayFilter(
        dropped,
        function(____, p) return p.rank <= MOVES end
    )
    local ____fitWinbar_11 = fitWinbar
    local ____self_leftWin_9 = self.leftWin
    local ____self_bars_left__1_10 = self.bars.left[1]
    local ____array_8 = __TS__SparseArrayNew(unpack(keys))
    __TS__SparseArrayPush(
        ____array_8,
        unpack(self.bars.left[2])
    )
    ____fitWinbar_11(
        ____self_leftWin_9,
        ____self_bars_left__1_10,
        {__TS__SparseArraySpread(____array_8)}
    )
end
function DiffView.prototype.hunks(self)
    if self.spec.bytes > BIG_PROPOSAL_BYTES then
        return nil
    end
    local function lines(buf)
        return vim.api.nvim_buf_get_lines(buf, 0, -1, true)
    end
    local ok, hunks = pcall(
        diffHunks,
        lines(self.leftBuf),
        lines(self.rightBuf)
    )
    return ok and hunks or nil
end
function DiffView.prototype.hunksLeft(self)
    local ____opt_12 = self:hunks()
    return ____opt_12 and #____opt_12
end
function DiffView.prototype.decideHunk(self, action, range)
    local here = vim.api.nvim_get_current_buf()
    if here ~= self.leftBuf and here ~= self.rightBuf then
        return
    end
    local target, source = unpack(action == "take" and ({self.leftBuf, self.rightBuf}) or ({self.rightBuf, self.leftBuf}), 1, 2)
    local hunks = self:hunks()
    if range ~= nil and hunks == nil then
        say("part of a hunk: not in a proposal this big (gh / gH without a selection decide the whole hunk)", "warn")
        return
    end
    local changed
    if action == "take" then
        self.decisions:taking(vim.api.nvim_buf_get_lines(self.leftBuf, 0, -1, true))
    end
    setOpt("modifiable", true, {buf = self.leftBuf})
    local ok, err = pcall(function()
        if hunks == nil then
            changed = self:decideByVim(here == target, source, target)
        elseif range ~= nil then
            changed = self:decideRows(hunks, here == self.leftBuf and "a" or "b", action, range)
        else
            changed = replaceBlock(
                hunks,
                here == self.leftBuf and "a" or "b",
                target == self.leftBuf and "a" or "b",
                source,
                target
            )
        end
    end)
    setOpt("modifiable", false, {buf = self.leftBuf})
    setOpt("modified", false, {buf = self.leftBuf})
    if not ok then
        say(
            (("cannot " .. action) .. " the hunk: ") .. tostring(err),
            "warn"
        )
        return
    end
    if not changed then
        if action == "take" then
            self.decisions:tookNothing()
        end
        say(range == nil and "no hunk under the cursor" or "no changed line in those lines")
        return
    end
    self.decisions:counted(action == "take")
    vim.cmd("diffupdate")
    if range == nil then
        self:jumpHunk("next")
    end
    self:setWinbars()
end
function DiffView.prototype.decideRows(self, hunks, side, action, ____bindingPattern0)
    local to
    local from
    from = ____bindingPattern0[1]
    to = ____bindingPattern0[2]
    local a = vim.api.nvim_buf_get_lines(self.leftBuf, 0, -1, true)
    local b = vim.api.nvim_buf_get_lines(self.rightBuf, 0, -1, true)
    local count = side == "a" and #a or #b
    local target = action == "take" and self.leftBuf or self.rightBuf
    local targetSide = action == "take" and "a" or "b"
    local changed = false
    do
        local i = #hunks - 1
        while i >= 0 do
            do
                local h = hunks[i + 1]
                local r1, r2 = rowsOfLines(
                    h,
                    side,
                    from,
                    to,
                    count
                )
                if r1 == 0 then
                    goto __continue73
                end
                local function selected(r)
                    return r >= r1 and r <= r2
                end
                local block = mixedBlock(
                    a,
                    b,
                    h,
                    function(r)
                        local ____temp_14
                        if action == "take" then
                            ____temp_14 = selected(r)
                        else
                            ____temp_14 = not selected(r)
                        end
                        return ____temp_14
                    end
                )
                local first, last = blockRows(
                    h,
                    targetSide,
                    vim.api.nvim_buf_line_count(target)
                )
                vim.api.nvim_buf_set_lines(
                    target,
                    first,
                    last,
                    true,
                    block
                )
                changed = true
            end
            ::__continue73::
            i = i - 1
        end
    end
    return changed
end
function DiffView.prototype.undo(self)
    self.decisions:undo()
    vim.cmd("diffupdate")
    self:setWinbars()
end
function DiffView.prototype.redo(self)
    self.decisions:redo()
    vim.cmd("diffupdate")
    self:setWinbars()
end
function DiffView.prototype.setLeft(self, lines)
    local had = vim.api.nvim_buf_get_lines(self.leftBuf, 0, -1, true)
    setOpt("modifiable", true, {buf = self.leftBuf})
    vim.api.nvim_buf_set_lines(
        self.leftBuf,
        0,
        -1,
        true,
        lines
    )
    setOpt("modifiable", false, {buf = self.leftBuf})
    setOpt("modified", false, {buf = self.leftBuf})
    return had
end
function DiffView.prototype.decideByVim(self, intoHere, source, target)
    local tick = vim.api.nvim_buf_get_changedtick(target)
    vim.cmd(intoHere and "diffget " .. tostring(source) or "diffput " .. tostring(target))
    return vim.api.nvim_buf_get_changedtick(target) ~= tick
end
function DiffView.prototype.jumpHunk(self, direction)
    local here = vim.api.nvim_get_current_buf()
    local ____temp_15
    if here == self.leftBuf or here == self.rightBuf then
        ____temp_15 = self:hunks()
    else
        ____temp_15 = nil
    end
    local hunks = ____temp_15
    if hunks == nil then
        self:jumpByVim(direction)
        return
    end
    local side = here == self.leftBuf and "a" or "b"
    local count = vim.api.nvim_buf_line_count(0)
    local to = nextHunk(
        hunks,
        side,
        vim.api.nvim_win_get_cursor(0)[1],
        direction,
        count
    )
    if to ~= nil then
        vim.api.nvim_win_set_cursor(
            0,
            {
                hunkLine(to, side, count),
                0
            }
        )
    end
end
function DiffView.prototype.jumpByVim(self, direction)
    local key = direction == "next" and "]c" or "[c"
    local before = vim.api.nvim_win_get_cursor(0)
    pcall(vim.cmd, "normal! " .. key)
    if vim.api.nvim_win_get_cursor(0)[1] ~= before[1] then
        return
    end
    local edge = direction == "next" and 1 or vim.api.nvim_buf_line_count(0)
    vim.api.nvim_win_set_cursor(0, {edge, 0})
    if edge ~= before[1] and onChange(edge) then
        return
    end
    pcall(vim.cmd, "normal! " .. key)
    if not onChange(vim.api.nvim_win_get_cursor(0)[1]) then
        vim.api.nvim_win_set_cursor(0, before)
    end
end
function DiffView.prototype.setKeymaps(self)
    mapTable({self.leftBuf, self.rightBuf}, self.keys)
end
function DiffView.prototype.cursorLine(self)
    return vim.api.nvim_win_is_valid(self.rightWin) and vim.api.nvim_win_get_cursor(self.rightWin)[1] or 1
end
function DiffView.prototype.watch(self)
    local function reject()
        return self.events.reject(reasonOn(self.rightBuf))
    end
    self.life.autocmds:watchLife(
        {self.leftWin, self.rightWin},
        {self.leftBuf, self.rightBuf},
        {closed = "claude-ide: closing a diff window rejects the proposal", unloaded = "claude-ide: deleting a diff buffer rejects the proposal", resized = "claude-ide: fit the review's winbars to the new width"},
        {
            closed = reject,
            seen = function() return self.life:seen() end,
            resized = function() return self:fitWinbars() end
        }
    )
    self.life.autocmds:add(
        "TextChanged",
        {buffer = self.rightBuf},
        "claude-ide: count the hunks left in the review's winbar",
        function() return self:setWinbars() end
    )
    self.life.autocmds:add(
        "InsertLeave",
        {buffer = self.rightBuf},
        "claude-ide: count the hunks left in the review's winbar",
        function() return self:setWinbars() end
    )
    for ____, buf in ipairs({self.rightBuf, self.leftBuf}) do
        self.life.autocmds:acceptOnWrite(
            buf,
            "claude-ide: :w in the review accepts the proposal (nothing is written to disk)",
            function() return self.events.accept() end
        )
    end
end
--- Above this many lines a review shows every line instead of folding the unchanged ones. Neovim computes
-- diff folds synchronously (about 0.4 s per 100,000 lines, five times the diff itself), so a huge review would
-- appear late; without folds it is on screen at once, and ]c / [c still jump between the hunks.
FOLDED_REVIEW_MAX_LINES = 20000
return ____exports
