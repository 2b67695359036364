-- The overview of a turn, and a file's review opened from it, as a user reads them on a real screen
-- (helpers/screen: a child Neovim with a UI attached) at 80, 160 and 240 columns: the title, each file's header and
-- its hunks in unified form (a removed line's text at the column of the context's, after its `-`), the winbar
-- naming how to apply; then `]c` and `<CR>` typed as a user does open the file's review, side by side or unified,
-- its lines where they belong.
local screen = require('helpers.screen')

describe('the overview of a turn on screen', function()
  local s

  setup(function()
    s = screen.new({ width = 80, height = 30 })
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    s:cmd('cd ' .. vim.fn.fnameescape(dir))
    s:lua([[
      local lualib = require('claude-ide.lualib_bundle')
      _G.open_turn = function(layout)
        local config = require('claude-ide.config').validate({ diff = { layout = layout, focus = 'always' } }).config
        _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
          return nil
        end)
        local function file(name, from, to, summary)
          return { path = vim.fn.getcwd() .. '/' .. name, label = name, current = from, proposal = to,
            summary = summary, dirty = false, baseLabel = 'Before turn 1' }
        end
        _G.diffs.openMulti({ title = 'turn 1: 2 files, 1 by shell commands', client = 'Claude Code', clientId = 7,
          files = {
            file('a.txt', { 'one', 'two', 'three', 'four', 'five', 'six' },
              { 'one', 'TWO', 'three', 'four', 'six', 'seven' }, "changed by the agent's edits"),
            file('b.txt', { 'alpha', 'beta' }, { 'alpha', 'beta by sed' }, 'changed by a shell command'),
          } })
      end
    ]])
  end)

  teardown(function()
    s:close()
  end)

  after_each(function()
    s:lua('_G.diffs.closeAll()')
  end)

  --- Opens the turn's overview at `width` columns (its files' reviews in `layout`), once drawn.
  local function open(width, layout)
    s:resize(width, 30)
    s:lua('_G.open_turn(...)', layout or 'vertical')
    assert.is_true(
      s:wait_for(function()
        return s:find('+beta by sed') ~= nil
      end),
      s:show()
    )
  end

  for _, width in ipairs({ 80, 160, 240 }) do
    describe(('at %d columns'):format(width), function()
      it('shows the title, each file by its header, its hunks in unified form', function()
        open(width)
        local title = s:find('turn 1: 2 files, 1 by shell commands')
        local header = s:find('a.txt (changed by the agent', title + 1)
        local removed, removed_col = s:find('-two', header)
        local added = s:find('+TWO', header)
        local context, context_col = s:find(' one', header)
        assert.is_truthy(header and removed and added and context, s:show())
        assert.is_true(context < removed and removed < added, s:show())
        -- the removed line's text at the column of the context's, its `-` before it
        assert.are.equal(context_col, removed_col, s:show())
        assert.are.equal('two', s:text(removed, removed_col + 1, removed_col + 3))
        assert.is_true(s:has_group(removed, removed_col, 'DiffDelete'), vim.inspect(s:groups(removed, removed_col)))
        assert.is_true(s:has_group(added, removed_col, 'DiffAdd'), vim.inspect(s:groups(added, removed_col)))
        -- two -> TWO: the changed part marked on both sides, over the lines' colours
        local bg = s:lua([[
          local out = {}
          for _, group in ipairs({ 'DiffText', 'DiffAdd' }) do
            out[group] = vim.api.nvim_get_hl(0, { name = group, link = false }).bg
          end
          return out
        ]])
        assert.are.equal(bg.DiffText, s:attrs_at(removed, removed_col + 1).background, s:show())
        assert.are.equal(bg.DiffText, s:attrs_at(added, removed_col + 1).background, s:show())
        assert.are.equal(bg.DiffAdd, s:attrs_at(added, width).background, s:show())
        local other = s:find('b.txt (changed by a shell command)', added)
        assert.is_truthy(other, s:show())
        assert.is_truthy(s:find('-beta', other), s:show())
      end)

      it('says in its winbar how to apply the review, where it has the room today', function()
        open(width)
        local bar = s:winbar()
        assert.is_truthy(bar, s:show())
        assert.is_true(vim.api.nvim_strwidth(bar) <= width, s:show())
        if width >= 160 then
          assert.is_truthy(bar:find(':w', 1, true), bar)
        end
      end)

      it("opens a file's review side by side by ]c and <CR>, each line beside its counterpart", function()
        open(width, 'vertical')
        s:input(']c<CR>')
        assert.is_true(
          s:wait_for(function()
            return #s:windows() == 2 and s:find('TWO') ~= nil
          end),
          s:show()
        )
        local wins = s:windows()
        table.sort(wins, function(a, b)
          return a.wincol < b.wincol
        end)
        local row, col = s:find('two')
        local row2, col2 = s:find('TWO')
        assert.are.equal(row, row2, s:show())
        assert.is_true(col < wins[2].wincol and col2 >= wins[2].wincol, s:show())
        assert.is_truthy(s:winbar(wins[2].winid), s:show())
      end)

      it("opens a file's review unified by ]c and <CR>: the removed line above, at the text's column", function()
        open(width, 'unified')
        s:input(']c<CR>')
        assert.is_true(
          s:wait_for(function()
            return #s:windows() == 1 and s:find('TWO') ~= nil
          end),
          s:show()
        )
        local removed, col = s:find('two')
        local added, col2 = s:find('TWO')
        assert.are.equal(removed + 1, added, s:show())
        assert.are.equal(col, col2, s:show())
        assert.are.equal('- ', s:signs(removed))
        assert.are.equal('~ ', s:signs(added))
        assert.is_truthy(s:winbar(), s:show())
      end)
    end)
  end
end)
