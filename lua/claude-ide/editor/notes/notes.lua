-- Generated from src/claude-ide/editor/notes/notes.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayIndexOf = ____lualib.__TS__ArrayIndexOf
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local bufferText, noteAt, linesWord, sentWord
local ____log = require("claude-ide.log")
local say = ____log.say
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local findBuffer = ____buffers.findBuffer
local isFileBuffer = ____buffers.isFileBuffer
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local ____review_marks = require("claude-ide.editor.review_marks")
local REVIEW_VAR = ____review_marks.REVIEW_VAR
local ____message = require("claude-ide.editor.notes.message")
local notesMessage = ____message.notesMessage
local ordered = ____message.ordered
local ____store = require("claude-ide.editor.notes.store")
local readStore = ____store.readStore
local storeFile = ____store.storeFile
local writeStore = ____store.writeStore
function bufferText(buf, tick)
    local all = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    local at = {}
    do
        local i = 0
        while i < #all do
            local list = at[all[i + 1]]
            if list == nil then
                at[all[i + 1]] = {i + 1}
            else
                list[#list + 1] = i + 1
            end
            i = i + 1
        end
    end
    return {tick = tick, all = all, at = at}
end
function noteAt(notes, first, last, ranged)
    local ____temp_43
    if ranged and first ~= last then
        ____temp_43 = __TS__ArrayFind(
            notes,
            function(____, n) return n.first == first and n.last == last end
        )
    else
        ____temp_43 = __TS__ArrayFind(
            notes,
            function(____, n) return n.first <= first and first <= n.last end
        )
    end
    return ____temp_43
end
function linesWord(first, last)
    return first == last and "line " .. tostring(first) or (("lines " .. tostring(first)) .. "-") .. tostring(last)
end
function sentWord(n)
    return n.answered == true and "answered" or (n.answered == false and "not answered" or "sent")
end
--- Highlight groups (default links: a colorscheme or the user's :highlight wins).
____exports.NOTE_HL = "ClaudeIdeNote"
____exports.NOTE_SIGN_HL = "ClaudeIdeNoteSign"
____exports.NOTE_SENT_HL = "ClaudeIdeNoteSent"
--- The sign of a note's first line, and the mark before its text under its last line.
local SIGN = "✎"
local AUGROUP = "claude-ide.notes"
--- A file's notes drawn at once when it is loaded; more are drawn in slices, those near its windows' cursors first.
local AT_ONCE_NOTES = 50
--- How long one slice of drawing a file's notes may hold the editor.
local SLICE_MS = 4
local function defineHighlights()
    vim.api.nvim_set_hl(0, ____exports.NOTE_HL, {link = "DiagnosticInfo", default = true})
    vim.api.nvim_set_hl(0, ____exports.NOTE_SIGN_HL, {link = "DiagnosticSignInfo", default = true})
    vim.api.nvim_set_hl(0, ____exports.NOTE_SENT_HL, {link = "Comment", default = true})
end
--- The file a review's proposal buffer proposes a change to (none for the overview of several files).
local function targetOf(buf)
    local review = vim.b[buf][REVIEW_VAR]
    if review ~= nil and review.role == "proposal" then
        if review.file == nil or (string.match(review.file, "^%d+ files?$")) ~= nil then
            return {kind = "none", why = "the overview shows several files: put the cursor on a hunk's lines"}
        end
        if review.plan == true then
            return {kind = "proposal", path = review.file, plan = review.file}
        end
        return {
            kind = "proposal",
            path = normalizePath(review.file),
            inFile = review.turn == true
        }
    end
    if review ~= nil and review.role == "current" then
        return {kind = "none", why = "a note goes on the review's other side, the proposal's (or the turn's) lines"}
    end
    if isFileBuffer(buf) then
        return {
            kind = "file",
            path = bufferPath(buf)
        }
    end
    return {kind = "none", why = "a note goes on the lines of a file or of a review's proposal"}
end
____exports.NoteBook = __TS__Class()
local NoteBook = ____exports.NoteBook
NoteBook.name = "NoteBook"
function NoteBook.prototype.____constructor(self, cwd)
    if cwd == nil then
        cwd = vim.fn.getcwd()
    end
    self.cwd = cwd
    self.notes = {}
    self.placing = {}
    self.nextId = 1
    self.ns = vim.api.nvim_create_namespace("claude-ide.notes")
    self.file = storeFile(cwd)
    defineHighlights()
    local kept = readStore(self.file)
    if kept.error ~= nil then
        say("notes: " .. kept.error, "warn")
    end
    for ____, n in ipairs(kept.notes) do
        local ____self_0, ____nextId_1 = self, "nextId"
        local ____self_nextId_2 = ____self_0[____nextId_1]
        ____self_0[____nextId_1] = ____self_nextId_2 + 1
        n.id = ____self_nextId_2
        local ____self_notes_3 = self.notes
        ____self_notes_3[#____self_notes_3 + 1] = n
    end
    self.group = vim.api.nvim_create_augroup(AUGROUP, {clear = true})
    local function on(event, desc, fn)
        return vim.api.nvim_create_autocmd(
            event,
            {
                group = self.group,
                desc = "claude-ide: " .. desc,
                callback = function(ev)
                    fn(ev.buf)
                end
            }
        )
    end
    on(
        "BufReadPost",
        "show the notes of a file when it is loaded",
        function(buf) return self:attach(buf) end
    )
    on(
        "BufWritePost",
        "keep where the notes of a written file are",
        function(buf) return self:written(buf) end
    )
    on(
        {"BufUnload", "BufWipeout"},
        "keep the notes of a buffer that goes",
        function(buf) return self:detach(buf) end
    )
    on(
        "ColorScheme",
        "define the notes' highlight groups again",
        function() return defineHighlights() end
    )
    vim.api.nvim_create_autocmd(
        "VimLeavePre",
        {
            group = self.group,
            desc = "claude-ide: keep where the notes are",
            callback = function() return self:save() end
        }
    )
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_is_loaded(buf) then
            self:attach(buf, true)
        end
    end
end
function NoteBook.prototype.storePath(self)
    return self.file
end
function NoteBook.prototype.note(self, buf, first, last, ranged, text)
    local target = targetOf(buf)
    if target.kind == "none" then
        say("no note here: " .. target.why, "warn")
        return
    end
    local existing = noteAt(
        self:shownIn(buf),
        first,
        last,
        ranged
    )
    local proposal = target.kind == "proposal" and target or nil
    self:write(
        existing,
        linesWord(first, last),
        function(t) return self:add(
            buf,
            {
                path = target.path,
                first = first,
                last = last,
                lines = vim.api.nvim_buf_get_lines(buf, first - 1, last, false),
                text = t,
                proposal = proposal ~= nil and buf or nil,
                inFile = proposal and proposal.inFile,
                plan = proposal and proposal.plan
            }
        ) end,
        text
    )
end
function NoteBook.prototype.noteOnLines(self, view, rows, shown, ranged, text)
    local mine = __TS__ArrayFilter(
        self.notes,
        function(____, n)
            local ____temp_9 = n.path == shown.path and n.plan == nil
            if ____temp_9 then
                local ____shown_turn_8
                if shown.turn then
                    ____shown_turn_8 = n.proposal == nil
                else
                    ____shown_turn_8 = n.proposal == view
                end
                ____temp_9 = ____shown_turn_8
            end
            return ____temp_9
        end
    )
    for ____, n in ipairs(mine) do
        self:sync(n)
    end
    local ____shown_10 = shown
    local first = ____shown_10.first
    local last = ____shown_10.last
    self:write(
        noteAt(mine, first, last, ranged),
        (vim.fn.fnamemodify(shown.path, ":~:.") .. " ") .. linesWord(first, last),
        function(t)
            local ____self_add_18 = self.add
            local ____view_17 = view
            local ____shown_path_12 = shown.path
            local ____first_13 = first
            local ____last_14 = last
            local ____shown_lines_15 = shown.lines
            local ____t_16 = t
            local ____shown_turn_11
            if shown.turn then
                ____shown_turn_11 = nil
            else
                ____shown_turn_11 = view
            end
            return ____self_add_18(self, ____view_17, {
                path = ____shown_path_12,
                first = ____first_13,
                last = ____last_14,
                lines = ____shown_lines_15,
                text = ____t_16,
                proposal = ____shown_turn_11
            }, rows)
        end,
        text
    )
end
function NoteBook.prototype.write(self, existing, where, create, text)
    local function done(answer)
        if answer == nil then
            return
        end
        local trimmed = vim.trim(answer)
        if existing ~= nil then
            if trimmed == "" then
                self:remove(existing)
                say("removed the note on " .. self:where(existing))
            else
                existing.text = trimmed
                existing.sent = false
                self:draw(existing)
                say(("note on " .. self:where(existing)) .. " changed")
            end
        elseif trimmed ~= "" then
            local n = create(trimmed)
            say(("note on " .. self:where(n)) .. " (:ClaudeCodeNotes lists them)")
        end
        self:save()
    end
    if text ~= nil and vim.trim(text) ~= "" then
        done(text)
        return
    end
    vim.ui.input(
        {
            prompt = existing ~= nil and ("Note on " .. self:where(existing)) .. " (empty: remove): " or ("Note on " .. where) .. ": ",
            default = existing and existing.text
        },
        function(input) return done(input) end
    )
end
function NoteBook.prototype.removeAt(self, buf, first, last)
    return self:removeAll(__TS__ArrayFilter(
        self:shownIn(buf),
        function(____, n)
            local from, to = unpack(n.rows or ({n.first, n.last}), 1, 2)
            return from <= last and first <= to
        end
    ))
end
function NoteBook.prototype.removeSent(self)
    return self:removeAll(__TS__ArrayFilter(
        self.notes,
        function(____, n) return n.sent end
    ))
end
function NoteBook.prototype.removeAll(self, gone)
    for ____, n in ipairs(gone) do
        self:remove(n)
    end
    if #gone > 0 then
        self:save()
    end
    return #gone
end
function NoteBook.prototype.quickfixItems(self, which)
    if which == nil then
        which = "all"
    end
    self:syncAll()
    local chosen = __TS__ArrayFilter(
        self.notes,
        function(____, n) return which == "all" or which == "sent" == n.sent end
    )
    local byId = {}
    for ____, n in ipairs(chosen) do
        byId[n.id] = n
    end
    return __TS__ArrayMap(
        self:forModel(chosen),
        function(____, ____bindingPattern0)
            local m
            local id
            id = ____bindingPattern0[1]
            m = ____bindingPattern0[2]
            local n = byId[id]
            local item = {
                lnum = n.first,
                end_lnum = n.last,
                col = 1,
                text = (((n.sent and ("[" .. sentWord(n)) .. "] " or "") .. (m.proposal == true and "[proposal] " or "")) .. (m.plan ~= nil and "[plan] " or "")) .. n.text,
                type = "I"
            }
            if n.proposal ~= nil and n.rows == nil then
                item.bufnr = n.proposal
            else
                item.filename = n.path
            end
            return item
        end
    )
end
function NoteBook.prototype.counts(self)
    return {
        all = #self.notes,
        pending = #__TS__ArrayFilter(
            self.notes,
            function(____, n) return not n.sent end
        )
    }
end
function NoteBook.prototype.pending(self)
    return __TS__ArrayMap(
        __TS__ArrayFilter(
            self.notes,
            function(____, n) return not n.sent end
        ),
        function(____, n) return n.id end
    )
end
function NoteBook.prototype.ofProposal(self, proposal)
    local target = targetOf(proposal)
    local review = vim.b[proposal][REVIEW_VAR]
    local overview = review and review.overview or ((review and review.files) ~= nil and proposal or nil)
    local paths = {}
    if target.kind == "proposal" and target.plan == nil then
        paths[target.path] = true
    end
    local ____temp_27
    if overview ~= nil and vim.api.nvim_buf_is_valid(overview) then
        local ____opt_25 = vim.b[overview][REVIEW_VAR]
        ____temp_27 = ____opt_25 and ____opt_25.files
    else
        ____temp_27 = nil
    end
    local files = ____temp_27
    for ____, f in ipairs(files or ({})) do
        paths[normalizePath(f)] = true
    end
    return __TS__ArrayMap(
        __TS__ArrayFilter(
            self.notes,
            function(____, n) return not n.sent and (n.proposal == proposal or overview ~= nil and n.proposal == overview or n.proposal == nil and n.plan == nil and paths[n.path] ~= nil) end
        ),
        function(____, n) return n.id end
    )
end
function NoteBook.prototype.take(self, ids, toFar)
    local wanted = {}
    for ____, id in ipairs(ids) do
        wanted[id] = true
    end
    local taken = __TS__ArrayFilter(
        self.notes,
        function(____, n) return not n.sent and wanted[n.id] ~= nil end
    )
    if #taken == 0 then
        return nil
    end
    for ____, n in ipairs(taken) do
        self:sync(n)
    end
    local message = notesMessage(
        __TS__ArrayMap(
            self:forModel(taken),
            function(____, ____bindingPattern0)
                local m
                m = ____bindingPattern0[2]
                return m
            end
        ),
        toFar
    )
    for ____, n in ipairs(taken) do
        n.sent = true
        n.sentFirst = n.first
        n.sentLast = n.last
        self:draw(n)
    end
    self:save()
    return message
end
function NoteBook.prototype.sentNotes(self)
    return __TS__ArrayMap(
        __TS__ArrayFilter(
            self.notes,
            function(____, n) return n.sent and n.answered ~= true and n.proposal == nil and n.plan == nil end
        ),
        function(____, n) return {
            id = n.id,
            path = n.path,
            first = n.sentFirst or n.first,
            last = n.sentLast or n.last,
            text = n.text
        } end
    )
end
function NoteBook.prototype.markAnswered(self, answered, unanswered)
    local function set(ids, value)
        for ____, id in ipairs(ids) do
            do
                local n = __TS__ArrayFind(
                    self.notes,
                    function(____, x) return x.id == id end
                )
                if n == nil or n.answered == true then
                    goto __continue82
                end
                n.answered = value
                self:draw(n)
            end
            ::__continue82::
        end
    end
    set(answered, true)
    set(unanswered, false)
    if #answered + #unanswered > 0 then
        self:save()
    end
end
function NoteBook.prototype.dispose(self)
    for buf in pairs(self.placing) do
        self.placing[buf] = nil
    end
    self:save()
    pcall(vim.api.nvim_del_augroup_by_id, self.group)
    for ____, n in ipairs(self.notes) do
        self:unshow(n)
    end
end
function NoteBook.prototype.add(self, buf, fields, rows)
    local ____fields_31 = fields
    local ____self_28, ____nextId_29 = self, "nextId"
    local ____self_nextId_30 = ____self_28[____nextId_29]
    ____self_28[____nextId_29] = ____self_nextId_30 + 1
    local n = __TS__ObjectAssign({}, ____fields_31, {id = ____self_nextId_30, sent = false})
    local ____self_notes_32 = self.notes
    ____self_notes_32[#____self_notes_32 + 1] = n
    self:show(n, buf, rows)
    return n
end
function NoteBook.prototype.remove(self, n)
    for ____, p in pairs(self.placing) do
        p.waiting[n] = nil
    end
    self:unshow(n)
    local at = __TS__ArrayIndexOf(self.notes, n)
    if at >= 0 then
        __TS__ArraySplice(self.notes, at, 1)
    end
end
function NoteBook.prototype.where(self, n)
    local name = n.plan ~= nil and ("the plan \"" .. n.plan) .. "\"" or vim.fn.fnamemodify(n.path, ":~:.")
    local proposal = n.proposal ~= nil and n.plan == nil and n.inFile ~= true
    return ((name .. (proposal and " (proposal)" or "")) .. ":") .. tostring(n.first == n.last and n.first or (tostring(n.first) .. "-") .. tostring(n.last))
end
function NoteBook.prototype.shownIn(self, buf)
    self:settle()
    local out = __TS__ArrayFilter(
        self.notes,
        function(____, n) return n.buf == buf end
    )
    for ____, n in ipairs(out) do
        self:sync(n)
    end
    return out
end
function NoteBook.prototype.forModel(self, notes)
    local byModel = {}
    local models = __TS__ArrayMap(
        notes,
        function(____, n)
            local m = {
                path = n.path,
                first = n.first,
                last = n.last,
                lines = n.lines,
                text = n.text,
                proposal = n.proposal ~= nil and n.inFile ~= true and n.plan == nil,
                plan = n.plan
            }
            byModel[m] = n.id
            return m
        end
    )
    return __TS__ArrayMap(
        ordered(models),
        function(____, m) return {byModel[m], m} end
    )
end
function NoteBook.prototype.sync(self, n)
    self:settle()
    if n.buf == nil or n.mark == nil or n.rows ~= nil then
        return
    end
    if not vim.api.nvim_buf_is_loaded(n.buf) then
        return
    end
    local row, ____, details = unpack(
        vim.api.nvim_buf_get_extmark_by_id(n.buf, self.ns, n.mark, {details = true}),
        1,
        3
    )
    if row == nil or details == nil or details.invalid == true then
        return
    end
    local endRow = type(details.end_row) == "number" and details.end_row or row
    local first = row + 1
    local last = math.max(first, endRow + 1)
    n.first = first
    n.last = last
    n.lines = vim.api.nvim_buf_get_lines(n.buf, first - 1, last, false)
    if n.virt ~= nil then
        local vrow = unpack(
            vim.api.nvim_buf_get_extmark_by_id(n.buf, self.ns, n.virt, {}),
            1,
            1
        )
        if vrow ~= endRow then
            self:draw(n)
        end
    end
end
function NoteBook.prototype.syncAll(self)
    for ____, n in ipairs(self.notes) do
        self:sync(n)
    end
end
function NoteBook.prototype.show(self, n, buf, rows)
    self:unshow(n)
    if rows == nil then
        local count = vim.api.nvim_buf_line_count(buf)
        n.first = math.min(n.first, count)
        n.last = math.min(
            math.max(n.last, n.first),
            count
        )
    end
    n.rows = rows
    n.buf = buf
    self:draw(n)
end
function NoteBook.prototype.draw(self, n)
    local buf = n.buf
    if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
        return
    end
    local firstRow, lastRow = unpack(n.rows or ({n.first, n.last}), 1, 2)
    local last = vim.api.nvim_buf_get_lines(buf, lastRow - 1, lastRow, false)[1] or ""
    local hl = n.sent and n.answered ~= true and ____exports.NOTE_SENT_HL or ____exports.NOTE_HL
    local range = {
        end_row = lastRow - 1,
        end_col = #last,
        sign_text = SIGN,
        sign_hl_group = n.sent and ____exports.NOTE_SENT_HL or ____exports.NOTE_SIGN_HL,
        undo_restore = true,
        invalidate = true
    }
    if n.mark ~= nil then
        range.id = n.mark
    end
    n.mark = vim.api.nvim_buf_set_extmark(
        buf,
        self.ns,
        firstRow - 1,
        0,
        range
    )
    local texts = (string.find(n.text, "\n", 1, true)) == nil and ({n.text}) or vim.split(n.text, "\n", {plain = true})
    local lines = __TS__ArrayMap(
        texts,
        function(____, line, i) return {
            {
                i == 0 and (SIGN .. " ") .. (n.sent and ("(" .. sentWord(n)) .. ") " or "") or "  ",
                n.sent and ____exports.NOTE_SENT_HL or ____exports.NOTE_SIGN_HL
            },
            {line, hl}
        } end
    )
    local text = {virt_lines = lines, undo_restore = true, invalidate = true}
    if n.virt ~= nil then
        text.id = n.virt
    end
    n.virt = vim.api.nvim_buf_set_extmark(
        buf,
        self.ns,
        lastRow - 1,
        0,
        text
    )
end
function NoteBook.prototype.unshow(self, n)
    if n.buf ~= nil and vim.api.nvim_buf_is_valid(n.buf) then
        if n.mark ~= nil then
            pcall(vim.api.nvim_buf_del_extmark, n.buf, self.ns, n.mark)
        end
        if n.virt ~= nil then
            pcall(vim.api.nvim_buf_del_extmark, n.buf, self.ns, n.virt)
        end
    end
    n.buf = nil
    n.mark = nil
    n.virt = nil
    n.rows = nil
end
function NoteBook.prototype.attach(self, buf, waking)
    if waking == nil then
        waking = false
    end
    local target = targetOf(buf)
    if target.kind ~= "file" then
        return
    end
    local mine = __TS__ArrayFilter(
        self.notes,
        function(____, n) return n.proposal == nil and n.plan == nil and n.path == target.path and n.buf ~= buf end
    )
    if #mine == 0 then
        return
    end
    local notes = mine
    local nearCount = 0
    if #mine > AT_ONCE_NOTES then
        local near = {}
        local far = {}
        local cursors = __TS__ArrayMap(
            vim.fn.win_findbuf(buf),
            function(____, w) return {
                row = vim.api.nvim_win_get_cursor(w)[1],
                height = vim.api.nvim_win_get_height(w)
            } end
        )
        for ____, n in ipairs(mine) do
            local ____temp_33 = __TS__ArraySome(
                cursors,
                function(____, c) return math.abs(n.first - c.row) <= c.height end
            ) and near or far
            ____temp_33[#____temp_33 + 1] = n
        end
        local ____array_34 = __TS__SparseArrayNew(unpack(near))
        __TS__SparseArrayPush(
            ____array_34,
            unpack(far)
        )
        notes = {__TS__SparseArraySpread(____array_34)}
        nearCount = #near
    end
    local waiting = {}
    for ____, n in ipairs(notes) do
        waiting[n] = true
    end
    local old = self.placing[buf]
    for ____, n in ipairs(old and old.notes or ({})) do
        if (old and old.waiting[n] ~= nil) == true and not (waiting[n] ~= nil) then
            notes[#notes + 1] = n
            waiting[n] = true
        end
    end
    self.placing[buf] = {notes = notes, next = 0, near = nearCount, waiting = waiting}
    if #mine <= AT_ONCE_NOTES then
        self:place(buf)
    elseif waking then
        self:placeLater(buf, 0)
    else
        self:place(buf, 0)
    end
end
function NoteBook.prototype.place(self, buf, budget)
    local p = self.placing[buf]
    if p == nil then
        return
    end
    if not vim.api.nvim_buf_is_loaded(buf) then
        self.placing[buf] = nil
        return
    end
    local function text()
        local tick = vim.api.nvim_buf_get_changedtick(buf)
        local ____opt_39 = p.text
        if (____opt_39 and ____opt_39.tick) ~= tick then
            p.text = bufferText(buf, tick)
        end
        return p.text
    end
    local start = vim.uv.hrtime()
    while p.next < #p.notes do
        do
            local n = p.notes[p.next + 1]
            p.next = p.next + 1
            if not (p.waiting[n] ~= nil) then
                goto __continue145
            end
            p.waiting[n] = nil
            if n.buf == buf or n.proposal ~= nil then
                goto __continue145
            end
            local found = self:locate(buf, n, text)
            if found ~= nil then
                local ____temp_41 = {found, found + n.last - n.first}
                n.first = ____temp_41[1]
                n.last = ____temp_41[2]
            end
            self:show(n, buf)
            if budget ~= nil and p.next >= p.near and (vim.uv.hrtime() - start) / 1000000 >= budget then
                break
            end
        end
        ::__continue145::
    end
    if p.next >= #p.notes then
        self.placing[buf] = nil
        return
    end
    self:placeLater(buf, SLICE_MS)
end
function NoteBook.prototype.placeLater(self, buf, budget)
    local p = self.placing[buf]
    vim.defer_fn(
        function()
            if p ~= nil and self.placing[buf] == p then
                self:place(buf, budget)
            end
        end,
        0
    )
end
function NoteBook.prototype.settle(self)
    if next(self.placing) == nil then
        return
    end
    local bufs = {}
    for buf in pairs(self.placing) do
        bufs[#bufs + 1] = buf
    end
    for ____, buf in ipairs(bufs) do
        self:place(buf)
    end
end
function NoteBook.prototype.locate(self, buf, n, text)
    if #n.lines == 0 then
        return nil
    end
    local function same(lines, offset)
        do
            local i = 0
            while i < #n.lines do
                if lines[offset + i + 1] ~= n.lines[i + 1] then
                    return false
                end
                i = i + 1
            end
        end
        return true
    end
    if same(
        vim.api.nvim_buf_get_lines(buf, n.first - 1, n.first - 1 + #n.lines, false),
        0
    ) then
        return n.first
    end
    local ____text_result_42 = text()
    local all = ____text_result_42.all
    local at = ____text_result_42.at
    local best
    for ____, start in ipairs(at[n.lines[1]] or ({})) do
        if same(all, start - 1) and (best == nil or math.abs(start - n.first) < math.abs(best - n.first)) then
            best = start
        end
    end
    return best
end
function NoteBook.prototype.written(self, buf)
    self:settle()
    if not __TS__ArraySome(
        self.notes,
        function(____, n) return n.buf == buf end
    ) then
        return
    end
    self:shownIn(buf)
    self:save()
end
function NoteBook.prototype.detach(self, buf)
    self.placing[buf] = nil
    local here = __TS__ArrayFilter(
        self.notes,
        function(____, n) return n.buf == buf or n.proposal == buf end
    )
    if #here == 0 then
        return
    end
    local modified = vim.api.nvim_get_option_value("modified", {buf = buf}) == true
    local files = {}
    for ____, n in ipairs(here) do
        if n.proposal ~= nil or not modified then
            self:sync(n)
        end
        n.buf = nil
        n.mark = nil
        n.virt = nil
        if n.rows ~= nil then
            files[n.path] = true
        end
        n.rows = nil
        if n.proposal ~= nil then
            if n.sent or n.plan ~= nil then
                self:remove(n)
            else
                n.proposal = nil
                files[n.path] = true
            end
        end
    end
    for path in pairs(files) do
        local file = findBuffer(path, true)
        if file ~= nil and file ~= buf then
            vim.schedule(function() return self:attach(file) end)
        end
    end
    self:save()
end
function NoteBook.prototype.save(self)
    local kept = {}
    for ____, n in ipairs(self.notes) do
        do
            if n.proposal ~= nil then
                goto __continue187
            end
            if n.buf ~= nil and vim.api.nvim_buf_is_loaded(n.buf) and vim.api.nvim_get_option_value("modified", {buf = n.buf}) ~= true then
                self:sync(n)
            end
            kept[#kept + 1] = {
                path = n.path,
                first = n.first,
                last = n.last,
                lines = n.lines,
                text = n.text,
                sent = n.sent,
                sentFirst = n.sentFirst,
                sentLast = n.sentLast,
                answered = n.answered
            }
        end
        ::__continue187::
    end
    local ok, result = pcall(writeStore, self.file, self.cwd, kept)
    if not ok then
        say(
            (("notes: cannot keep them in " .. self.file) .. ": ") .. tostring(result),
            "warn"
        )
    elseif not result.ok then
        say((("notes: cannot keep them in " .. self.file) .. ": ") .. result.error, "warn")
    end
end
--- A NoteBook for the working directory (services.ts makes it on first use).
function ____exports.createNoteBook(cwd)
    return __TS__New(____exports.NoteBook, cwd)
end
return ____exports
