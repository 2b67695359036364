-- Generated from src/claude-ide/hooks/turn.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
local ____log = require("claude-ide.log")
local say = ____log.say
local snapshot = require("claude-ide.editor.snapshot.snapshot")
local ____buffers = require("claude-ide.editor.buffers")
local PLUGIN_WRITE_VAR = ____buffers.PLUGIN_WRITE_VAR
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
local ____turn_review = require("claude-ide.hooks.turn_review")
local presentTurn = ____turn_review.presentTurn
local ____turn_state = require("claude-ide.hooks.turn_state")
local CHECKPOINT = ____turn_state.CHECKPOINT
local contains = ____turn_state.contains
local late = ____turn_state.late
local newTurn = ____turn_state.newTurn
local parkAtMost = ____turn_state.parkAtMost
--- How long a hook waits for a snapshot at most (Claude Code gives UserPromptSubmit 30 s in all).
local SNAPSHOT_WAIT_MS = 25000
--- How long the prompt waits for the turn's start snapshot when its CLI has the gate (HOOK_ENTRIES): a big
-- folder's snapshot goes on while the model reads the prompt, and the first tool that changes a file waits for it.
local PROMPT_WAIT_MS = 150
--- How long an edit tool's hook waits for its file's text before the turn to be kept (keepBaseline).
local KEEP_WAIT_MS = 5000
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
                            goto __continue14
                        end
                        local list = t.reviewed[path] or ({})
                        list[#list + 1] = accepted
                        t.reviewed[path] = list
                    end
                    ::__continue14::
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
    local t = newTurn(n, root, "", promptId)
    t.waiters = {}
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
        function() return presentTurn(
            self.deps,
            s,
            t,
            t["end"],
            mode == "manual" and "manual" or "auto"
        ) end,
        0
    )
end
function Turns.prototype.reviewAgain(self, n)
    local ____temp_29
    if self.lastSession ~= nil then
        ____temp_29 = self.sessions[self.lastSession]
    else
        ____temp_29 = nil
    end
    local s = ____temp_29
    if s == nil then
        say("no turn to review yet (the turn review starts with the first prompt after :ClaudeCode)", "warn")
        return
    end
    local ____temp_30
    if n ~= nil then
        ____temp_30 = s.history[n]
    else
        ____temp_30 = s.last
    end
    local t = ____temp_30
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
                presentTurn(
                    self.deps,
                    s,
                    t,
                    r.manifest,
                    "command"
                )
            end
        end
    )
end
function Turns.prototype.turnNumbers(self)
    local ____temp_31
    if self.lastSession ~= nil then
        ____temp_31 = self.sessions[self.lastSession]
    else
        ____temp_31 = nil
    end
    local s = ____temp_31
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
    local ____self_snapshot_35 = self.snapshot
    local ____temp_34 = tostring(n) .. ".start"
    local ____opt_32 = s.last
    ____self_snapshot_35(
        self,
        s,
        root,
        ____temp_34,
        ____opt_32 and ____opt_32.start,
        function(r)
            if not r.ok then
                say("no checkpoint: " .. r.error, "error")
                return
            end
            s.turns = n
            local t = newTurn(n, root, r.manifest)
            s.history[n] = t
            s.last = t
            self.lastSession = s.key
            say(((((((("checkpoint " .. tostring(n)) .. ": ") .. plural(r.files, "file")) .. " of ") .. root) .. " (") .. tostring(r.ms)) .. " ms); :ClaudeCodeReview shows what changed since")
        end
    )
end
return ____exports
