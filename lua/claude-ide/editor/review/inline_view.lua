-- Generated from src/claude-ide/editor/review/inline_view.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local ____exports = {}
local ____log = require("claude-ide.log")
local say = ____log.say
local ____decisions = require("claude-ide.editor.review.decisions")
local changeNumber = ____decisions.changeNumber
local lastChange = ____decisions.lastChange
local ____highlights = require("claude-ide.editor.review.highlights")
local DIFF_ADD = ____highlights.DIFF_ADD
local DIFF_DELETE = ____highlights.DIFF_DELETE
local DIFF_TEXT = ____highlights.DIFF_TEXT
local defineHighlights = ____highlights.defineHighlights
local ____model = require("claude-ide.editor.review.model")
local blockLines = ____model.blockLines
local changedMiddle = ____model.changedMiddle
local hunkState = ____model.hunkState
local lineBefore = ____model.lineBefore
local rowCount = ____model.rowCount
local rowDecision = ____model.rowDecision
local rowsDecided = ____model.rowsDecided
local rowsOfBlock = ____model.rowsOfBlock
local ____keys = require("claude-ide.editor.review.keys")
local inlineTable = ____keys.inlineTable
local keyOf = ____keys.keyOf
--- The hunks' places (no decoration: they only follow the edits).
local TRACK = vim.api.nvim_create_namespace("claude-ide.inline.track")
--- What is drawn of the hunks the screen reached.
local DRAW = vim.api.nvim_create_namespace("claude-ide.inline")
____exports.SIGN_ADD = "ClaudeIdeInlineAddSign"
____exports.SIGN_CHANGE = "ClaudeIdeInlineChangeSign"
____exports.KEPT = "ClaudeIdeInlineKept"
____exports.TO_REVERT = "ClaudeIdeInlineToRevert"
--- A block of more lines than this gets one sign mark over its lines (Neovim shows it on each), not one per line.
local SIGN_ROWS = 200
--- Blocks of more lines than this are not compared line by line for their changed part.
local PAIRED_ROWS = 200
--- The changed part of a line over its added line's colour.
local TEXT_PRIORITY = 4100
--- The buffer variable that says a buffer is under inline review (statuslines may read it).
____exports.INLINE_VAR = "claude_ide_inline"
--- The groups are defined (again after a ColorScheme).
local defined = false
local function defineInlineHighlights()
    defined = true
    defineHighlights()
    vim.api.nvim_set_hl(0, ____exports.SIGN_ADD, {link = "Added", default = true})
    vim.api.nvim_set_hl(0, ____exports.SIGN_CHANGE, {link = "Changed", default = true})
    vim.api.nvim_set_hl(0, ____exports.KEPT, {link = "DiagnosticOk", default = true})
    vim.api.nvim_set_hl(0, ____exports.TO_REVERT, {link = "DiagnosticWarn", default = true})
end
--- Every buffer under inline review.
local views = {}
local providing = false
--- The inline view of `buf` (0: the current buffer), if it is under review.
function ____exports.inlineViewOf(buf)
    return views[buf == 0 and vim.api.nvim_get_current_buf() or buf]
end
--- The decoration provider, set once: each screen update draws the hunks of the rows it shows.
local function provide()
    if providing then
        return
    end
    providing = true
    vim.api.nvim_set_decoration_provider(
        DRAW,
        {on_win = function(_, _win, buf, top, bot)
            local ____opt_0 = views[buf]
            if ____opt_0 ~= nil then
                ____opt_0:draw(top, bot)
            end
            return false
        end}
    )
end
--- A file of at most this many lines is checked and marked at once; a longer one in slices.
local AT_ONCE_LINES = 5000
--- How long one slice of checking and marking a long file may hold the editor.
local SLICE_MS = 5
--- Lines compared, and hunks marked, between two looks at the clock.
local LINES_PER_STEP = 2000
local MARKS_PER_STEP = 200
local function notHeld(label)
    return label .. ": its buffer is not the file as the agent left it (it changed since): shown in the overview only"
end
--- Whether the buffer's lines are `lines` (an empty file: no line, or the one empty line a buffer keeps).
local function holds(buf, lines)
    local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    if #lines == 0 then
        return #now == 1 and now[1] == ""
    end
    if #now ~= #lines then
        return false
    end
    do
        local i = 0
        while i < #now do
            if now[i + 1] ~= lines[i + 1] then
                return false
            end
            i = i + 1
        end
    end
    return true
end
--- `text` with its tabs as the spaces they take from column `col` on (a virtual line shows a tab as ^I).
local function expanded(text, col, tabstop)
    if (string.find(text, "\t", 1, true)) == nil then
        return {
            text,
            col + vim.fn.strdisplaywidth(text)
        }
    end
    local out = ""
    for piece, tab in string.gmatch(text, "([^\t]*)(\t?)") do
        out = out .. piece
        col = col + vim.fn.strdisplaywidth(piece)
        if tab ~= "" then
            local n = tabstop - col % tabstop
            out = out .. string.rep(" ", n)
            col = col + n
        end
    end
    return {out, col}
end
____exports.InlineView = __TS__Class()
local InlineView = ____exports.InlineView
InlineView.name = "InlineView"
function InlineView.prototype.____constructor(self, buf, source, config, label, loud)
    if loud == nil then
        loud = false
    end
    self.buf = buf
    self.source = source
    self.config = config
    self.label = label
    self.loud = loud
    self.drawn = {}
    self.below = {}
    self.keys = {}
    self.saved = {}
    self.augroup = -1
    self.closed = false
    self.ready = false
    self.waiting = {}
    local f = source.file()
    self.proposal = f.proposal
    if vim.api.nvim_buf_line_count(buf) ~= math.max(1, #f.proposal) or #f.proposal <= AT_ONCE_LINES and not holds(buf, f.proposal) then
        error(
            notHeld(label),
            0
        )
    end
    local ____opt_2 = views[buf]
    if ____opt_2 ~= nil then
        ____opt_2:close()
    end
    views[buf] = self
    if not defined then
        defineInlineHighlights()
    end
    self.augroup = vim.api.nvim_create_augroup(
        "claude-ide.inline." .. tostring(buf),
        {clear = true}
    )
    vim.api.nvim_create_autocmd(
        {"BufUnload", "BufWipeout"},
        {
            group = self.augroup,
            buffer = buf,
            desc = "claude-ide: the inline review of this buffer ends with it",
            callback = function()
                self:close()
            end
        }
    )
    vim.api.nvim_create_autocmd(
        "ColorScheme",
        {
            group = self.augroup,
            desc = "claude-ide: the inline review's highlight groups again",
            callback = function() return defineInlineHighlights() end
        }
    )
    provide()
    if #f.proposal <= AT_ONCE_LINES then
        self:track(f, 0, #f.hunks)
        self:show()
    else
        self:prepare(f)
    end
end
function InlineView.prototype.prepare(self, f)
    local buf = self.buf
    local tick = vim.api.nvim_buf_get_changedtick(buf)
    local line = 0
    local hunk = 0
    local step
    step = function()
        if self.closed then
            return
        end
        if vim.api.nvim_buf_get_changedtick(buf) ~= tick then
            self:fail(self.label .. ": its buffer changed while its hunks were being shown: shown in the overview only")
            return
        end
        local start = vim.uv.hrtime()
        while (vim.uv.hrtime() - start) / 1000000 < SLICE_MS do
            if line < #f.proposal then
                local to = math.min(line + LINES_PER_STEP, #f.proposal)
                local now = vim.api.nvim_buf_get_lines(buf, line, to, false)
                do
                    local i = 0
                    while i < #now do
                        if now[i + 1] ~= f.proposal[line + i + 1] then
                            self:fail(notHeld(self.label))
                            return
                        end
                        i = i + 1
                    end
                end
                line = to
            elseif hunk < #f.hunks then
                local to = math.min(hunk + MARKS_PER_STEP, #f.hunks)
                self:track(f, hunk, to)
                hunk = to
            else
                self:show()
                return
            end
        end
        vim.defer_fn(step, 0)
    end
    step()
end
function InlineView.prototype.fail(self, why)
    self:close()
    if self.loud then
        say(why, "warn")
    end
end
function InlineView.prototype.show(self)
    self:mapKeys()
    vim.api.nvim_buf_set_var(self.buf, ____exports.INLINE_VAR, true)
    self.ready = true
    vim.api.nvim__redraw({buf = self.buf, valid = false, flush = false})
    local waiting = self.waiting
    self.waiting = {}
    for ____, fn in ipairs(waiting) do
        fn()
    end
end
function InlineView.prototype.whenShown(self, fn)
    if self.ready then
        fn()
    elseif not self.closed then
        local ____self_waiting_4 = self.waiting
        ____self_waiting_4[#____self_waiting_4 + 1] = fn
    end
end
function InlineView.prototype.track(self, f, from, to)
    local count = vim.api.nvim_buf_line_count(self.buf)
    do
        local i = from
        while i < to do
            local h = f.hunks[i + 1]
            local row = lineBefore(h, "b")
            if h.bCount > 0 then
                vim.api.nvim_buf_set_extmark(
                    self.buf,
                    TRACK,
                    row,
                    0,
                    {id = i + 1, end_row = row + h.bCount, end_col = 0}
                )
            elseif row < count then
                vim.api.nvim_buf_set_extmark(
                    self.buf,
                    TRACK,
                    row,
                    0,
                    {id = i + 1}
                )
            else
                self.below[i] = true
                vim.api.nvim_buf_set_extmark(
                    self.buf,
                    TRACK,
                    math.max(0, count - 1),
                    0,
                    {id = i + 1}
                )
            end
            i = i + 1
        end
    end
end
function InlineView.prototype.refresh(self)
    if self.closed then
        return true
    end
    if self.source.file().proposal ~= self.proposal then
        return false
    end
    self.drawn = {}
    vim.api.nvim_buf_clear_namespace(self.buf, DRAW, 0, -1)
    if self.ready then
        vim.api.nvim__redraw({buf = self.buf, valid = false, flush = false})
    end
    return true
end
function InlineView.prototype.draw(self, top, bot)
    if self.closed or not self.ready then
        return
    end
    local marks = vim.api.nvim_buf_get_extmarks(
        self.buf,
        TRACK,
        {
            math.max(0, top - 1),
            0
        },
        {bot + 1, -1},
        {details = true, overlap = true}
    )
    if #marks == 0 then
        return
    end
    local f = self.source.file()
    for ____, ____value in ipairs(marks) do
        local id = ____value[1]
        local row = ____value[2]
        local details = ____value[4]
        do
            local i = id - 1
            if self.drawn[i] ~= nil or f.hunks[i + 1] == nil then
                goto __continue57
            end
            local endRow = details and details.end_row or row
            self:drawHunk(f, i, row, endRow)
        end
        ::__continue57::
    end
end
function InlineView.prototype.drawHunk(self, f, i, row, endRow)
    local buf = self.buf
    local h = f.hunks[i + 1]
    local ids = {}
    local function set(r, col, opts)
        local ok, id = pcall(
            vim.api.nvim_buf_set_extmark,
            buf,
            DRAW,
            r,
            col,
            __TS__ObjectAssign({}, opts, {strict = false})
        )
        if ok then
            ids[#ids + 1] = id
        end
    end
    local state = hunkState(h)
    local ____temp_7
    if state == "partly" then
        ____temp_7 = nil
    else
        ____temp_7 = state
    end
    local decision = ____temp_7
    local rows = endRow - row
    local changed = h.aCount > 0
    local function groupOf(d)
        return d == "kept" and ____exports.KEPT or (d == "dropped" and ____exports.TO_REVERT or (changed and ____exports.SIGN_CHANGE or ____exports.SIGN_ADD))
    end
    local signGroup = groupOf(decision)
    local signText = decision == "dropped" and "<" or (changed and "~" or "+")
    if rows > 0 then
        if state == "partly" then
            do
                local r = row
                while r < endRow do
                    local d = rowDecision(h, r - row + 1)
                    if d ~= "kept" then
                        set(r, 0, {end_row = r + 1, end_col = 0, hl_group = d == "dropped" and DIFF_DELETE or DIFF_ADD, hl_eol = true})
                    end
                    set(
                        r,
                        0,
                        {
                            sign_text = d == "dropped" and "<" or signText,
                            sign_hl_group = groupOf(d)
                        }
                    )
                    r = r + 1
                end
            end
        else
            if decision ~= "kept" then
                set(row, 0, {end_row = endRow, end_col = 0, hl_group = decision == "dropped" and DIFF_DELETE or DIFF_ADD, hl_eol = true})
            end
            local sign = {sign_text = signText, sign_hl_group = signGroup}
            if rows <= SIGN_ROWS then
                do
                    local r = row
                    while r < endRow do
                        set(r, 0, sign)
                        r = r + 1
                    end
                end
            else
                set(
                    row,
                    0,
                    __TS__ObjectAssign({}, sign, {end_row = endRow - 1})
                )
            end
        end
    end
    local said = decision == "kept" and "kept" or (decision == "dropped" and "to revert" or nil)
    if state == "partly" then
        local dropped = rowsDecided(h, "dropped")
        local kept = rowsDecided(h, "kept")
        local parts = {}
        if dropped > 0 then
            parts[#parts + 1] = tostring(dropped) .. " to revert"
        end
        if kept > 0 then
            parts[#parts + 1] = tostring(kept) .. " kept"
        end
        said = ((table.concat(parts, ", ") .. " of ") .. tostring(rowCount(h))) .. " lines"
    end
    if said ~= nil then
        set(row, 0, {virt_text = {{"  " .. said, state == "partly" and ____exports.TO_REVERT or signGroup}}, virt_text_pos = "eol"})
    end
    if decision == "kept" or h.aCount == 0 then
        self.drawn[i] = ids
        return
    end
    local paired = decision == nil and h.aCount == h.bCount and rows == h.bCount and h.aCount <= PAIRED_ROWS
    local old = blockLines(f.base, h, "a")
    local now = paired and vim.api.nvim_buf_get_lines(buf, row, endRow, false) or ({})
    local tabstop = vim.api.nvim_get_option_value("tabstop", {buf = buf})
    local width = vim.o.columns
    local virt = {}
    do
        local k = 0
        while k < #old do
            local line = old[k + 1]
            local group = rowDecision(h, k + 1) == "dropped" and DIFF_ADD or DIFF_DELETE
            local pieces = {}
            if paired then
                local start, oldEnd, newEnd = changedMiddle(line, now[k + 1])
                if newEnd > start then
                    set(row + k, start, {end_col = newEnd, hl_group = DIFF_TEXT, priority = TEXT_PRIORITY})
                end
                __TS__ArrayPush(
                    pieces,
                    {
                        string.sub(line, 1, start),
                        group
                    },
                    {
                        string.sub(line, start + 1, oldEnd),
                        DIFF_TEXT
                    },
                    {
                        string.sub(line, oldEnd + 1),
                        group
                    }
                )
            else
                pieces[#pieces + 1] = {line, group}
            end
            local chunks = {}
            local col = 0
            for ____, ____value in ipairs(pieces) do
                local text = ____value[1]
                local hl = ____value[2]
                local shown, after = unpack(
                    expanded(text, col, tabstop),
                    1,
                    2
                )
                col = after
                if shown ~= "" then
                    chunks[#chunks + 1] = {shown, hl}
                end
            end
            if width > col then
                chunks[#chunks + 1] = {
                    string.rep(" ", width - col),
                    group
                }
            end
            virt[#virt + 1] = chunks
            k = k + 1
        end
    end
    set(row, 0, {virt_lines = virt, virt_lines_above = not (self.below[i] ~= nil)})
    self.drawn[i] = ids
end
function InlineView.rowOf(self, found)
    local ____opt_8 = found[1]
    return ____opt_8 and ____opt_8[2]
end
function InlineView.prototype.hunkAt(self, row)
    local marks = vim.api.nvim_buf_get_extmarks(
        self.buf,
        TRACK,
        {row, 0},
        {row, -1},
        {details = true, overlap = true}
    )
    local near
    for ____, ____value in ipairs(marks) do
        local id = ____value[1]
        local start = ____value[2]
        local details = ____value[4]
        local ____end = details and details.end_row or start
        if ____end > start and row >= start and row < ____end then
            return id - 1
        end
        if ____end == start and start == row then
            if near == nil then
                near = id - 1
            end
        end
    end
    return near
end
function InlineView.prototype.jump(self, direction)
    local buf = self.buf
    local row = vim.api.nvim_win_get_cursor(0)[1] - 1
    local one = {limit = 1}
    local target
    if direction == "next" then
        target = ____exports.InlineView:rowOf(vim.api.nvim_buf_get_extmarks(
            buf,
            TRACK,
            {row + 1, 0},
            -1,
            one
        ))
        if target == nil then
            target = ____exports.InlineView:rowOf(vim.api.nvim_buf_get_extmarks(
                buf,
                TRACK,
                0,
                -1,
                one
            ))
        end
    else
        if row > 0 then
            target = ____exports.InlineView:rowOf(vim.api.nvim_buf_get_extmarks(
                buf,
                TRACK,
                {row - 1, -1},
                0,
                one
            ))
        end
        if target == nil then
            target = ____exports.InlineView:rowOf(vim.api.nvim_buf_get_extmarks(
                buf,
                TRACK,
                -1,
                0,
                one
            ))
        end
    end
    if target == nil then
        say(self.label .. ": no hunk to review here")
        return
    end
    self:showRow(target)
end
function InlineView.prototype.showRow(self, row)
    local line = math.min(
        row + 1,
        vim.api.nvim_buf_line_count(self.buf)
    )
    vim.api.nvim_win_set_cursor(0, {line, 0})
end
function InlineView.prototype.showHunk(self, index)
    local row = unpack(
        vim.api.nvim_buf_get_extmark_by_id(self.buf, TRACK, index + 1, {}),
        1,
        1
    )
    local first = row or ____exports.InlineView:rowOf(vim.api.nvim_buf_get_extmarks(
        self.buf,
        TRACK,
        0,
        -1,
        {limit = 1}
    ))
    if first ~= nil then
        self:showRow(first)
    end
end
function InlineView.prototype.tag(self)
    return {
        buf = self.buf,
        change = changeNumber(self.buf)
    }
end
function InlineView.prototype.mine(self, which)
    local tag = self.source.lastTag(which)
    if tag == nil or tag.buf ~= self.buf or tag.change ~= changeNumber(self.buf) then
        return nil
    end
    if which == "redo" and tag.undoneAt ~= nil and tag.undoneAt ~= lastChange(self.buf) then
        return nil
    end
    return tag
end
function InlineView.prototype.undo(self)
    self:back("undo", "u")
end
function InlineView.prototype.redo(self)
    self:back(
        "redo",
        string.char(18)
    )
end
function InlineView.prototype.back(self, which, key)
    local count = math.max(1, vim.v.count)
    do
        local tag = self:mine(which)
        while count > 0 and tag ~= nil do
            if which == "undo" then
                self.source.undo()
                tag.undoneAt = lastChange(self.buf)
            else
                self.source.redo()
            end
            count = count - 1
            tag = self:mine(which)
        end
    end
    if count == 0 then
        return
    end
    local ok, err = pcall(
        vim.cmd,
        ("normal! " .. tostring(count)) .. key
    )
    if not ok then
        say(
            tostring(err),
            "warn"
        )
    end
end
function InlineView.prototype.decide(self, decision, range)
    if self.closed then
        return
    end
    if range ~= nil then
        self:decideLines(decision, range[1], range[2])
        return
    end
    local hunk = self:hunkAt(vim.api.nvim_win_get_cursor(0)[1] - 1)
    if hunk == nil then
        say("not on a hunk of the turn (]c goes to the next one)")
        return
    end
    if self.source.file().hunks[hunk + 1] == nil then
        return
    end
    self.source.decide(
        {{hunk = hunk}},
        decision,
        self:tag()
    )
    self:jump("next")
end
function InlineView.prototype.decideLines(self, decision, first, last)
    local f = self.source.file()
    local marks = vim.api.nvim_buf_get_extmarks(
        self.buf,
        TRACK,
        {first - 1, 0},
        {last - 1, -1},
        {details = true, overlap = true}
    )
    local picks = {}
    for ____, ____value in ipairs(marks) do
        local id = ____value[1]
        local start = ____value[2]
        local details = ____value[4]
        do
            local h = f.hunks[id]
            if h == nil then
                goto __continue122
            end
            local ____end = details and details.end_row or start
            local r1
            local r2
            if ____end == start then
                r1, r2 = unpack(
                    first <= start + 1 and start + 1 <= last and ({
                        1,
                        rowCount(h)
                    }) or ({0, 0}),
                    1,
                    2
                )
            else
                if first - 1 >= ____end then
                    goto __continue122
                end
                r1, r2 = rowsOfBlock(h, "b", first - start, last - start)
            end
            if r1 == 0 then
                goto __continue122
            end
            local rows = {}
            do
                local r = r1
                while r <= r2 do
                    rows[#rows + 1] = r
                    r = r + 1
                end
            end
            picks[#picks + 1] = {hunk = id - 1, rows = rows}
        end
        ::__continue122::
    end
    if #picks == 0 then
        say("no line of the turn's hunks in those lines")
    else
        self.source.decide(
            picks,
            decision,
            self:tag()
        )
    end
end
function InlineView.prototype.mapKeys(self)
    self.keys = inlineTable(
        self.config,
        {
            decide = function(d, range) return self:decide(d, range) end,
            jump = function(d) return self:jump(d) end,
            undo = function() return self:undo() end,
            redo = function() return self:redo() end
        }
    )
    local buf = self.buf
    local done = {}
    for ____, e in ipairs(self.keys) do
        do
            if e.lhs == false or e.fn == nil or vim.startswith(e.lhs, ":") then
                goto __continue138
            end
            local lhs = e.lhs
            local fn = keyOf({buf}, e.fn)
            for ____, mode in ipairs(e.visualOnly == true and ({"x"}) or (e.visual == true and ({"n", "x"}) or ({"n"}))) do
                do
                    if done[(mode .. " ") .. lhs] ~= nil then
                        goto __continue140
                    end
                    done[(mode .. " ") .. lhs] = true
                    local mine = vim.api.nvim_buf_call(
                        buf,
                        function() return vim.fn.maparg(lhs, mode, false, true) end
                    )
                    local ____self_saved_14 = self.saved
                    ____self_saved_14[#____self_saved_14 + 1] = {lhs = lhs, mode = mode, map = mine.buffer == 1 and mine or nil}
                    vim.keymap.set(mode, lhs, fn, {buffer = buf, nowait = true, desc = "claude-ide: " .. e.desc})
                end
                ::__continue140::
            end
        end
        ::__continue138::
    end
end
function InlineView.prototype.unmapKeys(self)
    local buf = self.buf
    if not vim.api.nvim_buf_is_valid(buf) then
        return
    end
    for ____, ____value in ipairs(self.saved) do
        local lhs = ____value.lhs
        local mode = ____value.mode
        local map = ____value.map
        pcall(vim.keymap.del, mode, lhs, {buffer = buf})
        if map ~= nil then
            vim.api.nvim_buf_call(
                buf,
                function() return vim.fn.mapset(mode, false, map) end
            )
        end
    end
    self.saved = {}
end
function InlineView.prototype.close(self)
    if self.closed then
        return
    end
    self.closed = true
    if views[self.buf] == self then
        views[self.buf] = nil
    end
    pcall(vim.api.nvim_del_augroup_by_id, self.augroup)
    if not vim.api.nvim_buf_is_valid(self.buf) then
        return
    end
    vim.api.nvim_buf_clear_namespace(self.buf, DRAW, 0, -1)
    vim.api.nvim_buf_clear_namespace(self.buf, TRACK, 0, -1)
    self:unmapKeys()
    pcall(vim.api.nvim_buf_del_var, self.buf, ____exports.INLINE_VAR)
end
function InlineView.prototype.isClosed(self)
    return self.closed
end
return ____exports
