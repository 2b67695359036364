-- transport/frame: encoding (exact header bytes), the streaming Decoder (any chunking), fragmentation and
-- every protocol error with the close code it must produce.
local frame = require('claude-ide.transport.frame')

-- TSTL classes are constructed with the lualib helper (there is no `.new`).
local new = require('claude-ide.lualib_bundle').__TS__New

local TEXT, BINARY, CLOSE, PING, PONG, CONT = 0x1, 0x2, 0x8, 0x9, 0xa, 0x0
local KEY = string.char(0x37, 0xfa, 0x21, 0x3d)

local function server_decoder(max)
  return new(frame.Decoder, { maxMessageBytes = max or 64 * 1024 * 1024, expectMasked = true })
end

-- A client frame (masked with KEY) built by the module's encoder.
local function client_frame(opcode, payload, opts)
  opts = opts or {}
  return frame.encodeFrame(opcode, payload, { fin = opts.fin, mask = opts.mask or KEY, rsv = opts.rsv })
end

-- Feeds `bytes` in pieces of `size` and returns all events.
local function decode(decoder, bytes, size)
  local events = {}
  size = size or #bytes
  for i = 1, math.max(#bytes, 1), math.max(size, 1) do
    for _, e in ipairs(decoder:push(bytes:sub(i, i + size - 1))) do
      events[#events + 1] = e
    end
  end
  return events
end

local function hex(s)
  return (s:gsub('.', function(c)
    return ('%02x'):format(c:byte())
  end))
end

-- Independent header builder for hand-made frames: b0, b1, then raw extra bytes.
local function raw(...)
  return string.char(...)
end

describe('transport.frame encoding', function()
  it('writes the 7-bit, 16-bit and 64-bit length forms at 0/125/126/65535/65536', function()
    local cases = {
      { 0, '8100' },
      { 125, '817d' },
      { 126, '817e007e' },
      { 65535, '817effff' },
      { 65536, '817f0000000000010000' },
    }
    for _, case in ipairs(cases) do
      local parts = frame.frameParts(TEXT, string.rep('a', case[1]))
      assert.are.equal(case[2], hex(parts[1]), 'length ' .. case[1])
      assert.are.equal(case[1], #parts[2])
    end
  end)

  it('never masks server frames and sets FIN, opcode and RSV as asked', function()
    assert.are.equal('8a03616263', hex(frame.encodeFrame(PONG, 'abc')))
    assert.are.equal('0103616263', hex(frame.encodeFrame(TEXT, 'abc', { fin = false })))
    assert.are.equal('c103616263', hex(frame.encodeFrame(TEXT, 'abc', { rsv = 0x40 })))
  end)

  it('masks client frames with the given key', function()
    -- RFC 6455 §5.7: a masked "Hello" with key 37 fa 21 3d
    assert.are.equal('818537fa213d7f9f4d5158', hex(client_frame(TEXT, 'Hello')))
  end)

  it('writes close payloads: code + reason, cut to 125 bytes on a UTF-8 boundary', function()
    assert.are.equal('', frame.closePayload())
    assert.are.equal('03e8', hex(frame.closePayload(1000)))
    assert.are.equal('0fa1' .. hex('bye'), hex(frame.closePayload(4001, 'bye')))
    local long = frame.closePayload(1000, string.rep('é', 100)) -- 200 bytes of reason
    assert.are.equal(2 + 122, #long) -- 61 whole 'é', not 123 bytes ending in half of one
    assert.are.equal(string.rep('é', 61), long:sub(3))
  end)
end)

describe('transport.frame Decoder', function()
  it('round-trips masked frames of 0/125/126/65535/65536 bytes fed in one piece and byte by byte', function()
    for _, n in ipairs({ 0, 125, 126, 65535, 65536 }) do
      local payload = string.rep('xyz', math.ceil(n / 3)):sub(1, n)
      local bytes = client_frame(TEXT, payload)
      for _, size in ipairs({ #bytes, 1, 7 }) do
        if not (size == 1 and n > 1000) then
          local events = decode(server_decoder(), bytes, size)
          assert.are.equal(1, #events, ('n=%d size=%d'):format(n, size))
          assert.are.equal('text', events[1].kind)
          assert.is_true(events[1].data == payload, ('n=%d size=%d'):format(n, size))
        end
      end
    end
  end)

  it('decodes a 10 MiB masked message arriving in 64 KiB reads', function()
    local payload = string.rep('0123456789abcdé€', 10 * 1024 * 1024 / 20)
    local bytes = client_frame(TEXT, payload)
    local decoder = server_decoder()
    local events = decode(decoder, bytes, 65536)
    assert.are.equal(1, #events)
    assert.are.equal('text', events[1].kind)
    assert.are.equal(#payload, #events[1].data)
    assert.is_true(events[1].data == payload)
  end)

  it('decodes unmasked server frames in client mode, binary too', function()
    local d = new(frame.Decoder, { maxMessageBytes = 1024, expectMasked = false })
    local events = decode(d, frame.encodeFrame(TEXT, 'hi') .. frame.encodeFrame(BINARY, '\0\255'), 1)
    assert.are.same({ { kind = 'text', data = 'hi' }, { kind = 'binary', data = '\0\255' } }, events)
  end)

  it('returns several frames from one read, in order', function()
    local bytes = client_frame(TEXT, 'one') .. client_frame(PING, 'p') .. client_frame(TEXT, 'two')
    assert.are.same(
      { { kind = 'text', data = 'one' }, { kind = 'ping', data = 'p' }, { kind = 'text', data = 'two' } },
      decode(server_decoder(), bytes)
    )
  end)

  it('reassembles a fragmented message, with control frames between the fragments', function()
    local bytes = client_frame(TEXT, 'Hel', { fin = false })
      .. client_frame(PING, 'are you there')
      .. client_frame(CONT, 'lo ', { fin = false })
      .. client_frame(PONG, '')
      .. client_frame(CONT, 'wörld')
    for _, size in ipairs({ #bytes, 1, 5 }) do
      assert.are.same({
        { kind = 'ping', data = 'are you there' },
        { kind = 'pong', data = '' },
        { kind = 'text', data = 'Hello wörld' },
      }, decode(server_decoder(), bytes, size))
    end
  end)

  it('validates UTF-8 on the whole reassembled message (a character split across fragments is fine)', function()
    local euro = '€' -- e2 82 ac
    local bytes = client_frame(TEXT, 'a' .. euro:sub(1, 2), { fin = false }) .. client_frame(CONT, euro:sub(3))
    assert.are.same({ { kind = 'text', data = 'a€' } }, decode(server_decoder(), bytes))
  end)

  describe('close frames', function()
    it('reports an empty close as code 1005', function()
      assert.are.same(
        { { kind = 'close', code = 1005, reason = '' } },
        decode(server_decoder(), client_frame(CLOSE, ''))
      )
    end)

    it('accepts every valid close code with its reason', function()
      for _, code in ipairs({
        1000,
        1001,
        1002,
        1003,
        1007,
        1008,
        1009,
        1010,
        1011,
        1012,
        1013,
        1014,
        3000,
        3999,
        4000,
        4001,
        4999,
      }) do
        local events = decode(server_decoder(), client_frame(CLOSE, frame.closePayload(code, 'bye é')))
        assert.are.same({ { kind = 'close', code = code, reason = 'bye é' } }, events, 'code ' .. code)
      end
    end)

    it('answers 1002 to invalid close codes', function()
      for _, code in ipairs({ 0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535 }) do
        local events = decode(server_decoder(), client_frame(CLOSE, string.char(math.floor(code / 256), code % 256)))
        assert.are.equal(1, #events, 'code ' .. code)
        assert.are.equal('error', events[1].kind, 'code ' .. code)
        assert.are.equal(1002, events[1].code, 'code ' .. code)
      end
    end)

    it('answers 1002 to a 1-byte close payload', function()
      local events = decode(server_decoder(), client_frame(CLOSE, '\3'))
      assert.are.equal(1002, events[1].code)
    end)

    it('answers 1007 to a close reason that is not UTF-8', function()
      local events = decode(server_decoder(), client_frame(CLOSE, frame.closePayload(1000) .. '\xff\xfe'))
      assert.are.equal('error', events[1].kind)
      assert.are.equal(1007, events[1].code)
    end)

    it('decodes nothing after a close frame', function()
      local d = server_decoder()
      assert.are.equal('close', decode(d, client_frame(CLOSE, ''))[1].kind)
      assert.are.same({}, d:push(client_frame(TEXT, 'late')))
    end)
  end)

  describe('protocol errors', function()
    local function error_of(bytes, max, size)
      local events = decode(server_decoder(max), bytes, size)
      assert.are.equal(1, #events, 'exactly one event')
      assert.are.equal('error', events[1].kind)
      return events[1].code, events[1].reason
    end

    it('1002 for an unmasked client frame', function()
      assert.are.equal(1002, error_of(frame.encodeFrame(TEXT, 'hi')))
    end)

    it('1002 for a masked frame in client mode', function()
      local d = new(frame.Decoder, { maxMessageBytes = 1024, expectMasked = false })
      assert.are.equal(1002, d:push(client_frame(TEXT, 'hi'))[1].code)
    end)

    it('1002 for each RSV bit', function()
      for _, rsv in ipairs({ 0x40, 0x20, 0x10 }) do
        assert.are.equal(1002, error_of(client_frame(TEXT, 'hi', { rsv = rsv })))
      end
    end)

    it('1002 for reserved opcodes', function()
      for _, op in ipairs({ 3, 4, 5, 6, 7, 0xb, 0xc, 0xd, 0xe, 0xf }) do
        assert.are.equal(1002, error_of(client_frame(op, '')), 'opcode ' .. op)
      end
    end)

    it('1002 for a control frame over 125 bytes, and for a fragmented control frame', function()
      assert.are.equal(1002, error_of(client_frame(PING, string.rep('p', 126))))
      assert.are.equal(1002, error_of(client_frame(PING, 'p', { fin = false })))
      assert.are.equal(1002, error_of(client_frame(CLOSE, '', { fin = false })))
    end)

    it('1002 for a continuation without a started message', function()
      assert.are.equal(1002, error_of(client_frame(CONT, 'x')))
    end)

    it('1002 for a new data frame while a fragmented message is open', function()
      local bytes = client_frame(TEXT, 'a', { fin = false }) .. client_frame(TEXT, 'b')
      assert.are.equal(1002, error_of(bytes))
      bytes = client_frame(BINARY, 'a', { fin = false }) .. client_frame(TEXT, 'b', { fin = false })
      assert.are.equal(1002, error_of(bytes))
    end)

    it('1002 for a 64-bit length with the high bit set', function()
      local bytes = raw(0x81, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 5) .. KEY .. 'hello'
      assert.are.equal(1002, error_of(bytes, nil, 1))
    end)

    it('1007 for a text message that is not UTF-8 (single frame and reassembled)', function()
      assert.are.equal(1007, error_of(client_frame(TEXT, 'ab\xed\xa0\x80')))
      local bytes = client_frame(TEXT, 'a', { fin = false }) .. client_frame(CONT, '\xc0\xaf')
      assert.are.equal(1007, error_of(bytes))
    end)

    it('1009 for a message over the limit, from the declared length alone (nothing buffered)', function()
      -- header of a masked text frame declaring 2000 bytes, no payload at all
      local header = raw(0x81, 0xfe, 0x07, 0xd0) .. KEY
      assert.are.equal(1009, error_of(header, 1024))
      -- and a 64-bit length of 4 GiB
      assert.are.equal(1009, error_of(raw(0x81, 0xff, 0, 0, 0, 1, 0, 0, 0, 0) .. KEY, 1024))
    end)

    it('1009 when the fragments add up to more than the limit', function()
      local bytes = client_frame(TEXT, string.rep('a', 600), { fin = false })
        .. client_frame(CONT, string.rep('b', 600))
      assert.are.equal(1009, error_of(bytes, 1024))
      -- exactly at the limit is fine
      local ok = client_frame(TEXT, string.rep('a', 512), { fin = false }) .. client_frame(CONT, string.rep('b', 512))
      local events = decode(server_decoder(1024), ok)
      assert.are.equal('text', events[1].kind)
      assert.are.equal(1024, #events[1].data)
    end)

    it('decodes nothing after an error', function()
      local d = server_decoder()
      assert.are.equal('error', d:push(frame.encodeFrame(TEXT, 'unmasked'))[1].kind)
      assert.are.same({}, d:push(client_frame(TEXT, 'fine')))
    end)
  end)
end)

describe('transport.frame Decoder on random input', function()
  -- Deterministic pseudo-random generator (the same cases on every run).
  local seed = 12345
  local function rand(n)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return math.floor(seed / 65536) % n
  end
  local function random_bytes(n)
    local out = {}
    for i = 1, n do
      out[i] = string.char(rand(256))
    end
    return table.concat(out)
  end

  it('never raises, and ends with at most one error or close, on 2000 random streams', function()
    local valid = client_frame(TEXT, 'ok') .. client_frame(PING, 'p')
    for case = 1, 2000 do
      -- half of the cases start with valid frames, so that the garbage hits the decoder mid-stream
      local stream = (case % 2 == 0 and valid or '') .. random_bytes(rand(200))
      local decoder = server_decoder(rand(2) == 0 and 64 or 4096)
      local events, i = {}, 1
      while i <= #stream do
        local n = 1 + rand(40)
        local ok, got = pcall(decoder.push, decoder, stream:sub(i, i + n - 1))
        assert(ok, ('case %d raised: %s'):format(case, tostring(got)))
        vim.list_extend(events, got)
        i = i + n
      end
      for k, e in ipairs(events) do
        if e.kind == 'error' or e.kind == 'close' then
          assert.are.equal(#events, k, 'nothing after an error or close')
        end
        if e.kind == 'error' then
          assert.is_true(e.code == 1002 or e.code == 1007 or e.code == 1009, 'code ' .. e.code)
        end
      end
    end
  end)
end)
