-- Generated from src/claude-ide/util/modules.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The module `name` if something already required it, else undefined.
function ____exports.loadedModule(name)
    return _G.package.loaded[name]
end
--- A module required on its first use instead of at load time (setup() must cost next to nothing):
-- `const session = lazy<typeof SessionModule>("claude-ide.protocol.session")` with
-- `import type * as SessionModule from "../protocol/session"`, then `session().Session`.
function ____exports.lazy(name)
    local mod
    return function()
        if mod == nil then
            mod = _G.require(name)
        end
        return mod
    end
end
return ____exports
