-- Generated from src/claude-ide/hooks/turn_files.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local snapshot = require("claude-ide.editor.snapshot.snapshot")
local ____apply = require("claude-ide.editor.write.apply")
local sameLines = ____apply.sameLines
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local ____diff_text = require("claude-ide.editor.review.diff_text")
local textLines = ____diff_text.textLines
local ____model = require("claude-ide.editor.review.model")
local applyHunks = ____model.applyHunks
local diffHunks = ____model.diffHunks
local hunkKey = ____model.hunkKey
--- Who made a turn's change to the file, as the review document says (ReviewFile.origin).
function ____exports.originOf(i)
    return i.byTool and "edit tools" or (i.yours ~= nil and "user" or "shell")
end
--- A text's lines (none: no file).
function ____exports.linesOf(bytes)
    return bytes == nil and ({}) or textLines(bytes)
end
--- Hunks between two texts (editor/review/model's blocks, every review's).
function ____exports.hunkCount(a, b)
    return sameLines(a, b) and 0 or #diffHunks(a, b)
end
--- `before` with the hunks of before → after that were accepted in a review (the same lines removed and added,
-- wherever they sit) taken from `after`; how many hunks there are and how many were taken.
local function takeReviewed(before, after, accepted)
    local keys = {}
    for ____, r in ipairs(accepted) do
        local from = r.before ~= nil and textLines(r.before) or before
        local to = textLines(r.text)
        if not sameLines(from, to) then
            for ____, h in ipairs(diffHunks(from, to)) do
                keys[hunkKey(from, to, h)] = true
            end
        end
    end
    local found = sameLines(before, after) and ({}) or diffHunks(before, after)
    local taken = 0
    local lines = applyHunks(
        before,
        after,
        found,
        function(h)
            local take = keys[hunkKey(before, after, h)] ~= nil
            if take then
                taken = taken + 1
            end
            return take
        end
    )
    return {lines = lines, total = #found, taken = taken}
end
--- The changed files of `t` from its start to the manifest `to` (in the store at `base`).
function ____exports.turnFiles(t, to, base)
    local store = snapshot.storeOf(t.root, base)
    local changes = snapshot.changesOf(to, store)
    return __TS__ArrayMap(
        changes,
        function(____, change)
            local abs = (t.root .. "/") .. change.path
            local ____temp_0
            if change.before ~= nil then
                ____temp_0 = snapshot.objectBytes(store, change.before)
            else
                ____temp_0 = nil
            end
            local before = ____temp_0
            local ____temp_1
            if change.after ~= nil then
                ____temp_1 = snapshot.objectBytes(store, change.after)
            else
                ____temp_1 = nil
            end
            local after = ____temp_1
            local accepted = t.reviewed[abs]
            local beforeLines = ____exports.linesOf(before)
            local afterLines = ____exports.linesOf(after)
            local taken = accepted ~= nil and after ~= nil and change.kind ~= "renamed" and takeReviewed(beforeLines, afterLines, accepted) or ({
                lines = beforeLines,
                total = ____exports.hunkCount(beforeLines, afterLines),
                taken = 0
            })
            local reviewed = taken.total > 0 and taken.taken == taken.total
            local yours
            local buf = findBuffer(abs)
            if t.userSaved[abs] ~= nil then
                yours = "you saved it during the turn"
            elseif buf ~= nil and vim.api.nvim_get_option_value("modified", {buf = buf}) == true then
                yours = ("your buffer b" .. tostring(buf)) .. " has unsaved changes"
            end
            local binary = before ~= nil and (string.find(before, "\0", 1, true)) ~= nil or after ~= nil and (string.find(after, "\0", 1, true)) ~= nil
            return {
                change = change,
                abs = abs,
                fromAbs = change.from ~= nil and (t.root .. "/") .. change.from or nil,
                label = change.path,
                before = before,
                after = after,
                byTool = t.toolFiles[abs] ~= nil or accepted ~= nil,
                reviewed = reviewed,
                hunks = taken.total,
                reviewedHunks = taken.taken,
                decided = taken.taken > 0 and taken.lines or nil,
                yours = yours,
                binary = binary
            }
        end
    )
end
return ____exports
