-- Generated from src/claude-ide/util/tables.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local hasNew, newModule = pcall(_G.require, "table.new")
local create = hasNew and newModule or nil
--- An empty array with room for `n` items. Fill it by index (a push looks for its end on every call).
function ____exports.sizedArray(n)
    return create ~= nil and create(n, 0) or ({})
end
return ____exports
