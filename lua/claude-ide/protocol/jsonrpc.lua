-- Generated from src/claude-ide/protocol/jsonrpc.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____json = require("claude-ide.util.json")
local decodeJson = ____json.decode
local encodeJson = ____json.encode
____exports.ErrorCode = {
    ParseError = -32700,
    InvalidRequest = -32600,
    MethodNotFound = -32601,
    InvalidParams = -32602,
    InternalError = -32603
}
--- An integer id too large for a double to hold exactly, kept as the digits that arrived (Neovim 0.12's
-- vim.json.decode also clamps integers to int64): echoed back unchanged.
____exports.BigId = __TS__Class()
local BigId = ____exports.BigId
BigId.name = "BigId"
function BigId.prototype.____constructor(self, text)
    self.text = text
end
local function isValidId(id)
    if type(id) == "string" or __TS__InstanceOf(id, ____exports.BigId) then
        return true
    end
    return type(id) == "number" and id == id and id ~= math.huge and id ~= -math.huge
end
--- A JSON number text that decodes to exactly `n`. vim.json.encode keeps only 14 significant digits, which
-- would change large or precise ids; use the shortest "%.Ng" that reads back as the same double.
local function numberText(n)
    for ____, digits in ipairs({14, 15, 16}) do
        local s = string.format(
            ("%." .. tostring(digits)) .. "g",
            n
        )
        if tonumber(s) == n then
            return s
        end
    end
    return string.format("%.17g", n)
end
--- The JSON text of an id, exactly as it arrived (undefined: null).
function ____exports.idText(id)
    if id == nil then
        return "null"
    end
    if __TS__InstanceOf(id, ____exports.BigId) then
        return id.text
    end
    return type(id) == "number" and numberText(id) or encodeJson(id)
end
--- Doubles are exact for integers up to 2^53; beyond, the digits must come from the text itself.
local EXACT_LIMIT = 2 ^ 53
--- Skips a JSON string starting at the quote at byte `i` (1-based); returns the byte after its closing quote.
local function skipString(text, i)
    local j = i + 1
    do
        while true do
            local stop = string.find(text, "[\"\\\\]", j)
            if stop == nil then
                return #text + 1
            end
            if string.sub(text, stop, stop) == "\"" then
                return stop + 1
            end
            j = stop + 2
        end
    end
end
--- The raw text of the number value of top-level key `"id"` in an object message, by a linear scan that skips
-- strings and nested values. Undefined when not found (e.g. the key was written with escapes).
local function rawTopLevelId(text)
    local depth = 0
    local i = 1
    while i <= #text do
        local at, ____, ch = string.find(text, "([%[%]{}\"])", i)
        if at == nil then
            return nil
        end
        if ch == "\"" then
            local next = skipString(text, at)
            if depth == 1 and string.sub(text, at, next - 1) == "\"id\"" then
                local ____, ____, digits = string.find(text, "^%s*:%s*(%-?%d+)[%s,}]", next)
                if digits ~= nil then
                    return digits
                end
            end
            i = next
        else
            depth = depth + ((ch == "{" or ch == "[") and 1 or -1)
            i = at + 1
        end
    end
    return nil
end
--- `{"jsonrpc":"2.0","id":<id>,"result":<result>}` with the id written exactly.
function ____exports.resultResponse(id, result)
    return ((("{\"jsonrpc\":\"2.0\",\"id\":" .. ____exports.idText(id)) .. ",\"result\":") .. encodeJson(result)) .. "}"
end
--- A tools/call response whose result is one text item (nearly every answer): written out around the encoded
-- text, so the encoder walks no tables. Undefined when `content` is anything else (use resultResponse).
function ____exports.textResultResponse(id, content, isError)
    if #content ~= 1 then
        return nil
    end
    local item = content[1]
    if type(item) ~= "table" or item.type ~= "text" or type(item.text) ~= "string" then
        return nil
    end
    for key in pairs(item) do
        if key ~= "type" and key ~= "text" then
            return nil
        end
    end
    return string.format(
        "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":%s}]%s}}",
        ____exports.idText(id),
        encodeJson(item.text),
        isError and ",\"isError\":true" or ""
    )
end
--- A response whose result is already JSON text (e.g. a list kept encoded).
function ____exports.rawResultResponse(id, resultJson)
    return ((("{\"jsonrpc\":\"2.0\",\"id\":" .. ____exports.idText(id)) .. ",\"result\":") .. resultJson) .. "}"
end
--- A response relayed under another id: the peer's result, or its error object as it sent it.
function ____exports.relayedResponse(id, response)
    if response.error ~= nil then
        return ((("{\"jsonrpc\":\"2.0\",\"id\":" .. ____exports.idText(id)) .. ",\"error\":") .. encodeJson(response.error)) .. "}"
    end
    return ____exports.resultResponse(id, response.result)
end
--- A request: our client's (the bridge to an editor), or a server's to its peer (roots/list, with string ids
-- that never collide with the numbers a client uses).
function ____exports.request(id, method, params)
    return ((((("{\"jsonrpc\":\"2.0\",\"id\":" .. ____exports.idText(id)) .. ",\"method\":") .. encodeJson(method)) .. ",\"params\":") .. encodeJson(params)) .. "}"
end
--- An error response; `id` undefined writes `"id":null` (the id could not be determined).
function ____exports.errorResponse(id, code, message)
    return ((("{\"jsonrpc\":\"2.0\",\"id\":" .. ____exports.idText(id)) .. ",\"error\":") .. encodeJson({code = code, message = message})) .. "}"
end
function ____exports.notification(method, params)
    return ((("{\"jsonrpc\":\"2.0\",\"method\":" .. encodeJson(method)) .. ",\"params\":") .. encodeJson(params)) .. "}"
end
local function invalid(id, code, reason)
    return {
        kind = "invalid",
        reply = ____exports.errorResponse(id, code, reason),
        reason = reason
    }
end
--- A JSON object (not an array, not a scalar). Non-empty lists are arrays; `{}` decodes with a dict metatable.
local function isJsonObject(value)
    if type(value) ~= "table" then
        return false
    end
    if (next(value)) == nil then
        return getmetatable(value) ~= nil
    end
    return not vim.islist(value)
end
--- An invalid message: answered when it is a request; for a malformed notification there is nobody to answer.
local function rejected(isNotification, id, reason)
    return isNotification and ({kind = "invalid", reply = nil, reason = reason}) or invalid(id, ____exports.ErrorCode.InvalidRequest, "Invalid Request: " .. reason)
end
--- Decodes and classifies one text message. Never throws. Per JSON-RPC 2.0: unparsable text → -32700 with id
-- null; a batch (array), a non-object, a wrong `jsonrpc`, a non-string `method` or non-structured `params`
-- → -32600 (id echoed when valid). A message with a `method` and no `id` is a notification and is never
-- answered, even when malformed.
function ____exports.decodeMessage(text)
    local decoded = decodeJson(text)
    if not decoded.ok then
        return invalid(nil, ____exports.ErrorCode.ParseError, "Parse error: " .. decoded.error)
    end
    local msg = decoded.value
    if type(msg) == "table" and (next(msg)) ~= nil and vim.islist(msg) then
        return invalid(nil, ____exports.ErrorCode.InvalidRequest, "Invalid Request: batches are not supported")
    end
    if not isJsonObject(msg) then
        return invalid(nil, ____exports.ErrorCode.InvalidRequest, "Invalid Request: not a JSON object")
    end
    local rawId = msg.id
    if type(rawId) == "number" and math.abs(rawId) >= EXACT_LIMIT and math.floor(rawId) == rawId then
        local digits = rawTopLevelId(text)
        if digits ~= nil then
            rawId = __TS__New(____exports.BigId, digits)
        end
    end
    local isNotification = rawId == nil and msg.method ~= nil
    local id = isValidId(rawId) and rawId or nil
    if msg.jsonrpc ~= "2.0" then
        return rejected(isNotification, id, "\"jsonrpc\" must be \"2.0\"")
    end
    if not isNotification and id == nil then
        return rejected(isNotification, id, "\"id\" must be a string or a number")
    end
    if msg.method == nil and not isNotification and (msg.result ~= nil or msg.error ~= nil) then
        return {kind = "response", id = rawId, result = msg.result, error = msg.error}
    end
    if type(msg.method) ~= "string" then
        return rejected(isNotification, id, "\"method\" must be a string")
    end
    local params = msg.params
    if params ~= nil and type(params) ~= "table" then
        return rejected(isNotification, id, "\"params\" must be an object or an array")
    end
    local structured = params
    if isNotification then
        return {kind = "notification", method = msg.method, params = structured}
    end
    return {kind = "request", id = id, method = msg.method, params = structured}
end
return ____exports
