-- diff.layout = "auto": a review opened on a screen of 200 columns or more is side by side (two windows in diff
-- mode), on a narrower one unified (one window, no diff mode); decided when each review opens. It is the default.
local h = require('helpers.tools')
local d = require('helpers.diff')
local file_view = require('claude-ide.editor.review.file_view')

describe('diff.layout "auto"', function()
  local columns, ctx, before

  before_each(function()
    columns = vim.o.columns
    ctx = h.context({ diff = { layout = 'auto' } })
    before = d.snapshot()
  end)

  after_each(function()
    vim.o.columns = columns
    ctx.dispose()
    h.reset_editor()
  end)

  local function open_and_look()
    local path = h.file('auto.txt', { 'one', 'two' })
    local poll = h.start_call(ctx, 'openDiff', {
      old_file_path = path,
      new_file_path = path,
      new_file_contents = 'one\nTWO\n',
      tab_name = 'auto review',
    })
    local wins = vim.api.nvim_tabpage_list_wins(0)
    local diff = vim.wo[vim.api.nvim_get_current_win()].diff
    d.press('q')
    d.wait_done(poll)
    d.assert_clean(before)
    return #wins, diff
  end

  it('is side by side from 200 columns on, unified below', function()
    assert.are.equal(200, file_view.AUTO_SIDE_BY_SIDE_COLUMNS)
    vim.o.columns = 240
    assert.are.same({ 2, true }, { open_and_look() })
    vim.o.columns = 160
    assert.are.same({ 1, false }, { open_and_look() })
  end)

  it("is the default: a laptop's 160 columns get one window, 240 columns two side by side", function()
    local config = require('claude-ide.config').validate({}).config
    assert.are.equal('auto', config.diff.layout)
    ctx.dispose()
    -- the default, not the helper's side by side
    ctx = h.context({ diff = { layout = config.diff.layout } })
    vim.o.columns = 160
    assert.are.same({ 1, false }, { open_and_look() })
    vim.o.columns = 240
    assert.are.same({ 2, true }, { open_and_look() })
  end)

  it('leaves the other layouts as they are named', function()
    vim.o.columns = 100
    assert.are.equal('vertical', file_view.layoutNow('vertical'))
    assert.are.equal('horizontal', file_view.layoutNow('horizontal'))
    vim.o.columns = 300
    assert.are.equal('unified', file_view.layoutNow('unified'))
    assert.are.equal('vertical', file_view.layoutNow('auto'))
  end)
end)
