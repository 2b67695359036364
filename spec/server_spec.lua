-- The server end to end: an independent client (Node `ws`, spec/helpers/client.lua) over real loopback
-- sockets against the plugin's server running in this Neovim.
local client = require('helpers.client')
local new = require('claude-ide.lualib_bundle').__TS__New
local Server = require('claude-ide.server').Server
local config = require('claude-ide.config')
local types = require('claude-ide.protocol.tool')

local function read_lock(path)
  local f = io.open(path)
  if not f then
    return nil
  end
  local lock = vim.json.decode(f:read('*a'))
  f:close()
  return lock
end

describe('server', function()
  local server, endpoint, conns, parked

  -- Test tools: "echo" answers at once; "park" waits until the spec resumes it.
  local tools = {
    {
      name = 'echo',
      description = 'Echoes',
      inputSchema = { type = 'object', properties = { text = { type = 'string' } } },
      handler = function(args)
        return types.text(args.text or '')
      end,
    },
    {
      name = 'park',
      description = 'Parks until resumed',
      inputSchema = { type = 'object', properties = { tag = { type = 'string' } }, required = { 'tag' } },
      handler = function(args, ctx)
        local value = ctx.park(function(resume)
          parked[args.tag] = { resume = resume, client = ctx.clientId, services = ctx.services }
        end, function(reason)
          parked[args.tag].cancelled = reason
        end)
        return types.text(args.tag .. ':' .. value)
      end,
    },
  }

  local function start(opts)
    server =
      new(Server, config.validate(opts and opts.config or nil).config, { tools = tools, reuse = opts and opts.reuse })
    local res = server:start()
    assert.is_true(res.ok, res.error)
    endpoint = res.endpoint
    return res.endpoint
  end

  local function connect(extra)
    local c = client.connect(vim.tbl_extend('force', { port = endpoint.port, token = endpoint.token }, extra or {}))
    table.insert(conns, c)
    return c
  end

  before_each(function()
    conns, parked = {}, {}
  end)

  after_each(function()
    for _, c in ipairs(conns) do
      pcall(c.close, c)
    end
    if server then
      server:stop()
      server = nil
    end
  end)

  it('writes the lock file on start and removes it on stop', function()
    local ep = start()
    local st = server:status()
    assert.is_true(st.running)
    assert.are.equal(ep.port, st.port)
    local lock = read_lock(st.lockFile)
    assert.are.equal(ep.token, lock.authToken)
    assert.are.equal(vim.fn.getpid(), lock.pid)
    assert.are.equal('ws', lock.transport)
    assert.are.equal(vim.env.CLAUDE_CONFIG_DIR .. '/ide/' .. ep.port .. '.lock', st.lockFile)
    assert.is_true(#ep.token >= 32, 'token of at least 128 bits')
    server:stop()
    assert.is_nil(read_lock(st.lockFile))
    assert.is_false(server:status().running)
    server:stop() -- idempotent
  end)

  it('uses a fresh token at each start', function()
    local a = start().token
    server:stop()
    local b = start().token
    assert.are_not.equal(a, b)
  end)

  it('initialize, tools/list and ping over a real WebSocket', function()
    start()
    local c = connect()
    local init = c:initialize()
    assert.are.equal('2025-11-25', init.result.protocolVersion)
    assert.are.equal('claude-ide.nvim', init.result.serverInfo.name)
    local list = c:request('tools/list')
    assert.are.same(
      { 'echo', 'park' },
      vim.tbl_map(function(t)
        return t.name
      end, list.result.tools)
    )
    local ping = c:request('ping')
    assert.are.same({}, ping.result)
    assert.are.same({ content = { { type = 'text', text = 'hi' } } }, c:call_tool('echo', { text = 'hi' }).result)
  end)

  it('answers malformed JSON with -32700 and keeps the connection', function()
    start()
    local c = connect()
    c:send_raw_text('{"jsonrpc":"2.0","id":1,"method":')
    local err = c:next_message()
    assert.are.equal(-32700, err.error.code)
    assert.are.equal(vim.NIL, err.id)
    assert.are.same({}, c:request('ping').result)
  end)

  it('echoes ids of every kind, digit for digit', function()
    start()
    local c = connect()
    -- Raw texts both ways: vim.json.encode (0.10) would round large numbers before they leave.
    for _, id in ipairs({ '0', '-7', '9007199254740991', '1.25', '-0.5', '"abc"', '""', '"1"' }) do
      c:send_raw_text(('{"jsonrpc":"2.0","id":%s,"method":"ping"}'):format(id))
      local ev = c.driver:wait_event(function(e)
        return e.conn == c.id and e.ev == 'message'
      end, nil, 'the ping response for id ' .. id)
      assert.are.equal(('{"jsonrpc":"2.0","id":%s,"result":{}}'):format(id), ev.text)
    end
  end)

  it('serves 20 concurrent clients', function()
    start()
    local driver = client.spawn()
    local many = {}
    for i = 1, 20 do
      many[i] = driver:connect({ port = endpoint.port, token = endpoint.token })
    end
    for _, c in ipairs(many) do
      c:initialize()
    end
    -- All requests in flight at once, then every answer checked.
    local ids = {}
    for i, c in ipairs(many) do
      ids[i] = c:request_async('tools/call', { name = 'echo', arguments = { text = 'client ' .. i } })
    end
    for i, c in ipairs(many) do
      assert.are.equal('client ' .. i, c:wait_response(ids[i]).result.content[1].text)
    end
    assert.are.equal(20, server:status().clients)
    assert.are.equal(20, server.hub.sessionCount())
    driver:stop()
    assert.is_true(vim.wait(3000, function()
      return server:status().clients == 0
    end, 10))
    assert.are.equal(0, server.hub.sessionCount())
  end)

  it('answers a parked tools/call when resumed later, serving other requests meanwhile', function()
    start()
    local c = connect()
    c:initialize()
    local id = c:request_async('tools/call', { name = 'park', arguments = { tag = 'a' } })
    assert.is_true(vim.wait(2000, function()
      return parked.a ~= nil
    end, 5))
    assert.are.same({}, c:request('ping').result)
    assert.is_false(c:received_within(50, function(m)
      return m.id == id
    end))
    parked.a.resume('accepted')
    assert.are.equal('a:accepted', c:wait_response(id).result.content[1].text)
  end)

  it('cancels a parked call on notifications/cancelled and never answers it', function()
    start()
    local c = connect()
    c:initialize()
    local id = c:request_async('tools/call', { name = 'park', arguments = { tag = 'b' } })
    assert.is_true(vim.wait(2000, function()
      return parked.b ~= nil
    end, 5))
    c:notify('notifications/cancelled', { requestId = id, reason = 'user interrupted' })
    assert.is_true(vim.wait(2000, function()
      return parked.b.cancelled ~= nil
    end, 5))
    assert.are.equal('user interrupted', parked.b.cancelled)
    parked.b.resume('too late')
    assert.is_false(c:received_within(100, function(m)
      return m.id == id
    end))
  end)

  it('cancels parked calls of a client that disconnects, and only those', function()
    start()
    local a, b = connect(), connect()
    a:initialize()
    b:initialize()
    a:request_async('tools/call', { name = 'park', arguments = { tag = 'from_a' } })
    local bid = b:request_async('tools/call', { name = 'park', arguments = { tag = 'from_b' } })
    assert.is_true(vim.wait(2000, function()
      return parked.from_a ~= nil and parked.from_b ~= nil
    end, 5))
    a:terminate()
    assert.is_true(vim.wait(2000, function()
      return parked.from_a.cancelled ~= nil
    end, 5))
    assert.are.equal('client disconnected', parked.from_a.cancelled)
    assert.is_nil(parked.from_b.cancelled)
    parked.from_b.resume('ok')
    assert.are.equal('from_b:ok', b:wait_response(bid).result.content[1].text)
  end)

  it('broadcasts notifications to initialized sessions only', function()
    start({ config = { log_level = 'off' } })
    local ready, fresh = connect(), connect()
    ready:initialize()
    assert.is_true(vim.wait(2000, function()
      return server.hub.sessionCount() == 1
    end, 5))
    local changes = 0
    local unsubscribe = server.hub.onSessionsChanged(function()
      changes = changes + 1
    end)
    server.hub.broadcast('selection_changed', { text = 'hello' })
    assert.are.equal('hello', ready:wait_notification('selection_changed').text)
    assert.is_false(fresh:received_within(100))
    fresh:initialize()
    assert.is_true(vim.wait(2000, function()
      return changes == 1
    end, 5))
    -- A value JSON cannot encode is reported in the log, never raised into the caller.
    assert.has_no.errors(function()
      server.hub.broadcast('selection_changed', { bad = function() end })
    end)
    assert.is_false(ready:received_within(50))
    unsubscribe()
    fresh:close()
    vim.wait(200, function()
      return server.hub.sessionCount() == 1
    end, 5)
    assert.are.equal(1, server.hub.sessionCount())
    assert.are.equal(1, changes, 'no call after unsubscribing')
  end)

  it('reports clients, uptime and the CLI pids from ide_connected', function()
    start()
    local c = connect()
    c:initialize()
    c:notify('ide_connected', { pid = 31337 })
    assert.is_true(vim.wait(2000, function()
      return #server:status().cliPids == 1
    end, 5))
    local st = server:status()
    assert.are.same({ 31337 }, st.cliPids)
    assert.are.equal(1, st.clients)
    assert.is_true(st.uptimeMs >= 0)
  end)

  it('stop closes every client with 1001 and cancels parked calls', function()
    start()
    local a, b = connect(), connect()
    a:initialize()
    a:request_async('tools/call', { name = 'park', arguments = { tag = 's' } })
    assert.is_true(vim.wait(2000, function()
      return parked.s ~= nil
    end, 5))
    server:stop()
    assert.are.equal(1001, (a:wait_close()))
    assert.are.equal(1001, (b:wait_close()))
    assert.are.equal('server stopped', parked.s.cancelled)
  end)

  it('stop delivers the answers its services give (a pending review) before closing with 1001', function()
    start()
    local c = connect()
    c:initialize()
    -- A stand-in for the diff review: its dispose() answers the parked call, as the real one does.
    local id = c:request_async('tools/call', { name = 'park', arguments = { tag = 'review' } })
    assert.is_true(vim.wait(2000, function()
      return parked.review ~= nil
    end, 5))
    parked.review.services.diff = {
      closeAll = function()
        return 0
      end,
      closeTab = function()
        return false
      end,
      dispose = function()
        parked.review.resume('DIFF_REJECTED')
      end,
    }
    server:stop()
    local events = c.driver.events
    assert.is_true(vim.wait(3000, function()
      for _, e in ipairs(events) do
        if e.conn == c.id and e.ev == 'close' then
          return true
        end
      end
      return false
    end, 5))
    local order = {}
    for _, e in ipairs(events) do
      if e.conn == c.id then
        table.insert(order, e.ev == 'close' and ('close ' .. e.code) or vim.json.decode(e.text).result.content[1].text)
      end
    end
    assert.are.same({ 'review:DIFF_REJECTED', 'close 1001' }, order)
    assert.is_nil(parked.review.cancelled)
    c:wait_response(id)
  end)

  it('a restart with reuse keeps port and token, and a client reconnects with them', function()
    local first = start()
    server:stop()
    local second = start({ reuse = first })
    assert.are.same(first, second)
    local c = connect()
    assert.are.equal('claude-ide.nvim', c:initialize().result.serverInfo.name)
  end)

  it('a restart whose port is taken gets a new port and a fresh token', function()
    local first = start()
    server:stop()
    local squatter = vim.uv.new_tcp()
    assert(squatter:bind('127.0.0.1', first.port))
    assert(squatter:listen(1, function() end))
    local ok, second = pcall(start, { reuse = first })
    squatter:close()
    assert.is_true(ok, second)
    assert.are_not.equal(first.port, second.port)
    assert.are_not.equal(first.token, second.token)
  end)

  it('rewrites workspaceFolders on DirChanged', function()
    start()
    local path = server:status().lockFile
    local old = vim.fn.getcwd()
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    dir = vim.uv.fs_realpath(dir)
    vim.cmd.cd(dir)
    local ok = vim.wait(2000, function()
      local lock = read_lock(path)
      return lock and lock.workspaceFolders[1] == dir
    end, 10)
    vim.cmd.cd(old)
    vim.fn.delete(dir, 'rf')
    assert.is_true(ok, 'lock file did not follow :cd')
  end)

  it('removes stale Neovim lock files at start', function()
    local dir = vim.env.CLAUDE_CONFIG_DIR .. '/ide'
    vim.fn.mkdir(dir, 'p')
    local p = vim.system({ 'true' })
    local dead = p.pid
    p:wait()
    local stale = dir .. '/1.lock'
    local f = assert(io.open(stale, 'w'))
    f:write(
      vim.json.encode({ pid = dead, ideName = 'Neovim', transport = 'ws', workspaceFolders = {}, authToken = 'x' })
    )
    f:close()
    start()
    assert.is_nil(vim.uv.fs_stat(stale))
  end)

  it('deletes its augroup on stop', function()
    local port = start().port
    local group = 'claude-ide.server.' .. port
    local autocmds = vim.api.nvim_get_autocmds({ group = group })
    assert.is_true(#autocmds >= 2)
    for _, a in ipairs(autocmds) do
      assert.is_string(a.desc)
    end
    server:stop()
    assert.is_false(pcall(vim.api.nvim_get_autocmds, { group = group }))
  end)
end)
