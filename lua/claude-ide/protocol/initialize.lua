-- Generated from src/claude-ide/protocol/initialize.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local ____exports = {}
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local ____version = require("claude-ide.version")
local VERSION = ____version.VERSION
--- The MCP revisions spoken, newest first (the first is offered when the client asks for another).
____exports.PROTOCOL_VERSIONS = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}
--- initialize `_meta` key under which the agent bridge tells its own pid.
____exports.PID_META = "claude-ide.nvim/pid"
--- The revision to answer with: the one asked for when spoken, else the newest.
function ____exports.negotiate(asked)
    return type(asked) == "string" and __TS__ArrayIncludes(____exports.PROTOCOL_VERSIONS, asked) and asked or ____exports.PROTOCOL_VERSIONS[1]
end
--- serverInfo.
function ____exports.serverInfo(title)
    return {name = "claude-ide.nvim", title = title, version = VERSION}
end
--- The initialize result.
function ____exports.initializeResult(asked, server)
    return {
        protocolVersion = ____exports.negotiate(asked),
        capabilities = server.capabilities,
        serverInfo = ____exports.serverInfo(server.title),
        instructions = server.instructions
    }
end
--- The params of the initialize request our client sends (`_meta`: e.g. the bridge's pid under PID_META).
function ____exports.initializeParams(clientName, meta)
    return {
        protocolVersion = ____exports.PROTOCOL_VERSIONS[1],
        capabilities = dict(),
        clientInfo = {name = clientName, version = VERSION},
        _meta = meta
    }
end
return ____exports
