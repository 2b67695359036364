-- transport/websocket over real loopback sockets, driven by independent clients:
--   * the Node `ws` package (spec/helpers/client.lua) for everything a well-behaved client does;
--   * a raw vim.uv TCP client sending hand-made bytes, to read exact HTTP status lines and close codes
--     off the wire and to misbehave (unmasked frames, invalid UTF-8, silence).
local websocket = require('claude-ide.transport.websocket')
local client = require('helpers.client')

local TOKEN = 'spec-token-5f1e0c'
local MiB = 1024 * 1024

---------------------------------------------------------------------------------------------------------
-- Raw client: bytes in, bytes out. Frames are built and parsed here, independently of transport/frame.
---------------------------------------------------------------------------------------------------------
local Raw = {}
Raw.__index = Raw

local function raw_connect(port)
  local self = setmetatable({ chunks = {}, eof = false, connected = false }, Raw)
  self.tcp = vim.uv.new_tcp()
  self.tcp:connect('127.0.0.1', port, function(err)
    assert(not err, err)
    self.connected = true
    self.tcp:read_start(function(rerr, data)
      if data then
        table.insert(self.chunks, data)
      else
        self.eof = rerr or true
      end
    end)
  end)
  assert(
    vim.wait(2000, function()
      return self.connected
    end, 2),
    'raw client could not connect'
  )
  return self
end

function Raw:send(bytes)
  self.tcp:write(bytes)
end

function Raw:received()
  return table.concat(self.chunks)
end

--- Waits until the server closed the connection (EOF); returns everything received.
function Raw:wait_eof(ms)
  assert(
    vim.wait(ms or 3000, function()
      return self.eof ~= false
    end, 2),
    'the server did not close the connection; received: ' .. vim.inspect(self:received())
  )
  return self:received()
end

function Raw:close()
  if not self.tcp:is_closing() then
    self.tcp:close()
  end
end

--- A masked client frame (key 0x11 0x22 0x33 0x44 unless `key` is given; "" for an unmasked frame).
local function client_frame(opcode, payload, opts)
  opts = opts or {}
  local key = opts.key or '\17\34\51\68'
  local b0 = (opts.fin == false and 0 or 0x80) + opcode
  local mask_bit = key == '' and 0 or 0x80
  local n = #payload
  local header
  if n < 126 then
    header = string.char(b0, mask_bit + n)
  else
    assert(n < 65536)
    header = string.char(b0, mask_bit + 126, math.floor(n / 256), n % 256)
  end
  if key == '' then
    return header .. payload
  end
  local out = {}
  for i = 1, n do
    out[i] = string.char(bit.bxor(payload:byte(i), key:byte((i - 1) % 4 + 1)))
  end
  return header .. key .. table.concat(out)
end

--- Parses the unmasked server frames at the start of `bytes` (small payloads): list of {opcode, payload}.
local function server_frames(bytes)
  local frames, i = {}, 1
  while i + 1 <= #bytes do
    local b0, b1 = bytes:byte(i, i + 1)
    assert(b1 < 0x80, 'server frames must not be masked')
    local n, start = b1, i + 2
    if n == 126 then
      n, start = bytes:byte(i + 2) * 256 + bytes:byte(i + 3), i + 4
    end
    assert(n < 127)
    if start + n - 1 > #bytes then
      break
    end
    frames[#frames + 1] = { opcode = b0 % 16, fin = b0 >= 0x80, payload = bytes:sub(start, start + n - 1) }
    i = start + n
  end
  return frames
end

local function close_code(frame)
  assert.are.equal(0x8, frame.opcode, 'a close frame')
  return frame.payload:byte(1) * 256 + frame.payload:byte(2), frame.payload:sub(3)
end

local function upgrade_request(headers, request_line)
  local defaults = {
    Host = '127.0.0.1',
    Upgrade = 'websocket',
    Connection = 'Upgrade',
    ['Sec-WebSocket-Version'] = '13',
    ['Sec-WebSocket-Key'] = 'dGhlIHNhbXBsZSBub25jZQ==',
    ['X-Claude-Code-Ide-Authorization'] = TOKEN,
  }
  local lines = { request_line or 'GET / HTTP/1.1' }
  for name, value in pairs(vim.tbl_extend('force', defaults, headers or {})) do
    if value ~= false then
      lines[#lines + 1] = name .. ': ' .. value
    end
  end
  return table.concat(lines, '\r\n') .. '\r\n\r\n'
end

local SWITCHING = 'HTTP/1.1 101 Switching Protocols\r\n'

--- A raw client past the handshake; returns it and the bytes after the 101 response.
local function raw_open(port)
  local raw = raw_connect(port)
  raw:send(upgrade_request())
  assert(
    vim.wait(2000, function()
      return raw:received():find('\r\n\r\n', 1, true) ~= nil
    end, 2),
    'no handshake response'
  )
  assert.are.equal(SWITCHING, raw:received():sub(1, #SWITCHING))
  return raw
end

--- Bytes received after the 101 response.
local function after_handshake(bytes)
  local _, e = bytes:find('\r\n\r\n', 1, true)
  return e and bytes:sub(e + 1) or ''
end

---------------------------------------------------------------------------------------------------------
-- The listener under test: echoes every text message and records connections and closes.
---------------------------------------------------------------------------------------------------------
local state -- per test: { listener, conns, closes, messages, logs, drivers, raws }

local function start_echo(overrides)
  local s = state
  local opts = vim.tbl_extend('force', {
    token = TOKEN,
    allowedOrigins = {},
    maxMessageBytes = 64 * MiB,
    handshakeTimeoutMs = 2000,
    keepalive = { intervalMs = 30000, timeoutMs = 60000 },
    onConnection = function(conn)
      table.insert(s.conns, conn)
      conn.handlers = {
        onMessage = function(text)
          table.insert(s.messages, { conn = conn.id, text = text, fast = vim.in_fast_event() })
          conn:send(text)
        end,
        onClose = function(code, reason)
          table.insert(s.closes, { conn = conn.id, code = code, reason = reason })
        end,
      }
    end,
    onLog = function(level, msg)
      table.insert(s.logs, level .. ': ' .. msg)
    end,
  }, overrides or {})
  local res = websocket.listen(opts)
  assert(res.ok, res.error)
  s.listener = res.listener
  return res.listener
end

local function node(opts)
  local conn = client.connect(vim.tbl_extend('force', { port = state.listener.port, token = TOKEN }, opts or {}))
  if getmetatable(conn) then
    table.insert(state.conns_node, conn)
  end
  return conn
end

local function raw(port)
  local r = raw_connect(port or state.listener.port)
  table.insert(state.raws, r)
  return r
end

--- Whether a TCP connection to the port is accepted.
local function can_connect(port)
  local tcp, result = vim.uv.new_tcp(), nil
  tcp:connect('127.0.0.1', port, function(err)
    result = err == nil
  end)
  vim.wait(2000, function()
    return result ~= nil
  end, 2)
  tcp:close()
  return result == true
end

local function wait_closes(n, ms)
  assert(
    vim.wait(ms or 3000, function()
      return #state.closes >= n
    end, 2),
    ('expected %d onClose calls, got %s'):format(n, vim.inspect(state.closes))
  )
  return state.closes
end

--- For checks that onClose ran only once: returns when every connection's socket has closed (the listener's
--- drain) and a vim.schedule queued after that has run. A connection reports its close once its socket has
--- closed, through the listener's deferred queue (vim.schedule, first in, first out): by then every onClose
--- that could still come has arrived.
local function settle()
  state.listener:drain(3000)
  local flushed = false
  vim.schedule(function()
    flushed = true
  end)
  assert(
    vim.wait(1000, function()
      return flushed
    end, 1),
    'the main loop did not run'
  )
end

describe('transport.websocket', function()
  before_each(function()
    state = { conns = {}, closes = {}, messages = {}, logs = {}, conns_node = {}, raws = {}, drivers = {} }
  end)

  after_each(function()
    for _, c in ipairs(state.conns_node) do
      pcall(c.close, c)
    end
    for _, d in ipairs(state.drivers) do
      d:stop()
    end
    for _, r in ipairs(state.raws) do
      r:close()
    end
    if state.listener then
      state.listener:close()
      -- Every connection has finished closing and reported it before the next test starts.
      state.listener:drain(3000)
      assert(
        vim.wait(3000, function()
          return #state.closes >= #state.conns
        end, 2),
        ('%d connections, %d onClose calls'):format(#state.conns, #state.closes)
      )
    end
  end)

  describe('listening', function()
    it('binds 127.0.0.1 on a random free port by default', function()
      local a = start_echo()
      local b = websocket.listen({
        token = 'x',
        allowedOrigins = {},
        maxMessageBytes = 1024,
        handshakeTimeoutMs = 1000,
        keepalive = { intervalMs = 1000, timeoutMs = 1000 },
        onConnection = function() end,
      })
      assert.is_true(b.ok)
      assert.is_true(a.port > 0 and b.listener.port > 0 and a.port ~= b.listener.port)
      b.listener:close()
      local r = raw(a.port)
      assert.is_true(r.connected)
    end)

    it('takes the preferred port when free, else the first free one of the range, else fails', function()
      local first = start_echo()
      local port = first.port
      -- preferred port busy, no range: another (random) port
      local other = websocket.listen({
        port = port,
        token = 'x',
        allowedOrigins = {},
        maxMessageBytes = 1024,
        handshakeTimeoutMs = 1000,
        keepalive = { intervalMs = 1000, timeoutMs = 1000 },
        onConnection = function() end,
      })
      assert.is_true(other.ok)
      assert.are_not.equal(port, other.listener.port)
      other.listener:close()
      -- range whose first port is busy: the next one
      local ranged = websocket.listen({
        portRange = { port, port + 1 },
        token = 'x',
        allowedOrigins = {},
        maxMessageBytes = 1024,
        handshakeTimeoutMs = 1000,
        keepalive = { intervalMs = 1000, timeoutMs = 1000 },
        onConnection = function() end,
      })
      if ranged.ok then -- port + 1 may be taken by something else on this machine
        assert.are.equal(port + 1, ranged.listener.port)
        ranged.listener:close()
      end
      -- every port of the range busy: an error naming the range
      local full = websocket.listen({
        portRange = { port, port },
        token = 'x',
        allowedOrigins = {},
        maxMessageBytes = 1024,
        handshakeTimeoutMs = 1000,
        keepalive = { intervalMs = 1000, timeoutMs = 1000 },
        onConnection = function() end,
      })
      assert.is_false(full.ok)
      assert.is_truthy(full.error:find(('ports %d-%d'):format(port, port), 1, true))
      -- after close, the same port can be listened on again (restart on the same port)
      first:close()
      state.listener = nil
      local again = start_echo({ port = port })
      assert.are.equal(port, again.port)
    end)
  end)

  describe('handshake over the wire', function()
    it('opens with the token, echoes the mcp subprotocol and no extension (Node ws offering deflate)', function()
      start_echo()
      local c = node()
      -- ws fails the connection if the answer names a protocol/extension it did not offer, and reports
      -- what was agreed.
      assert.are.equal('mcp', c.protocol)
      assert.are.equal('', c.extensions)
      assert.are.equal(1, #state.listener:connections())
      assert.are.equal(1, state.listener:connections()[1].id)
    end)

    it("answers the CLI's exact request (raw bytes) without Sec-WebSocket-Extensions", function()
      start_echo()
      local r = raw()
      r:send(upgrade_request({
        ['Sec-WebSocket-Extensions'] = 'permessage-deflate; client_max_window_bits',
        ['Sec-WebSocket-Protocol'] = 'mcp',
        ['User-Agent'] = 'claude-code/2.1.330 (cli)',
      }))
      assert(vim.wait(2000, function()
        return r:received():find('\r\n\r\n', 1, true) ~= nil
      end))
      assert.are.equal(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
          .. 'Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nSec-WebSocket-Protocol: mcp\r\n\r\n',
        r:received()
      )
    end)

    it('hands the upgrade headers to the owner, lower-cased', function()
      start_echo()
      node({ headers = { ['User-Agent'] = 'claude-code/9.9.9 (cli)' } })
      assert(vim.wait(1000, function()
        return #state.conns == 1
      end))
      assert.are.equal('claude-code/9.9.9 (cli)', state.conns[1].headers['user-agent'])
      assert.is_nil(state.conns[1].headers['x-claude-code-ide-authorization'])
    end)

    it('refuses a missing or wrong token with 401', function()
      start_echo()
      local res = node({ token = false, expect_failure = true })
      assert.are.equal(401, res.status)
      assert.are.equal('close', res.headers.connection)
      res = node({ token = TOKEN .. 'x', expect_failure = true })
      assert.are.equal(401, res.status)
      assert.are.equal(0, #state.listener:connections())
      assert.are.equal(0, #state.conns)
    end)

    it('refuses an Origin with 403 unless it is allowed', function()
      start_echo()
      local res = node({ headers = { Origin = 'https://evil.example' }, expect_failure = true })
      assert.are.equal(403, res.status)
      state.listener:close()
      start_echo({ allowedOrigins = { 'https://ok.example' } })
      local c = node({ headers = { Origin = 'https://ok.example' } })
      assert.are.equal('mcp', c.protocol)
    end)

    it('answers exact status lines to hand-made bad requests, then closes', function()
      start_echo()
      local cases = {
        {
          upgrade_request({ ['Sec-WebSocket-Version'] = '8' }),
          'HTTP/1.1 426 Upgrade Required\r\n',
          'Sec-WebSocket-Version: 13\r\n',
        },
        { upgrade_request({}, 'POST / HTTP/1.1'), 'HTTP/1.1 405 Method Not Allowed\r\n', 'Allow: GET\r\n' },
        { 'hello there\r\n\r\n', 'HTTP/1.1 400 Bad Request\r\n' },
        { upgrade_request({ ['Sec-WebSocket-Key'] = 'c2hvcnQ=' }), 'HTTP/1.1 400 Bad Request\r\n' },
        { upgrade_request({ ['X-Claude-Code-Ide-Authorization'] = false }), 'HTTP/1.1 401 Unauthorized\r\n' },
        { upgrade_request({ Origin = 'null' }), 'HTTP/1.1 403 Forbidden\r\n' },
        {
          upgrade_request({ ['X-Big'] = string.rep('b', 9000) }),
          'HTTP/1.1 431 Request Header Fields Too Large\r\n',
        },
      }
      for _, case in ipairs(cases) do
        local r = raw()
        r:send(case[1])
        local got = r:wait_eof()
        assert.are.equal(case[2], got:sub(1, #case[2]))
        assert.is_truthy(got:find('\r\nConnection: close\r\n', 1, true), case[2])
        if case[3] then
          assert.is_truthy(got:find('\r\n' .. case[3], 1, true), case[3])
        end
      end
      assert.are.equal(0, #state.conns)
    end)

    it('accepts a request written one byte per write, and frames sent right behind the request', function()
      start_echo()
      local r = raw()
      local req = upgrade_request()
      for i = 1, #req do
        r:send(req:sub(i, i))
      end
      assert(vim.wait(2000, function()
        return r:received():find('\r\n\r\n', 1, true) ~= nil
      end))
      assert.is_truthy(r:received():find('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n', 1, true))
      -- a second client sends its request and a first message in one write
      local r2 = raw()
      r2:send(upgrade_request() .. client_frame(0x1, 'early'))
      assert(vim.wait(2000, function()
        local frames = server_frames(after_handshake(r2:received()))
        return #frames == 1
      end))
      assert.are.same({ opcode = 1, fin = true, payload = 'early' }, server_frames(after_handshake(r2:received()))[1])
    end)

    it('closes a client that does not finish its request within handshakeTimeoutMs', function()
      start_echo({ handshakeTimeoutMs = 100 })
      local r = raw()
      r:send('GET / HTTP/1.1\r\nHost: x\r\n')
      local got = r:wait_eof(2000)
      assert.are.equal('', got)
      assert.are.equal(0, #state.conns)
    end)
  end)

  describe('messages', function()
    it('echoes a 10 MiB message (Node client) #slow', function()
      start_echo()
      local c = node()
      local big = string.rep('{"jsonrpc":"2.0","é":"€😀"}', math.ceil(10 * MiB / 34)):sub(1, 10 * MiB - 3) .. 'end'
      c:send_raw_text(big)
      local ev = c.driver:wait_event(function(e)
        return e.ev == 'message'
      end, 20000, 'the 10 MiB echo')
      assert.are.equal(#big, #ev.text)
      assert.is_true(ev.text == big)
    end)

    it('never sends invalid UTF-8 in a text frame: bad bytes go out as U+FFFD (the client stays connected)', function()
      start_echo()
      local c = node()
      c:send_raw_text('wait')
      c.driver:wait_event(function(e)
        return e.ev == 'message'
      end)
      state.conns[1]:send('latin-1 caf\233 and \255')
      local ev = c.driver:wait_event(function(e)
        return e.ev == 'message' or e.ev == 'close'
      end)
      assert.are.equal('message', ev.ev)
      assert.are.equal('latin-1 caf\239\191\189 and \239\191\189', ev.text)
      c:send_raw_text('still open')
      assert.are.equal(
        'still open',
        c.driver:wait_event(function(e)
          return e.ev == 'message'
        end).text
      )
    end)

    it('reassembles a fragmented message (Node client)', function()
      start_echo()
      local c = node()
      c.driver:send({ op = 'send_fragments', conn = c.id, parts = { 'frag', 'ment', 'é' } })
      local ev = c.driver:wait_event(function(e)
        return e.ev == 'message'
      end)
      assert.are.equal('fragmenté', ev.text)
    end)

    it('answers a ping with a pong carrying the same payload', function()
      start_echo()
      local c = node()
      c.driver:send({ op = 'ping', conn = c.id, data = 'are you there' })
      local ev = c.driver:wait_event(function(e)
        return e.ev == 'pong'
      end)
      assert.are.equal('are you there', ev.data)
    end)

    it('delivers messages in order, on the main loop (not in a fast event)', function()
      start_echo()
      local c = node()
      for i = 1, 100 do
        c:send_raw_text('m' .. i)
      end
      for i = 1, 100 do
        local ev = c.driver:wait_event(function(e)
          return e.ev == 'message'
        end)
        assert.are.equal('m' .. i, ev.text)
      end
      assert.are.equal(100, #state.messages)
      for _, m in ipairs(state.messages) do
        assert.is_false(m.fast)
      end
    end)

    it('serves 20 concurrent clients, each with its own echo', function()
      start_echo()
      local driver = client.spawn()
      table.insert(state.drivers, driver)
      local conns = {}
      for i = 1, 20 do
        conns[i] = driver:connect({ port = state.listener.port, token = TOKEN })
      end
      assert.are.equal(20, #state.listener:connections())
      for i = 1, 20 do
        conns[i]:send_raw_text(('client %d says hi'):format(i))
      end
      for i = 1, 20 do
        local ev = driver:wait_event(function(e)
          return e.conn == conns[i].id and e.ev == 'message'
        end)
        assert.are.equal(('client %d says hi'):format(i), ev.text)
      end
      local ids = {}
      for _, conn in ipairs(state.listener:connections()) do
        ids[#ids + 1] = conn.id
      end
      assert.are.same(vim.fn.range(1, 20), ids)
    end)
  end)

  describe('closing', function()
    it('client close: echoes the code, onClose(code, reason) once', function()
      start_echo()
      local c = node()
      c:close(4100, 'bye now')
      assert.is_true(c.closed)
      local closes = wait_closes(1)
      settle()
      assert.are.same({ { conn = 1, code = 4100, reason = 'bye now' } }, closes)
      assert.are.equal(0, #state.listener:connections())
    end)

    it('server close: the client sees the code and reason, onClose once', function()
      start_echo()
      local c = node()
      assert(vim.wait(1000, function()
        return #state.conns == 1
      end))
      state.conns[1]:close(4001, 'Another Claude Code session connected to this IDE')
      assert.is_false(state.conns[1]:isOpen())
      state.conns[1]:send('ignored after close')
      local code, reason = c:wait_close()
      assert.are.equal(4001, code)
      assert.are.equal('Another Claude Code session connected to this IDE', reason)
      wait_closes(1)
      settle()
      assert.are.equal(1, #state.closes)
      assert.are.equal(4001, state.closes[1].code)
    end)

    it('a client vanishing without a close frame: onClose(1006)', function()
      start_echo()
      local c = node()
      c:terminate()
      local closes = wait_closes(1)
      assert.are.equal(1006, closes[1].code)
    end)

    it('a close frame nobody answers: the socket is closed after about a second', function()
      start_echo()
      local r = raw_open(state.listener.port)
      assert(vim.wait(1000, function()
        return #state.conns == 1
      end))
      state.conns[1]:close(1000, 'done')
      local t0 = vim.uv.now()
      local got = r:wait_eof(3000)
      local elapsed = vim.uv.now() - t0
      assert.is_true(elapsed >= 500, 'waited for the peer: ' .. elapsed)
      assert.are.same({ 1000, 'done' }, { close_code(server_frames(after_handshake(got))[1]) })
      assert.are.equal(1000, wait_closes(1)[1].code)
    end)

    it('an empty close frame is answered with an empty one', function()
      start_echo()
      local r = raw_open(state.listener.port)
      r:send(client_frame(0x8, ''))
      local frames = server_frames(after_handshake(r:wait_eof()))
      assert.are.same({ { opcode = 8, fin = true, payload = '' } }, frames)
      assert.are.equal(1005, wait_closes(1)[1].code)
    end)

    it('listener close: every client gets 1001, every onClose runs once, nothing is left open', function()
      start_echo()
      local driver = client.spawn()
      table.insert(state.drivers, driver)
      local conns = {}
      for i = 1, 3 do
        conns[i] = driver:connect({ port = state.listener.port, token = TOKEN })
      end
      local pending = raw(state.listener.port) -- a client still in its handshake
      pending:send('GET / HTTP/1.1\r\n')
      state.listener:close(1001, 'Neovim is closing')
      for i = 1, 3 do
        local code, reason = conns[i]:wait_close()
        assert.are.equal(1001, code)
        assert.are.equal('Neovim is closing', reason)
      end
      pending:wait_eof()
      wait_closes(3)
      settle()
      assert.are.equal(3, #state.closes)
      assert.are.equal(0, #state.listener:connections())
      assert.is_false(can_connect(state.listener.port), 'no longer accepting')
    end)
  end)

  describe('protocol errors seen by the client', function()
    it('1002 for an unmasked client frame (read off the wire)', function()
      start_echo()
      local r = raw_open(state.listener.port)
      r:send(client_frame(0x1, 'not masked', { key = '' }))
      local frames = server_frames(after_handshake(r:wait_eof()))
      assert.are.equal(1002, (close_code(frames[1])))
      assert.are.equal(1002, wait_closes(1)[1].code)
    end)

    it('1007 for a text message that is not UTF-8 (read off the wire)', function()
      start_echo()
      local r = raw_open(state.listener.port)
      r:send(client_frame(0x1, 'bad \xed\xa0\x80 surrogate'))
      local frames = server_frames(after_handshake(r:wait_eof()))
      assert.are.equal(1007, (close_code(frames[1])))
      assert.are.equal(0, #state.messages)
    end)

    it('1009 for a message over maxMessageBytes (Node client)', function()
      start_echo({ maxMessageBytes = 1024 })
      local c = node()
      c:send_raw_text(string.rep('x', 1024))
      assert.are.equal(1024, #c.driver:wait_event(function(e)
        return e.ev == 'message'
      end).text)
      c:send_raw_text(string.rep('x', 1025))
      local code = c:wait_close()
      assert.are.equal(1009, code)
      assert.are.equal(1009, wait_closes(1)[1].code)
    end)

    it('1003 for a binary message (Node client)', function()
      start_echo()
      local c = node()
      c.driver:send({ op = 'send_binary', conn = c.id, base64 = vim.base64.encode('\0\1\2') })
      assert.are.equal(1003, (c:wait_close()))
    end)
  end)

  describe('keepalive', function()
    -- The keepalive ticks on a manual clock (util/clock): time moves when the spec says, nothing waits for it;
    -- only the bytes on the sockets are waited for.
    local clock

    before_each(function()
      clock = require('claude-ide.util.clock').manualClock()
    end)

    local function pings(r)
      return #vim.tbl_filter(function(f)
        return f.opcode == 9
      end, server_frames(after_handshake(r:received())))
    end

    local function wait_pings(r, n, what)
      assert(
        vim.wait(2000, function()
          return pings(r) >= n
        end, 2),
        what
      )
    end

    it('pings every intervalMs, and drops a client that answers nothing within timeoutMs', function()
      start_echo({ keepalive = { intervalMs = 40, timeoutMs = 120 }, clock = clock })
      local r = raw_open(state.listener.port)
      clock.advance(39)
      clock.advance(1)
      wait_pings(r, 1, 'a ping at 40 ms')
      assert.are.same({ opcode = 9, fin = true, payload = '' }, server_frames(after_handshake(r:received()))[1])
      -- Unanswered: no second ping, and the client stays until 120 ms after the ping.
      clock.advance(80)
      assert.are.equal(0, #state.closes)
      clock.advance(40)
      local closes = wait_closes(1)
      assert.are.equal(1006, closes[1].code)
      assert.is_truthy(closes[1].reason:find('ping', 1, true))
      r:wait_eof(3000)
      assert.are.equal(1, pings(r))
    end)

    it('keeps a client that answers pings (Node ws answers them), for as long as it does', function()
      start_echo({ keepalive = { intervalMs = 40, timeoutMs = 120 }, clock = clock })
      local c = node()
      for i = 1, 10 do -- 10 x 40 ms: over three times timeoutMs
        clock.advance(40)
        c.driver:wait_event(function(e)
          return e.ev == 'ping'
        end, 2000, ('ping %d (the client was dropped?)'):format(i))
        -- ws answers a ping before reporting it: a message echoed after it proves the pong was read.
        c:send_raw_text('pong ' .. i .. ' read?')
        assert.are.equal(
          'pong ' .. i .. ' read?',
          c.driver:wait_event(function(e)
            return e.ev == 'message'
          end).text
        )
      end
      assert.are.equal(0, #state.closes)
      assert.are.equal(1, #state.listener:connections())
    end)

    it('after a sleep (the clock jumps between two ticks) restarts deadlines instead of dropping', function()
      start_echo({ keepalive = { intervalMs = 40, timeoutMs = 1000 }, clock = clock })
      local r = raw_open(state.listener.port) -- never answers pings
      clock.advance(40)
      wait_pings(r, 1, 'a first ping')
      -- One hour passes at once: far beyond timeoutMs since that unanswered ping. Judged by the deadline alone
      -- the client would be dropped at the next tick; the late tick shows a sleep, starts the deadlines over
      -- and pings at once.
      clock.jump(60 * 60 * 1000)
      clock.advance(0)
      wait_pings(r, 2, 'no ping from the late tick')
      assert.are.equal(false, r.eof)
      assert.are.equal(0, #state.closes)
      assert.are.equal(1, #state.listener:connections())
      -- The deadlines run again from the wake-up's ping: still silent, the client is dropped timeoutMs after it.
      clock.advance(960)
      assert.are.equal(0, #state.closes)
      assert.are.equal(2, pings(r))
      clock.advance(40)
      r:wait_eof(3000)
      assert.are.equal(1006, wait_closes(1)[1].code)
    end)
  end)
end)
