-- editor/review/hunks: a block of changed lines is one hunk, found from any of its lines, on either side; a
-- block with no lines on a side is found from the line below the gap (as diff mode draws its filler).
local hunks = require('claude-ide.editor.review.hunks')

describe('review hunks', function()
  local a = { 'one', 'two', 'three', 'four', 'five', 'six' }
  local b = { 'one', 'TWO', 'TWO and a half', 'three', 'five', 'six', 'seven' }
  local found

  before_each(function()
    found = hunks.diffHunks(a, b)
  end)

  it('are the whole blocks vim.diff reports', function()
    assert.are.same({
      { a = 2, aCount = 1, b = 2, bCount = 2 },
      { a = 4, aCount = 1, b = 4, bCount = 0 },
      { a = 6, aCount = 0, b = 7, bCount = 1 },
    }, found)
  end)

  it('are found from any line of a block, on either side', function()
    assert.are.equal(found[1], hunks.hunkAt(found, 'b', 2, #b))
    assert.are.equal(found[1], hunks.hunkAt(found, 'b', 3, #b))
    assert.are.equal(found[1], hunks.hunkAt(found, 'a', 2, #a))
    assert.is_nil(hunks.hunkAt(found, 'b', 1, #b))
    assert.is_nil(hunks.hunkAt(found, 'b', 4, #b), 'the line above a deletion is not in it')
  end)

  it('a block with no lines on a side is found from the line below its gap, or the last line', function()
    assert.are.equal(found[2], hunks.hunkAt(found, 'b', 5, #b), '"five": just below the deleted "four"')
    assert.are.equal(found[3], hunks.hunkAt(found, 'a', 6, #a), 'added at the end: the last line')
  end)

  it('next and previous wrap around and land on a line of the block', function()
    assert.are.equal(found[2], hunks.nextHunk(found, 'b', 2, 'next', #b))
    assert.are.equal(5, hunks.hunkLine(found[2], 'b', #b))
    assert.are.equal(found[1], hunks.nextHunk(found, 'b', 7, 'next', #b))
    assert.are.equal(found[3], hunks.nextHunk(found, 'b', 2, 'prev', #b))
    assert.is_nil(hunks.nextHunk({}, 'b', 1, 'next', 1))
  end)
end)
