-- The agent bridge's own protocol, as an MCP client sees it (the SDK's stdio client, and raw line JSON where
-- the SDK hides the bytes): initialize and server/discover, the lists it answers before any Neovim is
-- chosen, unknown methods and bad params, stdout holding nothing but JSON-RPC, and exiting on stdin close
-- and on SIGINT.
local bridge = require('helpers.bridge')

local TOOLS = {
  'list_instances',
  'select_instance',
  'editor_state',
  'read_buffer',
  'navigate',
  'search',
  'get_diagnostics',
  'quickfix',
  'edit',
  'execute',
}
local READING = {
  list_instances = true,
  editor_state = true,
  read_buffer = true,
  search = true,
  get_diagnostics = true,
  quickfix = true,
}
local RESOURCES = {
  'vim://instances',
  'vim://state',
  'vim://buffers',
  'vim://windows',
  'vim://diagnostics',
  'vim://cursor',
  'vim://quickfix',
  'vim://buffer/current',
}
local VERSIONS = { '2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25' }

local function names(list, key)
  return vim.tbl_map(function(t)
    return t[key or 'name']
  end, list)
end

describe('agent bridge lifecycle', function()
  after_each(bridge.cleanup)

  it('initializes with the SDK client and answers the lists before any Neovim runs', function()
    local dir = bridge.config_dir()
    local c = bridge.start({ config_dir = dir })
    assert.are.equal('2025-11-25', c.info.protocolVersion)
    assert.are.equal('claude-ide.nvim', c.info.serverVersion.name)
    assert.are.equal(require('claude-ide.version').VERSION, c.info.serverVersion.version)
    -- listChanged: the user may add tools and resources while the bridge runs (agent.add_tool).
    assert.are.same({ tools = { listChanged = true }, resources = { listChanged = true } }, c.info.capabilities)
    assert.matches('editor_state', c.info.instructions)

    local ok, list = c:request('tools/list', {})
    assert.is_true(ok, vim.inspect(list))
    -- These come first (other tool families, e.g. the LSP tools, may follow).
    assert.are.same(TOOLS, vim.list_slice(names(list.tools), 1, #TOOLS))
    for i, tool in ipairs(list.tools) do
      local a = tool.annotations
      assert.is_string(tool.title, tool.name)
      assert.is_string(a.title, tool.name)
      assert.is_boolean(a.readOnlyHint, tool.name)
      if i <= #TOOLS then
        assert.are.equal(READING[tool.name] == true, a.readOnlyHint, tool.name .. ' readOnlyHint')
      end
      assert.is_boolean(a.destructiveHint, tool.name)
      assert.is_boolean(a.idempotentHint, tool.name)
      assert.is_false(a.openWorldHint, tool.name)
      assert.are.equal('object', tool.inputSchema.type, tool.name)
    end
    assert.is_true(vim.tbl_filter(function(t)
      return t.name == 'edit'
    end, list.tools)[1].annotations.destructiveHint)

    local okr, resources = c:request('resources/list', {})
    assert.is_true(okr, vim.inspect(resources))
    assert.are.same(RESOURCES, names(resources.resources, 'uri'))
    local okt, templates = c:request('resources/templates/list', {})
    assert.is_true(okt, vim.inspect(templates))
    assert.are.same({ 'vim://buffer/{id}' }, names(templates.resourceTemplates, 'uriTemplate'))
    local okp, pong = c:request('ping')
    assert.is_true(okp, vim.inspect(pong))
    assert.are.same({}, pong)

    -- No Neovim: an editor tool says so (1001) and how to go on.
    local state = c:call('editor_state', {})
    assert.is_true(state.isError)
    assert.matches(
      '^ERROR 1001: no Neovim instance selected: no Neovim with claude%-ide%.nvim running was found',
      bridge.text(state)
    )
    assert.matches('Start Neovim with claude%-ide%.nvim', bridge.text(state))
    local instances = c:call('list_instances', {})
    assert.is_nil(instances.isError)
    assert.matches('^no running Neovim with claude%-ide%.nvim was found', bridge.text(instances))

    local log = c:log()
    assert.are.same({}, log.errors)
    assert.are.same({}, log.unexpected)
  end)

  it('negotiates the protocol version: each supported one is echoed, anything else gets 2025-11-25', function()
    local raw = bridge.raw({ config_dir = bridge.config_dir() })
    for i, version in ipairs(VERSIONS) do
      local res = raw:request(
        i,
        'initialize',
        { protocolVersion = version, capabilities = vim.empty_dict(), clientInfo = { name = 'raw', version = '0' } }
      )
      assert.are.equal(version, res.result.protocolVersion)
      assert.are.equal('claude-ide.nvim', res.result.serverInfo.name)
    end
    for i, asked in ipairs({ '1999-01-01', '2026-07-28', 42 }) do
      local res = raw:request(100 + i, 'initialize', { protocolVersion = asked, capabilities = vim.empty_dict() })
      assert.are.equal('2025-11-25', res.result.protocolVersion, vim.inspect(asked))
    end
    assert.are.equal('2025-11-25', raw:request(200, 'initialize', vim.empty_dict()).result.protocolVersion)

    -- Through the SDK client too: an older version asked again on the same connection.
    local c = bridge.start({ config_dir = bridge.config_dir() })
    local ok, res = c:request(
      'initialize',
      { protocolVersion = '2024-11-05', capabilities = vim.empty_dict(), clientInfo = { name = 'sdk', version = '1' } }
    )
    assert.is_true(ok, vim.inspect(res))
    assert.are.equal('2024-11-05', res.protocolVersion)
  end)

  it('answers server/discover of the stateless revision, before and without initialize', function()
    local raw = bridge.raw({ config_dir = bridge.config_dir() })
    local meta = {
      ['io.modelcontextprotocol/protocolVersion'] = '2026-07-28',
      ['io.modelcontextprotocol/clientCapabilities'] = vim.empty_dict(),
    }
    local res = raw:request(1, 'server/discover', { _meta = meta })
    assert.is_nil(res.error)
    assert.are.same(
      { '2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05' },
      res.result.supportedVersions
    )
    assert.are.same({ tools = { listChanged = true }, resources = { listChanged = true } }, res.result.capabilities)
    assert.are.equal('claude-ide.nvim', res.result.serverInfo.name)
    assert.is_string(res.result.instructions)
    -- A request with neither initialize nor a _meta protocol version is served as the legacy revisions (lenient).
    assert.are.same(
      TOOLS,
      vim.list_slice(names(raw:request(2, 'tools/list', vim.empty_dict()).result.tools), 1, #TOOLS)
    )
    assert.are.same(vim.empty_dict(), raw:request(3, 'ping').result)

    local c = bridge.start({ config_dir = bridge.config_dir() })
    local ok, discovered = c:request('server/discover', { _meta = meta })
    assert.is_true(ok, vim.inspect(discovered))
    assert.are.equal('2026-07-28', discovered.supportedVersions[1])
    -- A method of that revision only: without its _meta it is not a request of any revision (-32602).
    ok, discovered = c:request('server/discover', {})
    assert.is_false(ok)
    assert.are.equal(-32602, discovered.code)
  end)

  it('answers unknown methods with -32601 and bad params with -32602', function()
    local c = bridge.start({ config_dir = bridge.config_dir() })
    local ok, err = c:request('no/such/method', {})
    assert.is_false(ok)
    assert.are.equal(-32601, err.code)
    assert.matches('no/such/method', err.message)

    ok, err = c:request('tools/call', { name = 42 })
    assert.is_false(ok)
    assert.are.equal(-32602, err.code)
    ok, err = c:request('tools/call', { name = 'no_such_tool', arguments = {} })
    assert.is_false(ok)
    assert.are.equal(-32602, err.code)
    assert.matches('no_such_tool', err.message)

    -- What the SDK would not send: params that are not an object, a line that is not JSON.
    local raw = bridge.raw({ config_dir = bridge.config_dir() })
    local res = raw:request(1, 'tools/list', { 1, 2 })
    assert.are.equal(-32602, res.error.code)
    raw:send('{"jsonrpc":"2.0","id":2,"method":')
    res = raw:request(3, 'ping')
    assert.are.same(vim.empty_dict(), res.result)
    local parse
    for _, line in ipairs(raw:lines()) do
      local msg = vim.json.decode(line)
      if msg.error and msg.error.code == -32700 then
        parse = msg
      end
    end
    assert.is_table(parse, raw.out)
    -- After all that the bridge still serves: the SDK client is alive too.
    local okp = c:request('ping')
    assert.is_true(okp)
  end)

  it('writes nothing but JSON-RPC lines on stdout; logs go to stderr', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['main.lua'] = 'print("hi")\n' })
    bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    raw:request(1, 'initialize', { protocolVersion = '2025-11-25', capabilities = vim.empty_dict() })
    raw:send({ jsonrpc = '2.0', method = 'notifications/initialized' })
    raw:request(2, 'tools/list', vim.empty_dict())
    raw:request(3, 'tools/call', { name = 'editor_state', arguments = vim.empty_dict() })
    raw:request(4, 'tools/call', { name = 'read_buffer', arguments = { path = 'nope.lua' } })
    raw:request(5, 'resources/read', { uri = 'vim://state' })
    raw:request(6, 'nope')
    raw:send('not json at all')
    raw:request(7, 'ping')
    assert.matches('using Neovim main%-', raw.err) -- the bridge's log line
    local lines = raw:lines()
    assert.is_true(#lines >= 8, raw.out)
    for _, line in ipairs(lines) do
      local ok, msg = pcall(vim.json.decode, line)
      assert.is_true(ok and type(msg) == 'table', 'not JSON on stdout: ' .. line)
      assert.are.equal('2.0', msg.jsonrpc, line)
      assert.is_true(msg.result ~= nil or msg.error ~= nil, line)
    end
    assert.are.equal('\n', raw.out:sub(-1))
  end)

  it('exits within 1 s when stdin closes, also while connected to a Neovim', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['main.lua'] = 'x\n' })
    bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })

    local idle = bridge.raw({ config_dir = dir })
    idle:request(1, 'ping')
    local t0 = vim.uv.hrtime()
    idle.proc:write(nil)
    local res = idle:wait_exit(3000)
    assert.is_table(res, 'the idle bridge did not exit')
    assert.are.equal(0, res.code)
    assert.is_true((idle.exited_at - t0) / 1e6 < 1000, ('took %.0f ms'):format((idle.exited_at - t0) / 1e6))

    local connected = bridge.raw({ config_dir = dir, cwd = project })
    assert.is_nil(
      connected:request(1, 'tools/call', { name = 'editor_state', arguments = vim.empty_dict() }).result.isError
    )
    t0 = vim.uv.hrtime()
    connected.proc:write(nil)
    res = connected:wait_exit(3000)
    assert.is_table(res, 'the connected bridge did not exit')
    assert.are.equal(0, res.code)
    assert.is_true((connected.exited_at - t0) / 1e6 < 1000, ('took %.0f ms'):format((connected.exited_at - t0) / 1e6))

    -- The SDK client's close (it ends stdin, and would send SIGTERM after 2 s).
    local c = bridge.start({ config_dir = dir, cwd = project })
    assert.is_nil(c:call('editor_state', {}).isError)
    local closed = c:close()
    assert.are.equal(0, closed.exitCode)
    assert.is_nil(closed.signal)
    assert.is_true(closed.ms < 1000, ('took %d ms'):format(closed.ms))
  end)

  it('exits cleanly on SIGINT, and the editor closes the review it was waiting on', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['main.lua'] = 'local a = 1\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    raw:request(1, 'initialize', { protocolVersion = '2025-11-25', capabilities = vim.empty_dict() })
    raw:send({
      jsonrpc = '2.0',
      id = 2,
      method = 'tools/call',
      params = {
        name = 'edit',
        arguments = { path = 'main.lua', edits = { { old_text = 'a = 1', new_text = 'a = 2' } } },
      },
    })
    assert.is_true(
      vim.wait(5000, function()
        return #bridge.reviews(nvim) == 1
      end, 20),
      'the review did not open'
    )

    local t0 = vim.uv.hrtime()
    vim.uv.kill(raw.pid, 'sigint')
    local res = raw:wait_exit(3000)
    assert.is_table(res, 'the bridge did not exit on SIGINT')
    assert.are.equal(0, res.code)
    assert.are.equal(0, res.signal)
    assert.is_true((raw.exited_at - t0) / 1e6 < 1000, ('took %.0f ms'):format((raw.exited_at - t0) / 1e6))
    for _, line in ipairs(raw:lines()) do
      assert.is_table(vim.json.decode(line), line)
    end
    assert.is_true(
      vim.wait(3000, function()
        return #bridge.reviews(nvim) == 0
      end, 20),
      'the review stayed open after the bridge exited'
    )
    assert.are.same({ 'local a = 1' }, nvim:lua('return vim.api.nvim_buf_get_lines(0, 0, -1, false)'))
    assert.are.equal('local a = 1\n', bridge.read(project .. '/main.lua'))
  end)
end)
