-- The help file is valid vimdoc: :helptags accepts it (no duplicate tags) and every |link| resolves.
describe('doc/claude-ide.txt', function()
  it('generates tags without errors and every link points to a tag', function()
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir .. '/doc', 'p')
    local lines = vim.fn.readfile('doc/claude-ide.txt')
    vim.fn.writefile(lines, dir .. '/doc/claude-ide.txt')
    vim.cmd.helptags(dir .. '/doc') -- raises on duplicate tags
    local tags = {}
    for _, line in ipairs(vim.fn.readfile(dir .. '/doc/tags')) do
      tags[line:match('^([^\t]+)')] = true
    end
    assert.is_true(tags['claude-ide'])
    assert.is_true(tags['claude-ide-defaults'])
    local missing = {}
    for _, line in ipairs(lines) do
      for link in line:gmatch('|([^|%s]+)|') do
        -- links into Neovim's own help are resolved against its tags
        if not tags[link] and not vim.tbl_contains(vim.fn.getcompletion(link, 'help'), link) then
          table.insert(missing, link)
        end
      end
    end
    assert.are.same({}, missing)
    -- doc/tags is committed (a plain runtimepath install and `make run` build no tags): it must be exactly
    -- what :helptags writes for the committed help file.
    assert.are.same(vim.fn.readfile(dir .. '/doc/tags'), vim.fn.readfile('doc/tags'))
    vim.fn.delete(dir, 'rf')
  end)

  it(':help claude-ide resolves with only this checkout on the runtimepath (no :helptags run)', function()
    local child = require('helpers.child_nvim').spawn()
    local chan = child:rpc()
    vim.rpcrequest(chan, 'nvim_command', 'help claude-ide')
    local name = vim.rpcrequest(chan, 'nvim_buf_get_name', 0)
    local line = vim.rpcrequest(chan, 'nvim_get_current_line')
    child:quit()
    assert.are.equal('claude-ide.txt', vim.fs.basename(name))
    assert.matches('*claude-ide*', line, 1, true)
  end)
end)
