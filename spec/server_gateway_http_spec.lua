-- A far session's door over plain HTTP (server.ts openGateway, transport/websocket's HTTP routes): the far CLI's
-- HTTP hooks (hooks/http) and its agent tools over MCP streamable HTTP (protocol/http_sessions), driven by
-- independent Node clients over real loopback sockets: raw requests (spec/helpers/hostile.mjs `raw`) and the MCP
-- TypeScript SDK's streamable HTTP client (spec/helpers/mcp_http.mjs). Proves: no token, no router call; the
-- router's answer with the input's paths local and the output's far; the owner is the door's IDE session; a
-- parked hook answers when resumed; a far path reaches the local file, a path outside the map is refused naming it;
-- the local IDE port still serves no HTTP.
local client = require('helpers.client')
local bridge = require('helpers.bridge')
local hostile = require('helpers.hostile')

local root = bridge.root

--- Sends `bytes` (PORT replaced by the port) at once; returns {status, received, closedByServer, body}.
local function send_raw(port, bytes, scenario)
  local out = hostile.run({ scenario or 'raw', 'http', tostring(port), 'unused', vim.json.encode(bytes) })
  out.body = out.received:match('\r\n\r\n(.*)$')
  return out
end

local function hook_post(event, token, body, client_name)
  local lines = {
    ('POST /hooks/%s/%s HTTP/1.1'):format(client_name or 'claude', event),
    'Host: host.docker.internal:PORT',
    'Content-Type: application/json',
    'Content-Length: ' .. #body,
  }
  if token then
    lines[#lines + 1] = 'X-Claude-Code-IDE-Authorization: ' .. token
  end
  return table.concat(lines, '\r\n') .. '\r\n\r\n' .. body
end

--- The MCP SDK's streamable HTTP client in a Node process, driven by line JSON (as companion_spec's).
local Driver = {}
Driver.__index = Driver

local function start_driver()
  local self = setmetatable({ replies = {}, next_id = 1 }, Driver)
  return require('helpers.node_driver').start(self, { root .. '/spec/helpers/mcp_http.mjs' }, root)
end

function Driver:run(cmd)
  local id = self.next_id
  self.next_id = id + 1
  cmd.id = id
  self.proc:write(vim.json.encode(cmd) .. '\n')
  local msg
  vim.wait(15000, function()
    while true do
      local nl = self.buffer:find('\n', 1, true)
      if not nl then
        break
      end
      local decoded = vim.json.decode(self.buffer:sub(1, nl - 1), { luanil = { object = true, array = true } })
      self.buffer = self.buffer:sub(nl + 1)
      self.replies[decoded.id] = decoded
    end
    msg = self.replies[id]
    return msg ~= nil
  end, 5)
  assert(msg, 'no reply from the HTTP driver to ' .. cmd.op .. '\n' .. self.stderr)
  assert(msg.ok, cmd.op .. ' failed: ' .. vim.inspect(msg.error))
  return msg.result
end

function Driver:stop()
  pcall(function()
    self.proc:kill(9)
  end)
end

describe('a far session door over HTTP', function()
  local tmp, gateway, calls, remove_route, driver

  before_each(function()
    tmp = vim.fn.resolve(vim.fn.tempname())
    vim.fn.mkdir(tmp, 'p')
    vim.fn.writefile({ 'hello from near' }, tmp .. '/x.txt')
    vim.cmd.cd(tmp)
    client.start_server()
    local PathMap = require('claude-ide.util.path_map')
    local opened =
      require('claude-ide').server():openGateway(PathMap.createPathMap({ { far = '/workspace', near = tmp } }))
    assert(opened.ok, opened.error)
    gateway = opened.gateway
    calls = {}
    remove_route = require('claude-ide').server():hooks():on({
      name = 'spec recorder',
      events = { 'PostToolUse' },
      handler = function(ev)
        calls[#calls + 1] = { input = ev.input, cwd = ev.cwd, owner = ev.owner(), event = ev.event }
        if ev.input.park then
          return ev.park(function(resume)
            _G.gateway_spec_resume = resume
          end, function(reason)
            _G.gateway_spec_cancelled = reason
          end)
        end
        return {
          hookSpecificOutput = {
            hookEventName = 'PostToolUse',
            additionalContext = 'seen',
            updatedInput = { file_path = ev.input.tool_input.file_path },
          },
        }
      end,
    })
  end)

  after_each(function()
    _G.gateway_spec_resume = nil
    _G.gateway_spec_cancelled = nil
    if driver then
      driver:stop()
      driver = nil
    end
    remove_route()
    client.stop_server()
    vim.cmd.cd(root)
    vim.fn.delete(tmp, 'rf')
  end)

  local input = vim.json.encode({
    session_id = 'far-1',
    cwd = '/workspace',
    transcript_path = '/home/far/.claude/t.jsonl',
    tool_name = 'Edit',
    tool_input = { file_path = '/workspace/x.txt' },
  })

  it('answers 401 to a hook without the token, or with a wrong one, and never calls the router', function()
    for _, token in ipairs({ false, 'wrong-token' }) do
      local out = send_raw(gateway.port, hook_post('PostToolUse', token or nil, input))
      assert.are.equal(401, out.status, vim.inspect(out))
      assert.is_true(out.closedByServer, vim.inspect(out))
    end
    assert.are.same({}, calls)
  end)

  it(
    "answers with the router's output, the input's paths local and the output's far, owned by the door's IDE session",
    function()
      local ide = client.connect({ port = gateway.port, token = gateway.token })
      ide:initialize()
      -- The session is ready once notifications/initialized is read: a ping answered behind it proves that (the
      -- hook comes over another socket, which may be read first).
      ide:request('ping')
      local out = send_raw(gateway.port, hook_post('PostToolUse', gateway.token, input))
      assert.are.equal(200, out.status, vim.inspect(out))
      assert.matches('Content%-Type: application/json', out.received)
      assert.are.equal(1, #calls)
      assert.are.equal(tmp .. '/x.txt', calls[1].input.tool_input.file_path)
      assert.are.equal(tmp, calls[1].input.cwd)
      assert.are.equal(tmp, calls[1].cwd)
      -- The far transcript is outside the map: kept as it is.
      assert.are.equal('/home/far/.claude/t.jsonl', calls[1].input.transcript_path)
      local answer = vim.json.decode(out.body)
      assert.are.equal('seen', answer.hookSpecificOutput.additionalContext)
      assert.are.equal('/workspace/x.txt', answer.hookSpecificOutput.updatedInput.file_path)
      -- The owner: the IDE session that came through the same door (its session id is the gateway's).
      local owner = calls[1].owner
      assert.is_number(owner)
      local s
      for _, c in ipairs(require('claude-ide').server().hub.clients()) do
        if c.id == owner then
          s = c
        end
      end
      assert.is_not_nil(s, 'the owner is a connected IDE client')
      ide:close()
    end
  )

  it('answers {} when no handler has anything to say, and reads an empty body as {}', function()
    local out = send_raw(gateway.port, hook_post('Stop', gateway.token, ''))
    assert.are.equal(200, out.status, vim.inspect(out))
    assert.are.equal('{}', out.body)
  end)

  it('refuses an unknown client or event with 404, and a body that is not an object with 400', function()
    local out = send_raw(gateway.port, hook_post('PostToolUse', gateway.token, input, 'vscode'))
    assert.are.equal(404, out.status, vim.inspect(out))
    assert.matches('unknown hook client vscode', out.body)
    out = send_raw(gateway.port, hook_post('NoSuchEvent', gateway.token, input))
    assert.are.equal(404, out.status, vim.inspect(out))
    assert.matches('no claude hook for the event NoSuchEvent', out.body)
    out = send_raw(gateway.port, hook_post('PostToolUse', gateway.token, '[1, 2]'))
    assert.are.equal(400, out.status, vim.inspect(out))
    assert.are.same({}, calls)
  end)

  it('answers a parked hook once the handler resumes', function()
    local parked = vim.json.encode({ park = true, tool_input = { file_path = '/workspace/x.txt' } })
    local timer = vim.uv.new_timer()
    timer:start(
      50,
      50,
      vim.schedule_wrap(function()
        if _G.gateway_spec_resume then
          _G.gateway_spec_resume({ decision = 'approve', planFilePath = tmp .. '/plan.md' })
          _G.gateway_spec_resume = nil
          timer:stop()
        end
      end)
    )
    local out = send_raw(gateway.port, hook_post('PostToolUse', gateway.token, parked))
    timer:close()
    assert.are.equal(200, out.status, vim.inspect(out))
    assert.are.same({ decision = 'approve', planFilePath = '/workspace/plan.md' }, vim.json.decode(out.body))
  end)

  it('cancels a parked hook when its connection goes away', function()
    local parked = vim.json.encode({ park = true, tool_input = { file_path = '/workspace/x.txt' } })
    local out = send_raw(gateway.port, hook_post('PostToolUse', gateway.token, parked), 'hangup')
    assert.are.equal('', out.received)
    assert.is_true(vim.wait(3000, function()
      return _G.gateway_spec_cancelled ~= nil
    end, 10))
    assert.matches('connection closed', _G.gateway_spec_cancelled)
  end)

  it(
    'serves the agent tools over MCP streamable HTTP: a far path reaches the local file, one outside the map is refused',
    function()
      driver = start_driver()
      local init = driver:run({
        op = 'connect',
        url = ('http://127.0.0.1:%d/mcp'):format(gateway.port),
        headers = { ['X-Claude-Code-IDE-Authorization'] = gateway.token },
      })
      assert.is_not_nil(init.sessionId)
      assert.is_not_nil(init.capabilities.tools)
      local res = driver:run({ op = 'call', name = 'read_buffer', arguments = { path = '/workspace/x.txt' } })
      assert.matches('hello from near', res.content[1].text)
      local outside = driver:run({ op = 'call', name = 'read_buffer', arguments = { path = '/elsewhere/y.txt' } })
      assert.matches('outside the folders this agent', outside.content[1].text, 1, true)
      -- The map is named (its local side goes out rewritten to the far one, as every local path in a far result).
      assert.matches(
        "/elsewhere/y.txt is outside the folders this agent's path map covers (/workspace → ",
        outside.content[1].text,
        1,
        true
      )
    end
  )

  it('refuses an MCP request without the token with 401', function()
    local body = vim.json.encode({ jsonrpc = '2.0', id = 1, method = 'initialize', params = vim.empty_dict() })
    local out = send_raw(
      gateway.port,
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nContent-Type: application/json\r\nContent-Length: '
        .. #body
        .. '\r\n\r\n'
        .. body
    )
    assert.are.equal(401, out.status, vim.inspect(out))
  end)

  it('leaves the local IDE port without HTTP routes: a hook POST with its token is refused', function()
    local ep = client.endpoint(require('claude-ide').status().port)
    local out = send_raw(ep.port, hook_post('PostToolUse', ep.token, input))
    assert.are.equal(405, out.status, vim.inspect(out))
    assert.is_true(out.closedByServer, vim.inspect(out))
    assert.are.same({}, calls)
  end)
end)
