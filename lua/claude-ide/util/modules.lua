--[[ Generated with https://github.com/TypeScriptToLua/TypeScriptToLua ]]
local ____exports = {}
--- The module `name` if something already required it, else undefined.
function ____exports.loadedModule(name)
    return _G.package.loaded[name]
end
return ____exports
