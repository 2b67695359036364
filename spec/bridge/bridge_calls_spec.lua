-- Every call to the agent bridge is answered exactly once, by construction: many calls sent at once to a
-- fresh bridge (while it is still choosing and connecting to its Neovim, which runs the event loop in
-- vim.wait), calls running when the Neovim goes away, and calls pending when another Neovim is selected.
-- The raw client writes the lines itself (in separate writes, so they reach the bridge in separate reads).
local bridge = require('helpers.bridge')

--- Every response on `raw`'s stdout, decoded, counted by id.
local function responses(raw)
  local by_id = {}
  for _, line in ipairs(raw:lines()) do
    local ok, msg = pcall(vim.json.decode, line)
    if ok and type(msg) == 'table' and msg.id ~= nil and msg.id ~= vim.NIL then
      by_id[msg.id] = by_id[msg.id] or {}
      table.insert(by_id[msg.id], msg)
    end
  end
  return by_id
end

local flushes = 0

--- Waits until every id in `ids` has an answer (or the timeout); returns the answers by id.
local function wait_all(raw, ids, timeout)
  local by_id
  vim.wait(timeout or 15000, function()
    by_id = responses(raw)
    for _, id in ipairs(ids) do
      if by_id[id] == nil then
        return false
      end
    end
    return true
  end, 10)
  -- A duplicate would arrive right behind the first answer: one more call through the editor, answered after
  -- every answer the editor sent before it, flushes it out.
  flushes = flushes + 1
  raw:request(-flushes, 'tools/call', { name = 'read_buffer', arguments = { path = 'main.lua', end_line = 1 } })
  return responses(raw)
end

local function initialize(raw)
  local res = raw:request(0, 'initialize', {
    protocolVersion = '2025-06-18',
    capabilities = vim.empty_dict(),
    clientInfo = { name = 'calls-spec', version = '0' },
  })
  assert.is_table(res.result, vim.inspect(res))
  raw:send({ jsonrpc = '2.0', method = 'notifications/initialized' })
end

local function call(id, name, args)
  return { jsonrpc = '2.0', id = id, method = 'tools/call', params = { name = name, arguments = args } }
end

describe('agent bridge answers every call exactly once', function()
  local dir, project

  before_each(function()
    dir = bridge.config_dir()
    project = bridge.project({ ['main.lua'] = 'local a = 1\nreturn a\n' })
  end)
  after_each(bridge.cleanup)

  it('50 calls at once to a fresh bridge, 20 times: each answered once, with its own result', function()
    bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    -- Decoys: live-looking instances elsewhere (this process's pid, a port that accepts), so that choosing
    -- the Neovim takes a few turns of the event loop, as on a loaded machine.
    local elsewhere = bridge.tempdir()
    local servers = {}
    for _ = 1, 8 do
      local server = vim.uv.new_tcp()
      server:bind('127.0.0.1', 0)
      server:listen(64, function()
        local peer = vim.uv.new_tcp()
        server:accept(peer)
        peer:close()
      end)
      table.insert(servers, server)
      local path = ('%s/ide/%d.lock'):format(dir, server:getsockname().port)
      bridge.write(
        path,
        vim.json.encode({
          pid = vim.fn.getpid(),
          workspaceFolders = { elsewhere },
          ideName = 'Neovim',
          transport = 'ws',
          runningInWindows = false,
          authToken = 'decoy',
          nvim = { cwd = elsewhere, mainFile = '', socket = '', agent = true },
        })
      )
      vim.uv.fs_chmod(path, 384)
    end
    finally(function()
      for _, server in ipairs(servers) do
        server:close()
      end
    end)
    for round = 1, 20 do
      local raw = bridge.raw({ config_dir = dir, cwd = project })
      initialize(raw)
      local ids = {}
      for i = 1, 50 do
        local id = round * 1000 + i
        table.insert(ids, id)
        -- Alternate tools the editor answers and tools the bridge answers itself.
        if i % 5 == 0 then
          raw:send(call(id, 'list_instances', vim.empty_dict()))
        else
          raw:send(call(id, 'read_buffer', { path = 'main.lua', start_line = 1, end_line = 1 }))
        end
        if i % 20 == 0 then
          -- Separate reads on the bridge's side while it connects: the bridge answers list_instances itself,
          -- so once this one is answered it has read every line so far, and the next ones come in a new read.
          raw:response(id)
        end
      end
      local by_id = wait_all(raw, ids)
      local missing, twice = {}, {}
      for i, id in ipairs(ids) do
        local got = by_id[id]
        if got == nil then
          table.insert(missing, id)
        elseif #got > 1 then
          table.insert(twice, id)
        else
          local msg = got[1]
          assert.is_table(msg.result, ('round %d call %d: %s'):format(round, i, vim.inspect(msg)))
          assert.is_nil(msg.result.isError, ('round %d call %d: %s'):format(round, i, vim.inspect(msg)))
          local text = msg.result.content[1].text
          if i % 5 == 0 then
            assert.matches('pid=', text)
          else
            assert.matches('local a = 1', text)
          end
        end
      end
      assert.are.same(
        { round = round, missing = {}, twice = {} },
        { round = round, missing = missing, twice = twice },
        raw.err
      )
      raw:stop()
    end
  end)

  it(
    'calls queued or running when the Neovim dies are each answered once with ERROR 1003 (1001 once it is gone)',
    function()
      local nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
      local raw = bridge.raw({ config_dir = dir, cwd = project })
      initialize(raw)
      -- A review parks the first call in the editor; the others run or wait behind it.
      raw:send(call(1, 'edit', { path = 'main.lua', edits = { { old_text = 'a = 1', new_text = 'a = 2' } } }))
      assert.is_true(
        vim.wait(10000, function()
          return #bridge.reviews(nvim) == 1
        end, 20),
        'the review did not open'
      )
      local ids = { 1 }
      for i = 2, 30 do
        raw:send(call(i, 'read_buffer', { path = 'main.lua' }))
        table.insert(ids, i)
      end
      nvim:kill()
      local by_id = wait_all(raw, ids)
      for _, id in ipairs(ids) do
        local got = by_id[id]
        assert.is_table(got, ('call %d was never answered\n%s'):format(id, raw.err))
        assert.are.equal(1, #got, ('call %d answered %d times'):format(id, #got))
        local result = got[1].result
        if id == 1 then
          -- parked in the review when the Neovim died
          assert.is_true(result.isError, vim.inspect(got[1]))
          assert.matches('^ERROR 1003: ', result.content[1].text)
        elseif result.isError then
          -- queued or running then: 1003; read from stdin only after the bridge saw the death (a loaded machine
          -- delays the bridge's reads): no Neovim to send it to, 1001
          assert.matches('^ERROR 100[13]: ', result.content[1].text)
        end
      end
      -- The editor is gone: the next call says so, and the bridge stays up.
      local res = raw:request(100, 'tools/call', { name = 'read_buffer', arguments = { path = 'main.lua' } })
      assert.is_true(res.result.isError)
      assert.matches('^ERROR 100[13]: ', res.result.content[1].text)
      assert.is_nil(raw.exit)
    end
  )

  it('calls pending on one Neovim when another is selected are answered, not dropped', function()
    local a = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    local other = bridge.project({ ['b.lua'] = 'b\n' })
    local b = bridge.editor({ config_dir = dir, cwd = other, args = { 'b.lua' } })
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    initialize(raw)
    raw:send(call(1, 'edit', { path = 'main.lua', edits = { { old_text = 'a = 1', new_text = 'a = 2' } } }))
    assert.is_true(
      vim.wait(10000, function()
        return #bridge.reviews(a) == 1
      end, 20),
      'the review did not open'
    )
    local sel = raw:request(2, 'tools/call', { name = 'select_instance', arguments = { instance_id = b.id } })
    assert.is_nil(sel.result.isError, vim.inspect(sel))
    local by_id = wait_all(raw, { 1 })
    assert.is_table(by_id[1], 'the edit pending on the first Neovim was never answered\n' .. raw.err)
    assert.are.equal(1, #by_id[1])
    assert.is_true(by_id[1][1].result.isError)
    assert.matches('^ERROR 1003: ', by_id[1][1].result.content[1].text)
    assert.are.equal('local a = 1\nreturn a\n', bridge.read(project .. '/main.lua'))
  end)
end)
