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
--- Names the key group `prefix` (e.g. "<leader>a", LazyVim's group for AI tools) in which-key's popup when
-- which-key is installed; without it nothing happens. Returns whether a group was registered.
function ____exports.nameKeyGroup(prefix, name)
    local wk = ____exports.optionalModule("which-key")
    if wk == nil then
        return false
    end
    if type(wk.add) == "function" then
        local entry = {group = name}
        entry[1] = prefix
        return (pcall(wk.add, {entry}))
    end
    if type(wk.register) == "function" then
        return (pcall(wk.register, {[prefix] = {name = "+" .. name}}))
    end
    return false
end
return ____exports
