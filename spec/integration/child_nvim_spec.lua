-- A separate headless Neovim, as a user would run it: setup() writes the lock file with that Neovim's pid;
-- quitting it closes connected clients (1001) and removes the lock file.
local client = require('helpers.client')
local child_nvim = require('helpers.child_nvim')

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
  local child

  after_each(function()
    if child then
      child:kill()
    end
  end)

  it('writes its lock file on setup and removes it on :qa, closing clients with 1001', function()
    child = child_nvim.spawn({ setup = true })

    local path, lock
    assert.is_true(
      vim.wait(10000, function()
        if vim.fn.isdirectory(vim.env.CLAUDE_CONFIG_DIR .. '/ide') == 0 then
          return false
        end
        path, lock = find_lock(child.pid)
        return path ~= nil
      end, 20),
      'no lock file for the child'
    )
    assert.are.equal('Neovim', lock.ideName)
    assert.are.equal('ws', lock.transport)
    assert.are.equal(384, bit.band(vim.uv.fs_stat(path).mode, 511)) -- 0600
    local port = tonumber(vim.fs.basename(path):match('^(%d+)%.lock$'))

    local c = client.connect({ port = port, token = lock.authToken })
    assert.are.equal('claude-ide.nvim', c:initialize().result.serverInfo.name)

    assert.is_true(child:quit(), 'the child did not exit')
    assert.are.equal(1001, (c:wait_close()))
    c:close()
    assert.is_nil(vim.uv.fs_stat(path), 'lock file left behind')
  end)
end)
