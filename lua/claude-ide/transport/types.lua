-- Generated from src/claude-ide/transport/types.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- RFC 6455 close codes used by this plugin.
____exports.CloseCode = {
    Normal = 1000,
    GoingAway = 1001,
    ProtocolError = 1002,
    UnsupportedData = 1003,
    InvalidPayload = 1007,
    PolicyViolation = 1008,
    MessageTooBig = 1009,
    InternalError = 1011,
    Replaced = 4001
}
return ____exports
