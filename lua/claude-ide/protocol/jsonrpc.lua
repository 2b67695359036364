--[[ Generated with https://github.com/TypeScriptToLua/TypeScriptToLua ]]
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
local function isValidId(id)
    if type(id) == "string" then
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
local function idText(id)
    if id == nil then
        return "null"
    end
    return type(id) == "number" and numberText(id) or encodeJson(id)
end
--- `{"jsonrpc":"2.0","id":<id>,"result":<result>}` with the id written exactly.
function ____exports.resultResponse(id, result)
    return ((("{\"jsonrpc\":\"2.0\",\"id\":" .. idText(id)) .. ",\"result\":") .. encodeJson(result)) .. "}"
end
--- An error response; `id` undefined writes `"id":null` (the id could not be determined).
function ____exports.errorResponse(id, code, message)
    return ((("{\"jsonrpc\":\"2.0\",\"id\":" .. idText(id)) .. ",\"error\":") .. encodeJson({code = code, message = message})) .. "}"
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
    if vim.tbl_isempty(value) then
        return getmetatable(value) ~= nil
    end
    return not vim.islist(value)
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
    if type(msg) == "table" and not vim.tbl_isempty(msg) and vim.islist(msg) then
        return invalid(nil, ____exports.ErrorCode.InvalidRequest, "Invalid Request: batches are not supported")
    end
    if not isJsonObject(msg) then
        return invalid(nil, ____exports.ErrorCode.InvalidRequest, "Invalid Request: not a JSON object")
    end
    local rawId = msg.id
    local isNotification = rawId == nil and msg.method ~= nil
    local id = isValidId(rawId) and rawId or nil
    local function reject(reason)
        return isNotification and ({kind = "invalid", reply = nil, reason = reason}) or invalid(id, ____exports.ErrorCode.InvalidRequest, "Invalid Request: " .. reason)
    end
    if msg.jsonrpc ~= "2.0" then
        return reject("\"jsonrpc\" must be \"2.0\"")
    end
    if not isNotification and id == nil then
        return reject("\"id\" must be a string or a number")
    end
    if msg.method == nil and not isNotification and (msg.result ~= nil or msg.error ~= nil) then
        return {kind = "response", id = rawId}
    end
    if type(msg.method) ~= "string" then
        return reject("\"method\" must be a string")
    end
    local params = msg.params
    if params ~= nil and type(params) ~= "table" then
        return reject("\"params\" must be an object or an array")
    end
    local structured = params
    if isNotification then
        return {kind = "notification", method = msg.method, params = structured}
    end
    return {kind = "request", id = id, method = msg.method, params = structured}
end
return ____exports
