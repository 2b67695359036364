-- Generated from src/claude-ide/hook.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local here = debug.getinfo(1, "S").source
local luaRoot = vim.fn.fnamemodify(
    string.sub(here, 2),
    ":p:h:h"
)
local pkg = _G.package
pkg.path = (((luaRoot .. "/?.lua;") .. luaRoot) .. "/?/init.lua;") .. pkg.path
local scriptArgs = _G.arg or ({})
local lua = _G
local status = lua.require("claude-ide.hooks.main").main(scriptArgs)
if status ~= 0 then
    os.exit(status)
end
return ____exports
