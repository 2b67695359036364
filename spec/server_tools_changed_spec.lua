-- notifications/tools/list_changed: setup() with other options restarts the server on the same port and token,
-- and the CLIs reconnect by themselves. When the IDE tool list changed (executeCode enabled), each reconnecting
-- CLI (a real WebSocket client, Node `ws`) is told to fetch the list again; otherwise it is not.
local client = require('helpers.client')
local ide = require('claude-ide')

local function names(c)
  local res = c:request('tools/list')
  return vim.tbl_map(function(t)
    return t.name
  end, res.result.tools)
end

describe('tools/list_changed', function()
  local conns = {}

  local function connect(ep)
    local c = client.connect(ep)
    table.insert(conns, c)
    assert.are.same({ tools = { listChanged = true } }, c:initialize().result.capabilities)
    return c
  end

  after_each(function()
    for _, c in ipairs(conns) do
      pcall(c.close, c)
    end
    conns = {}
    client.stop_server()
  end)

  it('goes to a CLI that reconnects after setup() enabled executeCode', function()
    local ep = client.start_server({ execute_code = false })
    local before = connect(ep)
    assert.is_false(vim.tbl_contains(names(before), 'executeCode'))
    assert.is_true(ide.setup({ auto_start = true, execute_code = true }))
    before:wait_close()
    local again = client.endpoint(ide.status().port)
    assert.are.same({ ep.port, ep.token }, { again.port, again.token })
    local after = connect(again)
    after:wait_notification('notifications/tools/list_changed')
    assert.is_true(vim.tbl_contains(names(after), 'executeCode'))
  end)

  it('is not sent when the new options leave the tool list as it was', function()
    local ep = client.start_server({ execute_code = false })
    connect(ep)
    assert.is_true(ide.setup({ auto_start = true, execute_code = false, log_level = 'error' }))
    local after = connect(client.endpoint(ide.status().port))
    assert.is_false(after:received_within(300, function(m)
      return m.method == 'notifications/tools/list_changed'
    end))
  end)
end)
