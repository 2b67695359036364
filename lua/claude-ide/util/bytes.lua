-- Generated from src/claude-ide/util/bytes.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local keyWord, pointerAt, sequenceLength, SLICE, SCRATCH_MAX, scratch, ASCII_RUN, inRange, isCont
function keyWord(ffiLib, key)
    local b1, b2, b3, b4 = string.byte(key, 1, 4)
    return ffiLib.abi("le") and bit.bor(
        bit.bor(
            bit.bor(
                b1,
                bit.lshift(b2, 8)
            ),
            bit.lshift(b3, 16)
        ),
        bit.lshift(b4, 24)
    ) or bit.bor(
        bit.bor(
            bit.bor(
                bit.lshift(b1, 24),
                bit.lshift(b2, 16)
            ),
            bit.lshift(b3, 8)
        ),
        b4
    )
end
--- FFI path: copy into one C buffer, XOR it as 32-bit words, then the trailing bytes.
function ____exports.xorMaskFfi(ffiLib, pieces, total, key)
    if total == 0 then
        return ""
    end
    local buf
    if total > SCRATCH_MAX then
        buf = ffiLib.new("uint8_t[?]", total)
    else
        if scratch.buf == nil or scratch.size < total then
            scratch.size = math.max(
                4096,
                math.min(
                    SCRATCH_MAX,
                    2 ^ math.ceil(math.log(total) / math.log(2))
                )
            )
            scratch.buf = ffiLib.new("uint8_t[?]", scratch.size)
        end
        buf = scratch.buf
    end
    local offset = 0
    for ____, piece in ipairs(pieces) do
        ffiLib.copy(
            pointerAt(
                ffiLib.cast("uint8_t*", buf),
                offset
            ),
            piece,
            #piece
        )
        offset = offset + #piece
    end
    local k = keyWord(ffiLib, key)
    local words = ffiLib.cast("int32_t*", buf)
    local wordCount = math.floor(total / 4)
    do
        local i = 0
        while i < wordCount do
            words[i] = bit.bxor(words[i], k)
            i = i + 1
        end
    end
    do
        local i = wordCount * 4
        while i < total do
            buf[i] = bit.bxor(
                buf[i],
                string.byte(key, i % 4 + 1)
            )
            i = i + 1
        end
    end
    return ffiLib.string(buf, total)
end
function pointerAt(ptr, offset)
    return ptr + offset
end
--- Pure-Lua path: slices of at most SLICE bytes, joined once at the end.
function ____exports.xorMaskLua(pieces, key)
    local k = {string.byte(key, 1, 4)}
    local out = {}
    local position = 0
    for ____, piece in ipairs(pieces) do
        do
            local start = 1
            while start <= #piece do
                local bytes = {string.byte(
                    piece,
                    start,
                    math.min(start + SLICE - 1, #piece)
                )}
                do
                    local i = 0
                    while i < #bytes do
                        bytes[i + 1] = bit.bxor(bytes[i + 1], k[(position + i) % 4 + 1])
                        i = i + 1
                    end
                end
                position = position + #bytes
                out[#out + 1] = string.char(unpack(bytes))
                start = start + SLICE
            end
        end
    end
    return table.concat(out, "")
end
--- FFI path: read the string in place, skipping ASCII four bytes at a time.
function ____exports.isValidUtf8Ffi(ffiLib, s)
    local n = #s
    local p = ffiLib.cast("const uint8_t*", s)
    local words = ffiLib.cast("const int32_t*", s)
    local wordCount = math.floor(n / 4)
    local function at(i)
        return i < n and p[i] or nil
    end
    local i = 0
    while i < n do
        if i % 4 == 0 then
            local w = i / 4
            while w < wordCount and bit.band(words[w], 2155905152) == 0 do
                w = w + 1
            end
            i = w * 4
            if i >= n then
                return true
            end
        end
        if p[i] < 128 then
            i = i + 1
        else
            local length = sequenceLength(
                p[i],
                at(i + 1),
                at(i + 2),
                at(i + 3)
            )
            if length == 0 then
                return false
            end
            i = i + length
        end
    end
    return true
end
--- Pure-Lua path: skip ASCII runs with string.find, check each multi-byte sequence.
function ____exports.isValidUtf8Lua(s)
    local i = 1
    do
        while true do
            local ____, runEnd = string.find(s, ASCII_RUN, i)
            i = runEnd + 1
            if i > #s then
                return true
            end
            local b0, b1, b2, b3 = string.byte(s, i, i + 3)
            local length = sequenceLength(b0, b1, b2, b3)
            if length == 0 then
                return false
            end
            i = i + length
        end
    end
end
function sequenceLength(b0, b1, b2, b3)
    if b0 < 194 then
        return 0
    end
    if b0 < 224 then
        return isCont(b1) and 2 or 0
    end
    if b0 < 240 then
        local ____temp_2
        if b0 == 224 then
            ____temp_2 = inRange(b1, 160, 191)
        else
            local ____temp_1
            if b0 == 237 then
                ____temp_1 = inRange(b1, 128, 159)
            else
                ____temp_1 = isCont(b1)
            end
            ____temp_2 = ____temp_1
        end
        local second = ____temp_2
        return second and isCont(b2) and 3 or 0
    end
    if b0 > 244 then
        return 0
    end
    local ____temp_4
    if b0 == 240 then
        ____temp_4 = inRange(b1, 144, 191)
    else
        local ____temp_3
        if b0 == 244 then
            ____temp_3 = inRange(b1, 128, 143)
        else
            ____temp_3 = isCont(b1)
        end
        ____temp_4 = ____temp_3
    end
    local second = ____temp_4
    return second and isCont(b2) and isCont(b3) and 4 or 0
end
SLICE = 4096
local hasFfi, ffiModule = pcall(_G.require, "ffi")
local ffi = hasFfi and ffiModule or nil
--- Whether masking uses the FFI path (false on a Lua without LuaJIT's ffi).
function ____exports.ffiAvailable()
    return ffi ~= nil
end
--- XORs `total` bytes, given as consecutive `pieces`, with the 4-byte `key` repeated (RFC 6455 §5.3), and
-- returns the result as one string. Taking pieces lets a large payload go from the read chunks into one
-- buffer without joining them first. Masking and unmasking are the same operation.
function ____exports.xorMask(pieces, total, key)
    return ffi ~= nil and ____exports.xorMaskFfi(ffi, pieces, total, key) or ____exports.xorMaskLua(pieces, key)
end
SCRATCH_MAX = 64 * 1024
scratch = {size = 0}
--- Strict UTF-8 check (Unicode table 3-7): rejects overlong forms, surrogates (U+D800..DFFF), code points
-- above U+10FFFF and truncated sequences. Runs of ASCII are skipped fast (a 10 MiB JSON text costs ~1 ms
-- with the FFI, ~40 ms without).
function ____exports.isValidUtf8(s)
    local ____temp_0
    if ffi ~= nil then
        ____temp_0 = ____exports.isValidUtf8Ffi(ffi, s)
    else
        ____temp_0 = ____exports.isValidUtf8Lua(s)
    end
    return ____temp_0
end
ASCII_RUN = ((("^[%z" .. string.char(1)) .. "-") .. string.char(127)) .. "]*"
inRange = function(b, lo, hi) return b ~= nil and b >= lo and b <= hi end
isCont = function(b) return inRange(b, 128, 191) end
--- `s` with every byte that does not start a valid sequence replaced by U+FFFD (one per byte, as the WHATWG
-- decoder does for most cases). Only for text that failed isValidUtf8: it walks the string in Lua.
function ____exports.toValidUtf8(s)
    local out = {}
    local i = 1
    do
        while true do
            local ____, runEnd = string.find(s, ASCII_RUN, i)
            if runEnd >= i then
                out[#out + 1] = string.sub(s, i, runEnd)
            end
            i = runEnd + 1
            if i > #s then
                return table.concat(out, "")
            end
            local b0, b1, b2, b3 = string.byte(s, i, i + 3)
            local length = sequenceLength(b0, b1, b2, b3)
            if length == 0 then
                out[#out + 1] = "�"
                i = i + 1
            else
                out[#out + 1] = string.sub(s, i, i + length - 1)
                i = i + length
            end
        end
    end
end
return ____exports
