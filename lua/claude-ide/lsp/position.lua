-- Generated from src/claude-ide/lsp/position.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local charColumnToByte = ____positions.charColumnToByte
local charCount = ____positions.charCount
local ____schema = require("claude-ide.protocol.schema")
local int = ____schema.int
local optional = ____schema.optional
local str = ____schema.str
local ____encoding = require("claude-ide.lsp.encoding")
local toCharacter = ____encoding.toCharacter
local ____target = require("claude-ide.editor.target")
local targetInput = ____target.targetInput
____exports.clientNameInput = {client_name = optional(str("Ask only this language server (a name from lsp_clients); default: every attached one that can answer", {minLength = 1}))}
--- `path`|`buffer`, `line`, `column`|`symbol`, `client_name`: what every position tool takes.
____exports.positionInput = __TS__ObjectAssign(
    {},
    targetInput,
    {
        line = int("Line, 1-based", {minimum = 1}),
        column = optional(int("Column, 1-based, in characters (give this or symbol)", {minimum = 1})),
        symbol = optional(str("The name as it is written on that line, instead of column (its first occurrence there)", {minLength = 1}))
    },
    ____exports.clientNameInput
)
local function quote(text)
    local t = #text > 200 and string.sub(text, 1, 200) .. "…" or text
    return vim.json.encode(t)
end
local IDENT = "[%w_$]"
--- Byte offset (0-based) of `symbol` on `text`: the first whole-word occurrence, else the first one.
local function findSymbol(text, symbol)
    local first
    local from = 1
    do
        while true do
            local at, to = string.find(text, symbol, from, true)
            if at == nil then
                break
            end
            if first == nil then
                first = at - 1
            end
            local before = at > 1 and string.sub(text, at - 1, at - 1) or ""
            local after = string.sub(text, to + 1, to + 1)
            local wordStart = (string.find(symbol, "^" .. IDENT)) ~= nil
            local wordEnd = (string.find(symbol, IDENT .. "$")) ~= nil
            if (not wordStart or (string.find(before, IDENT)) == nil) and (not wordEnd or (string.find(after, IDENT)) == nil) then
                return at - 1
            end
            from = at + 1
        end
    end
    return first
end
--- The point `line` + `column` | `symbol` names in `lines`. Throws a ToolFailure saying what is wrong.
function ____exports.resolvePoint(lines, display, args)
    if args.line > #lines then
        failWith(((((("line " .. tostring(args.line)) .. " is past the end: ") .. display) .. " has ") .. tostring(#lines)) .. " lines")
    end
    local text = lines[args.line]
    if args.column ~= nil and args.symbol ~= nil then
        failWith("give either \"column\" or \"symbol\", not both")
    end
    if args.symbol ~= nil then
        local at = findSymbol(text, args.symbol)
        if at == nil then
            failWith(((((((("\"" .. args.symbol) .. "\" is not on line ") .. tostring(args.line)) .. " of ") .. display) .. ", which reads: ") .. quote(text)) .. " (give the name exactly as written there, or a column)")
        end
        return {line = args.line - 1, byte = at, text = text}
    end
    if args.column == nil then
        failWith("give \"column\" (1-based, characters) or \"symbol\" (the name as written on that line)")
    end
    local n = charCount(text)
    if args.column > n + 1 then
        failWith((((((((("column " .. tostring(args.column)) .. " is past the end of line ") .. tostring(args.line)) .. " of ") .. display) .. " (") .. tostring(n)) .. " characters): ") .. quote(text))
    end
    return {
        line = args.line - 1,
        byte = charColumnToByte(text, args.column),
        text = text
    }
end
--- The LSP position of a point for a client with this offset encoding.
function ____exports.lspPosition(p, encoding)
    return {
        line = p.line,
        character = toCharacter(p.text, p.byte, encoding)
    }
end
--- `line:col` as the model reads it (1-based, characters).
function ____exports.pointLabel(p)
    return (tostring(p.line + 1) .. ":") .. tostring(byteToCharColumn(p.text, p.byte))
end
return ____exports
