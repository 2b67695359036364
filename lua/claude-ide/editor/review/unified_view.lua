-- Generated from src/claude-ide/editor/review/unified_view.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayPushArray = ____lualib.__TS__ArrayPushArray
local ____exports = {}
local wholeText, hiddenBuffer
local ____log = require("claude-ide.log")
local say = ____log.say
local ____decisions = require("claude-ide.editor.review.decisions")
local ProposalDecisions = ____decisions.ProposalDecisions
local ____reason = require("claude-ide.editor.review.reason")
local reasonOn = ____reason.reasonOn
local ____diff_text = require("claude-ide.editor.review.diff_text")
local textLines = ____diff_text.textLines
local ____highlights = require("claude-ide.editor.review.highlights")
local defineDiffHighlights = ____highlights.defineHighlights
local DIFF_ADD = ____highlights.DIFF_ADD
local DIFF_DELETE = ____highlights.DIFF_DELETE
local DIFF_TEXT = ____highlights.DIFF_TEXT
local ____model = require("claude-ide.editor.review.model")
local blockRows = ____model.blockRows
local changedMiddle = ____model.changedMiddle
local hunkAt = ____model.hunkAt
local hunkLine = ____model.hunkLine
local mixedBlock = ____model.mixedBlock
local nextHunk = ____model.nextHunk
local rowsOfLines = ____model.rowsOfLines
local textHunks = ____model.textHunks
local ____keys = require("claude-ide.editor.review.keys")
local escapeBar = ____keys.escapeBar
local fileViewTable = ____keys.fileViewTable
local fitWinbar = ____keys.fitWinbar
local keyParts = ____keys.keyParts
local LEFT = ____keys.LEFT
local mapTable = ____keys.mapTable
local PART_OF = ____keys.PART_OF
local ____view_parts = require("claude-ide.editor.review.view_parts")
local askRejectReason = ____view_parts.askRejectReason
local AUGROUP = ____view_parts.AUGROUP
local BIG_PROPOSAL_BYTES = ____view_parts.BIG_PROPOSAL_BYTES
local closeFileView = ____view_parts.closeFileView
local fillBuffer = ____view_parts.fillBuffer
local fileText = ____view_parts.fileText
local markReview = ____view_parts.markReview
local getOpt = ____view_parts.getOpt
local noteParts = ____view_parts.noteParts
local proposalBuffer = ____view_parts.proposalBuffer
local proposesChange = ____view_parts.proposesChange
local removeView = ____view_parts.removeView
local ReviewOrigin = ____view_parts.ReviewOrigin
local setOpt = ____view_parts.setOpt
local takesFocus = ____view_parts.takesFocus
local ViewLife = ____view_parts.ViewLife
function wholeText(text)
    return (text == "" or vim.endswith(text, "\n")) and text or text .. "\n"
end
function hiddenBuffer(lines)
    local buf = vim.api.nvim_create_buf(false, true)
    setOpt("undolevels", -1, {buf = buf})
    fillBuffer(buf, lines)
    return buf
end
--- The signs' highlight groups (the lines' are the review's, highlights.ts) and the groups they link to.
local SIGN_ADD = "ClaudeIdeDiffAddSign"
local SIGN_CHANGE = "ClaudeIdeDiffChangeSign"
local SIGN_DELETE = "ClaudeIdeDiffDeleteSign"
--- Defines the view's groups as default links: a user's own definition of a group wins.
local function defineHighlights()
    defineDiffHighlights()
    vim.api.nvim_set_hl(0, SIGN_ADD, {link = "Added", default = true})
    vim.api.nvim_set_hl(0, SIGN_CHANGE, {link = "Changed", default = true})
    vim.api.nvim_set_hl(0, SIGN_DELETE, {link = "Removed", default = true})
end
--- The namespace of the view's marks (one for every unified view: each clears only its own buffer).
local NAMESPACE = "claude-ide.unified"
--- Above this size the differences are marked a loop turn after the view is made (see show).
local MARK_LATER_BYTES = 64 * 1024
--- How long the typing in a big proposal pauses before its differences are marked again (markLater).
local MARK_PAUSE_MS = 300
--- Sign marks one per line up to this many in a view (each costs about 3 µs to set: 2,000 cost 6 ms).
local SIGN_MARKS = 2000
--- Above the line highlight of the added lines (extmarks default to 4096), so the changed part shows.
local TEXT_PRIORITY = 4200
--- `text` with its tabs expanded for display from screen column `col`; and the column after it.
local function expandTabs(text, col, tabstop)
    local tab = string.find(text, "\t", 1, true)
    if tab == nil then
        return {
            text,
            col + vim.api.nvim_strwidth(text)
        }
    end
    local out = ""
    local pos = 1
    do
        while true do
            local at = string.find(text, "\t", pos, true)
            local piece = string.sub(text, pos, at == nil and -1 or at - 1)
            out = out .. piece
            col = col + vim.api.nvim_strwidth(piece)
            if at == nil then
                return {out, col}
            end
            local spaces = tabstop - col % tabstop
            out = out .. string.rep(" ", spaces)
            col = col + spaces
            pos = at + 1
        end
    end
end
--- The open unified views by their window: the decoration provider's (watchGutter).
local drawnIn = {}
--- The views whose window the screen update under way draws.
local drawnNow = {}
local watching = false
--- The width left of the text in `win`, as last drawn (numbers, folds, signs, or the 'statuscolumn').
local function gutterWidth(win)
    local ____opt_0 = vim.fn.getwininfo(win)[1]
    return ____opt_0 and ____opt_0.textoff or 0
end
--- Registers `view` as drawn in `win`; the first time, a decoration provider that tells each view drawn in a screen
-- update, once the update is over, to check its gutter's width (gutterMoved).
local function watchGutter(ns, win, view)
    drawnIn[win] = view
    if watching then
        return
    end
    watching = true
    vim.api.nvim_set_decoration_provider(
        ns,
        {
            on_win = function(_, drawn)
                local found = drawnIn[drawn]
                if found ~= nil then
                    drawnNow[#drawnNow + 1] = found
                end
                return false
            end,
            on_end = function()
                if #drawnNow == 0 then
                    return
                end
                local views = drawnNow
                drawnNow = {}
                for ____, found in ipairs(views) do
                    found:gutterMoved()
                end
            end
        }
    )
end
____exports.UnifiedView = __TS__Class()
local UnifiedView = ____exports.UnifiedView
UnifiedView.name = "UnifiedView"
function UnifiedView.prototype.____constructor(self, spec, events)
    self.spec = spec
    self.events = events
    self.originalBuf = -1
    self.originalCount = 0
    self.win = -1
    self.hunks = {}
    self.tick = -1
    self.textoff = 0
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
    self.ns = vim.api.nvim_create_namespace(NAMESPACE)
    defineHighlights()
    self.buf = proposalBuffer(spec).buf
    self.decisions = __TS__New(
        ProposalDecisions,
        self.buf,
        function(original) return self:setOriginal(original) end
    )
    self.proposedTick = vim.api.nvim_buf_get_changedtick(self.buf)
    local current = spec.current or ({})
    self.originalText = type(current) == "string" and wholeText(current) or (#current > 0 and table.concat(current, "\n") .. "\n" or "")
    local ok, err = pcall(function() return self:show(spec.enter == true or takesFocus(spec.config.focus, spec.home)) end)
    if not ok then
        self:close()
        error(err, 0)
    end
end
function UnifiedView.prototype.proposalText(self)
    return fileText(self.buf)
end
function UnifiedView.prototype.decided(self)
    return self.decisions:decided()
end
function UnifiedView.prototype.cursorLine(self)
    return vim.api.nvim_win_is_valid(self.win) and vim.api.nvim_win_get_cursor(self.win)[1] or 1
end
function UnifiedView.prototype.hasFocus(self)
    return vim.api.nvim_get_current_win() == self.win
end
function UnifiedView.prototype.isWaiting(self)
    return self.life.waiting:is()
end
function UnifiedView.prototype.settle(self)
    if not self.life:settle({self.buf}) then
        return
    end
    if self.timer ~= nil and not self.timer:is_closing() then
        self.timer:stop()
        self.timer:close()
    end
end
function UnifiedView.prototype.close(self, goBack)
    if goBack == nil then
        goBack = true
    end
    local function reset(win)
        if self.signcolumn ~= nil then
            setOpt("signcolumn", self.signcolumn, {win = win, scope = "local"})
        end
    end
    if drawnIn[self.win] == self then
        drawnIn[self.win] = nil
    end
    self.life:close(
        function() return self:settle() end,
        function() return removeView(
            {self.win},
            {self.buf, self.originalBuf},
            self.origin,
            self:hasFocus() and goBack,
            reset
        ) end
    )
end
function UnifiedView.prototype.focus(self)
    return self.life:focus(self.win, {self.win})
end
function UnifiedView.prototype.show(self, enter)
    local spec = self.spec
    local opened = self.origin:open(self.buf, enter, spec.config.open_in_new_tab, spec.tabName)
    self.win = opened.win
    watchGutter(self.ns, self.win, self)
    self.signcolumn = getOpt("signcolumn", {win = self.win})
    setOpt("signcolumn", "yes", {win = self.win, scope = "local"})
    self.origin:settle(enter, opened.originTab)
    self.life.waiting:begin(not enter, spec.client or "Claude")
    self:markBuffers()
    self:setKeymaps()
    self:watch()
    if spec.bytes <= MARK_LATER_BYTES then
        self:markFirst()
    else
        self:setWinbar()
        vim.schedule(function()
            if self.life.closed then
                return
            end
            self:original()
            vim.schedule(function() return self:markFirst() end)
        end)
    end
    self.life.waiting:tell(proposesChange(spec))
end
function UnifiedView.prototype.markFirst(self)
    if self.life.closed or not vim.api.nvim_win_is_valid(self.win) then
        return
    end
    self:refresh(false)
    local first = self.hunks[1]
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(self.win),
        1,
        2
    )
    if first ~= nil and row == 1 and col == 0 then
        vim.api.nvim_win_call(
            self.win,
            function() return self:goTo(first) end
        )
    end
end
function UnifiedView.prototype.markBuffers(self)
    local file = vim.fn.fnamemodify(self.spec.path, ":~:.")
    local ____markReview_7 = markReview
    local ____self_buf_6 = self.buf
    local ____self_spec_tabName_3 = self.spec.tabName
    local ____self_buf_4 = self.buf
    local ____file_5 = file
    local ____temp_2
    if self.spec.words == "turn" then
        ____temp_2 = true
    else
        ____temp_2 = nil
    end
    ____markReview_7(
        ____self_buf_6,
        {
            tab_name = ____self_spec_tabName_3,
            role = "proposal",
            proposal = ____self_buf_4,
            file = ____file_5,
            turn = ____temp_2,
            overview = self.spec.overview
        },
        self.life.waiting:is()
    )
end
function UnifiedView.prototype.original(self)
    if vim.api.nvim_buf_is_valid(self.originalBuf) and vim.api.nvim_buf_is_loaded(self.originalBuf) then
        return self.originalBuf
    end
    if vim.api.nvim_buf_is_valid(self.originalBuf) then
        pcall(vim.api.nvim_buf_delete, self.originalBuf, {force = true})
    end
    local text = self.originalText
    local nul = string.find(text, "\0", 1, true)
    self.originalBuf = hiddenBuffer(nul == nil and text or textLines(text))
    self.originalCount = text == "" and 0 or vim.api.nvim_buf_line_count(self.originalBuf)
    return self.originalBuf
end
function UnifiedView.prototype.proposalCount(self)
    local count = vim.api.nvim_buf_line_count(self.buf)
    if count > 1 or getOpt("endofline", {buf = self.buf}) then
        return count
    end
    return vim.api.nvim_buf_get_lines(self.buf, 0, 1, true)[1] == "" and 0 or 1
end
function UnifiedView.prototype.refresh(self, force)
    if force == nil then
        force = true
    end
    if self.life.closed or not vim.api.nvim_buf_is_valid(self.buf) then
        return
    end
    local tick = vim.api.nvim_buf_get_changedtick(self.buf)
    if not force and tick == self.tick then
        return
    end
    self.tick = tick
    local count = self:proposalCount()
    local proposed = self.spec.proposal.lines
    local proposal = tick == self.proposedTick and type(proposed) == "string" and wholeText(proposed) or (count > 0 and table.concat(
        vim.api.nvim_buf_get_lines(self.buf, 0, -1, true),
        "\n"
    ) .. "\n" or "")
    local ok, hunks = pcall(textHunks, self.originalText, proposal)
    self.hunks = ok and hunks or ({})
    self:draw(count)
    self:setWinbar()
end
function UnifiedView.prototype.markLater(self)
    if self.life.settled then
        return
    end
    if self.timer == nil then
        self.timer = vim.uv.new_timer()
    end
    self.timer:stop()
    self.timer:start(
        MARK_PAUSE_MS,
        0,
        function() return vim.schedule(function()
            if not self.life.settled then
                self:refresh(false)
            end
        end) end
    )
end
function UnifiedView.prototype.redraw(self)
    if self.life.closed or not vim.api.nvim_buf_is_valid(self.buf) then
        return
    end
    if self.tick ~= vim.api.nvim_buf_get_changedtick(self.buf) then
        return self:refresh()
    end
    self:draw(self:proposalCount())
    self:setWinbar()
end
function UnifiedView.prototype.fresh(self)
    if vim.api.nvim_buf_is_valid(self.buf) and vim.api.nvim_buf_get_changedtick(self.buf) ~= self.tick then
        self:refresh()
    end
    return self.hunks
end
function UnifiedView.prototype.draw(self, count)
    local buf = self.buf
    local ns = self.ns
    vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)
    local intraLine = self.spec.bytes <= BIG_PROPOSAL_BYTES
    local valid = vim.api.nvim_win_is_valid(self.win)
    local tabstop = getOpt("tabstop", {buf = buf})
    local textoff = valid and gutterWidth(self.win) or 0
    self.textoff = textoff
    local width = valid and vim.api.nvim_win_get_width(self.win) or 0
    local lead = textoff > 0 and "-" .. string.rep(" ", textoff - 1) or ""
    local function removed(pieces)
        local chunks = {}
        if lead ~= "" then
            chunks[#chunks + 1] = {lead, SIGN_DELETE}
        end
        local col = 0
        for ____, ____value in ipairs(pieces) do
            local text = ____value[1]
            local group = ____value[2]
            local shown, after = unpack(
                expandTabs(text, col, tabstop),
                1,
                2
            )
            col = after
            if shown ~= "" then
                chunks[#chunks + 1] = {shown, group}
            end
        end
        local pad = width - textoff - col
        if pad > 0 then
            chunks[#chunks + 1] = {
                string.rep(" ", pad),
                DIFF_DELETE
            }
        end
        return chunks
    end
    local signsLeft = SIGN_MARKS
    for ____, ____value in ipairs(self.hunks) do
        local a = ____value.a
        local na = ____value.aCount
        local b = ____value.b
        local nb = ____value.bCount
        local old = na > 0 and vim.api.nvim_buf_get_lines(
            self:original(),
            a - 1,
            a - 1 + na,
            false
        ) or ({})
        local lines = nb > 0 and vim.api.nvim_buf_get_lines(buf, b - 1, b - 1 + nb, false) or ({})
        local paired = intraLine and na == nb
        local virt = {}
        do
            local i = 0
            while i < #old do
                do
                    local line = old[i + 1]
                    if not paired then
                        virt[#virt + 1] = removed({{line, DIFF_DELETE}})
                        goto __continue84
                    end
                    local start, oldEnd, newEnd = changedMiddle(line, lines[i + 1])
                    if newEnd > start then
                        vim.api.nvim_buf_set_extmark(
                            buf,
                            ns,
                            b - 1 + i,
                            start,
                            {end_col = newEnd, hl_group = DIFF_TEXT, priority = TEXT_PRIORITY}
                        )
                    end
                    virt[#virt + 1] = removed({
                        {
                            string.sub(line, 1, start),
                            DIFF_DELETE
                        },
                        {
                            string.sub(line, start + 1, oldEnd),
                            DIFF_TEXT
                        },
                        {
                            string.sub(line, oldEnd + 1),
                            DIFF_DELETE
                        }
                    })
                end
                ::__continue84::
                i = i + 1
            end
        end
        if nb > 0 then
            local changed = na > 0
            vim.api.nvim_buf_set_extmark(
                buf,
                ns,
                b - 1,
                0,
                {
                    end_row = b - 1 + nb,
                    end_col = 0,
                    hl_group = DIFF_ADD,
                    hl_eol = true,
                    strict = false
                }
            )
            local sign = {sign_text = changed and "~" or "+", sign_hl_group = changed and SIGN_CHANGE or SIGN_ADD}
            if nb <= signsLeft then
                do
                    local row = b - 1
                    while row < b - 1 + nb do
                        vim.api.nvim_buf_set_extmark(
                            buf,
                            ns,
                            row,
                            0,
                            sign
                        )
                        row = row + 1
                    end
                end
                signsLeft = signsLeft - nb
            else
                vim.api.nvim_buf_set_extmark(
                    buf,
                    ns,
                    b - 1,
                    0,
                    __TS__ObjectAssign({}, sign, {end_row = b - 2 + nb})
                )
            end
            if #virt > 0 then
                vim.api.nvim_buf_set_extmark(
                    buf,
                    ns,
                    b - 1,
                    0,
                    {virt_lines = virt, virt_lines_above = true, virt_lines_leftcol = true}
                )
            end
        elseif #virt > 0 then
            local under = b < count
            vim.api.nvim_buf_set_extmark(
                buf,
                ns,
                under and b or math.max(0, count - 1),
                0,
                {virt_lines = virt, virt_lines_above = under or count == 0, virt_lines_leftcol = true}
            )
        end
    end
end
function UnifiedView.prototype.gutterMoved(self)
    if self.life.closed or not vim.api.nvim_win_is_valid(self.win) then
        return
    end
    if gutterWidth(self.win) ~= self.textoff then
        vim.schedule(function() return self:redraw() end)
    end
end
function UnifiedView.prototype.goTo(self, hunk)
    local count = vim.api.nvim_buf_line_count(self.buf)
    local lnum = hunkLine(hunk, "b", count)
    vim.api.nvim_win_set_cursor(0, {lnum, 0})
    local above = hunk.aCount > 0 and (hunk.bCount > 0 or hunk.b < count or hunk.b == 0)
    if above and vim.fn.line("w0") == lnum then
        vim.fn.winrestview({topline = lnum, topfill = hunk.aCount})
    end
end
function UnifiedView.prototype.jumpHunk(self, direction)
    local lnum = vim.api.nvim_win_get_cursor(0)[1]
    local found = nextHunk(
        self:fresh(),
        "b",
        lnum,
        direction,
        vim.api.nvim_buf_line_count(self.buf)
    )
    if found ~= nil then
        self:goTo(found)
    end
end
function UnifiedView.prototype.decideHunk(self, action, range)
    if vim.api.nvim_get_current_buf() ~= self.buf then
        return
    end
    if range ~= nil then
        self:decideRows(action, range)
        return
    end
    local lnum = vim.api.nvim_win_get_cursor(0)[1]
    local hunk = hunkAt(
        self:fresh(),
        "b",
        lnum,
        vim.api.nvim_buf_line_count(self.buf)
    )
    if hunk == nil then
        say("no hunk under the cursor")
        return
    end
    if action == "take" then
        self.decisions:taking(self.originalText)
        local from, to = blockRows(
            hunk,
            "b",
            self:proposalCount()
        )
        local lines = hunk.bCount > 0 and vim.api.nvim_buf_get_lines(self.buf, from, to, true) or ({})
        self:setOriginalBlock(hunk, lines)
    else
        local from, to = blockRows(hunk, "a", self.originalCount)
        local lines = hunk.aCount > 0 and vim.api.nvim_buf_get_lines(
            self:original(),
            from,
            to,
            true
        ) or ({})
        local first, last = blockRows(
            hunk,
            "b",
            self:proposalCount()
        )
        local ok, err = pcall(
            vim.api.nvim_buf_set_lines,
            self.buf,
            first,
            last,
            true,
            lines
        )
        if not ok then
            say(
                "cannot drop the hunk: " .. tostring(err),
                "warn"
            )
            return
        end
    end
    self.decisions:counted(action == "take")
    self:refresh()
    self:jumpHunk("next")
end
function UnifiedView.prototype.setOriginalBlock(self, hunk, lines)
    local first, last = blockRows(hunk, "a", self.originalCount)
    vim.api.nvim_buf_set_lines(
        self:original(),
        first,
        last,
        true,
        lines
    )
    self.originalCount = self.originalCount + (#lines - hunk.aCount)
    self.originalText = self.originalCount > 0 and table.concat(
        vim.api.nvim_buf_get_lines(
            self:original(),
            0,
            -1,
            true
        ),
        "\n"
    ) .. "\n" or ""
end
function UnifiedView.prototype.setOriginal(self, text)
    local had = self.originalText
    self.originalText = text
    if vim.api.nvim_buf_is_valid(self.originalBuf) then
        pcall(vim.api.nvim_buf_delete, self.originalBuf, {force = true})
    end
    self.originalBuf = -1
    self:original()
    return had
end
function UnifiedView.prototype.decideRows(self, action, ____bindingPattern0)
    local to
    local from
    from = ____bindingPattern0[1]
    to = ____bindingPattern0[2]
    local hunks = self:fresh()
    local count = self:proposalCount()
    local b = count > 0 and vim.api.nvim_buf_get_lines(self.buf, 0, -1, true) or ({})
    local a = self.originalCount > 0 and vim.api.nvim_buf_get_lines(
        self:original(),
        0,
        -1,
        true
    ) or ({})
    local picked = {}
    for ____, h in ipairs(hunks) do
        local r1, r2 = rowsOfLines(
            h,
            "b",
            from,
            to,
            vim.api.nvim_buf_line_count(self.buf)
        )
        if r1 ~= 0 then
            picked[#picked + 1] = {h, r1, r2}
        end
    end
    if #picked == 0 then
        say("no changed line in those lines")
        return
    end
    if action == "take" then
        self.decisions:taking(self.originalText)
    end
    do
        local i = #picked - 1
        while i >= 0 do
            local h, r1, r2 = unpack(picked[i + 1], 1, 3)
            local function selected(r)
                return r >= r1 and r <= r2
            end
            if action == "take" then
                self:setOriginalBlock(
                    h,
                    mixedBlock(a, b, h, selected)
                )
            else
                local first, last = blockRows(
                    h,
                    "b",
                    self:proposalCount()
                )
                local ok, err = pcall(
                    vim.api.nvim_buf_set_lines,
                    self.buf,
                    first,
                    last,
                    true,
                    mixedBlock(
                        a,
                        b,
                        h,
                        function(r) return not selected(r) end
                    )
                )
                if not ok then
                    say(
                        "cannot drop the lines: " .. tostring(err),
                        "warn"
                    )
                    return
                end
            end
            i = i - 1
        end
    end
    self.decisions:counted(action == "take")
    self:refresh()
end
function UnifiedView.prototype.undo(self)
    if self.decisions:undo() then
        self:refresh()
    end
end
function UnifiedView.prototype.redo(self)
    if self.decisions:redo() then
        self:refresh()
    end
end
function UnifiedView.prototype.setWinbar(self)
    local spec = self.spec
    local name = escapeBar(vim.fn.fnamemodify(spec.path, ":~:."))
    local who = escapeBar(spec.client or "Claude")
    local title = (" " .. (spec.source ~= nil and ("[" .. escapeBar(spec.source)) .. "] " or "")) .. who
    local parts = keyParts(self.keys)
    local left = #self.hunks
    if self.tick ~= -1 then
        parts[#parts + 1] = {
            text = left == 0 and "  · all hunks decided" or ((("  · " .. tostring(left)) .. " hunk") .. (left == 1 and "" or "s")) .. " left",
            rank = LEFT
        }
    end
    local taken = self.decisions:taken()
    if taken > 0 then
        parts[#parts + 1] = {
            text = (" (" .. tostring(taken)) .. " taken)",
            rank = LEFT + 0.5
        }
    end
    if spec.deletes == true then
        title = title .. (": %#WarningMsg#delete " .. name) .. "%*"
    elseif spec.renamedFrom ~= nil then
        title = title .. ((": " .. escapeBar(spec.renamedFrom)) .. " → ") .. name
        if spec.dirty then
            parts[#parts + 1] = {text = "  %#WarningMsg#(your unsaved changes move too, still unsaved)%*", rank = LEFT}
        end
    elseif spec.current == nil then
        title = title .. (": " .. name) .. " (new file)"
    elseif spec.dirty then
        title = title .. (": " .. name) .. " %#WarningMsg#(unsaved changes)%*"
        parts[#parts + 1] = {text = "  %#WarningMsg#accepting replaces your unsaved text (`u` brings it back)%*", rank = LEFT}
    else
        title = title .. ": " .. name
    end
    local lead = title
    if spec.fromOverview == true then
        lead = ((" " .. vim.trim(table.remove(parts, 1).text)) .. "  ") .. vim.trim(table.remove(parts, 1).text)
        parts[#parts + 1] = {text = "  ·" .. title, rank = PART_OF + 0.5}
    end
    __TS__ArrayPushArray(
        parts,
        noteParts(spec.note, PART_OF)
    )
    if spec.currentLabel ~= nil then
        parts[#parts + 1] = {
            text = (" (removed lines: " .. escapeBar(spec.currentLabel)) .. ")",
            rank = PART_OF + 0.5
        }
    end
    fitWinbar(self.win, lead, parts)
end
function UnifiedView.prototype.setKeymaps(self)
    mapTable({self.buf}, self.keys)
end
function UnifiedView.prototype.watch(self)
    local function reject()
        return self.events.reject(reasonOn(self.buf))
    end
    local big = self.spec.bytes > BIG_PROPOSAL_BYTES
    self.life.autocmds:watchLife(
        {self.win},
        {self.buf},
        {closed = "claude-ide: closing a review window rejects the proposal", unloaded = "claude-ide: deleting a review buffer rejects the proposal", resized = "claude-ide: fit the review's winbar and removed lines to the new width"},
        {
            closed = reject,
            seen = function() return self.life:seen() end,
            resized = function() return self:redraw() end
        }
    )
    self.life.autocmds:add(
        {"TextChanged", "TextChangedI"},
        {buffer = self.buf},
        "claude-ide: mark the proposal's differences again after a change",
        function()
            local ____big_8
            if big then
                ____big_8 = self:markLater()
            else
                ____big_8 = self:refresh(false)
            end
            return ____big_8
        end
    )
    local pending = false
    vim.api.nvim_buf_attach(
        self.buf,
        false,
        {on_lines = function()
            if self.life.settled then
                return true
            end
            if not pending then
                pending = true
                vim.schedule(function()
                    pending = false
                    if self.life.settled then
                        return
                    end
                    if big then
                        self:markLater()
                    else
                        self:refresh(false)
                    end
                end)
            end
            return false
        end}
    )
    self.life.autocmds:add(
        "ColorScheme",
        {},
        "claude-ide: define the review's highlight groups again (:colorscheme cleared them)",
        function() return defineHighlights() end
    )
    self.life.autocmds:acceptOnWrite(
        self.buf,
        "claude-ide: :w in the proposal accepts it (nothing is written to disk)",
        function() return self.events.accept() end
    )
end
return ____exports
