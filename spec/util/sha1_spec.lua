-- SHA-1 (util/sha1) against the FIPS 180 test vectors, the RFC 6455 handshake example and, for every
-- padding boundary, the system's sha1sum as an independent oracle.
local sha1 = require('claude-ide.util.sha1')
local handshake = require('claude-ide.transport.handshake')

local function sha1sum(data)
  local res = vim.system({ 'sha1sum' }, { stdin = data }):wait()
  assert(res.code == 0, res.stderr)
  return res.stdout:match('^(%x+)')
end

describe('util.sha1', function()
  it('matches the FIPS 180 vectors', function()
    assert.are.equal('a9993e364706816aba3e25717850c26c9cd0d89d', sha1.sha1Hex('abc'))
    assert.are.equal('da39a3ee5e6b4b0d3255bfef95601890afd80709', sha1.sha1Hex(''))
    assert.are.equal(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
      sha1.sha1Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')
    )
    assert.are.equal(
      'a49b2446a02c645bf419f995b67091253a04a259',
      sha1.sha1Hex(
        'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu'
      )
    )
  end)

  it('matches the one-million-"a" vector', function()
    assert.are.equal('34aa973cd4c4daa4f61eeb2bdbad27316534016f', sha1.sha1Hex(string.rep('a', 1000000)))
  end)

  it('returns the raw 20-byte digest', function()
    local digest = sha1.sha1('abc')
    assert.are.equal(20, #digest)
    assert.are.equal(0xa9, digest:byte(1))
    assert.are.equal(0x9d, digest:byte(20))
  end)

  it('agrees with sha1sum on every length around the padding boundaries, with all byte values', function()
    local bytes = {}
    for i = 0, 199 do
      bytes[#bytes + 1] = string.char((i * 37 + 11) % 256)
    end
    local source = table.concat(bytes)
    for _, len in ipairs({ 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 200 }) do
      local data = source:sub(1, len)
      assert.are.equal(sha1sum(data), sha1.sha1Hex(data), 'length ' .. len)
    end
  end)

  it('gives the RFC 6455 section 1.3 Sec-WebSocket-Accept', function()
    assert.are.equal('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=', handshake.acceptKey('dGhlIHNhbXBsZSBub25jZQ=='))
  end)
end)
