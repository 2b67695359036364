-- helpers/screen: a child Neovim with a UI attached over RPC, its grid read back as text. What the helper reads
-- must be what the child drew: a known text at its known row and column, a winbar, a sign, a highlight group,
-- keys typed, and the screen's size at 80, 160 and 240 columns.
local screen = require('helpers.screen')

describe('helpers.screen', function()
  local s

  setup(function()
    s = screen.new({ width = 80, height = 12 })
  end)

  teardown(function()
    s:close()
  end)

  before_each(function()
    s:resize(80, 12)
    s:cmd('silent! %bwipeout!')
    s:lua([[
      vim.api.nvim_buf_set_lines(0, 0, -1, true, { 'alpha', 'beta', '	tabbed', 'wide 漢字 end' })
      vim.wo.signcolumn = 'yes'
      vim.wo.winbar = 'the bar %= right'
    ]])
  end)

  it('reads the rows the child drew: the winbar, the buffer lines at their columns, the statusline', function()
    local lines = s:lines()
    assert.are.equal(12, #lines, s:show())
    assert.are.equal('the bar', vim.trim(lines[1]:sub(1, 10)), s:show())
    assert.are.equal('  alpha', lines[2], s:show())
    assert.are.equal('  beta', lines[3], s:show())
    -- A tab is drawn as blanks to the next tabstop (8 cells of text after the sign column).
    assert.are.equal('          tabbed', lines[4], s:show())
    assert.are.equal('  wide 漢字 end', s:row(5))
    assert.are.equal('~', lines[6], s:show())
    -- The winbar's right part ends at the last column.
    assert.are.equal('right', lines[1]:sub(-5), s:show())
  end)

  it('finds a text at its screen cell, wide characters taking two cells', function()
    assert.are.same({ 3, 3 }, { s:find('beta') })
    assert.are.same({ 5, 3 }, { s:find('wide') })
    -- 'wide ' is 5 cells, 漢 and 字 two each: 'end' starts at 3 + 5 + 4 + 1.
    assert.are.same({ 5, 13 }, { s:find('end') })
    assert.is_nil(s:find('not on the screen'))
  end)

  it('reads the winbar of a window, and nothing for a window without one', function()
    local win = s:request('nvim_get_current_win')
    assert.are.equal('the bar', s:winbar(win):match('^%S+ %S+'))
    s:lua('vim.wo.winbar = ""')
    assert.is_nil(s:winbar(win))
  end)

  it('reads the sign column of a row, and the highlight group of a cell', function()
    s:lua([[
      vim.api.nvim_set_hl(0, 'ScreenSpecSign', { fg = '#ff0000' })
      vim.api.nvim_set_hl(0, 'ScreenSpecText', { bg = '#00ff00' })
      local ns = vim.api.nvim_create_namespace('screen_spec')
      vim.api.nvim_buf_set_extmark(0, ns, 1, 0, { sign_text = '~', sign_hl_group = 'ScreenSpecSign' })
      vim.api.nvim_buf_set_extmark(0, ns, 1, 1, { end_col = 3, hl_group = 'ScreenSpecText' })
    ]])
    assert.are.equal('~ ', s:signs(3))
    assert.are.equal('  ', s:signs(2))
    assert.is_true(s:has_group(3, 1, 'ScreenSpecSign'), vim.inspect(s:groups(3, 1)))
    -- 'beta' from column 3: 'e' and 't' (columns 4 and 5) are marked, 'b' and 'a' are not.
    assert.is_false(s:has_group(3, 3, 'ScreenSpecText'))
    assert.is_true(s:has_group(3, 4, 'ScreenSpecText'))
    assert.is_true(s:has_group(3, 5, 'ScreenSpecText'))
    assert.is_false(s:has_group(3, 6, 'ScreenSpecText'))
    assert.are.equal(0x00ff00, s:attrs_at(3, 4).background)
  end)

  it('types keys as a user does: the screen shows what they did', function()
    s:input('ggddAX<Esc>')
    assert.are.equal('  betaX', s:row(2))
    s:input(':echo "typed"<CR>')
    assert.are.equal('typed', s:row(12))
  end)

  for _, width in ipairs({ 80, 160, 240 }) do
    it(('draws %d columns: the statusline reaches the last one'):format(width), function()
      s:resize(width, 12)
      assert.are.equal(width, s:lua('return vim.o.columns'))
      local status = s:lines()[11]
      assert.are.equal(width, vim.api.nvim_strwidth(s:text(11, 1, width, true)))
      -- The ruler ends near the right edge ("All" is its last word, drawn right-aligned).
      assert.is_truthy(status:match('All$'), s:show())
      assert.is_true(vim.api.nvim_strwidth(status) > width - 5, s:show())
    end)
  end
end)
