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
    vim.fn.delete(dir, 'rf')
  end)
end)
