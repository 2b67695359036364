-- Generated from src/claude-ide/editor/review/model.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayUnshift = ____lualib.__TS__ArrayUnshift
local __TS__Class = ____lualib.__TS__Class
local __TS__ArraySort = ____lualib.__TS__ArraySort
local ____exports = {}
local algorithm, sameList, notDropped
function algorithm()
    local found = string.match(vim.o.diffopt, "algorithm:(%a+)")
    return found or "myers"
end
--- The blocks between two texts whose every line ends with "\n" ("" for no lines), in order.
function ____exports.textHunks(a, b)
    local found = vim.diff(
        a,
        b,
        {
            result_type = "indices",
            algorithm = algorithm()
        }
    )
    return __TS__ArrayMap(
        found,
        function(____, ____bindingPattern0)
            local bc
            local bs
            local ac
            local as
            as = ____bindingPattern0[1]
            ac = ____bindingPattern0[2]
            bs = ____bindingPattern0[3]
            bc = ____bindingPattern0[4]
            return {a = as, aCount = ac, b = bs, bCount = bc}
        end
    )
end
--- Sets each row's decision (`each`: rowCount(h) of them), as the hunk's own when they all agree.
function ____exports.setRows(h, each)
    local same = true
    for ____, d in ipairs(each) do
        if d ~= each[1] then
            same = false
        end
    end
    if same or #each == 0 then
        h.rows = nil
        local ____h_4 = h
        local ____temp_3
        if each[1] == false then
            ____temp_3 = nil
        else
            ____temp_3 = each[1]
        end
        ____h_4.decision = ____temp_3
    else
        h.rows = each
        h.decision = nil
    end
end
function sameList(x, y)
    if #x ~= #y then
        return false
    end
    do
        local i = 0
        while i < #x do
            if x[i + 1] ~= y[i + 1] then
                return false
            end
            i = i + 1
        end
    end
    return true
end
function notDropped(h)
    return h.decision ~= "dropped"
end
--- vim.diff's text of a list of lines (a final newline after each).
local function asText(lines)
    return #lines == 0 and "" or table.concat(lines, "\n") .. "\n"
end
--- The blocks between `a` and `b`, in order.
function ____exports.diffHunks(a, b)
    return ____exports.textHunks(
        asText(a),
        asText(b)
    )
end
--- A hunk's block on `side`: its first line and its count (with count 0, the line after which it would go).
local function sideOf(h, side)
    if side == "a" then
        return h.a, h.aCount
    end
    return h.b, h.bCount
end
--- The line before a hunk's block on `side` (0: the block starts the text).
function ____exports.lineBefore(h, side)
    local start, count = sideOf(h, side)
    return count > 0 and start - 1 or start
end
--- A hunk's lines on `side`, taken from that side's `lines`.
function ____exports.blockLines(lines, h, side)
    local ____, count = sideOf(h, side)
    local before = ____exports.lineBefore(h, side)
    local out = {}
    do
        local l = before + 1
        while l <= before + count do
            out[#out + 1] = lines[l]
            l = l + 1
        end
    end
    return out
end
--- The rows of a buffer holding side `side` (`count` lines; 0: the empty text, the one empty line a buffer keeps)
-- that hunk `h`'s block takes, as nvim_buf_set_lines wants them: [first, last), 0-based; an empty block [n, n]
-- (its lines go after row n). Replacing those rows by the other side's block decides the hunk in a buffer.
function ____exports.blockRows(h, side, count)
    if count == 0 then
        return 0, -1
    end
    local ____, n = sideOf(h, side)
    local first = ____exports.lineBefore(h, side)
    return first, first + n
end
--- What a hunk does, wherever it is: the lines it removes and the lines it adds.
function ____exports.hunkKey(a, b, h)
    return (((((tostring(h.aCount) .. ":") .. tostring(h.bCount)) .. "\0") .. table.concat(
        ____exports.blockLines(a, h, "a"),
        "\n"
    )) .. "\0") .. table.concat(
        ____exports.blockLines(b, h, "b"),
        "\n"
    )
end
--- How many rows hunk `h` has: max(removed lines, added lines).
function ____exports.rowCount(h)
    return math.max(h.aCount, h.bCount)
end
--- The rows (first, last; 1-based) that lines `first`..`last` of hunk `h`'s block on `side` select (1-based, within
-- the block; clamped to it). A selection reaching the block's last line takes the rows past it (the other side's
-- unpaired lines); a side with no lines selects every row. 0, 0 when the selection misses the block.
function ____exports.rowsOfBlock(h, side, first, last)
    local ____, count = sideOf(h, side)
    if count == 0 then
        return 1, ____exports.rowCount(h)
    end
    local from = math.max(1, first)
    local to = math.min(count, last)
    if from > to then
        return 0, 0
    end
    return from, to == count and ____exports.rowCount(h) or to
end
--- The rows of hunk `h` that a selection of lines `from`..`to` (1-based) of side `side` (a text of `lineCount`
-- lines) selects: its lines there (rowsOfBlock), or, for a hunk with no lines on that side, every row when the
-- selection holds the line hunkAt finds it from. 0, 0: none.
function ____exports.rowsOfLines(h, side, from, to, lineCount)
    local start, count = sideOf(h, side)
    if count == 0 then
        local anchor = math.max(
            1,
            math.min(start + 1, lineCount)
        )
        if from <= anchor and anchor <= to then
            return 1, ____exports.rowCount(h)
        end
        return 0, 0
    end
    return ____exports.rowsOfBlock(h, side, from - start + 1, to - start + 1)
end
--- Row `row`'s decision (1-based): the hunk's own, or its row's when it is decided in part.
function ____exports.rowDecision(h, row)
    if h.rows == nil then
        return h.decision
    end
    local d = h.rows[row]
    local ____temp_0
    if d == false then
        ____temp_0 = nil
    else
        ____temp_0 = d
    end
    return ____temp_0
end
--- What a hunk is: decided whole (kept, dropped), in part ("partly": its rows differ), or undecided.
function ____exports.hunkState(h)
    return h.rows ~= nil and "partly" or h.decision
end
--- How many of hunk `h`'s rows have decision `d` (undefined: undecided).
function ____exports.rowsDecided(h, d)
    local n = 0
    do
        local r = 1
        while r <= ____exports.rowCount(h) do
            if ____exports.rowDecision(h, r) == d then
                n = n + 1
            end
            r = r + 1
        end
    end
    return n
end
--- Pressing a decision's key on rows `rows` (1-based) of hunk `h`: those rows get it, or, when every one of them has
-- it already, are undecided again (as toggled does for a whole hunk). Rows that all agree afterwards make the
-- hunk's own decision again.
function ____exports.decideRows(h, rows, pressed)
    local n = ____exports.rowCount(h)
    local each = {}
    do
        local r = 1
        while r <= n do
            each[#each + 1] = ____exports.rowDecision(h, r) or false
            r = r + 1
        end
    end
    local all = true
    for ____, r in ipairs(rows) do
        if r >= 1 and r <= n and each[r] ~= pressed then
            all = false
        end
    end
    for ____, r in ipairs(rows) do
        if r >= 1 and r <= n then
            local ____r_2 = r
            local ____all_1
            if all then
                ____all_1 = false
            else
                ____all_1 = pressed
            end
            each[____r_2] = ____all_1
        end
    end
    ____exports.setRows(h, each)
end
--- Hunk `h`'s rows, each one's decision (rowCount(h) of them): a copy, for an undo to set back (setRows).
function ____exports.rowsOf(h)
    local each = {}
    do
        local r = 1
        while r <= ____exports.rowCount(h) do
            each[#each + 1] = ____exports.rowDecision(h, r) or false
            r = r + 1
        end
    end
    return each
end
--- The lines hunk `h`'s block becomes when row r takes the proposal's line where `takesB(r)` (1-based rows) and the
-- base's line elsewhere: row by row, a row with no line on the side it takes adds none. `a` and `b` are the whole
-- texts of both sides.
function ____exports.mixedBlock(a, b, h, takesB)
    local aBefore = ____exports.lineBefore(h, "a")
    local bBefore = ____exports.lineBefore(h, "b")
    local out = {}
    do
        local r = 1
        while r <= ____exports.rowCount(h) do
            if takesB(r) then
                if r <= h.bCount then
                    out[#out + 1] = b[bBefore + r]
                end
            elseif r <= h.aCount then
                out[#out + 1] = a[aBefore + r]
            end
            r = r + 1
        end
    end
    return out
end
--- Hunk `h`'s block as decided: every row that is not dropped keeps the proposal's line.
function ____exports.decidedBlock(a, b, h)
    if h.rows == nil then
        return ____exports.blockLines(h.decision == "dropped" and a or b, h, h.decision == "dropped" and "a" or "b")
    end
    return ____exports.mixedBlock(
        a,
        b,
        h,
        function(r) return ____exports.rowDecision(h, r) ~= "dropped" end
    )
end
--- The length of hunk `h`'s block as decided (decidedBlock's).
local function decidedCount(h)
    if h.rows == nil then
        return h.decision == "dropped" and h.aCount or h.bCount
    end
    local n = 0
    do
        local r = 1
        while r <= ____exports.rowCount(h) do
            if (____exports.rowDecision(h, r) == "dropped" and h.aCount or h.bCount) >= r then
                n = n + 1
            end
            r = r + 1
        end
    end
    return n
end
--- How many of the hunks between `before` and `after` a text `target` made of them reverts whole, and how many in
-- part: each hunk's block in `target` (found between the unchanged lines around it) is `before`'s (whole), `after`'s
-- (not reverted) or something between (in part).
function ____exports.revertCounts(before, after, target)
    local changes = ____exports.diffHunks(after, target)
    local function toTarget(l)
        local shift = 0
        for ____, c in ipairs(changes) do
            if ____exports.lineBefore(c, "a") + c.aCount < l then
                shift = shift + (c.bCount - c.aCount)
            end
        end
        return l + shift
    end
    local whole = 0
    local part = 0
    for ____, h in ipairs(____exports.diffHunks(before, after)) do
        local first = ____exports.lineBefore(h, "b") + 1
        local from = toTarget(first - 1) + 1
        local to = first + h.bCount > #after and #target or toTarget(first + h.bCount) - 1
        local block = {}
        do
            local l = from
            while l <= to do
                block[#block + 1] = target[l]
                l = l + 1
            end
        end
        local was = ____exports.blockLines(before, h, "a")
        if sameList(block, was) then
            whole = whole + 1
        elseif not sameList(
            block,
            ____exports.blockLines(after, h, "b")
        ) then
            part = part + 1
        end
    end
    return whole, part
end
--- Pressing a decision's key on a hunk: that decision, or undecided again when the hunk had it already.
function ____exports.toggled(current, pressed)
    local ____temp_5
    if current == pressed then
        ____temp_5 = nil
    else
        ____temp_5 = pressed
    end
    return ____temp_5
end
--- The text made of `a` and `b` (the two sides of `hunks`) where each hunk takes `b`'s block when `takesB(h, i)` (i 0-based)
-- says so, `a`'s otherwise; the lines between hunks are the same in both. When every hunk takes `b`, that is `b`
-- itself (the same list).
function ____exports.applyHunks(a, b, hunks, takesB)
    local takes = {}
    local all = true
    do
        local i = 0
        while i < #hunks do
            takes[i + 1] = takesB(hunks[i + 1], i)
            if not takes[i + 1] then
                all = false
            end
            i = i + 1
        end
    end
    if all then
        return b
    end
    local out = {}
    local next = 1
    do
        local i = 0
        while i < #hunks do
            local h = hunks[i + 1]
            local before = ____exports.lineBefore(h, "a")
            do
                local l = next
                while l <= before do
                    out[#out + 1] = a[l]
                    l = l + 1
                end
            end
            if takes[i + 1] then
                do
                    local l = ____exports.lineBefore(h, "b") + 1
                    while l <= ____exports.lineBefore(h, "b") + h.bCount do
                        out[#out + 1] = b[l]
                        l = l + 1
                    end
                end
            else
                do
                    local l = before + 1
                    while l <= before + h.aCount do
                        out[#out + 1] = a[l]
                        l = l + 1
                    end
                end
            end
            next = before + h.aCount + 1
            i = i + 1
        end
    end
    do
        local l = next
        while l <= #a do
            out[#out + 1] = a[l]
            l = l + 1
        end
    end
    return out
end
--- The proposal `b` with each dropped hunk's block put back as it is in `a` (undecided and kept hunks stay), and
-- each hunk decided in part as decidedBlock makes it.
function ____exports.decidedLines(a, b, hunks)
    local partly = false
    for ____, h in ipairs(hunks) do
        if h.rows ~= nil then
            partly = true
        end
    end
    if not partly then
        return ____exports.applyHunks(a, b, hunks, notDropped)
    end
    local out = {}
    local next = 1
    for ____, h in ipairs(hunks) do
        local before = ____exports.lineBefore(h, "a")
        do
            local l = next
            while l <= before do
                out[#out + 1] = a[l]
                l = l + 1
            end
        end
        for ____, line in ipairs(____exports.decidedBlock(a, b, h)) do
            out[#out + 1] = line
        end
        next = before + h.aCount + 1
    end
    do
        local l = next
        while l <= #a do
            out[#out + 1] = a[l]
            l = l + 1
        end
    end
    return out
end
--- The line of decidedLines' text where hunk `index` starts (1-based; the line after it for a pure deletion).
function ____exports.decidedLineOf(hunks, index)
    local shift = 0
    do
        local i = 0
        while i < index do
            shift = shift + (decidedCount(hunks[i + 1]) - hunks[i + 1].bCount)
            i = i + 1
        end
    end
    return math.max(
        1,
        ____exports.lineBefore(hunks[index + 1], "b") + 1 + shift
    )
end
--- The line of applyHunks' text where hunk `index` starts (1-based; the line after it when its block there is
-- empty), given which hunks take `b`'s block.
function ____exports.appliedLine(hunks, index, takesB)
    local shift = 0
    do
        local i = 0
        while i < index do
            if not takesB(hunks[i + 1], i) then
                shift = shift + (hunks[i + 1].aCount - hunks[i + 1].bCount)
            end
            i = i + 1
        end
    end
    return math.max(
        1,
        ____exports.lineBefore(hunks[index + 1], "b") + 1 + shift
    )
end
--- A UTF-8 continuation byte (10xxxxxx): not the first byte of a character.
local function continuation(byte)
    return byte ~= nil and byte >= 128 and byte < 192
end
--- The changed part of a pair of lines: [start, aEnd, bEnd], byte offsets (0-based, ends exclusive) of the middle
-- left once the prefix and the suffix both lines share are taken off. The rule, one for every view: the shared
-- prefix and suffix are counted in bytes, then each is shortened until it ends (the prefix) or starts (the suffix)
-- on a character boundary in BOTH lines, so the middle never splits a UTF-8 character: a line where `é` became
-- `è` marks the whole `è`, never its last byte. (A byte that is not valid UTF-8 counts as a character.)
function ____exports.changedMiddle(a, b)
    local shortest = math.min(#a, #b)
    local prefix = 0
    while prefix < shortest and string.byte(a, prefix + 1) == string.byte(b, prefix + 1) do
        prefix = prefix + 1
    end
    while prefix > 0 and (continuation(string.byte(a, prefix + 1)) or continuation(string.byte(b, prefix + 1))) do
        prefix = prefix - 1
    end
    local suffix = 0
    while suffix < shortest - prefix and string.byte(a, #a - suffix) == string.byte(b, #b - suffix) do
        suffix = suffix + 1
    end
    while suffix > 0 and (continuation(string.byte(a, #a - suffix + 1)) or continuation(string.byte(b, #b - suffix + 1))) do
        suffix = suffix - 1
    end
    return prefix, #a - suffix, #b - suffix
end
--- Where a hunk starts on `side`, as a line to put the cursor on (a block with no lines there: the line below).
function ____exports.hunkLine(h, side, lineCount)
    return math.max(
        1,
        math.min(
            ____exports.lineBefore(h, side) + 1,
            lineCount
        )
    )
end
--- The hunk line `lnum` of `side` belongs to: a line of its block, or, for a block with no lines on that side (a
-- pure insertion or deletion), the line just below where its lines are missing (as Vim's diff mode draws them:
-- above that line), or the last line when they are missing at the end.
function ____exports.hunkAt(hunks, side, lnum, lineCount)
    local near
    for ____, h in ipairs(hunks) do
        local start, count = sideOf(h, side)
        if count > 0 and lnum >= start and lnum < start + count then
            return h
        end
        if count == 0 and near == nil and lnum == math.min(start + 1, lineCount) then
            near = h
        end
    end
    return near
end
--- The first hunk after (next) or before (prev) line `lnum` of `side`, wrapping around; undefined: none.
function ____exports.nextHunk(hunks, side, lnum, direction, lineCount)
    if #hunks == 0 then
        return nil
    end
    local lines = __TS__ArrayMap(
        hunks,
        function(____, h) return ____exports.hunkLine(h, side, lineCount) end
    )
    if direction == "next" then
        do
            local i = 0
            while i < #hunks do
                if lines[i + 1] > lnum then
                    return hunks[i + 1]
                end
                i = i + 1
            end
        end
        return hunks[1]
    end
    do
        local i = #hunks - 1
        while i >= 0 do
            if lines[i + 1] < lnum then
                return hunks[i + 1]
            end
            i = i - 1
        end
    end
    return hunks[#hunks]
end
--- A file's text as decided so far: its proposal with each dropped hunk put back as it is in its base.
function ____exports.decidedText(f)
    return ____exports.decidedLines(f.base, f.proposal, f.hunks)
end
--- A hunk by where it is in the base and what it puts there: the same change in a new proposal has the same one.
function ____exports.placedKey(proposal, h)
    local parts = ____exports.blockLines(proposal, h, "b")
    __TS__ArrayUnshift(
        parts,
        (tostring(h.a) .. ",") .. tostring(h.aCount)
    )
    return table.concat(parts, "\n")
end
--- File `f` with a new proposal: its hunks found again (`found`), a kept hunk found again in it (placedKey) still
-- kept, the others undecided.
function ____exports.repropose(f, proposal, found)
    local kept = {}
    for ____, h in ipairs(f.hunks) do
        if h.decision == "kept" then
            kept[____exports.placedKey(f.proposal, h)] = true
        end
    end
    f.proposal = proposal
    f.hunks = found(f.base, proposal)
    for ____, h in ipairs(f.hunks) do
        if kept[____exports.placedKey(proposal, h)] ~= nil then
            h.decision = "kept"
        end
    end
end
--- A review file's origin and kind as the document holds them (ReviewFile's, or what they are when it says none).
function ____exports.originAndKind(f)
    local kind = f.kind or (f.deletes == true and "deleted" or (f.renamedFrom ~= nil and "renamed" or (f.current == nil and "created" or "modified")))
    return f.origin or "proposal", kind
end
--- A review's life, one for every review and view (Review, MultiReview, PlanReview, and each view's ViewLife):
-- opened, then settled once (decided, cancelled or dropped: it reports nothing more, whatever ends it next), then
-- closed once (off the screen). Each end happens once: `settle()` and `close()` say whether this call did it.
____exports.Life = __TS__Class()
local Life = ____exports.Life
Life.name = "Life"
function Life.prototype.____constructor(self)
    self.settled = false
    self.closed = false
end
function Life.prototype.settle(self)
    if self.settled then
        return false
    end
    self.settled = true
    return true
end
function Life.prototype.close(self)
    if self.closed then
        return false
    end
    self.closed = true
    return true
end
--- The lines a hunk takes in its side-"a" text, widened by `by` lines each side: [first, last] (a point: a gap).
local function spanOf(h, by)
    if h.aCount > 0 then
        return {h.a - by, h.a + h.aCount - 1 + by}
    end
    return {h.a + 0.5 - by, h.a + 0.5 + by}
end
--- The change `base` → `ours` made on top of `theirs`, another change of the same `base` (the user's unsaved edits
-- in a buffer, say), as a three-way merge: `theirs` with each of ours' hunks applied where it is. Undefined when a
-- hunk of ours touches the lines one of theirs changed, or a line next to them: nothing of the user's is ever
-- overwritten or guessed at.
function ____exports.rebased(base, ours, theirs)
    local mine = ____exports.diffHunks(base, ours)
    local others = ____exports.diffHunks(base, theirs)
    for ____, m in ipairs(mine) do
        local lo, hi = unpack(
            spanOf(m, 1),
            1,
            2
        )
        for ____, o in ipairs(others) do
            local olo, ohi = unpack(
                spanOf(o, 0),
                1,
                2
            )
            if olo <= hi and ohi >= lo then
                return nil
            end
        end
    end
    local all = {}
    for ____, h in ipairs(mine) do
        all[#all + 1] = {h = h, lines = ours}
    end
    for ____, h in ipairs(others) do
        all[#all + 1] = {h = h, lines = theirs}
    end
    __TS__ArraySort(
        all,
        function(____, x, y) return ____exports.lineBefore(x.h, "a") - ____exports.lineBefore(y.h, "a") end
    )
    local out = {}
    local next = 1
    for ____, ____value in ipairs(all) do
        local h = ____value.h
        local lines = ____value.lines
        local before = ____exports.lineBefore(h, "a")
        do
            local l = next
            while l <= before do
                out[#out + 1] = base[l]
                l = l + 1
            end
        end
        for ____, line in ipairs(____exports.blockLines(lines, h, "b")) do
            out[#out + 1] = line
        end
        next = before + h.aCount + 1
    end
    do
        local l = next
        while l <= #base do
            out[#out + 1] = base[l]
            l = l + 1
        end
    end
    return out
end
return ____exports
