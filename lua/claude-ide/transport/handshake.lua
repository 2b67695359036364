-- Generated from src/claude-ide/transport/handshake.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__StringSplit = ____lualib.__TS__StringSplit
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__Delete = ____lualib.__TS__Delete
local ____exports = {}
local refuse, isValidKey, STATUS_TEXT
local ____sha1 = require("claude-ide.util.sha1")
local sha1 = ____sha1.sha1
--- A complete HTTP error response (the caller closes the socket after writing it).
function ____exports.httpError(status, message, extraHeaders)
    if extraHeaders == nil then
        extraHeaders = {}
    end
    local body = message .. "\n"
    local ____array_1 = __TS__SparseArrayNew(
        (("HTTP/1.1 " .. tostring(status)) .. " ") .. (STATUS_TEXT[status] or "Error"),
        "Connection: close",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Length: " .. tostring(#body),
        unpack(extraHeaders)
    )
    __TS__SparseArrayPush(____array_1, "", body)
    return table.concat(
        {__TS__SparseArraySpread(____array_1)},
        "\r\n"
    )
end
function refuse(status, reason, extraHeaders)
    if extraHeaders == nil then
        extraHeaders = {}
    end
    return {
        ok = false,
        status = status,
        reason = reason,
        response = ____exports.httpError(status, reason, extraHeaders)
    }
end
function isValidKey(key)
    if #key ~= 24 then
        return false
    end
    local ok, decoded = pcall(vim.base64.decode, key)
    return ok and #decoded == 16
end
--- Largest request head (request line + headers + the blank line) accepted; more gets 431.
____exports.MAX_HEAD_BYTES = 8192
local WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
--- The header that carries a client's token (lower-cased, as parsed heads name it).
____exports.AUTH_HEADER = "x-claude-code-ide-authorization"
local SUBPROTOCOL = "mcp"
STATUS_TEXT = {
    [400] = "Bad Request",
    [401] = "Unauthorized",
    [403] = "Forbidden",
    [404] = "Not Found",
    [405] = "Method Not Allowed",
    [411] = "Length Required",
    [413] = "Content Too Large",
    [426] = "Upgrade Required",
    [431] = "Request Header Fields Too Large"
}
--- Collects the request head from reads of any size (down to one byte). Linear: each read is searched only
-- together with the last 3 bytes before it, and the pieces are joined once, when the blank line shows up.
____exports.HeadReader = __TS__Class()
local HeadReader = ____exports.HeadReader
HeadReader.name = "HeadReader"
function HeadReader.prototype.____constructor(self)
    self.parts = {}
    self.size = 0
    self.tail = ""
end
function HeadReader.prototype.push(self, chunk)
    local window = self.tail .. chunk
    local at = string.find(window, "\r\n\r\n", 1, true)
    local ____self_parts_0 = self.parts
    ____self_parts_0[#____self_parts_0 + 1] = chunk
    if at == nil then
        self.size = self.size + #chunk
        self.tail = string.sub(window, -3)
        return self.size > ____exports.MAX_HEAD_BYTES and ({state = "too-large"}) or ({state = "more"})
    end
    local headLength = self.size - #self.tail + at + 3
    if headLength > ____exports.MAX_HEAD_BYTES then
        return {state = "too-large"}
    end
    local all = table.concat(self.parts, "")
    return {
        state = "done",
        head = string.sub(all, 1, headLength),
        rest = string.sub(all, headLength + 1)
    }
end
local TOKEN = "[!#$%%&'*+%-.^_`|~%w]+"
local CONTROL_CHAR = "[%z-\b\n-]"
--- Parses a complete head (ending in the blank line); another method than `methods` gets 405.
function ____exports.parseRequest(head, methods)
    if methods == nil then
        methods = {"GET"}
    end
    local lines = __TS__StringSplit(
        string.sub(head, 1, -5),
        "\r\n"
    )
    local method, target, version = string.match(lines[1], ("^(" .. TOKEN) .. ") (%S+) HTTP/(%d%.%d)$")
    if method == nil then
        return {ok = false, status = 400, reason = "malformed request line"}
    end
    if not __TS__ArrayIncludes(methods, method) then
        return {ok = false, status = 405, reason = ("method " .. method) .. " not allowed"}
    end
    if version ~= "1.1" then
        return {ok = false, status = 400, reason = ("HTTP/" .. version) .. " not supported (HTTP/1.1 required)"}
    end
    local headers = {}
    do
        local i = 1
        while i < #lines do
            local name, value = string.match(lines[i + 1], ("^(" .. TOKEN) .. "):[ \t]*(.-)[ \t]*$")
            if name == nil or (string.find(value, CONTROL_CHAR)) ~= nil then
                return {ok = false, status = 400, reason = "malformed header line"}
            end
            local key = string.lower(name)
            headers[key] = headers[key] == nil and value or (headers[key] .. ", ") .. value
            i = i + 1
        end
    end
    return {ok = true, request = {method = method, target = target, headers = headers}}
end
--- The comma-separated list `value`, items trimmed (empty items dropped).
local function listItems(value)
    if value == nil then
        return {}
    end
    return __TS__ArrayFilter(
        __TS__ArrayMap(
            __TS__StringSplit(value, ","),
            function(____, item) return vim.trim(item) end
        ),
        function(____, item) return item ~= "" end
    )
end
local function hasToken(value, token)
    return __TS__ArraySome(
        listItems(value),
        function(____, item) return string.lower(item) == token end
    )
end
--- Whether a complete head asks for a WebSocket upgrade (an Upgrade header naming websocket): a listener that also
-- serves plain HTTP hands any other head to its HTTP side, which checks everything (syntax first) itself.
function ____exports.asksUpgrade(head)
    for name, value in string.gmatch(head, "\r\n([^:\r\n]+):[ \t]*([^\r\n]*)") do
        if string.lower(name) == "upgrade" and hasToken(value, "websocket") then
            return true
        end
    end
    return false
end
--- Compares a secret in constant time: always one pass over `expected`, XOR-accumulating, whatever `given`
-- is, so the time taken says nothing about how much of the token was right.
function ____exports.constantTimeEquals(given, expected)
    local diff = #given == #expected and 0 or 1
    do
        local i = 1
        while i <= #expected do
            diff = bit.bor(
                diff,
                bit.bxor(
                    string.byte(expected, i),
                    string.byte(given, i) or 0
                )
            )
            i = i + 1
        end
    end
    return diff == 0
end
--- Sec-WebSocket-Accept for a Sec-WebSocket-Key.
function ____exports.acceptKey(key)
    return vim.base64.encode(sha1(key .. WEBSOCKET_GUID))
end
--- Decides on a complete request head. Order: syntax and method, then Origin and the token (so that an
-- unauthenticated client learns nothing more), then the WebSocket headers.
function ____exports.answerUpgrade(head, opts)
    local parsed = ____exports.parseRequest(head)
    if not parsed.ok then
        return refuse(parsed.status, parsed.reason, parsed.status == 405 and ({"Allow: GET"}) or ({}))
    end
    local h = parsed.request.headers
    if h.host == nil then
        return refuse(400, "missing Host header")
    end
    local origin = h.origin
    if origin ~= nil and not __TS__ArrayIncludes(opts.allowedOrigins, origin) then
        return refuse(403, ("origin " .. origin) .. " not allowed")
    end
    local token = h[____exports.AUTH_HEADER]
    if token == nil then
        return refuse(401, ("missing " .. ____exports.AUTH_HEADER) .. " header")
    end
    if not ____exports.constantTimeEquals(token, opts.token) then
        return refuse(401, ("wrong " .. ____exports.AUTH_HEADER) .. " header")
    end
    __TS__Delete(h, ____exports.AUTH_HEADER)
    if not hasToken(h.upgrade, "websocket") then
        return refuse(400, "not a WebSocket upgrade (Upgrade: websocket expected)")
    end
    if not hasToken(h.connection, "upgrade") then
        return refuse(400, "not a WebSocket upgrade (Connection: upgrade expected)")
    end
    if h["sec-websocket-version"] ~= "13" then
        return refuse(426, "unsupported WebSocket version (13 expected)", {"Sec-WebSocket-Version: 13"})
    end
    local key = h["sec-websocket-key"]
    if key == nil or not isValidKey(key) then
        return refuse(400, "missing or invalid Sec-WebSocket-Key")
    end
    local protocol = __TS__ArrayIncludes(
        listItems(h["sec-websocket-protocol"]),
        SUBPROTOCOL
    ) and SUBPROTOCOL or nil
    local lines = {
        "HTTP/1.1 101 Switching Protocols",
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Accept: " .. ____exports.acceptKey(key)
    }
    if protocol ~= nil then
        lines[#lines + 1] = "Sec-WebSocket-Protocol: " .. protocol
    end
    return {
        ok = true,
        response = table.concat(lines, "\r\n") .. "\r\n\r\n",
        headers = h,
        protocol = protocol
    }
end
return ____exports
