-- Hunk by hunk: in an openDiff review, take or drop the hunk under the cursor with the review's keys (typed
-- as a user would, mappings applied), jump between hunks, and accept: the answer is exactly the kept hunks.
local h = require('helpers.tools')
local d = require('helpers.diff')

local TAB = '✻ [Claude Code] hunks.txt (abc123) ⧉'
local ORIGINAL = { 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten' }

describe('hunk by hunk review', function()
  -- wide enough for every winbar part (a narrow window drops them whole, see diff_view_winbar_spec)
  local columns
  setup(function()
    columns = vim.o.columns
    vim.o.columns = 300
  end)
  teardown(function()
    vim.o.columns = columns
  end)
  local ctx, before, messages

  before_each(function()
    ctx = h.context()
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

  local function cursor_line()
    return vim.api.nvim_win_get_cursor(0)[1]
  end

  --- Four hunks: line 2 changed, line 5 changed, line 8 deleted, a line added after line 10.
  local function four_hunks()
    local path = h.file('hunks.txt', ORIGINAL)
    local proposal = { 'one', 'TWO', 'three', 'four', 'FIVE', 'six', 'seven', 'nine', 'ten', 'eleven' }
    return path, open(path, table.concat(proposal, '\n') .. '\n')
  end

  it('takes and drops hunks; the accepted text is the original plus exactly the taken hunks', function()
    local path, poll = four_hunks()
    local right = d.win('proposal')
    assert.are.equal(right, vim.api.nvim_get_current_win())
    assert.are.equal(2, cursor_line(), 'starts on the first hunk')
    assert.matches('gh/gH accept/reject hunk', vim.wo[right].winbar, 1, true)
    assert.matches(']c/[c next/prev', vim.wo[right].winbar, 1, true)
    assert.matches('4 hunks left', vim.wo[right].winbar, 1, true)

    d.press('gh') -- take TWO
    assert.are.equal(5, cursor_line(), 'on to the next hunk')
    assert.are.equal('TWO', d.lines(d.buf('current'))[2], 'a taken hunk is copied to the left side')
    assert.matches('3 hunks left', vim.wo[right].winbar, 1, true)
    assert.matches('+ 1 taken hunk', vim.wo[d.win('current')].winbar, 1, true)

    d.press('gH') -- drop FIVE: the original comes back into the proposal
    assert.are.equal('five', d.lines(d.buf('proposal'))[5])
    assert.are.equal(8, cursor_line(), 'on to the deletion')

    d.press('gH') -- drop the deletion of "eight": it comes back
    assert.are.same({ 'seven', 'eight', 'nine' }, vim.list_slice(d.lines(d.buf('proposal')), 7, 9))
    assert.are.equal(11, cursor_line(), 'on to the added line')
    assert.matches('1 hunk left', vim.wo[right].winbar, 1, true)

    d.press('gh') -- take "eleven"
    assert.matches('all hunks decided', vim.wo[right].winbar, 1, true)
    assert.are.same(d.lines(d.buf('current')), d.lines(d.buf('proposal')))
    assert.is_false(vim.bo[d.buf('current')].modifiable, 'the left side stays read-only')

    vim.cmd('write')
    local first, second = d.texts(d.wait_done(poll))
    assert.are.equal('FILE_SAVED', first)
    assert.are.equal('one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\n', second)
    assert.are.same(ORIGINAL, vim.fn.readfile(path), 'the plugin never writes the file')
    d.assert_clean(before)
  end)

  it('leaves undecided hunks in the answer, and works from the left window too', function()
    local _, poll = four_hunks()
    vim.api.nvim_set_current_win(d.win('current'))
    vim.api.nvim_win_set_cursor(0, { 5, 0 })
    d.press('gH') -- from the left: drop FIVE
    assert.are.equal('five', d.lines(d.buf('proposal'))[5])
    assert.are.equal(d.win('current'), vim.api.nvim_get_current_win())
    vim.cmd('write')
    local _, second = d.texts(d.wait_done(poll))
    assert.are.equal('one\nTWO\nthree\nfour\nfive\nsix\nseven\nnine\nten\neleven\n', second)
    d.assert_clean(before)
  end)

  it('jumps between hunks with ]c / [c, wrapping around at either end', function()
    local _, poll = four_hunks()
    local seen = { cursor_line() }
    for _ = 1, 4 do
      d.press(']c')
      table.insert(seen, cursor_line())
    end
    assert.are.same({ 2, 5, 8, 10, 2 }, seen)
    d.press('[c')
    assert.are.equal(10, cursor_line())
    d.press('q')
    assert.are.equal('DIFF_REJECTED', (d.texts(d.wait_done(poll))))
    d.assert_clean(before)
  end)

  -- A proposal turns one line into two: one block, whatever 'diffopt' (0.12's linematch draws it in two parts).
  for _, diffopt in ipairs({ 'internal,filler,closeoff,linematch:40', 'internal,filler,closeoff' }) do
    for _, on_line in ipairs({ 2, 3 }) do
      it(('drops the whole block with gH on its line %d (diffopt %s)'):format(on_line, diffopt), function()
        local saved = vim.o.diffopt
        vim.o.diffopt = diffopt
        local original = { 'function M.b()', '  return 2', 'end', '', 'return M' }
        local path = h.file('block.lua', original)
        local proposal = { 'function M.b()', '  local two = 2', '  return two', 'end', '', 'return M -- kept' }
        local poll = open(path, table.concat(proposal, '\n') .. '\n')
        assert.are.equal(2, cursor_line(), 'starts on the block')
        d.press(']c')
        assert.are.equal(6, cursor_line(), ']c: on to the next block, no second stop inside this one')
        d.press('[c')
        assert.are.equal(2, cursor_line(), "[c: back to the block's first line")
        vim.api.nvim_win_set_cursor(0, { on_line, 0 })
        d.press('gH')
        local expected = { 'function M.b()', '  return 2', 'end', '', 'return M -- kept' }
        assert.are.same(expected, d.lines(d.buf('proposal')), 'the whole block is the original again')
        assert.matches('1 hunk left', vim.wo[d.win('proposal')].winbar, 1, true)
        vim.o.diffopt = saved
        vim.cmd('write')
        local result, text = d.texts(d.wait_done(poll))
        assert.are.equal('FILE_SAVED', result)
        assert.are.equal(table.concat(expected, '\n') .. '\n', text)
        d.assert_clean(before)
      end)
    end
  end

  it('takes the whole block with gh on its last line: the left side gets all of it', function()
    local original = { 'a', 'b', 'c', 'd' }
    local path = h.file('take_block.txt', original)
    local poll = open(path, 'a\nB1\nB2\nB3\nd\n')
    vim.api.nvim_win_set_cursor(0, { 4, 0 })
    d.press('gh')
    assert.are.same({ 'a', 'B1', 'B2', 'B3', 'd' }, d.lines(d.buf('current')))
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

  it('works for a new file: taking its one hunk, then accepting', function()
    local path = vim.fn.tempname() .. '/new.txt'
    local poll = open(path, 'a\nb\n')
    d.press('gh')
    assert.are.same({ 'a', 'b' }, d.lines(d.buf('current')))
    assert.matches('all hunks decided', vim.wo[d.win('proposal')].winbar, 1, true)
    vim.cmd('write')
    local first, second = d.texts(d.wait_done(poll))
    assert.are.equal('FILE_SAVED', first)
    assert.are.equal('a\nb\n', second)
    d.assert_clean(before)
  end)

  it('uses the configured keys, and none for a key set to false', function()
    ctx.dispose()
    ctx = h.context({ diff = { keymaps = { take_hunk = '<Space>t', drop_hunk = false } } })
    local _, poll = four_hunks()
    local buf = d.buf('proposal')
    assert.are.equal('', vim.fn.maparg('gH', 'n', false, false), 'no drop key')
    assert.are.equal('', vim.fn.maparg('gh', 'n', false, false), 'no default take key')
    d.press(' t')
    assert.are.equal('TWO', d.lines(d.buf('current'))[2])
    assert.matches('<Space>t accept hunk', vim.wo[d.win('proposal')].winbar, 1, true)
    assert.are.equal(buf, d.buf('proposal'))
    d.press('qr') -- asked (a hunk was decided): rejected
    d.wait_done(poll)
    d.assert_clean(before)
  end)
end)
