-- A turn's changes in the user's own buffer (editor/review/inline_view, review.inline), on a real screen
-- (helpers/screen: a child Neovim with a UI attached): the file as the agent left it, the turn's base as removed
-- virtual lines above each hunk, a sign on its lines; `]c`, `gh`, `gH`, `g?` typed as a user types them
-- (nvim_input), mapped in that buffer only while it is under review; a decision made there is the overview's and
-- the other way round; when the review ends the marks and keys go, and a mapping of the user's own comes back.
local screen = require('helpers.screen')

--- A child Neovim with a UI (100 x 30) in a folder of its own, where the specs below start a turn's review:
---   _G.review(files, opts): `files` ({ name, before, after, summary }) written as the agent left them, `opts.before()`
---     run (the user's own set-up: a buffer opened, a mapping), then the turn's review opened by a DiffManager
---     (diff.focus: opts.focus or 'never'; review.inline: opts.inline); its outcome in _G.outcome;
---   _G.overview(): the review's overview and its buffer; _G.header(name): that file's header line in it;
---   _G.shown(): whether the current buffer is under inline review.
local function start()
  local s = screen.new({ width = 100, height = 30 })
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  s:cmd('cd ' .. vim.fn.fnameescape(dir))
  -- The review's message (it opened behind) fits without a hit-enter prompt.
  s:cmd('set cmdheight=10')
  s:lua([[
    local lualib = require('claude-ide.lualib_bundle')
    _G.inline = require('claude-ide.editor.review.inline_view')
    _G.review = function(files, opts)
      opts = opts or {}
      local list = {}
      for _, f in ipairs(files) do
        vim.fn.writefile(f[3], f[1])
        table.insert(list, { path = vim.fn.getcwd() .. '/' .. f[1], label = f[1], current = f[2], proposal = f[3],
          summary = f[4] or 'changed by a shell command', dirty = false, baseLabel = 'Before turn 1' })
      end
      if opts.before then opts.before() end
      local config = require('claude-ide.config').validate({ diff = { focus = opts.focus or 'never' } }).config
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
        return nil
      end)
      _G.outcome = nil
      local opened = _G.diffs.openMulti({ title = ('turn 1: %d files'):format(#list), client = 'Claude Code',
        clientId = 7, turn = true, inline = opts.inline, files = list })
      assert(opened.ok, opened.error)
      opened.review.onDecision(function(o) _G.outcome = o end)
    end
    _G.overview = function()
      for _, b in ipairs(vim.api.nvim_list_bufs()) do
        local o = require('claude-ide.editor.review.overview').overviewOf(b)
        if o then return o, b end
      end
    end
    _G.header = function(name)
      local _, b = _G.overview()
      for _, l in ipairs(vim.api.nvim_buf_get_lines(b, 0, -1, false)) do
        if vim.startswith(l, name .. ' (') then return l end
      end
    end
    _G.shown = function()
      return _G.inline.inlineViewOf(0) ~= nil
    end
  ]])
  return s
end

--- The review closed (closeAll) and the child Neovim stopped.
local function stop(s)
  s:lua('_G.diffs.closeAll()')
  s:close()
end

describe('the inline view of a turn', function()
  local s

  before_each(function()
    s = start()
    s:lua([[
      _G.review({
        { 'a.txt', { 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
          'thirteen', 'fourteen' }, { 'one', 'TWO', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
          'eleven', 'twelve', 'thirteen' }, "changed by the agent's edits" },
        { 'b.txt', { 'alpha', 'beta' }, { 'alpha', 'beta by sed' } },
      }, { inline = true, before = function()
        -- The file as the agent left it, open in the user's window.
        vim.cmd('edit a.txt')
        vim.o.signcolumn = 'yes'
        -- The user's own buffer-local mapping of ]c, and a buffer of theirs not under review.
        vim.keymap.set('n', ']c', function() vim.g.users_own = (vim.g.users_own or 0) + 1 end, { buffer = true })
        _G.user_buf = vim.api.nvim_get_current_buf()
        _G.other = vim.api.nvim_create_buf(true, false)
      end })
    ]])
    -- shown in the buffer once the overview has every file's hunks (at once for a review this small)
    assert.is_true(s:wait_for(function()
      return s:lua('return _G.shown()')
    end))
  end)

  after_each(function()
    stop(s)
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
    assert.are.equal("a.txt (changed by the agent's edits): 1 of 2 hunks to revert", s:lua('return _G.header("a.txt")'))
    -- gH moved to the next hunk (the removed line at the end): gh keeps it
    assert.are.equal(13, cursor())
    s:input('gh')
    assert.is_true(
      s:wait_for(function()
        return s:lua('return _G.header("a.txt")'):find('1 kept') ~= nil
      end),
      s:lua('return _G.header("a.txt")')
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
    s = start()
    s:lua([[
      _G.open = function(inline, n)
        local before, after = {}, {}
        for l = 1, n do
          before[l] = ('line %d'):format(l)
          after[l] = l % 10 == 5 and ('line %d, changed'):format(l) or before[l]
        end
        _G.review({ { 'long.txt', before, after }, { 'b.txt', { 'alpha', 'beta' }, { 'alpha', 'beta by sed' } } },
          { inline = inline, focus = 'always' })
      end
      _G.drawn = function()
        return #vim.api.nvim_buf_get_extmarks(0, vim.api.nvim_create_namespace('claude-ide.inline'), 0, -1, {})
      end
    ]])
  end)

  after_each(function()
    stop(s)
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

describe('the inline view, part of a hunk, counts, ., u and <C-r>', function()
  local s

  before_each(function()
    s = start()
    s:lua([[
      _G.review({ { 'five.txt', { 'top', 'a1', 'a2', 'a3', 'a4', 'a5', 'bottom' },
        { 'top', 'B1', 'B2', 'B3', 'B4', 'B5', 'bottom' } } }, { inline = true, before = function()
        vim.cmd('edit five.txt')
      end })
    ]])
    assert.is_true(s:wait_for(function()
      return s:lua('return _G.shown()')
    end))
  end)

  after_each(function()
    stop(s)
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

  --- Waits until the view says `said` beside the hunk on screen, and the overview's header `header`.
  local function says(said, header)
    assert.is_true(
      s:wait_for(function()
        return s:find(said) ~= nil
      end),
      said .. ': ' .. s:show()
    )
    assert.are.equal(header, s:lua('return _G.header("five.txt")'))
  end

  local PARTLY = 'five.txt (changed by a shell command): 1 of 1 hunk kept (1 partly)'

  it('a count keeps that many lines from the cursor, . repeats it, u and <C-r> there and in the overview', function()
    type_keys('2G')
    type_keys('2gh')
    says('2 kept of 5 lines', PARTLY)
    -- the cursor stays (as with a count in every view): . from B4 keeps B4 and B5
    type_keys('5G')
    type_keys('.')
    says('4 kept of 5 lines', PARTLY)
    type_keys('u')
    says('2 kept of 5 lines', PARTLY)
    type_keys('<C-r>')
    says('4 kept of 5 lines', PARTLY)
    -- Visual gH on B2 (kept): reverted instead
    type_keys('3GVgH')
    says('1 to revert, 3 kept of 5 lines', 'five.txt (changed by a shell command): 1 of 1 hunk to revert (1 partly)')
    -- the overview's u and <C-r> (one history: the decisions made in the buffer are the overview's)
    -- The overview is in its own tab page (focus 'never'), the file in the user's: gt goes there, gT back.
    local function to_overview()
      type_keys('gt')
      assert.are.equal(s:lua('return select(2, _G.overview())'), s:lua('return vim.api.nvim_get_current_buf()'))
    end
    local function back_to_file()
      type_keys('gT')
      assert.is_true(s:lua('return _G.shown()'), 'not back in five.txt: ' .. s:show())
    end
    to_overview()
    type_keys('u')
    back_to_file()
    says('4 kept of 5 lines', PARTLY)
    to_overview()
    type_keys('<C-r>')
    back_to_file()
    says('1 to revert, 3 kept of 5 lines', 'five.txt (changed by a shell command): 1 of 1 hunk to revert (1 partly)')
    type_keys(':ClaudeCodeDiffAccept<CR>')
    assert.is_true(
      s:wait_for(function()
        return s:lua('return _G.outcome ~= nil')
      end),
      s:show()
    )
    assert.are.same({ 'top', 'B1', 'a2', 'B3', 'B4', 'B5', 'bottom' }, s:lua('return _G.outcome.files[1]'))
  end)

  it("u and <C-r> are Vim's own for the user's edits, in order with the decisions; g? lists them", function()
    type_keys('ggAx<Esc>')
    assert.are.equal('topx', s:lua('return vim.fn.getline(1)'))
    -- no decision made here: u is the user's own undo, <C-r> their redo
    type_keys('u')
    assert.are.equal('top', s:lua('return vim.fn.getline(1)'))
    type_keys('<C-r>')
    assert.are.equal('topx', s:lua('return vim.fn.getline(1)'))
    -- a decision after the edit: u gives the decision back first, then the edit
    type_keys('4G1gH')
    says('1 to revert of 5 lines', 'five.txt (changed by a shell command): 1 of 1 hunk to revert (1 partly)')
    type_keys('u')
    assert.is_true(s:wait_for(function()
      return s:find('of 5 lines') == nil
    end))
    assert.are.equal('topx', s:lua('return vim.fn.getline(1)'))
    type_keys('u')
    assert.are.equal('top', s:lua('return vim.fn.getline(1)'))
    -- a decision given back, then a new edit: <C-r> no longer makes the decision again (as Vim drops its own redo)
    type_keys('4G1gH')
    says('1 to revert of 5 lines', 'five.txt (changed by a shell command): 1 of 1 hunk to revert (1 partly)')
    type_keys('u')
    type_keys('ggAy<Esc>')
    type_keys('u')
    assert.are.equal('top', s:lua('return vim.fn.getline(1)'))
    type_keys('<C-r>')
    assert.are.equal('topy', s:lua('return vim.fn.getline(1)'))
    assert.is_nil(s:find('of 5 lines'), s:show())
    type_keys('g?')
    assert.is_true(s:wait_for(function()
      return s:lua('return vim.b.claude_ide_review_keys ~= nil')
    end))
    local float = table.concat(s:lua('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'), '\n')
    assert.matches('{Visual}gH  +revert only the selected lines', float)
    assert.matches('{Visual}gh  +keep only the selected lines', float)
    assert.matches('\n  u  +the last keep or revert made here undone', float)
    assert.matches('\n  <C%-r>  +the last keep or revert that u gave back', float)
    assert.matches('\n  %.  +the last gh / gH again', float)
    type_keys('q')
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
