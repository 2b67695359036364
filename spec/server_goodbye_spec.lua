-- Quitting Neovim says goodbye: every connected client gets a close frame 1001 (going away) before the
-- process exits, so the CLI sees a clean close instead of 1006 (connection lost). A real child Neovim
-- quits with :qa while an independent client (Node `ws`) is connected to it.
local child_nvim = require('helpers.child_nvim')
local client = require('helpers.client')

describe('quitting Neovim', function()
  local child, conns, driver

  before_each(function()
    conns = {}
  end)

  after_each(function()
    if driver then
      driver:stop()
      driver = nil
    end
    if child then
      child:kill()
      child = nil
    end
  end)

  --- A child Neovim with the server started; returns its endpoint (port, token).
  local function start_child()
    child = child_nvim.spawn({ setup = true })
    local port
    assert(
      vim.wait(10000, function()
        local ok, st = pcall(vim.rpcrequest, child:rpc(), 'nvim_exec_lua', 'return require("claude-ide").status()', {})
        port = ok and st.running and st.port or nil
        return port ~= nil
      end, 20),
      'the child server did not start'
    )
    return client.endpoint(port)
  end

  it('sends 1001 to every client before the process exits', function()
    local ep = start_child()
    driver = client.spawn()
    for i = 1, 3 do
      conns[i] = driver:connect({ port = ep.port, token = ep.token })
      conns[i]:initialize()
    end
    pcall(vim.rpcnotify, child:rpc(), 'nvim_command', 'qa')
    assert.is_true(child:wait_exit(10000), 'the child did not exit')
    for i, c in ipairs(conns) do
      local code = c:wait_close(5000)
      assert.are.equal(1001, code, 'client ' .. i)
    end
  end)

  it('lets a large reply still being written finish before the close frame #slow', function()
    local ep = start_child()
    local marker = vim.fn.tempname() .. '-marker.txt'
    vim.fn.writefile({ 'marker' }, marker)
    -- A 32 MiB diagnostic makes getDiagnostics answer 32 MiB: more than the socket buffers hold, so the reply
    -- is still queued in the child when it quits (right after its next call, openFile of the marker).
    vim.rpcrequest(
      child:rpc(),
      'nvim_exec_lua',
      [[
      vim.cmd.edit(vim.fn.fnameescape(vim.fn.tempname() .. '.txt'))
      local buf = vim.api.nvim_get_current_buf()
      vim.diagnostic.set(vim.api.nvim_create_namespace('big'), buf, { { lnum = 0, col = 0, message = string.rep('x', 32 * 1024 * 1024) } })
    ]],
      {}
    )
    vim.rpcrequest(
      child:rpc(),
      'nvim_exec_lua',
      [[
      vim.api.nvim_create_autocmd('BufEnter', { pattern = '*-marker.txt', once = true, callback = function()
        vim.schedule(function() vim.cmd('qa!') end)
      end })
    ]],
      {}
    )
    driver = client.spawn()
    local c = driver:connect({ port = ep.port, token = ep.token })
    c:initialize()
    local big = c:request_async('tools/call', { name = 'getDiagnostics', arguments = vim.empty_dict() })
    c:request_async('tools/call', { name = 'openFile', arguments = { filePath = marker } })
    assert.is_true(child:wait_exit(10000), 'the child did not exit')
    local reply = c:wait_response(big, 10000)
    assert.is_true(#reply.result.content[1].text > 32 * 1024 * 1024, vim.inspect(reply):sub(1, 300))
    assert.are.equal(1001, (c:wait_close(5000)))
  end)
end)
