-- Generated from src/claude-ide/editor/review/overview.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local ____exports = {}
local ____contracts = require("claude-ide.contracts")
local WHOLE_FILE_KEY = ____contracts.WHOLE_FILE_KEY
local ____log = require("claude-ide.log")
local say = ____log.say
local ____words = require("claude-ide.util.words")
local plural = ____words.plural
local ____highlights = require("claude-ide.editor.review.highlights")
local DIFF_ADD = ____highlights.DIFF_ADD
local DIFF_DELETE = ____highlights.DIFF_DELETE
local DIFF_TEXT = ____highlights.DIFF_TEXT
local defineHighlights = ____highlights.defineHighlights
local ____model = require("claude-ide.editor.review.model")
local changedMiddle = ____model.changedMiddle
local decidedLineOf = ____model.decidedLineOf
local decidedText = ____model.decidedText
local blocksOf = ____model.diffHunks
local decideRows = ____model.decideRows
local hunkState = ____model.hunkState
local lineBefore = ____model.lineBefore
local originAndKind = ____model.originAndKind
local repropose = ____model.repropose
local rowCount = ____model.rowCount
local rowDecision = ____model.rowDecision
local rowsDecided = ____model.rowsDecided
local rowsOf = ____model.rowsOf
local rowsOfBlock = ____model.rowsOfBlock
local setRows = ____model.setRows
local toggled = ____model.toggled
local ____reason = require("claude-ide.editor.review.reason")
local askReason = ____reason.askReason
local reasonOn = ____reason.reasonOn
local ____keys = require("claude-ide.editor.review.keys")
local askClosing = ____keys.askClosing
local escapeBar = ____keys.escapeBar
local fitWinbar = ____keys.fitWinbar
local keyParts = ____keys.keyParts
local LEFT = ____keys.LEFT
local mapTable = ____keys.mapTable
local NEXT_FILE_KEY = ____keys.NEXT_FILE_KEY
local overviewTable = ____keys.overviewTable
local PREV_FILE_KEY = ____keys.PREV_FILE_KEY
local SHOWN_ELSEWHERE = ____keys.SHOWN_ELSEWHERE
local ____view_parts = require("claude-ide.editor.review.view_parts")
local answeredLines = ____view_parts.answeredLines
local askRejectReason = ____view_parts.askRejectReason
local focusHint = ____view_parts.focusHint
local markReview = ____view_parts.markReview
local ReviewOrigin = ____view_parts.ReviewOrigin
local removeView = ____view_parts.removeView
local reviewName = ____view_parts.reviewName
local scratchBuffer = ____view_parts.scratchBuffer
local setOpt = ____view_parts.setOpt
local takesFocus = ____view_parts.takesFocus
local ViewLife = ____view_parts.ViewLife
____exports.NEXT_FILE_KEY = NEXT_FILE_KEY
____exports.PREV_FILE_KEY = PREV_FILE_KEY
--- The overview buffer's 'filetype' (a FileType autocmd or ftplugin of this name sets the user's options there).
____exports.FILETYPE = "claude-ide-review"
--- The overview's own groups (default links), besides the shared diff groups of highlights.ts.
____exports.HEADER_GROUP = "ClaudeIdeReviewHeader"
____exports.HUNK_GROUP = "ClaudeIdeReviewHunk"
____exports.DROPPED_GROUP = "ClaudeIdeReviewDropped"
____exports.KEPT_GROUP = "ClaudeIdeReviewKept"
--- Lines of context around a hunk, as `git diff` shows.
local CONTEXT = 3
--- A review of at most this many lines (every file's, both texts) is built in one stretch: a millisecond or two.
local SMALL_REVIEW_LINES = 4000
--- How long one slice of building or highlighting may hold the editor.
local SLICE_MS = 5
--- The overview's autocmds (every open overview's); deleted by the last one to settle.
local AUGROUP = "claude-ide.overview"
--- Under the changed part of a line (extmarks default to 4096): an added or removed line's colour.
local LINE_PRIORITY = 4000
local NS = vim.api.nvim_create_namespace("claude-ide.overview")
--- The hunks between `base` and `proposal` (model.ts), not yet laid out.
local function laidOutHunks(base, proposal)
    return __TS__ArrayMap(
        blocksOf(base, proposal),
        function(____, h) return {
            a = h.a,
            aCount = h.aCount,
            b = h.b,
            bCount = h.bCount,
            row = -1,
            ["end"] = -1,
            rel = -1,
            relEnd = -1
        } end
    )
end
--- Every open overview, by its buffer (specs read it).
local open = {}
--- The overview shown in `buf`, if any.
function ____exports.overviewOf(buf)
    return open[buf]
end
--- Defines the overview's groups (and the shared diff ones).
function ____exports.defineOverviewHighlights()
    defineHighlights()
    vim.api.nvim_set_hl(0, ____exports.HEADER_GROUP, {link = "Title", default = true})
    vim.api.nvim_set_hl(0, ____exports.HUNK_GROUP, {link = "Special", default = true})
    vim.api.nvim_set_hl(0, ____exports.DROPPED_GROUP, {link = "Comment", default = true})
    vim.api.nvim_set_hl(0, ____exports.KEPT_GROUP, {link = "DiagnosticOk", default = true})
end
--- The title as its first line shows it: without the CLI's `✻` mark that tab names carry (a glyph many fonts lack;
-- the tab page keeps the whole title, the name the CLI closes it by).
local function unmarked(title)
    local bare = string.gsub(title, "^✻%s*", "")
    return bare
end
--- The title without what the winbar says already (`✻ [Claude Code] turn 3: …` → `turn 3: …`).
local function heading(title)
    local bare = string.gsub(title, "^✻ %[[^%]]*%] ", "")
    return bare
end
____exports.Overview = __TS__Class()
local Overview = ____exports.Overview
Overview.name = "Overview"
function Overview.prototype.____constructor(self, spec, events)
    self.spec = spec
    self.events = events
    self.win = -1
    self.prepared = 0
    self.rows = 1
    self.marked = 0
    self.stepScheduled = false
    self.keys = {}
    self.undoSteps = {}
    self.redoSteps = {}
    self.anyDecided = false
    self.origin = __TS__New(ReviewOrigin)
    self.life = __TS__New(
        ViewLife,
        AUGROUP,
        self.origin,
        function() return self:markBuffer() end
    )
    self.sections = __TS__ArrayMap(
        spec.files,
        function(____, file, i)
            local origin, kind = originAndKind(file)
            return {
                file = file,
                base = file.current or ({}),
                proposal = spec.proposals[i + 1],
                origin = origin,
                kind = kind,
                hunks = {},
                header = -1,
                replaced = false
            }
        end
    )
    ____exports.defineOverviewHighlights()
    self.buf = scratchBuffer(
        reviewName(spec.title),
        {unmarked(spec.title)}
    )
    setOpt("buftype", "acwrite", {buf = self.buf})
    setOpt("swapfile", false, {buf = self.buf})
    setOpt("undolevels", -1, {buf = self.buf})
    setOpt("modifiable", false, {buf = self.buf})
    setOpt("filetype", ____exports.FILETYPE, {buf = self.buf})
    open[self.buf] = self
    local size = 0
    for ____, f in ipairs(spec.files) do
        local ____opt_0 = f.current
        size = size + ((____opt_0 and #____opt_0 or 0) + #f.proposal)
    end
    self:prepareSlice(size <= SMALL_REVIEW_LINES and math.huge or 0)
    local ok, err = pcall(function() return self:show(takesFocus(spec.config.focus, spec.home)) end)
    if not ok then
        self:close(false)
        error(err, 0)
    end
    self:scheduleStep()
end
function Overview.prototype.prepareSlice(self, budget)
    if budget == nil then
        budget = SLICE_MS
    end
    if self.life.closed or self.prepared == #self.sections then
        return
    end
    local start = vim.uv.hrtime()
    local lines = {}
    local from = self.prepared
    local longest = 0
    while self.prepared < #self.sections do
        local before = vim.uv.hrtime()
        local s = self.sections[self.prepared + 1]
        s.hunks = laidOutHunks(s.base, s.proposal)
        s.chunk = self:chunkOf(s)
        s.header = self.rows + #lines
        self:place(s)
        lines[#lines + 1] = self:headerText(s)
        do
            local i = 1
            while i < #s.chunk.lines do
                lines[#lines + 1] = s.chunk.lines[i + 1]
                i = i + 1
            end
        end
        self.prepared = self.prepared + 1
        local now = vim.uv.hrtime()
        longest = math.max(longest, (now - before) / 1000000)
        if (now - start) / 1000000 + 2 * longest >= budget then
            break
        end
    end
    local done = self.prepared == #self.sections
    local filled = #lines
    if not done then
        lines[#lines + 1] = ("computing the hunks of " .. plural(#self.sections - self.prepared, "more file")) .. "…"
    end
    self:replaceRows(self.rows, from == 0 and self.rows or self.rows + 1, lines)
    self.rows = self.rows + filled
    if done then
        self:setWinbar()
    end
    local whole = done and from == 0
    self:markSlice(whole and math.huge or budget - (vim.uv.hrtime() - start) / 1000000)
end
function Overview.prototype.complete(self)
    while not self.life.closed and self.prepared < #self.sections do
        self:prepareSlice()
    end
end
function Overview.prototype.place(self, s)
    for ____, h in ipairs(s.hunks) do
        h.row = s.header + h.rel
        h["end"] = s.header + h.relEnd
    end
end
function Overview.prototype.replaceRows(self, from, to, lines)
    local buf = self.buf
    setOpt("modifiable", true, {buf = buf})
    vim.api.nvim_buf_set_lines(
        buf,
        from,
        to,
        false,
        lines
    )
    setOpt("modifiable", false, {buf = buf})
    setOpt("modified", self.anyDecided, {buf = buf})
end
function Overview.prototype.finals(self)
    self:complete()
    return __TS__ArrayMap(
        self.sections,
        function(____, s) return decidedText(s) end
    )
end
function Overview.prototype.decided(self, index)
    self:complete()
    local s = self.sections[index + 1]
    return decidedText(s)
end
function Overview.prototype.lineOf(self, index, hunk)
    local hunks = self.sections[index + 1].hunks
    return hunks[hunk + 1] == nil and 1 or decidedLineOf(hunks, hunk)
end
function Overview.prototype.isPrepared(self)
    return self.prepared >= #self.sections
end
function Overview.prototype.highlightAfter(self, busy)
    self.busy = busy
end
function Overview.prototype.highlighted(self)
    return self.marked >= #self.sections
end
function Overview.prototype.hunks(self, index)
    self:complete()
    return self.sections[index + 1].hunks
end
function Overview.prototype.setProposal(self, index, lines, replaced)
    if replaced == nil then
        replaced = false
    end
    if self.life.closed then
        return
    end
    self:complete()
    local s = self.sections[index + 1]
    repropose(s, lines, laidOutHunks)
    s.replaced = replaced
    self.anyDecided = self:decidedAny()
    local before = #s.chunk.lines
    s.chunk = self:chunkOf(s)
    local after = #s.chunk.lines
    vim.api.nvim_buf_clear_namespace(self.buf, NS, s.header, s.header + before)
    local rows = vim.list_slice(s.chunk.lines, 1)
    rows[1] = self:headerText(s)
    self:replaceRows(s.header, s.header + before, rows)
    self:place(s)
    do
        local i = index + 1
        while i < #self.sections do
            local below = self.sections[i + 1]
            below.header = below.header + (after - before)
            self:place(below)
            i = i + 1
        end
    end
    self.rows = self.rows + (after - before)
    if index < self.marked then
        self:mark(s.header, 2, nil)
        for ____, h in ipairs(s.hunks) do
            self:markHunk(h)
        end
    end
    self:setWinbar()
    self:showFile(index)
    local ____opt_2 = self.events.decided
    if ____opt_2 ~= nil then
        ____opt_2(index)
    end
end
function Overview.prototype.showFile(self, index)
    local ____opt_4 = self.sections[index + 1]
    local row = ____opt_4 and ____opt_4.header
    if row ~= nil and vim.api.nvim_win_is_valid(self.win) then
        vim.api.nvim_win_set_cursor(self.win, {row + 1, 0})
    end
end
function Overview.prototype.showHunkAt(self, index, line)
    local s = self.sections[index + 1]
    if s == nil or not vim.api.nvim_win_is_valid(self.win) then
        return
    end
    if #s.hunks == 0 then
        self:showFile(index)
        return
    end
    local found = 0
    do
        local i = 0
        while i < #s.hunks do
            if decidedLineOf(s.hunks, i) <= line then
                found = i
            end
            i = i + 1
        end
    end
    vim.api.nvim_win_set_cursor(self.win, {s.hunks[found + 1].row + 1, 0})
end
function Overview.prototype.focus(self)
    return self.life:focus(self.win, {self.win})
end
function Overview.prototype.enter(self)
    if not vim.api.nvim_win_is_valid(self.win) then
        return
    end
    vim.api.nvim_set_current_win(self.win)
    if vim.startswith(
        vim.api.nvim_get_mode().mode,
        "i"
    ) then
        vim.cmd("stopinsert")
    end
    self.life:seen()
end
function Overview.prototype.isWaiting(self)
    return self.life.waiting:is()
end
function Overview.prototype.hasFocus(self)
    return vim.api.nvim_get_current_win() == self.win
end
function Overview.prototype.settle(self)
    self.life:settle({self.buf})
end
function Overview.prototype.close(self, goBack)
    if goBack == nil then
        goBack = true
    end
    self.life:close(
        function() return self:settle() end,
        function()
            open[self.buf] = nil
            removeView(
                {self.win},
                {self.buf},
                self.origin,
                self:hasFocus() and goBack
            )
        end
    )
end
function Overview.prototype.here(self)
    self:complete()
    local found = self:at(vim.api.nvim_win_get_cursor(0)[1] - 1)
    local ____temp_6
    if found == nil then
        ____temp_6 = nil
    else
        ____temp_6 = {found.file, found.hunk}
    end
    return ____temp_6
end
function Overview.prototype.noteLines(self, first, last)
    self:complete()
    local from = self:at(first - 1)
    local to = self:at(last - 1)
    if from == nil or to == nil or from.file ~= to.file then
        return "a note goes on the lines of one file: put the cursor on one of its hunks"
    end
    local s = self.sections[from.file + 1]
    local chunk = s.chunk
    local lo = math.huge
    local hi = 0
    do
        local row = first - 1
        while row <= last - 1 do
            local line = chunk.at[row - s.header + 1]
            if line > 0 then
                lo = math.min(lo, line)
                hi = math.max(hi, line)
            end
            row = row + 1
        end
    end
    if hi == 0 then
        return "a note goes on a hunk's lines: the file's header has none"
    end
    local lines = {}
    do
        local l = lo
        while l <= hi do
            lines[#lines + 1] = s.proposal[l] or ""
            l = l + 1
        end
    end
    return {
        path = s.file.path,
        first = lo,
        last = hi,
        lines = lines,
        turn = self.spec.words == "turn"
    }
end
function Overview.prototype.decide(self, index, hunk, decision)
    local h = self.sections[index + 1].hunks[hunk + 1]
    h.rows = nil
    h.decision = decision
    self:shown(index, h)
end
function Overview.prototype.shown(self, index, h)
    local s = self.sections[index + 1]
    self.anyDecided = self:decidedAny()
    self:setLine(
        s.header,
        self:headerText(s)
    )
    if index < self.marked then
        self:markHunk(h)
    end
    self:setWinbar()
    local ____opt_7 = self.events.decided
    if ____opt_7 ~= nil then
        ____opt_7(index)
    end
end
function Overview.prototype.decideFrom(self, index, picks, pressed, tag)
    self:remember(
        __TS__ArrayMap(
            picks,
            function(____, p) return {index, p.hunk} end
        ),
        tag
    )
    for ____, ____value in ipairs(picks) do
        local hunk = ____value.hunk
        local rows = ____value.rows
        local h = self.sections[index + 1].hunks[hunk + 1]
        if rows == nil then
            self:decide(
                index,
                hunk,
                toggled(h.decision, pressed)
            )
        else
            decideRows(h, rows, pressed)
            self:shown(index, h)
        end
    end
end
function Overview.prototype.lastTag(self, which)
    local steps = which == "undo" and self.undoSteps or self.redoSteps
    local ____opt_9 = steps[#steps]
    return ____opt_9 and ____opt_9.tag
end
function Overview.prototype.docFile(self, index)
    self:complete()
    return self.sections[index + 1]
end
function Overview.prototype.remember(self, which, tag)
    local step = {hunks = {}, tag = tag}
    for ____, ____value in ipairs(which) do
        local index = ____value[1]
        local hunk = ____value[2]
        local h = self.sections[index + 1].hunks[hunk + 1]
        local ____step_hunks_11 = step.hunks
        ____step_hunks_11[#____step_hunks_11 + 1] = {
            index = index,
            hunk = h,
            rows = rowsOf(h)
        }
    end
    if #step.hunks == 0 then
        return
    end
    local ____self_undoSteps_12 = self.undoSteps
    ____self_undoSteps_12[#____self_undoSteps_12 + 1] = step
    self.redoSteps = {}
end
function Overview.prototype.undo(self)
    self:swap(self.undoSteps, self.redoSteps, "undo")
end
function Overview.prototype.redo(self)
    self:swap(self.redoSteps, self.undoSteps, "redo")
end
function Overview.prototype.swap(self, from, to, what)
    local step = table.remove(from)
    if step == nil then
        say("no hunk decision to " .. what)
        return
    end
    local back = {hunks = {}, tag = step.tag}
    local first
    for ____, ____value in ipairs(step.hunks) do
        local index = ____value.index
        local hunk = ____value.hunk
        local rows = ____value.rows
        do
            if not __TS__ArrayIncludes(self.sections[index + 1].hunks, hunk) then
                goto __continue90
            end
            local ____back_hunks_13 = back.hunks
            ____back_hunks_13[#____back_hunks_13 + 1] = {
                index = index,
                hunk = hunk,
                rows = rowsOf(hunk)
            }
            setRows(hunk, rows)
            self:shown(index, hunk)
            if first == nil then
                first = hunk
            end
        end
        ::__continue90::
    end
    if #back.hunks > 0 then
        to[#to + 1] = back
    end
    if first == nil then
        say("that decision's file was reviewed again since (its hunks are new): nothing " .. (what == "undo" and "undone" or "redone"))
    elseif vim.api.nvim_win_is_valid(self.win) then
        vim.api.nvim_win_set_cursor(self.win, {first.row + 1, 0})
    end
end
function Overview.prototype.decideLines(self, decision, ____bindingPattern0)
    local to
    local from
    from = ____bindingPattern0[1]
    to = ____bindingPattern0[2]
    self:complete()
    local picked = {}
    local order = {}
    do
        local row = from - 1
        while row <= to - 1 do
            do
                local at = self:at(row)
                if at == nil or at.hunk < 0 or at.kind ~= 5 and at.kind ~= 6 then
                    goto __continue98
                end
                local h = self.sections[at.file + 1].hunks[at.hunk + 1]
                local p = picked[h]
                if p == nil then
                    p = {index = at.file, hunk = at.hunk, a = {math.huge, 0}, b = {math.huge, 0}}
                    picked[h] = p
                    order[#order + 1] = h
                end
                local side = at.kind == 5 and p.a or p.b
                side[1] = math.min(side[1], at.idx)
                side[2] = math.max(side[2], at.idx)
            end
            ::__continue98::
            row = row + 1
        end
    end
    if #order == 0 then
        say("no changed line (- or +) in those lines")
        return
    end
    local which = {}
    for ____, h in ipairs(order) do
        do
            local p = picked[h]
            local s = self.sections[p.index + 1]
            if decision == "dropped" and s.file.deletes == true then
                say(((s.file.label .. ": a deletion is all or nothing (") .. WHOLE_FILE_KEY) .. " on it decides the whole file)")
                goto __continue102
            end
            which[#which + 1] = {p.index, p.hunk}
        end
        ::__continue102::
    end
    self:remember(which)
    for ____, ____value in ipairs(which) do
        local index = ____value[1]
        local hunk = ____value[2]
        local h = self.sections[index + 1].hunks[hunk + 1]
        local p = picked[h]
        local rows = {}
        local function add(side, ____bindingPattern0)
            local last
            local first
            first = ____bindingPattern0[1]
            last = ____bindingPattern0[2]
            if last == 0 then
                return
            end
            local r1, r2 = rowsOfBlock(h, side, first, last)
            do
                local r = r1
                while r >= 1 and r <= r2 do
                    if not __TS__ArrayIncludes(rows, r) then
                        rows[#rows + 1] = r
                    end
                    r = r + 1
                end
            end
        end
        add("a", p.a)
        add("b", p.b)
        decideRows(h, rows, decision)
        self:shown(index, h)
    end
end
function Overview.prototype.chunkOf(self, s)
    local lines = {""}
    local kinds = {2}
    local hunks = {-1}
    local idx = {0}
    local at = {0}
    local base = s.base
    local proposal = s.proposal
    local last = math.max(1, #proposal)
    local shown = 0
    __TS__ArrayForEach(
        s.hunks,
        function(____, h, hi)
            local function push(text, kind, line, place)
                if place == nil then
                    place = 0
                end
                lines[#lines + 1] = text
                kinds[#kinds + 1] = kind
                hunks[#hunks + 1] = hi
                at[#at + 1] = math.min(
                    math.max(1, line),
                    last
                )
                idx[#idx + 1] = place
            end
            local aBefore = lineBefore(h, "a")
            local aLast = aBefore + h.aCount
            local bBefore = lineBefore(h, "b")
            local next = s.hunks[hi + 1 + 1]
            local nextBefore = next == nil and #base or lineBefore(next, "a")
            local leadFrom = math.max(shown + 1, aBefore - CONTEXT + 1)
            local trailTo = math.min(aLast + CONTEXT, nextBefore)
            local lead = aBefore - leadFrom + 1
            local trail = trailTo - aLast
            local oldCount = lead + h.aCount + trail
            local newCount = lead + h.bCount + trail
            local oldStart = oldCount > 0 and leadFrom or aBefore
            local newStart = newCount > 0 and bBefore - lead + 1 or bBefore
            h.rel = #lines
            push(
                ((((((("@@ -" .. tostring(oldStart)) .. ",") .. tostring(oldCount)) .. " +") .. tostring(newStart)) .. ",") .. tostring(newCount)) .. " @@",
                3,
                bBefore + 1
            )
            do
                local l = leadFrom
                while l <= aBefore do
                    push(" " .. base[l], 4, bBefore - (aBefore - l))
                    l = l + 1
                end
            end
            do
                local l = aBefore + 1
                while l <= aLast do
                    push("-" .. base[l], 5, bBefore + 1, l - aBefore)
                    l = l + 1
                end
            end
            do
                local l = bBefore + 1
                while l <= bBefore + h.bCount do
                    push("+" .. proposal[l], 6, l, l - bBefore)
                    l = l + 1
                end
            end
            local bLast = bBefore + h.bCount
            do
                local l = aLast + 1
                while l <= trailTo do
                    push(" " .. base[l], 4, bLast + (l - aLast))
                    l = l + 1
                end
            end
            h.relEnd = #lines - 1
            shown = trailTo
        end
    )
    return {
        lines = lines,
        kinds = kinds,
        hunks = hunks,
        idx = idx,
        at = at
    }
end
function Overview.prototype.at(self, row)
    local lo = 0
    local hi = self.prepared - 1
    local found = -1
    while lo <= hi do
        local mid = math.floor((lo + hi) / 2)
        if self.sections[mid + 1].header <= row then
            found = mid
            lo = mid + 1
        else
            hi = mid - 1
        end
    end
    if found < 0 then
        return nil
    end
    local s = self.sections[found + 1]
    local chunk = s.chunk
    local rel = row - s.header
    if rel >= #chunk.lines then
        return nil
    end
    return {file = found, hunk = chunk.hunks[rel + 1], kind = chunk.kinds[rel + 1], idx = chunk.idx[rel + 1]}
end
function Overview.prototype.markSlice(self, budget)
    if budget == nil then
        budget = SLICE_MS
    end
    if self.life.settled or not vim.api.nvim_buf_is_valid(self.buf) then
        return
    end
    local start = vim.uv.hrtime()
    while self.marked < self.prepared and (vim.uv.hrtime() - start) / 1000000 < budget do
        local s = self.sections[self.marked + 1]
        self:mark(s.header, 2, nil)
        for ____, h in ipairs(s.hunks) do
            self:markHunk(h)
        end
        self.marked = self.marked + 1
    end
end
function Overview.prototype.scheduleStep(self)
    if self.stepScheduled or self.life.settled or self.marked >= #self.sections then
        return
    end
    self.stepScheduled = true
    vim.defer_fn(
        function()
            self.stepScheduled = false
            if self.life.settled then
                return
            end
            if self.prepared < #self.sections then
                self:prepareSlice()
            else
                local ____opt_14 = self.busy
                if (____opt_14 and ____opt_14()) ~= true then
                    self:markSlice()
                end
            end
            self:scheduleStep()
        end,
        0
    )
end
function Overview.prototype.mark(self, row, kind, decision, hunk)
    local group
    if kind == 2 or kind == 1 then
        group = ____exports.HEADER_GROUP
    elseif kind == 3 then
        group = ____exports.HUNK_GROUP
    elseif kind == 4 then
        return
    elseif decision == "dropped" then
        group = ____exports.DROPPED_GROUP
    else
        group = kind == 6 and DIFF_ADD or DIFF_DELETE
    end
    local diffLine = group == DIFF_ADD or group == DIFF_DELETE
    local opts = diffLine and ({
        end_row = row + 1,
        end_col = 0,
        hl_group = group,
        hl_eol = true,
        strict = false,
        priority = LINE_PRIORITY
    }) or ({line_hl_group = group})
    local ____temp_16
    if hunk == nil then
        ____temp_16 = nil
    else
        ____temp_16 = hunkState(hunk)
    end
    local state = ____temp_16
    if kind == 3 and state == "partly" then
        local h = hunk
        local dropped = rowsDecided(h, "dropped")
        local kept = rowsDecided(h, "kept")
        local words = {}
        if dropped > 0 then
            words[#words + 1] = (((tostring(dropped) .. " of ") .. plural(
                rowCount(h),
                "line"
            )) .. " ") .. self:said("dropped")
        end
        if kept > 0 then
            words[#words + 1] = ((tostring(kept) .. (dropped > 0 and "" or " of " .. plural(
                rowCount(h),
                "line"
            ))) .. " ") .. self:said("kept")
        end
        opts.virt_text = {{
            "  " .. table.concat(words, ", "),
            dropped > 0 and ____exports.DROPPED_GROUP or ____exports.KEPT_GROUP
        }}
    elseif kind == 3 and decision ~= nil then
        opts.virt_text = {{
            "  " .. self:said(decision),
            decision == "dropped" and ____exports.DROPPED_GROUP or ____exports.KEPT_GROUP
        }}
    end
    vim.api.nvim_buf_set_extmark(
        self.buf,
        NS,
        row,
        0,
        opts
    )
end
function Overview.prototype.markHunk(self, h)
    vim.api.nvim_buf_clear_namespace(self.buf, NS, h.row, h["end"] + 1)
    local ____self_sections_19 = self.sections
    local ____opt_17 = self:at(h.row)
    local s = ____self_sections_19[(____opt_17 and ____opt_17.file or 0) + 1]
    local chunk = s.chunk
    local kinds = chunk.kinds
    local first = -1
    do
        local row = h.row
        while row <= h["end"] do
            local kind = kinds[row - s.header + 1]
            if kind == 5 and first < 0 then
                first = row
            end
            local changed = kind == 5 or kind == 6
            local ____self_mark_22 = self.mark
            local ____row_21 = row
            local ____changed_20
            if changed then
                ____changed_20 = rowDecision(h, chunk.idx[row - s.header + 1])
            else
                ____changed_20 = h.decision
            end
            ____self_mark_22(
                self,
                ____row_21,
                kind,
                ____changed_20,
                h
            )
            row = row + 1
        end
    end
    local before = lineBefore(h, "b")
    local answered = __TS__ArrayFilter(
        s.file.answered or ({}),
        function(____, n) return before < n.line and n.line <= before + math.max(1, h.bCount) end
    )
    if #answered > 0 then
        vim.api.nvim_buf_set_extmark(
            self.buf,
            NS,
            h.row,
            0,
            {virt_lines = answeredLines(answered)}
        )
    end
    if h.decision == "dropped" or h.aCount ~= h.bCount or first < 0 then
        return
    end
    do
        local k = 0
        while k < h.aCount do
            do
                if rowDecision(h, k + 1) == "dropped" then
                    goto __continue158
                end
                local start, oldEnd, newEnd = changedMiddle(s.base[h.a + k], s.proposal[h.b + k])
                if oldEnd > start then
                    self:markText(first + k, start + 1, oldEnd + 1)
                end
                if newEnd > start then
                    self:markText(first + h.aCount + k, start + 1, newEnd + 1)
                end
            end
            ::__continue158::
            k = k + 1
        end
    end
end
function Overview.prototype.markText(self, row, from, to)
    vim.api.nvim_buf_set_extmark(
        self.buf,
        NS,
        row,
        from,
        {end_col = to, hl_group = DIFF_TEXT, strict = false}
    )
end
function Overview.prototype.setLine(self, row, text)
    local buf = self.buf
    if not vim.api.nvim_buf_is_valid(buf) then
        return
    end
    setOpt("modifiable", true, {buf = buf})
    vim.api.nvim_buf_set_lines(
        buf,
        row,
        row + 1,
        true,
        {text}
    )
    setOpt("modifiable", false, {buf = buf})
    setOpt("modified", self.anyDecided, {buf = buf})
end
function Overview.prototype.said(self, decision)
    if self.spec.words == "turn" then
        return decision == "kept" and "kept" or "to revert"
    end
    return decision == "kept" and "accepted" or "rejected"
end
function Overview.prototype.headerText(self, s)
    local n = #s.hunks
    local kept = 0
    local dropped = 0
    local partlyDropped = 0
    local partlyKept = 0
    for ____, h in ipairs(s.hunks) do
        local state = hunkState(h)
        if state == "kept" then
            kept = kept + 1
        elseif state == "dropped" then
            dropped = dropped + 1
        elseif state == "partly" then
            if rowsDecided(h, "dropped") > 0 then
                partlyDropped = partlyDropped + 1
            else
                partlyKept = partlyKept + 1
            end
        end
    end
    local function partly(k)
        return k > 0 and (" (" .. tostring(k)) .. " partly)" or ""
    end
    local turn = self.spec.words == "turn"
    local counts
    if n == 0 then
        counts = s.replaced and "the whole file " .. (turn and "to revert" or "rejected") or "no change of its text"
    elseif dropped + partlyDropped > 0 then
        counts = (((((tostring(dropped + partlyDropped) .. " of ") .. plural(n, "hunk")) .. " ") .. self:said("dropped")) .. partly(partlyDropped)) .. (kept + partlyKept > 0 and (((", " .. tostring(kept + partlyKept)) .. " ") .. self:said("kept")) .. partly(partlyKept) or "")
    elseif kept + partlyKept > 0 then
        counts = ((((tostring(kept + partlyKept) .. " of ") .. plural(n, "hunk")) .. " ") .. self:said("kept")) .. partly(partlyKept)
    else
        counts = plural(n, "hunk")
    end
    if s.replaced and n > 0 then
        counts = (("whole file " .. (turn and "to revert" or "replaced")) .. ", ") .. counts
    end
    return (((s.file.label .. " (") .. s.file.summary) .. "): ") .. counts
end
function Overview.prototype.decidedAny(self)
    for ____, s in ipairs(self.sections) do
        if s.replaced then
            return true
        end
        for ____, h in ipairs(s.hunks) do
            if hunkState(h) ~= nil then
                return true
            end
        end
    end
    return false
end
function Overview.prototype.undecided(self)
    local n = 0
    for ____, s in ipairs(self.sections) do
        for ____, h in ipairs(s.hunks) do
            if hunkState(h) == nil then
                n = n + 1
            end
        end
    end
    return n
end
function Overview.prototype.show(self, enter)
    local config = self.spec.config
    local opened = self.origin:open(self.buf, enter, config.open_in_new_tab, self.spec.title)
    self.win = opened.win
    local ____local = {win = self.win, scope = "local"}
    setOpt("wrap", false, ____local)
    setOpt("number", false, ____local)
    setOpt("relativenumber", false, ____local)
    setOpt("foldenable", false, ____local)
    setOpt("list", false, ____local)
    setOpt("spell", false, ____local)
    setOpt("cursorline", true, ____local)
    setOpt("signcolumn", "no", ____local)
    self.origin:settle(enter, opened.originTab)
    self.life.waiting:begin(not enter, self.spec.client or "Claude")
    self:markBuffer()
    self:setKeymaps()
    self:setWinbar()
    self:watch()
    vim.api.nvim_win_set_cursor(
        self.win,
        {
            math.min(
                2,
                vim.api.nvim_buf_line_count(self.buf)
            ),
            0
        }
    )
    self.life.waiting:tell((((((((((self.spec.client or "Claude") .. " ") .. (self.spec.words == "turn" and "changed" or "proposes changes to")) .. " ") .. plural(#self.sections, "file")) .. " (") .. self.spec.title) .. "): ") .. focusHint()) .. " shows the review")
end
function Overview.prototype.markBuffer(self)
    local file = plural(#self.sections, "file")
    local ____markReview_28 = markReview
    local ____self_buf_27 = self.buf
    local ____self_spec_title_24 = self.spec.title
    local ____self_buf_25 = self.buf
    local ____file_26 = file
    local ____temp_23
    if self.spec.words == "turn" then
        ____temp_23 = true
    else
        ____temp_23 = nil
    end
    ____markReview_28(
        ____self_buf_27,
        {
            tab_name = ____self_spec_title_24,
            role = "proposal",
            proposal = ____self_buf_25,
            file = ____file_26,
            turn = ____temp_23,
            files = __TS__ArrayMap(
                self.spec.files,
                function(____, f) return f.path end
            )
        },
        self.life.waiting:is()
    )
end
function Overview.prototype.setWinbar(self)
    if self.life.closed then
        return
    end
    local left = self:undecided()
    local lead = " " .. escapeBar(self.spec.client or "Claude")
    local parts = keyParts(self.keys)
    parts[#parts + 1] = {
        text = (("  · " .. plural(#self.sections, "file")) .. ", ") .. (left == 0 and "all hunks decided" or plural(left, "hunk") .. " left"),
        rank = LEFT - 0.5
    }
    parts[#parts + 1] = {
        text = "  · " .. escapeBar(heading(self.spec.title)),
        rank = SHOWN_ELSEWHERE
    }
    self.bar = {lead, parts}
    fitWinbar(
        self.win,
        unpack(self.bar)
    )
end
function Overview.prototype.rowsOf(self, kind)
    self:complete()
    local rows = {}
    for ____, s in ipairs(self.sections) do
        if kind == 2 then
            rows[#rows + 1] = s.header
        else
            for ____, h in ipairs(s.hunks) do
                rows[#rows + 1] = h.row
            end
        end
    end
    return rows
end
function Overview.prototype.jump(self, kind, direction)
    local rows = self:rowsOf(kind)
    if #rows == 0 then
        return
    end
    local row = vim.api.nvim_win_get_cursor(0)[1] - 1
    local target
    if direction == 1 then
        target = __TS__ArrayFind(
            rows,
            function(____, r) return r > row end
        ) or rows[1]
    else
        for ____, r in ipairs(rows) do
            if r < row then
                target = r
            end
        end
        if target == nil then
            target = rows[#rows]
        end
    end
    vim.api.nvim_win_set_cursor(0, {target + 1, 0})
end
function Overview.prototype.decideHere(self, decision, range)
    if range ~= nil then
        self:decideLines(decision, range)
        return
    end
    local at = self:here()
    if at == nil then
        say("on a hunk (or a file's header): the title line has none")
        return
    end
    local index, hunk = unpack(at, 1, 2)
    local s = self.sections[index + 1]
    if hunk < 0 then
        if decision == "dropped" then
            self.events.wholeFile(index)
        else
            local which = {}
            do
                local i = 0
                while i < #s.hunks do
                    if hunkState(s.hunks[i + 1]) == nil then
                        which[#which + 1] = {index, i}
                    end
                    i = i + 1
                end
            end
            self:remember(which)
            for ____, ____value in ipairs(which) do
                local i = ____value[2]
                self:decide(index, i, "kept")
            end
        end
        return
    end
    if decision == "dropped" and s.file.deletes == true then
        say(((s.file.label .. ": a deletion is all or nothing (") .. WHOLE_FILE_KEY) .. " on it decides the whole file)")
        return
    end
    local h = s.hunks[hunk + 1]
    self:remember({{index, hunk}})
    self:decide(
        index,
        hunk,
        toggled(h.decision, decision)
    )
    vim.api.nvim_win_set_cursor(0, {h.row + 1, 0})
    self:jump(3, 1)
end
function Overview.prototype.dropFile(self, index)
    local s = self.sections[index + 1]
    if s.file.deletes == true then
        say(((s.file.label .. ": a deletion is all or nothing (") .. self.spec.config.keymaps.reject) .. " rejects the whole review)")
        return
    end
    do
        local i = 0
        while i < #s.hunks do
            self:decide(index, i, "dropped")
            i = i + 1
        end
    end
end
function Overview.prototype.openHere(self)
    local at = self:here()
    if at == nil then
        say("on a file's header or one of its hunks: the title line is no file")
    else
        self.events.openFile(at[1], at[2])
    end
end
function Overview.prototype.inlineHere(self)
    local at = self:here()
    if at == nil then
        say("on a file's header or one of its hunks: the title line is no file")
    else
        local ____opt_29 = self.events.inline
        if ____opt_29 ~= nil then
            ____opt_29(at[1], at[2])
        end
    end
end
function Overview.prototype.closeOrAsk(self)
    if not self:decidedAny() then
        self.events.reject()
        return
    end
    if self.spec.words == "turn" then
        askClosing(
            "You decided hunks of this turn. Apply them (revert what you marked), or discard them (keep the turn as it is)?",
            {
                {
                    label = "Apply",
                    run = function() return self.events.accept() end
                },
                {
                    label = "Discard",
                    run = function() return self.events.reject() end
                }
            }
        )
    else
        askClosing(
            "You decided hunks of this proposal. Accept it as decided, or reject it whole?",
            {
                {
                    label = "Accept",
                    run = function() return self.events.accept() end
                },
                {
                    label = "Reject",
                    run = function() return self.events.reject() end
                }
            }
        )
    end
end
function Overview.prototype.reasonOrNote(self)
    local note = self.spec.note
    if type(note) ~= "function" then
        askRejectReason(
            self.life,
            function(reason) return self.events.reject(reason) end
        )
        return
    end
    askReason(
        "Note for the model (sent with your next prompt): ",
        function(text)
            if text ~= nil and not self.life.settled then
                note(text)
            end
        end
    )
end
function Overview.prototype.setKeymaps(self)
    local function onFile(fn)
        return function()
            local at = self:here()
            if at == nil then
                say("on a file's header or hunk: the title line is no file")
            else
                fn(at[1])
            end
        end
    end
    local ____overviewTable_44 = overviewTable
    local ____array_43 = __TS__SparseArrayNew(self.spec.config, self.spec.words)
    local function ____temp_32()
        return self:openHere()
    end
    local function ____temp_33()
        return self.events.accept()
    end
    local function ____temp_34()
        return self:closeOrAsk()
    end
    local function ____temp_35()
        return self:reasonOrNote()
    end
    local function ____temp_36(decision, range)
        return self:decideHere(decision, range)
    end
    local function ____temp_37()
        return self:undo()
    end
    local function ____temp_38()
        return self:redo()
    end
    local ____onFile_result_39 = onFile(function(i) return self.events.wholeFile(i) end)
    local function ____temp_40(what, direction)
        return self:jump(what == "hunk" and 3 or 2, direction)
    end
    local ____temp_31
    if self.events.inline == nil then
        ____temp_31 = nil
    else
        ____temp_31 = function() return self:inlineHere() end
    end
    __TS__SparseArrayPush(
        ____array_43,
        {
            open = ____temp_32,
            accept = ____temp_33,
            close = ____temp_34,
            reason = ____temp_35,
            decide = ____temp_36,
            undo = ____temp_37,
            redo = ____temp_38,
            wholeFile = ____onFile_result_39,
            jump = ____temp_40,
            inline = ____temp_31
        },
        __TS__ArrayMap(
            self.spec.keys,
            function(____, k) return {
                lhs = k.lhs,
                desc = k.desc,
                fn = onFile(k.fn)
            } end
        )
    )
    local ____temp_42
    if self.spec.note == nil then
        ____temp_42 = "reason"
    else
        local ____temp_41
        if self.spec.note == false then
            ____temp_41 = false
        else
            ____temp_41 = "note"
        end
        ____temp_42 = ____temp_41
    end
    __TS__SparseArrayPush(____array_43, ____temp_42)
    self.keys = ____overviewTable_44(__TS__SparseArraySpread(____array_43))
    mapTable({self.buf}, self.keys)
end
function Overview.prototype.watch(self)
    local function reject()
        return self.events.reject(reasonOn(self.buf))
    end
    self.life.autocmds:watchLife(
        {self.win},
        {self.buf},
        {closed = "claude-ide: closing the review's overview rejects it", unloaded = "claude-ide: deleting the review's overview rejects it", resized = "claude-ide: fit the overview's winbar"},
        {
            closed = reject,
            seen = function() return self.life:seen() end,
            resized = function()
                if self.bar ~= nil then
                    fitWinbar(
                        self.win,
                        unpack(self.bar)
                    )
                end
            end
        }
    )
    self.life.autocmds:add(
        "ColorScheme",
        {},
        "claude-ide: the review's highlight groups again",
        function() return ____exports.defineOverviewHighlights() end
    )
    self.life.autocmds:acceptOnWrite(
        self.buf,
        "claude-ide: :w in the overview applies the whole review",
        function() return self.events.accept() end
    )
end
return ____exports
