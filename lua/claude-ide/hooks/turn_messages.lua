-- Generated from src/claude-ide/hooks/turn_messages.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local ____exports = {}
local ____words = require("claude-ide.util.words")
local plural = ____words.plural
local ____turn_files = require("claude-ide.hooks.turn_files")
local originOf = ____turn_files.originOf
--- Turn `t` reviewed, nothing reverted.
function ____exports.keptMessage(t)
    return "kept every change of turn " .. tostring(t.n)
end
--- The files named in a message about a turn's changes, at most.
local NAMED_FILES = 6
--- `a.lua, b.lua and 3 more`.
function ____exports.fileNames(labels)
    if #labels <= NAMED_FILES then
        return table.concat(labels, ", ")
    end
    return ((table.concat(
        __TS__ArraySlice(labels, 0, NAMED_FILES),
        ", "
    ) .. " and ") .. tostring(#labels - NAMED_FILES)) .. " more"
end
--- `✻ [Claude Code] turn 3: 4 files, 1 by shell commands` (the tab's name; the overview shows it without `✻`).
function ____exports.reviewTitle(s, t, files)
    local shell = #__TS__ArrayFilter(
        files,
        function(____, i) return originOf(i) == "shell" end
    )
    return ((((("✻ [" .. s.title) .. "] turn ") .. tostring(t.n)) .. ": ") .. plural(#files, "file")) .. (shell > 0 and (", " .. tostring(shell)) .. " by shell commands" or "")
end
--- What happened to a file and who did it, as its header in the review says.
function ____exports.summaryOf(i)
    local origin = originOf(i)
    local how = origin == "edit tools" and "by the agent's edits" or (origin == "user" and "by you" or "by a shell command")
    local what = i.change.kind == "created" and "created " .. how or (i.change.kind == "deleted" and "deleted " .. how or (i.change.kind == "renamed" and (("renamed from " .. tostring(i.change.from)) .. " ") .. how or "changed " .. how))
    if i.yours ~= nil then
        return ((what .. "; yours: ") .. i.yours) .. ", cannot be reverted"
    end
    if i.reviewed then
        return what .. ", reviewed already"
    end
    if i.reviewedHunks > 0 and i.decided ~= nil then
        return ((((((what .. "; ") .. tostring(i.reviewedHunks)) .. " of ") .. plural(i.hunks, "hunk")) .. " reviewed already, only the other") .. (i.hunks - i.reviewedHunks == 1 and " is" or "s are")) .. " asked"
    end
    return what
end
--- The note the model gets with the next prompt: what the user reverted of turn `t`.
function ____exports.revertNote(t, reverted)
    return ((("After your turn " .. tostring(t.n)) .. " the user reverted some of your changes in their editor (the files on disk are as the user left them): ") .. table.concat(reverted, "; ")) .. "."
end
--- What the user is told once turn `t`'s review is applied: what was reverted and what could not be.
function ____exports.appliedMessage(t, reverted, refused)
    local parts = {}
    if #reverted > 0 then
        parts[#parts + 1] = "reverted " .. table.concat(reverted, "; ")
    end
    if #refused > 0 then
        parts[#parts + 1] = "not reverted: " .. table.concat(refused, "; ")
    end
    return #parts > 0 and (("turn " .. tostring(t.n)) .. ": ") .. table.concat(parts, ". ") or ____exports.keptMessage(t)
end
--- The note Q in turn `t`'s review sends to the model with the next prompt.
function ____exports.userNote(t, text)
    return (("About your turn " .. tostring(t.n)) .. ", the user's note from their editor's review: ") .. text
end
--- A file partly or wholly reverted, as the messages name it: of its `total` changed hunks, `whole` reverted whole
-- and `part` in part (some of their lines: Visual gH in the review).
function ____exports.revertedWhat(i, total, whole, part, wholeFile)
    if wholeFile or whole == total and part == 0 then
        return i.label .. " (every change reverted)"
    end
    local said = {}
    if whole > 0 then
        said[#said + 1] = ((tostring(whole) .. " of ") .. plural(total, "changed hunk")) .. " reverted"
    end
    if part > 0 then
        said[#said + 1] = (tostring(part) .. (whole > 0 and "" or " of " .. plural(total, "changed hunk"))) .. " reverted in part"
    end
    return ((i.label .. " (") .. table.concat(said, ", ")) .. ")"
end
return ____exports
