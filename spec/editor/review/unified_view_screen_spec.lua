-- The unified review (diff.layout "unified") as a user reads it on a real screen (helpers/screen: a child Neovim
-- with a UI attached) at 80, 160 and 240 columns: the winbar's decision words, the signs (`+` added, `~` every
-- line of a changed block, `-` removed), each removed line starting at the column of the text, and the changed
-- part of a changed line marked on both sides (the removed line and the line that replaces it). Also with a
-- 'statuscolumn' that draws the signs itself, as LazyVim's does (snacks.nvim): it finds a line's signs by the
-- extmarks that start on that line, and its width is known only once it is drawn.
local screen = require('helpers.screen')

local ORIGINAL = { 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve' }
-- Line 2 changed whole, line 5 changed in its middle (on both sides), lines 7-8 changed (a block of two), line 10
-- removed, a line added at the end.
local PROPOSAL = 'one\nTWO\nthree\nfour\nfiVE\nsix\nseven a\neight b\nnine\neleven\ntwelve\nthirteen\n'

describe('the unified review on screen', function()
  local s, path

  setup(function()
    s = screen.new({ width = 80, height = 30 })
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    path = dir .. '/numbers.txt'
    vim.fn.writefile(ORIGINAL, path)
    -- The project's folder: the winbar names the file as a user's project file, numbers.txt.
    s:cmd('cd ' .. vim.fn.fnameescape(dir))
    s:lua([[
      local lualib = require('claude-ide.lualib_bundle')
      local config = require('claude-ide.config').validate({ diff = { layout = 'unified', focus = 'always' } }).config
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
        return nil
      end)
      -- A 'statuscolumn' drawing the signs itself, as LazyVim's (snacks.nvim) does: a line's signs are the sign
      -- extmarks that start on it; then the line number, right-aligned.
      _G.gutter = function()
        local win = vim.g.statusline_winid
        if vim.v.virtnum ~= 0 then
          return ''
        end
        local buf = vim.api.nvim_win_get_buf(win)
        local sign = '  '
        local row = vim.v.lnum - 1
        for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, -1, 0, -1, { details = true, type = 'sign' })) do
          if m[2] == row and m[4].sign_text then
            sign = ('%#' .. (m[4].sign_hl_group or 'SignColumn') .. '#' .. m[4].sign_text .. '%*')
          end
        end
        return sign .. '%=' .. vim.v.lnum .. ' '
      end
    ]])
  end)

  teardown(function()
    s:close()
  end)

  after_each(function()
    s:lua('_G.diffs.closeAll() vim.o.statuscolumn = ""')
  end)

  --- Opens the review of PROPOSAL at `width` columns (`gutter`: with the statuscolumn drawing the signs); returns
  --- the proposal's window.
  local function open(width, gutter)
    s:resize(width, 30)
    if gutter then
      s:lua('vim.o.statuscolumn = "%!v:lua.gutter()"')
    end
    return s:lua(
      [[
      _G.diffs.open({ oldPath = ..., newPath = ..., contents = select(2, ...), tabName = 'unified', clientId = 7 })
      return vim.api.nvim_get_current_win()
    ]],
      path,
      PROPOSAL
    )
  end

  --- The screen row showing `text` alone (after the gutter), from row `from`.
  local function row_of(text, from)
    local row, col = s:find(' ' .. text, from)
    while row do
      if s:text(row, col + 1):match('^' .. vim.pesc(text) .. '%s*$') then
        return row, col + 1
      end
      row, col = s:find(' ' .. text, row + 1)
    end
    error(('"%s" is not a line of the screen:\n%s'):format(text, s:show()))
  end

  --- The screen rows from `one` to `thirteen`: each line, the removed ones included, as it reads after the gutter.
  local function removed_at_text_column(gutter)
    local one, text_col = row_of('one')
    for _, removed in ipairs({ 'two', 'five', 'seven', 'eight', 'ten' }) do
      local row, col = row_of(removed, one)
      assert.are.equal(text_col, col, ('%s:\n%s'):format(removed, s:show()))
      assert.are.equal('-', s:text(row, 1, 1))
    end
    assert.is_truthy(gutter == nil or text_col > 3)
  end

  for _, width in ipairs({ 80, 160, 240 }) do
    describe(('at %d columns'):format(width), function()
      it('shows the decision words in the winbar, and each line with its sign', function()
        local win = open(width)
        local bar = s:winbar(win)
        assert.is_truthy(bar and bar:find('%f[%a]accept'), s:show())
        assert.is_truthy(bar:find('%f[%a]reject'), s:show())
        assert.is_true(vim.api.nvim_strwidth(bar) <= width, s:show())
        local one = row_of('one')
        assert.are.equal('  ', s:signs(one))
        assert.are.equal('- ', s:signs(row_of('two', one)))
        assert.are.equal('~ ', s:signs(row_of('TWO', one)))
        assert.are.equal('- ', s:signs(row_of('ten', one)))
        assert.are.equal('+ ', s:signs(row_of('thirteen', one)))
      end)

      it('starts each removed line at the text column, its `-` in the sign column', function()
        open(width)
        removed_at_text_column()
      end)

      it('starts each removed line at the text column with a statuscolumn, once drawn', function()
        open(width, true)
        assert.is_true(
          s:wait_for(function()
            return pcall(removed_at_text_column, true)
          end, 2000),
          s:show()
        )
        removed_at_text_column(true)
      end)

      it('marks the changed part on both sides, over the lines coloured to the window edge', function()
        open(width)
        local bg = s:lua([[
          local out = {}
          for _, group in ipairs({ 'DiffText', 'DiffAdd', 'DiffDelete' }) do
            out[group] = vim.api.nvim_get_hl(0, { name = group, link = false }).bg
          end
          return out
        ]])
        local function background(row, col)
          return s:attrs_at(row, col).background
        end
        local one = row_of('one')
        -- five -> fiVE: "ve" removed, "VE" in its place, "fi" the same on both sides
        local removed, col = row_of('five', one)
        local added = row_of('fiVE', one)
        local shown = s:show()
        assert.are.equal(bg.DiffDelete, background(removed, col), shown)
        assert.are.equal(bg.DiffText, background(removed, col + 2), shown)
        assert.are.equal(bg.DiffText, background(removed, col + 3), shown)
        assert.are.equal(bg.DiffAdd, background(added, col), shown)
        assert.are.equal(bg.DiffText, background(added, col + 2), shown)
        assert.are.equal(bg.DiffText, background(added, col + 3), shown)
        -- past the text, to the last column: the line's colour, on the last line of the buffer too
        assert.are.equal(bg.DiffAdd, background(added, width), shown)
        assert.are.equal(bg.DiffAdd, background(row_of('thirteen', one), width), shown)
        assert.are.equal(bg.DiffDelete, background(removed, width), shown)
        assert.is_nil(background(row_of('nine', one), col), shown)
      end)

      for _, gutter in ipairs({ false, true }) do
        it(('marks ~ on every line of a changed block%s'):format(gutter and ' (a statuscolumn)' or ''), function()
          open(width, gutter)
          local one = row_of('one')
          for _, changed in ipairs({ 'TWO', 'fiVE', 'seven a', 'eight b' }) do
            assert.are.equal('~', s:signs(row_of(changed, one)):sub(1, 1), ('%s:\n%s'):format(changed, s:show()))
          end
        end)
      end
    end)
  end
end)
