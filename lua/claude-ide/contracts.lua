-- Generated from src/claude-ide/contracts.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
return ____exports
