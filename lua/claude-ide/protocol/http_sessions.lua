-- Generated from src/claude-ide/protocol/http_sessions.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayIndexOf = ____lualib.__TS__ArrayIndexOf
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local __TS__ArrayUnshift = ____lualib.__TS__ArrayUnshift
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local isObjectLike
local ____lockfile = require("claude-ide.discovery.lockfile")
local randomHex = ____lockfile.randomHex
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local errorResponse = ____jsonrpc.errorResponse
local idText = ____jsonrpc.idText
function isObjectLike(v)
    return type(v) == "table"
end
--- Notifications kept for a session whose event stream is not open (yet).
local MAX_QUEUED = 64
--- Client ports a session's requests came from that are remembered (its CLI's connections: sessionOfProcess).
local MAX_PEER_PORTS = 4
____exports.SESSION_LIMITS = {max = 16, streamGraceMs = 10000, idleMs = 120000}
--- How often sessions are checked (while there are any).
local SWEEP_MS = 1000
--- One MCP session over HTTP: the protocol Session's Connection.
____exports.HttpSession = __TS__Class()
local HttpSession = ____exports.HttpSession
HttpSession.name = "HttpSession"
function HttpSession.prototype.____constructor(self, id, sid, headers, onClosed)
    self.id = id
    self.sid = sid
    self.onClosed = onClosed
    self.handlers = {
        onMessage = function() return nil end,
        onClose = function() return nil end
    }
    self.open = true
    self.queued = {}
    self.waiting = {}
    self.lastSeen = vim.uv.now()
    self.peerPorts = {}
    self.headers = headers
end
function HttpSession.prototype.sidHeader(self)
    return {"Content-Type: application/json", "Mcp-Session-Id: " .. self.sid}
end
function HttpSession.prototype.post(self, body, message, res)
    self.lastSeen = vim.uv.now()
    local id = message.id
    local isRequest = message.method ~= nil and (type(id) == "string" or type(id) == "number")
    if not isRequest then
        self.handlers.onMessage(body)
        res:respond(202, "", {"Mcp-Session-Id: " .. self.sid})
        return
    end
    if message.method == "initialize" and isObjectLike(message.params) then
        local v = message.params.protocolVersion
        if type(v) == "string" then
            self.protocolVersion = v
        end
    end
    local key = idText(id)
    self.waiting[key] = res
    self.current = res
    self.handlers.onMessage(body)
    if self.current == nil then
        self.waiting[key] = nil
    end
    self.current = nil
end
function HttpSession.prototype.attachStream(self, stream)
    local ____opt_0 = self.stream
    if ____opt_0 ~= nil then
        ____opt_0:close()
    end
    self.stream = stream
    self.streamLostAt = nil
    self.lastSeen = vim.uv.now()
    stream.onClose = function()
        if self.stream ~= stream then
            return
        end
        self.stream = nil
        self.streamLostAt = vim.uv.now()
    end
    local queued = self.queued
    self.queued = {}
    for ____, text in ipairs(queued) do
        stream:send(text)
    end
end
function HttpSession.prototype.hasStream(self)
    local ____opt_2 = self.stream
    return (____opt_2 and ____opt_2:isOpen()) == true
end
function HttpSession.prototype.expired(self, now, limits)
    if self:hasStream() or (next(self.waiting)) ~= nil then
        return nil
    end
    if self.streamLostAt ~= nil then
        return now - self.streamLostAt >= limits.streamGraceMs and "its event stream is gone" or nil
    end
    return now - self.lastSeen >= limits.idleMs and ("no request for " .. tostring(limits.idleMs)) .. " ms" or nil
end
function HttpSession.prototype.isLive(self, now, limits)
    if self:hasStream() then
        return true
    end
    return self.streamLostAt == nil and now - self.lastSeen < limits.idleMs
end
function HttpSession.prototype.send(self, text)
    if not self.open then
        return
    end
    if vim.startswith(text, "{\"jsonrpc\":\"2.0\",\"id\":") then
        for key, res in pairs(self.waiting) do
            if vim.startswith(text, ("{\"jsonrpc\":\"2.0\",\"id\":" .. key) .. ",") then
                self.waiting[key] = nil
                res:respond(
                    200,
                    text,
                    self:sidHeader()
                )
                return
            end
        end
        local res = self.current
        if res ~= nil then
            self.current = nil
            res:respond(
                200,
                text,
                self:sidHeader()
            )
            return
        end
    end
    local ____opt_4 = self.stream
    if (____opt_4 and ____opt_4:isOpen()) == true then
        self.stream:send(text)
    elseif #self.queued < MAX_QUEUED then
        local ____self_queued_6 = self.queued
        ____self_queued_6[#____self_queued_6 + 1] = text
    end
end
function HttpSession.prototype.close(self)
    if not self.open then
        return
    end
    self.open = false
    local ____opt_7 = self.stream
    if ____opt_7 ~= nil then
        ____opt_7:close()
    end
    self.stream = nil
    for ____, res in pairs(self.waiting) do
        res:respond(404, "", {})
    end
    self.handlers.onClose(1000, "session ended")
    self.onClosed(self)
end
function HttpSession.prototype.isOpen(self)
    return self.open
end
--- An HTTP-level JSON-RPC error; `id`: the request's, when it was readable (else the answer's id is null).
function ____exports.jsonError(res, status, code, message, id)
    local readable = (type(id) == "string" or type(id) == "number") and id or nil
    res:respond(
        status,
        errorResponse(readable, code, message),
        {"Content-Type: application/json"}
    )
end
--- The MCP sessions of one HTTP endpoint.
____exports.HttpSessions = __TS__Class()
local HttpSessions = ____exports.HttpSessions
HttpSessions.name = "HttpSessions"
function HttpSessions.prototype.____constructor(self, deps)
    self.deps = deps
    self.sessions = {}
    self.nextId = deps.firstId
end
function HttpSessions.prototype.closeAll(self)
    local all = {}
    for ____, s in pairs(self.sessions) do
        all[#all + 1] = s
    end
    for ____, s in ipairs(all) do
        s:close()
    end
    self:stopSweeping()
end
function HttpSessions.prototype.byId(self, id)
    for ____, s in pairs(self.sessions) do
        if s.id == id then
            return s
        end
    end
    return nil
end
function HttpSessions.prototype.sawPort(self, s, port)
    if port == nil then
        return
    end
    for ____, other in pairs(self.sessions) do
        local at = __TS__ArrayIndexOf(other.peerPorts, port)
        if at >= 0 then
            __TS__ArraySplice(other.peerPorts, at, 1)
        end
    end
    __TS__ArrayUnshift(s.peerPorts, port)
    if #s.peerPorts > MAX_PEER_PORTS then
        table.remove(s.peerPorts)
    end
end
function HttpSessions.prototype.sweep(self)
    local now = vim.uv.now()
    local ended = {}
    for ____, s in pairs(self.sessions) do
        local why = s:expired(now, self.deps.limits)
        if why ~= nil then
            ended[#ended + 1] = {s, why}
        end
    end
    for ____, ____value in ipairs(ended) do
        local s = ____value[1]
        local why = ____value[2]
        self.deps.log((("session " .. tostring(s.id)) .. " ended: ") .. why)
        s:close()
    end
end
function HttpSessions.prototype.startSweeping(self)
    if self.sweeper ~= nil then
        return
    end
    local timer = vim.uv.new_timer()
    timer:start(
        SWEEP_MS,
        SWEEP_MS,
        function() return vim.schedule(function() return self:sweep() end) end
    )
    self.sweeper = timer
end
function HttpSessions.prototype.stopSweeping(self)
    if self.sweeper == nil then
        return
    end
    if not self.sweeper:is_closing() then
        self.sweeper:close()
    end
    self.sweeper = nil
end
function HttpSessions.prototype.makeRoom(self)
    local count = 0
    local oldest
    for ____, s in pairs(self.sessions) do
        count = count + 1
        if not s:hasStream() and (oldest == nil or s.lastSeen < oldest.lastSeen) then
            oldest = s
        end
    end
    if count < self.deps.limits.max then
        return true
    end
    if oldest == nil then
        return false
    end
    self.deps.log(((("session " .. tostring(oldest.id)) .. " ended: more than ") .. tostring(self.deps.limits.max)) .. " sessions")
    oldest:close()
    return true
end
function HttpSessions.prototype.onRequest(self, req, res)
    local sid = req.headers["mcp-session-id"]
    local ____temp_9
    if sid ~= nil then
        ____temp_9 = self.sessions[sid]
    else
        ____temp_9 = nil
    end
    local session = ____temp_9
    if req.method == "GET" then
        if sid ~= nil and session == nil then
            return ____exports.jsonError(res, 404, -32001, "Session not found")
        end
        if session == nil then
            return ____exports.jsonError(res, 400, -32000, "Bad Request: no session id")
        end
        if not (string.find(req.headers.accept or "", "text/event-stream", 1, true)) then
            return ____exports.jsonError(res, 406, -32000, "Not Acceptable: the client must accept text/event-stream")
        end
        session.streamPort = req.peerPort
        session:attachStream(res:stream({"Mcp-Session-Id: " .. session.sid}))
        local ____opt_10 = self.deps.onStreamOpened
        if ____opt_10 ~= nil then
            ____opt_10(session)
        end
        return
    end
    if req.method == "DELETE" then
        if sid ~= nil and session == nil then
            return ____exports.jsonError(res, 404, -32001, "Session not found")
        end
        if session == nil then
            return ____exports.jsonError(res, 400, -32000, "Bad Request: no session id")
        end
        session:close()
        res:respond(200, "", {})
        return
    end
    local ok, message = pcall(vim.json.decode, req.body, {luanil = {object = true, array = true}})
    if not ok then
        return ____exports.jsonError(res, 400, -32700, "Parse error: the body is not JSON")
    end
    if type(message) ~= "table" or vim.islist(message) then
        return ____exports.jsonError(res, 400, -32600, "Invalid Request: one JSON-RPC message object expected (no batches)")
    end
    local msg = message
    if sid ~= nil and session == nil then
        return ____exports.jsonError(
            res,
            404,
            -32001,
            "Session not found",
            msg.id
        )
    end
    if session ~= nil then
        self:sawPort(session, req.peerPort)
        session:post(req.body, msg, res)
        return
    end
    if msg.method ~= "initialize" then
        return ____exports.jsonError(
            res,
            400,
            -32000,
            "Bad Request: no session id",
            msg.id
        )
    end
    if not self:makeRoom() then
        return ____exports.jsonError(
            res,
            503,
            -32000,
            ("Service Unavailable: " .. tostring(self.deps.limits.max)) .. " sessions are open",
            msg.id
        )
    end
    local created = self:newSession(req)
    self:sawPort(created, req.peerPort)
    created:post(req.body, msg, res)
end
function HttpSessions.prototype.newSession(self, req)
    local ____self_12, ____nextId_13 = self, "nextId"
    local ____self_nextId_14 = ____self_12[____nextId_13]
    ____self_12[____nextId_13] = ____self_nextId_14 + 1
    local id = ____self_nextId_14
    local s = __TS__New(
        ____exports.HttpSession,
        id,
        randomHex(16),
        req.headers,
        function(closed)
            self.sessions[closed.sid] = nil
            local none = (next(self.sessions)) == nil
            if none then
                self:stopSweeping()
            end
            local ____opt_15 = self.deps.onClosed
            if ____opt_15 ~= nil then
                ____opt_15(closed, none)
            end
        end
    )
    s.session = self.deps.makeSession(s, req)
    self.sessions[s.sid] = s
    self:startSweeping()
    return s
end
return ____exports
