-- transport/tcp: the loopback listener. A socket it accepted is never left open by a failure in the listener's own
-- accept path (the connection guard only knows the sockets a listener tracked): the peer sees it closed.
local tcp = require('claude-ide.transport.tcp')

describe('listenLoopback', function()
  local server, client

  after_each(function()
    if client and not client:is_closing() then
      client:close()
    end
    if server and not server:is_closing() then
      server:close()
    end
  end)

  --- Connects a plain TCP client to `port`; returns a table whose `ended` turns true when the server closes it.
  local function connect(port)
    local state = { connected = false, ended = false }
    client = vim.uv.new_tcp()
    client:connect('127.0.0.1', port, function(err)
      state.connected = err == nil
      client:read_start(function(_, data)
        if data == nil then
          state.ended = true
        end
      end)
    end)
    return state
  end

  it('closes an accepted socket when the listener fails to take it', function()
    local logs = {}
    local res = tcp.listenLoopback({
      onAccept = function()
        error('the listener failed')
      end,
      log = function(level, msg)
        logs[#logs + 1] = level .. ': ' .. msg
      end,
    })
    assert.is_true(res.ok)
    server = res.server
    local state = connect(res.port)
    assert.is_true(
      vim.wait(5000, function()
        return state.ended
      end, 10),
      'the accepted socket stayed open: ' .. vim.inspect(logs)
    )
    assert.is_true(state.connected)
    assert.matches('the listener failed', table.concat(logs, '\n'), 1, true)
  end)

  it('keeps a socket the listener took', function()
    local taken = {}
    local res = tcp.listenLoopback({
      onAccept = function(c)
        taken[#taken + 1] = c
      end,
      log = function() end,
    })
    server = res.server
    local state = connect(res.port)
    assert.is_true(vim.wait(5000, function()
      return #taken == 1 and state.connected
    end, 10))
    assert.is_false(state.ended)
    assert.is_false(taken[1]:is_closing())
    taken[1]:close()
  end)
end)
