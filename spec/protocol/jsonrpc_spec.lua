-- JSON-RPC 2.0 decoding and encoding (protocol/jsonrpc), driven directly with message texts.
local rpc = require('claude-ide.protocol.jsonrpc')

local function reply_of(text)
  local msg = rpc.decodeMessage(text)
  assert.are.equal('invalid', msg.kind, 'expected an invalid message for ' .. text)
  return msg.reply and vim.json.decode(msg.reply) or nil, msg
end

describe('jsonrpc.decodeMessage', function()
  it('classifies a request, keeping id, method and params', function()
    local m = rpc.decodeMessage('{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"a":1}}')
    assert.are.same({ kind = 'request', id = 7, method = 'tools/list', params = { a = 1 } }, m)
  end)

  it('classifies a notification (no id) and a request without params', function()
    local n = rpc.decodeMessage('{"jsonrpc":"2.0","method":"notifications/initialized"}')
    assert.are.equal('notification', n.kind)
    assert.are.equal('notifications/initialized', n.method)
    assert.is_nil(n.params)
    local r = rpc.decodeMessage('{"jsonrpc":"2.0","id":"x","method":"ping"}')
    assert.are.equal('request', r.kind)
    assert.are.equal('x', r.id)
  end)

  it('accepts array params', function()
    local r = rpc.decodeMessage('{"jsonrpc":"2.0","id":1,"method":"m","params":[1,2]}')
    assert.are.same({ 1, 2 }, r.params)
  end)

  it('answers invalid JSON with -32700 and id null', function()
    local reply = reply_of('{"jsonrpc":"2.0","id":1,')
    assert.are.equal(-32700, reply.error.code)
    assert.are.equal(vim.NIL, reply.id)
    assert.are.equal('2.0', reply.jsonrpc)
    assert.is_nil(reply.result)
  end)

  it('answers a batch (array) with -32600 and id null', function()
    local reply = reply_of('[{"jsonrpc":"2.0","id":1,"method":"ping"}]')
    assert.are.equal(-32600, reply.error.code)
    assert.are.equal(vim.NIL, reply.id)
  end)

  it('answers non-objects with -32600', function()
    for _, text in ipairs({ '1', '"hello"', 'null', 'true', '[]', '{}', '{"foo":"boo"}', '{"jsonrpc":"2.0"}' }) do
      local reply = reply_of(text)
      assert.are.equal(-32600, reply.error.code, text)
      assert.are.equal(vim.NIL, reply.id, text)
    end
  end)

  it('answers a wrong or missing "jsonrpc" with -32600, echoing a valid id', function()
    local reply = reply_of('{"jsonrpc":"1.0","id":5,"method":"ping"}')
    assert.are.equal(-32600, reply.error.code)
    assert.are.equal(5, reply.id)
    reply = reply_of('{"id":"abc","method":"ping"}')
    assert.are.equal(-32600, reply.error.code)
    assert.are.equal('abc', reply.id)
    reply = reply_of('{"jsonrpc":2.0,"id":1,"method":"ping"}')
    assert.are.equal(-32600, reply.error.code)
  end)

  it('answers a non-string method with -32600', function()
    local reply = reply_of('{"jsonrpc":"2.0","id":3,"method":42}')
    assert.are.equal(-32600, reply.error.code)
    assert.are.equal(3, reply.id)
    assert.matches('method', reply.error.message)
    reply = reply_of('{"jsonrpc":"2.0","id":4}')
    assert.are.equal(-32600, reply.error.code)
  end)

  it('answers scalar params with -32600', function()
    local reply = reply_of('{"jsonrpc":"2.0","id":3,"method":"ping","params":"x"}')
    assert.are.equal(-32600, reply.error.code)
    assert.matches('params', reply.error.message)
    reply = reply_of('{"jsonrpc":"2.0","id":3,"method":"ping","params":null}')
    assert.are.equal(-32600, reply.error.code)
  end)

  it('answers an id of the wrong type with -32600 and id null', function()
    for _, id in ipairs({ 'null', 'true', '{}', '[1]', '1e400' }) do
      local reply = reply_of(('{"jsonrpc":"2.0","id":%s,"method":"ping"}'):format(id))
      assert.are.equal(-32600, reply.error.code, id)
      assert.are.equal(vim.NIL, reply.id, id)
    end
  end)

  it('never answers a malformed notification', function()
    for _, text in ipairs({
      '{"jsonrpc":"1.0","method":"x"}',
      '{"jsonrpc":"2.0","method":5}',
      '{"jsonrpc":"2.0","method":"x","params":3}',
      '{"method":"x"}',
    }) do
      local _, msg = reply_of(text)
      assert.is_nil(msg.reply, text)
      assert.is_string(msg.reason)
    end
  end)

  it('recognises responses sent by the client', function()
    assert.are.equal('response', rpc.decodeMessage('{"jsonrpc":"2.0","id":1,"result":{}}').kind)
    assert.are.equal('response', rpc.decodeMessage('{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}').kind)
  end)
end)

describe('jsonrpc encoding', function()
  -- Raw text of the id member, to check the digits themselves and not a re-decoded value.
  local function id_text(json)
    return json:match('"id":([^,]*),')
  end

  it('echoes ids exactly: strings, 0, negative, large, floats', function()
    local cases = {
      { 0, '0' },
      { -1, '-1' },
      { 42, '42' },
      { 1.5, '1.5' },
      { 0.1, '0.1' },
      { -2.25, '-2.25' },
      { 9007199254740991, '9007199254740991' },
      { 123456789012345, '123456789012345' },
      { 1e300, '1e+300' },
    }
    for _, c in ipairs(cases) do
      local out = rpc.resultResponse(c[1], vim.empty_dict())
      assert.are.equal(c[2], id_text(out), tostring(c[1]))
      assert.are.equal(c[1], vim.json.decode(out).id)
    end
    local s = rpc.resultResponse('a"b\\c é', 1)
    assert.are.equal('a"b\\c é', vim.json.decode(s).id)
    assert.are.equal('', vim.json.decode(rpc.resultResponse('', 1)).id)
  end)

  it('writes a one-text tool result as resultResponse would, and declines any other content', function()
    local text = 'quote " backslash \\ newline \n tab \t nul \0 é 😀 </script>'
    for _, c in ipairs({ { 7, false }, { 'x"y', true }, { 9007199254740991, false } }) do
      local id, is_error = c[1], c[2]
      local fast = rpc.textResultResponse(id, { { type = 'text', text = text } }, is_error)
      local slow = rpc.resultResponse(id, { content = { { type = 'text', text = text } }, isError = is_error or nil })
      assert.are.same(vim.json.decode(slow), vim.json.decode(fast))
      assert.are.equal(id_text(slow), id_text(fast))
    end
    assert.is_nil(rpc.textResultResponse(1, {}, false))
    assert.is_nil(rpc.textResultResponse(1, { { type = 'text', text = 'a' }, { type = 'text', text = 'b' } }, false))
    assert.is_nil(rpc.textResultResponse(1, { { type = 'image', data = 'AA==', mimeType = 'image/png' } }, false))
    assert.is_nil(rpc.textResultResponse(1, { { type = 'text', text = 'a', annotations = { priority = 1 } } }, false))
    assert.is_nil(rpc.textResultResponse(1, { { type = 'text', text = 5 } }, false))
  end)

  it('round-trips every decoded number id through decode → encode → decode', function()
    for _, text in ipairs({ '0', '-0', '17', '-99999', '3.14159', '1e-7', '1e300', '9007199254740991' }) do
      local msg = rpc.decodeMessage(('{"jsonrpc":"2.0","id":%s,"method":"ping"}'):format(text))
      assert.are.equal('request', msg.kind, text)
      local back = vim.json.decode(rpc.resultResponse(msg.id, 1)).id
      assert.are.equal(msg.id, back, text)
    end
  end)

  it("echoes integer ids beyond 2^53 digit for digit (doubles and 0.12's int64 decoder would change them)", function()
    for _, text in ipairs({
      '9007199254740993',
      '12345678901234567',
      '-12345678901234567890',
      '123456789012345678901234567890',
    }) do
      local msg =
        rpc.decodeMessage(('{"params":{"id":1,"x":"\\"id\\":7"},"jsonrpc":"2.0","id":%s,"method":"ping"}'):format(text))
      assert.are.equal('request', msg.kind, text)
      assert.are.equal(text, rpc.resultResponse(msg.id, 1):match('"id":([^,]+),'), text)
    end
  end)

  it('writes results and errors, never both', function()
    local r = vim.json.decode(rpc.resultResponse(1, { tools = {} }))
    assert.are.same({ jsonrpc = '2.0', id = 1, result = { tools = {} } }, r)
    local e = vim.json.decode(rpc.errorResponse(2, -32601, 'Method not found: x'))
    assert.are.same({ jsonrpc = '2.0', id = 2, error = { code = -32601, message = 'Method not found: x' } }, e)
    assert.is_nil(e.result)
    local n = vim.json.decode(rpc.errorResponse(nil, -32700, 'bad'))
    assert.are.equal(vim.NIL, n.id)
  end)

  it('writes notifications without an id', function()
    local n = vim.json.decode(rpc.notification('selection_changed', { text = 'x' }))
    assert.are.same({ jsonrpc = '2.0', method = 'selection_changed', params = { text = 'x' } }, n)
  end)

  it('writes an empty result object as {}', function()
    assert.matches('"result":{}', rpc.resultResponse(1, vim.empty_dict()), 1, true)
  end)
end)
