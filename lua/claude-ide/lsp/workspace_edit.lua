-- Generated from src/claude-ide/lsp/workspace_edit.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayEvery = ____lualib.__TS__ArrayEvery
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ArrayReduce = ____lualib.__TS__ArrayReduce
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local ____exports = {}
local ____apply = require("claude-ide.agent.apply")
local applyText = ____apply.applyText
local ____result = require("claude-ide.agent.result")
local failWith = ____result.failWith
local textResult = ____result.textResult
local ____state = require("claude-ide.agent.state")
local displayPath = ____state.displayPath
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local findBuffer = ____buffers.findBuffer
local ____diff_text = require("claude-ide.editor.diff_text")
local textLines = ____diff_text.textLines
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local ____encoding = require("claude-ide.lsp.encoding")
local toByte = ____encoding.toByte
local ____format = require("claude-ide.lsp.format")
local uriPath = ____format.uriPath
local ____wait = require("claude-ide.lsp.wait")
local waitUntil = ____wait.waitUntil
--- The text of `lines` after LSP text edits (non-overlapping, positions in the ORIGINAL text, `encoding`).
function ____exports.applyTextEdits(lines, edits, encoding)
    local text = #lines > 0 and table.concat(lines, "\n") .. "\n" or ""
    local starts = {0}
    for ____, line in ipairs(lines) do
        starts[#starts + 1] = starts[#starts] + #line + 1
    end
    local function offset(pos)
        return pos.line >= #lines and #text or starts[pos.line + 1] + toByte(lines[pos.line + 1], pos.character, encoding)
    end
    local ranges = __TS__ArrayMap(
        edits,
        function(____, e, index) return {
            from = offset(e.range.start),
            to = offset(e.range["end"]),
            text = e.newText,
            index = index
        } end
    )
    __TS__ArraySort(
        ranges,
        function(____, a, b) return a.from ~= b.from and a.from - b.from or a.index - b.index end
    )
    local pieces = {}
    local pos = 0
    for ____, r in ipairs(ranges) do
        if r.from < pos then
            failWith("the server sent overlapping text edits: nothing was changed")
        end
        __TS__ArrayPush(
            pieces,
            string.sub(text, pos + 1, r.from),
            r.text
        )
        pos = math.max(pos, r.to)
    end
    pieces[#pieces + 1] = string.sub(text, pos + 1)
    local result = table.concat(pieces, "")
    return result == "" and ({}) or textLines(result)
end
--- The current text of a file: its loaded buffer's lines, else the disk's, else undefined (no such file).
local function currentLines(path)
    local buf = findBuffer(path)
    if buf ~= nil and vim.api.nvim_buf_is_loaded(buf) then
        return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    end
    local stat = vim.uv.fs_stat(path)
    if stat == nil then
        return nil
    end
    local ok, lines = pcall(vim.fn.readfile, path)
    if not ok then
        failWith((("cannot read " .. displayPath(path)) .. ": ") .. tostring(lines))
    end
    return lines
end
--- Several edits (from one or several servers, or applyEdit requests in a row) to apply in order.
____exports.EditPlan = __TS__Class()
local EditPlan = ____exports.EditPlan
EditPlan.name = "EditPlan"
function EditPlan.prototype.____constructor(self)
    self.files = {}
    self.order = {}
end
function EditPlan.prototype.file(self, path)
    local f = self.files[path]
    if f == nil then
        local before = currentLines(path)
        local serverCreated = false
        if self.commandStarted ~= nil and before ~= nil and findBuffer(path) == nil then
            local stat = vim.uv.fs_stat(path)
            if stat ~= nil and stat.size == 0 and stat.mtime.sec >= self.commandStarted - 1 then
                before = nil
                serverCreated = true
            end
        end
        f = {
            path = path,
            before = before,
            after = before or ({}),
            edits = 0,
            serverCreated = serverCreated
        }
        self.files[path] = f
        local ____self_order_0 = self.order
        ____self_order_0[#____self_order_0 + 1] = path
    end
    return f
end
function EditPlan.prototype.addTextEdits(self, path, edits, encoding)
    if #edits == 0 then
        return
    end
    local f = self:file(path)
    f.after = ____exports.applyTextEdits(f.after, edits, encoding)
    f.edits = f.edits + #edits
end
function EditPlan.prototype.addWorkspaceEdit(self, edit, encoding)
    if edit.documentChanges ~= nil and edit.documentChanges ~= vim.NIL then
        for ____, change in ipairs(edit.documentChanges) do
            do
                if change.textDocument ~= nil then
                    self:addTextEdits(
                        uriPath(change.textDocument.uri),
                        change.edits,
                        encoding
                    )
                elseif change.kind == "create" then
                    local path = uriPath(change.uri)
                    local exists = currentLines(path) ~= nil
                    local ____exists_3 = exists
                    if ____exists_3 then
                        local ____opt_1 = change.options
                        ____exists_3 = (____opt_1 and ____opt_1.overwrite) ~= true
                    end
                    if ____exists_3 then
                        goto __continue24
                    end
                    local f = self:file(path)
                    local ____exists_4
                    if exists then
                        ____exists_4 = f.before
                    else
                        ____exists_4 = nil
                    end
                    f.before = ____exists_4
                    f.after = {}
                    f.edits = f.edits + 1
                else
                    local which = change.kind == "rename" and (("renames " .. displayPath(uriPath(change.oldUri))) .. " to ") .. displayPath(uriPath(change.newUri)) or "deletes " .. displayPath(uriPath(change.uri))
                    failWith(("the server's edit " .. which) .. ": file renames and deletions are not supported by the LSP tools yet, so nothing was changed (do that step with a shell command, after asking the user)")
                end
            end
            ::__continue24::
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
        __TS__ArrayMap(
            self.order,
            function(____, p) return self.files[p] end
        ),
        function(____, f) return f.before == nil or not vim.deep_equal(f.before, f.after) end
    )
end
local function plural(n, noun)
    return ((tostring(n) .. " ") .. noun) .. (n == 1 and "" or "s")
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
                goto __continue48
            end
            local stat = vim.uv.fs_stat(f.path)
            if stat ~= nil and stat.size == 0 and (vim.uv.fs_unlink(f.path)) ~= nil then
                removed[#removed + 1] = displayPath(f.path)
            end
        end
        ::__continue48::
    end
    return removed
end
--- Shows the plan in one review (unless the user turned review off), waits for the decision, applies it on
-- accept. `what` names the edit for the user and the model (e.g. "rename of double to twice").
function ____exports.reviewAndApply(ctx, plan, what)
    local files = plan:changed()
    if #files == 0 then
        return textResult(("OK: nothing to change: " .. what) .. " leaves every file as it is")
    end
    local finals = __TS__ArrayMap(
        files,
        function(____, f) return f.after end
    )
    local total = __TS__ArrayReduce(
        files,
        function(____, n, f) return n + f.edits end,
        0
    )
    local scope = (plural(total, "edit") .. " in ") .. plural(#files, "file")
    if ctx.config.agent.review then
        local proposals = __TS__ArrayMap(
            files,
            function(____, f)
                local buf = findBuffer(f.path)
                local loaded = buf ~= nil and vim.api.nvim_buf_is_loaded(buf)
                local ft = loaded and vim.api.nvim_get_option_value("filetype", {buf = buf}) or ""
                return {
                    path = f.path,
                    label = displayPath(f.path),
                    current = f.before,
                    proposal = f.after,
                    summary = f.before == nil and "new file" or plural(f.edits, "edit"),
                    dirty = loaded and vim.api.nvim_get_option_value("modified", {buf = buf}) == true,
                    filetype = ft ~= "" and ft or nil
                }
            end
        )
        local opened = ctx.services.diff.openMulti({
            title = ((("✻ [Claude agent] " .. what) .. " (") .. tostring(ctx.services.agent:nextReview())) .. ")",
            files = proposals
        })
        if not opened.ok then
            failWith(opened.error)
        end
        local review = opened.review
        local outcome = ctx.park(
            function(resume) return review.onDecision(resume) end,
            function() return review.cancel() end
        )
        if not outcome.accepted then
            local removed = removeServerCreated(files)
            local note = #removed > 0 and (((((" (the empty file" .. (#removed == 1 and "" or "s")) .. " ") .. table.concat(removed, ", ")) .. " the server created for it ") .. (#removed == 1 and "was" or "were")) .. " removed again)" or ""
            return textResult(((((("REJECTED: the user rejected " .. what) .. " (") .. scope) .. ") in Neovim's review; nothing changed") .. note) .. ". Do not retry the same edit: ask the user what they want instead.")
        end
        finals = outcome.files
    end
    for ____, f in ipairs(files) do
        if not vim.deep_equal(
            currentLines(f.path) or ({}),
            f.before or ({})
        ) then
            failWith((displayPath(f.path) .. " changed while the review was open: nothing was applied; ask again for ") .. what)
        end
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
    local lines = {}
    local touched = {}
    local edited = 0
    __TS__ArrayForEach(
        files,
        function(____, f, i)
            if f.before == nil then
                vim.fn.mkdir(
                    vim.fs.dirname(f.path),
                    "p"
                )
            end
            local applied = applyText(f.path, f.before or ({}), finals[i + 1])
            local label = (displayPath(f.path) .. ": ") .. (f.before == nil and "created" or plural(f.edits, "edit"))
            if applied.ok then
                edited = edited + 1
                lines[#lines + 1] = ((("  " .. label) .. " ") .. applied.where) .. (vim.deep_equal(finals[i + 1], f.after) and "" or " (changed by the user in the review)")
            else
                lines[#lines + 1] = (("  " .. label) .. ": NOT applied: ") .. applied.error
            end
            local buf = findBuffer(f.path)
            if buf ~= nil and vim.api.nvim_buf_is_loaded(buf) then
                touched[#touched + 1] = buf
            end
        end
    )
    local diagnostics = diagnosticsAfter(ctx, touched, published)
    pcall(vim.api.nvim_del_autocmd, autocmd)
    local head = edited == #files and (("OK: applied " .. what) .. ": ") .. scope or (((("applied " .. what) .. " to ") .. tostring(edited)) .. " of ") .. plural(#files, "file")
    return textResult((((head .. "\n") .. table.concat(lines, "\n")) .. "\n") .. diagnostics)
end
return ____exports
