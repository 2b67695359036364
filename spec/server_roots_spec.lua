-- roots/list: the server asks each connected Claude CLI where it works (its cwd and --add-dir folders) after
-- ide_connected, and again on notifications/roots/list_changed. A fake CLI (a real WebSocket client, Node `ws`)
-- answers the request; its folders show in require("claude-ide").sessions() and in :ClaudeCodeSessions, for a
-- CLI started outside Neovim too.
local client = require('helpers.client')
local ide = require('claude-ide')

--- A fake CLI: initialize declaring the roots capability (as the CLI does), then ide_connected.
local function fake_cli(ep, pid, roots_capability)
  local c = client.connect(ep)
  c:request('initialize', {
    protocolVersion = '2025-11-25',
    capabilities = roots_capability and { roots = { listChanged = true } } or vim.empty_dict(),
    clientInfo = { name = 'claude-code', version = '2.1.330' },
  })
  c:notify('notifications/initialized')
  c:notify('ide_connected', { pid = pid })
  return c
end

--- Waits for the server's roots/list request and answers it with `paths`.
local function answer_roots(c, paths)
  local req = c:next_message(function(m)
    return m.method == 'roots/list' and m.id ~= nil
  end, 3000, 'a roots/list request')
  local roots = vim.tbl_map(function(p)
    return { uri = vim.uri_from_fname(p), name = vim.fs.basename(p) }
  end, paths)
  c:send_json({ jsonrpc = '2.0', id = req.id, result = { roots = roots } })
  return req
end

--- The session of the connected CLI with this pid, once its roots equal `paths`.
local function session_with(pid, paths)
  local found
  assert(
    vim.wait(3000, function()
      for _, s in ipairs(ide.sessions()) do
        if s.pid == pid and vim.deep_equal(s.roots, paths) then
          found = s
        end
      end
      return found ~= nil
    end, 10),
    vim.inspect(ide.sessions())
  )
  return found
end

--- The lines :ClaudeCodeSessions offers (vim.ui.select captured).
local function listed()
  local items
  local select = vim.ui.select
  vim.ui.select = function(list, opts)
    items = vim.tbl_map(opts.format_item, list)
  end
  local ok, err = pcall(vim.cmd, 'ClaudeCodeSessions')
  vim.ui.select = select
  assert(ok, err)
  return items
end

describe('roots/list', function()
  local conns, dirs = {}, {}

  setup(function()
    if vim.fn.exists(':ClaudeCodeSessions') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  local function dir(name)
    local d = vim.fn.tempname() .. '/' .. name
    vim.fn.mkdir(d, 'p')
    table.insert(dirs, d)
    return vim.uv.fs_realpath(d)
  end

  after_each(function()
    for _, c in ipairs(conns) do
      pcall(c.close, c)
    end
    conns = {}
    client.stop_server()
    for _, d in ipairs(dirs) do
      vim.fn.delete(d, 'rf')
    end
  end)

  it('is asked after ide_connected; the answer shows in :ClaudeCodeSessions, and again after list_changed', function()
    local ep = client.start_server({ log_level = 'error' })
    local project, lib, other = dir('project'), dir('lib'), dir('other')
    local c = fake_cli(ep, 424242, true)
    table.insert(conns, c)
    answer_roots(c, { project, lib })
    local s = session_with(424242, { project, lib })
    assert.is_false(s.terminal)
    assert.are.equal(project, s.cwd)
    local home = function(p)
      return vim.fn.fnamemodify(p, ':~')
    end
    assert.are.same({
      ('  claude (pid 424242) [Claude Code]  %s + %s (started outside Neovim)  connected (pid 424242)'):format(
        home(project),
        home(lib)
      ),
    }, listed())

    c:notify('notifications/roots/list_changed')
    answer_roots(c, { other })
    session_with(424242, { other })
    assert.matches(vim.pesc(home(other)) .. ' %(started outside Neovim%)', listed()[1])
  end)

  it('is not asked of a client without the roots capability; an error answer leaves the folders unknown', function()
    local ep = client.start_server({ log_level = 'error' })
    local plain = fake_cli(ep, 515151, false)
    table.insert(conns, plain)
    assert.is_false(plain:received_within(300, function(m)
      return m.method == 'roots/list'
    end))
    local failing = fake_cli(ep, 616161, true)
    table.insert(conns, failing)
    local req = failing:next_message(function(m)
      return m.method == 'roots/list'
    end)
    failing:send_json({ jsonrpc = '2.0', id = req.id, error = { code = -32601, message = 'no roots' } })
    -- The server still works for that client, and both sessions are listed without folders.
    assert.is_nil(failing:call_tool('getDiagnostics', vim.empty_dict()).error)
    local lines = listed()
    assert.are.equal(2, #lines)
    for _, line in ipairs(lines) do
      assert.matches('directory unknown %(started outside Neovim%)', line)
    end
  end)
end)
