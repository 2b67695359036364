-- Which Neovim the agent bridge works in, seen from an MCP client (the SDK's stdio client) with real child
-- Neovims: none, one, two (chosen by the cwd, by $NVIM, by --instance / CLAUDE_IDE_INSTANCE, or by
-- select_instance), list_instances, a Neovim that exits mid-session or dies mid-call, stale lock files.
local bridge = require('helpers.bridge')

--- The `cwd:` line of an editor_state answer: which Neovim answered.
local function cwd_of(c)
  local res = c:call('editor_state', {})
  assert.is_nil(res.isError, bridge.text(res))
  return bridge.text(res):match('\ncwd: ([^\n]+)')
end

describe('agent bridge instance choice #slow', function()
  local dir, root

  before_each(function()
    dir = bridge.config_dir()
    root = bridge.tempdir()
  end)
  after_each(bridge.cleanup)

  it('uses the only running Neovim and lists it with its id, cwd, main file and pid', function()
    local project = bridge.project({ ['main.lua'] = 'return 1\n' }, root, 'solo')
    local nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    assert.are.equal('main-solo-' .. nvim.pid, nvim.id)
    local c = bridge.start({ config_dir = dir, cwd = root })
    local listed = bridge.text(c:call('list_instances', {}))
    assert.are.equal(
      ('%s  cwd=%s  main=%s/main.lua  pid=%d  [selected]'):format(nvim.id, project, project, nvim.pid),
      listed
    )
    assert.are.equal(project, cwd_of(c))
    assert.matches('using Neovim ' .. nvim.id:gsub('%-', '%%-') .. ' %(the only running Neovim%)', c:log().stderr)
  end)

  describe('with two Neovims', function()
    local outer, inner, a, b

    before_each(function()
      -- inner lies inside outer: a cwd inside inner is contained by both, the deepest wins.
      outer = bridge.project({ ['a.lua'] = 'return "a"\n', ['other/x.lua'] = 'x\n' }, root, 'outer')
      inner = bridge.project({ ['b.lua'] = 'return "b"\n', ['src/y.lua'] = 'y\n' }, outer, 'inner')
      a = bridge.editor({ config_dir = dir, cwd = outer, args = { 'a.lua' } })
      b = bridge.editor({ config_dir = dir, cwd = inner, args = { 'b.lua' } })
    end)

    it('chooses by the cwd, the deepest workspace winning', function()
      assert.are.equal(inner, cwd_of(bridge.start({ config_dir = dir, cwd = inner .. '/src' })))
      assert.are.equal(outer, cwd_of(bridge.start({ config_dir = dir, cwd = outer .. '/other' })))
      assert.are.equal(outer, cwd_of(bridge.start({ config_dir = dir, cwd = outer })))
    end)

    it('with no rule that applies, answers 1001 listing both, until select_instance picks one', function()
      local c = bridge.start({ config_dir = dir, cwd = root })
      local res = c:call('editor_state', {})
      assert.is_true(res.isError)
      local text = bridge.text(res)
      assert.matches('^ERROR 1001: no Neovim instance selected: 2 Neovims are running and none contains the cwd', text)
      assert.matches(a.id:gsub('%-', '%%-') .. '  cwd=' .. outer:gsub('%-', '%%-'), text)
      assert.matches(b.id:gsub('%-', '%%-') .. '  cwd=' .. inner:gsub('%-', '%%-'), text)
      assert.matches('Call select_instance', text)
      -- Nothing is marked selected yet.
      assert.is_nil(bridge.text(c:call('list_instances', {})):find('[selected]', 1, true))

      res = c:call('select_instance', { instance_id = 'nope-x-1' })
      assert.is_true(res.isError)
      assert.matches('^ERROR 1002: no instance "nope%-x%-1" %(valid ids: ', bridge.text(res))
      assert.matches(a.id:gsub('%-', '%%-'), bridge.text(res))
      res = c:call('select_instance', { instance_id = 42 })
      assert.is_true(res.isError)
      assert.matches('^ERROR: select_instance: ', bridge.text(res))
      res = c:call('select_instance', {})
      assert.is_true(res.isError)
      assert.matches('instance_id', bridge.text(res))

      res = c:call('select_instance', { instance_id = b.id })
      assert.is_nil(res.isError)
      assert.are.equal(('OK: selected %s (cwd %s, pid %d)'):format(b.id, inner, b.pid), bridge.text(res))
      assert.are.equal(inner, cwd_of(c))
      local lines = vim.split(bridge.text(c:call('list_instances', {})), '\n')
      assert.are.equal(2, #lines)
      assert.is_nil(lines[1]:find('[selected]', 1, true)) -- ordered by pid: a started first
      assert.matches('^' .. b.id:gsub('%-', '%%-') .. '.*  %[selected%]$', lines[2])

      -- And back: switching closes the old connection and opens the new one.
      assert.is_nil(c:call('select_instance', { instance_id = a.id }).isError)
      assert.are.equal(outer, cwd_of(c))
    end)

    it('prefers the Neovim whose terminal runs the client ($NVIM) over the cwd', function()
      local c = bridge.start({ config_dir = dir, cwd = inner, env = { NVIM = a.lock.nvim.socket } })
      assert.are.equal(a.socket, a.lock.nvim.socket)
      assert.are.equal(outer, cwd_of(c))
      assert.matches('%(the Neovim whose terminal runs the client %(%$NVIM%)%)', c:log().stderr)
      -- An $NVIM that names no instance (a Neovim without the plugin) falls through to the cwd.
      assert.are.equal(
        inner,
        cwd_of(bridge.start({ config_dir = dir, cwd = inner, env = { NVIM = '/tmp/not-a-socket' } }))
      )
    end)

    it('prefers CLAUDE_CODE_SSE_PORT over the cwd', function()
      local c = bridge.start({ config_dir = dir, cwd = inner, env = { CLAUDE_CODE_SSE_PORT = tostring(a.lock.port) } })
      assert.are.equal(outer, cwd_of(c))
    end)

    it('takes --instance and CLAUDE_IDE_INSTANCE before everything else', function()
      assert.are.equal(
        outer,
        cwd_of(
          bridge.start({ config_dir = dir, cwd = inner, env = { NVIM = b.socket }, args = { '--instance', a.id } })
        )
      )
      assert.are.equal(inner, cwd_of(bridge.start({ config_dir = dir, cwd = outer, args = { '--instance=' .. b.id } })))
      assert.are.equal(
        outer,
        cwd_of(bridge.start({ config_dir = dir, cwd = inner, env = { CLAUDE_IDE_INSTANCE = a.id } }))
      )
      -- A pid works too (what :ClaudeCode passes).
      assert.are.equal(
        inner,
        cwd_of(bridge.start({ config_dir = dir, cwd = outer, args = { '--instance', tostring(b.pid) } }))
      )

      local c = bridge.start({ config_dir = dir, cwd = inner, args = { '--instance', 'gone-x-99999' } })
      local res = c:call('read_buffer', { path = 'b.lua' })
      assert.is_true(res.isError)
      assert.matches(
        '^ERROR 1002: no Neovim instance selected: instance "gone%-x%-99999" is not running',
        bridge.text(res)
      )
      assert.matches('Call select_instance', bridge.text(res))
    end)
  end)

  it('with no Neovim, says so; one started later is found without restarting the bridge', function()
    local c = bridge.start({ config_dir = dir, cwd = root })
    local res = c:call('read_buffer', { buffer = 1 })
    assert.is_true(res.isError)
    assert.matches('^ERROR 1001: ', bridge.text(res))
    local project = bridge.project({ ['late.lua'] = 'late\n' }, root, 'late')
    bridge.editor({ config_dir = dir, cwd = project, args = { 'late.lua' } })
    assert.are.equal(project, cwd_of(c))
  end)

  it('when the Neovim exits mid-session, the next call says so (1003) and a new Neovim is found', function()
    local first = bridge.project({ ['one.lua'] = 'one\n' }, root, 'first')
    local nvim = bridge.editor({ config_dir = dir, cwd = first, args = { 'one.lua' } })
    local c = bridge.start({ config_dir = dir, cwd = root })
    assert.are.equal(first, cwd_of(c))
    assert.is_true(nvim:quit())

    local second = bridge.project({ ['two.lua'] = 'two\n' }, root, 'second')
    local next_nvim = bridge.editor({ config_dir = dir, cwd = second, args = { 'two.lua' } })
    local res = c:call('editor_state', {})
    assert.is_true(res.isError)
    local text = bridge.text(res)
    assert.matches('^ERROR 1003: the connection to Neovim ' .. nvim.id:gsub('%-', '%%-') .. ' was lost', text)
    assert.matches('the next call goes to ' .. next_nvim.id:gsub('%-', '%%-'), text)
    assert.matches('tokens and buffer numbers are no longer valid', text)
    -- Told once; then the new Neovim answers.
    assert.are.equal(second, cwd_of(c))
    assert.matches('%[selected%]', bridge.text(c:call('list_instances', {})))
    assert.is_nil(c:log().closed and true or nil)
  end)

  it('a call running when its Neovim dies is answered 1003, and a stale lock file is dropped', function()
    local project = bridge.project({ ['main.lua'] = 'local a = 1\n' }, root, 'doomed')
    local nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    local id = c:call_async('edit', { path = 'main.lua', edits = { { old_text = 'a = 1', new_text = 'a = 2' } } })
    assert.is_true(
      vim.wait(5000, function()
        return #bridge.reviews(nvim) == 1
      end, 20),
      'the review did not open'
    )
    local lock_path = nvim.lock.path
    nvim:kill() -- SIGKILL: the lock file stays behind
    local ok, res = c:wait(id)
    assert.is_true(ok, vim.inspect(res))
    assert.is_true(res.isError)
    assert.matches(
      '^ERROR 1003: the connection to Neovim ' .. nvim.id:gsub('%-', '%%-') .. ' was lost while this call was running',
      bridge.text(res)
    )
    assert.are.equal('local a = 1\n', bridge.read(project .. '/main.lua'))

    assert.is_truthy(vim.uv.fs_stat(lock_path))
    local listed = c:call('list_instances', {})
    assert.matches('^no running Neovim', bridge.text(listed))
    assert.is_nil(vim.uv.fs_stat(lock_path), "the dead instance's lock file was not removed")
    res = c:call('editor_state', {})
    assert.matches('^ERROR 1001: ', bridge.text(res))
  end)
end)
