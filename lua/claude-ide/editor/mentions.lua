-- Generated from src/claude-ide/editor/mentions.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__Class = ____lualib.__TS__Class
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local ____exports = {}
local ____log = require("claude-ide.log")
local Logger = ____log.Logger
local say = ____log.say
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local isAgentFile = ____buffers.isAgentFile
local ____clock = require("claude-ide.util.clock")
local realClock = ____clock.realClock
--- A mention of `path` (absolute or relative to the working directory) with optional 1-based lines as the
-- user counts them (converted to the protocol's 0-based lines). The path must exist and not be a CLI's
-- external-editor file.
function ____exports.makeMention(path, startLine, endLine)
    local filePath = normalizePath(path)
    if (vim.uv.fs_stat(filePath)) == nil then
        return {ok = false, error = "no such file or folder: " .. filePath}
    end
    local buf = findBuffer(filePath, true)
    if buf ~= nil and isAgentFile(buf) then
        return {ok = false, error = "this is a CLI's prompt, being written: :wq sends it, :cq cancels (not mentioned)"}
    end
    if startLine == nil then
        if endLine ~= nil then
            return {ok = false, error = "an end line needs a start line"}
        end
        return {ok = true, mention = {filePath = filePath}}
    end
    local last = endLine or startLine
    if math.floor(startLine) ~= startLine or startLine < 1 then
        return {
            ok = false,
            error = "start line must be a whole number >= 1, got " .. tostring(startLine)
        }
    end
    if math.floor(last) ~= last or last < startLine then
        return {
            ok = false,
            error = (("end line must be a whole number >= the start line (" .. tostring(startLine)) .. "), got ") .. tostring(last)
        }
    end
    return {ok = true, mention = {filePath = filePath, lineStart = startLine - 1, lineEnd = last - 1}}
end
--- How a mention reads in messages: `src/a.ts:3-5` (1-based lines, as the user counts them).
function ____exports.describeMention(m)
    local name = vim.fn.fnamemodify(m.filePath, ":~:.")
    if m.lineStart == nil then
        return name
    end
    local ____end = m.lineEnd or m.lineStart
    return ____end == m.lineStart and (name .. ":") .. tostring(m.lineStart + 1) or (((name .. ":") .. tostring(m.lineStart + 1)) .. "-") .. tostring(____end + 1)
end
--- A new MentionQueue (for init, which loads without TypeScript's class library and so cannot say `new`).
function ____exports.createMentionQueue(config, hub)
    return __TS__New(____exports.MentionQueue, config, hub)
end
____exports.MentionQueue = __TS__Class()
local MentionQueue = ____exports.MentionQueue
MentionQueue.name = "MentionQueue"
function MentionQueue.prototype.____constructor(self, config, hub, clock)
    if clock == nil then
        clock = realClock
    end
    self.config = config
    self.hub = hub
    self.clock = clock
    self.queue = {}
    self.disposed = false
    self.connectedAt = {}
    self.log = __TS__New(Logger, config.log_level)
    for ____, c in ipairs(hub.clients()) do
        self.connectedAt[c.id] = -math.huge
    end
    self.unsubscribe = hub.onSessionsChanged(function()
        if vim.in_fast_event() then
            vim.schedule(function() return self:flush() end)
        else
            self:flush()
        end
    end)
end
function MentionQueue.prototype.track(self)
    local now = self.clock.now()
    local present = {}
    for ____, c in ipairs(self.hub.clients()) do
        present[c.id] = true
        if not (self.connectedAt[c.id] ~= nil) then
            self.connectedAt[c.id] = now
        end
    end
    local gone = {}
    for id in pairs(self.connectedAt) do
        if not (present[id] ~= nil) then
            gone[#gone + 1] = id
        end
    end
    for ____, id in ipairs(gone) do
        self.connectedAt[id] = nil
    end
end
function MentionQueue.prototype.untilSettled(self, id)
    local at = self.connectedAt[id] or self.clock.now()
    return math.max(
        0,
        at + self.config.mentions.settle_ms - self.clock.now()
    )
end
function MentionQueue.prototype.armSettle(self, ids)
    if self.disposed then
        return
    end
    local due = math.huge
    for ____, id in ipairs(ids) do
        due = math.min(
            due,
            self:untilSettled(id)
        )
    end
    if self.settleTimer == nil then
        self.settleTimer = self.clock.newTimer()
    end
    self.settleTimer.stop()
    self.settleTimer.start(
        due + 1,
        0,
        function() return vim.schedule(function()
            if self.disposed then
                return
            end
            local ok, err = pcall(function() return self:flush() end)
            if not ok then
                self.log:warn("mention queue: " .. tostring(err))
            end
        end) end
    )
end
function MentionQueue.prototype.add(self, mention, to)
    local item = {
        mention = mention,
        expires = self.clock.now() + self.config.mentions.queue_ttl_ms,
        to = to
    }
    if not __TS__ArraySome(
        self.queue,
        function(____, q) return q.to == to end
    ) then
        local got = self:deliver(item)
        if got ~= false then
            return got
        end
    end
    local ____self_queue_0 = self.queue
    ____self_queue_0[#____self_queue_0 + 1] = item
    self:armExpiry()
    return "queued"
end
function MentionQueue.prototype.deliver(self, q)
    self:track()
    local ids = q.to == nil and __TS__ArrayMap(
        self.hub.clients(),
        function(____, c) return c.id end
    ) or q.to()
    local unsettled = __TS__ArrayFilter(
        ids,
        function(____, id) return self:untilSettled(id) > 0 end
    )
    if #unsettled > 0 then
        self:armSettle(unsettled)
        return false
    end
    if q.to == nil then
        local r = self.hub.broadcast("at_mentioned", q.mention)
        local ____temp_1
        if r == "absent" then
            ____temp_1 = false
        else
            ____temp_1 = r
        end
        return ____temp_1
    end
    local sent = false
    local unseen = false
    for ____, id in ipairs(ids) do
        local r = self.hub.send(id, "at_mentioned", q.mention)
        if r == "sent" then
            sent = true
        elseif r == "unseen" then
            unseen = true
        end
    end
    return sent and "sent" or (unseen and "unseen" or false)
end
function MentionQueue.prototype.pending(self)
    return __TS__ArrayMap(
        self.queue,
        function(____, q) return q.mention end
    )
end
function MentionQueue.prototype.flush(self)
    self:dropExpired()
    if #self.queue == 0 then
        return
    end
    local queued = self.queue
    self.queue = {}
    local waiting = {}
    local sent = 0
    for ____, q in ipairs(queued) do
        local key = q.to or "all"
        local ____waiting_has_result_2
        if waiting[key] ~= nil then
            ____waiting_has_result_2 = false
        else
            ____waiting_has_result_2 = self:deliver(q)
        end
        local got = ____waiting_has_result_2
        if got == "sent" then
            sent = sent + 1
        elseif got == false then
            waiting[key] = true
            local ____self_queue_3 = self.queue
            ____self_queue_3[#____self_queue_3 + 1] = q
        end
    end
    if sent > 0 then
        self.log:info(("sent " .. tostring(sent)) .. " queued mention(s) to Claude")
    end
    self:armExpiry()
end
function MentionQueue.prototype.dispose(self)
    self.disposed = true
    self.unsubscribe()
    if self.settleTimer ~= nil then
        self.settleTimer.stop()
        self.settleTimer.close()
        self.settleTimer = nil
    end
    if self.timer ~= nil then
        self.timer.stop()
        self.timer.close()
        self.timer = nil
    end
    if #self.queue > 0 then
        say(
            ("server stopped: " .. tostring(#self.queue)) .. " queued mention(s) dropped",
            "warn"
        )
    end
    self.queue = {}
end
function MentionQueue.prototype.dropExpired(self)
    local now = self.clock.now()
    local expired = __TS__ArrayFilter(
        self.queue,
        function(____, q) return q.expires <= now end
    )
    if #expired == 0 then
        return
    end
    self.queue = __TS__ArrayFilter(
        self.queue,
        function(____, q) return q.expires > now end
    )
    local names = table.concat(
        __TS__ArrayMap(
            expired,
            function(____, q) return ____exports.describeMention(q.mention) end
        ),
        ", "
    )
    say("no Claude client connected in time: dropped mention(s) of " .. names, "warn")
end
function MentionQueue.prototype.armExpiry(self)
    if self.disposed then
        return
    end
    if #self.queue == 0 then
        local ____opt_4 = self.timer
        if ____opt_4 ~= nil then
            ____opt_4.stop()
        end
        return
    end
    if self.timer == nil then
        self.timer = self.clock.newTimer()
    end
    local due = math.max(
        0,
        self.queue[1].expires - self.clock.now()
    )
    self.timer.start(
        due,
        0,
        function() return vim.schedule(function()
            local ok, err = pcall(function()
                self:dropExpired()
                self:armExpiry()
            end)
            if not ok then
                self.log:warn("mention queue: " .. tostring(err))
            end
        end) end
    )
end
return ____exports
