-- The overview of a multi-file review (editor/review/overview.ts, driven by multi_review.ts): one read-only
-- buffer with every file's hunks in unified form, decided hunk by hunk or file by file, a file's own review
-- opened from a hunk and back, and the outcome applied or rejected. Driven through the real DiffManager, as the
-- turn review, the LSP edits and the change sets drive it.
local h = require('helpers.tools')
local d = require('helpers.diff')
local overview = require('claude-ide.editor.review.overview')

local TWELVE = { 'l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9', 'l10', 'l11', 'l12' }
local CHANGED = { 'l1', 'L2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'X9', 'X10', 'X11', 'l11', 'l12' }

describe('the overview of a multi-file review', function()
  local ctx, before, dir

  before_each(function()
    dir = vim.fn.tempname()
    ctx = h.context()
    before = d.snapshot()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  --- A created, a deleted and a changed file (in that order), a turn's (kept or reverted; `proposal`: a proposal,
  --- accepted or rejected); returns the review and its outcome poll.
  local function open(keys, title, proposal)
    local opened = ctx.services.diff.openMulti({
      title = title or 'turn 1: 3 files, 1 by shell commands',
      client = 'Claude Code',
      keys = keys,
      turn = not proposal,
      files = {
        {
          path = dir .. '/new.txt',
          label = 'new.txt',
          current = nil,
          proposal = { 'n1', 'n2' },
          summary = 'created by a shell command',
          dirty = false,
        },
        {
          path = dir .. '/old.txt',
          label = 'old.txt',
          current = { 'o1', 'o2' },
          proposal = {},
          summary = "deleted by the agent's edits",
          dirty = false,
          deletes = true,
        },
        {
          path = dir .. '/c.txt',
          label = 'c.txt',
          current = vim.deepcopy(TWELVE),
          proposal = vim.deepcopy(CHANGED),
          summary = "changed by the agent's edits",
          dirty = false,
        },
      },
    })
    assert.is_true(opened.ok, opened.error)
    local outcome
    opened.review.onDecision(function(o)
      outcome = o
    end)
    return opened.review, function()
      return outcome
    end
  end

  local function wait_outcome(poll)
    assert(
      vim.wait(2000, function()
        return poll() ~= nil
      end, 5),
      'no outcome'
    )
    return poll()
  end

  local function lines()
    return vim.api.nvim_buf_get_lines(0, 0, -1, true)
  end

  local function row()
    return vim.api.nvim_win_get_cursor(0)[1]
  end

  local function marks()
    local ns = vim.api.nvim_create_namespace('claude-ide.overview')
    -- Per line (1-based): its line highlight and virtual text, and `text`: the ranges of changed text in it.
    local by_row = {}
    for _, m in ipairs(vim.api.nvim_buf_get_extmarks(0, ns, 0, -1, { details = true })) do
      local line = by_row[m[2] + 1] or { text = {} }
      by_row[m[2] + 1] = line
      if m[4].hl_eol then
        line.line_hl_group = m[4].hl_group -- an added or removed line's colour, to the window's edge
      elseif m[4].hl_group then
        table.insert(line.text, { m[3], m[4].end_col, m[4].hl_group })
      else
        line.line_hl_group, line.virt_text = m[4].line_hl_group, m[4].virt_text
      end
    end
    return by_row
  end

  --- A screen `columns` wide until the test ends (a window opened from now on is as wide).
  local function screen(columns)
    local was = vim.o.columns
    vim.o.columns = columns
    finally(function()
      vim.o.columns = was
    end)
  end

  local HEADER_NEW = 'new.txt (created by a shell command): '
  local HEADER_OLD = "old.txt (deleted by the agent's edits): "
  local HEADER_C = "c.txt (changed by the agent's edits): "

  it('shows the title, each file with its header and its hunks with 3 lines of context, highlighted', function()
    open()
    assert.are.same({
      'turn 1: 3 files, 1 by shell commands',
      HEADER_NEW .. '1 hunk',
      '@@ -0,0 +1,2 @@',
      '+n1',
      '+n2',
      HEADER_OLD .. '1 hunk',
      '@@ -1,2 +0,0 @@',
      '-o1',
      '-o2',
      HEADER_C .. '2 hunks',
      '@@ -1,5 +1,5 @@',
      ' l1',
      '-l2',
      '+L2',
      ' l3',
      ' l4',
      ' l5',
      '@@ -6,7 +6,8 @@',
      ' l6',
      ' l7',
      ' l8',
      '-l9',
      '-l10',
      '+X9',
      '+X10',
      '+X11',
      ' l11',
      ' l12',
    }, lines())
    assert.is_false(vim.bo.modifiable)
    assert.are.equal(2, row(), 'the cursor starts on the first header')
    local m = marks()
    assert.are.equal('ClaudeIdeReviewHeader', m[2].line_hl_group)
    assert.are.equal('ClaudeIdeReviewHunk', m[3].line_hl_group)
    assert.are.equal('ClaudeIdeDiffAdd', m[4].line_hl_group)
    assert.are.equal('ClaudeIdeDiffDelete', m[8].line_hl_group)
    assert.is_nil(m[12], 'context lines are not highlighted')
    -- Lines changed one for one: what changed inside them too.
    assert.are.same({ { 1, 2, 'ClaudeIdeDiffText' } }, m[13].text)
    assert.are.same({ { 1, 2, 'ClaudeIdeDiffText' } }, m[14].text)
    assert.are.same({}, m[22].text, 'a block of 2 lines replaced by 3: no pairs')
    for name, target in pairs({
      ClaudeIdeDiffAdd = 'DiffAdd',
      ClaudeIdeDiffDelete = 'DiffDelete',
      ClaudeIdeDiffText = 'DiffText',
      ClaudeIdeReviewHeader = 'Title',
    }) do
      assert.are.equal(target, vim.api.nvim_get_hl(0, { name = name }).link, name)
    end
    -- A colorscheme's :hi clear removes them; the overview defines them again.
    vim.cmd('highlight clear')
    vim.api.nvim_exec_autocmds('ColorScheme', {})
    assert.are.equal('DiffAdd', vim.api.nvim_get_hl(0, { name = 'ClaudeIdeDiffAdd' }).link)
    -- The winbar leads with the client and the keys that decide and move; then the files and hunks left, and
    -- the title (the buffer's first line) last.
    assert.matches('^ Claude Code  :w apply  q close  gh/gH keep/revert hunk  <CR> open file', vim.wo.winbar)
    -- a filetype of its own (the user's FileType autocmds set its options)
    assert.are.equal('claude-ide-review', vim.bo.filetype)
    -- The buffer is named after the title, read whole in the default tab line (which shortens all but a name's tail)
    assert.are.equal('claude-ide://turn 1: 3 files, 1 by shell commands', vim.api.nvim_buf_get_name(0))
    d.press('q')
    d.assert_clean(before)
  end)

  it(
    'names its buffer and shows its title without the ✻ a font may lack, a path in the name cut to its tail',
    function()
      screen(300)
      open(nil, '✻ [Claude Code] rename of "double" at lua/shape.lua:4:12 to "times2" (1)')
      assert.are.equal(
        'claude-ide://[Claude Code] rename of "double" at shape.lua:4:12 to "times2" (1)',
        vim.api.nvim_buf_get_name(0)
      )
      assert.are.equal('[Claude Code] rename of "double" at lua/shape.lua:4:12 to "times2" (1)', lines()[1])
      assert.matches('  · rename of "double" at lua/shape%.lua:4:12 to "times2" %(1%)%%<$', vim.wo.winbar)
      -- the tab page keeps the whole title: the CLI closes a review by it
      assert.are.equal(
        '✻ [Claude Code] rename of "double" at lua/shape.lua:4:12 to "times2" (1)',
        vim.t.claude_ide_diff
      )
      d.press('q')
      d.assert_clean(before)
      local name = require('claude-ide.editor.review.view_parts').reviewName
      assert.are.equal(
        'claude-ide://[Claude Code] rename of "double" at shape.lua:4:12 to "times2" (1)',
        name('✻ [Claude Code] rename of "double" at lua/shape.lua:4:12 to "times2" (1)')
      )
      assert.are.equal('claude-ide://greet.lua (proposal)', name('greet.lua (proposal)'))
      assert.are.equal('greet.lua (proposal)', vim.fn.fnamemodify(name('a/b/greet.lua (proposal)'), ':t'))
    end
  )

  it('its winbar at 80, 120 and 160 columns: what decides and moves first, the title (its first line) last', function()
    local bars = {}
    for _, columns in ipairs({ 80, 120, 160, 300 }) do
      local was = vim.o.columns
      vim.o.columns = columns
      open()
      bars[columns] = vim.wo.winbar
      vim.o.columns = was
      d.press('q')
      d.assert_clean(before)
    end
    local decide = ' Claude Code  :w apply  q close  gh/gH keep/revert hunk  <CR> open file'
    local move = '  ]c/[c next/prev hunk  ]f/[f next/prev file'
    assert.are.equal(decide .. '%<', bars[80])
    assert.are.equal(decide .. move .. '%<', bars[120])
    assert.are.equal(decide .. move .. '  gR revert file  · 3 files, 4 hunks left%<', bars[160])
    assert.are.equal(
      decide
        .. move
        .. '  gR revert file  Q reject with a reason  g? keys  gn note  · 3 files, 4 hunks left  · turn 1: 3 files, 1 by shell commands%<',
      bars[300]
    )
  end)

  it(']f / [f move between headers, ]c / [c between hunks, both wrapping', function()
    open()
    local seen = {}
    for _, k in ipairs({ ']f', ']f', ']f', '[f', ']c', ']c', ']c', '[c', '[c' }) do
      d.press(k)
      table.insert(seen, row())
    end
    assert.are.same({ 6, 10, 2, 10, 11, 18, 3, 18, 11 }, seen)
    d.press('q')
    d.assert_clean(before)
  end)

  it('gh / gH keep and drop hunks (a dropped block comes back whole), counted in its header; :w applies', function()
    screen(300)
    local _, outcome = open()
    vim.api.nvim_win_set_cursor(0, { 22, 0 }) -- inside c.txt's second hunk (its '-l9')
    d.press('gH')
    assert.are.equal(HEADER_C .. '1 of 2 hunks to revert', lines()[10])
    assert.are.equal(3, row(), 'on to the next hunk, wrapping around')
    local m = marks()
    assert.are.same({ { '  to revert', 'ClaudeIdeReviewDropped' } }, m[18].virt_text)
    assert.are.equal('ClaudeIdeReviewDropped', m[24].line_hl_group)
    vim.api.nvim_win_set_cursor(0, { 13, 0 })
    d.press('gh')
    assert.are.equal(HEADER_C .. '1 of 2 hunks to revert, 1 kept', lines()[10])
    assert.are.same({ { '  kept', 'ClaudeIdeReviewKept' } }, marks()[11].virt_text)
    assert.are.equal('ClaudeIdeDiffAdd', marks()[14].line_hl_group)
    -- Pressed again: undecided again, then kept again.
    vim.api.nvim_win_set_cursor(0, { 13, 0 })
    d.press('gh')
    assert.are.equal(HEADER_C .. '1 of 2 hunks to revert', lines()[10])
    vim.api.nvim_win_set_cursor(0, { 13, 0 })
    d.press('gh')
    -- A deletion is all or nothing: its hunk is not dropped.
    vim.api.nvim_win_set_cursor(0, { 8, 0 })
    d.press('gH')
    assert.are.equal(HEADER_OLD .. '1 hunk', lines()[6])
    assert.matches('3 files, 2 hunks left', vim.wo.winbar)
    vim.cmd('write')
    assert.are.same({
      accepted = true,
      files = {
        { 'n1', 'n2' },
        {},
        { 'l1', 'L2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9', 'l10', 'l11', 'l12' },
      },
    }, wait_outcome(outcome))
    d.assert_clean(before)
  end)

  it('gH on a header drops the whole file; <CR> on a header opens that file, never applies; :w applies', function()
    local _, outcome = open()
    d.press('gH') -- on new.txt's header
    assert.are.equal(HEADER_NEW .. '1 of 1 hunk to revert', lines()[2])
    vim.api.nvim_win_set_cursor(0, { 10, 0 })
    d.press('gR') -- anywhere in c.txt: the same without a key of the request's
    assert.are.equal(HEADER_C .. '2 of 2 hunks to revert', lines()[10])
    vim.api.nvim_win_set_cursor(0, { 6, 0 })
    d.press('<CR>') -- old.txt's header: its review
    local prop = d.file_proposal()
    assert.is_nil(outcome(), '<CR> applies nothing')
    assert.are.equal('claude-ide://old.txt (proposal)', vim.api.nvim_buf_get_name(prop))
    d.back_to_overview()
    assert.are.equal(7, row(), 'back on its hunk')
    d.tick()
    assert.is_nil(outcome())
    vim.cmd('write')
    assert.are.same({ accepted = true, files = { {}, {}, TWELVE } }, wait_outcome(outcome))
    d.assert_clean(before)
  end)

  it("the request's whole-file key (the turn review's revert) runs for gR and for gH on a header", function()
    local called = {}
    local _, outcome = open({
      {
        lhs = 'gR',
        desc = 'revert the whole file',
        fn = function(index, set_proposal)
          table.insert(called, index)
          set_proposal(index == 0 and {} or { 'o1', 'o2' })
        end,
      },
    })
    d.press('gH') -- new.txt's header
    assert(vim.wait(1000, function()
      return #called == 1
    end, 5))
    assert.are.equal(HEADER_NEW .. 'the whole file to revert', lines()[2])
    assert.are.equal(2, row(), 'the cursor on that file')
    d.press(']f') -- old.txt
    d.press('j')
    d.press('gR')
    assert(vim.wait(1000, function()
      return #called == 2
    end, 5))
    assert.are.same({ 0, 1 }, called)
    assert.are.equal(HEADER_OLD .. 'the whole file to revert', lines()[3])
    vim.cmd('write')
    assert.are.same({ accepted = true, files = { {}, { 'o1', 'o2' }, CHANGED } }, wait_outcome(outcome))
    d.assert_clean(before)
  end)

  it("<CR> on a hunk opens its file's review as decided so far; :w there keeps the edit and comes back", function()
    local _, outcome = open()
    vim.api.nvim_win_set_cursor(0, { 13, 0 })
    d.press('gH') -- c.txt's first hunk dropped: L2 back to l2
    vim.api.nvim_win_set_cursor(0, { 22, 0 })
    d.press('<CR>')
    local prop
    assert(
      vim.wait(2000, function()
        local v = vim.b.claude_ide_diff
        return v ~= nil and v.role == 'proposal' and vim.bo.buftype == 'acwrite' and vim.wo.diff
      end, 5),
      "the file's review"
    )
    prop = vim.api.nvim_get_current_buf()
    assert.are.same({ 'l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'X9', 'X10', 'X11', 'l11', 'l12' }, d.lines(prop))
    assert.are.equal(9, row(), 'the cursor at that hunk')
    assert.are.equal('n', vim.api.nvim_get_mode().mode)
    -- q: back, unchanged (the decision stays).
    d.press('q')
    assert(
      vim.wait(2000, function()
        return overview.overviewOf(vim.api.nvim_get_current_buf()) ~= nil
      end, 5),
      'back to the overview'
    )
    assert.are.equal(HEADER_C .. '1 of 2 hunks to revert', lines()[10])
    assert.are.equal(18, row(), 'the cursor on the hunk it left from')
    assert.are.equal(2, #vim.api.nvim_list_tabpages())
    -- Again, edited and written this time.
    vim.api.nvim_win_set_cursor(0, { 18, 0 })
    d.press('<CR>')
    assert(
      vim.wait(2000, function()
        return vim.wo.diff and vim.bo.buftype == 'acwrite'
      end, 5),
      "the file's review"
    )
    vim.api.nvim_buf_set_lines(0, 0, 1, true, { 'EDITED' })
    vim.cmd('write')
    assert(
      vim.wait(2000, function()
        return overview.overviewOf(vim.api.nvim_get_current_buf()) ~= nil
      end, 5),
      'back to the overview'
    )
    assert.are.equal(HEADER_C .. '2 hunks', lines()[10])
    assert.are.same({ '@@ -1,4 +1,4 @@', '-l1', '+EDITED', ' l2' }, vim.list_slice(lines(), 11, 14))
    assert.are.equal(17, row(), 'on the hunk it left from (its second)')
    assert.are.equal(2, #vim.api.nvim_list_tabpages())
    assert.is_nil(outcome(), 'nothing decided yet')
    vim.cmd('write')
    assert.are.same({
      accepted = true,
      files = {
        { 'n1', 'n2' },
        {},
        { 'EDITED', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'X9', 'X10', 'X11', 'l11', 'l12' },
      },
    }, wait_outcome(outcome))
    d.assert_clean(before)
  end)

  it("in a file's review: Q with a reason rejects the whole review; the request's key there comes back", function()
    local called = 0
    local _, outcome = open({
      {
        lhs = 'gR',
        desc = 'revert the whole file',
        fn = function(_, set_proposal)
          called = called + 1
          set_proposal(TWELVE)
        end,
      },
    })
    d.open_file(3)
    d.press('gR')
    assert(
      vim.wait(2000, function()
        return called == 1 and overview.overviewOf(vim.api.nvim_get_current_buf()) ~= nil
      end, 5),
      'back to the overview, the file reverted'
    )
    assert.are.equal(HEADER_C .. 'the whole file to revert', lines()[10])
    assert.are.equal(2, #vim.api.nvim_list_tabpages())
    local input = vim.ui.input
    vim.ui.input = function(_, cb)
      cb('not this one')
    end
    d.open_file(1)
    d.press('Q')
    vim.ui.input = input
    assert.are.same({ accepted = false, reason = 'not this one' }, wait_outcome(outcome))
    d.assert_clean(before)
  end)

  it('q rejects the whole review; Q with a reason; closing the window rejects', function()
    local _, outcome = open()
    d.press('q')
    assert.are.same({ accepted = false }, wait_outcome(outcome))
    d.assert_clean(before)

    local input = vim.ui.input
    vim.ui.input = function(_, cb)
      cb('  not these  ')
    end
    local _, second = open()
    d.press('Q')
    vim.ui.input = input
    assert.are.same({ accepted = false, reason = 'not these' }, wait_outcome(second))
    d.assert_clean(before)

    local _, third = open()
    vim.cmd('close')
    assert.are.same({ accepted = false }, wait_outcome(third))
    d.assert_clean(before)
  end)

  it('a review of one file keeps the plain side-by-side view', function()
    local opened = ctx.services.diff.openMulti({
      title = 'one',
      files = {
        {
          path = dir .. '/one.txt',
          label = 'one.txt',
          current = { 'a' },
          proposal = { 'b' },
          summary = '1 edit',
          dirty = false,
        },
      },
    })
    assert.is_true(opened.ok)
    assert.is_true(vim.wo.diff)
    assert.is_nil(overview.overviewOf(vim.api.nvim_get_current_buf()))
    d.press('q')
    d.assert_clean(before)
  end)
end)

describe('the overview of 50 files and 2,000 hunks', function()
  it('opens at once, computes its hunks and highlights them in slices, each short', function()
    local ctx = h.context()
    local files = {}
    for f = 1, 50 do
      local old, new = {}, {}
      for l = 1, 400 do
        old[l] = ('file %d line %d'):format(f, l)
        new[l] = l % 10 == 5 and old[l] .. ' changed' or old[l]
      end
      files[f] = { path = '/tmp/f' .. f, label = 'f' .. f, current = old, proposal = new, summary = 'x', dirty = false }
    end
    local opened = ctx.services.diff.openMulti({ title = 'big', files = files })
    assert.is_true(opened.ok)
    local buf = vim.api.nvim_get_current_buf()
    local view = overview.overviewOf(buf)
    -- Shown at once with the first files; the others follow in slices (how long the editor is frozen meanwhile is
    -- bench/review_overview.lua's figure: no timing here).
    local first = vim.api.nvim_buf_get_lines(buf, 0, -1, true)
    assert.are.equal('big', first[1])
    assert.are.equal('f1 (x): 40 hunks', first[2])
    assert.matches('^computing the hunks of %d+ more files…$', first[#first])
    assert.is_true(#first < 1 + 50 + 2000 * 9)
    assert(
      vim.wait(5000, function()
        return view:highlighted()
      end, 1),
      'every line highlighted in the end'
    )
    local ns = vim.api.nvim_create_namespace('claude-ide.overview')
    assert.are.equal(1 + 50 + 2000 * 9, vim.api.nvim_buf_line_count(buf))
    -- a header, and per hunk its @@, - and + lines and the changed text of its + line
    assert.are.equal(50 + 2000 * 4, #vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, {}))
    assert.are.equal(2, vim.api.nvim_win_get_cursor(0)[1])
    -- A file's new text of 9,000 changed lines (more than Lua unpacks at once) replaces its part.
    local long = {}
    for l = 1, 9000 do
      long[l] = 'new ' .. l
    end
    view:setProposal(0, long)
    assert.are.equal('f1 (x): 1 hunk', vim.api.nvim_buf_get_lines(buf, 1, 2, true)[1])
    assert.are.equal(1 + 50 + 2000 * 9 - 40 * 9 + 1 + 400 + 9000, vim.api.nvim_buf_line_count(buf))
    assert.are.equal('f2 (x): 40 hunks', vim.api.nvim_buf_get_lines(buf, 9403, 9404, true)[1])
    d.press('q')
    assert(
      vim.wait(2000, function()
        return not vim.api.nvim_buf_is_valid(buf)
      end, 5),
      'the overview closed'
    )
    ctx.dispose()
    h.reset_editor()
  end)
end)

describe('an overview that arrives while the user is elsewhere', function()
  it('opens behind and waits (counted, marked); :ClaudeCodeFocus brings the user there, and back after', function()
    local ctx = h.context({ diff = { focus = 'auto' } })
    -- Neovim 0.12's default statusline, once vim.ui is loaded, adds an autocmd of its own the first time it is
    -- drawn (vim.ui.progress_status): made before the snapshot, it is not counted as the review's.
    if vim.ui.progress_status then
      vim.ui.progress_status()
    end
    local before = d.snapshot()
    local here = vim.api.nvim_get_current_win()
    local file = function(name)
      return {
        path = '/tmp/' .. name,
        label = name,
        current = { 'a' },
        proposal = { 'b' },
        summary = 'x',
        dirty = false,
      }
    end
    local opened = ctx.services.diff.openMulti({ title = 'behind', files = { file('x.txt'), file('y.txt') } })
    assert.is_true(opened.ok)
    local outcome
    opened.review.onDecision(function(o)
      outcome = o
    end)
    assert.are.equal(here, vim.api.nvim_get_current_win())
    assert.are.equal('n', vim.api.nvim_get_mode().mode)
    assert.are.equal(1, vim.g.claude_ide_reviews_waiting)
    local buf = d.overview()
    assert.is_true(vim.b[buf].claude_ide_diff.waiting)
    assert.are.equal('behind', vim.t[vim.api.nvim_win_get_tabpage(vim.fn.win_findbuf(buf)[1])].claude_ide_diff)
    assert.is_true(ctx.services.diff.focusWaiting())
    assert.are.equal(buf, vim.api.nvim_get_current_buf())
    assert.are.equal(0, vim.g.claude_ide_reviews_waiting)
    assert.is_nil(vim.b[buf].claude_ide_diff.waiting)
    d.press('q')
    assert(vim.wait(2000, function()
      return outcome ~= nil
    end, 5))
    assert.are.same({ accepted = false }, outcome)
    d.assert_clean(before)
    assert.are.equal(here, vim.api.nvim_get_current_win())
    ctx.dispose()
    h.reset_editor()
  end)
end)
