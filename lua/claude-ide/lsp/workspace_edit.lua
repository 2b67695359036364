-- Generated from src/claude-ide/lsp/workspace_edit.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayEvery = ____lualib.__TS__ArrayEvery
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayReduce = ____lualib.__TS__ArrayReduce
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local rejectedResult = ____result.rejectedResult
local textResult = ____result.textResult
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local findBuffer = ____buffers.findBuffer
local ____change_set = require("claude-ide.editor.write.change_set")
local applyChangeSet = ____change_set.applyChangeSet
local currentLines = ____change_set.currentLines
local reviewChangeSet = ____change_set.reviewChangeSet
local ____apply = require("claude-ide.editor.write.apply")
local lineIndex = ____apply.lineIndex
local sameLines = ____apply.sameLines
local spliced = ____apply.spliced
local ____pacing = require("claude-ide.editor.pacing")
local sliceCheck = ____pacing.sliceCheck
local ____target = require("claude-ide.editor.target")
local pacing = ____target.pacing
local ____file_ops = require("claude-ide.editor.write.file_ops")
local isDirectory = ____file_ops.isDirectory
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local ____encoding = require("claude-ide.lsp.encoding")
local toByte = ____encoding.toByte
local ____format = require("claude-ide.lsp.format")
local uriPath = ____format.uriPath
local ____wait = require("claude-ide.lsp.wait")
local waitUntil = ____wait.waitUntil
local ____words = require("claude-ide.util.words")
local plural = ____words.plural
--- The text of `lines` after LSP text edits (non-overlapping, positions in the ORIGINAL text, `encoding`), cut
-- into lines (none for an empty text). The lines no edit touches are the same strings; `pacing`: the passes
-- over a big file pause between slices (editor/write/disk_write).
function ____exports.applyTextEdits(lines, edits, encoding, pacing)
    local due = sliceCheck(pacing)
    local ____lineIndex_result_0 = lineIndex(lines, due)
    local text = ____lineIndex_result_0.text
    local lineStart = ____lineIndex_result_0.lineStart
    local function offset(pos)
        return pos.line >= #lines and lineStart[#lines + 1] or lineStart[pos.line + 1] + toByte(lines[pos.line + 1], pos.character, encoding)
    end
    local ranges = __TS__ArrayMap(
        edits,
        function(____, e, index)
            local from = offset(e.range.start)
            return {
                from = from,
                to = math.max(
                    from,
                    offset(e.range["end"])
                ),
                replacement = e.newText,
                index = index
            }
        end
    )
    __TS__ArraySort(
        ranges,
        function(____, a, b) return a.from ~= b.from and a.from - b.from or a.index - b.index end
    )
    local ____end = 1
    for ____, r in ipairs(ranges) do
        if r.from < ____end then
            failWith("the server sent overlapping text edits: nothing was changed")
        end
        ____end = math.max(____end, r.to)
    end
    return spliced(
        lines,
        text,
        lineStart,
        ranges,
        due
    )
end
local function refuseFolder(path, what)
    if isDirectory(path) then
        failWith(((("the server's edit " .. what) .. " the folder ") .. displayPath(path)) .. ": folder operations are not supported by the LSP tools, so nothing was changed (do that step with a shell command, after asking the user)")
    end
end
--- Several edits (from one or several servers, or applyEdit requests in a row) to apply in order. File
-- operations (create, rename, delete) are followed as the LSP says, in order: the text edits after a rename
-- address the new name, and every check (exists? overwrite?) is made against the files as the earlier
-- changes of the plan leave them.
____exports.EditPlan = __TS__Class()
local EditPlan = ____exports.EditPlan
EditPlan.name = "EditPlan"
function EditPlan.prototype.____constructor(self, pacing)
    self.pacing = pacing
    self.order = {}
    self.at = {}
    self.observed = {}
    self.ops = {}
end
function EditPlan.prototype.existing(self, path)
    local known = self.at[path]
    if known ~= nil then
        local ____temp_1
        if known == false then
            ____temp_1 = nil
        else
            ____temp_1 = known
        end
        return ____temp_1
    end
    sliceCheck(self.pacing)()
    local before = currentLines(path, self.pacing)
    self.observed[path] = before or false
    if before == nil then
        return nil
    end
    local serverCreated = false
    if self.commandStarted ~= nil and findBuffer(path) == nil then
        local stat = vim.uv.fs_stat(path)
        if stat ~= nil and stat.size == 0 and stat.mtime.sec >= self.commandStarted - 1 then
            before = nil
            serverCreated = true
        end
    end
    return self:track({
        path = path,
        before = before,
        after = before or ({}),
        edits = 0,
        deleted = false,
        serverCreated = serverCreated
    })
end
function EditPlan.prototype.track(self, f)
    self.at[f.path] = f
    local ____self_order_2 = self.order
    ____self_order_2[#____self_order_2 + 1] = f
    return f
end
function EditPlan.prototype.created(self, path)
    if not (self.observed[path] ~= nil) and self.at[path] == nil then
        self.observed[path] = false
    end
    return self:track({
        path = path,
        before = nil,
        after = {},
        edits = 0,
        deleted = false
    })
end
function EditPlan.prototype.addTextEdits(self, path, edits, encoding)
    if #edits == 0 then
        return
    end
    local f = self:existing(path)
    if f == nil then
        if self.at[path] == false then
            failWith(("the server's edit changes " .. displayPath(path)) .. " after deleting or renaming it: nothing was changed")
        end
        f = self:created(path)
    end
    f.after = ____exports.applyTextEdits(f.after, edits, encoding, self.pacing)
    f.edits = f.edits + #edits
end
function EditPlan.prototype.create(self, path, options)
    refuseFolder(path, "creates")
    local f = self:existing(path)
    if f ~= nil then
        if options.overwrite == true then
            f.after = {}
            f.edits = f.edits + 1
        end
        return
    end
    local ____temp_3, ____edits_4 = self:created(path), "edits"
    ____temp_3[____edits_4] = ____temp_3[____edits_4] + 1
    local ____self_ops_5 = self.ops
    ____self_ops_5[#____self_ops_5 + 1] = {kind = "create", path = path}
end
function EditPlan.prototype.rename(self, from, to, options)
    if from == to then
        return
    end
    refuseFolder(from, "renames")
    refuseFolder(to, "renames a file onto")
    local f = self:existing(from)
    if f == nil then
        failWith(((("the server's edit renames " .. displayPath(from)) .. ", which does not exist") .. (self.at[from] == false and " any more at that point of the edit" or "")) .. ": nothing was changed")
    end
    local target = self:existing(to)
    if target ~= nil then
        if options.overwrite ~= true then
            if options.ignoreIfExists == true then
                return
            end
            failWith(((("the server's edit renames " .. displayPath(from)) .. " to ") .. displayPath(to)) .. ", which exists (and the edit does not say to overwrite it): nothing was changed")
        end
        target.deleted = true
        target.replacedBy = displayPath(from)
    end
    self.at[from] = false
    self.at[to] = f
    if f.from == nil and f.before ~= nil then
        f.from = from
    elseif f.from == to then
        f.from = nil
    end
    f.path = to
    local ____self_ops_6 = self.ops
    ____self_ops_6[#____self_ops_6 + 1] = {kind = "rename", from = from, to = to, overwrite = target ~= nil}
end
function EditPlan.prototype.delete(self, path, ignoreIfNotExists)
    if self.at[path] == nil then
        refuseFolder(path, "deletes")
    end
    local f = self:existing(path)
    if f == nil then
        if ignoreIfNotExists then
            return
        end
        failWith(("the server's edit deletes " .. displayPath(path)) .. ", which does not exist: nothing was changed")
    end
    f.deleted = true
    self.at[path] = false
    local ____self_ops_7 = self.ops
    ____self_ops_7[#____self_ops_7 + 1] = {kind = "delete", path = path, ignoreIfNotExists = ignoreIfNotExists}
end
function EditPlan.prototype.addWorkspaceEdit(self, edit, encoding)
    if edit.documentChanges ~= nil and edit.documentChanges ~= vim.NIL then
        for ____, change in ipairs(edit.documentChanges) do
            if change.textDocument ~= nil then
                self:addTextEdits(
                    uriPath(change.textDocument.uri),
                    change.edits,
                    encoding
                )
            elseif change.kind == "create" then
                self:create(
                    uriPath(change.uri),
                    change.options or ({})
                )
            elseif change.kind == "rename" then
                self:rename(
                    uriPath(change.oldUri),
                    uriPath(change.newUri),
                    change.options or ({})
                )
            elseif change.kind == "delete" then
                local ____self_delete_11 = self.delete
                local ____uriPath_result_10 = uriPath(change.uri)
                local ____opt_8 = change.options
                ____self_delete_11(self, ____uriPath_result_10, (____opt_8 and ____opt_8.ignoreIfNotExists) == true)
            else
                failWith("the server's edit has a change of an unknown kind: nothing was changed")
            end
        end
        return
    end
    if edit.changes ~= nil and edit.changes ~= vim.NIL then
        local uris = {}
        for uri in pairs(edit.changes) do
            uris[#uris + 1] = uri
        end
        __TS__ArraySort(uris)
        for ____, uri in ipairs(uris) do
            self:addTextEdits(
                uriPath(uri),
                edit.changes[uri],
                encoding
            )
        end
    end
end
function EditPlan.prototype.changed(self)
    return __TS__ArrayFilter(
        self.order,
        function(____, f)
            if f.deleted then
                return f.before ~= nil
            end
            return f.before == nil or f.from ~= nil or not sameLines(f.before, f.after)
        end
    )
end
local SEVERITIES = {"error", "warning", "info", "hint"}
local MAX_DIAGNOSTICS = 40
--- The touched buffers' diagnostics, after waiting (bounded) for their servers to publish again.
local function diagnosticsAfter(ctx, bufs, published)
    if #bufs == 0 then
        return "diagnostics: none (no touched file is open in a buffer)"
    end
    local waitMs = math.min(3000, ctx.config.agent.lsp_timeout_ms)
    local all = waitUntil(
        ctx,
        function() return __TS__ArrayEvery(
            bufs,
            function(____, b) return published[b] ~= nil end
        ) end,
        waitMs
    )
    local rows = {}
    for ____, buf in ipairs(bufs) do
        for ____, d in ipairs(vim.diagnostic.get(buf)) do
            local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1] or ""
            local source = d.source ~= nil and (" [" .. d.source) .. "]" or ""
            rows[#rows + 1] = ((((((((("  " .. displayPath(bufferPath(buf))) .. ":") .. tostring(d.lnum + 1)) .. ":") .. tostring(byteToCharColumn(line, d.col))) .. ": ") .. SEVERITIES[d.severity or 1]) .. source) .. ": ") .. (string.gsub(d.message, "\n", " "))
        end
    end
    local stale = all and "" or (" (not every server published within " .. tostring(waitMs)) .. " ms: get_diagnostics later may show more)"
    if #rows == 0 then
        return "diagnostics of the touched files: none" .. stale
    end
    local shown = __TS__ArraySlice(rows, 0, MAX_DIAGNOSTICS)
    local more = #rows > #shown and ("\n  … " .. tostring(#rows - #shown)) .. " more: get_diagnostics" or ""
    return ((("diagnostics of the touched files" .. stale) .. ":\n") .. table.concat(shown, "\n")) .. more
end
--- Removes the empty files the server created for a rejected edit (still empty, no buffer). Their display paths.
local function removeServerCreated(files)
    local removed = {}
    for ____, f in ipairs(files) do
        do
            if f.serverCreated ~= true or findBuffer(f.path) ~= nil then
                goto __continue65
            end
            local stat = vim.uv.fs_stat(f.path)
            if stat ~= nil and stat.size == 0 and (vim.uv.fs_unlink(f.path)) ~= nil then
                removed[#removed + 1] = displayPath(f.path)
            end
        end
        ::__continue65::
    end
    return removed
end
--- What the edit does to one file, for the review: `renamed from src/a.ts, 2 edits`, `deleted`, `new file`.
local function summaryOf(f)
    if f.deleted then
        return f.replacedBy ~= nil and "deleted: replaced by " .. f.replacedBy or "deleted"
    end
    local parts = {}
    if f.from ~= nil then
        parts[#parts + 1] = "renamed from " .. displayPath(f.from)
    end
    if f.before == nil then
        parts[#parts + 1] = "new file"
    elseif not sameLines(f.before, f.after) then
        parts[#parts + 1] = plural(f.edits, "edit")
    end
    return table.concat(parts, ", ")
end
--- The plan's changed files as a change set (the files keep the plan's order, the operations theirs).
local function changeSetOf(plan, files, what)
    local changes = __TS__ArrayMap(
        files,
        function(____, f) return __TS__ObjectAssign(
            {},
            f,
            {summary = summaryOf(f)}
        ) end
    )
    return {
        label = what,
        files = changes,
        ops = plan.ops,
        writer = "plugin",
        view = "files",
        watched = plan.observed
    }
end
--- Shows the plan in one review (unless the user turned review off), waits for the decision, applies it on
-- accept (editor/write/change_set). `what` names the edit for the user and the model (e.g. "rename of double to twice").
function ____exports.reviewAndApply(ctx, plan, what)
    local files = plan:changed()
    if #files == 0 then
        return textResult(("OK: nothing to change: " .. what) .. " leaves every file as it is")
    end
    local set = changeSetOf(plan, files, what)
    local edits = __TS__ArrayReduce(
        files,
        function(____, n, f) return n + (f.deleted and 0 or f.edits) end,
        0
    )
    local renamed = #__TS__ArrayFilter(
        files,
        function(____, f) return not f.deleted and f.from ~= nil end
    )
    local deleted = #__TS__ArrayFilter(
        files,
        function(____, f) return f.deleted end
    )
    local scope = (((plural(edits, "edit") .. " in ") .. plural(#files, "file")) .. (renamed > 0 and (", " .. tostring(renamed)) .. " renamed" or "")) .. (deleted > 0 and (", " .. tostring(deleted)) .. " deleted" or "")
    local decision = reviewChangeSet(ctx, set)
    if decision.kind == "refused" then
        failWith((what .. " ") .. decision.reason)
    end
    if decision.kind == "unshown" then
        failWith(decision.error)
    end
    if decision.kind == "rejected" then
        local removed = removeServerCreated(files)
        local note = #removed > 0 and (((((" (the empty file" .. (#removed == 1 and "" or "s")) .. " ") .. table.concat(removed, ", ")) .. " the server created for it ") .. (#removed == 1 and "was" or "were")) .. " removed again)" or ""
        return rejectedResult(((what .. " (") .. scope) .. ")", note, decision.reason)
    end
    local published = {}
    local autocmd = vim.api.nvim_create_autocmd(
        "DiagnosticChanged",
        {
            desc = "claude-ide: notice the servers publishing diagnostics after an LSP edit was applied",
            callback = function(ev)
                published[ev.buf] = true
            end
        }
    )
    local okApply, outcome = pcall(
        applyChangeSet,
        set,
        decision.finals,
        pacing(ctx)
    )
    if not okApply or outcome.kind ~= "applied" then
        pcall(vim.api.nvim_del_autocmd, autocmd)
    end
    if not okApply then
        error(outcome, 0)
    end
    if outcome.kind == "stale" then
        failWith((outcome.path .. " changed while the review was open: nothing was applied; ask again for ") .. what)
    end
    if outcome.kind == "refused" then
        failWith((what .. " ") .. outcome.reason)
    end
    if outcome.kind == "op-failed" then
        local done = __TS__ArrayMap(
            outcome.done,
            function(____, op) return "  done: " .. op end
        )
        failWith(((((what .. " accepted, but ") .. outcome.failed) .. "; ") .. (#done > 0 and ("the file operations before it were made:\n" .. table.concat(done, "\n")) .. "\n" or "nothing was changed; ")) .. "no text edits were applied. Check the files, then ask again")
    end
    local touched = {}
    for ____, r in ipairs(outcome.files) do
        do
            if r.change.deleted then
                goto __continue91
            end
            local buf = findBuffer(r.change.path)
            if buf ~= nil and vim.api.nvim_buf_is_loaded(buf) then
                touched[#touched + 1] = buf
            end
        end
        ::__continue91::
    end
    local diagnostics = diagnosticsAfter(ctx, touched, published)
    pcall(vim.api.nvim_del_autocmd, autocmd)
    local head = outcome.complete == #files and (("OK: applied " .. what) .. ": ") .. scope or (((("applied " .. what) .. " to ") .. tostring(outcome.complete)) .. " of ") .. plural(#files, "file")
    return textResult((((head .. "\n") .. table.concat(
        __TS__ArrayMap(
            outcome.files,
            function(____, r) return r.line end
        ),
        "\n"
    )) .. "\n") .. diagnostics)
end
return ____exports
