-- The bridge in both MCP eras, each driven the way its clients drive it: the stateless 2026-07-28 revision by a
-- raw JSON-RPC client (the MCP TypeScript SDK in node_modules, 1.32.2, does not speak it: its newest revision is
-- 2025-11-25), every request carrying the version and the client's capabilities in _meta and no initialize; a
-- legacy revision by the SDK's own stdio client. Both list the tools, call editor_state, read
-- vim://buffer/current and get a reviewed edit through; every 2026-07-28 result has resultType, the cacheable
-- ones ttlMs and cacheScope, no legacy result has any; an unsupported version gets that revision's error, and so
-- does server/discover; list changes reach a 2026-07-28 client only on the subscriptions/listen streams that asked
-- for them; an unknown resource is -32602 with its uri there, -32002 as before for a legacy client; the review
-- names the client.
local bridge = require('helpers.bridge')

local MAIN = 'local M = {}\nfunction M.hello() return "hi" end\nreturn M\n'
local MODERN = '2026-07-28'

describe('agent bridge protocol revisions', function()
  local project, nvim, dir

  before_each(function()
    dir = bridge.config_dir()
    project = bridge.project({ ['main.lua'] = MAIN })
    nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
  end)
  after_each(bridge.cleanup)

  local function meta(extra)
    local m = {
      ['io.modelcontextprotocol/protocolVersion'] = MODERN,
      ['io.modelcontextprotocol/clientCapabilities'] = vim.empty_dict(),
      ['io.modelcontextprotocol/clientInfo'] = { name = 'codex-mcp-client', version = '0.169.0' },
    }
    for k, v in pairs(extra or {}) do
      m[k] = v
    end
    return m
  end

  --- A 2026-07-28 request: params with their _meta.
  local function params(p, m)
    p = p or {}
    p._meta = m or meta()
    return p
  end

  local function wait_review()
    assert.is_true(
      vim.wait(5000, function()
        return #bridge.reviews(nvim) == 1
      end, 20),
      'the review did not open'
    )
    return bridge.reviews(nvim)[1]
  end

  it('2026-07-28 without initialize: discover, tools, editor_state, a buffer, a reviewed edit', function()
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    local results = {}
    local function ok(id, method, p)
      local res = raw:request(id, method, p)
      assert.is_nil(res.error, vim.inspect(res))
      table.insert(results, { method, res.result })
      return res.result
    end

    local discovered = ok(1, 'server/discover', params())
    assert.are.same({ MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05' }, discovered.supportedVersions)
    assert.are.same({ tools = { listChanged = true }, resources = { listChanged = true } }, discovered.capabilities)
    assert.are.equal('claude-ide.nvim', discovered._meta['io.modelcontextprotocol/serverInfo'].name)
    assert.are.equal(
      require('claude-ide.version').VERSION,
      discovered._meta['io.modelcontextprotocol/serverInfo'].version
    )
    assert.matches('editor_state', discovered.instructions)

    local tools = ok(2, 'tools/list', params())
    assert.are.equal('list_instances', tools.tools[1].name)
    local state = ok(3, 'tools/call', params({ name = 'editor_state', arguments = vim.empty_dict() }))
    assert.is_nil(state.isError)
    assert.matches('main%.lua', state.content[1].text)
    local buffer = ok(4, 'resources/read', params({ uri = 'vim://buffer/current' }))
    assert.matches('M%.hello', buffer.contents[1].text)
    ok(5, 'resources/list', params())
    ok(6, 'resources/templates/list', params())
    ok(7, 'tools/call', params({ name = 'list_instances', arguments = vim.empty_dict() }))
    -- A tool failure is still a result (isError), and it too carries resultType.
    local missing = ok(8, 'tools/call', params({ name = 'read_buffer', arguments = { path = 'nope.lua' } }))
    assert.is_true(missing.isError)

    nvim:lua([[
      vim.g.spec_events = {}
      vim.api.nvim_create_autocmd('User', { pattern = 'ClaudeIdeDiffOpened', callback = function(ev)
        local events = vim.g.spec_events
        table.insert(events, ev.data)
        vim.g.spec_events = events
      end })
    ]])
    raw:send({
      jsonrpc = '2.0',
      id = 9,
      method = 'tools/call',
      params = params({
        name = 'edit',
        arguments = { path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"modern"' } } },
      }),
    })
    -- The review names the client from the request's _meta clientInfo.
    assert.matches('^✻ %[Codex%] main%.lua', wait_review())
    assert.are.equal('Codex', nvim:lua('return vim.g.spec_events')[1].client)
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    local edit = raw:response(9)
    assert.is_nil(edit.error, vim.inspect(edit))
    table.insert(results, { 'edit', edit.result })
    assert.are.equal('OK: applied 1 edit to main.lua and saved', edit.result.content[1].text)
    assert.matches('"modern"', bridge.read(project .. '/main.lua'))

    -- resultType on every result; the cache hints on the cacheable ones only (CacheableResult in the schema).
    local cacheable = {
      ['server/discover'] = true,
      ['tools/list'] = true,
      ['resources/list'] = true,
      ['resources/templates/list'] = true,
      ['resources/read'] = true,
    }
    for _, r in ipairs(results) do
      assert.are.equal('complete', r[2].resultType, r[1])
      assert.are.equal(cacheable[r[1]] and 0 or nil, r[2].ttlMs, r[1])
      assert.are.equal(cacheable[r[1]] and 'private' or nil, r[2].cacheScope, r[1])
    end
    -- :checkhealth names the client and the revision it speaks.
    local health = nvim:lua([[
      vim.cmd('checkhealth claude-ide')
      return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
    ]])
    assert.matches('connected: Codex — agent tools %(bridge%), MCP 2026%-07%-28', health)
    -- Each result line has the field once (a forwarded answer gets it added to the editor's text).
    for _, line in ipairs(raw:lines()) do
      local _, count = line:gsub('"resultType"', '')
      assert.are.equal(1, count, line)
    end
  end)

  it("2026-07-28's errors: unsupported version, missing capabilities, removed methods; the bridge goes on", function()
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    local res =
      raw:request(1, 'tools/list', params({}, meta({ ['io.modelcontextprotocol/protocolVersion'] = '2099-01-01' })))
    assert.are.equal(-32022, res.error.code)
    assert.are.equal('2099-01-01', res.error.data.requested)
    assert.are.same({ MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05' }, res.error.data.supported)
    -- Nothing ran: a call with an unsupported version does not reach the editor.
    res = raw:request(
      2,
      'tools/call',
      params(
        { name = 'editor_state', arguments = vim.empty_dict() },
        meta({ ['io.modelcontextprotocol/protocolVersion'] = 7 })
      )
    )
    assert.are.equal(-32022, res.error.code)
    assert.is_nil(raw.err:match('using Neovim'))

    local no_caps = meta()
    no_caps['io.modelcontextprotocol/clientCapabilities'] = nil
    res = raw:request(3, 'tools/list', params({}, no_caps))
    assert.are.equal(-32602, res.error.code)
    assert.matches('clientCapabilities', res.error.message)

    res = raw:request(4, 'ping', params())
    assert.are.equal(-32601, res.error.code)
    res = raw:request(5, 'initialize', params({ protocolVersion = MODERN, capabilities = vim.empty_dict() }))
    assert.are.equal(-32601, res.error.code)

    -- server/discover too: an unsupported version is that error (with the list to choose from), and without the
    -- version in _meta (or without _meta) it is no request of any revision.
    res =
      raw:request(6, 'server/discover', params({}, meta({ ['io.modelcontextprotocol/protocolVersion'] = 'v999.0.0' })))
    assert.are.equal(-32022, res.error.code)
    assert.are.equal('v999.0.0', res.error.data.requested)
    assert.are.equal(MODERN, res.error.data.supported[1])
    res = raw:request(7, 'server/discover', vim.empty_dict())
    assert.are.equal(-32602, res.error.code)
    local no_version = meta()
    no_version['io.modelcontextprotocol/protocolVersion'] = nil
    res = raw:request(8, 'server/discover', params({}, no_version))
    assert.are.equal(-32602, res.error.code)
    res = raw:request(9, 'subscriptions/listen', { notifications = { toolsListChanged = true } })
    assert.are.equal(-32602, res.error.code)
    res = raw:request(10, 'subscriptions/listen', params())
    assert.are.equal(-32602, res.error.code)
    assert.matches('notifications', res.error.message)

    -- An unknown resource: -32602 naming it (the legacy revisions' -32002 is kept for their clients, below).
    res = raw:request(11, 'resources/read', params({ uri = 'vim://buffer/99999' }))
    assert.are.equal(-32602, res.error.code)
    assert.are.same({ uri = 'vim://buffer/99999' }, res.error.data)
    assert.matches('99999', res.error.message)

    res = raw:request(12, 'tools/list', params())
    assert.are.equal('complete', res.result.resultType)
  end)

  it('2026-07-28 list changes: only on the subscriptions/listen streams that asked, until cancelled', function()
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    --- The notifications of `method` on stdout so far.
    local function sent(method)
      local out = {}
      for _, line in ipairs(raw:lines()) do
        local msg = vim.json.decode(line)
        if msg.method == method then
          table.insert(out, msg.params)
        end
      end
      return out
    end
    local function wait_count(method, n)
      assert.is_true(
        vim.wait(5000, function()
          return #sent(method) >= n
        end, 10),
        ('%d %s expected, got %d:\n%s'):format(n, method, #sent(method), raw.out)
      )
    end
    local SUB = 'io.modelcontextprotocol/subscriptionId'
    -- The bridge hears the editor once it uses it.
    assert.is_nil(raw:request(1, 'tools/list', params()).error)

    raw:send({
      jsonrpc = '2.0',
      id = 'tools',
      method = 'subscriptions/listen',
      params = params({
        notifications = { toolsListChanged = true },
      }),
    })
    raw:send({
      jsonrpc = '2.0',
      id = 'other',
      method = 'subscriptions/listen',
      params = params({
        notifications = { resourcesListChanged = true, promptsListChanged = true, resourceSubscriptions = { 'x://y' } },
      }),
    })
    wait_count('notifications/subscriptions/acknowledged', 2)
    local acks = sent('notifications/subscriptions/acknowledged')
    assert.are.same({ notifications = { toolsListChanged = true }, _meta = { [SUB] = 'tools' } }, acks[1])
    -- Only what the bridge sends: no prompts, no resource updates.
    assert.are.same({ notifications = { resourcesListChanged = true }, _meta = { [SUB] = 'other' } }, acks[2])

    local function add_tool(name)
      nvim:lua(
        'assert(require("claude-ide").agent.add_tool({ name = ..., description = "d", handler = function() return 1 end }))',
        name
      )
    end
    local function add_resource(uri)
      nvim:lua('assert(require("claude-ide").agent.add_resource(..., { read = function() return "r" end }))', uri)
    end
    add_tool('first')
    wait_count('notifications/tools/list_changed', 1)
    add_resource('spec://one')
    wait_count('notifications/resources/list_changed', 1)
    assert.are.same({ _meta = { [SUB] = 'tools' } }, sent('notifications/tools/list_changed')[1])
    assert.are.same({ _meta = { [SUB] = 'other' } }, sent('notifications/resources/list_changed')[1])

    -- Cancelled: nothing more on that stream (the resource change after it shows the tool change was relayed).
    raw:send({ jsonrpc = '2.0', method = 'notifications/cancelled', params = { requestId = 'tools' } })
    -- stdin is read in order: once a later request is answered, the bridge has taken the cancel (the editor's
    -- notifications come on another channel, and could otherwise overtake it).
    assert.is_nil(raw:request(2, 'resources/templates/list', params()).error)
    add_tool('second')
    add_resource('spec://two')
    wait_count('notifications/resources/list_changed', 2)
    assert.are.equal(1, #sent('notifications/tools/list_changed'))
    -- A listen stream is never answered while it is open, nor when cancelled.
    for _, line in ipairs(raw:lines()) do
      local id = vim.json.decode(line).id
      assert.is_true(id ~= 'tools' and id ~= 'other', line)
    end

    -- A 2026-07-28 client that asked for nothing hears nothing.
    local quiet = bridge.raw({ config_dir = dir, cwd = project })
    assert.is_nil(quiet:request(1, 'resources/list', params()).error)
    add_tool('third')
    add_resource('spec://three')
    wait_count('notifications/resources/list_changed', 3)
    -- The editor answers this after it told that bridge of the changes (one WebSocket, in order).
    assert.is_nil(quiet:request(2, 'resources/list', params()).error)
    assert.are.same(
      {},
      vim.tbl_filter(function(line)
        return vim.json.decode(line).method ~= nil
      end, quiet:lines())
    )
  end)

  it('a legacy client (the SDK, initialize 2025-11-25) is served as before: no resultType, a reviewed edit', function()
    local c = bridge.start({ config_dir = dir, cwd = project })
    assert.are.equal('2025-11-25', c.info.protocolVersion)
    local ok, list = c:request('tools/list', {})
    assert.is_true(ok, vim.inspect(list))
    assert.is_nil(list.resultType)
    local state = c:call('editor_state', {})
    assert.is_nil(state.isError)
    assert.is_nil(state.resultType)
    local okr, buffer = c:request('resources/read', { uri = 'vim://buffer/current' })
    assert.is_true(okr, vim.inspect(buffer))
    assert.is_nil(buffer.resultType)
    assert.is_nil(buffer.ttlMs)
    assert.matches('M%.hello', buffer.contents[1].text)
    local okm, missing = c:request('resources/read', { uri = 'vim://buffer/99999' })
    assert.is_false(okm)
    assert.are.equal(-32002, missing.code)

    local id = c:call_async('edit', { path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"legacy"' } } })
    -- The SDK's client calls itself claude-ide-spec: the review says so.
    assert.matches('^✻ %[claude%-ide%-spec%] main%.lua', wait_review())
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    local okw, res = c:wait(id)
    assert.is_true(okw, vim.inspect(res))
    assert.is_nil(res.resultType)
    assert.are.equal('OK: applied 1 edit to main.lua and saved', bridge.text(res))
    assert.matches('"legacy"', bridge.read(project .. '/main.lua'))
    local clients = nvim:lua('return require("claude-ide").server():connectedClients()')
    assert.are.same({ { kind = 'agent tools (bridge)', name = 'claude-ide-spec', revision = '2025-11-25' } }, clients)
  end)

  it("execute's ask names the client (a known clientInfo name from initialize)", function()
    bridge.cleanup()
    dir = bridge.config_dir()
    project = bridge.project({ ['main.lua'] = MAIN })
    nvim =
      bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' }, setup = { agent = { execute = 'ask' } } })
    -- The user reads who asks in the question's float, and answers n.
    nvim:lua([[
      local timer = vim.uv.new_timer()
      timer:start(20, 20, vim.schedule_wrap(function()
        for _, w in ipairs(vim.api.nvim_list_wins()) do
          local ok, who = pcall(vim.api.nvim_buf_get_var, vim.api.nvim_win_get_buf(w), 'claude_ide_confirm')
          if ok and not timer:is_closing() then
            timer:close()
            vim.g.spec_prompt = who
            vim.api.nvim_input('n')
          end
        end
      end))
    ]])
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    raw:request(1, 'initialize', {
      protocolVersion = '2025-11-25',
      capabilities = vim.empty_dict(),
      clientInfo = { name = 'gemini-cli-mcp-client', version = '0.61.0' },
    })
    local res = raw:request(2, 'tools/call', { name = 'execute', arguments = { command = 'echo 1' } })
    assert.matches('^REJECTED', res.result.content[1].text)
    assert.are.equal('Gemini CLI', nvim:lua('return vim.g.spec_prompt'))
  end)
end)
