-- Generated from src/claude-ide/agent/tools/edit.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____schema = require("claude-ide.protocol.schema")
local anyOf = ____schema.anyOf
local arrayOf = ____schema.arrayOf
local defineTool = ____schema.defineTool
local int = ____schema.int
local obj = ____schema.obj
local str = ____schema.str
local writing = ____schema.writing
local ____apply = require("claude-ide.editor.write.apply")
local planEdits = ____apply.planEdits
local sameLines = ____apply.sameLines
local WRITTEN_TO_DISK = ____apply.WRITTEN_TO_DISK
local ____disk_write = require("claude-ide.editor.write.disk_write")
local editInChild = ____disk_write.editInChild
local ____change_set = require("claude-ide.editor.write.change_set")
local applyChangeSet = ____change_set.applyChangeSet
local reviewChangeSet = ____change_set.reviewChangeSet
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local guarded = ____result.guarded
local ok = ____result.ok
local rejectedResult = ____result.rejectedResult
local textResult = ____result.textResult
local ____target = require("claude-ide.editor.target")
local pacing = ____target.pacing
local resolveTarget = ____target.resolveTarget
local targetLinesSliced = ____target.targetLinesSliced
local yieldToEditor = ____target.yieldToEditor
local replaceText = obj(
    {
        old_text = str("Exact current text to replace (whitespace included); must occur exactly once in the file", {minLength = 1, text = true}),
        new_text = str("Replacement text", {text = true})
    },
    {closed = true}
)
local replaceLines = obj(
    {
        start_line = int("First line to replace (1-based)", {minimum = 1}),
        end_line = int("Last line to replace (inclusive); start_line - 1 inserts before start_line", {minimum = 0}),
        new_text = str("The new lines (empty: delete the lines)", {text = true})
    },
    {closed = true}
)
____exports.edit = defineTool({
    name = "edit",
    title = "Edit a file (reviewed by the user)",
    description = ((("Change one file: each edit is {old_text, new_text} (old_text must match the current text exactly once) or " .. "{start_line, end_line, new_text} (replace whole lines; end_line = start_line - 1 inserts; a new file: start_line 1, ") .. "end_line 0). Edits apply to the text as it is in the editor, unsaved changes included, all located in the text ") .. "before any of them. The user sees a diff in Neovim and accepts (possibly after changing it) or rejects; the call ") .. "waits for that. Answers `OK: applied N edits to path …` or `REJECTED: …`.",
    input = {
        path = str("File path, absolute or relative to Neovim's cwd (a new file is created)", {minLength = 1}),
        edits = arrayOf(
            anyOf("An edit: by text or by lines", replaceText, replaceLines),
            "The edits, non-overlapping",
            {minItems = 1}
        )
    },
    closed = true,
    annotations = writing("Edit a file (reviewed by the user)", true),
    handler = function(args, ctx) return guarded(function()
        local target = resolveTarget(ctx.services.policy, {path = args.path}, {missing = "allow"})
        if target == nil then
            return failWith("no target")
        end
        local edits = args.edits
        local n = #edits
        local what = (((tostring(n) .. " edit") .. (n == 1 and "" or "s")) .. " to ") .. target.display
        local unchanged = ("OK: nothing to do: the edits leave " .. target.display) .. " unchanged"
        if not ctx.config.agent.review and (target.buf == nil or not vim.api.nvim_buf_is_loaded(target.buf)) then
            local ____target_onDisk_0
            if target.onDisk then
                ____target_onDisk_0 = editInChild(
                    target.path,
                    edits,
                    target.display,
                    pacing(ctx)
                )
            else
                ____target_onDisk_0 = nil
            end
            local direct = ____target_onDisk_0
            if (direct and direct.kind) == "written" then
                return ok((("applied " .. what) .. " ") .. WRITTEN_TO_DISK)
            end
            if (direct and direct.kind) == "unchanged" then
                return textResult(unchanged)
            end
            if (direct and direct.kind) == "refused" then
                failWith(direct.error)
            end
            if (direct and direct.kind) == "failed" then
                failWith((what .. " accepted but not applied: ") .. direct.error)
            end
        end
        local before = targetLinesSliced(ctx, target)
        local big = #before > 10000
        if big then
            yieldToEditor(ctx)
        end
        local after = planEdits(
            before,
            edits,
            target.display,
            big and pacing(ctx) or nil
        )
        if big then
            yieldToEditor(ctx)
        end
        if sameLines(after, before) then
            return textResult(unchanged)
        end
        local set = {
            label = target.display,
            files = {{
                path = target.path,
                before = before,
                after = after,
                edits = n,
                deleted = false,
                summary = (tostring(n) .. " edit") .. (n == 1 and "" or "s")
            }},
            ops = {},
            writer = "plugin"
        }
        local decision = reviewChangeSet(ctx, set)
        if decision.kind == "unshown" then
            failWith("cannot show the review: " .. decision.error)
        end
        if decision.kind ~= "accepted" then
            local ____rejectedResult_10 = rejectedResult
            local ____temp_9
            if decision.kind == "rejected" then
                ____temp_9 = decision.reason
            else
                ____temp_9 = nil
            end
            return ____rejectedResult_10(what, "", ____temp_9)
        end
        yieldToEditor(ctx)
        local outcome = applyChangeSet(
            set,
            decision.finals,
            pacing(ctx)
        )
        local file = outcome.kind == "applied" and outcome.files[1] or nil
        local applied = file and file.written
        if file == nil or applied == nil then
            return failWith(what .. " accepted but not applied")
        end
        if not applied.ok then
            failWith((what .. " accepted but not applied: ") .. applied.error)
        end
        local changed = file.userChanged and " (the user changed the proposal before accepting: read_buffer shows the result)" or ""
        return ok(((("applied " .. what) .. " ") .. applied.where) .. changed)
    end) end
})
return ____exports
