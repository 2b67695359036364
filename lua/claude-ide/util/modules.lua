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
--- The plugin's lua/ folder (this file is lua/claude-ide/util/modules.lua).
function ____exports.pluginLuaFolder()
    local source = debug.getinfo(1, "S").source
    return vim.fn.fnamemodify(
        string.sub(source, 2),
        ":p:h:h:h"
    )
end
--- The path of a script of the plugin's, `rel` relative to lua/claude-ide/ (e.g. "editor/snapshot/snapshot_worker.lua").
function ____exports.pluginScript(rel)
    return (____exports.pluginLuaFolder() .. "/claude-ide/") .. rel
end
--- LUA_PATH for a child `nvim --clean -l <script>` that requires the plugin's modules (a child started with
-- --clean has no runtimepath of ours; `;;` keeps Lua's default path after them).
function ____exports.childLuaPath()
    local lua = ____exports.pluginLuaFolder()
    return ((lua .. "/?.lua;") .. lua) .. "/?/init.lua;;"
end
--- What warmModules does between two turns of the editor's loop, at most (ms).
local WARM_SLICE_MS = 2
--- The plugin modules a module's file requires, as its generated Lua names them: require("claude-ide.x.y").
local function requiresOf(folder, name)
    local path = string.gsub(name, "%.", "/")
    local fh = io.open(((folder .. "/") .. path) .. ".lua", "r")
    if fh == nil then
        return {}
    end
    local text = fh:read("*a")
    fh:close()
    local deps = {}
    for dep in string.gmatch(text, "require%(\"(claude%-ide[%w_%.%-]*)\"%)") do
        deps[#deps + 1] = dep
    end
    return deps
end
--- Loads the plugin module `root` and every plugin module it requires, a few at a time with the editor's loop
-- running in between: one require of a module with many dependencies runs all their bodies in one stretch (the
-- agent endpoint's 67 modules: 11-14 ms). Dependencies come first (each module's file is read for the modules
-- it requires), so every require runs only its own module's body. Done when `root` is loaded (also when
-- something else required it meanwhile); a module that fails to load ends the warm-up (its real use reports it).
function ____exports.warmModules(root)
    local loaded = _G.package.loaded
    local load = _G.require
    if loaded[root] ~= nil then
        return
    end
    local folder = ____exports.pluginLuaFolder()
    local stack = {{name = root, next = 0}}
    local seen = {}
    seen[root] = true
    local tick
    tick = function()
        local start = vim.uv.hrtime()
        while #stack > 0 and (vim.uv.hrtime() - start) / 1000000 < WARM_SLICE_MS do
            do
                local top = stack[#stack]
                if loaded[top.name] ~= nil then
                    table.remove(stack)
                    goto __continue14
                end
                if top.deps == nil then
                    top.deps = requiresOf(folder, top.name)
                end
                local deps = top.deps
                local pushed = false
                while top.next < #deps and not pushed do
                    local ____top_0, ____next_1 = top, "next"
                    local ____top_next_2 = ____top_0[____next_1]
                    ____top_0[____next_1] = ____top_next_2 + 1
                    local dep = deps[____top_next_2 + 1]
                    if loaded[dep] == nil and not (seen[dep] ~= nil) then
                        seen[dep] = true
                        stack[#stack + 1] = {name = dep, next = 0}
                        pushed = true
                    end
                end
                if pushed then
                    goto __continue14
                end
                local ok = pcall(load, top.name)
                if not ok then
                    return
                end
                table.remove(stack)
            end
            ::__continue14::
        end
        if #stack > 0 then
            vim.defer_fn(tick, 1)
        end
    end
    vim.defer_fn(tick, 1)
end
return ____exports
