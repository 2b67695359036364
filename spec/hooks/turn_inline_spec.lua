-- A turn reviewed in the user's own buffer (review.inline), end to end in a child Neovim with a UI attached
-- (helpers/screen), keys typed as a user types them (nvim_input): the agent's edit drawn in the buffer the user has
-- open, the user's own unsaved change elsewhere in it, `]c` `gH` there, `:ClaudeCodeDiffAccept` from there. The
-- hunk is reverted in the buffer around the user's change, which stays (unsaved); `u` brings the hunk back; the
-- view's keys are gone with the review. Counts, `.`, `u` and `<C-r>` there mean what they mean in every review
-- (issue 49): `2gH` the two lines from the cursor's, `.` again, `u`/`<C-r>` the decisions and the user's own edits
-- in the order they were made; what is applied lands in the buffer and on disk.
local screen = require('helpers.screen')

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

describe('a turn reviewed in the buffer the user has open', function()
  local s

  before_each(function()
    s = screen.new({ width = 100, height = 30 })
    s:lua(
      [[
      local root, path, cpath = ...
      -- The spec's own helpers (and busted's luassert they use) in the child.
      package.path = root .. '/spec/?.lua;' .. path
      package.cpath = cpath
      local h = require('helpers.turn')
      h.listen()
      local dir = h.repo()
      local lines = {}
      for i = 1, 30 do lines[i] = ('line %d'):format(i) end
      h.write(dir .. '/a.txt', table.concat(lines, '\n') .. '\n')
      h.git(dir, 'add', '.')
      h.git(dir, 'commit', '-qm', 'start')
      vim.cmd.cd(dir)
      vim.cmd.edit('a.txt')
      vim.o.signcolumn = 'yes'
      local New = require('claude-ide.lualib_bundle').__TS__New
      local config = require('claude-ide.config').validate({ review = { inline = true }, diff = { focus = 'never' } }).config
      _G.manager = New(require('claude-ide.editor.review.diff').DiffManager, config, function() return nil end)
      _G.notes = {}
      _G.session = h.session(dir, { config = config, services = { diff = _G.manager, notes = {
        add = function(_, text) table.insert(_G.notes, text) end,
      } } })
      _G.session.start()
      lines[20] = 'line 20, as the agent left it'
      -- A five-line hunk below it (lines 23 to 27).
      for i = 23, 27 do lines[i] = ('LINE %d'):format(i) end
      _G.session.edit('a.txt', table.concat(lines, '\n') .. '\n')
      _G.session.stop()
      _G.h = h
    ]],
      root,
      package.path,
      package.cpath
    )
  end)

  after_each(function()
    s:lua('_G.manager.dispose() _G.h.cleanup()')
    s:close()
  end)

  local function line(n)
    return s:lua('return vim.api.nvim_buf_get_lines(0, ...)', n - 1, n, true)[1]
  end

  it('reverts the hunk around the unsaved change of the user, undoably, and ends with its keys', function()
    assert.is_true(
      s:wait_for(function()
        return s:lua([[return require('claude-ide.editor.review.inline_view').inlineViewOf(0) ~= nil]])
      end, 20000),
      s:show() .. '\n' .. table.concat(s:lua('return _G.h.said'), '\n')
    )
    -- the buffer holds the agent's text, its base drawn above the hunk
    assert.are.equal('line 20, as the agent left it', line(20))
    -- the user's own change, unsaved, far from the hunk
    s:input('ggA, the user was here<Esc>')
    assert.is_true(s:wait_for(function()
      return line(1) == 'line 1, the user was here'
    end))
    s:input(']c')
    assert.is_true(
      s:wait_for(function()
        return s:lua('return vim.api.nvim_win_get_cursor(0)[1]') == 20
      end),
      s:show()
    )
    assert.is_truthy(s:find('line 20, as the agent left it'), s:show())
    local removed = s:find('line 20 ')
    assert.is_truthy(removed, s:show())
    s:input('gH')
    assert.is_true(
      s:wait_for(function()
        return s:find('to revert') ~= nil
      end),
      s:show()
    )
    -- applied from the buffer, as the inline view's g? says
    s:input(':ClaudeCodeDiffAccept<CR>')
    assert.is_true(
      s:wait_for(function()
        return line(20) == 'line 20'
      end, 10000),
      s:show() .. '\n' .. table.concat(s:lua('return _G.h.said'), '\n')
    )
    assert.are.equal('line 1, the user was here', line(1))
    assert.is_true(s:lua('return vim.bo.modified'))
    -- the file on disk: neither (the buffer had the user's unsaved change; nothing of theirs is written)
    assert.are.equal('line 20, as the agent left it', s:lua('return vim.fn.readfile("a.txt")[20]'))
    -- the hunk left undecided is kept
    assert.are.equal('LINE 23', line(23))
    -- the review is over: the view's keys are gone (]c is Vim's own again), its marks too
    assert.are.same({}, s:lua('return vim.fn.maparg("gH", "n", false, true)'))
    assert.is_nil(s:lua([[return require('claude-ide.editor.review.inline_view').inlineViewOf(0)]]))
    -- the model is told
    assert.is_true(s:wait_for(function()
      return table.concat(s:lua('return _G.notes'), '\n'):find('a.txt', 1, true) ~= nil
    end))
    -- undo brings the agent's line back, the user's change stays
    s:input('u')
    assert.is_true(
      s:wait_for(function()
        return line(20) == 'line 20, as the agent left it'
      end),
      s:show()
    )
    assert.are.equal('line 1, the user was here', line(1))
  end)
  --- Types `keys`; waits until Neovim handled them (Normal mode, not blocking).
  local function type_keys(keys)
    s:input(keys)
    assert.is_true(
      s:wait_for(function()
        local now = s:request('nvim_get_mode')
        return not now.blocking and now.mode == 'n'
      end),
      'keys ' .. keys .. ' not handled: ' .. s:show()
    )
  end

  --- Waits until the view says `said` beside the five-line hunk (line 23; nil: nothing), the cursor put there.
  local function says(said)
    -- (the hunk's first line on screen: the cursor there, a motion that changes nothing)
    type_keys('23G')
    assert.is_true(
      s:wait_for(function()
        local row = s:find('LINE 23')
        local shown = row and s:row(row) or ''
        if said == nil then
          return row ~= nil and not shown:find('of 5 lines', 1, true) and not shown:find('to revert', 1, true)
        end
        return shown:find(said, 1, true) ~= nil
      end),
      ('not %s: '):format(said) .. s:show()
    )
  end

  it('2gH, ., u and <C-r> typed in the buffer: decisions and edits undone in order; :w lands on disk', function()
    assert.is_true(
      s:wait_for(function()
        return s:lua([[return require('claude-ide.editor.review.inline_view').inlineViewOf(0) ~= nil]])
      end, 20000),
      s:show()
    )
    -- 2gH on the hunk's first line: its first two lines to revert
    type_keys('23G')
    type_keys('2gH')
    says('2 to revert of 5 lines')
    type_keys('u')
    says(nil)
    type_keys('<C-r>')
    says('2 to revert of 5 lines')
    -- . on the hunk's fourth line: two more (the fourth and the fifth)
    type_keys('26G')
    type_keys('.')
    says('4 to revert of 5 lines')
    type_keys('u')
    says('2 to revert of 5 lines')
    -- an edit of the user's after it: u undoes that edit first (Vim's own undo), then the decision before it
    type_keys('ggAx<Esc>')
    assert.are.equal('line 1x', line(1))
    type_keys('u')
    assert.are.equal('line 1', line(1))
    says('2 to revert of 5 lines')
    type_keys('u')
    says(nil)
    assert.are.equal('line 1', line(1), 'the decision undone, not another edit')
    type_keys('<C-r>')
    says('2 to revert of 5 lines')
    -- 1gH on the first (to revert already): undecided again; u gives it back (and the g@ of 1gH is the last change)
    type_keys('1gH')
    says('1 to revert of 5 lines')
    type_keys('u')
    says('2 to revert of 5 lines')
    -- applied: the two lines reverted in the buffer and on disk, the rest of the turn kept
    type_keys(':ClaudeCodeDiffAccept<CR>')
    local want = {}
    for i = 1, 30 do
      want[i] = ('line %d'):format(i)
    end
    want[20] = 'line 20, as the agent left it'
    for i = 25, 27 do
      want[i] = ('LINE %d'):format(i)
    end
    assert.is_true(
      s:wait_for(function()
        return vim.deep_equal(want, s:lua('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
      end, 10000),
      s:show() .. '\n' .. table.concat(s:lua('return _G.h.said'), '\n')
    )
    assert.is_true(s:wait_for(function()
      return vim.deep_equal(want, s:lua('return vim.fn.readfile("a.txt")'))
    end))
    assert.is_false(s:lua('return vim.bo.modified'))
    -- the review is over: . (the 1gH's g@ is still the last change) repeats nothing, and says nothing
    type_keys('26G')
    local said = #s:lua('return _G.h.said')
    type_keys('.')
    assert.are.same(want, s:lua('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
    assert.are.same({}, vim.list_slice(s:lua('return _G.h.said'), said + 1))
    -- u and <C-r> are Vim's own again (u undoes the revert)
    assert.are.same({}, s:lua('return vim.fn.maparg("u", "n", false, true)'))
    type_keys('u')
    assert.are.equal('LINE 23', line(23))
  end)
end)
