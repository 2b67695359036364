-- diff.layout = "unified": an openDiff review in one window holding the proposal (no diff mode), its differences
-- marked with extmarks (added/changed lines, the changed part, signs, the removed lines as virtual lines), the
-- review's keys typed as a user would (mappings applied), and what accepting answers.
local h = require('helpers.tools')
local d = require('helpers.diff')
local child_nvim = require('helpers.child_nvim')

local TAB = '✻ [Claude Code] unified.txt (abc123) ⧉'
local ORIGINAL = { 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten' }

describe('unified review', function()
  local columns
  setup(function()
    columns = vim.o.columns
    vim.o.columns = 300 -- wide enough for every winbar part
  end)
  teardown(function()
    vim.o.columns = columns
  end)
  local ctx, before, messages

  before_each(function()
    ctx = h.context({ diff = { layout = 'unified' } })
    before = d.snapshot()
    messages = d.capture_messages()
  end)

  after_each(function()
    messages.restore()
    ctx.dispose()
    h.reset_editor()
  end)

  local function open(path, contents)
    return h.start_call(ctx, 'openDiff', {
      old_file_path = path,
      new_file_path = path,
      new_file_contents = contents,
      tab_name = TAB,
    })
  end

  local function ns()
    return vim.api.nvim_get_namespaces()['claude-ide.unified']
  end

  --- The view's extmarks, with details.
  local function marks(buf)
    return vim.api.nvim_buf_get_extmarks(buf, ns(), 0, -1, { details = true })
  end

  --- The marks whose details have `key` (hl_eol: a block's lines, sign_text, virt_lines, hl_group, ...), with
  --- `value` if given, by row (0-based).
  local function marks_with(buf, key, value)
    local by_row = {}
    for _, m in ipairs(marks(buf)) do
      if m[4][key] ~= nil and (value == nil or m[4][key] == value) then
        by_row[m[2]] = m[4]
      end
    end
    return by_row
  end

  --- The text of a virtual line (its chunks joined, the leading sign column and the padding left out).
  local function virt_text(line)
    local parts = {}
    for i, chunk in ipairs(line) do
      if not (i == 1 and chunk[2] == 'ClaudeIdeDiffDeleteSign') then
        table.insert(parts, chunk[1])
      end
    end
    return (table.concat(parts):gsub('%s+$', ''))
  end

  local function cursor_line()
    return vim.api.nvim_win_get_cursor(0)[1]
  end

  --- Four hunks: line 2 changed, line 5 changed, line 8 deleted, a line added after line 10.
  local function four_hunks()
    local path = h.file('unified.txt', ORIGINAL)
    local proposal = { 'one', 'TWO', 'three', 'four', 'FIVE', 'six', 'seven', 'nine', 'ten', 'eleven' }
    return path, open(path, table.concat(proposal, '\n') .. '\n')
  end

  --- A function whose `return 2` becomes two lines: one changed block of 1 line in the file, 2 in the proposal.
  local FUNCTION = { 'local function f()', '  return 2', 'end', '', 'return f' }
  local function block()
    local path = h.file('block.lua', FUNCTION)
    local proposal = { 'local function f()', '  local two = 2', '  return two', 'end', '', 'return f' }
    return path, open(path, table.concat(proposal, '\n') .. '\n')
  end

  describe('the view', function()
    it('is one window holding the proposal, not in diff mode, signs shown', function()
      local path, poll = four_hunks()
      assert.are.equal(2, #vim.api.nvim_list_tabpages())
      assert.are.equal(TAB, vim.t.claude_ide_diff)
      assert.are.equal(1, #vim.api.nvim_tabpage_list_wins(0))
      local win = d.win('proposal')
      assert.are.equal(win, vim.api.nvim_get_current_win())
      assert.is_false(vim.wo[win].diff)
      assert.are.equal('yes', vim.wo[win].signcolumn)
      local buf = d.buf('proposal')
      assert.are.equal('acwrite', vim.bo[buf].buftype)
      assert.is_true(vim.bo[buf].modifiable)
      assert.is_false(vim.bo[buf].modified)
      assert.are.equal(2, cursor_line(), 'on the first change')
      local bar = vim.wo[win].winbar
      assert.matches(
        '^ Claude: .*unified%.txt  :w accept  q reject  gh/gH accept/reject hunk  %]c/%[c next/prev hunk',
        bar
      )
      assert.matches('  · 4 hunks left', bar, 1, true)
      -- the window's 'signcolumn' only: other windows keep the user's
      assert.are.equal('auto', vim.go.signcolumn)
      d.press('q')
      assert.are.equal('DIFF_REJECTED', (d.texts(d.wait_done(poll))))
      assert.are.same(ORIGINAL, vim.fn.readfile(path))
      d.assert_clean(before)
    end)

    it('highlights changed and added lines, their changed part, and shows the removed lines where they were', function()
      local _, poll = four_hunks()
      local buf = d.buf('proposal')
      local lines = marks_with(buf, 'hl_eol')
      assert.are.same({ 1, 4, 9 }, vim.fn.sort(vim.tbl_keys(lines), 'n'))
      assert.are.equal('ClaudeIdeDiffAdd', lines[1].hl_group)
      local signs = marks_with(buf, 'sign_text')
      assert.are.same({ 1, 4, 9 }, vim.fn.sort(vim.tbl_keys(signs), 'n'))
      assert.are.equal('~', vim.trim(signs[1].sign_text))
      assert.are.equal('ClaudeIdeDiffChangeSign', signs[1].sign_hl_group)
      assert.are.equal('+', vim.trim(signs[9].sign_text), 'an added line')
      assert.are.equal('ClaudeIdeDiffAddSign', signs[9].sign_hl_group)
      -- the changed part of a changed line
      local texts = marks_with(buf, 'hl_group', 'ClaudeIdeDiffText')
      assert.are.equal('ClaudeIdeDiffText', texts[1].hl_group)
      assert.are.equal(3, texts[1].end_col)
      -- the removed lines: "two" above "TWO", "five" above "FIVE", "eight" above "nine"
      local virt = marks_with(buf, 'virt_lines')
      assert.are.same({ 1, 4, 7 }, vim.fn.sort(vim.tbl_keys(virt), 'n'))
      assert.are.equal('two', virt_text(virt[1].virt_lines[1]))
      assert.is_true(virt[1].virt_lines_above)
      assert.are.equal('eight', virt_text(virt[7].virt_lines[1]))
      assert.is_true(virt[7].virt_lines_above)
      assert.are.equal('nine', vim.api.nvim_buf_get_lines(buf, 7, 8, true)[1])
      local groups = {}
      for _, chunk in ipairs(virt[7].virt_lines[1]) do
        groups[chunk[2]] = true
      end
      assert.is_true(groups.ClaudeIdeDiffDelete, 'a removed line is highlighted as a deletion')
      assert.is_true(groups.ClaudeIdeDiffDeleteSign, 'with a - in the sign column')
      assert.are.equal('-', vim.trim(virt[7].virt_lines[1][1][1]))
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('shows lines removed at the top above line 1, in view', function()
      local path = h.file('top.txt', { 'a', 'b', 'c' })
      local poll = open(path, 'b\nc\n')
      local virt = marks_with(d.buf('proposal'), 'virt_lines')
      assert.are.same({ 0 }, vim.tbl_keys(virt))
      assert.is_true(virt[0].virt_lines_above)
      assert.are.equal('a', virt_text(virt[0].virt_lines[1]))
      assert.are.equal(1, cursor_line())
      assert.are.equal(1, vim.fn.winsaveview().topfill, 'the removed line is on screen')
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('marks the changed middle of a line on character boundaries', function()
      local path = h.file('utf8.txt', { 'café au lait', 'x' })
      local poll = open(path, 'cafè au lait\nx\n')
      -- é (c3 a9) and è (c3 a8) share their first byte: the mark starts at the character, not inside it
      local m
      for _, mark in ipairs(marks(d.buf('proposal'))) do
        if mark[4].hl_group == 'ClaudeIdeDiffText' then
          m = mark
        end
      end
      assert.are.equal(3, m[3], 'starts at è')
      assert.are.equal(5, m[4].end_col, 'ends after è')
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('keeps its highlight groups through a colour scheme change, and a user definition wins', function()
      vim.api.nvim_set_hl(0, 'ClaudeIdeDiffText', { bg = '#123456' })
      local _, poll = four_hunks()
      assert.are.equal('DiffAdd', vim.api.nvim_get_hl(0, { name = 'ClaudeIdeDiffAdd' }).link)
      assert.are.equal(0x123456, vim.api.nvim_get_hl(0, { name = 'ClaudeIdeDiffText' }).bg)
      vim.cmd.colorscheme('default')
      for group, link in pairs({
        ClaudeIdeDiffAdd = 'DiffAdd',
        ClaudeIdeDiffDelete = 'DiffDelete',
        ClaudeIdeDiffText = 'DiffText',
      }) do
        assert.are.equal(link, vim.api.nvim_get_hl(0, { name = group }).link, group)
      end
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('fits its winbar to a narrow window, dropping whole parts', function()
      vim.o.columns = 60
      local cwd = vim.fn.getcwd()
      finally(function()
        vim.o.columns = 300
        vim.cmd.cd(vim.fn.fnameescape(cwd))
      end)
      local path = h.file('unified.txt', ORIGINAL)
      vim.cmd.cd(vim.fn.fnameescape(vim.fn.fnamemodify(path, ':h')))
      local poll = open(path, 'one\nTWO\nthree\nfour\nFIVE\nsix\nseven\nnine\nten\neleven\n')
      local win = d.win('proposal')
      local function shown()
        return vim.api.nvim_eval_statusline(vim.wo[win].winbar, { winid = win, use_winbar = true }).str
      end
      local bar = shown()
      assert.is_true(vim.api.nvim_strwidth(bar) <= 60)
      -- every part is whole: what decides stays longest; the hunk keys, what moves, the count went first
      bar = bar:gsub('%s+$', '')
      assert.are.equal(' Claude: unified.txt  :w accept  q reject', bar)
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)
    it('opens behind the user with focus = "never", waits, and takes them there on :ClaudeCodeFocus', function()
      -- 80 columns, the headless default: wider, Neovim 0.12 (headless) corrupts its memory when :redrawstatus!
      -- (addWaiting) draws a winbar in a tab page opened behind, whatever the layout
      vim.o.columns = 80
      finally(function()
        vim.o.columns = 300
      end)
      ctx.dispose()
      ctx = h.context({ diff = { layout = 'unified', focus = 'never' } })
      local origin = vim.api.nvim_get_current_win()
      local _, poll = four_hunks()
      assert.are.equal(origin, vim.api.nvim_get_current_win(), 'the user stays where they were')
      assert.are.equal(1, vim.g.claude_ide_reviews_waiting)
      assert.matches('proposes a change to unified.txt', messages.text(), 1, true)
      assert.is_true(ctx.services.diff.focusWaiting())
      assert.are.equal(0, vim.g.claude_ide_reviews_waiting)
      assert.is_truthy(vim.b.claude_ide_diff, 'in the review')
      assert.are.equal(2, cursor_line(), 'on the first change')
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
      assert.are.equal(origin, vim.api.nvim_get_current_win(), 'back where the user was')
    end)

    it('opens as a band across the top of the current tab page with open_in_new_tab = false', function()
      ctx.dispose()
      ctx = h.context({ diff = { layout = 'unified', open_in_new_tab = false } })
      local _, poll = four_hunks()
      assert.are.equal(1, #vim.api.nvim_list_tabpages())
      assert.are.equal(2, #vim.api.nvim_tabpage_list_wins(0))
      assert.are.equal('yes', vim.wo[d.win('proposal')].signcolumn)
      vim.cmd('write')
      assert.are.equal('FILE_SAVED', (d.texts(d.wait_done(poll))))
      d.assert_clean(before)
    end)
  end)

  describe('keys', function()
    it('jumps between hunks with ]c / [c, wrapping around; a deletion lands under its removed lines', function()
      local _, poll = four_hunks()
      local seen = { cursor_line() }
      for _ = 1, 4 do
        d.press(']c')
        table.insert(seen, cursor_line())
      end
      assert.are.same({ 2, 5, 8, 10, 2 }, seen)
      d.press('[c')
      assert.are.equal(10, cursor_line())
      d.press('[c')
      assert.are.equal(8, cursor_line())
      d.press('q')
      assert.are.equal('DIFF_REJECTED', (d.texts(d.wait_done(poll))))
      d.assert_clean(before)
    end)

    it('takes and drops hunks; the answer is the proposal as it is', function()
      local path, poll = four_hunks()
      local buf = d.buf('proposal')
      d.press('gh') -- take TWO
      assert.are.equal(5, cursor_line(), 'on to the next hunk')
      assert.matches('3 hunks left', vim.wo[0].winbar, 1, true)
      assert.matches('(1 taken)', vim.wo[0].winbar, 1, true)
      assert.is_nil(marks_with(buf, 'hl_eol')[1], 'a taken hunk is no longer marked')
      d.press('gH') -- drop FIVE: the original comes back
      assert.are.equal('five', d.lines(buf)[5])
      assert.are.equal(8, cursor_line(), 'on to the deletion')
      d.press('gH') -- drop the deletion of "eight": it comes back
      assert.are.same({ 'seven', 'eight', 'nine' }, vim.list_slice(d.lines(buf), 7, 9))
      assert.are.equal(11, cursor_line(), 'on to the added line')
      assert.matches('1 hunk left', vim.wo[0].winbar, 1, true)
      d.press('gh') -- take "eleven"
      assert.matches('all hunks decided', vim.wo[0].winbar, 1, true)
      assert.are.same({}, marks(buf))
      vim.cmd('write')
      local first, second = d.texts(d.wait_done(poll))
      assert.are.equal('FILE_SAVED', first)
      assert.are.equal('one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\n', second)
      assert.are.same(ORIGINAL, vim.fn.readfile(path), 'the plugin never writes the file')
      d.assert_clean(before)
    end)

    for _, line in ipairs({ 2, 3 }) do
      it(
        ('drops a whole changed block from its line %d: the original block comes back, exactly'):format(line),
        function()
          local _, poll = block()
          local buf = d.buf('proposal')
          assert.are.equal(2, cursor_line())
          vim.api.nvim_win_set_cursor(0, { line, 0 })
          d.press('gH')
          assert.are.same(FUNCTION, d.lines(buf))
          assert.matches('all hunks decided', vim.wo[0].winbar, 1, true)
          assert.are.same({}, marks(buf))
          vim.cmd('write')
          assert.are.equal('DIFF_REJECTED', (d.texts(d.wait_done(poll))), 'the file unchanged: answered as a rejection')
          d.assert_clean(before)
        end
      )

      it(('takes a whole changed block from its line %d'):format(line), function()
        local _, poll = block()
        local buf = d.buf('proposal')
        local proposal = d.lines(buf)
        vim.api.nvim_win_set_cursor(0, { line, 0 })
        d.press('gh')
        assert.are.same(proposal, d.lines(buf), 'the proposal keeps its text')
        assert.matches('all hunks decided', vim.wo[0].winbar, 1, true)
        assert.matches('(1 taken)', vim.wo[0].winbar, 1, true)
        assert.are.same({}, marks(buf))
        vim.cmd('write')
        local _, second = d.texts(d.wait_done(poll))
        assert.are.equal(table.concat(proposal, '\n') .. '\n', second)
        d.assert_clean(before)
      end)
    end

    it('goes on when its hidden buffer (the original) is wiped by someone else', function()
      local _, poll = block()
      local buf = d.buf('proposal')
      local wiped = 0
      for _, b in ipairs(vim.api.nvim_list_bufs()) do
        if b ~= buf and not vim.tbl_contains(before.bufs, b) then
          vim.cmd.bwipeout({ args = { b }, bang = true })
          wiped = wiped + 1
        end
      end
      assert.are.equal(1, wiped)
      assert.is_false((poll()), 'the review is still open')
      vim.api.nvim_win_set_cursor(0, { 3, 0 })
      d.press('gH')
      assert.are.same(FUNCTION, d.lines(buf))
      d.press('qr') -- asked (a hunk was decided): rejected
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('marks the block again after gH is undone', function()
      local _, poll = block()
      local buf = d.buf('proposal')
      local proposal = d.lines(buf)
      d.press('gH')
      assert.are.same(FUNCTION, d.lines(buf))
      d.press('u')
      assert.are.same(proposal, d.lines(buf))
      assert.is_true(vim.wait(1000, function()
        return marks_with(buf, 'hl_eol')[1] ~= nil
      end, 5))
      assert.matches('1 hunk left', vim.wo[0].winbar, 1, true)
      d.press('<C-r>')
      assert.are.same(FUNCTION, d.lines(buf))
      assert.is_true(vim.wait(1000, function()
        return #marks(buf) == 0
      end, 5))
      d.press('qr') -- asked (a hunk was decided): rejected
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('says so when no hunk is under the cursor, and changes nothing', function()
      local _, poll = four_hunks()
      vim.api.nvim_win_set_cursor(0, { 7, 0 }) -- "seven": not part of a hunk
      local proposal = d.lines(d.buf('proposal'))
      d.press('gh')
      d.press('gH')
      assert.are.same(proposal, d.lines(d.buf('proposal')))
      assert.matches('no hunk under the cursor', messages.text(), 1, true)
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('answers an edit made inside a hunk exactly as the buffer holds it, marks redrawn', function()
      local _, poll = block()
      local buf = d.buf('proposal')
      vim.api.nvim_win_set_cursor(0, { 2, 0 })
      d.press('A -- two<Esc>')
      assert.are.equal('  local two = 2 -- two', d.lines(buf)[2])
      -- the edited line back to the original's: that line is no longer a change
      d.press('jcc  return 2<Esc>ddk')
      assert.are.same({ 'local function f()', '  local two = 2 -- two', 'end', '', 'return f' }, d.lines(buf))
      assert.is_true(vim.wait(1000, function()
        local lines = marks_with(buf, 'hl_eol')
        return lines[1] ~= nil and lines[2] == nil
      end, 5))
      vim.cmd('write')
      local first, second = d.texts(d.wait_done(poll))
      assert.are.equal('FILE_SAVED', first)
      assert.are.equal(table.concat(d.lines(buf), '\n') .. '\n', second)
      d.assert_clean(before)
    end)

    it('rejects with a reason, and on closing its window', function()
      local real = vim.ui.input
      vim.ui.input = function(_, on_confirm)
        on_confirm('  not like this ')
      end
      finally(function()
        vim.ui.input = real
      end)
      local events = d.record_events()
      local _, poll = four_hunks()
      d.press('Q')
      assert.are.equal('DIFF_REJECTED', (d.texts(d.wait_done(poll))))
      assert.is_true(vim.wait(1000, function()
        return #events == 2
      end, 5))
      assert.are.equal('not like this', events[2].data.reason)
      events.stop()
      d.assert_clean(before)
      _, poll = four_hunks()
      vim.cmd('close')
      assert.are.equal('DIFF_REJECTED', (d.texts(d.wait_done(poll))))
      d.assert_clean(before)
    end)

    it('accepts with :w, and rejects when the window shows another file (:e)', function()
      local _, poll = four_hunks()
      vim.cmd('write')
      assert.are.equal('FILE_SAVED', (d.texts(d.wait_done(poll))))
      d.assert_clean(before)
      local path
      path, poll = four_hunks()
      vim.cmd.edit(vim.fn.fnameescape(path))
      assert.are.equal('DIFF_REJECTED', (d.texts(d.wait_done(poll))))
      assert.is_true(
        vim.wait(1000, function()
          return #vim.api.nvim_list_tabpages() == 1
        end, 5),
        'the review closed'
      )
    end)
  end)

  describe('in a multi-file review', function()
    it("is a file's own view opened from the overview, and its accept comes back there", function()
      local a = h.file('multi_a.txt', { 'alpha' })
      local b = h.file('multi_b.txt', { 'beta' })
      local file = function(path, from, to)
        return {
          path = path,
          label = vim.fs.basename(path),
          current = { from },
          proposal = { to },
          summary = '1 edit',
          dirty = false,
        }
      end
      local opened = ctx.services.diff.openMulti({
        title = 'LSP rename x',
        files = { file(a, 'alpha', 'ALPHA'), file(b, 'beta', 'BETA') },
      })
      assert.is_true(opened.ok, opened.error)
      local outcome
      opened.review.onDecision(function(o)
        outcome = o
      end)
      local overview = vim.api.nvim_get_current_buf()
      local row
      for i, line in ipairs(d.lines(overview)) do
        if line == '+ALPHA' then
          row = i
        end
      end
      assert.is_not_nil(row, 'the overview shows the hunk')
      vim.api.nvim_win_set_cursor(0, { row, 0 })
      d.press('<CR>')
      assert.is_true(
        vim.wait(1000, function()
          return vim.b.claude_ide_diff ~= nil and vim.api.nvim_get_current_buf() ~= overview
        end, 5),
        "the file's own view"
      )
      local buf = d.buf('proposal')
      assert.are.same({ 'ALPHA' }, d.lines(buf))
      assert.are.equal(1, #vim.api.nvim_tabpage_list_wins(0), 'one window: the unified view')
      assert.is_false(vim.wo[0].diff)
      assert.matches('multi_a.txt', vim.wo[0].winbar, 1, true)
      assert.are.equal('ClaudeIdeDiffAdd', marks_with(buf, 'hl_eol')[0].hl_group)
      vim.cmd('write') -- keeps what the user made of the file, back to the overview
      assert.is_true(
        vim.wait(1000, function()
          return vim.api.nvim_get_current_buf() == overview
        end, 5),
        'back in the overview'
      )
      vim.cmd('write') -- apply everything
      assert.is_true(vim.wait(1000, function()
        return outcome ~= nil
      end, 5))
      assert.is_true(outcome.accepted)
      d.assert_clean(before)
    end)
  end)

  describe('texts', function()
    it('marks a proposal over 512 KiB again only once the typing pauses', function()
      local old, new = {}, {}
      for i = 1, 8000 do
        old[i] = ('local value_%d = compute(%d, "some text to make the line longer") -- %d'):format(i, i * 7, i)
        new[i] = i % 1000 == 500 and old[i]:gsub('compute', 'compute_v2') or old[i]
      end
      local path = h.file('huge.lua', old)
      local poll = open(path, table.concat(new, '\n') .. '\n')
      assert.is_true(vim.wait(1000, function()
        return vim.wo[0].winbar:find('8 hunks left', 1, true) ~= nil
      end, 5))
      local buf = d.buf('proposal')
      vim.api.nvim_buf_set_lines(buf, 99, 100, true, { 'changed' })
      d.tick()
      d.tick()
      assert.matches('8 hunks left', vim.wo[0].winbar, 1, true, 'not at once')
      assert.is_true(
        vim.wait(2000, function()
          return vim.wo[0].winbar:find('9 hunks left', 1, true) ~= nil
        end, 5),
        'after the pause'
      )
      d.press('qr') -- asked (the proposal was edited): rejected
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('shows a deleted file as all its lines removed, the proposal not modifiable', function()
      local a = h.file('gone.txt', { 'one', 'two' })
      local opened = ctx.services.diff.openMulti({
        title = 'LSP delete',
        files = {
          {
            path = a,
            label = 'gone.txt',
            current = { 'one', 'two' },
            proposal = {},
            summary = 'deleted',
            dirty = false,
            deletes = true,
          },
        },
      })
      assert.is_true(opened.ok, opened.error)
      local outcome
      opened.review.onDecision(function(o)
        outcome = o
      end)
      local buf = d.buf('proposal')
      assert.is_false(vim.bo[buf].modifiable)
      assert.matches('delete .*gone.txt', vim.wo[0].winbar)
      local virt = marks_with(buf, 'virt_lines')
      assert.are.same({ 0 }, vim.tbl_keys(virt))
      assert.are.equal('one', virt_text(virt[0].virt_lines[1]))
      assert.are.equal('two', virt_text(virt[0].virt_lines[2]))
      d.press('gH')
      assert.matches('cannot drop the hunk', messages.text(), 1, true)
      vim.cmd('write')
      assert.is_true(vim.wait(1000, function()
        return outcome ~= nil
      end, 5))
      assert.is_true(outcome.accepted)
      d.assert_clean(before)
    end)

    it('marks a 10,000-line proposal a loop turn after showing it, and a key pressed before has them', function()
      local old, new = {}, {}
      for i = 1, 10000 do
        old[i] = ('local value_%d = compute(%d, "some text to make the line longer") -- %d'):format(i, i * 7, i)
        new[i] = i % 100 == 50 and old[i]:gsub('compute', 'compute_v2') or old[i]
      end
      local path = h.file('big.lua', old)
      local poll = open(path, table.concat(new, '\n') .. '\n')
      local buf = d.buf('proposal')
      assert.are.same({}, marks(buf), 'not yet: the view first')
      d.press(']c')
      assert.are.equal(50, cursor_line(), 'the key computed them')
      assert.are.equal(100, vim.tbl_count(marks_with(buf, 'hl_eol')))
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
      poll = open(path, table.concat(new, '\n') .. '\n')
      buf = d.buf('proposal')
      assert.is_true(vim.wait(1000, function()
        return vim.tbl_count(marks_with(buf, 'virt_lines')) == 100
      end, 5))
      assert.are.equal(50, cursor_line(), 'on the first change once marked')
      assert.matches('100 hunks left', vim.wo[0].winbar, 1, true)
      vim.api.nvim_win_set_cursor(0, { 150, 0 })
      d.press('gH')
      assert.are.equal(old[150], d.lines(buf)[150])
      assert.are.equal(250, cursor_line())
      vim.cmd('write')
      local first, second = d.texts(d.wait_done(poll))
      assert.are.equal('FILE_SAVED', first)
      new[150] = old[150]
      assert.are.equal(table.concat(new, '\n') .. '\n', second)
      d.assert_clean(before)
    end)

    it('keeps CRLF endings', function()
      local path = h.file('crlf.txt', {})
      d.write(path, 'one\r\ntwo\r\nthree\r\n')
      local poll = open(path, 'one\r\nTWO\r\nthree\r\nfour\r\n')
      local buf = d.buf('proposal')
      assert.are.same({ 'one', 'TWO', 'three', 'four' }, d.lines(buf))
      assert.are.equal('dos', vim.bo[buf].fileformat)
      assert.matches('2 hunks left', vim.wo[0].winbar, 1, true)
      vim.cmd('write')
      local _, second = d.texts(d.wait_done(poll))
      assert.are.equal('one\r\nTWO\r\nthree\r\nfour\r\n', second)
      d.assert_clean(before)
    end)

    it('keeps a missing final newline, and a file without one compares line by line', function()
      local path = h.file('noeol.txt', {})
      d.write(path, 'a\nb')
      local poll = open(path, 'a\nB')
      local buf = d.buf('proposal')
      assert.is_false(vim.bo[buf].endofline)
      assert.matches('1 hunk left', vim.wo[0].winbar, 1, true)
      assert.are.equal(2, cursor_line())
      vim.cmd('write')
      local _, second = d.texts(d.wait_done(poll))
      assert.are.equal('a\nB', second)
      d.assert_clean(before)
    end)

    it('shows a new file as one added block', function()
      local path = vim.fn.tempname() .. '/new.txt'
      local poll = open(path, 'a\nb\n')
      local buf = d.buf('proposal')
      local signs = marks_with(buf, 'sign_text')
      assert.are.same({ 0, 1 }, vim.fn.sort(vim.tbl_keys(signs), 'n'))
      assert.are.equal('+', vim.trim(signs[0].sign_text))
      assert.are.equal('+', vim.trim(signs[1].sign_text))
      assert.are.same({ 0 }, vim.tbl_keys(marks_with(buf, 'hl_eol')), 'one block')
      assert.are.same({}, marks_with(buf, 'virt_lines'))
      assert.matches('new.txt (new file)', vim.wo[0].winbar, 1, true)
      d.press('gH')
      assert.are.same({ '' }, d.lines(buf))
      d.press('u')
      d.press('gh')
      assert.matches('all hunks decided', vim.wo[0].winbar, 1, true)
      vim.cmd('write')
      local first, second = d.texts(d.wait_done(poll))
      assert.are.equal('FILE_SAVED', first)
      assert.are.equal('a\nb\n', second)
      d.assert_clean(before)
    end)

    it('gives a block of more than 2,000 lines one sign mark over its lines, not one per line', function()
      local text = {}
      for i = 1, 2001 do
        text[i] = 'line ' .. i
      end
      local poll = open(vim.fn.tempname() .. '/big_new.txt', table.concat(text, '\n') .. '\n')
      local signs = marks_with(d.buf('proposal'), 'sign_text')
      assert.are.same({ 0 }, vim.tbl_keys(signs))
      assert.are.equal(2000, signs[0].end_row)
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)
  end)

  describe(
    'typed in a child Neovim (its own main loop: TextChanged, WinResized and :colorscheme as a user gets them)',
    function()
      local child, chan

      before_each(function()
        child = child_nvim.spawn()
        chan = child:rpc()
        vim.rpcrequest(
          chan,
          'nvim_exec_lua',
          [[
        local lualib = require('claude-ide.lualib_bundle')
        local config = require('claude-ide.config').validate({ diff = { layout = 'unified', focus = 'always' } }).config
        _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
          return nil
        end)
        _G.open_now = function(path, contents)
          local opened = _G.diffs.open({ oldPath = path, newPath = path, contents = contents, tabName = 'tab', clientId = 7 })
          opened.review.onDecision(function(outcome)
            _G.outcome = outcome
          end)
        end
        _G.marks = function()
          local ns = vim.api.nvim_get_namespaces()['claude-ide.unified']
          local out = {}
          for _, m in ipairs(vim.api.nvim_buf_get_extmarks(0, ns, 0, -1, { details = true })) do
            if m[4].hl_eol then
              table.insert(out, m[2])
            end
          end
          return out
        end
      ]],
          {}
        )
      end)

      after_each(function()
        child:quit()
        child:kill()
      end)

      local function eval(lua)
        return vim.rpcrequest(chan, 'nvim_exec_lua', lua, {})
      end

      local function wait_for(what, pred)
        assert(vim.wait(5000, pred, 20), 'timed out waiting for ' .. what)
      end

      local function input(keys)
        vim.rpcrequest(chan, 'nvim_input', keys)
      end

      local function lines()
        return eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)')
      end

      it('drops a block from its later line, marks it again on undo, follows an edit and answers it', function()
        local path = vim.fn.tempname() .. '.lua'
        vim.fn.writefile(FUNCTION, path)
        local proposal = { 'local function f()', '  local two = 2', '  return two', 'end', '', 'return f' }
        eval(('_G.open_now(%q, %q)'):format(path, table.concat(proposal, '\n') .. '\n'))
        wait_for('the review', function()
          return eval('return vim.b.claude_ide_diff ~= nil')
        end)
        assert.are.same({ 1 }, eval('return _G.marks()'))
        input('3GgH')
        wait_for('the block dropped', function()
          return vim.deep_equal(lines(), FUNCTION)
        end)
        assert.are.same({}, eval('return _G.marks()'))
        input('u')
        wait_for('the block marked again', function()
          return vim.deep_equal(eval('return _G.marks()'), { 1 })
        end)
        assert.are.same(proposal, lines())
        input('2GA -- two<Esc>')
        wait_for('the edit', function()
          return lines()[2] == '  local two = 2 -- two'
        end)
        -- a colour scheme change: the groups are back at once
        eval('vim.cmd.colorscheme("default")')
        assert.are.equal('DiffAdd', eval('return vim.api.nvim_get_hl(0, { name = "ClaudeIdeDiffAdd" }).link'))
        input(':w<CR>')
        wait_for('the answer', function()
          return eval('return _G.outcome ~= nil')
        end)
        local outcome = eval('return _G.outcome')
        assert.is_true(outcome.accepted)
        assert.are.equal(
          table.concat(proposal, '\n'):gsub('local two = 2', 'local two = 2 -- two', 1) .. '\n',
          outcome.text
        )
      end)

      it('fits its winbar again when the editor grows', function()
        local dir = vim.fn.tempname()
        vim.fn.mkdir(dir, 'p')
        local path = dir .. '/short.txt'
        vim.fn.writefile({ 'original' }, path)
        eval(('vim.cmd.cd(%q)'):format(dir)) -- the winbar names the file relative to the cwd
        eval('vim.o.columns = 60')
        eval(('_G.open_now(%q, "changed\\n")'):format(path))
        local function bar()
          return eval([[
          local win = vim.fn.win_getid(vim.fn.bufwinnr(vim.b.claude_ide_diff.proposal))
          return vim.api.nvim_eval_statusline(vim.wo[win].winbar, { winid = win, use_winbar = true }).str
        ]])
        end
        wait_for('the review', function()
          return eval('return vim.b.claude_ide_diff ~= nil')
        end)
        assert.matches(':w accept  q reject', bar(), 1, true)
        assert.is_nil(bar():find('next/prev', 1, true))
        input('<Ignore>')
        eval('vim.o.columns = 400')
        input('<Ignore>')
        wait_for('the parts back', function()
          return bar():find(']c/[c next/prev', 1, true) ~= nil
        end)
        assert.matches('1 hunk left', bar(), 1, true)
      end)
    end
  )
end)
