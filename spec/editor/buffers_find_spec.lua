-- findBuffer: the buffer whose file is a path, by its name or under another name of the same file (a symbolic
-- link), loaded or not; asked by every agent tool with a path, so it leaves 1,000 unloaded buffers to Neovim's
-- own lookup (bufexists) and looks at loaded ones itself. These are the answers that must not change.
local find = require('claude-ide.editor.buffers').findBuffer

describe('findBuffer', function()
  local dir

  before_each(function()
    dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    dir = vim.uv.fs_realpath(dir)
  end)

  after_each(function()
    vim.cmd('silent! %bwipe!')
    vim.fn.delete(dir, 'rf')
  end)

  local function file(name)
    local path = dir .. '/' .. name
    vim.fn.writefile({ 'x' }, path)
    return path
  end

  --- 1,000 unloaded buffers of other files, as a big session has.
  local function crowd()
    for i = 1, 1000 do
      vim.fn.bufadd(('%s/other/f%04d.ts'):format(dir, i))
    end
  end

  it('finds an unloaded buffer by its path among 1,000 others, and none for a file no buffer has', function()
    crowd()
    local path = file('a.txt')
    local other = file('b.txt')
    local buf = vim.fn.bufadd(path)
    assert.is_false(vim.api.nvim_buf_is_loaded(buf))
    assert.are.equal(buf, find(path))
    assert.are.equal(buf, find(dir .. '/./sub/../a.txt'))
    assert.is_nil(find(other))
    assert.is_nil(find(dir .. '/missing.txt'))
  end)

  it('finds an unloaded buffer named by a symbolic link when asked by the real path, and the other way', function()
    crowd()
    local real = file('real.txt')
    local link = dir .. '/link.txt'
    assert(vim.uv.fs_symlink(real, link))
    local via_link = vim.fn.bufadd(link)
    assert.is_false(vim.api.nvim_buf_is_loaded(via_link))
    assert.are.equal(via_link, find(real))
    vim.cmd('bwipe! ' .. via_link)
    local via_real = vim.fn.bufadd(real)
    assert.are.equal(via_real, find(link))
  end)

  it('finds a loaded buffer named by a link even after its file was replaced (a new inode)', function()
    crowd()
    local real = file('real.txt')
    local link = dir .. '/link.txt'
    assert(vim.uv.fs_symlink(real, link))
    vim.cmd.edit(vim.fn.fnameescape(link))
    local buf = vim.api.nvim_get_current_buf()
    -- Replaced by a rename over it, as editors and formatters save: Neovim's remembered inode is stale now.
    vim.fn.writefile({ 'new' }, dir .. '/tmp.txt')
    assert(vim.uv.fs_rename(dir .. '/tmp.txt', real))
    assert.are.equal(buf, find(real))
  end)

  it('never answers a special buffer (buftype set) of that name', function()
    local path = file('s.txt')
    local buf = vim.fn.bufadd(path)
    vim.bo[buf].buftype = 'nofile'
    assert.is_nil(find(path))
  end)
end)
