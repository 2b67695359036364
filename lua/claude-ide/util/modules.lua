-- Generated from src/claude-ide/util/modules.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The module `name` if something already required it, else undefined.
function ____exports.loadedModule(name)
    return _G.package.loaded[name]
end
return ____exports
