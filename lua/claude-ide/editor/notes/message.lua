-- Generated from src/claude-ide/editor/notes/message.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local ____exports = {}
--- Lines quoted at most per note (a note on a long range quotes its start and says how many more).
____exports.MAX_QUOTED_LINES = 8
--- One quoted line's length at most (bytes).
local MAX_QUOTED_BYTES = 200
--- `line` cut to MAX_QUOTED_BYTES, on a character boundary.
local function capped(line)
    if #line <= MAX_QUOTED_BYTES then
        return line
    end
    local cut = MAX_QUOTED_BYTES
    while cut > 0 and string.byte(line, cut + 1) >= 128 and string.byte(line, cut + 1) < 192 do
        cut = cut - 1
    end
    return string.sub(line, 1, cut) .. "…"
end
--- The notes in file and line order (a copy).
function ____exports.ordered(notes)
    local out = {unpack(notes)}
    __TS__ArraySort(
        out,
        function(____, a, b)
            if a.path ~= b.path then
                return a.path < b.path and -1 or 1
            end
            if a.first ~= b.first then
                return a.first - b.first
            end
            return a.last - b.last
        end
    )
    return out
end
--- The fence around `lines`: three backticks, or one more than the longest run of backticks they hold (a quoted
-- line may itself be a fence).
local function fenceFor(lines)
    local longest = 0
    for ____, line in ipairs(lines) do
        for run in string.gmatch(line, "`+") do
            longest = math.max(longest, #run)
        end
    end
    return string.rep(
        "`",
        math.max(3, longest + 1)
    )
end
--- The message for `notes` (at least one). `toFar`: the path the model knows a local file by (a far session's);
-- a file outside its folders keeps its local path.
-- 
-- The quoted lines go in a fenced block, not behind "> ": Gemini CLI writes a hook's additionalContext into the
-- request with every < and > HTML-escaped (DefaultHookOutput.getAdditionalContext, packages/core/src/hooks/types.ts),
-- so a "> " quote reached its model as "&gt; ". Nothing of the message's own frame uses < or >.
function ____exports.notesMessage(notes, toFar)
    local many = #notes > 1
    local out = {("The user left " .. (many and tostring(#notes) .. " notes" or "a note")) .. " on lines of code for you in their editor (Neovim). Each gives the file and lines, quotes them in a fenced block, then the note:"}
    for ____, n in ipairs(____exports.ordered(notes)) do
        local where = n.first == n.last and "line " .. tostring(n.first) or (("lines " .. tostring(n.first)) .. "-") .. tostring(n.last)
        out[#out + 1] = ""
        if n.plan ~= nil then
            out[#out + 1] = ((("Your plan \"" .. n.plan) .. "\", ") .. where) .. ":"
        else
            local path = toFar and toFar(n.path) or n.path
            out[#out + 1] = (((path .. " ") .. where) .. (n.proposal == true and " (of your proposed change, not yet in the file)" or "")) .. ":"
        end
        local shown = __TS__ArrayMap(
            __TS__ArraySlice(n.lines, 0, ____exports.MAX_QUOTED_LINES),
            function(____, line) return capped(line) end
        )
        local fence = fenceFor(shown)
        local ____array_2 = __TS__SparseArrayNew(
            fence,
            unpack(shown)
        )
        __TS__SparseArrayPush(____array_2, fence)
        __TS__ArrayPush(
            out,
            __TS__SparseArraySpread(____array_2)
        )
        if #n.lines > #shown then
            out[#out + 1] = ("(" .. tostring(#n.lines - #shown)) .. " more lines not quoted)"
        end
        local ____vim_split_result_3 = vim.split(n.text, "\n", {plain = true})
        local first = ____vim_split_result_3[1]
        local rest = __TS__ArraySlice(____vim_split_result_3, 1)
        out[#out + 1] = "Note: " .. first
        for ____, line in ipairs(rest) do
            out[#out + 1] = "  " .. line
        end
    end
    return table.concat(out, "\n")
end
return ____exports
