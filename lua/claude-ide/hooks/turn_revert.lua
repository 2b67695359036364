-- Generated from src/claude-ide/hooks/turn_revert.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local __TS__ArrayEvery = ____lualib.__TS__ArrayEvery
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local freshen, asVimReads, aroundYours, revert, BOM
local ____log = require("claude-ide.log")
local say = ____log.say
local ____apply = require("claude-ide.editor.write.apply")
local applyText = ____apply.applyText
local sameLines = ____apply.sameLines
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local ____file_ops = require("claude-ide.editor.write.file_ops")
local deleteFile = ____file_ops.deleteFile
local renameFile = ____file_ops.renameFile
local ____turn_files = require("claude-ide.hooks.turn_files")
local hunkCount = ____turn_files.hunkCount
local linesOf = ____turn_files.linesOf
local ____turn_messages = require("claude-ide.hooks.turn_messages")
local appliedMessage = ____turn_messages.appliedMessage
local revertNote = ____turn_messages.revertNote
local revertedWhat = ____turn_messages.revertedWhat
local ____model = require("claude-ide.editor.review.model")
local rebased = ____model.rebased
local revertCounts = ____model.revertCounts
function freshen(path)
    local buf = findBuffer(path)
    if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
        return
    end
    if vim.api.nvim_get_option_value("modified", {buf = buf}) == true then
        return
    end
    pcall(
        vim.api.nvim_buf_call,
        buf,
        function() return vim.cmd("silent! checktime") end
    )
end
function asVimReads(lines, bytes)
    if bytes == nil then
        return lines
    end
    local dos = #lines > 0 and __TS__ArrayEvery(
        lines,
        function(____, l) return vim.endswith(l, "\r") end
    )
    local bom = vim.startswith(bytes, BOM)
    if not dos and not bom then
        return lines
    end
    return __TS__ArrayMap(
        lines,
        function(____, l, k)
            local out = dos and vim.endswith(l, "\r") and string.sub(l, 1, -2) or l
            if k == 0 and bom and vim.startswith(out, BOM) then
                out = string.sub(out, #BOM + 1)
            end
            return out
        end
    )
end
function aroundYours(path, afterLines, target)
    local buf = findBuffer(path)
    if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
        return {ok = true, from = afterLines, to = target}
    end
    local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    if sameLines(now, afterLines) or #afterLines == 0 and #now == 1 and now[1] == "" then
        return {ok = true, from = afterLines, to = target}
    end
    local merged = rebased(afterLines, target, now)
    if merged == nil then
        return {
            ok = false,
            error = ("your unsaved changes in its buffer b" .. tostring(buf)) .. " touch the lines to revert: not reverted (undo them, or revert by hand)"
        }
    end
    return {ok = true, from = now, to = merged}
end
function revert(i, wholeFile, finalAsRead, afterAsRead)
    local onDisk = i.after or i.before
    local final = asVimReads(finalAsRead, onDisk)
    local afterLines = asVimReads(afterAsRead, onDisk)
    local beforeLines = asVimReads(
        linesOf(i.before),
        onDisk
    )
    local kind = i.change.kind
    local emptied = #final == 0 or #final == 1 and final[1] == ""
    if kind == "created" and (wholeFile or emptied) then
        local r = deleteFile(i.abs, true)
        return r.ok and ({ok = true, what = i.label .. " (created: deleted again)"}) or r
    end
    if kind == "deleted" then
        local text = wholeFile and beforeLines or final
        local r = applyText(i.abs, {}, text)
        if not r.ok then
            return r
        end
        if i.change.before ~= nil then
            vim.uv.fs_chmod(i.abs, i.change.before.mode)
        end
        return {ok = true, what = ((i.label .. " (deleted: restored") .. (wholeFile and "" or ", in part")) .. ")"}
    end
    if kind == "renamed" and wholeFile and i.fromAbs ~= nil then
        freshen(i.abs)
        local moved = renameFile(i.abs, i.fromAbs, false)
        if not moved.ok then
            return moved
        end
        if not sameLines(beforeLines, afterLines) then
            freshen(i.fromAbs)
            local r = applyText(i.fromAbs, afterLines, beforeLines)
            if not r.ok then
                return r
            end
        end
        return {
            ok = true,
            what = ((i.label .. " (renamed from ") .. tostring(i.change.from)) .. ": moved back)"
        }
    end
    local target = wholeFile and beforeLines or final
    freshen(i.abs)
    local around = aroundYours(i.abs, afterLines, target)
    if not around.ok then
        return around
    end
    local r = applyText(i.abs, around.from, around.to)
    if not r.ok then
        return r
    end
    local whole, part = revertCounts(beforeLines, afterLines, target)
    return {
        ok = true,
        what = revertedWhat(
            i,
            hunkCount(beforeLines, afterLines),
            whole,
            part,
            wholeFile
        )
    }
end
--- Writes the reverts the user decided in turn `t`'s review of `files`: `finals` the text each file is to have
-- (its proposal with the reverted hunks put back), `whole` the files reverted whole; tells what happened, and
-- queues the note for the model.
function ____exports.applyReverts(deps, s, t, files, finals, whole)
    local reverted = {}
    local refused = {}
    __TS__ArrayForEach(
        files,
        function(____, i, index)
            local final = finals[index + 1] or linesOf(i.after)
            local afterLines = linesOf(i.after)
            local wholeFile = whole[index] ~= nil
            if not wholeFile and sameLines(final, afterLines) then
                return
            end
            if i.yours ~= nil then
                refused[#refused + 1] = ((i.label .. ": yours (") .. i.yours) .. "), not reverted"
                return
            end
            local done = revert(i, wholeFile, final, afterLines)
            if done.ok then
                reverted[#reverted + 1] = done.what
            else
                refused[#refused + 1] = (i.label .. ": ") .. done.error
            end
        end
    )
    if #reverted > 0 then
        deps.services.notes:add(
            revertNote(t, reverted),
            {session = s.key, clientId = s.owner}
        )
    end
    say(
        appliedMessage(t, reverted, refused),
        #refused > 0 and "warn" or "info"
    )
end
BOM = string.char(239, 187, 191)
return ____exports
