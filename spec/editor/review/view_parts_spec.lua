-- What the review views share (editor/review/view_parts.ts), seen through the views: here the teardown of a view
-- left in Neovim's last window, which cannot close (removeView, closeViewWindow): the window stays, with an empty
-- buffer and nothing of the view (its winbar, diff mode, the unified view's 'signcolumn').
local h = require('helpers.tools')
local d = require('helpers.diff')

local TAB = '✻ [Claude Code] last.txt (abc123) ⧉'

describe('a review view in the last window', function()
  local ctx, signcolumn

  before_each(function()
    signcolumn = vim.o.signcolumn
    vim.o.signcolumn = 'no'
  end)

  after_each(function()
    vim.o.signcolumn = signcolumn
    if ctx then
      ctx.dispose()
    end
    h.reset_editor()
  end)

  --- Opens a review (it takes the focus: diff.focus "always"), leaves it alone in its tab page, alone in Neovim.
  local function open_alone(layout)
    ctx = h.context({ diff = { layout = layout } })
    local path = h.file('last.txt', { 'one', 'two' })
    local poll = h.start_call(ctx, 'openDiff', {
      old_file_path = path,
      new_file_path = path,
      new_file_contents = 'one\nTWO\n',
      tab_name = TAB,
    })
    vim.api.nvim_set_current_win(d.win('proposal'))
    vim.cmd('silent tabonly')
    return poll
  end

  --- The one window left: an empty buffer, none of the review's, and nothing the view set on the window.
  local function assert_bare()
    assert.are.equal(1, #vim.api.nvim_list_wins())
    local win = vim.api.nvim_get_current_win()
    local buf = vim.api.nvim_win_get_buf(win)
    assert.are.equal('', vim.api.nvim_buf_get_name(buf))
    assert.are.same({ '' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.is_nil(vim.b[buf].claude_ide_diff)
    assert.are.equal('', vim.wo[win].winbar)
    assert.is_false(vim.wo[win].diff)
    assert.are.equal('no', vim.wo[win].signcolumn)
  end

  --- The call answered DIFF_REJECTED, and the view torn down (maybe on the next tick) to a bare last window.
  local function assert_rejected_and_bare(poll)
    local first = d.texts(d.wait_done(poll))
    assert.are.equal('DIFF_REJECTED', first)
    vim.wait(200, function()
      return vim.b.claude_ide_diff == nil and vim.wo.winbar == ''
    end, 5)
    assert_bare()
  end

  it('side by side: closing the other window rejects; the proposal window stays, out of diff mode', function()
    local poll = open_alone('vertical')
    assert.is_true(vim.wo.diff)
    assert.are_not.equal('', vim.wo.winbar)
    vim.cmd('silent only')
    assert_rejected_and_bare(poll)
  end)

  it('unified: q rejects; the window stays, its winbar gone and its sign column as it was', function()
    local poll = open_alone('unified')
    assert.are.equal(1, #vim.api.nvim_list_wins())
    assert.are.equal('yes', vim.wo.signcolumn)
    assert.are_not.equal('', vim.wo.winbar)
    d.press('q')
    assert_rejected_and_bare(poll)
  end)
end)
