-- Generated from src/claude-ide/hooks/turn.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local ____exports = {}
local ____contracts = require("claude-ide.contracts")
local WHOLE_FILE_KEY = ____contracts.WHOLE_FILE_KEY
local ____log = require("claude-ide.log")
local say = ____log.say
local snapshot = require("claude-ide.editor.snapshot.snapshot")
local ____apply = require("claude-ide.editor.write.apply")
local applyText = ____apply.applyText
local sameLines = ____apply.sameLines
local ____buffers = require("claude-ide.editor.buffers")
local PLUGIN_WRITE_VAR = ____buffers.PLUGIN_WRITE_VAR
local findBuffer = ____buffers.findBuffer
local ____diff_text = require("claude-ide.editor.review.diff_text")
local textLines = ____diff_text.textLines
local ____hunks = require("claude-ide.editor.review.hunks")
local blocksOf = ____hunks.diffHunks
local ____file_ops = require("claude-ide.editor.write.file_ops")
local deleteFile = ____file_ops.deleteFile
local renameFile = ____file_ops.renameFile
local ____diff = require("claude-ide.editor.review.diff")
local EVENT_RESOLVED = ____diff.EVENT_RESOLVED
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local ____words = require("claude-ide.util.words")
local plural = ____words.plural
local ____router = require("claude-ide.hooks.router")
local CLIENT_TITLES = ____router.CLIENT_TITLES
local ____settings = require("claude-ide.hooks.settings")
local MUTATING_TOOLS = ____settings.MUTATING_TOOLS
local ____interrupt = require("claude-ide.hooks.interrupt")
local transcriptOf = ____interrupt.transcriptOf
local watchInterrupt = ____interrupt.watchInterrupt
--- How long a hook waits for a snapshot at most (Claude Code gives UserPromptSubmit 30 s in all).
local SNAPSHOT_WAIT_MS = 25000
--- How long the prompt waits for the turn's start snapshot when its CLI has the gate (HOOK_ENTRIES): a big
-- folder's snapshot goes on while the model reads the prompt, and the first tool that changes a file waits for it.
local PROMPT_WAIT_MS = 150
--- How long an edit tool's hook waits for its file's text before the turn to be kept (keepBaseline).
local KEEP_WAIT_MS = 5000
--- The session of :ClaudeCodeCheckpoint's snapshots (no CLI).
local CHECKPOINT = "checkpoint"
--- The files named in a message about a turn's changes, at most.
local NAMED_FILES = 6
--- `a.lua, b.lua and 3 more`.
local function fileNames(labels)
    if #labels <= NAMED_FILES then
        return table.concat(labels, ", ")
    end
    return ((table.concat(
        __TS__ArraySlice(labels, 0, NAMED_FILES),
        ", "
    ) .. " and ") .. tostring(#labels - NAMED_FILES)) .. " more"
end
--- The wait for a snapshot given up after `ms`.
local function late(ms)
    return {
        ok = false,
        error = ("no answer within " .. tostring(ms / 1000)) .. " s",
        lateSeconds = ms / 1000
    }
end
--- Parks hook `ev` until `start` calls its `done` (once: later calls do nothing), or `ms` pass: then `late()` runs
-- and its value is the answer.
local function parkAtMost(ev, ms, start, late)
    return ev.park(function(resume)
        local settled = false
        local function finish(value)
            if settled then
                return
            end
            settled = true
            resume(value)
        end
        vim.defer_fn(
            function()
                if not settled then
                    finish(late())
                end
            end,
            ms
        )
        start(finish)
    end)
end
local function contains(folder, path)
    return folder == "/" or path == folder or vim.startswith(path, folder .. "/")
end
local function linesOf(bytes)
    return bytes == nil and ({}) or textLines(bytes)
end
--- The hunks between two texts, the blocks the review shows (editor/review/hunks), with 1-based starts (an
-- insertion's aStart is the line it goes before).
local function diffHunks(a, b)
    if sameLines(a, b) then
        return {}
    end
    return __TS__ArrayMap(
        blocksOf(a, b),
        function(____, h) return {aStart = h.aCount == 0 and h.a + 1 or h.a, aCount = h.aCount, bStart = h.bCount == 0 and h.b + 1 or h.b, bCount = h.bCount} end
    )
end
--- Hunks between two texts.
local function hunks(a, b)
    return #diffHunks(a, b)
end
--- What a hunk does, wherever it is: the lines it removes and the lines it adds.
local function hunkKey(a, b, h)
    local removed = __TS__ArraySlice(a, h.aStart - 1, h.aStart - 1 + h.aCount)
    local added = __TS__ArraySlice(b, h.bStart - 1, h.bStart - 1 + h.bCount)
    return (((((tostring(h.aCount) .. ":") .. tostring(h.bCount)) .. "\0") .. table.concat(removed, "\n")) .. "\0") .. table.concat(added, "\n")
end
--- `before` with the hunks of before → after that were accepted in a review (the same lines removed and added,
-- wherever they sit) taken from `after`; how many hunks there are and how many were taken.
local function takeReviewed(before, after, accepted)
    local keys = {}
    for ____, r in ipairs(accepted) do
        local from = r.before ~= nil and textLines(r.before) or before
        local to = textLines(r.text)
        for ____, h in ipairs(diffHunks(from, to)) do
            keys[hunkKey(from, to, h)] = true
        end
    end
    local lines = {}
    local next = 1
    local taken = 0
    local found = diffHunks(before, after)
    for ____, h in ipairs(found) do
        do
            local i = next
            while i < h.aStart do
                lines[#lines + 1] = before[i]
                i = i + 1
            end
        end
        local take = keys[hunkKey(before, after, h)] ~= nil
        if take then
            taken = taken + 1
        end
        local src, start, count = unpack(take and ({after, h.bStart, h.bCount}) or ({before, h.aStart, h.aCount}), 1, 3)
        do
            local i = start
            while i < start + count do
                lines[#lines + 1] = src[i]
                i = i + 1
            end
        end
        next = h.aStart + h.aCount
    end
    do
        local i = next
        while i <= #before do
            lines[#lines + 1] = before[i]
            i = i + 1
        end
    end
    return {lines = lines, total = #found, taken = taken}
end
--- The path a tool event names (Claude Code file_path / notebook_path, Gemini CLI and Qwen Code file_path).
local function toolPath(ev)
    local input = ev.input.tool_input
    if type(input) ~= "table" then
        return nil
    end
    local args = input
    for ____, key in ipairs({"file_path", "notebook_path", "absolute_path", "path"}) do
        local value = args[key]
        if type(value) == "string" and value ~= "" then
            return normalize(string.sub(value, 1, 1) == "/" and value or (ev.cwd .. "/") .. value)
        end
    end
    return nil
end
____exports.Turns = __TS__Class()
local Turns = ____exports.Turns
Turns.name = "Turns"
function Turns.prototype.____constructor(self, deps)
    self.deps = deps
    self.sessions = {}
    self.toldLate = {}
    local sessions = self.sessions
    self.augroup = vim.api.nvim_create_augroup(
        "claude-ide.turns." .. tostring(self),
        {clear = true}
    )
    vim.api.nvim_create_autocmd(
        "BufWritePost",
        {
            group = self.augroup,
            desc = "claude-ide: files the user saves during an agent's turn are theirs (never reverted)",
            callback = function(ev)
                if vim.b[ev.buf][PLUGIN_WRITE_VAR] == true then
                    return
                end
                local path = normalize(vim.api.nvim_buf_get_name(ev.buf))
                for ____, s in pairs(sessions) do
                    if s.current ~= nil and contains(s.current.root, path) then
                        s.current.userSaved[path] = true
                    end
                end
            end
        }
    )
    vim.api.nvim_create_autocmd(
        "User",
        {
            group = self.augroup,
            pattern = EVENT_RESOLVED,
            desc = "claude-ide: changes accepted in a review during a turn are reviewed already",
            callback = function(ev)
                local data = ev.data
                if (data and data.result) ~= "FILE_SAVED" or type(data.text) ~= "string" or type(data.file) ~= "string" then
                    return
                end
                local path = normalize(data.file)
                local accepted = {
                    before = type(data.before) == "string" and data.before or nil,
                    text = data.text
                }
                for ____, s in pairs(sessions) do
                    do
                        local t = s.current
                        if t == nil or not contains(t.root, path) then
                            goto __continue44
                        end
                        local list = t.reviewed[path] or ({})
                        list[#list + 1] = accepted
                        t.reviewed[path] = list
                    end
                    ::__continue44::
                end
            end
        }
    )
end
function Turns.prototype.dispose(self)
    pcall(vim.api.nvim_del_augroup_by_id, self.augroup)
    for ____, s in pairs(self.sessions) do
        local ____opt_4 = s.current
        local ____opt_2 = ____opt_4 and ____opt_4.unwatch
        if ____opt_2 ~= nil then
            ____opt_2()
        end
    end
end
function Turns.prototype.register(self, router)
    router:on({
        name = "turn snapshot",
        events = {"turn-start"},
        handler = function(ev) return self:started(ev) end
    })
    router:on({
        name = "turn review",
        events = {"turn-end"},
        handler = function(ev) return self:ended(ev) end
    })
    for client, tools in pairs(MUTATING_TOOLS) do
        router:on({
            name = "turn gate",
            clients = {client},
            events = {"PreToolUse", "BeforeTool"},
            tools = tools,
            handler = function(ev) return self:gated(ev) end
        })
    end
    router:on({
        name = "files of the agent's edit tools",
        events = {"PostToolUse", "AfterTool"},
        handler = function(ev)
            local path = toolPath(ev)
            local ____opt_6 = self.sessions[ev.session]
            local t = ____opt_6 and ____opt_6.current
            if path ~= nil and t ~= nil then
                t.toolFiles[path] = true
                self:keepBaseline(ev, t, path)
            end
            return nil
        end
    })
end
function Turns.prototype.keepBaseline(self, ev, t, path)
    if t.failed ~= nil or t.start == "" or t.kept[path] ~= nil or not contains(t.root, path) then
        return
    end
    t.kept[path] = true
    local log = self.deps.log
    parkAtMost(
        ev,
        KEEP_WAIT_MS,
        function(done) return snapshot.keepBaselines(
            {root = t.root, manifest = t.start, paths = {path}, base = self.deps.base},
            function(why)
                if why ~= nil then
                    log:warn((((("turn " .. tostring(t.n)) .. ": the text of ") .. path) .. " before the turn is not kept: ") .. why)
                end
                done(why == nil)
            end
        ) end,
        function() return false end
    )
end
function Turns.prototype.session(self, key, title)
    local s = self.sessions[key]
    if s == nil then
        s = {key = key, title = title, turns = 0, history = {}}
        self.sessions[key] = s
    end
    return s
end
function Turns.prototype.snapshot(self, s, root, name, previous, done)
    local c = self.deps.config.review
    snapshot.take({
        root = root,
        session = s.key,
        name = name,
        previous = previous,
        maxFileBytes = c.max_file_bytes,
        keep = c.keep_turns,
        base = self.deps.base
    }, done)
end
function Turns.prototype.snapshotNow(self, ev, s, root, name, previous)
    local wait = self:snapshotWait()
    return parkAtMost(
        ev,
        wait,
        function(done) return self:snapshot(
            s,
            root,
            name,
            previous,
            done
        ) end,
        function() return late(wait) end
    )
end
function Turns.prototype.tellUnreviewed(self, s, n, root, r)
    self.deps.log:warn((("no snapshot of turn " .. tostring(n)) .. ": ") .. r.error)
    if not (r.lateSeconds ~= nil) then
        say(
            (((("turn " .. tostring(n)) .. " of ") .. s.title) .. " will not be reviewed: ") .. r.error,
            "error"
        )
        return
    end
    if self.toldLate[root] ~= nil then
        return
    end
    self.toldLate[root] = true
    say(
        ((((((("turn " .. tostring(n)) .. " of ") .. s.title) .. " will not be reviewed: the snapshot of ") .. root) .. " took over ") .. tostring(r.lateSeconds)) .. " s (a big folder; it goes on in the background, and the next turns start from it). :ClaudeCodeCheckpoint takes one now: :ClaudeCodeReview then shows what changed since",
        "warn"
    )
end
function Turns.prototype.started(self, ev)
    if self.deps.config.review.turn == false then
        return nil
    end
    local s = self:session(ev.session, CLIENT_TITLES[ev.client])
    local promptId = type(ev.input.prompt_id) == "string" and ev.input.prompt_id ~= "" and ev.input.prompt_id or nil
    if promptId ~= nil and s.current ~= nil and s.current.promptId == promptId then
        return nil
    end
    s.owner = ev.owner() or s.owner
    local root = normalize(ev.cwd)
    local unended = s.current
    local ____opt_8 = unended and unended.unwatch
    if ____opt_8 ~= nil then
        ____opt_8()
    end
    local endsHere = unended ~= nil and unended.root == root and unended.failed == nil and unended.start ~= "" and unended or nil
    local why = snapshot.refusal(root)
    if why ~= nil then
        self.deps.log:info("no turn review for this turn: " .. why)
        s.current = nil
        return nil
    end
    local n = s.turns + 1
    local last = s.last ~= nil and s.last.root == root and s.last.failed == nil and s.last or nil
    local previous = endsHere and endsHere.start or last and last["end"] or last and last.start
    local t = {
        n = n,
        promptId = promptId,
        root = root,
        start = "",
        waiters = {},
        reviewed = {},
        userSaved = {},
        toolFiles = {},
        kept = {}
    }
    s.turns = n
    s.current = t
    s.history[n] = t
    s.history[n - self.deps.config.review.keep_turns] = nil
    local ____temp_18
    if ev.far == nil then
        ____temp_18 = transcriptOf(ev.input)
    else
        ____temp_18 = nil
    end
    local transcript = ____temp_18
    if transcript ~= nil then
        t.unwatch = watchInterrupt(
            transcript,
            function() return self:interrupted(s, t) end
        )
    end
    self:snapshot(
        s,
        root,
        tostring(n) .. ".start",
        previous,
        function(r)
            if not r.ok and previous ~= nil and (string.find(r.error, snapshot.DAMAGED, 1, true)) ~= nil then
                self.deps.log:warn(((("turn " .. tostring(n)) .. ": ") .. r.error) .. "; taken again without it")
                if endsHere ~= nil then
                    self:close(s, endsHere, r)
                end
                self:snapshot(
                    s,
                    root,
                    tostring(n) .. ".start",
                    nil,
                    function(again) return self:settle(s, t, again) end
                )
                return
            end
            if endsHere ~= nil then
                self:close(s, endsHere, r)
            end
            self:settle(s, t, r)
        end
    )
    local gated = MUTATING_TOOLS[ev.client] ~= nil
    local wait = self:snapshotWait()
    self:awaitStart(
        ev,
        s,
        t,
        gated and math.min(self.deps.promptWaitMs or PROMPT_WAIT_MS, wait) or wait,
        not gated
    )
    return nil
end
function Turns.prototype.gated(self, ev)
    local s = self.sessions[ev.session]
    local t = s and s.current
    if s ~= nil and t ~= nil then
        self:awaitStart(
            ev,
            s,
            t,
            self:snapshotWait(),
            true
        )
    end
    return nil
end
function Turns.prototype.snapshotWait(self)
    return self.deps.snapshotWaitMs or SNAPSHOT_WAIT_MS
end
function Turns.prototype.settle(self, s, t, r)
    local waiters = t.waiters
    if waiters == nil then
        return
    end
    t.waiters = nil
    if r.ok then
        t.start = r.manifest
    else
        t.failed = r.error
        self:tellUnreviewed(s, t.n, t.root, r)
    end
    for ____, w in ipairs(waiters) do
        w()
    end
end
function Turns.prototype.awaitStart(self, ev, s, t, waitMs, giveUp)
    if t.waiters == nil then
        return
    end
    local waiters = t.waiters
    parkAtMost(
        ev,
        waitMs,
        function(done)
            local ____temp_21 = #waiters + 1
            waiters[____temp_21] = function() return done(true) end
            return ____temp_21
        end,
        function()
            if giveUp then
                self:settle(
                    s,
                    t,
                    late(waitMs)
                )
            end
            return false
        end
    )
end
function Turns.prototype.ended(self, ev)
    local s = self.sessions[ev.session]
    local t = s and s.current
    if s == nil or t == nil then
        return nil
    end
    s.owner = ev.owner() or s.owner
    local ____opt_24 = t.unwatch
    if ____opt_24 ~= nil then
        ____opt_24()
    end
    self:awaitStart(
        ev,
        s,
        t,
        self:snapshotWait(),
        true
    )
    if s.current ~= t then
        return nil
    end
    if t.failed ~= nil then
        self:close(s, t)
        return nil
    end
    s.current = nil
    self:close(
        s,
        t,
        self:snapshotNow(
            ev,
            s,
            t.root,
            tostring(t.n) .. ".end",
            t.start
        )
    )
    return nil
end
function Turns.prototype.interrupted(self, s, t)
    if s.current ~= t then
        return
    end
    if t.waiters ~= nil then
        local ____t_waiters_26 = t.waiters
        ____t_waiters_26[#____t_waiters_26 + 1] = function() return self:interrupted(s, t) end
        return
    end
    self.deps.log:info(((("turn " .. tostring(t.n)) .. " of ") .. s.title) .. " was interrupted: it ends without its turn-end hook")
    s.current = nil
    if t.failed ~= nil then
        self:close(s, t)
    else
        self:snapshot(
            s,
            t.root,
            tostring(t.n) .. ".end",
            t.start,
            function(r) return self:close(s, t, r) end
        )
    end
end
function Turns.prototype.close(self, s, t, result)
    local ____opt_27 = t.unwatch
    if ____opt_27 ~= nil then
        ____opt_27()
    end
    if s.current == t then
        s.current = nil
    end
    s.last = t
    self.lastSession = s.key
    if result == nil or t.failed ~= nil then
        say(
            ((((("turn " .. tostring(t.n)) .. " of ") .. s.title) .. " is not reviewed: its start snapshot failed (") .. tostring(t.failed)) .. ")",
            "warn"
        )
        return
    end
    if not result.ok and (string.find(result.error, snapshot.DAMAGED, 1, true)) ~= nil then
        self.deps.log:warn((("no review of turn " .. tostring(t.n)) .. ": ") .. result.error)
        t.failed = result.error
        say(
            ((((("turn " .. tostring(t.n)) .. " of ") .. s.title) .. " is not reviewed: its start snapshot is damaged (") .. result.error) .. ")",
            "error"
        )
        return
    end
    if not result.ok then
        self.deps.log:warn((("no review of turn " .. tostring(t.n)) .. ": ") .. result.error)
        say(
            ((((("turn " .. tostring(t.n)) .. " of ") .. s.title) .. " is not reviewed: its end snapshot failed (") .. result.error) .. "); :ClaudeCodeReview tries again",
            "error"
        )
        return
    end
    t["end"] = result.manifest
    local mode = self.deps.config.review.turn
    vim.defer_fn(
        function() return self:present(s, t, t["end"], mode == "manual" and "manual" or "auto") end,
        0
    )
end
function Turns.prototype.items(self, t, to)
    local store = snapshot.storeOf(t.root, self.deps.base)
    local changes = snapshot.changesOf(to, store)
    return __TS__ArrayMap(
        changes,
        function(____, change)
            local abs = (t.root .. "/") .. change.path
            local ____temp_29
            if change.before ~= nil then
                ____temp_29 = snapshot.objectBytes(store, change.before)
            else
                ____temp_29 = nil
            end
            local before = ____temp_29
            local ____temp_30
            if change.after ~= nil then
                ____temp_30 = snapshot.objectBytes(store, change.after)
            else
                ____temp_30 = nil
            end
            local after = ____temp_30
            local accepted = t.reviewed[abs]
            local beforeLines = linesOf(before)
            local afterLines = linesOf(after)
            local taken = accepted ~= nil and after ~= nil and change.kind ~= "renamed" and takeReviewed(beforeLines, afterLines, accepted) or ({
                lines = beforeLines,
                total = hunks(beforeLines, afterLines),
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
function Turns.prototype.present(self, s, t, to, mode)
    local items = self:items(t, to)
    if #items == 0 then
        if mode == "command" then
            say(((("turn " .. tostring(t.n)) .. " of ") .. s.title) .. " changed no file (or they are back as they were)")
        end
        return
    end
    local shell = #__TS__ArrayFilter(
        items,
        function(____, i) return not i.byTool and i.yours == nil end
    )
    local title = ((((("✻ [" .. s.title) .. "] turn ") .. tostring(t.n)) .. ": ") .. plural(#items, "file")) .. (shell > 0 and (", " .. tostring(shell)) .. " by shell commands" or "")
    local open = __TS__ArrayFilter(
        items,
        function(____, i) return (mode == "command" or not i.reviewed) and not i.binary end
    )
    local binary = __TS__ArrayMap(
        __TS__ArrayFilter(
            items,
            function(____, i) return i.binary end
        ),
        function(____, i) return i.label end
    )
    local binaryNote = #binary > 0 and (" (not shown, binary: " .. table.concat(binary, ", ")) .. ")" or ""
    if #open == 0 then
        say((title .. ": every change was reviewed already") .. binaryNote)
        return
    end
    if mode == "manual" then
        say(((((title .. " (") .. fileNames(__TS__ArrayMap(
            open,
            function(____, i) return i.label end
        ))) .. ")") .. binaryNote) .. ": :ClaudeCodeReview to review them")
        return
    end
    if mode == "command" then
        for ____, i in ipairs(open) do
            i.decided = nil
        end
    end
    self:openReview(
        s,
        t,
        open,
        title,
        binaryNote
    )
end
function Turns.prototype.summaryOf(self, i)
    local how = i.byTool and "by the agent's edits" or (i.yours ~= nil and "by you" or "by a shell command")
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
function Turns.prototype.openReview(self, s, t, items, title, binaryNote)
    local files = __TS__ArrayMap(
        items,
        function(____, i) return {
            path = i.abs,
            label = i.label,
            current = i.decided or (i.before ~= nil and linesOf(i.before) or nil),
            proposal = linesOf(i.after),
            summary = self:summaryOf(i),
            dirty = false,
            renamedFrom = i.change.from,
            baseLabel = "Before turn " .. tostring(t.n)
        } end
    )
    local whole = {}
    local keys = {{
        lhs = WHOLE_FILE_KEY,
        desc = "revert this whole file (created: delete it again; deleted: restore it; renamed: move it back)",
        fn = function(index, setProposal)
            local i = items[index + 1]
            if i.yours ~= nil then
                say(((i.label .. " is yours (") .. i.yours) .. "): not reverted", "warn")
                return
            end
            whole[index] = true
            say(i.label .. ": the whole file is to revert, once you apply (:w)")
            setProposal(linesOf(i.before))
        end
    }}
    local ____temp_31
    if s.key == CHECKPOINT then
        ____temp_31 = false
    else
        ____temp_31 = function(text) return self:note(s, t, text) end
    end
    local note = ____temp_31
    local opened = self.deps.services.diff.openMulti({
        title = title,
        files = files,
        clientId = s.owner,
        client = s.title,
        keys = keys,
        turn = true,
        note = note
    })
    if not opened.ok then
        say(
            ((((((("the review of turn " .. tostring(t.n)) .. " cannot open (") .. opened.error) .. "); it changed ") .. fileNames(__TS__ArrayMap(
                items,
                function(____, i) return i.label end
            ))) .. ": :ClaudeCodeReview ") .. tostring(t.n)) .. " reviews them",
            "error"
        )
        return
    end
    if binaryNote ~= "" then
        say(title .. binaryNote)
    end
    opened.review.onDecision(function(outcome)
        if not outcome.accepted then
            if outcome.reason ~= nil and note ~= false then
                note(outcome.reason)
            end
            say("kept every change of turn " .. tostring(t.n))
            return
        end
        self:apply(
            s,
            t,
            items,
            outcome.files,
            whole
        )
    end)
end
function Turns.prototype.note(self, s, t, text)
    self.deps.services.notes:add(
        (("About your turn " .. tostring(t.n)) .. ", the user's note from their editor's review: ") .. text,
        {session = s.key, clientId = s.owner}
    )
    say(((("turn " .. tostring(t.n)) .. ": your note goes to ") .. s.title) .. " with your next prompt")
end
function Turns.prototype.apply(self, s, t, items, finals, whole)
    local reverted = {}
    local refused = {}
    __TS__ArrayForEach(
        items,
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
            local done = self:revert(i, wholeFile, final, afterLines)
            if done.ok then
                reverted[#reverted + 1] = done.what
            else
                refused[#refused + 1] = (i.label .. ": ") .. done.error
            end
        end
    )
    if #reverted > 0 then
        self.deps.services.notes:add(
            ((("After your turn " .. tostring(t.n)) .. " the user reverted some of your changes in their editor (the files on disk are as the user left them): ") .. table.concat(reverted, "; ")) .. ".",
            {session = s.key, clientId = s.owner}
        )
    end
    local parts = {}
    if #reverted > 0 then
        parts[#parts + 1] = "reverted " .. table.concat(reverted, "; ")
    end
    if #refused > 0 then
        parts[#parts + 1] = "not reverted: " .. table.concat(refused, "; ")
    end
    say(
        #parts > 0 and (("turn " .. tostring(t.n)) .. ": ") .. table.concat(parts, ". ") or "kept every change of turn " .. tostring(t.n),
        #refused > 0 and "warn" or "info"
    )
end
function Turns.prototype.freshen(self, path)
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
function Turns.prototype.revert(self, i, wholeFile, final, afterLines)
    local beforeLines = linesOf(i.before)
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
        self:freshen(i.abs)
        local moved = renameFile(i.abs, i.fromAbs, false)
        if not moved.ok then
            return moved
        end
        if not sameLines(beforeLines, afterLines) then
            self:freshen(i.fromAbs)
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
    self:freshen(i.abs)
    local r = applyText(i.abs, afterLines, target)
    if not r.ok then
        return r
    end
    local total = hunks(beforeLines, afterLines)
    local left = hunks(beforeLines, target)
    return {
        ok = true,
        what = (wholeFile or left == 0) and i.label .. " (every change reverted)" or ((((i.label .. " (") .. tostring(total - left)) .. " of ") .. plural(total, "changed hunk")) .. " reverted)"
    }
end
function Turns.prototype.reviewAgain(self, n)
    local ____temp_32
    if self.lastSession ~= nil then
        ____temp_32 = self.sessions[self.lastSession]
    else
        ____temp_32 = nil
    end
    local s = ____temp_32
    if s == nil then
        say("no turn to review yet (the turn review starts with the first prompt after :ClaudeCode)", "warn")
        return
    end
    local ____temp_33
    if n ~= nil then
        ____temp_33 = s.history[n]
    else
        ____temp_33 = s.last
    end
    local t = ____temp_33
    if t == nil then
        say(
            ((((s.title .. " has no turn ") .. tostring(n)) .. " (kept: the last ") .. tostring(self.deps.config.review.keep_turns)) .. ")",
            "warn"
        )
        return
    end
    if t.failed ~= nil then
        say(
            ((((("turn " .. tostring(t.n)) .. " of ") .. s.title) .. " cannot be reviewed: its start snapshot failed (") .. t.failed) .. ")",
            "warn"
        )
        return
    end
    self:snapshot(
        s,
        t.root,
        "now",
        t.start,
        function(r)
            if not r.ok then
                say(
                    (("cannot review turn " .. tostring(t.n)) .. ": ") .. r.error,
                    "error"
                )
            else
                self:present(s, t, r.manifest, "command")
            end
        end
    )
end
function Turns.prototype.turnNumbers(self)
    local ____temp_34
    if self.lastSession ~= nil then
        ____temp_34 = self.sessions[self.lastSession]
    else
        ____temp_34 = nil
    end
    local s = ____temp_34
    local out = {}
    if s ~= nil then
        for n in pairs(s.history) do
            out[#out + 1] = n
        end
    end
    table.sort(out)
    return out
end
function Turns.prototype.checkpoint(self)
    local s = self:session(CHECKPOINT, "checkpoint")
    local root = normalize(vim.fn.getcwd())
    local n = s.turns + 1
    local ____self_snapshot_38 = self.snapshot
    local ____temp_37 = tostring(n) .. ".start"
    local ____opt_35 = s.last
    ____self_snapshot_38(
        self,
        s,
        root,
        ____temp_37,
        ____opt_35 and ____opt_35.start,
        function(r)
            if not r.ok then
                say("no checkpoint: " .. r.error, "error")
                return
            end
            s.turns = n
            local t = {
                n = n,
                root = root,
                start = r.manifest,
                reviewed = {},
                userSaved = {},
                toolFiles = {},
                kept = {}
            }
            s.history[n] = t
            s.last = t
            self.lastSession = s.key
            say(((((((("checkpoint " .. tostring(n)) .. ": ") .. plural(r.files, "file")) .. " of ") .. root) .. " (") .. tostring(r.ms)) .. " ms); :ClaudeCodeReview shows what changed since")
        end
    )
end
return ____exports
