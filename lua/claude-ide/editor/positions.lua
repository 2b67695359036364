-- Generated from src/claude-ide/editor/positions.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ENCODING_API, NON_ASCII
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
--- The line has no byte above 0x7F: its byte, UTF-16 and character columns are the same.
function ____exports.isAscii(s)
    return (string.find(s, NON_ASCII)) == nil
end
--- UTF-16 offset of byte offset `byteCol` (clamped to the line) in `line`.
function ____exports.byteToUtf16(line, byteCol)
    local col = math.max(
        0,
        math.min(byteCol, #line)
    )
    if ____exports.isAscii(line) then
        return col
    end
    if ENCODING_API then
        return vim.str_utfindex(line, "utf-16", col, false)
    end
    local ____, utf16 = vim.str_utfindex(line, col)
    return utf16
end
--- Length of `line` in UTF-16 code units.
function ____exports.utf16Length(line)
    return ____exports.byteToUtf16(line, #line)
end
--- Number of characters (code points) in `line`.
function ____exports.charCount(line)
    if ____exports.isAscii(line) then
        return #line
    end
    if ENCODING_API then
        return vim.str_utfindex(line, "utf-32", #line, false)
    end
    local utf32 = vim.str_utfindex(line, #line)
    return utf32
end
ENCODING_API = vim.fn.has("nvim-0.11") == 1
NON_ASCII = ((("[" .. string.char(128)) .. "-") .. string.char(255)) .. "]"
--- Byte offset of UTF-16 offset `u16` (clamped to the line) in `line`. An offset inside a surrogate pair
-- (half an emoji) moves to the end of that character.
function ____exports.utf16ToByte(line, u16)
    local col = math.max(0, u16)
    if ____exports.isAscii(line) then
        return math.min(col, #line)
    end
    if ENCODING_API then
        return vim.str_byteindex(line, "utf-16", col, false)
    end
    return vim.str_byteindex(
        line,
        math.min(
            col,
            ____exports.utf16Length(line)
        ),
        true
    )
end
--- Byte length of the UTF-8 character starting at byte offset `byteCol` (0 at or past the end).
function ____exports.charLength(line, byteCol)
    if byteCol >= #line then
        return 0
    end
    local b = string.byte(line, byteCol + 1)
    if b < 192 then
        return 1
    end
    if b < 224 then
        return 2
    end
    if b < 240 then
        return 3
    end
    return 4
end
--- Absolute, normalized path (no trailing slash, `~` and `.`/`..` resolved).
function ____exports.normalizePath(path)
    if string.sub(path, 1, 1) == "/" then
        return normalize(path)
    end
    return normalize(vim.fn.fnamemodify(
        normalize(path),
        ":p"
    ))
end
--- The percent-encoded file:// URI of an absolute path.
function ____exports.toUri(path)
    if (string.find(path, "^/[%w%-._~/]*$")) ~= nil then
        return "file://" .. path
    end
    return vim.uri_from_fname(path)
end
--- The paths a client's `uri` (or plain path) may mean, most likely first: a file:// URI percent-decoded, then
-- taken literally (a client that did not encode `100%.txt`). Plain paths are returned as they are.
function ____exports.uriCandidates(uri)
    if not vim.startswith(uri, "file://") then
        return {____exports.normalizePath(uri)}
    end
    local literal = ____exports.normalizePath(string.sub(uri, 8))
    local ok, decoded = pcall(vim.uri_to_fname, uri)
    if not ok or decoded == literal then
        return {literal}
    end
    return {
        ____exports.normalizePath(decoded),
        literal
    }
end
--- 1-based character column (code points, as an editor shows them) of byte offset `byteCol` in `line`.
function ____exports.byteToCharColumn(line, byteCol)
    local col = math.max(
        0,
        math.min(byteCol, #line)
    )
    if ____exports.isAscii(line) then
        return col + 1
    end
    if ENCODING_API then
        return vim.str_utfindex(line, "utf-32", col, false) + 1
    end
    local utf32 = vim.str_utfindex(line, col)
    return utf32 + 1
end
--- Byte offset of 1-based character column `charCol` in `line` (past the end: the line's length).
function ____exports.charColumnToByte(line, charCol)
    local idx = math.max(0, charCol - 1)
    if ____exports.isAscii(line) then
        return math.min(idx, #line)
    end
    if idx >= ____exports.charCount(line) then
        return #line
    end
    if ENCODING_API then
        return vim.str_byteindex(line, "utf-32", idx, false)
    end
    return vim.str_byteindex(line, idx, false)
end
return ____exports
