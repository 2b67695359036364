-- The proposal side by side (diff.layout "vertical") as a user reads it on a real screen (helpers/screen: a child
-- Neovim with a UI attached) at 80, 160 and 240 columns: the file before on the left, the proposal on the right,
-- each line beside its counterpart, a removed line on the left at the column of the text with the filler beside
-- it, the changed part of a changed line marked on both sides, and the decision words in the proposal's winbar.
local screen = require('helpers.screen')

local ORIGINAL = { 'one', 'two', 'three', 'four', 'five', 'six' }
-- Line 2 changed, line 4 removed, a line added at the end.
local PROPOSAL = 'one\nTWO\nthree\nfive\nsix\nseven\n'

describe('the side-by-side review on screen', function()
  local s

  setup(function()
    s = screen.new({ width = 80, height = 24 })
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    vim.fn.writefile(ORIGINAL, dir .. '/numbers.txt')
    s:cmd('cd ' .. vim.fn.fnameescape(dir))
    s:lua([[
      local lualib = require('claude-ide.lualib_bundle')
      local config = require('claude-ide.config').validate({ diff = { layout = 'vertical', focus = 'always' } }).config
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
        return nil
      end)
    ]])
  end)

  teardown(function()
    s:close()
  end)

  after_each(function()
    s:lua('_G.diffs.closeAll()')
  end)

  --- Opens the review at `width` columns; returns the windows (getwininfo) of the left and the right side.
  local function open(width)
    s:resize(width, 24)
    s:lua(
      [[
      local path = vim.fn.getcwd() .. '/numbers.txt'
      _G.diffs.open({ oldPath = path, newPath = path, contents = ..., tabName = 'numbers', clientId = 7 })
    ]],
      PROPOSAL
    )
    s:redraw()
    local wins = s:windows()
    table.sort(wins, function(a, b)
      return a.wincol < b.wincol
    end)
    assert.are.equal(2, #wins, s:show())
    return wins[1], wins[2]
  end

  --- The text of window `win`'s screen row `row` (its gutter left out), trailing blanks cut.
  local function text_in(win, row)
    return (s:text(row, win.wincol + win.textoff, win.wincol + win.width - 1):gsub('%s+$', ''))
  end

  --- The screen row of window `win` whose text is `text`.
  local function row_in(win, text)
    for row = win.winrow + win.winbar, win.winrow + win.winbar + win.height - 1 do
      if text_in(win, row) == text then
        return row
      end
    end
    error(('"%s" is not a line of the window at column %d:\n%s'):format(text, win.wincol, s:show()))
  end

  for _, width in ipairs({ 80, 160, 240 }) do
    describe(('at %d columns'):format(width), function()
      it('shows each line beside its counterpart, a removed line with the filler beside it', function()
        local left, right = open(width)
        assert.is_true(left.width >= math.floor(width / 2) - 2, s:show())
        assert.are.equal(row_in(left, 'one'), row_in(right, 'one'))
        assert.are.equal(row_in(left, 'two'), row_in(right, 'TWO'))
        assert.are.equal(row_in(left, 'five'), row_in(right, 'five'))
        -- the removed line: on the left, at the column of the text; the filler beside it
        local removed = row_in(left, 'four')
        local _, col = s:find('four', removed)
        local _, text_col = s:find('three', row_in(left, 'three'))
        assert.are.equal(text_col, col, s:show())
        assert.matches('^%-%-%-%-+$', text_in(right, removed))
        -- the added line: the filler on the left
        assert.matches('^%-%-%-%-+$', text_in(left, row_in(right, 'seven')))
      end)

      it('marks the changed part on both sides', function()
        local left, right = open(width)
        local row = row_in(left, 'two')
        local _, col = s:find('two', row)
        local _, col2 = s:find('TWO', row)
        assert.is_true(s:has_group(row, col, 'DiffText'), vim.inspect(s:groups(row, col)))
        assert.is_true(s:has_group(row, col2, 'DiffText'), vim.inspect(s:groups(row, col2)))
        assert.is_true(col2 >= right.wincol and col < left.wincol + left.width)
      end)

      -- The winbars' content is being reworked (the keys first at narrow widths): here only that the proposal's
      -- side names the decision where it has the room today.
      it('says in the proposal’s winbar how to accept and reject it', function()
        local _, right = open(width)
        local bar = s:winbar(right.winid)
        assert.is_truthy(bar, s:show())
        assert.is_true(vim.api.nvim_strwidth(bar) <= right.width, s:show())
        if width >= 160 then
          assert.is_truthy(bar:find('%f[%a]accept'), bar)
          assert.is_truthy(bar:find('%f[%a]reject'), bar)
        end
      end)
    end)
  end
end)
