-- Generated from src/claude-ide/transport/client.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__StringSplit = ____lualib.__TS__StringSplit
local ____exports = {}
local ____handshake = require("claude-ide.transport.handshake")
local acceptKey = ____handshake.acceptKey
local ____frame = require("claude-ide.transport.frame")
local Decoder = ____frame.Decoder
local Opcode = ____frame.Opcode
local closePayload = ____frame.closePayload
local frameParts = ____frame.frameParts
--- Header that makes the in-editor server offer the agent tool set on this connection.
____exports.ROLE_HEADER = "X-Claude-Ide-Role"
--- Largest message accepted from the editor (a long tool result is far smaller).
local MAX_MESSAGE_BYTES = 64 * 1024 * 1024
local MAX_HEAD_BYTES = 16 * 1024
--- Connect + upgrade must be done by then.
local CONNECT_TIMEOUT_MS = 10000
____exports.WsClient = __TS__Class()
local WsClient = ____exports.WsClient
WsClient.name = "WsClient"
function WsClient.prototype.____constructor(self, tcp, events)
    self.tcp = tcp
    self.events = events
    self.decoder = __TS__New(Decoder, {maxMessageBytes = MAX_MESSAGE_BYTES, expectMasked = false})
    self.closed = false
end
function WsClient.connect(self, port, token, events, done, role)
    local tcp = vim.uv.new_tcp()
    local settled = false
    local timer = vim.uv.new_timer()
    local function settle()
        settled = true
        timer:stop()
        if not timer:is_closing() then
            timer:close()
        end
    end
    local function fail(____error)
        if settled then
            return
        end
        settle()
        if not tcp:is_closing() then
            tcp:close()
        end
        done(nil, ____error)
    end
    timer:start(
        CONNECT_TIMEOUT_MS,
        0,
        function() return fail(((("the editor on port " .. tostring(port)) .. " did not complete the WebSocket upgrade within ") .. tostring(CONNECT_TIMEOUT_MS / 1000)) .. " s") end
    )
    tcp:connect(
        "127.0.0.1",
        port,
        function(err)
            if err ~= nil then
                return fail((("cannot connect to 127.0.0.1:" .. tostring(port)) .. ": ") .. err)
            end
            tcp:nodelay(true)
            local key = vim.base64.encode(vim.uv.random(16))
            local ____array_0 = __TS__SparseArrayNew(
                "GET / HTTP/1.1",
                "Host: 127.0.0.1:" .. tostring(port),
                "Upgrade: websocket",
                "Connection: Upgrade",
                "Sec-WebSocket-Key: " .. key,
                "Sec-WebSocket-Version: 13",
                "Sec-WebSocket-Protocol: mcp",
                "X-Claude-Code-Ide-Authorization: " .. token,
                unpack(role ~= nil and ({(____exports.ROLE_HEADER .. ": ") .. role}) or ({}))
            )
            __TS__SparseArrayPush(____array_0, "", "")
            local head = table.concat(
                {__TS__SparseArraySpread(____array_0)},
                "\r\n"
            )
            tcp:write(head)
            local parts = {}
            local client
            tcp:read_start(function(readErr, data)
                if client ~= nil then
                    client:received(readErr, data)
                    return
                end
                if readErr ~= nil or data == nil then
                    return fail((("connection to port " .. tostring(port)) .. " closed during the upgrade") .. (readErr ~= nil and ": " .. readErr or ""))
                end
                parts[#parts + 1] = data
                local all = table.concat(parts, "")
                local at = string.find(all, "\r\n\r\n", 1, true)
                if at == nil then
                    if #all > MAX_HEAD_BYTES then
                        fail("the upgrade response is too large")
                    end
                    return
                end
                local response = string.sub(all, 1, at - 1)
                local status = string.match(response, "^HTTP/1%.1 (%d+)")
                if status ~= "101" then
                    local line = string.match(response, "^[^\r\n]*")
                    return fail("the upgrade was refused: " .. (line or "no status line"))
                end
                local got
                for ____, line in ipairs(__TS__StringSplit(response, "\r\n")) do
                    local name, value = string.match(line, "^([^:]+):%s*(.-)%s*$")
                    if name ~= nil and string.lower(name) == "sec-websocket-accept" then
                        got = value
                    end
                end
                if got ~= acceptKey(key) then
                    return fail("the upgrade answer has a wrong Sec-WebSocket-Accept")
                end
                settle()
                client = __TS__New(____exports.WsClient, tcp, events)
                done(client)
                local rest = string.sub(all, at + 4)
                if rest ~= "" then
                    client:received(nil, rest)
                end
            end)
        end
    )
    return function() return fail("given up") end
end
function WsClient.prototype.isOpen(self)
    return not self.closed
end
function WsClient.prototype.isFinished(self)
    return self.tcp:is_closing()
end
function WsClient.prototype.send(self, text)
    if self.closed then
        return
    end
    self.tcp:write(frameParts(
        Opcode.Text,
        text,
        {mask = vim.uv.random(4)}
    ))
end
function WsClient.prototype.close(self, code, reason)
    if code == nil then
        code = 1000
    end
    if reason == nil then
        reason = ""
    end
    if self.closed then
        return
    end
    self.tcp:write(frameParts(
        Opcode.Close,
        closePayload(code, reason),
        {mask = vim.uv.random(4)}
    ))
    self["end"](self, code, reason)
end
function WsClient.prototype.received(self, err, data)
    if self.closed then
        return
    end
    if err ~= nil or data == nil then
        self["end"](self, 1006, err or "the editor closed the connection")
        return
    end
    for ____, event in ipairs(self.decoder:push(data)) do
        if event.kind == "text" then
            self.events.onMessage(event.data)
        elseif event.kind == "ping" then
            self.tcp:write(frameParts(
                Opcode.Pong,
                event.data,
                {mask = vim.uv.random(4)}
            ))
        elseif event.kind == "close" then
            local ____self_5 = self.tcp
            local ____self_5_write_6 = ____self_5.write
            local ____frameParts_4 = frameParts
            local ____Opcode_Close_3 = Opcode.Close
            local ____closePayload_2 = closePayload
            local ____temp_1
            if event.code == 1005 then
                ____temp_1 = nil
            else
                ____temp_1 = event.code
            end
            ____self_5_write_6(
                ____self_5,
                ____frameParts_4(
                    ____Opcode_Close_3,
                    ____closePayload_2(____temp_1, ""),
                    {mask = vim.uv.random(4)}
                )
            )
            self["end"](self, event.code, event.reason)
            return
        elseif event.kind == "error" then
            self:close(event.code, event.reason)
            return
        end
    end
end
WsClient.prototype["end"] = function(self, code, reason)
    if self.closed then
        return
    end
    self.closed = true
    self.tcp:read_stop()
    self.tcp:shutdown(function()
        if not self.tcp:is_closing() then
            self.tcp:close()
        end
    end)
    self.events.onClose(code, reason)
end
return ____exports
