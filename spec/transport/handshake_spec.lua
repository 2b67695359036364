-- transport/handshake: collecting the request head from reads of any size, and every answer to it (101 and
-- each refusal) as exact bytes.
local handshake = require('claude-ide.transport.handshake')
local new = require('claude-ide.lualib_bundle').__TS__New -- TSTL classes have no `.new`

local TOKEN = 'secret-token-0123456789abcdef'
local OPTS = { token = TOKEN, allowedOrigins = {} }

-- The request head the Claude CLI sends (doc/protocol.md §2), with `overrides` (false removes a header).
local function request(overrides, request_line)
  local headers = {
    { 'Host', '127.0.0.1:12345' },
    { 'Connection', 'Upgrade' },
    { 'Upgrade', 'websocket' },
    { 'Sec-WebSocket-Version', '13' },
    { 'Sec-WebSocket-Key', 'dGhlIHNhbXBsZSBub25jZQ==' },
    { 'Sec-WebSocket-Extensions', 'permessage-deflate; client_max_window_bits' },
    { 'Sec-WebSocket-Protocol', 'mcp' },
    { 'User-Agent', 'claude-code/2.1.330 (cli)' },
    { 'X-Claude-Code-Ide-Authorization', TOKEN },
  }
  overrides = overrides or {}
  local lines = { request_line or 'GET / HTTP/1.1' }
  local seen = {}
  for _, h in ipairs(headers) do
    local v = overrides[h[1]]
    seen[h[1]] = true
    if v == nil then
      lines[#lines + 1] = h[1] .. ': ' .. h[2]
    elseif v ~= false then
      lines[#lines + 1] = h[1] .. ': ' .. v
    end
  end
  for name, v in pairs(overrides) do
    if not seen[name] and v ~= false then
      lines[#lines + 1] = name .. ': ' .. v
    end
  end
  return table.concat(lines, '\r\n') .. '\r\n\r\n'
end

-- Splits an HTTP response into status code, headers (lower-cased names) and body.
local function parse_response(resp)
  local head, body = resp:match('^(.-)\r\n\r\n(.*)$')
  assert(head, 'no blank line in ' .. vim.inspect(resp))
  local lines = vim.split(head, '\r\n', { plain = true })
  local status = tonumber(lines[1]:match('^HTTP/1%.1 (%d%d%d) '))
  local headers = {}
  for i = 2, #lines do
    local name, value = lines[i]:match('^([^:]+): (.*)$')
    headers[name:lower()] = value
  end
  return status, headers, body
end

local function refusal(head, opts)
  local res = handshake.answerUpgrade(head, opts or OPTS)
  assert.is_false(res.ok, 'expected a refusal')
  local status, headers, body = parse_response(res.response)
  assert.are.equal(res.status, status)
  assert.are.equal('close', headers['connection'])
  assert.are.equal(tostring(#body), headers['content-length'])
  assert.is_true(#body > 0 and #body < 200, 'a short body')
  return status, headers, body
end

describe('transport.handshake HeadReader', function()
  it('collects a head delivered byte by byte and keeps the bytes after it', function()
    local head = request()
    local after = '\129\133frame-bytes'
    local stream = head .. after
    local reader = new(handshake.HeadReader)
    for i = 1, #stream - 1 do
      local r = reader:push(stream:sub(i, i))
      if i < #head then
        assert.are.equal('more', r.state, 'byte ' .. i)
      elseif i == #head then
        assert.are.same({ state = 'done', head = head, rest = '' }, r)
        break
      end
    end
    -- the same in one read: the rest is returned
    local r = new(handshake.HeadReader):push(stream)
    assert.are.same({ state = 'done', head = head, rest = after }, r)
  end)

  it('finds the blank line when it is split across reads in every way', function()
    local head = request()
    for cut = #head - 4, #head - 1 do
      local reader = new(handshake.HeadReader)
      assert.are.equal('more', reader:push(head:sub(1, cut)).state)
      local r = reader:push(head:sub(cut + 1) .. 'X')
      assert.are.same({ state = 'done', head = head, rest = 'X' }, r, 'cut at ' .. cut)
    end
  end)

  it('accepts a head of exactly 8192 bytes and refuses 8193, in one read or byte by byte', function()
    local base = request()
    local function padded(total)
      local filler = total - #base - #'X-Pad: \r\n'
      return request({ ['X-Pad'] = string.rep('p', filler) })
    end
    local exact, over = padded(8192), padded(8193)
    assert.are.equal(8192, #exact)
    assert.are.equal('done', new(handshake.HeadReader):push(exact).state)
    assert.are.equal('too-large', new(handshake.HeadReader):push(over).state)
    local reader, last = new(handshake.HeadReader), nil
    for i = 1, #over do
      last = reader:push(over:sub(i, i))
      if last.state ~= 'more' then
        break
      end
    end
    assert.are.equal('too-large', last.state)
    -- a client that never sends the blank line is cut off once it passes the limit
    reader = new(handshake.HeadReader)
    assert.are.equal('more', reader:push(string.rep('a', 8192)).state)
    assert.are.equal('too-large', reader:push('a').state)
  end)
end)

describe('transport.handshake answerUpgrade', function()
  it('answers the CLI request with 101, the accept key and mcp, without extensions', function()
    local res = handshake.answerUpgrade(request(), OPTS)
    assert.is_true(res.ok)
    assert.are.equal(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
        .. 'Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\nSec-WebSocket-Protocol: mcp\r\n\r\n',
      res.response
    )
    assert.are.equal('mcp', res.protocol)
    assert.are.equal('claude-code/2.1.330 (cli)', res.headers['user-agent'])
    assert.is_nil(res.headers['x-claude-code-ide-authorization'], 'the token is not handed on')
    assert.is_nil(res.response:lower():find('extensions', 1, true))
  end)

  it('treats header names case-insensitively and reads token lists', function()
    local head = table.concat({
      'GET /any/path HTTP/1.1',
      'host: x',
      'CONNECTION: keep-alive, UPGRADE',
      'upgrade: WebSocket',
      'SEC-WEBSOCKET-VERSION: 13',
      'sec-websocket-key:   dGhlIHNhbXBsZSBub25jZQ==  ',
      'Sec-Websocket-Protocol: chat, mcp',
      'x-CLAUDE-code-ide-AUTHORIZATION: ' .. TOKEN,
    }, '\r\n') .. '\r\n\r\n'
    local res = handshake.answerUpgrade(head, OPTS)
    assert.is_true(res.ok, vim.inspect(res))
    assert.are.equal('mcp', res.protocol)
    assert.is_truthy(res.response:find('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n', 1, true))
  end)

  it('does not echo a subprotocol that was not offered', function()
    local res = handshake.answerUpgrade(request({ ['Sec-WebSocket-Protocol'] = false }), OPTS)
    assert.is_true(res.ok)
    assert.is_nil(res.protocol)
    assert.is_nil(res.response:find('Sec-WebSocket-Protocol', 1, true))
    res = handshake.answerUpgrade(request({ ['Sec-WebSocket-Protocol'] = 'mcp2, MCP' }), OPTS)
    assert.is_nil(res.protocol)
  end)

  it('joins repeated headers (so a second key makes the key invalid)', function()
    local head = request():gsub('\r\n\r\n$', '\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n')
    assert.are.equal(400, (refusal(head)))
  end)

  it('401 without the token, with a wrong one, and with a prefix or extension of it', function()
    local status, _, body = refusal(request({ ['X-Claude-Code-Ide-Authorization'] = false }))
    assert.are.equal(401, status)
    assert.is_truthy(body:find('x-claude-code-ide-authorization', 1, true))
    for _, wrong in ipairs({ 'nope', TOKEN:sub(1, -2), TOKEN .. 'x', TOKEN:upper(), '' }) do
      assert.are.equal(401, (refusal(request({ ['X-Claude-Code-Ide-Authorization'] = wrong }))), wrong)
    end
  end)

  it('401 comes before any WebSocket header check', function()
    local head = request({ ['X-Claude-Code-Ide-Authorization'] = false, ['Sec-WebSocket-Version'] = '8' })
    assert.are.equal(401, (refusal(head)))
  end)

  it('403 for an Origin not allowed (any Origin when none is), 101 for an allowed one', function()
    assert.are.equal(403, (refusal(request({ Origin = 'https://evil.example' }))))
    local opts = { token = TOKEN, allowedOrigins = { 'https://ok.example' } }
    assert.are.equal(403, (refusal(request({ Origin = 'https://evil.example' }), opts)))
    assert.are.equal(403, (refusal(request({ Origin = 'https://ok.example.evil' }), opts)))
    assert.is_true(handshake.answerUpgrade(request({ Origin = 'https://ok.example' }), opts).ok)
  end)

  it('426 with Sec-WebSocket-Version: 13 for another version', function()
    for _, v in ipairs({ '8', '12', '14', '' }) do
      local status, headers = refusal(request({ ['Sec-WebSocket-Version'] = v }))
      assert.are.equal(426, status)
      assert.are.equal('13', headers['sec-websocket-version'])
    end
    local status = refusal(request({ ['Sec-WebSocket-Version'] = false }))
    assert.are.equal(426, status)
  end)

  it('405 with Allow: GET for other methods', function()
    for _, method in ipairs({ 'POST', 'PUT', 'HEAD', 'get' }) do
      local status, headers = refusal(request({}, method .. ' / HTTP/1.1'))
      assert.are.equal(405, status, method)
      assert.are.equal('GET', headers['allow'])
    end
  end)

  it('400 for a malformed request line or header, or another HTTP version', function()
    for _, line in ipairs({ 'GET /', 'GET  / HTTP/1.1', 'GET / HTTP/1.0', 'GET / HTTP/2.0', 'hello', '' }) do
      assert.are.equal(400, (refusal(request({}, line))), line)
    end
    assert.are.equal(400, (refusal(request({ ['Bad Header'] = 'x' }))))
    assert.are.equal(400, (refusal(request({ ['X-Ctl'] = 'a\1b' }))))
    assert.are.equal(400, (refusal(request({ ['X-Bare-LF'] = 'a\nb' }))))
    local no_colon = request():gsub('\r\nHost:', '\r\nno-colon-line\r\nHost:')
    assert.are.equal(400, (refusal(no_colon)))
    local folded = request():gsub('\r\nHost:', '\r\n  folded continuation\r\nHost:')
    assert.are.equal(400, (refusal(folded)))
  end)

  it('400 without Upgrade: websocket or without the upgrade token in Connection', function()
    assert.are.equal(400, (refusal(request({ Upgrade = false }))))
    assert.are.equal(400, (refusal(request({ Upgrade = 'h2c' }))))
    assert.are.equal(400, (refusal(request({ Connection = false }))))
    assert.are.equal(400, (refusal(request({ Connection = 'keep-alive' }))))
    assert.are.equal(400, (refusal(request({ Connection = 'upgraded' }))))
  end)

  it('400 for a missing key or one that is not the base64 of 16 bytes', function()
    for _, key in ipairs({
      false,
      '',
      'abc',
      'dGhlIHNhbXBsZSBub25jZQ',
      'dGhlIHNhbXBsZSBub25j',
      'dGhlIHNhbXBsZSBub25jZSE=',
      '!GhlIHNhbXBsZSBub25jZQ==',
    }) do
      assert.are.equal(400, (refusal(request({ ['Sec-WebSocket-Key'] = key }))), tostring(key))
    end
  end)
end)

describe('transport.handshake constantTimeEquals', function()
  it('is true only for the same bytes', function()
    assert.is_true(handshake.constantTimeEquals('abc', 'abc'))
    assert.is_true(handshake.constantTimeEquals('', ''))
    assert.is_false(handshake.constantTimeEquals('abd', 'abc'))
    assert.is_false(handshake.constantTimeEquals('ab', 'abc'))
    assert.is_false(handshake.constantTimeEquals('abcd', 'abc'))
    assert.is_false(handshake.constantTimeEquals('', 'abc'))
    assert.is_false(handshake.constantTimeEquals('abc', ''))
    assert.is_false(handshake.constantTimeEquals('abc\0', 'abc'))
  end)
end)

describe('transport.handshake on random input', function()
  it('never raises and always answers 101 or a listed refusal, for 2000 mutated requests', function()
    local seed = 777
    local function rand(n)
      seed = (seed * 1103515245 + 12345) % 2147483648
      return math.floor(seed / 65536) % n
    end
    local base = request()
    for case = 1, 2000 do
      -- flip, drop or insert a few random bytes anywhere in the head (keeping the final blank line)
      local body = base:sub(1, -5)
      for _ = 1, 1 + rand(4) do
        local at = 1 + rand(#body)
        local op = rand(3)
        local byte = string.char(rand(256))
        if op == 0 then
          body = body:sub(1, at - 1) .. byte .. body:sub(at + 1)
        elseif op == 1 then
          body = body:sub(1, at - 1) .. body:sub(at + 1)
        else
          body = body:sub(1, at - 1) .. byte .. body:sub(at)
        end
      end
      local head = body .. '\r\n\r\n'
      local ok, res = pcall(handshake.answerUpgrade, head, OPTS)
      assert(ok, ('case %d raised: %s'):format(case, tostring(res)))
      if not res.ok then
        assert.is_truthy(
          ({ [400] = 1, [401] = 1, [403] = 1, [405] = 1, [426] = 1 })[res.status],
          'status ' .. res.status
        )
        assert.are.equal(res.status, tonumber(res.response:match('^HTTP/1%.1 (%d+) ')))
      end
    end
  end)
end)
