-- Generated from src/claude-ide/transport/http.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__Delete = ____lualib.__TS__Delete
local __TS__ArrayUnshift = ____lualib.__TS__ArrayUnshift
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local EventStreamImpl
local ____guard = require("claude-ide.transport.guard")
local ConnectionGuard = ____guard.ConnectionGuard
local defaultLimits = ____guard.defaultLimits
local ____handshake = require("claude-ide.transport.handshake")
local HeadReader = ____handshake.HeadReader
local constantTimeEquals = ____handshake.constantTimeEquals
local httpError = ____handshake.httpError
local parseRequest = ____handshake.parseRequest
local ____tcp = require("claude-ide.transport.tcp")
local Socket = ____tcp.Socket
local listenLoopback = ____tcp.listenLoopback
local STATUS = {
    [200] = "OK",
    [202] = "Accepted",
    [204] = "No Content",
    [400] = "Bad Request",
    [401] = "Unauthorized",
    [404] = "Not Found",
    [405] = "Method Not Allowed",
    [406] = "Not Acceptable",
    [503] = "Service Unavailable"
}
--- How long a refused or closing connection may take to read our last bytes.
local CLOSE_GRACE_MS = 1000
--- From a head to the end of its body.
____exports.BODY_TIMEOUT_MS = 30000
--- A kept-alive connection with no request in progress and no event stream is closed after this long. Longer
-- than the clients' own (Node's fetch lets an idle socket go after 4 s), so that the client, not we, closes it
-- and a request never meets a connection closing under it.
____exports.IDLE_TIMEOUT_MS = 30000
--- The refusal of a request head, or undefined when it may be served.
local function refusal(req, opts, port)
    local h = req.headers
    local host = h.host
    if host == nil then
        return {status = 400, reason = "missing Host header"}
    end
    if opts.anyHost ~= true and host ~= "127.0.0.1:" .. tostring(port) and host ~= "localhost:" .. tostring(port) then
        return {status = 403, reason = "invalid Host header"}
    end
    local origin = h.origin
    if origin ~= nil and not __TS__ArrayIncludes(opts.allowedOrigins, origin) then
        return {status = 403, reason = ("origin " .. origin) .. " not allowed"}
    end
    local named = opts.tokenHeader
    if named ~= nil then
        local given = h[named]
        if given == nil then
            return {status = 401, reason = ("missing " .. named) .. " header"}
        end
        if not constantTimeEquals(given, opts.token) then
            return {status = 401, reason = ("wrong " .. named) .. " header"}
        end
    else
        local auth = h.authorization
        if auth == nil then
            return {status = 401, reason = "missing Authorization header"}
        end
        local scheme, token = string.match(auth, "^(%S+)%s+(%S+)$")
        if scheme == nil or string.lower(scheme) ~= "bearer" or not constantTimeEquals(token, opts.token) then
            return {status = 401, reason = "wrong Authorization header"}
        end
    end
    local path = string.match(req.target, "^([^?#]*)")
    local ____temp_3 = path == opts.path
    if not ____temp_3 then
        local ____temp_2 = path ~= nil
        if ____temp_2 then
            local ____opt_0 = opts.paths
            ____temp_2 = (____opt_0 and __TS__ArrayIncludes(opts.paths, path)) == true
        end
        ____temp_3 = ____temp_2
    end
    if ____temp_3 then
        return nil
    end
    for ____, prefix in ipairs(opts.prefixes or ({})) do
        if path ~= nil and vim.startswith(path, prefix) then
            return nil
        end
    end
    return {status = 404, reason = "no such path " .. (path or req.target)}
end
--- A Content-Length value: decimal digits only (RFC 9110 §8.6; Lua's tonumber would take "0xa", "1e1", "+10" or
-- "10.0"); none means 0. undefined when invalid.
local function contentLength(value)
    if value == nil then
        return 0
    end
    if (string.find(value, "^%d+$")) == nil or #value > 15 then
        return nil
    end
    return tonumber(value)
end
--- One kept-alive connection: requests one after the other (no pipelining: the next waits for the answer). Its
-- socket's events are `events`: listenHttp makes the Socket with them, the WebSocket listener forwards its own.
____exports.Conn = __TS__Class()
local Conn = ____exports.Conn
Conn.name = "Conn"
function Conn.prototype.____constructor(self, opts, guard, port, onClosed, peerPort)
    self.opts = opts
    self.guard = guard
    self.port = port
    self.onClosed = onClosed
    self.peerPort = peerPort
    self.reader = __TS__New(HeadReader)
    self.reading = false
    self.authenticated = false
    self.need = 0
    self.parts = {}
    self.got = 0
    self.busy = false
    self.waiting = {}
    self.gone = false
    guard:track(self)
    self.events = {
        onData = function(chunk) return self:onData(chunk) end,
        onEnd = function() return self.socket:destroy() end,
        onClosed = function()
            self.gone = true
            local s = self.stream
            self.stream = nil
            if s ~= nil then
                s:ended()
            end
            local gone = self.onGone
            self.onGone = nil
            if gone ~= nil then
                vim.schedule(gone)
            end
            self.guard:forget(self)
            self.onClosed(self)
        end
    }
end
function Conn.prototype.isGone(self)
    return self.gone or self.socket:isClosed()
end
function Conn.prototype.close(self)
    local ____opt_4 = self.stream
    if ____opt_4 ~= nil then
        ____opt_4:close()
    end
    local ____self_6 = self.socket
    ____self_6["end"](____self_6, CLOSE_GRACE_MS)
end
function Conn.prototype.expire(self)
    self.socket:destroy()
end
function Conn.prototype.onData(self, chunk)
    if self.busy then
        local ____self_waiting_7 = self.waiting
        ____self_waiting_7[#____self_waiting_7 + 1] = chunk
        return
    end
    if self.stream ~= nil then
        return
    end
    self:feed(chunk)
end
function Conn.prototype.refuse(self, status, reason, headers)
    if headers == nil then
        headers = {}
    end
    self.opts.log(
        "debug",
        (("HTTP " .. tostring(status)) .. ": ") .. reason
    )
    self.busy = true
    self.guard:clear(self)
    self.socket:write(httpError(status, reason, headers))
    local ____self_8 = self.socket
    ____self_8["end"](____self_8, CLOSE_GRACE_MS)
end
function Conn.prototype.feed(self, chunk)
    if self.head == nil then
        if not self.reading and chunk ~= "" then
            self.reading = true
            if self.authenticated then
                self.guard:headStarted(self)
            end
        end
        local r = self.reader:push(chunk)
        if r.state == "more" then
            self.guard:heard(self)
            return
        end
        self.reading = false
        if r.state == "too-large" then
            return self:refuse(431, "request head too large")
        end
        local parsed = parseRequest(r.head, self.opts.methods)
        if not parsed.ok then
            return self:refuse(
                parsed.status,
                parsed.reason,
                parsed.status == 405 and ({"Allow: " .. table.concat(self.opts.methods, ", ")}) or ({})
            )
        end
        local refused = refusal(
            parsed.request,
            self.opts,
            self.port()
        )
        if refused ~= nil then
            return self:refuse(refused.status, refused.reason)
        end
        local h = parsed.request.headers
        if h["transfer-encoding"] ~= nil then
            return self:refuse(411, "chunked bodies are not accepted")
        end
        local length = contentLength(h["content-length"])
        if length == nil then
            return self:refuse(400, "invalid Content-Length")
        end
        if length > self.opts.maxBodyBytes then
            return self:refuse(
                413,
                ("body larger than " .. tostring(self.opts.maxBodyBytes)) .. " bytes"
            )
        end
        __TS__Delete(h, "authorization")
        if not self.authenticated then
            self.authenticated = true
            self.guard:authenticated(self)
        end
        self.guard:bodyDue(self)
        self.head = parsed.request
        self.need = length
        self.parts = {}
        self.got = 0
        chunk = r.rest
    end
    if chunk ~= "" then
        local ____self_parts_9 = self.parts
        ____self_parts_9[#____self_parts_9 + 1] = chunk
        self.got = self.got + #chunk
    end
    if self.got < self.need then
        return
    end
    local all = #self.parts == 1 and self.parts[1] or table.concat(self.parts, "")
    local head = self.head
    self.head = nil
    self.parts = {}
    self.reader = __TS__New(HeadReader)
    local extra = string.sub(all, self.need + 1)
    if extra ~= "" then
        __TS__ArrayUnshift(self.waiting, extra)
    end
    self.busy = true
    self.guard:busy(self)
    local req = __TS__ObjectAssign(
        {},
        head,
        {
            body = string.sub(all, 1, self.need),
            peerPort = self.peerPort
        }
    )
    local res = self:responder()
    vim.schedule(function()
        local ok, err = pcall(self.opts.onRequest, req, res)
        if not ok then
            self.opts.log(
                "warn",
                (("HTTP " .. req.method) .. " failed: ") .. tostring(err)
            )
            if self.busy and self.stream == nil then
                self:write(500, "internal error\n", {"Content-Type: text/plain"})
            end
        end
    end)
end
function Conn.prototype.responder(self)
    local answered = false
    local function once()
        if answered then
            return false
        end
        answered = true
        self.onGone = nil
        return true
    end
    return {
        respond = function(____, status, body, headers)
            if once() then
                self:write(status, body or "", headers or ({}))
            end
        end,
        stream = function(____, headers)
            if not once() then
                error("already answered")
            end
            local lines = {
                "HTTP/1.1 200 OK",
                "Content-Type: text/event-stream",
                "Cache-Control: no-cache",
                "Transfer-Encoding: chunked",
                unpack(headers or ({}))
            }
            self.socket:write(table.concat(lines, "\r\n") .. "\r\n\r\n")
            local s = __TS__New(EventStreamImpl, self)
            self.stream = s
            self.guard:busy(self)
            self.busy = false
            self.waiting = {}
            return s
        end,
        isGone = function() return self:isGone() end,
        onGone = function(____, fn)
            if answered then
                return
            end
            if self:isGone() then
                vim.schedule(fn)
            else
                self.onGone = fn
            end
        end
    }
end
function Conn.prototype.write(self, status, body, headers)
    local lines = {
        (("HTTP/1.1 " .. tostring(status)) .. " ") .. (STATUS[status] or "Error"),
        "Content-Length: " .. tostring(#body),
        unpack(headers)
    }
    self.socket:write({
        table.concat(lines, "\r\n"),
        "\r\n\r\n",
        body
    })
    self.busy = false
    self.guard:idle(self)
    local waiting = self.waiting
    self.waiting = {}
    for ____, chunk in ipairs(waiting) do
        if self.busy or self.stream ~= nil then
            local ____self_waiting_10 = self.waiting
            ____self_waiting_10[#____self_waiting_10 + 1] = chunk
        else
            self:feed(chunk)
        end
    end
end
function Conn.prototype.writeChunk(self, data)
    self.socket:write({
        string.format("%x\r\n", #data),
        data,
        "\r\n"
    })
end
function Conn.prototype.endStream(self)
    self.socket:write("0\r\n\r\n")
    self.stream = nil
    local ____self_11 = self.socket
    ____self_11["end"](____self_11, CLOSE_GRACE_MS)
end
EventStreamImpl = __TS__Class()
EventStreamImpl.name = "EventStreamImpl"
function EventStreamImpl.prototype.____constructor(self, conn)
    self.conn = conn
    self.open = true
end
function EventStreamImpl.prototype.send(self, data)
    if not self.open then
        return
    end
    self.conn:writeChunk(("event: message\ndata: " .. data) .. "\n\n")
end
function EventStreamImpl.prototype.close(self)
    if not self.open then
        return
    end
    self.open = false
    self.conn:endStream()
end
function EventStreamImpl.prototype.isOpen(self)
    return self.open and not self.conn:isGone()
end
function EventStreamImpl.prototype.ended(self)
    if not self.open then
        return
    end
    self.open = false
    local ____opt_12 = self.onClose
    if ____opt_12 ~= nil then
        ____opt_12()
    end
end
--- Listens on 127.0.0.1 (`opts.port`, else a port the OS picks).
function ____exports.listenHttp(opts)
    local conns = {}
    local port = 0
    local closed = false
    local guard = __TS__New(
        ConnectionGuard,
        __TS__ObjectAssign(
            {},
            defaultLimits(opts.headerTimeoutMs),
            {bodyTimeoutMs = ____exports.BODY_TIMEOUT_MS, idleTimeoutMs = ____exports.IDLE_TIMEOUT_MS},
            opts.limits
        ),
        opts.log
    )
    local listened = listenLoopback({
        port = opts.port,
        onAccept = function(client)
            if closed or not guard:admit(client) then
                client:close()
                return
            end
            local ok, peer = pcall(function() return client:getpeername() end)
            local conn = __TS__New(
                ____exports.Conn,
                opts,
                guard,
                function() return port end,
                function(c)
                    conns[c] = nil
                    return true
                end,
                ok and peer ~= nil and type(peer.port) == "number" and peer.port or nil
            )
            conns[conn] = true
            conn.socket = __TS__New(Socket, client, conn.events, opts.log)
        end,
        log = opts.log
    })
    if not listened.ok then
        return listened
    end
    port = listened.port
    local handle = listened.server
    local server = {
        port = port,
        counts = function() return guard:counts() end,
        close = function()
            closed = true
            guard:close()
            if not handle:is_closing() then
                handle:close()
            end
            local all = {}
            for c in pairs(conns) do
                all[#all + 1] = c
            end
            for ____, c in ipairs(all) do
                c:close()
            end
        end
    }
    return {ok = true, server = server}
end
return ____exports
