-- discovery/qwen: Qwen Code's lock (<qwen home>/ide/<port>.lock): where it goes, what it holds, its modes, and the
-- sweep of locks this plugin left behind (and of Gemini CLI discovery files, which share the sweep), on a real
-- temp directory.
local qwen = require('claude-ide.discovery.qwen')
local gemini = require('claude-ide.discovery.gemini')

local bridge = require('helpers.bridge')
local write_raw, dead_pid = bridge.write, bridge.dead_pid

local function mode_of(path)
  return vim.uv.fs_stat(path).mode % 512
end

local function names(dir)
  local out = {}
  for name in vim.fs.dir(dir) do
    table.insert(out, name)
  end
  table.sort(out)
  return out
end

describe('discovery.qwen', function()
  local base, saved_home

  before_each(function()
    base = bridge.tempdir()
    saved_home = vim.env.QWEN_HOME
  end)

  after_each(function()
    vim.env.QWEN_HOME = saved_home
    bridge.cleanup()
  end)

  it('lives in $QWEN_HOME/ide, else ~/.qwen/ide', function()
    vim.env.QWEN_HOME = base .. '/qh/'
    assert.are.equal(base .. '/qh/ide', qwen.defaultDir())
    vim.env.QWEN_HOME = ''
    assert.are.equal(vim.fs.normalize(vim.fn.expand('~')) .. '/.qwen/ide', qwen.defaultDir())
  end)

  it('writes <port>.lock (0600) into a new 0700 folder: the companion fields and this Neovim pid', function()
    local dir = base .. '/qwen/ide'
    local res = qwen.write(dir, 4242, 'tok', { '/p', '/q' })
    assert.is_true(res.ok, vim.inspect(res))
    assert.are.equal(dir .. '/4242.lock', res.value)
    assert.are.equal(tonumber('700', 8), mode_of(dir))
    assert.are.equal(tonumber('600', 8), mode_of(res.value))
    assert.are.same({
      port = 4242,
      workspacePath = '/p:/q',
      authToken = 'tok',
      ideInfo = { name = 'neovim', displayName = 'Neovim' },
      pid = vim.fn.getpid(),
    }, vim.json.decode(table.concat(vim.fn.readfile(res.value), '\n')))
    assert.are.same({ '4242.lock' }, names(dir))
  end)

  it('fails cleanly when the folder cannot be made', function()
    write_raw(base .. '/file', 'x')
    local res = qwen.write(base .. '/file/ide', 4242, 'tok', { '/p' })
    assert.is_false(res.ok)
    assert.matches('cannot create', res.error)
  end)

  it('sweeps only its own locks of a Neovim that is gone: live pids, other IDEs and other files stay', function()
    local dir = base .. '/ide'
    vim.fn.mkdir(dir, 'p')
    local dead = dead_pid()
    local ours = { name = 'neovim', displayName = 'Neovim' }
    local function lock(name, fields)
      write_raw(dir .. '/' .. name, vim.json.encode(vim.tbl_extend('force', { port = 1, authToken = 'x' }, fields)))
    end
    lock('1001.lock', { pid = dead, ideInfo = ours }) -- stale: removed
    lock('1002.lock', { pid = vim.fn.getpid(), ideInfo = ours }) -- alive
    lock('1003.lock', { pid = 1, ideInfo = ours }) -- alive, another user's (EPERM)
    lock('1004.lock', { pid = dead, ideInfo = { name = 'vscode', displayName = 'VS Code' } }) -- another IDE
    lock('1005.lock', { ppid = dead, ideName = 'VS Code' }) -- the VS Code companion's own fields
    lock('1006.lock', { pid = 'nope', ideInfo = ours }) -- no usable pid
    write_raw(dir .. '/1007.lock', '{"pid": ' .. dead .. ', "ideInfo": ') -- unparseable
    lock('x1008.lock', { pid = dead, ideInfo = ours }) -- not a port
    assert.are.same({ dir .. '/1001.lock' }, qwen.sweep(dir))
    assert.are.same(
      { '1002.lock', '1003.lock', '1004.lock', '1005.lock', '1006.lock', '1007.lock', 'x1008.lock' },
      names(dir)
    )
    assert.are.same({}, qwen.sweep(base .. '/missing'))
  end)

  it("the Gemini CLI sweep takes the pid from the file's name and keeps what is not its own", function()
    local dir = base .. '/gemini/ide'
    vim.fn.mkdir(dir, 'p')
    local dead = dead_pid()
    local ours = vim.json.encode({ port = 1, ideInfo = { name = 'neovim', displayName = 'Neovim' } })
    write_raw(('%s/gemini-ide-server-%d-1.json'):format(dir, dead), ours) -- stale: removed
    write_raw(('%s/gemini-ide-server-%d-2.json'):format(dir, vim.fn.getpid()), ours) -- alive
    write_raw(('%s/gemini-ide-server-%d-3.json'):format(dir, dead), vim.json.encode({ ideInfo = { name = 'vscode' } }))
    write_raw(('%s/gemini-ide-server-%d-4.json'):format(dir, dead), '{"ideInfo": ') -- unparseable
    write_raw(('%s/other-%d-5.json'):format(dir, dead), ours) -- not a discovery file
    assert.are.same({ ('%s/gemini-ide-server-%d-1.json'):format(dir, dead) }, gemini.sweep(dir))
    local kept = {
      ('gemini-ide-server-%d-2.json'):format(vim.fn.getpid()),
      ('gemini-ide-server-%d-3.json'):format(dead),
      ('gemini-ide-server-%d-4.json'):format(dead),
      ('other-%d-5.json'):format(dead),
    }
    table.sort(kept)
    assert.are.same(kept, names(dir))
  end)
end)
