-- Generated from src/claude-ide/tools/paths.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__StringIncludes = ____lualib.__TS__StringIncludes
local ____exports = {}
local ____positions = require("claude-ide.editor.positions")
local uriCandidates = ____positions.uriCandidates
local ____tool = require("claude-ide.protocol.tool")
local invalidParams = ____tool.invalidParams
--- The paths a path/URI argument may mean (editor/positions uriCandidates). A NUL byte, raw or percent-encoded
-- in a URI, can name no file (and Vim's path functions raise E976 on it): -32602 naming the argument.
function ____exports.pathCandidates(value, argName)
    local encodedNul = vim.startswith(value, "file://") and (string.find(
        string.lower(value),
        "%00",
        1,
        true
    )) ~= nil
    if __TS__StringIncludes(value, "\0") or encodedNul then
        invalidParams(("\"" .. argName) .. "\" must not contain a NUL byte")
    end
    return uriCandidates(value)
end
return ____exports
