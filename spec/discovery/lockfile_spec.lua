-- discovery/lockfile: contents, permissions, atomic writes and stale-lock cleanup, on a real temp directory.
local lockfile = require('claude-ide.discovery.lockfile')

local function mode_of(path)
  return bit.band(assert(vim.uv.fs_stat(path)).mode, 511) -- 0777
end

local function list(dir)
  local names = {}
  for name in vim.fs.dir(dir) do
    table.insert(names, name)
  end
  table.sort(names)
  return names
end

local function write_raw(path, text)
  local f = assert(io.open(path, 'w'))
  f:write(text)
  f:close()
end

local dead_pid = require('helpers.bridge').dead_pid

describe('lockfile', function()
  local root

  before_each(function()
    root = vim.fn.tempname()
    vim.fn.mkdir(root, 'p')
  end)

  after_each(function()
    vim.fn.delete(root, 'rf')
  end)

  it('defaults to $CLAUDE_CONFIG_DIR/ide, else ~/.claude/ide', function()
    local saved = vim.env.CLAUDE_CONFIG_DIR
    vim.env.CLAUDE_CONFIG_DIR = '/some/where/'
    assert.are.equal('/some/where/ide', lockfile.defaultDir())
    vim.env.CLAUDE_CONFIG_DIR = nil
    assert.are.equal(vim.fs.normalize(vim.uv.os_homedir()) .. '/.claude/ide', lockfile.defaultDir())
    vim.env.CLAUDE_CONFIG_DIR = saved
  end)

  it('writes <port>.lock with the protocol fields, mode 0600, in a new 0700 directory', function()
    local dir = root .. '/deep/ide'
    local res = lockfile.write(dir, 12345, 'tok', { '/a', '/b' })
    assert.is_true(res.ok, res.error)
    assert.are.equal(dir .. '/12345.lock', res.value)
    local f = assert(io.open(res.value))
    local lock = vim.json.decode(f:read('*a'))
    f:close()
    assert.are.same({
      pid = vim.fn.getpid(),
      workspaceFolders = { '/a', '/b' },
      ideName = 'Neovim',
      transport = 'ws',
      runningInWindows = false,
      -- The agent bridge's facts (the CLI ignores the extra key; the e2e run checks it still connects).
      nvim = { cwd = vim.fs.normalize(vim.fn.getcwd()), mainFile = '', socket = vim.v.servername, agent = true },
      authToken = 'tok',
    }, lock)
    assert.are.equal(384, mode_of(res.value)) -- 0600
    assert.are.equal(448, mode_of(dir)) -- 0700
    assert.are.equal(448, mode_of(root .. '/deep'))
  end)

  it('says runningInWindows = true on Windows (has("win32"))', function()
    local has = vim.fn.has
    vim.fn.has = function(feature)
      return feature == 'win32' and 1 or has(feature)
    end
    local ok, lock = pcall(lockfile.contents, 'tok', {})
    vim.fn.has = has
    assert(ok, lock)
    assert.is_true(lock.runningInWindows)
    assert.is_false(lockfile.contents('tok', {}).runningInWindows)
  end)

  it('writes 0600 even under a permissive umask, and leaves no temp file behind', function()
    local dir = root .. '/ide'
    local old = vim.uv.fs_umask and vim.uv.fs_umask(0) -- not in every luv: the explicit chmod covers it
    lockfile.write(dir, 1, 'a', { '/x' })
    lockfile.write(dir, 1, 'b', { '/x' }) -- overwrite: the rename replaces the file
    if old then
      vim.uv.fs_umask(old)
    end
    assert.are.same({ '1.lock' }, list(dir))
    assert.are.equal(384, mode_of(dir .. '/1.lock'))
    assert.are.equal('b', lockfile.read(dir .. '/1.lock').authToken)
  end)

  it('replaces the file atomically (a new inode; readers never see a partial file)', function()
    local dir = root .. '/ide'
    lockfile.write(dir, 2, 'first', {})
    local before = vim.uv.fs_stat(dir .. '/2.lock').ino
    lockfile.write(dir, 2, 'second', {})
    assert.are_not.equal(before, vim.uv.fs_stat(dir .. '/2.lock').ino)
  end)

  it('fails cleanly when the rename fails, leaving no temp file behind', function()
    -- A non-empty directory where the lock file should go: rename(2) fails even for root.
    local dir = root .. '/ide'
    vim.fn.mkdir(dir .. '/3.lock/inside', 'p')
    local res = lockfile.writeAtomic(dir .. '/3.lock', '{}')
    assert.is_false(res.ok)
    assert.matches('rename', res.error)
    assert.are.same({ '3.lock' }, list(dir))
  end)

  it('fails cleanly when the directory cannot be created', function()
    write_raw(root .. '/file', '')
    local res = lockfile.write(root .. '/file/ide', 4, 't', {})
    assert.is_false(res.ok)
    assert.matches('lock directory', res.error)
  end)

  describe('workspaceFolders', function()
    local dirs, saved_cwd

    local function mkdir(path)
      vim.fn.mkdir(path, 'p')
      table.insert(dirs, path)
      return vim.uv.fs_realpath(path)
    end

    before_each(function()
      dirs, saved_cwd = {}, vim.fn.getcwd(-1, -1)
    end)
    after_each(function()
      vim.cmd('silent! tabonly!')
      vim.cmd('silent! only!')
      vim.cmd('silent! %bwipeout!')
      vim.cmd.cd(saved_cwd)
      for _, d in ipairs(dirs) do
        vim.fn.delete(d, 'rf')
      end
    end)

    it('start with the global cwd, absolute and without duplicates', function()
      local folders = lockfile.workspaceFolders()
      assert.are.equal(vim.fs.normalize(vim.fn.getcwd()), folders[1])
      local seen = {}
      for _, f in ipairs(folders) do
        assert.is_nil(seen[f], 'duplicate ' .. f)
        seen[f] = true
        assert.are.equal('/', f:sub(1, 1))
      end
    end)

    it('hold the tab-local and window-local cwds in use after the global cwd', function()
      local project = mkdir(root .. '/project')
      local other = mkdir(root .. '/other tab')
      local side = mkdir(root .. '/side window')
      vim.cmd.cd(project)
      vim.cmd('tabnew')
      vim.cmd.tcd(vim.fn.fnameescape(other))
      vim.cmd('vsplit')
      vim.cmd.lcd(vim.fn.fnameescape(side))
      assert.are.same({ project, other, side }, lockfile.workspaceFolders())
      vim.cmd('tabclose')
      assert.are.same({ project }, lockfile.workspaceFolders())
    end)

    -- In a Neovim of its own: language clients are process-wide state, and in the full run clients that
    -- earlier spec files (spec/lsp) started made vim.lsp.start return nil here on 0.12 and hid a root on 0.10.
    it('take an LSP root only inside a cwd: never $HOME, / or a folder above the cwd', function()
      local home = vim.fs.normalize(vim.uv.os_homedir())
      local project = mkdir(root .. '/project')
      local sub = mkdir(project .. '/packages/app')
      local child = require('helpers.child_nvim').spawn({ cwd = project })
      local ok, got = pcall(
        vim.rpcrequest,
        child:rpc(),
        'nvim_exec_lua',
        [[
        local roots = ...
        -- A language server inside that Neovim (no process) that answers initialize and shutdown.
        local function fake_server(dispatchers)
          local closing, next_id = false, 0
          return {
            request = function(method, _, callback)
              next_id = next_id + 1
              local result = method == 'initialize' and { capabilities = vim.empty_dict() } or vim.NIL
              vim.schedule(function() callback(nil, result) end)
              return true, next_id
            end,
            notify = function(method)
              if method == 'exit' then closing = true; dispatchers.on_exit(0, 0) end
              return true
            end,
            is_closing = function() return closing end,
            terminate = function() closing = true end,
          }
        end
        local ids = {}
        for name, dir in pairs(roots) do
          local buf = vim.api.nvim_create_buf(true, false)
          vim.api.nvim_buf_set_name(buf, dir .. '/' .. name .. '-file.lua')
          ids[#ids + 1] = assert(vim.lsp.start({ name = name, cmd = fake_server, root_dir = dir }, { bufnr = buf }),
            name .. ': the language client did not start')
        end
        assert(vim.wait(5000, function()
          for _, id in ipairs(ids) do
            local c = vim.lsp.get_client_by_id(id)
            if not (c and c.initialized) then return false end
          end
          return true
        end, 10), 'the language clients did not initialize')
        return require('claude-ide.discovery.lockfile').workspaceFolders()
      ]],
        { { lua_ls = home, at_root = '/', above = root, inside = sub } }
      ) -- lua_ls roots a loose file at $HOME
      child:quit()
      assert(ok, got)
      assert.are.same({ project, sub }, got)
    end)
  end)

  it('removes only stale Neovim locks: keeps live pids, other IDEs and unparseable files', function()
    local dir = root .. '/ide'
    vim.fn.mkdir(dir, 'p')
    local dead = dead_pid()
    local function lock(port, fields)
      write_raw(
        ('%s/%d.lock'):format(dir, port),
        vim.json.encode(vim.tbl_extend('force', {
          workspaceFolders = {},
          transport = 'ws',
          runningInWindows = false,
          authToken = 'x',
        }, fields))
      )
    end
    lock(1001, { pid = dead, ideName = 'Neovim' }) -- stale: removed
    lock(1002, { pid = vim.fn.getpid(), ideName = 'Neovim' }) -- alive
    lock(1003, { pid = dead, ideName = 'Visual Studio Code' }) -- another IDE
    lock(1004, { pid = 1, ideName = 'Neovim' }) -- alive, another user's (EPERM)
    lock(1005, { pid = 'nope', ideName = 'Neovim' }) -- no usable pid
    write_raw(dir .. '/1006.lock', '{"pid": ' .. dead .. ', "ideName": "Neov') -- unparseable
    write_raw(dir .. '/notes.txt', vim.json.encode({ pid = dead, ideName = 'Neovim' })) -- not a lock file
    local removed = lockfile.removeStale(dir)
    assert.are.same({ dir .. '/1001.lock' }, removed)
    assert.are.same({ '1002.lock', '1003.lock', '1004.lock', '1005.lock', '1006.lock', 'notes.txt' }, list(dir))
  end)

  it('removeStale on a missing directory does nothing', function()
    assert.are.same({}, lockfile.removeStale(root .. '/missing'))
  end)

  it('isAlive: true for this process and pid 1, false for a reaped child', function()
    assert.is_true(lockfile.isAlive(vim.fn.getpid()))
    assert.is_true(lockfile.isAlive(1))
    assert.is_false(lockfile.isAlive(dead_pid()))
  end)

  it('randomHex gives n random bytes as hex', function()
    local a, b = lockfile.randomHex(16), lockfile.randomHex(16)
    assert.are.equal(32, #a)
    assert.matches('^[0-9a-f]+$', a)
    assert.are_not.equal(a, b)
  end)
end)
