-- Generated from src/claude-ide/transport/websocket.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__Class = ____lualib.__TS__Class
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArraySort = ____lualib.__TS__ArraySort
local ____exports = {}
local WsListener, WsConnection
local ____clock = require("claude-ide.util.clock")
local realClock = ____clock.realClock
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
local ____tcp = require("claude-ide.transport.tcp")
local guard = ____tcp.guard
local listenLoopback = ____tcp.listenLoopback
local Socket = ____tcp.Socket
local ____types = require("claude-ide.transport.types")
local CloseCode = ____types.CloseCode
local bytes = lazy("claude-ide.util.bytes")
local frame = lazy("claude-ide.transport.frame")
local handshake = lazy("claude-ide.transport.handshake")
local guardModule = lazy("claude-ide.transport.guard")
local httpModule = lazy("claude-ide.transport.http")
--- How long a close handshake may take before the socket is closed anyway.
local CLOSE_TIMEOUT_MS = 1000
--- Abnormal closure (RFC 6455 §7.4.1): reported to onClose, never sent.
local ABNORMAL_CLOSURE = 1006
--- A keepalive tick this much later than its period means the machine slept (or Neovim was blocked).
local LATE_TICK_FACTOR = 1.5
--- Starts a WebSocket server on 127.0.0.1 (see ListenOptions). Never throws.
function ____exports.listen(opts)
    local listener = __TS__New(WsListener, opts)
    local ____error = listener:start()
    return ____error == nil and ({ok = true, listener = listener}) or ({ok = false, error = ____error})
end
WsListener = __TS__Class()
WsListener.name = "WsListener"
function WsListener.prototype.____constructor(self, opts)
    self.opts = opts
    self.port = 0
    self.lastTick = 0
    self.live = {}
    self.nextId = 1
    self.closed = false
    self.pending = {}
    self.pendingSlots = 0
    self.pendingScheduled = false
    self.runPendingOnLoop = function() return self:runPending() end
    local onLog = opts.onLog
    self.log = function(level, msg)
        if onLog ~= nil then
            pcall(onLog, level, msg)
        end
    end
    self.clock = opts.clock or realClock
    self.nextId = opts.firstId or 1
    self.now = opts.now or self.clock.now
end
function WsListener.prototype.connGuard(self)
    if self.guardInstance == nil then
        local g = guardModule()
        local http = self.opts.http ~= nil and ({
            bodyTimeoutMs = httpModule().BODY_TIMEOUT_MS,
            idleTimeoutMs = httpModule().IDLE_TIMEOUT_MS
        }) or ({})
        self.guardInstance = __TS__New(
            g.ConnectionGuard,
            __TS__ObjectAssign(
                {},
                g.defaultLimits(self.opts.handshakeTimeoutMs),
                http,
                self.opts.limits
            ),
            self.log
        )
    end
    return self.guardInstance
end
function WsListener.prototype.httpOptions(self)
    local routes = self.opts.http
    if self.httpInstance == nil then
        self.httpInstance = {
            path = routes.paths[1] or "",
            paths = routes.paths,
            prefixes = routes.prefixes,
            methods = routes.methods,
            token = self.opts.token,
            tokenHeader = handshake().AUTH_HEADER,
            anyHost = true,
            allowedOrigins = self.opts.allowedOrigins,
            maxBodyBytes = routes.maxBodyBytes,
            headerTimeoutMs = self.opts.handshakeTimeoutMs,
            onRequest = routes.onRequest,
            log = self.log
        }
    end
    return self.httpInstance
end
function WsListener.prototype.start(self)
    local result = listenLoopback({
        port = self.opts.port,
        portRange = self.opts.portRange,
        log = self.log,
        onAccept = function(client)
            if self.closed or not self:connGuard():admit(client) then
                client:close()
            else
                __TS__New(WsConnection, self, client)
            end
        end
    })
    if not result.ok then
        return result.error
    end
    self.server = result.server
    self.port = result.port
    self:startKeepalive()
    return nil
end
function WsListener.prototype.connections(self)
    local open = {}
    for conn in pairs(self.live) do
        if conn:isOpen() then
            open[#open + 1] = conn
        end
    end
    __TS__ArraySort(
        open,
        function(____, a, b) return a.id - b.id end
    )
    return open
end
function WsListener.prototype.close(self, code, reason)
    if code == nil then
        code = CloseCode.GoingAway
    end
    if reason == nil then
        reason = ""
    end
    if self.closed then
        return
    end
    self.closed = true
    if self.keepaliveTimer ~= nil then
        self.keepaliveTimer.close()
        self.keepaliveTimer = nil
    end
    if self.server ~= nil and not self.server:is_closing() then
        self.server:close()
    end
    for conn in pairs(self.live) do
        conn:shutdown(code, reason)
    end
    local ____opt_0 = self.guardInstance
    if ____opt_0 ~= nil then
        ____opt_0:close()
    end
end
function WsListener.prototype.drain(self, timeoutMs)
    vim.wait(
        timeoutMs,
        function()
            for _ in pairs(self.live) do
                return false
            end
            return true
        end,
        1
    )
end
function WsListener.prototype.admit(self, conn)
    local ____self_2, ____nextId_3 = self, "nextId"
    local ____self_nextId_4 = ____self_2[____nextId_3]
    ____self_2[____nextId_3] = ____self_nextId_4 + 1
    local id = ____self_nextId_4
    self:defer(
        "onConnection",
        function() return self.opts.onConnection(conn) end
    )
    return id
end
function WsListener.prototype.track(self, conn)
    self.live[conn] = true
    self:connGuard():track(conn)
end
function WsListener.prototype.forget(self, conn)
    self.live[conn] = nil
    self:connGuard():forget(conn)
end
function WsListener.prototype.defer(self, what, fn)
    self:enqueue(
        guard(self.log, what, fn),
        nil
    )
end
function WsListener.prototype.deliver(self, conn, text)
    self:enqueue(conn, text)
end
function WsListener.prototype.enqueue(self, first, second)
    local n = self.pendingSlots
    self.pending[n + 1] = first
    self.pending[n + 1 + 1] = second
    self.pendingSlots = n + 2
    if self.pendingScheduled then
        return
    end
    self.pendingScheduled = true
    vim.schedule(self.runPendingOnLoop)
end
function WsListener.prototype.runPending(self)
    local queue = self.pending
    local slots = self.pendingSlots
    self.pending = {}
    self.pendingSlots = 0
    self.pendingScheduled = false
    do
        local i = 0
        while i < slots do
            local first = queue[i + 1]
            local second = queue[i + 1 + 1]
            if second == nil then
                first()
            else
                first:dispatch(second)
            end
            i = i + 2
        end
    end
end
function WsListener.prototype.startKeepalive(self)
    local ____self_opts_keepalive_5 = self.opts.keepalive
    local intervalMs = ____self_opts_keepalive_5.intervalMs
    local timeoutMs = ____self_opts_keepalive_5.timeoutMs
    local period = math.min(intervalMs, timeoutMs)
    self.lastTick = self.now()
    local timer = self.clock.newTimer()
    timer.start(
        period,
        period,
        guard(
            self.log,
            "keepalive",
            function() return self:tick(period) end
        )
    )
    self.keepaliveTimer = timer
end
function WsListener.prototype.tick(self, period)
    local now = self.now()
    local gap = now - self.lastTick
    local resumed = gap > LATE_TICK_FACTOR * period
    self.lastTick = now
    if resumed then
        self.log(
            "debug",
            ("keepalive: " .. tostring(gap)) .. " ms since the last check (sleep?): deadlines start over"
        )
    end
    for conn in pairs(self.live) do
        if conn:isOpen() then
            conn:keepalive(now, resumed)
        end
    end
end
WsConnection = __TS__Class()
WsConnection.name = "WsConnection"
function WsConnection.prototype.____constructor(self, listener, handle)
    self.listener = listener
    self.id = 0
    self.headers = {}
    self.handlers = {
        onMessage = function()
        end,
        onClose = function()
        end
    }
    self.state = "handshake"
    self.admitted = false
    self.head = __TS__New(handshake().HeadReader)
    self.closeCode = ABNORMAL_CLOSURE
    self.closeReason = "connection lost"
    self.lastActivity = listener.now()
    self.lastPingAt = self.lastActivity
    listener:track(self)
    self.socket = __TS__New(
        Socket,
        handle,
        {
            onData = function(chunk) return self:onData(chunk) end,
            onEnd = function(err) return self:onEnd(err) end,
            onClosed = function() return self:onSocketClosed() end
        },
        listener.log
    )
end
function WsConnection.prototype.isOpen(self)
    return self.state == "open"
end
function WsConnection.prototype.send(self, text)
    if self.state ~= "open" then
        return
    end
    local f = frame()
    local b = bytes()
    self.socket:write(f.frameParts(
        f.Opcode.Text,
        b.isValidUtf8(text) and text or b.toValidUtf8(text)
    ))
end
function WsConnection.prototype.close(self, code, reason)
    if code == nil then
        code = CloseCode.Normal
    end
    if reason == nil then
        reason = ""
    end
    if self.state ~= "open" then
        return
    end
    self:sendClose(code, reason)
    self.listener:connGuard():deadline(
        self,
        CLOSE_TIMEOUT_MS,
        ("no close frame within " .. tostring(CLOSE_TIMEOUT_MS)) .. " ms"
    )
end
function WsConnection.prototype.expire(self)
    self.socket:destroy()
end
function WsConnection.prototype.shutdown(self, code, reason)
    if self.http ~= nil then
        self.http:close()
    elseif self.state == "handshake" then
        self.socket:destroy()
    else
        self:close(code, reason)
    end
end
function WsConnection.prototype.keepalive(self, now, resumed)
    local ____self_listener_opts_keepalive_6 = self.listener.opts.keepalive
    local intervalMs = ____self_listener_opts_keepalive_6.intervalMs
    local timeoutMs = ____self_listener_opts_keepalive_6.timeoutMs
    if resumed then
        self.pingSentAt = nil
    end
    if self.pingSentAt ~= nil then
        if self.lastActivity >= self.pingSentAt then
            self.pingSentAt = nil
        elseif now - self.pingSentAt >= timeoutMs then
            self:drop(("no answer to a ping within " .. tostring(timeoutMs)) .. " ms")
            return
        end
    end
    if self.pingSentAt == nil and (resumed or now - self.lastPingAt >= intervalMs) then
        self.socket:write(frame().frameParts(
            frame().Opcode.Ping,
            ""
        ))
        self.pingSentAt = now
        self.lastPingAt = now
    end
end
function WsConnection.prototype.onData(self, chunk)
    self.lastActivity = self.listener.now()
    if self.http ~= nil then
        self.http.events.onData(chunk)
    elseif self.state == "handshake" then
        self:onHandshakeData(chunk)
    elseif self.state ~= "closed" and self.decoder ~= nil then
        self:onFrameData(chunk)
    end
end
function WsConnection.prototype.onHandshakeData(self, chunk)
    local read = self.head:push(chunk)
    if read.state == "more" then
        self.listener:connGuard():heard(self)
        return
    end
    if read.state == "too-large" then
        local max = handshake().MAX_HEAD_BYTES
        self:refuse(
            431,
            ("request head over " .. tostring(max)) .. " bytes",
            handshake().httpError(
                431,
                ("request head over " .. tostring(max)) .. " bytes"
            )
        )
        return
    end
    local opts = self.listener.opts
    if opts.http ~= nil and not handshake().asksUpgrade(read.head) then
        self:toHttp(read.head .. read.rest)
        return
    end
    local answer = handshake().answerUpgrade(read.head, {token = opts.token, allowedOrigins = opts.allowedOrigins})
    if not answer.ok then
        self:refuse(answer.status, answer.reason, answer.response)
        return
    end
    self.listener:connGuard():authenticated(self)
    self.socket:write(answer.response)
    self.state = "open"
    self.headers = answer.headers
    self.decoder = __TS__New(
        frame().Decoder,
        {maxMessageBytes = opts.maxMessageBytes, expectMasked = true}
    )
    self.id = self.listener:admit(self)
    self.admitted = true
    self.listener.log(
        "debug",
        ("connection " .. tostring(self.id)) .. " open"
    )
    if read.rest ~= "" then
        self:onFrameData(read.rest)
    end
end
function WsConnection.prototype.toHttp(self, bytes)
    local l = self.listener
    l:connGuard():forget(self)
    self.state = "http"
    local conn = __TS__New(
        httpModule().Conn,
        l:httpOptions(),
        l:connGuard(),
        function() return l.port end,
        function() return nil end
    )
    conn.socket = self.socket
    self.http = conn
    conn.events.onData(bytes)
end
function WsConnection.prototype.refuse(self, status, reason, response)
    self.listener.log(
        "info",
        (("refused a connection: " .. tostring(status)) .. " ") .. reason
    )
    self.listener:connGuard():clear(self)
    self.socket:write(response)
    local ____self_7 = self.socket
    ____self_7["end"](____self_7, CLOSE_TIMEOUT_MS)
end
function WsConnection.prototype.onFrameData(self, chunk)
    for ____, event in ipairs(self.decoder:push(chunk)) do
        self:onFrame(event)
    end
end
function WsConnection.prototype.onFrame(self, event)
    repeat
        local ____switch90 = event.kind
        local ____cond90 = ____switch90 == "text"
        if ____cond90 then
            if self.state == "open" then
                local text = event.data
                self.listener:deliver(self, text)
            end
            return
        end
        ____cond90 = ____cond90 or ____switch90 == "binary"
        if ____cond90 then
            if self.state == "open" then
                self:fail(CloseCode.UnsupportedData, "binary messages are not supported")
            end
            return
        end
        ____cond90 = ____cond90 or ____switch90 == "ping"
        if ____cond90 then
            if self.state == "open" then
                self.socket:write(frame().frameParts(
                    frame().Opcode.Pong,
                    event.data
                ))
            end
            return
        end
        ____cond90 = ____cond90 or ____switch90 == "pong"
        if ____cond90 then
            return
        end
        ____cond90 = ____cond90 or ____switch90 == "close"
        if ____cond90 then
            self:onPeerClose(event.code, event.reason)
            return
        end
        ____cond90 = ____cond90 or ____switch90 == "error"
        if ____cond90 then
            self:fail(event.code, event.reason)
            return
        end
    until true
end
function WsConnection.prototype.onPeerClose(self, code, reason)
    if self.state == "open" then
        self.socket:write(frame().frameParts(
            frame().Opcode.Close,
            code == 1005 and "" or frame().closePayload(code)
        ))
        self.closeCode = code
        self.closeReason = reason
        self.state = "closing"
    end
    self.listener:connGuard():clear(self)
    local ____self_8 = self.socket
    ____self_8["end"](____self_8, CLOSE_TIMEOUT_MS)
end
function WsConnection.prototype.fail(self, code, reason)
    self.listener.log(
        "info",
        (((("closing connection " .. tostring(self.id)) .. ": ") .. tostring(code)) .. " ") .. reason
    )
    if self.state == "open" then
        self:sendClose(code, reason)
    end
    self.listener:connGuard():clear(self)
    local ____self_9 = self.socket
    ____self_9["end"](____self_9, CLOSE_TIMEOUT_MS)
end
function WsConnection.prototype.sendClose(self, code, reason)
    self.socket:write(frame().frameParts(
        frame().Opcode.Close,
        frame().closePayload(code, reason)
    ))
    self.closeCode = code
    self.closeReason = reason
    self.state = "closing"
end
function WsConnection.prototype.drop(self, reason)
    self.listener.log(
        "info",
        (("closing connection " .. tostring(self.id)) .. ": ") .. reason
    )
    self.closeCode = ABNORMAL_CLOSURE
    self.closeReason = reason
    self.socket:destroy()
end
function WsConnection.prototype.onEnd(self, err)
    if self.http ~= nil then
        self.http.events.onEnd(err)
        return
    end
    if self.state == "open" then
        self.closeReason = err ~= nil and "connection lost: " .. err or "connection lost"
    end
    self.socket:destroy()
end
function WsConnection.prototype.onSocketClosed(self)
    local ____opt_10 = self.http
    if ____opt_10 ~= nil then
        ____opt_10.events.onClosed()
    end
    self.state = "closed"
    self.listener:forget(self)
    if not self.admitted then
        return
    end
    local code, reason = self.closeCode, self.closeReason
    self.listener.log(
        "debug",
        (((("connection " .. tostring(self.id)) .. " closed: ") .. tostring(code)) .. " ") .. reason
    )
    self.listener:defer(
        "onClose",
        function() return self.handlers.onClose(code, reason) end
    )
end
function WsConnection.prototype.dispatch(self, text)
    local ok, err = pcall(self.handlers.onMessage, text)
    if not ok then
        self.listener.log(
            "warn",
            "onMessage: " .. tostring(err)
        )
    end
end
return ____exports
