-- Generated from src/claude-ide/transport/tcp.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
local tryListen, BACKLOG
--- Wraps a libuv callback: runs `fn` protected and logs an error instead of raising it.
function ____exports.guard(log, what, fn)
    return function(...)
        local ok, err = pcall(fn, ...)
        if not ok then
            log(
                "warn",
                (what .. ": ") .. tostring(err)
            )
        end
    end
end
function tryListen(port, opts)
    local server = vim.uv.new_tcp()
    local bound, bindErr = server:bind("127.0.0.1", port)
    if bound == nil then
        server:close()
        return {
            ok = false,
            error = tostring(bindErr)
        }
    end
    local onConnection = ____exports.guard(
        opts.log,
        "accept",
        function(err)
            if err ~= nil then
                opts.log("warn", "accept: " .. err)
                return
            end
            local client = vim.uv.new_tcp()
            local accepted, acceptErr = server:accept(client)
            if accepted == nil then
                client:close()
                opts.log(
                    "warn",
                    "accept: " .. tostring(acceptErr)
                )
                return
            end
            local ok, failure = pcall(opts.onAccept, client)
            if not ok then
                if not client:is_closing() then
                    client:close()
                end
                opts.log(
                    "warn",
                    "accept: " .. tostring(failure)
                )
            end
        end
    )
    local listening, listenErr = server:listen(BACKLOG, onConnection)
    local ____temp_0
    if listening ~= nil then
        ____temp_0 = server:getsockname()
    else
        ____temp_0 = nil
    end
    local address = ____temp_0
    if address == nil then
        server:close()
        return {
            ok = false,
            error = tostring(listenErr or "getsockname failed")
        }
    end
    return {ok = true, server = server, port = address.port}
end
BACKLOG = 4096
--- Listens on 127.0.0.1 (never another interface) on the first free port of the candidates.
function ____exports.listenLoopback(opts)
    local candidates = {}
    if opts.port ~= nil and opts.port ~= 0 then
        candidates[#candidates + 1] = opts.port
    end
    if opts.portRange ~= nil then
        do
            local p = opts.portRange[1]
            while p <= opts.portRange[2] do
                if p ~= opts.port then
                    candidates[#candidates + 1] = p
                end
                p = p + 1
            end
        end
    else
        candidates[#candidates + 1] = 0
    end
    local lastError = "no port to try"
    for ____, port in ipairs(candidates) do
        local attempt = tryListen(port, opts)
        if attempt.ok then
            return attempt
        end
        lastError = attempt.error
    end
    local tried = opts.portRange ~= nil and (("ports " .. tostring(opts.portRange[1])) .. "-") .. tostring(opts.portRange[2]) or "port " .. tostring(candidates[1])
    return {ok = false, error = (("cannot listen on 127.0.0.1 (" .. tried) .. "): ") .. lastError}
end
local function writeTo(handle, data, done)
    handle:write(data, done)
end
local function tryWriteTo(handle, data)
    local n = handle:try_write(data)
    return n
end
local function byteLength(data)
    if type(data) == "string" then
        return #data
    end
    local n = 0
    for ____, part in ipairs(data) do
        n = n + #part
    end
    return n
end
--- One accepted TCP connection.
____exports.Socket = __TS__Class()
local Socket = ____exports.Socket
Socket.name = "Socket"
function Socket.prototype.____constructor(self, handle, events, log)
    self.handle = handle
    self.events = events
    self.log = log
    self.closed = false
    self.ending = false
    self.onWritten = ____exports.guard(
        log,
        "write",
        function(e)
            if e ~= nil then
                log("debug", "write: " .. e)
            end
        end
    )
    handle:nodelay(true)
    local started, err = pcall(function() return handle:read_start(____exports.guard(
        log,
        "read",
        function(e, data) return self:onRead(e, data) end
    )) end)
    if not started then
        log(
            "warn",
            "read_start: " .. tostring(err)
        )
        self:destroy()
    end
end
function Socket.prototype.onRead(self, err, data)
    if self.closed then
        return
    end
    if err ~= nil or data == nil then
        if self.ending then
            self:destroy()
        else
            self.events.onEnd(err)
        end
    elseif not self.ending then
        self.events.onData(data)
    end
end
function Socket.prototype.isClosed(self)
    return self.closed
end
function Socket.prototype.write(self, data)
    if self.closed or self.ending then
        return
    end
    if self.handle:get_write_queue_size() == 0 then
        local tried, written = pcall(tryWriteTo, self.handle, data)
        if tried and written ~= nil then
            if written >= byteLength(data) then
                return
            end
            data = string.sub(
                type(data) == "string" and data or table.concat(data),
                written + 1
            )
        end
    end
    local ok, err = pcall(writeTo, self.handle, data, self.onWritten)
    if not ok then
        self.log(
            "debug",
            "write: " .. tostring(err)
        )
    end
end
Socket.prototype["end"] = function(self, graceMs)
    if self.closed or self.ending then
        return
    end
    self.ending = true
    self.graceTimer = vim.uv.new_timer()
    self.graceTimer:start(
        graceMs,
        0,
        ____exports.guard(
            self.log,
            "close timer",
            function() return self:destroy() end
        )
    )
    local ok = pcall(function() return self.handle:shutdown(____exports.guard(
        self.log,
        "shutdown",
        function(e)
            if e ~= nil then
                self:destroy()
            end
        end
    )) end)
    if not ok then
        self:destroy()
    end
end
function Socket.prototype.destroy(self)
    if self.closed then
        return
    end
    self.closed = true
    if self.graceTimer ~= nil then
        self.graceTimer:close()
        self.graceTimer = nil
    end
    if not self.handle:is_closing() then
        pcall(function() return self.handle:read_stop() end)
        self.handle:close()
    end
    self.events.onClosed()
end
return ____exports
