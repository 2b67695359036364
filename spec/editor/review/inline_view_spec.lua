-- A turn's changes in the user's own buffer (editor/review/inline_view, review.inline), on a real screen
-- (helpers/screen: a child Neovim with a UI attached): the file as the agent left it, the turn's base as removed
-- virtual lines above each hunk, a sign on its lines; `]c`, `gh`, `gH`, `g?` typed as a user types them
-- (nvim_input), mapped in that buffer only while it is under review; a decision made there is the overview's and
-- the other way round; when the review ends the marks and keys go, and a mapping of the user's own comes back.
local screen = require('helpers.screen')

describe('the inline view of a turn', function()
  local s

  before_each(function()
    s = screen.new({ width = 100, height = 30 })
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    s:cmd('cd ' .. vim.fn.fnameescape(dir))
    -- The review's message (it opened behind) fits without a hit-enter prompt.
    s:cmd('set cmdheight=10')
    s:lua([[
      local lualib = require('claude-ide.lualib_bundle')
      -- The file as the agent left it, open in the user's window.
      vim.fn.writefile({ 'one', 'TWO', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
        'twelve', 'thirteen' }, 'a.txt')
      vim.fn.writefile({ 'alpha', 'beta by sed' }, 'b.txt')
      vim.cmd('edit a.txt')
      vim.o.signcolumn = 'yes'
      -- The user's own buffer-local mapping of ]c, and a buffer of theirs not under review.
      vim.keymap.set('n', ']c', function() vim.g.users_own = (vim.g.users_own or 0) + 1 end, { buffer = true })
      _G.user_buf = vim.api.nvim_get_current_buf()
      _G.other = vim.api.nvim_create_buf(true, false)
      local config = require('claude-ide.config').validate({ diff = { focus = 'never' } }).config
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
        return nil
      end)
      local function file(name, from, to, summary)
        return { path = vim.fn.getcwd() .. '/' .. name, label = name, current = from, proposal = to,
          summary = summary, dirty = false, baseLabel = 'Before turn 1' }
      end
      _G.outcome = nil
      local opened = _G.diffs.openMulti({ title = 'turn 1: 2 files', client = 'Claude Code', clientId = 7, turn = true,
        inline = true, files = {
          file('a.txt', { 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven',
            'twelve', 'thirteen', 'fourteen' },
            { 'one', 'TWO', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
              'thirteen' }, "changed by the agent's edits"),
          file('b.txt', { 'alpha', 'beta' }, { 'alpha', 'beta by sed' }, 'changed by a shell command'),
        } })
      assert(opened.ok, opened.error)
      opened.review.onDecision(function(o) _G.outcome = o end)
      _G.overview = function()
        for _, b in ipairs(vim.api.nvim_list_bufs()) do
          local o = require('claude-ide.editor.review.overview').overviewOf(b)
          if o then return o, b end
        end
      end
      _G.header = function()
        local _, b = _G.overview()
        for _, l in ipairs(vim.api.nvim_buf_get_lines(b, 0, -1, false)) do
          if l:find('^a.txt') then return l end
        end
      end
    ]])
    -- shown in the buffer once the overview has every file's hunks (at once for a review this small)
    assert.is_true(s:wait_for(function()
      return s:lua([[return require('claude-ide.editor.review.inline_view').inlineViewOf(_G.user_buf) ~= nil]])
    end))
  end)

  after_each(function()
    s:lua('_G.diffs.closeAll()')
    s:close()
  end)

  local function cursor()
    return s:lua('return vim.api.nvim_win_get_cursor(0)[1]')
  end

  it("draws the turn's hunks in the user's own window, the base as removed lines above them", function()
    assert.is_true(
      s:wait_for(function()
        return s:find('two') ~= nil
      end),
      s:show()
    )
    -- the user is still in their own window on their buffer
    assert.are.equal(s:lua('return _G.user_buf'), s:lua('return vim.api.nvim_get_current_buf()'))
    local removed, removed_col = s:find('two')
    local added, added_col = s:find('TWO')
    assert.are.equal(removed + 1, added, s:show())
    assert.are.equal(removed_col, added_col, s:show())
    -- the changed part marked on both, each line's colour to the window's edge
    assert.is_true(s:has_group(removed, removed_col, 'DiffText'), vim.inspect(s:groups(removed, removed_col)))
    assert.is_true(s:has_group(added, added_col, 'DiffText'), vim.inspect(s:groups(added, added_col)))
    assert.is_true(
      s:has_group(removed, removed_col + 10, 'DiffDelete'),
      vim.inspect(s:groups(removed, removed_col + 10))
    )
    assert.is_true(s:has_group(added, added_col + 10, 'DiffAdd'), vim.inspect(s:groups(added, added_col + 10)))
    assert.are.equal('~', vim.trim(s:signs(added)), s:show())
    -- the line the agent removed at the end, below the last line
    local last = s:find('thirteen')
    assert.are.equal(last + 1, s:find('fourteen'), s:show())
  end)

  it('decides with ]c, gh and gH typed in the buffer; the overview shows it, and the other way round', function()
    s:input('gg]c')
    assert.are.equal(2, cursor())
    s:input('gH')
    assert.is_true(
      s:wait_for(function()
        return s:find('to revert') ~= nil
      end),
      s:show()
    )
    assert.are.equal("a.txt (changed by the agent's edits): 1 of 2 hunks to revert", s:lua('return _G.header()'))
    -- gH moved to the next hunk (the removed line at the end): gh keeps it
    assert.are.equal(13, cursor())
    s:input('gh')
    assert.is_true(
      s:wait_for(function()
        return s:lua('return _G.header()'):find('1 kept') ~= nil
      end),
      s:lua('return _G.header()')
    )
    -- gH again on the first hunk: undecided again
    s:input('gg]cgH')
    assert.is_true(
      s:wait_for(function()
        return s:find('to revert') == nil
      end),
      s:show()
    )
    -- decided in the overview: shown in the buffer
    s:lua('local o = _G.overview(); o:decide(0, 0, "dropped")')
    assert.is_true(
      s:wait_for(function()
        return s:find('to revert') ~= nil
      end),
      s:show()
    )
  end)

  it(
    "maps its keys only in buffers under review, and gives the user's own mapping back when the review ends",
    function()
      local desc = s:lua('return vim.fn.maparg("]c", "n", false, true).desc')
      assert.is_truthy(tostring(desc):find('claude-ide', 1, true), tostring(desc))
      assert.are.same(
        {},
        s:lua('return vim.api.nvim_buf_call(_G.other, function() return vim.fn.maparg("gH", "n", false, true) end)')
      )
      -- g? lists the view's keys
      s:input('g?')
      assert.is_true(
        s:wait_for(function()
          return s:find('revert the hunk under the cursor') ~= nil
        end),
        s:show()
      )
      s:input('q')
      -- the review ends (applied from the buffer, as :w in the overview): marks and keys go, the user's ]c is back
      s:input(':ClaudeCodeDiffAccept<CR>')
      assert.is_true(
        s:wait_for(function()
          return s:lua('return _G.outcome ~= nil') and s:find('two') == nil
        end),
        s:show()
      )
      assert.are.same({}, s:lua('return vim.fn.maparg("gH", "n", false, true)'))
      s:input(']c')
      assert.is_true(s:wait_for(function()
        return s:lua('return vim.g.users_own') == 1
      end))
      assert.are.equal(0, s:lua('return #vim.api.nvim_buf_get_extmarks(0, -1, 0, -1, {})'))
    end
  )
end)

describe('the inline view from the overview and of a long file', function()
  local s

  before_each(function()
    s = screen.new({ width = 100, height = 30 })
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    s:cmd('cd ' .. vim.fn.fnameescape(dir))
    s:cmd('set cmdheight=10')
    s:lua([[
      local lualib = require('claude-ide.lualib_bundle')
      _G.inline = require('claude-ide.editor.review.inline_view')
      _G.open = function(inline, n)
        local before, after = {}, {}
        for l = 1, n do
          before[l] = ('line %d'):format(l)
          after[l] = l % 10 == 5 and ('line %d, changed'):format(l) or before[l]
        end
        vim.fn.writefile(after, 'long.txt')
        vim.fn.writefile({ 'alpha', 'beta by sed' }, 'b.txt')
        local config = require('claude-ide.config').validate({ diff = { focus = 'always' } }).config
        _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
          return nil
        end)
        local function file(name, from, to)
          return { path = vim.fn.getcwd() .. '/' .. name, label = name, current = from, proposal = to,
            summary = 'changed by a shell command', dirty = false }
        end
        local opened = _G.diffs.openMulti({ title = 'turn 1: 2 files', client = 'Claude Code', turn = true,
          inline = inline, files = { file('long.txt', before, after),
            file('b.txt', { 'alpha', 'beta' }, { 'alpha', 'beta by sed' }) } })
        assert(opened.ok, opened.error)
      end
      _G.drawn = function()
        return #vim.api.nvim_buf_get_extmarks(0, vim.api.nvim_create_namespace('claude-ide.inline'), 0, -1, {})
      end
    ]])
  end)

  after_each(function()
    s:lua('_G.diffs.closeAll()')
    s:close()
  end)

  it("gi in the overview opens the file under the cursor in the user's window, at that hunk, drawn there", function()
    local user_win = s:lua('return vim.api.nvim_get_current_win()')
    s:lua('_G.open(false, 100)')
    assert.is_true(
      s:wait_for(function()
        return s:find('+line 5, changed') ~= nil
      end),
      s:show()
    )
    -- not shown in any buffer yet (review.inline is off): the overview's key does it
    s:input(']c]c]cgi')
    assert.is_true(
      s:wait_for(function()
        return s:lua('return _G.inline.inlineViewOf(0) ~= nil')
      end),
      s:show()
    )
    assert.are.equal(user_win, s:lua('return vim.api.nvim_get_current_win()'))
    assert.are.equal('long.txt', s:lua([[return vim.fn.expand('%:t')]]))
    assert.are.equal(25, s:lua('return vim.api.nvim_win_get_cursor(0)[1]'))
    local removed = s:find('line 25 ')
    local added = s:find('line 25, changed')
    assert.is_truthy(removed and added, s:show())
    assert.are.equal(removed + 1, added, s:show())
  end)

  it('draws only the hunks a window shows, and those it scrolls to', function()
    s:lua('_G.open(true, 10000)')
    -- the overview took the focus (diff.focus = always): the file opened from it afterwards shows its hunks
    s:cmd('tabnext')
    s:cmd('edit long.txt')
    assert.is_true(
      s:wait_for(function()
        -- (a file this long is checked and marked in slices first)
        return s:lua('return _G.inline.inlineViewOf(0) ~= nil') and s:find('line 5 ') ~= nil
      end, 20000),
      s:show()
    )
    local hunks = s:lua(
      [[return #vim.api.nvim_buf_get_extmarks(0, vim.api.nvim_create_namespace('claude-ide.inline.track'), 0, -1, {})]]
    )
    assert.are.equal(1000, hunks)
    local near_top = s:lua('return _G.drawn()')
    assert.is_true(near_top > 0 and near_top < 40, tostring(near_top))
    -- far below: drawn once the window shows it, and nothing in between
    s:input('5000G')
    assert.is_true(
      s:wait_for(function()
        return s:find('line 5005, changed') ~= nil and s:find('line 5005 ') ~= nil
      end),
      s:show()
    )
    assert.is_true(s:lua('return _G.drawn()') < 2 * near_top + 10, tostring(s:lua('return _G.drawn()')))
  end)
end)

describe('the inline view, part of a hunk', function()
  local s

  before_each(function()
    s = screen.new({ width = 100, height = 30 })
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    s:cmd('cd ' .. vim.fn.fnameescape(dir))
    s:cmd('set cmdheight=10')
    s:lua([[
      local lualib = require('claude-ide.lualib_bundle')
      local before = { 'top', 'a1', 'a2', 'a3', 'a4', 'a5', 'bottom' }
      local after = { 'top', 'B1', 'B2', 'B3', 'B4', 'B5', 'bottom' }
      vim.fn.writefile(after, 'five.txt')
      vim.cmd('edit five.txt')
      local config = require('claude-ide.config').validate({ diff = { focus = 'never' } }).config
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
        return nil
      end)
      _G.outcome = nil
      local opened = _G.diffs.openMulti({ title = 'turn 1: 1 file', client = 'Claude Code', turn = true, inline = true,
        files = { { path = vim.fn.getcwd() .. '/five.txt', label = 'five.txt', current = before, proposal = after,
          summary = 'changed by a shell command', dirty = false } } })
      assert(opened.ok, opened.error)
      opened.review.onDecision(function(o) _G.outcome = o end)
    ]])
    assert.is_true(s:wait_for(function()
      return s:lua([[return require('claude-ide.editor.review.inline_view').inlineViewOf(0) ~= nil]])
    end))
  end)

  after_each(function()
    s:lua('_G.diffs.closeAll()')
    s:close()
  end)

  it('Visual gH reverts only the selected lines of a hunk, shown there and in the overview', function()
    -- one review of one file: its overview (review.inline shows a turn's overview even for one file)
    s:input('3GVjgH')
    assert.is_true(
      s:wait_for(function()
        return s:find('2 to revert of 5 lines') ~= nil
      end),
      s:show()
    )
    s:input(':ClaudeCodeDiffAccept<CR>')
    assert.is_true(
      s:wait_for(function()
        return s:lua('return _G.outcome ~= nil')
      end),
      s:show()
    )
    assert.are.same({ 'top', 'B1', 'a2', 'a3', 'B4', 'B5', 'bottom' }, s:lua('return _G.outcome.files[1]'))
  end)

  it('maps the note key there too, in Normal and Visual mode', function()
    local key = s:lua([[return require('claude-ide.config').validate(nil).config.diff.keymaps.note]])
    assert.are.equal('string', type(key))
    for _, mode in ipairs({ 'n', 'x' }) do
      local desc = s:lua('return vim.fn.maparg(..., ..., false, true).desc', key, mode)
      assert.is_truthy(tostring(desc):find('a note for the agent', 1, true), mode .. ': ' .. tostring(desc))
    end
  end)
end)
