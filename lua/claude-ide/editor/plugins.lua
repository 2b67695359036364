-- Generated from src/claude-ide/editor/plugins.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- `require(name)` when that module exists and loads; undefined otherwise (never throws).
function ____exports.optionalModule(name)
    local ok, mod = pcall(_G.require, name)
    local ____ok_0
    if ok then
        ____ok_0 = mod
    else
        ____ok_0 = nil
    end
    return ____ok_0
end
return ____exports
