-- A huge review (over 20,000 lines) is shown without diff folds: Neovim computes those synchronously (about
-- 0.4 s per 100,000 lines), so the view would appear late. It is still a real diff: highlights, ]c to the
-- first change, accept returns the proposal. Its texts are cut into lines by Neovim, not in Lua (reviewText):
-- the same lines. A small review keeps Neovim's folds over unchanged text.
local h = require('helpers.tools')
local d = require('helpers.diff')

local TAB = '✻ [Claude Code] big.txt (b1g) ⧉'

describe('openDiff review of a huge file', function()
  local ctx

  before_each(function()
    ctx = h.context()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function texts(n, every)
    local old, new = {}, {}
    for i = 1, n do
      old[i] = ('line %d of a long file'):format(i)
      new[i] = i % every == every / 2 and ('line %d CHANGED'):format(i) or old[i]
    end
    return old, new
  end

  local function open(path, new)
    return h.start_call(ctx, 'openDiff', {
      old_file_path = path,
      new_file_path = path,
      new_file_contents = table.concat(new, '\n') .. '\n',
      tab_name = TAB,
    })
  end

  it('30,000 lines: diff mode without folds, the cursor on the first change, accept answers the proposal', function()
    local old, new = texts(30000, 100)
    local path = h.file('big.txt', old)
    local poll = open(path, new)
    assert.is_false((poll()))
    local left, right = d.win('current'), d.win('proposal')
    for _, win in ipairs({ left, right }) do
      assert.is_true(vim.wo[win].diff)
      assert.is_true(vim.wo[win].scrollbind)
      assert.is_true(vim.wo[win].cursorbind)
      assert.are.equal('manual', vim.wo[win].foldmethod)
      assert.are.equal(
        0,
        vim.api.nvim_win_call(win, function()
          return vim.fn.foldlevel(1) + vim.fn.foldclosed(1) + 1
        end)
      )
    end
    assert.are.equal(right, vim.api.nvim_get_current_win())
    assert.are.equal(50, vim.api.nvim_win_get_cursor(right)[1])
    assert.are_not.equal(0, vim.fn.diff_hlID(50, 1))
    vim.cmd('normal! ]c')
    assert.are.equal(150, vim.api.nvim_win_get_cursor(right)[1])
    vim.cmd('write')
    local first, second = d.texts(d.wait_done(poll))
    assert.are.equal('FILE_SAVED', first)
    assert.are.equal(table.concat(new, '\n') .. '\n', second)
    -- The review's window options were set locally: their global values (what a window editing a new buffer
    -- starts with) are untouched.
    assert.is_true(
      vim.wait(1000, function()
        return vim.t.claude_ide_diff == nil
      end, 5),
      'the review did not close'
    )
    for _, opt in ipairs({ 'diff', 'scrollbind', 'cursorbind' }) do
      assert.is_false(vim.api.nvim_get_option_value(opt, { scope = 'global' }), opt)
    end
    assert.is_true(vim.api.nvim_get_option_value('foldenable', { scope = 'global' }))
    assert.is_true(vim.api.nvim_get_option_value('wrap', { scope = 'global' }))
    assert.are.equal('manual', vim.api.nvim_get_option_value('foldmethod', { scope = 'global' }))
  end)

  it('shows the file and the proposal line for line (CRLF endings too), and leaves the expression register', function()
    local old, new = texts(30000, 100)
    local path = h.file('big.txt', {})
    d.write(path, table.concat(old, '\r\n') .. '\r\n')
    vim.fn.setreg('=', '6 * 7')
    local proposal = table.concat(new, '\r\n') .. '\r\n'
    local poll = h.start_call(ctx, 'openDiff', {
      old_file_path = path,
      new_file_path = path,
      new_file_contents = proposal,
      tab_name = TAB,
    })
    assert.is_false((poll()))
    assert.are.same(old, d.lines(d.buf('current')))
    assert.are.same(new, d.lines(d.buf('proposal')))
    assert.are.equal('dos', vim.bo[d.buf('proposal')].fileformat)
    assert.are.equal('6 * 7', vim.fn.getreg('=', 1))
    assert.is_false(vim.bo[d.buf('proposal')].modified)
    vim.cmd('silent undo')
    assert.are.same(new, d.lines(d.buf('proposal')), 'filling the proposal is not an undo step')
    vim.cmd('write')
    local first, second = d.texts(d.wait_done(poll))
    assert.are.equal('FILE_SAVED', first)
    assert.are.equal(proposal, second)
  end)

  it('a small file keeps the folds of :diffthis over unchanged text', function()
    local old, new = texts(400, 200)
    local path = h.file('small.txt', old)
    local poll = open(path, new)
    assert.is_false((poll()))
    local right = d.win('proposal')
    assert.are.equal('diff', vim.wo[right].foldmethod)
    assert.is_true(
      vim.api.nvim_win_call(right, function()
        return vim.fn.foldclosed(1) ~= -1
      end),
      'the unchanged lines before the first change are folded'
    )
    d.press('q')
    assert.are.equal('DIFF_REJECTED', (d.texts(d.wait_done(poll))))
  end)
end)
