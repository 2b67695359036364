-- The agent bridge trusts only lock files of its own user that nobody else can write, in such a folder: a
-- lock file another local user could have written (mode 0666, owned by another user, or in a folder others
-- can write) is never listed or connected to (it could point the model at a stranger's port).
local bridge = require('helpers.bridge')

local function listed(c)
  return bridge.text(c:call('list_instances', {}))
end

describe('agent bridge trust in lock files', function()
  local dir, project, nvim, servers

  before_each(function()
    dir = bridge.config_dir()
    project = bridge.project({ ['main.lua'] = 'return 1\n' })
    nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    servers = {}
  end)
  after_each(function()
    for _, s in ipairs(servers) do
      s:close()
    end
    bridge.cleanup()
  end)

  --- A lock file as a stranger would write it: a live pid (this process), a port that accepts.
  local function stranger_lock(mode)
    local server = vim.uv.new_tcp()
    server:bind('127.0.0.1', 0)
    server:listen(8, function()
      local peer = vim.uv.new_tcp()
      server:accept(peer)
      peer:close()
    end)
    table.insert(servers, server)
    local path = ('%s/ide/%d.lock'):format(dir, server:getsockname().port)
    local elsewhere = bridge.tempdir()
    bridge.write(
      path,
      vim.json.encode({
        pid = vim.fn.getpid(),
        workspaceFolders = { elsewhere },
        ideName = 'Neovim',
        transport = 'ws',
        runningInWindows = false,
        authToken = 'stranger',
        nvim = { cwd = elsewhere, mainFile = '', socket = '', agent = true },
      })
    )
    assert(vim.uv.fs_chmod(path, tonumber(mode, 8)))
    -- Its instance id as list_instances would show it.
    return path, ('nvim-%s-%d'):format(vim.fs.basename(elsewhere), vim.fn.getpid())
  end

  it('a lock file of mode 0666 is not listed; the same file at 0600 is', function()
    local path, name = stranger_lock('666')
    local c = bridge.start({ config_dir = dir, cwd = project })
    local text = listed(c)
    assert.matches(nvim.id:gsub('%-', '%%-'), text)
    assert.is_nil(text:find(name, 1, true), text)
    -- The only instance is still chosen: the stranger's lock does not even make the choice ambiguous.
    assert.is_nil(c:call('editor_state', {}).isError)
    assert(vim.uv.fs_chmod(path, tonumber('600', 8)))
    assert.matches(name, listed(c), 1, true)
  end)

  it('a lock file owned by another user is not listed', function()
    if vim.uv.getuid() ~= 0 then
      pending('needs root to chown a file to another user')
      return
    end
    local path, name = stranger_lock('600')
    assert(vim.uv.fs_chown(path, 65534, 65534))
    local c = bridge.start({ config_dir = dir, cwd = project })
    local text = listed(c)
    assert.matches(nvim.id:gsub('%-', '%%-'), text)
    assert.is_nil(text:find(name, 1, true), text)
  end)

  it('no lock file is listed from a folder others can write', function()
    assert(vim.uv.fs_chmod(dir .. '/ide', tonumber('777', 8)))
    local c = bridge.start({ config_dir = dir, cwd = project })
    assert.matches('^no running Neovim', listed(c))
    assert.matches('^ERROR 1001: ', bridge.text(c:call('editor_state', {})))
  end)

  it("the server takes others' write access away from its own lock folder when it writes there", function()
    local other = bridge.config_dir()
    vim.fn.mkdir(other .. '/ide', 'p')
    assert(vim.uv.fs_chmod(other .. '/ide', tonumber('775', 8)))
    bridge.editor({ config_dir = other, cwd = project, args = { 'main.lua' } })
    assert.are.equal(tonumber('755', 8), vim.uv.fs_stat(other .. '/ide').mode % 4096)
  end)
end)

describe("the :ClaudeCode terminal's MCP config file", function()
  after_each(bridge.cleanup)

  it('is removed when Neovim exits, and stale ones are swept when the server starts', function()
    local dir = bridge.config_dir()
    local run = bridge.tempdir()
    local project = bridge.project({ ['main.lua'] = 'return 1\n' })
    -- A file left by a Neovim that died (a pid that is gone), and one of another program (kept).
    local gone = vim.system({ 'true' })
    local dead_pid = gone.pid
    gone:wait()
    vim.fn.mkdir(run .. '/claude-ide', 'p')
    local stale = ('%s/claude-ide/mcp-%d.json'):format(run, dead_pid)
    bridge.write(stale, '{}')
    local stale_settings = ('%s/claude-ide/settings-%d.json'):format(run, dead_pid)
    bridge.write(stale_settings, '{}')
    bridge.write(run .. '/claude-ide/other.json', '{}')

    local nvim =
      bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' }, env = { XDG_RUNTIME_DIR = run } })
    assert.is_nil(vim.uv.fs_stat(stale), 'the stale config file was not swept')
    assert.is_nil(vim.uv.fs_stat(stale_settings), 'the stale settings file was not swept')
    assert.is_table(vim.uv.fs_stat(run .. '/claude-ide/other.json'))
    local path = nvim:lua([[
      local made = require('claude-ide.bridge.cli_config').cliArguments()
      assert(made.ok, made.error)
      return require('claude-ide.discovery.cli_files').configPath()
    ]])
    assert.are.equal(('%s/claude-ide/mcp-%d.json'):format(run, nvim.pid), path)
    assert.is_table(vim.uv.fs_stat(path))
    assert.is_true(nvim:quit())
    assert.is_nil(vim.uv.fs_stat(path), 'mcp-<pid>.json is left after Neovim exited')
    assert.are.same({ 'other.json' }, vim.fn.readdir(run .. '/claude-ide'))
  end)
end)

describe('pending reviews per session', function()
  after_each(bridge.cleanup)

  it('are capped: one more than the cap is refused with a clear error, and the session goes on', function()
    local max = require('claude-ide.editor.review.diff').MAX_PENDING_REVIEWS
    local files = {}
    for i = 1, max + 1 do
      files[('f%02d.txt'):format(i)] = 'old\n'
    end
    local dir = bridge.config_dir()
    local project = bridge.project(files)
    -- each review takes the focus (the cursor ends in the last one, which :ClaudeCodeDiffDeny then answers)
    local nvim = bridge.editor({ config_dir = dir, cwd = project, setup = { diff = { focus = 'always' } } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    for i = 1, max do
      c:call_async('edit', { path = ('f%02d.txt'):format(i), edits = { { old_text = 'old', new_text = 'new' } } })
    end
    assert.is_true(
      vim.wait(20000, function()
        return #bridge.reviews(nvim) == max
      end, 20),
      'the reviews did not open'
    )
    local res =
      c:call('edit', { path = ('f%02d.txt'):format(max + 1), edits = { { old_text = 'old', new_text = 'new' } } })
    assert.is_true(res.isError)
    assert.matches(
      '^ERROR: cannot show the review: ' .. max .. ' reviews of this session are already waiting for the user',
      bridge.text(res)
    )
    assert.are.equal(max, #bridge.reviews(nvim))
    -- Once the user decides on one, the next proposal is shown.
    nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
    assert.is_true(vim.wait(5000, function()
      return #bridge.reviews(nvim) == max - 1
    end, 20))
    local id =
      c:call_async('edit', { path = ('f%02d.txt'):format(max + 1), edits = { { old_text = 'old', new_text = 'new' } } })
    assert.is_true(vim.wait(5000, function()
      return #bridge.reviews(nvim) == max
    end, 20))
    assert.is_false(c:done(id))
  end)
end)
