-- Generated from src/claude-ide/util/sha1.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local be32
function be32(n)
    return string.char(
        bit.band(
            bit.rshift(n, 24),
            255
        ),
        bit.band(
            bit.rshift(n, 16),
            255
        ),
        bit.band(
            bit.rshift(n, 8),
            255
        ),
        bit.band(n, 255)
    )
end
--- Message padding: 0x80, zeros up to 56 mod 64, then the length in bits as a 64-bit big-endian number.
local function pad(msg)
    local zeros = (55 - #msg % 64 + 64) % 64
    local bits = #msg * 8
    return (((msg .. string.char(128)) .. string.rep(
        string.char(0),
        zeros
    )) .. be32(math.floor(bits / 2 ^ 32))) .. be32(bits % 2 ^ 32)
end
local function rol(x, n)
    return bit.bor(
        bit.lshift(x, n),
        bit.rshift(x, 32 - n)
    )
end
--- The raw 20-byte SHA-1 digest of `msg` (any bytes).
function ____exports.sha1(msg)
    local data = pad(msg)
    local h0 = bit.bor(1732584193, 0)
    local h1 = bit.bor(4023233417, 0)
    local h2 = bit.bor(2562383102, 0)
    local h3 = bit.bor(271733878, 0)
    local h4 = bit.bor(3285377520, 0)
    local w = {}
    do
        local block = 0
        while block < #data do
            local b = {string.byte(data, block + 1, block + 64)}
            do
                local t = 0
                while t < 16 do
                    w[t + 1] = bit.bor(
                        bit.bor(
                            bit.bor(
                                bit.lshift(b[4 * t + 1], 24),
                                bit.lshift(b[4 * t + 1 + 1], 16)
                            ),
                            bit.lshift(b[4 * t + 2 + 1], 8)
                        ),
                        b[4 * t + 3 + 1]
                    )
                    t = t + 1
                end
            end
            do
                local t = 16
                while t < 80 do
                    w[t + 1] = rol(
                        bit.bxor(
                            bit.bxor(
                                bit.bxor(w[t - 3 + 1], w[t - 8 + 1]),
                                w[t - 14 + 1]
                            ),
                            w[t - 16 + 1]
                        ),
                        1
                    )
                    t = t + 1
                end
            end
            local a = h0
            local bb = h1
            local c = h2
            local d = h3
            local e = h4
            do
                local t = 0
                while t < 80 do
                    local f
                    local k
                    if t < 20 then
                        f = bit.bor(
                            bit.band(bb, c),
                            bit.band(
                                bit.bnot(bb),
                                d
                            )
                        )
                        k = 1518500249
                    elseif t < 40 then
                        f = bit.bxor(
                            bit.bxor(bb, c),
                            d
                        )
                        k = 1859775393
                    elseif t < 60 then
                        f = bit.bor(
                            bit.bor(
                                bit.band(bb, c),
                                bit.band(bb, d)
                            ),
                            bit.band(c, d)
                        )
                        k = bit.bor(2400959708, 0)
                    else
                        f = bit.bxor(
                            bit.bxor(bb, c),
                            d
                        )
                        k = bit.bor(3395469782, 0)
                    end
                    local temp = bit.bor(
                        rol(a, 5) + f + e + k + w[t + 1],
                        0
                    )
                    e = d
                    d = c
                    c = rol(bb, 30)
                    bb = a
                    a = temp
                    t = t + 1
                end
            end
            h0 = bit.bor(h0 + a, 0)
            h1 = bit.bor(h1 + bb, 0)
            h2 = bit.bor(h2 + c, 0)
            h3 = bit.bor(h3 + d, 0)
            h4 = bit.bor(h4 + e, 0)
            block = block + 64
        end
    end
    return (((be32(h0) .. be32(h1)) .. be32(h2)) .. be32(h3)) .. be32(h4)
end
--- The SHA-1 digest of `msg` as 40 lowercase hex digits.
function ____exports.sha1Hex(msg)
    local digest = ____exports.sha1(msg)
    local hex = {}
    do
        local i = 1
        while i <= #digest do
            hex[#hex + 1] = string.format(
                "%02x",
                string.byte(digest, i)
            )
            i = i + 1
        end
    end
    return table.concat(hex, "")
end
return ____exports
