-- Generated from src/claude-ide/editor/write/change_set.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local ____tool = require("claude-ide.protocol.tool")
local decisionOf = ____tool.decisionOf
local ____apply = require("claude-ide.editor.write.apply")
local applyText = ____apply.applyText
local sameLines = ____apply.sameLines
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local ____pacing = require("claude-ide.editor.pacing")
local sliceCheck = ____pacing.sliceCheck
local ____target = require("claude-ide.editor.target")
local readLines = ____target.readLines
local ____diff_text = require("claude-ide.editor.review.diff_text")
local linesText = ____diff_text.linesText
local textLines = ____diff_text.textLines
local ____file_ops = require("claude-ide.editor.write.file_ops")
local createFile = ____file_ops.createFile
local deleteFile = ____file_ops.deleteFile
local renameFile = ____file_ops.renameFile
local unsavedBuffer = ____file_ops.unsavedBuffer
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local ____words = require("claude-ide.util.words")
local plural = ____words.plural
--- The current text of a file: its loaded buffer's lines, else the disk's, else undefined (no such file).
-- `pacing`: a big file on disk is read in slices with pauses between them (editor/target readLines).
function ____exports.currentLines(path, pacing)
    local buf = findBuffer(path)
    if buf ~= nil and vim.api.nvim_buf_is_loaded(buf) then
        return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    end
    local stat = vim.uv.fs_stat(path)
    if stat == nil then
        return nil
    end
    if stat.type == "directory" then
        failWith(displayPath(path) .. " is a folder, not a file: nothing was changed")
    end
    if pacing ~= nil then
        return readLines(path, pacing).lines
    end
    local ok, lines = pcall(vim.fn.readfile, path)
    if not ok then
        failWith((("cannot read " .. displayPath(path)) .. ": ") .. tostring(lines))
    end
    return lines
end
--- Why the change set must not be shown or applied: it deletes (or overwrites by a rename) a file whose buffer
-- has unsaved changes of the user, which would be lost. The text follows the change's name.
function ____exports.unsavedDeletion(files)
    for ____, f in ipairs(files) do
        do
            if not f.deleted then
                goto __continue9
            end
            local path = f.from or f.path
            local buf = unsavedBuffer(path)
            if buf == nil then
                goto __continue9
            end
            local how = f.replacedBy ~= nil and (("replaces " .. displayPath(path)) .. " by ") .. f.replacedBy or "deletes " .. displayPath(path)
            return ((((how .. ", which has unsaved changes of the user in buffer b") .. tostring(buf)) .. ": nothing was changed and nothing was shown. Ask the user to save (:w) or discard (:e!) their changes to ") .. displayPath(path)) .. ", then try again"
        end
        ::__continue9::
    end
    return nil
end
--- One file as the multi-file review shows it.
local function reviewFile(f)
    local now = f.from or f.path
    local ____temp_0
    if f.before ~= nil then
        ____temp_0 = findBuffer(now)
    else
        ____temp_0 = nil
    end
    local buf = ____temp_0
    local loaded = buf ~= nil and vim.api.nvim_buf_is_loaded(buf)
    local ft = loaded and vim.api.nvim_get_option_value("filetype", {buf = buf}) or ""
    local shown = f.deleted and now or f.path
    local ____displayPath_result_2 = displayPath(shown)
    local ____f_before_3 = f.before
    local ____temp_4 = f.deleted and ({}) or f.after
    local ____f_summary_5 = f.summary
    local ____temp_6 = loaded and vim.api.nvim_get_option_value("modified", {buf = buf}) == true
    local ____temp_7 = ft ~= "" and f.from == nil and ft or nil
    local ____temp_8 = not f.deleted and f.from ~= nil and displayPath(f.from) or nil
    local ____f_deleted_1
    if f.deleted then
        ____f_deleted_1 = true
    else
        ____f_deleted_1 = nil
    end
    return {
        path = shown,
        label = ____displayPath_result_2,
        current = ____f_before_3,
        proposal = ____temp_4,
        summary = ____f_summary_5,
        dirty = ____temp_6,
        filetype = ____temp_7,
        renamedFrom = ____temp_8,
        deletes = ____f_deleted_1
    }
end
--- Shows the change set (unless the user turned review off: then it counts as accepted as proposed) and parks
-- the call until the user decides. A set that would delete a file with unsaved changes is refused unshown.
function ____exports.reviewChangeSet(ctx, set)
    local refused = ____exports.unsavedDeletion(set.files)
    if refused ~= nil then
        return {kind = "refused", reason = refused}
    end
    local proposed = __TS__ArrayMap(
        set.files,
        function(____, f) return f.after end
    )
    if not ctx.config.agent.review then
        return {kind = "accepted", finals = proposed, reviewed = false}
    end
    local title = ((((("✻ [" .. (ctx.client or "agent")) .. "] ") .. set.label) .. " (") .. tostring(ctx.services.agent:nextReview())) .. ")"
    local view = set.view or (#set.files == 1 and #set.ops == 0 and "file" or "files")
    if view == "file" then
        local f = set.files[1]
        local opened = ctx.services.diff.open({
            oldPath = f.path,
            newPath = f.path,
            contents = linesText(f.after),
            tabName = title,
            writer = set.writer,
            client = ctx.client,
            clientId = ctx.clientId
        })
        if not opened.ok then
            return {kind = "unshown", error = opened.error}
        end
        local outcome = decisionOf(ctx, opened.review)
        if not outcome.accepted then
            return {kind = "rejected", reason = outcome.reason}
        end
        return {
            kind = "accepted",
            finals = {textLines(outcome.text)},
            reviewed = true
        }
    end
    local opened = ctx.services.diff.openMulti({
        title = title,
        files = __TS__ArrayMap(
            set.files,
            function(____, f) return reviewFile(f) end
        ),
        clientId = ctx.clientId,
        client = ctx.client
    })
    if not opened.ok then
        return {kind = "unshown", error = opened.error}
    end
    local outcome = decisionOf(ctx, opened.review)
    if not outcome.accepted then
        return {kind = "rejected", reason = outcome.reason}
    end
    return {kind = "accepted", finals = outcome.files, reviewed = true}
end
--- A file operation as the answers name it.
function ____exports.describeOp(op)
    if op.kind == "create" then
        return "create " .. displayPath(op.path)
    end
    if op.kind == "rename" then
        return (("rename " .. displayPath(op.from)) .. " → ") .. displayPath(op.to)
    end
    return "delete " .. displayPath(op.path)
end
--- The path (as shown) of the first watched path that no longer holds what the change was planned on.
local function stalePath(set, pacing)
    local due = sliceCheck(pacing)
    local watched = set.watched
    if watched == nil then
        if #set.files < 2 and #set.ops == 0 then
            return nil
        end
        watched = {}
        for ____, f in ipairs(set.files) do
            watched[f.from or f.path] = f.before or false
        end
    end
    for path, seen in pairs(watched) do
        due()
        local now = ____exports.currentLines(path, pacing) or false
        local ____temp_9
        if now == false or seen == false then
            ____temp_9 = now == seen
        else
            ____temp_9 = sameLines(now, seen)
        end
        local same = ____temp_9
        if not same then
            return displayPath(path)
        end
    end
    return nil
end
--- Runs the file operations in order; stops at the first that fails. Notes by the path they leave a file at.
local function runOps(ops)
    local notes = {}
    local done = {}
    for ____, op in ipairs(ops) do
        local made = op.kind == "create" and createFile(op.path) or (op.kind == "rename" and renameFile(op.from, op.to, op.overwrite) or deleteFile(op.path, op.ignoreIfNotExists))
        if not made.ok then
            return {
                failed = (____exports.describeOp(op) .. " failed: ") .. made.error,
                done = done,
                notes = notes
            }
        end
        done[#done + 1] = ____exports.describeOp(op)
        if made.note ~= nil then
            notes[op.kind == "rename" and op.to or op.path] = made.note
        end
    end
    return {done = done, notes = notes}
end
--- Writes one file's final text (at its final path, after the file operations) and says how it went.
local function applyFile(f, final, note, pacing)
    local userChanged = not sameLines(final, f.after)
    if f.deleted then
        local path = displayPath(f.from or f.path)
        local line = f.replacedBy ~= nil and ((("  replaced " .. path) .. " by ") .. f.replacedBy) .. " (its old text is gone)" or ("  deleted " .. path) .. (note ~= nil and (" (" .. note) .. ")" or "")
        return {
            change = f,
            final = final,
            userChanged = userChanged,
            note = note,
            line = line,
            done = true
        }
    end
    local moved = f.from ~= nil and (("renamed " .. displayPath(f.from)) .. " → ") .. displayPath(f.path) or nil
    local head = moved ~= nil and ("  " .. moved) .. (note ~= nil and (" (" .. note) .. ")" or "") or nil
    if head ~= nil and f.before ~= nil and sameLines(f.before, final) then
        return {
            change = f,
            final = final,
            userChanged = userChanged,
            note = note,
            line = head,
            done = true
        }
    end
    local written = applyText(f.path, f.before or ({}), final, pacing)
    local label = f.before == nil and "created" or plural(f.edits, "edit")
    local changed = userChanged and " (changed by the user in the review)" or ""
    local body = written.ok and ((label .. " ") .. written.where) .. changed or (label .. ": NOT applied: ") .. written.error
    local line = head ~= nil and (head .. ", then ") .. body or (("  " .. displayPath(f.path)) .. ": ") .. body
    return {
        change = f,
        final = final,
        userChanged = userChanged,
        written = written,
        note = note,
        line = line,
        done = written.ok
    }
end
--- Applies an accepted change set (the plugin writes it): nothing when a watched path changed meanwhile or it
-- would now delete unsaved changes; else the file operations in order (a failure stops before any text), then
-- each file's final text, buffer-aware (editor/write/apply.applyText; with `pacing`, a big file no buffer holds is
-- written in steps with the editor's loop running between them).
function ____exports.applyChangeSet(set, finals, pacing)
    local stale = stalePath(set, pacing)
    if stale ~= nil then
        return {kind = "stale", path = stale}
    end
    local refused = ____exports.unsavedDeletion(set.files)
    if refused ~= nil then
        return {kind = "refused", reason = refused}
    end
    local ops = runOps(set.ops)
    if ops.failed ~= nil then
        return {kind = "op-failed", failed = ops.failed, done = ops.done}
    end
    local due = sliceCheck(pacing)
    local files = __TS__ArrayMap(
        set.files,
        function(____, f, i)
            due()
            return applyFile(f, finals[i + 1], ops.notes[f.path], pacing)
        end
    )
    return {
        kind = "applied",
        files = files,
        complete = #__TS__ArrayFilter(
            files,
            function(____, r) return r.done end
        )
    }
end
return ____exports
