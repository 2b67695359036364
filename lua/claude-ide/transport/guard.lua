-- Generated from src/claude-ide/transport/guard.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
local ____process = require("claude-ide.util.process")
local descriptorLimit = ____process.descriptorLimit
local ____tcp = require("claude-ide.transport.tcp")
local guard = ____tcp.guard
--- Connections not authenticated yet kept at once (the soft cap: see the header).
____exports.MAX_UNAUTHENTICATED = 256
--- Connections kept at once per listener (the hard cap; the descriptor reserve usually comes first).
____exports.MAX_CONNECTIONS = 1024
--- A connection this young that has not sent bytes yet is not dropped for the soft cap: a client's head may
-- come late from a loaded machine (the flood itself loads it).
____exports.UNAUTHENTICATED_GRACE_MS = 2000
--- Added to a silent connection's arrival number when ranking whom to drop (silent ones after the others).
local SILENT_RANK = 2 ^ 40
--- Descriptors left free: this many, or an eighth of the limit when that is more.
local MIN_DESCRIPTOR_RESERVE = 64
--- Between two sweeps of the deadlines at most (the shortest timeout's quarter when that is less).
local MAX_SWEEP_MS = 250
--- Refusals for the caps are logged at most once per this many milliseconds (with a count).
local REFUSAL_LOG_MS = 1000
--- The descriptor reserve for a limit: what the editor keeps for itself.
function ____exports.reserveFor(limit)
    return math.max(
        MIN_DESCRIPTOR_RESERVE,
        math.floor(limit / 8)
    )
end
--- The limits both listeners start from; each sets its own timeouts.
function ____exports.defaultLimits(timeoutMs)
    local limit = descriptorLimit() or math.huge
    return {
        headerTimeoutMs = timeoutMs,
        authTimeoutMs = timeoutMs,
        maxUnauthenticated = ____exports.MAX_UNAUTHENTICATED,
        maxConnections = ____exports.MAX_CONNECTIONS,
        descriptorReserve = limit == math.huge and MIN_DESCRIPTOR_RESERVE or ____exports.reserveFor(limit),
        descriptorLimit = limit
    }
end
____exports.ConnectionGuard = __TS__Class()
local ConnectionGuard = ____exports.ConnectionGuard
ConnectionGuard.name = "ConnectionGuard"
function ConnectionGuard.prototype.____constructor(self, limits, log)
    self.limits = limits
    self.log = log
    self.entries = {}
    self.total = 0
    self.unauthenticated = 0
    self.arrivals = 0
    self.refusals = 0
    self.refusalLoggedAt = -math.huge
    self.closed = false
    self.limit = limits.descriptorLimit or descriptorLimit() or math.huge
    local shortest = math.min(limits.headerTimeoutMs, limits.authTimeoutMs, limits.bodyTimeoutMs or math.huge, limits.idleTimeoutMs or math.huge)
    self.sweepMs = math.max(
        10,
        math.min(
            MAX_SWEEP_MS,
            math.floor(shortest / 4)
        )
    )
end
function ConnectionGuard.prototype.counts(self)
    return {total = self.total, unauthenticated = self.unauthenticated}
end
function ConnectionGuard.prototype.admit(self, handle)
    if self.closed then
        return false
    end
    local ok, fd = pcall(function() return handle:fileno() end)
    local inReserve = ok and type(fd) == "number" and fd >= self.limit - self.limits.descriptorReserve
    if not inReserve and self.total < self.limits.maxConnections then
        return true
    end
    local victim = self:oldestUnauthenticated(false) or self:oldestUnauthenticated(true)
    if victim == nil then
        self:refused(inReserve and "the descriptor reserve is reached" or tostring(self.limits.maxConnections) .. " connections are open")
        return false
    end
    self:drop(victim, inReserve and "the descriptor reserve is reached" or "too many connections")
    return true
end
function ConnectionGuard.prototype.track(self, conn)
    local now = vim.uv.now()
    local l = self.limits
    local first = math.min(l.headerTimeoutMs, l.authTimeoutMs)
    local ____self_entries_3 = self.entries
    local ____conn_4 = conn
    local ____self_0, ____arrivals_1 = self, "arrivals"
    local ____self_arrivals_2 = ____self_0[____arrivals_1] + 1
    ____self_0[____arrivals_1] = ____self_arrivals_2
    ____self_entries_3[____conn_4] = {arrival = ____self_arrivals_2, acceptedAt = now, heardFrom = false, authenticated = false}
    self.total = self.total + 1
    self.unauthenticated = self.unauthenticated + 1
    self:deadline(
        conn,
        first,
        ("no complete request within " .. tostring(first)) .. " ms"
    )
    self:enforceSoftCap()
end
function ConnectionGuard.prototype.heard(self, conn)
    local e = self.entries[conn]
    if e == nil or e.authenticated then
        return
    end
    e.heardFrom = true
    self:enforceSoftCap()
end
function ConnectionGuard.prototype.authenticated(self, conn)
    local e = self.entries[conn]
    if e == nil then
        return
    end
    if not e.authenticated then
        e.authenticated = true
        self.unauthenticated = self.unauthenticated - 1
    end
    self:clear(conn)
end
function ConnectionGuard.prototype.headStarted(self, conn)
    local ms = self.limits.headerTimeoutMs
    self:deadline(
        conn,
        ms,
        ("no complete request head within " .. tostring(ms)) .. " ms"
    )
end
function ConnectionGuard.prototype.bodyDue(self, conn)
    local ms = self.limits.bodyTimeoutMs
    if ms == nil then
        self:clear(conn)
    else
        self:deadline(
            conn,
            ms,
            ("no complete request body within " .. tostring(ms)) .. " ms"
        )
    end
end
function ConnectionGuard.prototype.busy(self, conn)
    self:clear(conn)
end
function ConnectionGuard.prototype.idle(self, conn)
    local ms = self.limits.idleTimeoutMs
    if ms == nil then
        self:clear(conn)
    else
        self:deadline(
            conn,
            ms,
            ("idle for " .. tostring(ms)) .. " ms"
        )
    end
end
function ConnectionGuard.prototype.deadline(self, conn, ms, why)
    local e = self.entries[conn]
    if e == nil then
        return
    end
    e.deadline = vim.uv.now() + ms
    e.why = why
    self:startSweeping()
end
function ConnectionGuard.prototype.clear(self, conn)
    local e = self.entries[conn]
    if e ~= nil then
        e.deadline = nil
    end
end
function ConnectionGuard.prototype.forget(self, conn)
    local e = self.entries[conn]
    if e == nil then
        return
    end
    self.entries[conn] = nil
    self.total = self.total - 1
    if not e.authenticated then
        self.unauthenticated = self.unauthenticated - 1
    end
end
function ConnectionGuard.prototype.close(self)
    self.closed = true
    self:stopSweeping()
end
function ConnectionGuard.prototype.enforceSoftCap(self)
    local over = self.unauthenticated - self.limits.maxUnauthenticated
    if over <= 0 then
        return
    end
    if over == 1 then
        local victim = self:oldestUnauthenticated(false)
        if victim ~= nil then
            self:drop(
                victim,
                self:softCapReason()
            )
        end
        return
    end
    local now = vim.uv.now()
    local chanced = {}
    for c, e in pairs(self.entries) do
        do
            if e.authenticated then
                goto __continue37
            end
            if e.heardFrom then
                chanced[#chanced + 1] = {c, e.arrival}
            elseif now - e.acceptedAt >= ____exports.UNAUTHENTICATED_GRACE_MS then
                chanced[#chanced + 1] = {c, e.arrival + SILENT_RANK}
            end
        end
        ::__continue37::
    end
    table.sort(
        chanced,
        function(a, b) return a[2] < b[2] end
    )
    do
        local i = 0
        while i < math.min(over, #chanced) do
            self:drop(
                chanced[i + 1][1],
                self:softCapReason()
            )
            i = i + 1
        end
    end
end
function ConnectionGuard.prototype.softCapReason(self)
    return ("more than " .. tostring(self.limits.maxUnauthenticated)) .. " connections had not authenticated"
end
function ConnectionGuard.prototype.oldestUnauthenticated(self, any)
    local now = vim.uv.now()
    local oldest
    local oldestRank = math.huge
    for c, e in pairs(self.entries) do
        do
            if e.authenticated then
                goto __continue46
            end
            local rank = e.arrival
            if not e.heardFrom then
                rank = rank + (now - e.acceptedAt >= ____exports.UNAUTHENTICATED_GRACE_MS and SILENT_RANK or 2 * SILENT_RANK)
            end
            if rank < oldestRank and (any or rank < 2 * SILENT_RANK) then
                oldest = c
                oldestRank = rank
            end
        end
        ::__continue46::
    end
    return oldest
end
function ConnectionGuard.prototype.drop(self, conn, why)
    self:refused(why)
    self:authenticated(conn)
    self:expire(conn, "dropped: " .. why)
end
function ConnectionGuard.prototype.expire(self, conn, why)
    local ok, err = pcall(function() return conn:expire(why) end)
    if ok then
        return
    end
    self.log(
        "warn",
        "expire: " .. tostring(err)
    )
    self:forget(conn)
end
function ConnectionGuard.prototype.refused(self, why)
    self.refusals = self.refusals + 1
    local now = vim.uv.now()
    if now - self.refusalLoggedAt < REFUSAL_LOG_MS then
        return
    end
    self.log(
        "info",
        (("dropped " .. tostring(self.refusals)) .. " connection(s): ") .. why
    )
    self.refusals = 0
    self.refusalLoggedAt = now
end
function ConnectionGuard.prototype.startSweeping(self)
    if self.closed or self.sweeper ~= nil then
        return
    end
    local timer = vim.uv.new_timer()
    timer:start(
        self.sweepMs,
        self.sweepMs,
        guard(
            self.log,
            "connection deadlines",
            function() return self:sweep() end
        )
    )
    self.sweeper = timer
end
function ConnectionGuard.prototype.stopSweeping(self)
    if self.sweeper == nil then
        return
    end
    if not self.sweeper:is_closing() then
        self.sweeper:close()
    end
    self.sweeper = nil
end
function ConnectionGuard.prototype.sweep(self)
    vim.uv.update_time()
    local now = vim.uv.now()
    local due = {}
    local pending = false
    for c, e in pairs(self.entries) do
        do
            if e.deadline == nil then
                goto __continue63
            end
            if now >= e.deadline then
                e.deadline = nil
                due[#due + 1] = {c, e.why or "deadline passed"}
            else
                pending = true
            end
        end
        ::__continue63::
    end
    if not pending then
        self:stopSweeping()
    end
    self:enforceSoftCap()
    if #due == 0 then
        return
    end
    self.log(
        "info",
        (("closed " .. tostring(#due)) .. " connection(s): ") .. due[1][2]
    )
    for ____, ____value in ipairs(due) do
        local c = ____value[1]
        local why = ____value[2]
        self:expire(c, why)
    end
end
return ____exports
