-- Generated from src/claude-ide/lsp/encoding.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local byteToUtf16 = ____positions.byteToUtf16
local charColumnToByte = ____positions.charColumnToByte
local isAscii = ____positions.isAscii
local utf16ToByte = ____positions.utf16ToByte
--- The LSP `character` of byte offset `byteCol` in `line`, in the client's encoding.
function ____exports.toCharacter(line, byteCol, encoding)
    if encoding == "utf-8" then
        return math.max(
            0,
            math.min(byteCol, #line)
        )
    end
    if encoding == "utf-32" then
        return byteToCharColumn(line, byteCol) - 1
    end
    return byteToUtf16(line, byteCol)
end
--- The byte offset in `line` of an LSP `character` in the client's encoding (clamped to the line).
function ____exports.toByte(line, character, encoding)
    if encoding == "utf-8" then
        return math.max(
            0,
            math.min(character, #line)
        )
    end
    if encoding == "utf-32" then
        return charColumnToByte(line, character + 1)
    end
    return utf16ToByte(line, character)
end
--- The 1-based character column the model reads, of an LSP `character` in the client's encoding.
function ____exports.displayColumn(line, character, encoding)
    if isAscii(line) then
        return math.min(
            math.max(0, character),
            #line
        ) + 1
    end
    return byteToCharColumn(
        line,
        ____exports.toByte(line, character, encoding)
    )
end
return ____exports
