-- protocol/session: the MCP lifecycle and tool calls of one connection, driven through a fake Connection
-- (a test seam for the transport: it records what the session sends). Everything else is real.
local new = require('claude-ide.lualib_bundle').__TS__New
local Session = require('claude-ide.protocol.session').Session
local PROTOCOL_VERSIONS = require('claude-ide.protocol.session').PROTOCOL_VERSIONS
local Blocking = require('claude-ide.protocol.blocking').Blocking
local Registry = require('claude-ide.protocol.registry').Registry
local Logger = require('claude-ide.log').Logger
local types = require('claude-ide.protocol.tool')
local config = require('claude-ide.config')
local VERSION = require('claude-ide.version').VERSION

local function fake_connection(id)
  local conn = { id = id or 1, headers = {}, sent = {}, open = true, closed_with = nil }
  function conn:send(text)
    assert.is_true(self.open, 'send on a closed connection')
    table.insert(self.sent, text)
  end
  function conn:close(code, reason)
    self.closed_with = { code, reason }
  end
  function conn:isOpen()
    return self.open
  end
  -- What the transport does when the socket ends.
  function conn:drop(code)
    self.open = false
    self.handlers.onClose(code or 1006, '')
  end
  return conn
end

describe('Session', function()
  local conn, session, blocking, changes, resumes, cancels, seen_ctx

  local tools = {
    {
      name = 'echo',
      description = 'Echoes its text',
      inputSchema = { type = 'object', properties = { text = { type = 'string' } }, required = { 'text' } },
      handler = function(args, ctx)
        seen_ctx = ctx
        return types.text(args.text)
      end,
    },
    {
      name = 'wait',
      description = 'Parks until resumed',
      inputSchema = { type = 'object', properties = vim.empty_dict() },
      handler = function(_, ctx)
        local v = ctx.park(function(resume)
          table.insert(resumes, resume)
        end, function(reason)
          table.insert(cancels, reason)
        end)
        return types.text('resumed with ' .. v)
      end,
    },
    {
      name = 'fails',
      description = 'Fails',
      inputSchema = { type = 'object' },
      handler = function()
        return types.toolError('could not do it')
      end,
    },
    {
      name = 'crashes',
      description = 'Throws',
      inputSchema = { type = 'object' },
      handler = function()
        error('kaboom')
      end,
    },
    {
      name = 'bad_result',
      description = 'Returns garbage',
      inputSchema = { type = 'object' },
      handler = function()
        return 'not a result'
      end,
    },
    {
      name = 'hidden',
      description = '',
      listed = false,
      inputSchema = { type = 'object' },
      handler = function()
        return types.text('HIDDEN')
      end,
    },
  }

  before_each(function()
    resumes, cancels, changes, seen_ctx = {}, {}, {}, nil
    local cfg = config.validate(nil).config
    blocking = new(Blocking, function() end)
    conn = fake_connection(3)
    session = new(Session, conn, {
      role = {
        name = 'ide',
        registry = new(Registry, tools, cfg),
        capabilities = { tools = { listChanged = false } },
        argumentErrorsAsResults = false,
      },
      blocking = blocking,
      config = cfg,
      hub = { marker = 'hub' },
      services = { marker = 'services' },
      log = new(Logger, 'off'),
      onChange = function(s)
        table.insert(changes, s.ready)
      end,
    })
  end)

  local function send(obj)
    conn.handlers.onMessage(type(obj) == 'string' and obj or vim.json.encode(obj))
  end
  local function request(id, method, params)
    send({ jsonrpc = '2.0', id = id, method = method, params = params })
  end
  -- All messages sent since the last call, decoded.
  local function drain()
    local out = vim.tbl_map(vim.json.decode, conn.sent)
    conn.sent = {}
    return out
  end
  local function only_reply()
    local out = drain()
    assert.are.equal(1, #out, 'expected exactly one message, got ' .. vim.inspect(out))
    return out[1]
  end

  it('answers initialize, echoing a supported protocol version', function()
    request(0, 'initialize', {
      protocolVersion = '2025-06-18',
      capabilities = vim.empty_dict(),
      clientInfo = { name = 'claude-code', version = '2' },
    })
    local r = only_reply()
    assert.are.equal(0, r.id)
    assert.are.equal('2025-06-18', r.result.protocolVersion)
    assert.are.same({ tools = { listChanged = false } }, r.result.capabilities)
    assert.are.same({ name = 'claude-ide.nvim', version = VERSION }, r.result.serverInfo)
    assert.are.equal('claude-code', session.clientName)
    assert.is_false(session.ready, 'ready only after notifications/initialized')
  end)

  it('answers the newest version for an unknown or missing protocolVersion', function()
    for _, v in ipairs(PROTOCOL_VERSIONS) do
      request(1, 'initialize', { protocolVersion = v })
      assert.are.equal(v, only_reply().result.protocolVersion)
    end
    request(2, 'initialize', { protocolVersion = '1999-01-01' })
    assert.are.equal('2025-11-25', only_reply().result.protocolVersion)
    request(3, 'initialize', {})
    assert.are.equal('2025-11-25', only_reply().result.protocolVersion)
  end)

  it('becomes ready on notifications/initialized and tells its owner once', function()
    request(0, 'initialize', { protocolVersion = '2025-11-25' })
    drain()
    send({ jsonrpc = '2.0', method = 'notifications/initialized' })
    send({ jsonrpc = '2.0', method = 'notifications/initialized' })
    assert.is_true(session.ready)
    assert.are.same({ true }, changes)
    assert.are.same({}, drain(), 'notifications are never answered')
  end)

  it('answers ping with an empty JSON object', function()
    request('p', 'ping')
    assert.are.equal('{"jsonrpc":"2.0","id":"p","result":{}}', conn.sent[1])
  end)

  it('lists the listed tools in order with their schemas', function()
    request(1, 'tools/list')
    local raw = conn.sent[1]
    local r = only_reply()
    local names = vim.tbl_map(function(t)
      return t.name
    end, r.result.tools)
    assert.are.same({ 'echo', 'wait', 'fails', 'crashes', 'bad_result' }, names)
    assert.are.same(tools[1].inputSchema, r.result.tools[1].inputSchema)
    assert.are.equal('Echoes its text', r.result.tools[1].description)
    -- An empty "properties" stays a JSON object.
    assert.matches('"properties":{}', raw, 1, true)
  end)

  it('answers unknown methods with -32601, before or after initialize', function()
    request(1, 'resources/list')
    local r = only_reply()
    assert.are.equal(-32601, r.error.code)
    assert.matches('resources/list', r.error.message)
  end)

  it('answers malformed JSON with -32700 and keeps working', function()
    send('{not json')
    local r = only_reply()
    assert.are.equal(-32700, r.error.code)
    assert.are.equal(vim.NIL, r.id)
    request(2, 'ping')
    assert.are.same({}, only_reply().result)
  end)

  it('runs a tool and answers {content}, with a ToolContext', function()
    request(5, 'tools/call', { name = 'echo', arguments = { text = 'hi' }, _meta = { progressToken = 5 } })
    local r = only_reply()
    assert.are.same({ content = { { type = 'text', text = 'hi' } } }, r.result)
    assert.are.equal(3, seen_ctx.clientId)
    assert.are.equal('hub', seen_ctx.hub.marker)
    assert.are.equal('services', seen_ctx.services.marker)
    assert.are.equal('table', type(seen_ctx.config))
    assert.are.equal('function', type(seen_ctx.park))
  end)

  it('answers isError results as such', function()
    request(1, 'tools/call', { name = 'fails', arguments = vim.empty_dict() })
    assert.are.same({ content = { { type = 'text', text = 'could not do it' } }, isError = true }, only_reply().result)
  end)

  it('calls unlisted tools and treats missing arguments as {}', function()
    request(1, 'tools/call', { name = 'hidden' })
    assert.are.equal('HIDDEN', only_reply().result.content[1].text)
  end)

  it('answers -32602 naming an unknown tool, a bad argument, or a missing name', function()
    request(1, 'tools/call', { name = 'nope', arguments = vim.empty_dict() })
    local r = only_reply()
    assert.are.equal(-32602, r.error.code)
    assert.matches('"nope"', r.error.message, 1, true)
    request(2, 'tools/call', { name = 'echo', arguments = { text = 3 } })
    r = only_reply()
    assert.are.equal(-32602, r.error.code)
    assert.matches('"text"', r.error.message, 1, true)
    request(3, 'tools/call', { name = 'echo', arguments = vim.empty_dict() })
    r = only_reply()
    assert.are.equal(-32602, r.error.code)
    assert.matches('text', r.error.message)
    request(4, 'tools/call', { arguments = vim.empty_dict() })
    r = only_reply()
    assert.are.equal(-32602, r.error.code)
    assert.matches('name', r.error.message)
    request(5, 'tools/call', { 'echo' })
    assert.are.equal(-32602, only_reply().error.code)
  end)

  it('answers -32602 for a NUL byte in a string argument, before the handler runs (no E976 inside it)', function()
    request(1, 'tools/call', { name = 'echo', arguments = { text = 'a\0b' } })
    local r = only_reply()
    assert.are.equal(-32602, r.error.code)
    assert.are.equal('echo: "text" must not contain a NUL byte', r.error.message)
    assert.is_nil(seen_ctx)
    -- Free text (a schema of the user's, no `oneLine`) keeps its tabs, line breaks and escapes.
    request(2, 'tools/call', { name = 'echo', arguments = { text = 'a\tb\r\n\27[0m' } })
    assert.are.equal('a\tb\r\n\27[0m', only_reply().result.content[1].text)
  end)

  it('answers -32603 when a handler throws or returns garbage, and keeps working', function()
    request(1, 'tools/call', { name = 'crashes' })
    local r = only_reply()
    assert.are.equal(-32603, r.error.code)
    assert.matches('kaboom', r.error.message)
    request(2, 'tools/call', { name = 'bad_result' })
    assert.are.equal(-32603, only_reply().error.code)
    request(3, 'ping')
    assert.are.same({}, only_reply().result)
  end)

  it('answers a parked call when it is resumed, other requests meanwhile', function()
    request(10, 'tools/call', { name = 'wait' })
    request(11, 'tools/call', { name = 'wait' })
    assert.are.same({}, drain())
    request(12, 'ping')
    assert.are.equal(12, only_reply().id)
    resumes[2]('B')
    resumes[1]('A')
    local out = drain()
    assert.are.same({ 11, 10 }, { out[1].id, out[2].id })
    assert.are.equal('resumed with B', out[1].result.content[1].text)
    assert.are.equal('resumed with A', out[2].result.content[1].text)
  end)

  it('cancels a parked call on notifications/cancelled and never answers it', function()
    request('c1', 'tools/call', { name = 'wait' })
    request(7, 'tools/call', { name = 'wait' })
    send({
      jsonrpc = '2.0',
      method = 'notifications/cancelled',
      params = { requestId = 'c1', reason = 'user pressed Esc' },
    })
    assert.are.same({ 'user pressed Esc' }, cancels)
    resumes[1]('late')
    assert.are.same({}, drain())
    -- The id types must match: 7 is not "7".
    send({ jsonrpc = '2.0', method = 'notifications/cancelled', params = { requestId = '7' } })
    assert.are.equal(1, #cancels)
    send({ jsonrpc = '2.0', method = 'notifications/cancelled', params = { requestId = 7 } })
    assert.are.equal(2, #cancels)
    assert.are.equal(0, blocking:pending())
  end)

  it('refuses a second tools/call with the id of a pending one', function()
    request(1, 'tools/call', { name = 'wait' })
    request(1, 'tools/call', { name = 'wait' })
    local r = only_reply()
    assert.are.equal(-32600, r.error.code)
    resumes[1]('x')
    assert.are.equal('resumed with x', only_reply().result.content[1].text)
  end)

  it('cancels its parked calls when the connection drops', function()
    request(0, 'initialize', {})
    send({ jsonrpc = '2.0', method = 'notifications/initialized' })
    drain()
    request(1, 'tools/call', { name = 'wait' })
    request(2, 'tools/call', { name = 'wait' })
    conn:drop(1006)
    assert.are.same({ 'client disconnected', 'client disconnected' }, cancels)
    assert.is_false(session.ready)
    assert.is_false(session:isOpen())
    assert.are.same({ true, false }, changes)
    resumes[1]('late') -- must not send on the closed connection (the fake asserts)
    assert.are.equal(0, blocking:pending())
  end)

  it('tells its owner when it closes even if it never became ready', function()
    conn:drop(1000)
    assert.are.same({ false }, changes)
    conn.handlers.onClose(1000, '') -- a second report is ignored
    assert.are.same({ false }, changes)
  end)

  it('records the CLI pid from ide_connected and ignores log_event and unknown notifications', function()
    send({ jsonrpc = '2.0', method = 'ide_connected', params = { pid = 4242 } })
    send({ jsonrpc = '2.0', method = 'log_event', params = { eventName = 'x', eventData = {} } })
    send({ jsonrpc = '2.0', method = 'something/else' })
    assert.are.equal(4242, session.cliPid)
    assert.are.same({}, drain())
  end)

  it('sends notifications while open, nothing once closed', function()
    session:notify('selection_changed', { text = 'x' })
    local n = only_reply()
    assert.are.equal('selection_changed', n.method)
    assert.is_nil(n.id)
    conn:drop()
    session:notify('selection_changed', { text = 'y' })
    assert.are.same({}, drain())
  end)
end)
