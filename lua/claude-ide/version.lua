-- Generated from src/claude-ide/version.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
____exports.VERSION = "0.1.0"
return ____exports
