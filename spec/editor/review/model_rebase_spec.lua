-- model.rebased: a change (a turn's revert) made on top of another change of the same text (the user's unsaved
-- edits in the buffer), as a three-way merge that never touches the user's lines or the lines next to them.
local model = require('claude-ide.editor.review.model')

describe('model.rebased', function()
  local base = { '1', '2', '3', '4', '5', '6', '7', '8', '9', '10' }

  it('applies ours around theirs when they are apart, theirs kept as they are', function()
    local ours = vim.deepcopy(base)
    ours[8] = 'eight'
    local theirs = vim.deepcopy(base)
    theirs[2] = 'two (the user)'
    table.insert(theirs, 4, 'a line of the user')
    local expected = vim.deepcopy(theirs)
    expected[9] = 'eight'
    assert.are.same(expected, model.rebased(base, ours, theirs))
  end)

  it('takes insertions and deletions of both', function()
    local ours = { '1', '2', '3', '4', '5', '6', '7', '10' }
    local theirs = { 'zero', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10' }
    assert.are.same({ 'zero', '1', '2', '3', '4', '5', '6', '7', '10' }, model.rebased(base, ours, theirs))
    -- ours adds at the end, theirs removes the first line
    assert.are.same(
      { '2', '3', '4', '5', '6', '7', '8', '9', '10', '11' },
      model.rebased(base, vim.list_extend(vim.deepcopy(base), { '11' }), vim.list_slice(base, 2))
    )
  end)

  it('refuses when ours touches the lines theirs changed, or a line next to them', function()
    local ours = vim.deepcopy(base)
    ours[5] = 'five'
    local same = vim.deepcopy(base)
    same[5] = 'FIVE'
    assert.is_nil(model.rebased(base, ours, same))
    local next_to = vim.deepcopy(base)
    next_to[6] = 'six'
    assert.is_nil(model.rebased(base, ours, next_to))
    local inserted = vim.deepcopy(base)
    table.insert(inserted, 5, 'above five')
    assert.is_nil(model.rebased(base, ours, inserted))
  end)

  it('is ours when theirs is the base', function()
    local ours = { '1', 'two' }
    assert.are.same(ours, model.rebased(base, ours, base))
  end)
end)
