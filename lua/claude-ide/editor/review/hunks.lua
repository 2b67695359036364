-- Generated from src/claude-ide/editor/review/hunks.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local algorithm
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
--- Where a hunk starts on `side`, as a line to put the cursor on (a block with no lines there: the line below).
function ____exports.hunkLine(h, side, lineCount)
    local start, count = unpack(side == "a" and ({h.a, h.aCount}) or ({h.b, h.bCount}), 1, 2)
    local line = count > 0 and start or start + 1
    return math.max(
        1,
        math.min(line, lineCount)
    )
end
--- The hunk line `lnum` of `side` belongs to: a line of its block, or, for a block with no lines on that side (a
-- pure insertion or deletion), the line just below where its lines are missing (as Vim's diff mode draws them:
-- above that line), or the last line when they are missing at the end.
function ____exports.hunkAt(hunks, side, lnum, lineCount)
    local near
    for ____, h in ipairs(hunks) do
        local start, count = unpack(side == "a" and ({h.a, h.aCount}) or ({h.b, h.bCount}), 1, 2)
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
return ____exports
