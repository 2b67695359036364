-- A separate headless Neovim, as a user would run it: setup() writes the lock file with that Neovim's pid;
-- quitting it closes connected clients (1001) and removes the lock file.
local client = require('helpers.client')

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

local function read_lock(path)
  local f = io.open(path)
  if not f then
    return nil
  end
  local ok, lock = pcall(vim.json.decode, f:read('*a'))
  f:close()
  return ok and lock or nil
end

-- The child's lock file: the only one in the lock dir naming its pid.
local function find_lock(pid)
  local dir = vim.env.CLAUDE_CONFIG_DIR .. '/ide'
  for name in vim.fs.dir(dir) do
    local path = dir .. '/' .. name
    local lock = name:match('%.lock$') and read_lock(path)
    if lock and lock.pid == pid then
      return path, lock
    end
  end
end

describe('a child Neovim', function()
  local child, socket, exited

  after_each(function()
    if child and not exited then
      child:kill(9)
    end
  end)

  it('writes its lock file on setup and removes it on :qa, closing clients with 1001', function()
    socket = vim.fn.tempname()
    exited = false
    child = vim.system({
      vim.v.progpath,
      '--headless',
      '--clean',
      '--listen',
      socket,
      '--cmd',
      'set rtp^=' .. vim.fn.fnameescape(root),
      '-c',
      'lua require("claude-ide").setup({})',
    }, { text = true }, function()
      exited = true
    end)

    local path, lock
    assert.is_true(vim.wait(10000, function()
      if vim.fn.isdirectory(vim.env.CLAUDE_CONFIG_DIR .. '/ide') == 0 then
        return false
      end
      path, lock = find_lock(child.pid)
      return path ~= nil
    end, 20), 'no lock file for the child')
    assert.are.equal('Neovim', lock.ideName)
    assert.are.equal('ws', lock.transport)
    assert.are.equal(384, bit.band(vim.uv.fs_stat(path).mode, 511)) -- 0600
    local port = tonumber(vim.fs.basename(path):match('^(%d+)%.lock$'))

    local c = client.connect({ port = port, token = lock.authToken })
    assert.are.equal('claude-ide.nvim', c:initialize().result.serverInfo.name)

    local chan = vim.fn.sockconnect('pipe', socket, { rpc = true })
    assert.is_true(chan > 0)
    vim.rpcnotify(chan, 'nvim_command', 'qa!')

    assert.is_true(vim.wait(10000, function()
      return exited
    end, 20), 'the child did not exit')
    pcall(vim.fn.chanclose, chan)
    assert.are.equal(1001, (c:wait_close()))
    c:close()
    assert.is_nil(vim.uv.fs_stat(path), 'lock file left behind')
  end)
end)
