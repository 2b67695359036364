-- util/process: who started whom, read from /proc (nvim_get_proc starts a `ps` per call, ~15 ms each, with the
-- editor waiting: a bridge's ancestry froze the first editor_state of each connection for ~80 ms; the figure is
-- make bench's, bench/project_search.lua "editor_state 1,000 buffers").
local process = require('claude-ide.util.process')

describe('util.process', function()
  local jobs = {}

  after_each(function()
    for _, j in ipairs(jobs) do
      pcall(function()
        j:kill(9)
        j:wait(2000)
      end)
    end
    jobs = {}
  end)

  --- A child `sleep` started under `name` (a link to sleep: its comm is that name).
  local function child(name)
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    local exe = dir .. '/' .. name
    assert(vim.uv.fs_symlink(vim.fn.exepath('sleep'), exe))
    local job = vim.system({ exe, '30' })
    table.insert(jobs, job)
    return job.pid
  end

  it("gives a process's parent as the system knows it", function()
    local me = vim.fn.getpid()
    assert.are.equal(vim.api.nvim_get_proc(me).ppid, process.parentPid(me))
    assert.are.equal(me, process.parentPid(child('sleep')))
  end)

  it('reads a parent behind a command name with spaces and parentheses', function()
    assert.are.equal(vim.fn.getpid(), process.parentPid(child('x ) y (1) z')))
  end)

  it('knows no parent of a process that does not exist', function()
    assert.is_nil(process.parentPid(2 ^ 22 + 17))
  end)

  it('walks the ancestors up to pid 1, parent first, at most max', function()
    local pid = child('sleep')
    local chain = process.ancestors(pid, 64)
    assert.are.equal(vim.fn.getpid(), chain[1])
    assert.are.equal(process.parentPid(vim.fn.getpid()), chain[2])
    assert.are.equal(1, chain[#chain])
    assert.are.same({ chain[1], chain[2] }, process.ancestors(pid, 2))
  end)

  it("tells a loopback server's client sockets and which process holds them (Linux /proc)", function()
    if vim.uv.fs_stat('/proc/net/tcp') == nil then
      pending('no /proc/net/tcp here')
      return
    end
    local server = vim.uv.new_tcp()
    server:bind('127.0.0.1', 0)
    server:listen(8, function()
      local peer = vim.uv.new_tcp()
      server:accept(peer)
    end)
    local port = server:getsockname().port
    local client = vim.uv.new_tcp()
    local connected = false
    client:connect('127.0.0.1', port, function()
      connected = true
    end)
    assert.is_true(vim.wait(5000, function()
      return connected
    end, 10))
    local mine = client:getsockname().port
    local clients = process.loopbackClients(port)
    local inode
    for i, p in pairs(clients) do
      if p == mine then
        inode = i
      end
    end
    assert.is_number(inode, vim.inspect(clients))
    assert.is_true(vim.tbl_contains(process.socketsOf(vim.fn.getpid()), inode))
    -- Another process does not hold it; a port nobody is connected to has no clients.
    assert.is_false(vim.tbl_contains(process.socketsOf(process.parentPid(vim.fn.getpid())), inode))
    client:close()
    server:close()
    assert.are.same({}, process.loopbackClients(1))
  end)
  it("runInBackground lowers a child to niceness 10 (or the editor's own, when that is lower still)", function()
    local sleeper = vim.system({ 'sleep', '30' })
    local own = vim.uv.os_getpriority(vim.uv.os_getpid())
    process.runInBackground(sleeper.pid)
    assert.are.equal(math.min(19, math.max(own, 10)), vim.uv.os_getpriority(sleeper.pid))
    sleeper:kill(9)
    sleeper:wait()
  end)
end)
