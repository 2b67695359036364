-- Part of a hunk (issue 52, item 3) in every review view, keys typed as a user types them (nvim_input into a child
-- Neovim with a UI attached, helpers/screen): Visual gh / gH and a count decide only some lines of a hunk, `u`
-- gives the decision back (`<C-r>` in the overview makes it again), `.` repeats it; the overview's header (on
-- screen) counts the hunks decided in part; what is answered is exactly the decided lines. The views: a proposal side by side and unified, a turn's single
-- file, the overview of a proposal and of a turn, and a file's review opened from the overview.
local screen = require('helpers.screen')

local BASE = { 'x', 'a1', 'a2', 'a3', 'a4', 'a5', 'y' }
local AFTER = { 'x', 'b1', 'b2', 'b3', 'b4', 'b5', 'y' }
-- b3 and b4 reverted (rejected): exactly a3 and a4 back in their places.
local TWO_BACK = { 'x', 'b1', 'b2', 'a3', 'a4', 'b5', 'y' }

describe('part of a hunk', function()
  local s, dir

  setup(function()
    s = screen.new({ width = 160, height = 30 })
    dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    s:cmd('cd ' .. vim.fn.fnameescape(dir))
    s:lua([[
      local lualib = require('claude-ide.lualib_bundle')
      _G.manager = function(layout)
        local config = require('claude-ide.config').validate({ diff = { layout = layout, focus = 'always' } }).config
        _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
          return nil
        end)
      end
      -- A proposal of `text` for a.txt (on disk: `base`); its outcome in _G.outcome.
      _G.propose = function(layout, base, text)
        _G.manager(layout)
        _G.outcome = nil
        local path = vim.fn.getcwd() .. '/a.txt'
        vim.fn.writefile(base, path)
        local r = _G.diffs.open({ oldPath = path, newPath = path, contents = table.concat(text, '\n') .. '\n',
          tabName = 'edit a.txt', clientId = 7 })
        assert(r.ok, r.error)
        r.review.onDecision(function(o) _G.outcome = o end)
      end
      -- A review of `files` ({ name, base, after }), a turn's (`turn`) or a proposal's; its outcome in _G.outcome.
      _G.multi = function(layout, turn, files)
        _G.manager(layout)
        _G.outcome = nil
        local list = {}
        for _, f in ipairs(files) do
          table.insert(list, { path = vim.fn.getcwd() .. '/' .. f[1], label = f[1], current = f[2], proposal = f[3],
            summary = turn and 'changed by a shell command' or 'an edit', dirty = false })
        end
        local r = _G.diffs.openMulti({ title = turn and 'turn 1: files' or 'a change set', client = 'Claude Code',
          clientId = 7, turn = turn, files = list })
        assert(r.ok, r.error)
        r.review.onDecision(function(o) _G.outcome = o end)
      end
    ]])
  end)

  teardown(function()
    s:close()
  end)

  after_each(function()
    s:lua('if _G.diffs then _G.diffs.closeAll() end')
  end)

  --- Types `keys`; waits until they are handled and Neovim is in `mode` (Normal).
  local function type_keys(keys, mode)
    s:input(keys)
    assert.is_true(
      s:wait_for(function()
        local now = s:request('nvim_get_mode')
        return not now.blocking and now.mode == (mode or 'n')
      end),
      'keys ' .. keys .. ' not handled: ' .. s:show()
    )
  end

  local function buf_lines(which)
    return s:lua(
      [[
      local which = ...
      if which == 'left' then return vim.api.nvim_buf_get_lines(vim.fn.winbufnr(1), 0, -1, true) end
      return vim.api.nvim_buf_get_lines(0, 0, -1, true)
    ]],
      which
    )
  end

  --- Moves to line `line` as a user does (`{line}G`).
  local function cursor(line)
    type_keys(line .. 'G')
  end

  local function outcome()
    assert.is_true(
      s:wait_for(function()
        return s:lua('return _G.outcome ~= nil')
      end),
      'no outcome'
    )
    return s:lua('return _G.outcome')
  end

  local function text_of(lines)
    return table.concat(lines, '\n') .. '\n'
  end

  for _, layout in ipairs({ 'vertical', 'unified' }) do
    describe(('a proposal, %s'):format(layout), function()
      -- Wide enough for the winbar to say how many hunks are left (side by side, each window has half).
      before_each(function()
        s:resize(layout == 'vertical' and 300 or 160, 30)
      end)

      it('Visual gH on two lines of a five-line hunk rejects exactly those two; u brings them back; .', function()
        s:lua('_G.propose(...)', layout, BASE, AFTER)
        assert.is_true(s:wait_for(function()
          return s:lua('return vim.b.claude_ide_diff ~= nil and vim.b.claude_ide_diff.role') == 'proposal'
        end))
        cursor(4)
        type_keys('Vj', 'V')
        type_keys('gH')
        assert.are.same(TWO_BACK, buf_lines())
        -- The rest of the hunk is still to decide: b1 b2 and b5 are still differences.
        assert.is_truthy(s:find('2 hunks left'), s:show())
        type_keys('u')
        assert.are.same(AFTER, buf_lines())
        -- <C-r> makes it again (Vim's own redo: a rejection is an edit of the proposal), u gives it back again.
        type_keys('<C-r>')
        assert.are.same(TWO_BACK, buf_lines())
        type_keys('u')
        assert.are.same(AFTER, buf_lines())
        -- . repeats it: two lines from the cursor.
        cursor(4)
        type_keys('.')
        assert.are.same(TWO_BACK, buf_lines())
        -- A count: 1gH on b1 rejects that line alone.
        cursor(2)
        type_keys('1gH')
        assert.are.same({ 'x', 'a1', 'b2', 'a3', 'a4', 'b5', 'y' }, buf_lines())
        type_keys(':w<CR>')
        local o = outcome()
        assert.is_true(o.accepted)
        assert.are.equal(text_of({ 'x', 'a1', 'b2', 'a3', 'a4', 'b5', 'y' }), o.text)
      end)

      it('Visual gh accepts part of a hunk (the rest stays to decide), u gives that back, <C-r> again', function()
        s:lua('_G.propose(...)', layout, BASE, AFTER)
        assert.is_true(s:wait_for(function()
          return s:lua('return vim.b.claude_ide_diff ~= nil and vim.b.claude_ide_diff.role') == 'proposal'
        end))
        assert.is_truthy(s:find('1 hunk left'), s:show())
        cursor(2)
        type_keys('Vj', 'V')
        type_keys('gh')
        assert.are.same(AFTER, buf_lines(), 'the proposal is as it was')
        assert.is_truthy(s:find('1 hunk left'), s:show())
        local function taken(yes)
          if layout == 'vertical' then
            assert.are.same(yes and { 'x', 'b1', 'b2', 'a3', 'a4', 'a5', 'y' } or BASE, buf_lines('left'))
          end
          -- the winbar counts the take
          assert.are.equal(yes, s:find('taken') ~= nil, s:show())
          assert.are.same(AFTER, buf_lines())
        end
        taken(true)
        type_keys('u')
        taken(false)
        -- <C-r> takes them again, u gives them back again.
        type_keys('<C-r>')
        taken(true)
        type_keys('u')
        taken(false)
        -- An edit after that u, undone: <C-r> redoes the edit (Vim's own), not the take (dropped, as Vim drops its
        -- own redo on a new change).
        type_keys('Goz<Esc>')
        type_keys('u')
        type_keys('<C-r>')
        local edited = vim.list_extend(vim.deepcopy(AFTER), { 'z' })
        assert.are.same(edited, buf_lines())
        if layout == 'vertical' then
          assert.are.same(BASE, buf_lines('left'))
        end
        type_keys('u')
        cursor(2)
        -- A rejected line after it: u undoes that first, then the take.
        type_keys('gH')
        assert.are.same(BASE, buf_lines(), 'the whole hunk rejected')
        type_keys('u')
        assert.are.same(AFTER, buf_lines())
        type_keys(':w<CR>')
        assert.are.equal(text_of(AFTER), outcome().text)
      end)

      it('Visual gh (only the original side changes): the proposal is modified, :q refuses, :q! rejects', function()
        s:lua('_G.propose(...)', layout, BASE, AFTER)
        assert.is_true(s:wait_for(function()
          return s:lua('return vim.b.claude_ide_diff ~= nil and vim.b.claude_ide_diff.role') == 'proposal'
        end))
        assert.is_false(s:lua('return vim.bo.modified'), 'nothing decided: not modified')
        cursor(2)
        type_keys('Vj', 'V')
        type_keys('gh')
        assert.is_true(s:lua('return vim.bo.modified'), 'part of a hunk accepted: modified')
        s:lua('vim.v.errmsg = ""')
        type_keys(':q<CR>')
        assert.matches('^E37: No write since last change', s:lua('return vim.v.errmsg'))
        assert.is_true(s:lua('return _G.outcome == nil'), ':q: still open')
        type_keys(':q!<CR>')
        assert.is_false(outcome().accepted)
      end)

      it('a pure insertion, a pure deletion and unequal line counts', function()
        -- Three hunks: n1 n2 n3 inserted after x; d1 d2 d3 deleted after y; a2 a3 replaced by four lines.
        local base = { 'x', 'y', 'd1', 'd2', 'd3', 'z', 'a2', 'a3', 'w' }
        local after = { 'x', 'n1', 'n2', 'n3', 'y', 'z', 'c1', 'c2', 'c3', 'c4', 'w' }
        s:lua('_G.propose(...)', layout, base, after)
        assert.is_true(s:wait_for(function()
          return s:lua('return vim.b.claude_ide_diff ~= nil') == true
        end))
        -- c3 and c4 (rows past the two removed lines): rejected, they go; the rest stays.
        cursor(9)
        type_keys('Vj', 'V')
        type_keys('gH')
        assert.are.same({ 'x', 'n1', 'n2', 'n3', 'y', 'z', 'c1', 'c2', 'w' }, buf_lines())
        -- From n3 over y to z: crosses hunk edges; n3's row goes, and the deletion shown at z comes back whole.
        cursor(4)
        type_keys('Vjj', 'V')
        type_keys('gH')
        local decided = { 'x', 'n1', 'n2', 'y', 'd1', 'd2', 'd3', 'z', 'c1', 'c2', 'w' }
        assert.are.same(decided, buf_lines())
        -- A count on c1: its row alone (a2 takes its place).
        cursor(9)
        type_keys('1gH')
        decided[9] = 'a2'
        assert.are.same(decided, buf_lines())
        type_keys(':w<CR>')
        assert.are.equal(text_of(decided), outcome().text)
      end)

      if layout == 'vertical' then
        it('in the left window too: its removed lines select the same rows', function()
          s:lua('_G.propose(...)', layout, BASE, AFTER)
          assert.is_true(s:wait_for(function()
            return s:lua('return vim.b.claude_ide_diff ~= nil and vim.b.claude_ide_diff.role') == 'proposal'
          end))
          s:lua('vim.cmd.wincmd("h")')
          assert.are.equal('current', s:lua('return vim.b.claude_ide_diff.role'))
          cursor(4)
          type_keys('Vj', 'V')
          type_keys('gH')
          s:lua('vim.cmd.wincmd("l")')
          assert.are.same(TWO_BACK, buf_lines())
          -- gh on a1 from the left window: b1 copied to the left side, the rest of the hunk still to decide.
          s:lua('vim.cmd.wincmd("h")')
          cursor(2)
          type_keys('1gh')
          assert.are.same({ 'x', 'b1', 'a2', 'a3', 'a4', 'a5', 'y' }, buf_lines())
          -- u there gives the take back, then the drop (an edit of the proposal).
          type_keys('u')
          assert.are.same(BASE, buf_lines())
          type_keys('u')
          s:lua('vim.cmd.wincmd("l")')
          assert.are.same(AFTER, buf_lines())
          type_keys(':w<CR>')
          assert.are.equal(text_of(AFTER), outcome().text)
        end)
      end

      it("a turn's only file: Visual gH reverts two lines of five, and :w answers exactly them", function()
        s:lua('_G.multi(...)', layout, true, { { 'a.txt', BASE, AFTER } })
        assert.is_true(s:wait_for(function()
          return s:lua('return vim.b.claude_ide_diff ~= nil and vim.b.claude_ide_diff.role') == 'proposal'
        end))
        cursor(4)
        type_keys('Vj', 'V')
        type_keys('gH')
        type_keys('u')
        cursor(4)
        type_keys('.')
        assert.are.same(TWO_BACK, buf_lines())
        type_keys(':w<CR>')
        local o = outcome()
        assert.is_true(o.accepted)
        assert.are.same({ TWO_BACK }, o.files)
      end)
    end)
  end

  --- The overview's line `text`, the cursor put on it; its row.
  local function go(text)
    for i, l in ipairs(buf_lines()) do
      if l == text then
        cursor(i)
        return i
      end
    end
    error('no line ' .. text .. ': ' .. vim.inspect(buf_lines()))
  end

  for _, turn in ipairs({ true, false }) do
    local revert = turn and 'to revert' or 'rejected'
    local keep = turn and 'kept' or 'accepted'
    describe(turn and 'the overview of a turn' or 'the overview of a proposal', function()
      local files = {
        { 'a.txt', BASE, AFTER },
        { 'b.txt', { 'p', 'q', 'r', 's', 't', 'u', 'v', 'w' }, { 'p', 'Q', 'r', 's', 't', 'u', 'V', 'w' } },
      }

      it('Visual gH on two lines of a five-line hunk: the header counts it on screen, u and . too', function()
        s:lua('_G.multi(...)', 'vertical', turn, files)
        assert.is_true(s:wait_for(function()
          return s:find('+b5') ~= nil
        end))
        go('+b3')
        type_keys('Vj', 'V')
        type_keys('gH')
        assert.is_truthy(
          s:find('a.txt (an edit): 1 of 1 hunk ' .. revert .. ' (1 partly)')
            or s:find('a.txt (changed by a shell command): 1 of 1 hunk ' .. revert .. ' (1 partly)'),
          s:show()
        )
        assert.is_truthy(s:find('2 of 5 lines ' .. revert), s:show())
        type_keys('u')
        assert.is_nil(s:find('partly'), s:show())
        -- <C-r> makes it again, u gives it back again
        type_keys('<C-r>')
        assert.is_truthy(s:find('2 of 5 lines ' .. revert), s:show())
        type_keys('u')
        assert.is_nil(s:find('partly'), s:show())
        go('+b3')
        type_keys('.')
        assert.is_truthy(s:find('(1 partly)'), s:show())
        -- b.txt: gH on one hunk whole, Visual gh on a line of the other: "1 of 2 hunks …, 1 kept".
        go('-q')
        type_keys('gH')
        go('+V')
        type_keys('V', 'V')
        type_keys('gh')
        assert.is_truthy(s:find('1 of 2 hunks ' .. revert .. ', 1 ' .. keep), s:show())
        type_keys(':w<CR>')
        local o = outcome()
        assert.is_true(o.accepted)
        assert.are.same({ TWO_BACK, { 'p', 'q', 'r', 's', 't', 'u', 'V', 'w' } }, o.files)
      end)

      it('g? lists the Visual keys, . and u', function()
        s:lua('_G.multi(...)', 'vertical', turn, files)
        assert.is_true(s:wait_for(function()
          return s:find('+b5') ~= nil
        end))
        type_keys('g?')
        assert.is_true(s:wait_for(function()
          return s:lua('return vim.b.claude_ide_review_keys ~= nil')
        end))
        local float = table.concat(buf_lines(), '\n')
        assert.matches('{Visual}gH  +' .. (turn and 'revert' or 'reject') .. ' only the selected lines', float)
        assert.matches('{Visual}gh  +' .. (turn and 'keep' or 'accept') .. ' only the selected lines', float)
        assert.matches('\n  u  +the last', float)
        assert.matches('\n  %.  +the last gh / gH again', float)
        type_keys('q')
      end)

      it('a count on removed lines restores them; a selection over - and + lines decides their rows', function()
        s:lua('_G.multi(...)', 'vertical', turn, files)
        assert.is_true(s:wait_for(function()
          return s:find('+b5') ~= nil
        end))
        -- 2gH on -a1: rows 1 and 2 (b1 b2 give way to a1 a2).
        go('-a1')
        type_keys('2gH')
        assert.is_truthy(s:find('2 of 5 lines ' .. revert), s:show())
        -- Over -a5 and +b1 (rows 5 and 1): pressed with gH, row 1 was dropped already, row 5 not: both dropped.
        go('-a5')
        type_keys('Vj', 'V')
        type_keys('gH')
        assert.is_truthy(s:find('3 of 5 lines ' .. revert), s:show())
        type_keys(':w<CR>')
        assert.are.same({ 'x', 'a1', 'a2', 'b3', 'b4', 'a5', 'y' }, outcome().files[1])
      end)

      it("a file's review opened from it: Visual gH there, :w back, and the overview applies it", function()
        s:lua('_G.multi(...)', 'vertical', turn, files)
        assert.is_true(s:wait_for(function()
          return s:find('+b5') ~= nil
        end))
        go('+b3')
        type_keys('<CR>')
        assert.is_true(s:wait_for(function()
          return s:lua('return vim.api.nvim_buf_get_name(0)'):find('a%.txt %(proposal%)$') ~= nil
        end))
        cursor(4)
        type_keys('Vj', 'V')
        type_keys('gH')
        assert.are.same(TWO_BACK, buf_lines())
        type_keys('u')
        assert.are.same(AFTER, buf_lines())
        cursor(4)
        type_keys('.')
        assert.are.same(TWO_BACK, buf_lines())
        type_keys(':w<CR>')
        assert.is_true(s:wait_for(function()
          return s:lua('return vim.bo.filetype') == 'claude-ide-review'
        end))
        -- Back in the overview: a.txt's proposal is what was decided there (two hunks left of it).
        assert.is_truthy(s:find('+b5'), s:show())
        assert.is_nil(s:find('+b3'), s:show())
        type_keys(':w<CR>')
        assert.are.same(TWO_BACK, outcome().files[1])
      end)
    end)
  end
end)
