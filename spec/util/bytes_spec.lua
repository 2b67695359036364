-- util/bytes: XOR masking (FFI and pure-Lua paths must agree) and the strict UTF-8 validator (both paths).
local bytes = require('claude-ide.util.bytes')
local ffi = require('ffi')

-- Reference XOR, byte by byte, written independently of the module.
local function reference_xor(data, key)
  local out = {}
  for i = 1, #data do
    out[i] = string.char(bit.bxor(data:byte(i), key:byte((i - 1) % 4 + 1)))
  end
  return table.concat(out)
end

local function pseudo_random_bytes(n, seed)
  local out, x = {}, seed
  for i = 1, n do
    x = (x * 1103515245 + 12345) % 2147483648
    out[i] = string.char(math.floor(x / 65536) % 256)
  end
  return table.concat(out)
end

-- Splits `s` into pieces of the given sizes (cycling), to exercise piece boundaries.
local function split(s, sizes)
  local pieces, i, k = {}, 1, 1
  while i <= #s do
    local n = sizes[(k - 1) % #sizes + 1]
    pieces[#pieces + 1] = s:sub(i, i + n - 1)
    i, k = i + n, k + 1
  end
  return pieces
end

describe('util.bytes xorMask', function()
  local key = string.char(0x12, 0xab, 0x00, 0xff)

  it('uses the FFI on LuaJIT', function()
    assert.is_true(bytes.ffiAvailable())
  end)

  it('FFI and pure-Lua paths give the reference result for lengths 0..70 and odd piece splits', function()
    local data = pseudo_random_bytes(70, 7)
    for len = 0, 70 do
      local s = data:sub(1, len)
      local want = reference_xor(s, key)
      for _, sizes in ipairs({ { 70 }, { 1 }, { 3, 5 }, { 7, 1, 2 } }) do
        local pieces = split(s, sizes)
        assert.are.equal(want, bytes.xorMaskFfi(ffi, pieces, len, key), ('ffi len %d'):format(len))
        assert.are.equal(want, bytes.xorMaskLua(pieces, key), ('lua len %d'):format(len))
      end
    end
  end)

  it('FFI path gives the reference result for sizes that grow, shrink and pass the reused buffer', function()
    local mask = '\1\128\255\7'
    for _, n in ipairs({ 5, 4096, 3, 4097, 70000, 65536, 65537, 100, 30000, 1 }) do
      local s = string.rep('ab\0\255é', math.ceil(n / 6)):sub(1, n)
      assert.are.equal(reference_xor(s, mask), bytes.xorMaskFfi(ffi, { s }, n, mask), tostring(n))
    end
  end)

  it('FFI and pure-Lua paths agree on 1 MiB + 3 bytes across uneven pieces (beyond the 4096-byte slices)', function()
    local s = pseudo_random_bytes(1024 * 1024 + 3, 99)
    local pieces = split(s, { 65536, 4095, 1, 9000 })
    local a = bytes.xorMaskFfi(ffi, pieces, #s, key)
    local b = bytes.xorMaskLua(pieces, key)
    assert.are.equal(#s, #a)
    assert.is_true(a == b)
    assert.is_true(a ~= s)
    assert.is_true(bytes.xorMask({ a }, #a, key) == s, 'masking twice restores the input')
  end)
end)

describe('util.bytes isValidUtf8', function()
  local valid = {
    '',
    'plain ascii {"jsonrpc":"2.0"}',
    '\0nul inside\0',
    'é', -- U+00E9
    '€', -- U+20AC
    '\xed\x9f\xbf', -- U+D7FF, just below the surrogates
    '\xee\x80\x80', -- U+E000, just above them
    '😀', -- U+1F600
    '\xf4\x8f\xbf\xbf', -- U+10FFFF
    '\xc2\x80', -- U+0080
    '\xe0\xa0\x80', -- U+0800
    '\xf0\x90\x80\x80', -- U+10000
    string.rep('aé€😀', 1000),
  }
  local invalid = {
    ['lone continuation byte'] = 'a\x80b',
    ['overlong 2-byte (C0)'] = '\xc0\xaf',
    ['overlong 2-byte (C1)'] = '\xc1\xbf',
    ['overlong 3-byte'] = '\xe0\x9f\xbf',
    ['overlong 4-byte'] = '\xf0\x8f\xbf\xbf',
    ['surrogate D800'] = '\xed\xa0\x80',
    ['surrogate DFFF'] = '\xed\xbf\xbf',
    ['above U+10FFFF'] = '\xf4\x90\x80\x80',
    ['F5 lead byte'] = '\xf5\x80\x80\x80',
    ['FF byte'] = 'ab\xff',
    ['truncated 2-byte at the end'] = 'abc\xc3',
    ['truncated 3-byte at the end'] = 'abc\xe2\x82',
    ['truncated 4-byte at the end'] = 'abcd\xf0\x9f\x98',
    ['missing continuation'] = '\xc3(',
    ['invalid byte after 4 ASCII words'] = string.rep('a', 16) .. '\xfe' .. string.rep('b', 16),
  }

  for _, path in ipairs({ 'ffi', 'lua' }) do
    local check = path == 'ffi' and function(s)
      return bytes.isValidUtf8Ffi(ffi, s)
    end or bytes.isValidUtf8Lua

    it(('accepts valid UTF-8 (%s path)'):format(path), function()
      for _, s in ipairs(valid) do
        assert.is_true(check(s), vim.inspect(s))
      end
      -- at every alignment relative to the 4-byte words
      for pad = 0, 7 do
        assert.is_true(check(string.rep('x', pad) .. '€😀é' .. string.rep('y', pad)))
      end
    end)

    it(('rejects invalid UTF-8 (%s path)'):format(path), function()
      for name, s in pairs(invalid) do
        assert.is_false(check(s), name)
        for pad = 1, 5 do
          assert.is_false(check(string.rep('x', pad) .. s), name .. ' at offset ' .. pad)
        end
      end
    end)
  end

  it('the default path agrees with both on large inputs', function()
    local big = string.rep('{"k":"vé€😀"}', 100000)
    assert.is_true(bytes.isValidUtf8(big))
    assert.is_true(bytes.isValidUtf8Lua(big))
    local broken = big .. '\xed\xa0\x80'
    assert.is_false(bytes.isValidUtf8(broken))
    assert.is_false(bytes.isValidUtf8Lua(broken))
  end)
end)

describe('util.bytes toValidUtf8', function()
  local R = '\239\191\189' -- U+FFFD

  it('keeps valid text byte for byte', function()
    for _, s in ipairs({ '', 'ascii', 'é🎉\tx', string.rep('ü', 5000) }) do
      assert.are.equal(s, bytes.toValidUtf8(s))
    end
  end)

  it('replaces each invalid byte with U+FFFD and keeps the rest', function()
    assert.are.equal('a' .. R .. 'b', bytes.toValidUtf8('a\255b'))
    assert.are.equal('caf' .. R, bytes.toValidUtf8('caf\233')) -- Latin-1 é, truncated at the end
    assert.are.equal(R .. R .. 'x', bytes.toValidUtf8('\192\128x')) -- overlong NUL
    assert.are.equal(R .. R .. R .. 'é', bytes.toValidUtf8('\237\160\128é')) -- a surrogate, then valid
    assert.is_true(bytes.isValidUtf8(bytes.toValidUtf8(string.rep('\128\255a\226\130', 2000))))
  end)
end)
