-- Generated from src/claude-ide/util/cksum.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local POLY = 79764919
local ____table
local function crcTable()
    if ____table ~= nil then
        return ____table
    end
    local t = {}
    do
        local i = 0
        while i < 256 do
            local c = bit.lshift(i, 24)
            do
                local k = 0
                while k < 8 do
                    c = bit.band(c, 2147483648) ~= 0 and bit.bxor(
                        bit.lshift(c, 1),
                        POLY
                    ) or bit.lshift(c, 1)
                    k = k + 1
                end
            end
            t[i + 1] = c
            i = i + 1
        end
    end
    ____table = t
    return t
end
local function step(crc, byte, t)
    return bit.bxor(
        bit.lshift(crc, 8),
        t[bit.band(
            bit.bxor(
                bit.rshift(crc, 24),
                byte
            ),
            255
        ) + 1]
    )
end
--- `cksum`'s first number for `data` (an unsigned 32-bit integer).
function ____exports.cksum(data)
    local t = crcTable()
    local crc = 0
    do
        local i = 1
        while i <= #data do
            crc = step(
                crc,
                string.byte(data, i),
                t
            )
            i = i + 1
        end
    end
    local n = #data
    while n > 0 do
        crc = step(crc, n % 256, t)
        n = math.floor(n / 256)
    end
    local out = bit.bnot(crc)
    return out < 0 and out + 4294967296 or out
end
return ____exports
