-- Generated from src/claude-ide/bridge/revision.ts by TypeScriptToLua (make build): do not edit.
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
--- 2026-07-28's error codes.
____exports.RevisionError = {UnsupportedProtocolVersion = -32022}
--- Legacy methods that 2026-07-28 removed: a request of that revision calling one is not found.
local REMOVED = {}
for ____, m in ipairs({"initialize", "ping", "logging/setLevel"}) do
    REMOVED[m] = true
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
        return {kind = "legacy"}
    end
    if version ~= ____exports.MODERN_VERSION then
        if method == "server/discover" then
            return {
                kind = "modern",
                client = ____exports.clientInfoOf(meta[____exports.META_CLIENT_INFO])
            }
        end
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
--- The part of a response after its id (`"result":{…}}`, as the editor encoded it) with `"resultType":"complete"`
-- added to the result object. An error, or anything else, is returned unchanged.
function ____exports.withResultType(rest)
    if not vim.startswith(rest, "\"result\":{") then
        return rest
    end
    local sep = string.sub(rest, 11, 11) == "}" and "" or ","
    return ("\"result\":{\"resultType\":\"complete\"" .. sep) .. string.sub(rest, 11)
end
return ____exports
