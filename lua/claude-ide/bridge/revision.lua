-- Generated from src/claude-ide/bridge/revision.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local ErrorCode = ____jsonrpc.ErrorCode
local errorResponse = ____jsonrpc.errorResponse
local idText = ____jsonrpc.idText
local ____initialize = require("claude-ide.protocol.initialize")
local PROTOCOL_VERSIONS = ____initialize.PROTOCOL_VERSIONS
local ____json = require("claude-ide.util.json")
local encodeJson = ____json.encode
local isObject = ____json.isObject
--- The stateless revision the bridge implements.
____exports.MODERN_VERSION = "2026-07-28"
--- Every revision the bridge speaks, newest first (server/discover's supportedVersions).
____exports.SUPPORTED_VERSIONS = {
    ____exports.MODERN_VERSION,
    unpack(PROTOCOL_VERSIONS)
}
____exports.META_VERSION = "io.modelcontextprotocol/protocolVersion"
____exports.META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
____exports.META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo"
____exports.META_SERVER_INFO = "io.modelcontextprotocol/serverInfo"
--- On a notification sent on a subscriptions/listen stream: the id of that listen request.
____exports.META_SUBSCRIPTION = "io.modelcontextprotocol/subscriptionId"
--- 2026-07-28's error codes.
____exports.RevisionError = {UnsupportedProtocolVersion = -32022}
--- Legacy methods that 2026-07-28 removed: a request of that revision calling one is not found.
local REMOVED = {}
for ____, m in ipairs({"initialize", "ping", "logging/setLevel"}) do
    REMOVED[m] = true
end
--- Methods that exist only in 2026-07-28: without `_meta`'s protocol version their params are invalid.
local MODERN_ONLY = {}
for ____, m in ipairs({"server/discover", "subscriptions/listen"}) do
    MODERN_ONLY[m] = true
end
--- Results 2026-07-28 lets a client cache (CacheableResult): they carry `ttlMs` and `cacheScope`. Every one of
-- them may change at any moment (the user adds a tool, edits a buffer) and tells about the user's editor: 0 ms
-- (re-fetch when needed) and private (never shared across authorization contexts).
local CACHEABLE = {}
for ____, m in ipairs({
    "server/discover",
    "tools/list",
    "resources/list",
    "resources/templates/list",
    "resources/read"
}) do
    CACHEABLE[m] = true
end
____exports.CACHE_HINTS = {ttlMs = 0, cacheScope = "private"}
--- The fields a 2026-07-28 result of `method` carries besides its own: resultType, and the cache hints.
function ____exports.modernFields(method)
    return CACHEABLE[method] ~= nil and __TS__ObjectAssign({resultType = "complete"}, ____exports.CACHE_HINTS) or ({resultType = "complete"})
end
--- The JSON text of modernFields(method) without its braces (to open a result object written by hand).
function ____exports.modernFieldsJson(method)
    return CACHEABLE[method] ~= nil and ((("\"resultType\":\"complete\",\"ttlMs\":" .. tostring(____exports.CACHE_HINTS.ttlMs)) .. ",\"cacheScope\":\"") .. ____exports.CACHE_HINTS.cacheScope) .. "\"" or "\"resultType\":\"complete\""
end
function ____exports.clientInfoOf(value)
    if not isObject(value) or type(value.name) ~= "string" or value.name == "" then
        return nil
    end
    return {
        name = value.name,
        title = type(value.title) == "string" and value.title ~= "" and value.title or nil,
        version = type(value.version) == "string" and value.version or nil
    }
end
function ____exports.revisionOf(id, method, params)
    local meta = params._meta
    local ____isObject_result_0
    if isObject(meta) then
        ____isObject_result_0 = meta[____exports.META_VERSION]
    else
        ____isObject_result_0 = nil
    end
    local version = ____isObject_result_0
    if version == nil or not isObject(meta) then
        if not (MODERN_ONLY[method] ~= nil) then
            return {kind = "legacy"}
        end
        return {
            kind = "reject",
            reply = errorResponse(id, ErrorCode.InvalidParams, ((((((method .. ": _meta[\"") .. ____exports.META_VERSION) .. "\"] is required (") .. method) .. " exists only in protocol version ") .. ____exports.MODERN_VERSION) .. ")")
        }
    end
    if version ~= ____exports.MODERN_VERSION then
        local requested = type(version) == "string" and version or vim.json.encode(version)
        return {
            kind = "reject",
            reply = ((("{\"jsonrpc\":\"2.0\",\"id\":" .. idText(id)) .. ",\"error\":") .. encodeJson({
                code = ____exports.RevisionError.UnsupportedProtocolVersion,
                message = ((("Unsupported protocol version: " .. requested) .. " (supported: ") .. table.concat(____exports.SUPPORTED_VERSIONS, ", ")) .. ")",
                data = {supported = ____exports.SUPPORTED_VERSIONS, requested = version}
            })) .. "}"
        }
    end
    if not isObject(meta[____exports.META_CAPABILITIES]) then
        return {
            kind = "reject",
            reply = errorResponse(id, ErrorCode.InvalidParams, (((method .. ": _meta[\"") .. ____exports.META_CAPABILITIES) .. "\"] (an object) is required with protocol version ") .. ____exports.MODERN_VERSION)
        }
    end
    if REMOVED[method] ~= nil then
        return {
            kind = "reject",
            reply = errorResponse(id, ErrorCode.MethodNotFound, ((("Method not found: " .. method) .. " (not in ") .. ____exports.MODERN_VERSION) .. ")")
        }
    end
    return {
        kind = "modern",
        client = ____exports.clientInfoOf(meta[____exports.META_CLIENT_INFO])
    }
end
return ____exports
