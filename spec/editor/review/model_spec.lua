-- editor/review/model: the review's hunk maths, one pure module. A block of changed lines is one hunk, found from
-- any of its lines, on either side; a block with no lines on a side is found from the line below the gap (as diff
-- mode draws its filler). Decisions applied give the text; the changed part of a line never splits a character.
local hunks = require('claude-ide.editor.review.model')

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

  it('applied: each hunk takes its block from the side it is decided for, in place', function()
    local function take(which)
      return hunks.applyHunks(a, b, found, function(_, i)
        return which[i + 1] == true -- the index is 0-based (TypeScript's)
      end)
    end
    assert.are.same(a, take({}))
    assert.are.equal(b, take({ true, true, true }), 'every hunk taken: the proposal itself')
    assert.are.same({ 'one', 'TWO', 'TWO and a half', 'three', 'four', 'five', 'six' }, take({ true }))
    assert.are.same({ 'one', 'two', 'three', 'five', 'six', 'seven' }, take({ false, true, true }))
  end)

  it('decided: a dropped hunk comes back as it was, kept and undecided ones stay', function()
    local decided = {}
    for i, h in ipairs(found) do
      decided[i] = { a = h.a, aCount = h.aCount, b = h.b, bCount = h.bCount }
    end
    assert.are.equal(b, hunks.decidedLines(a, b, decided))
    decided[1].decision = 'dropped'
    decided[3].decision = 'kept'
    local lines = hunks.decidedLines(a, b, decided)
    assert.are.same({ 'one', 'two', 'three', 'five', 'six', 'seven' }, lines)
    -- Where each hunk starts in that text: the first dropped one shrinks the text by one line.
    assert.are.equal('two', lines[hunks.decidedLineOf(decided, 0)], 'dropped: its own lines are back')
    assert.are.equal('five', lines[hunks.decidedLineOf(decided, 1)], 'a deletion: the line after it')
    assert.are.equal('seven', lines[hunks.decidedLineOf(decided, 2)])
  end)

  it('decided twice with the same key is undecided again', function()
    assert.are.equal('kept', hunks.toggled(nil, 'kept'))
    assert.is_nil(hunks.toggled('kept', 'kept'))
    assert.are.equal('dropped', hunks.toggled('kept', 'dropped'))
  end)

  it('a block on each side: its lines, its rows in a buffer, and what it does wherever it sits', function()
    assert.are.same({ 'TWO', 'TWO and a half' }, hunks.blockLines(b, found[1], 'b'))
    assert.are.same({}, hunks.blockLines(b, found[2], 'b'))
    assert.are.same({ 1, 3 }, { hunks.blockRows(found[1], 'b', #b) })
    assert.are.same({ 4, 4 }, { hunks.blockRows(found[2], 'b', #b) }, 'an empty block: after row 4')
    assert.are.same({ 6, 6 }, { hunks.blockRows(found[3], 'a', #a) })
    assert.are.same({ 0, -1 }, { hunks.blockRows(found[3], 'a', 0) }, 'the empty text: its one empty line')
    local moved = hunks.diffHunks({ 'x', 'y', 'two', 'three' }, { 'x', 'y', 'TWO', 'TWO and a half', 'three' })
    assert.are.equal(
      hunks.hunkKey(a, b, found[1]),
      hunks.hunkKey({ 'x', 'y', 'two', 'three' }, { 'x', 'y', 'TWO', 'TWO and a half', 'three' }, moved[1])
    )
    assert.are_not.equal(hunks.hunkKey(a, b, found[1]), hunks.hunkKey(a, b, found[3]))
  end)

  it('a document file: its decided text, and a new proposal keeps the kept hunks it still has', function()
    local f = { base = a, proposal = b, origin = 'shell', kind = 'modified', hunks = hunks.diffHunks(a, b) }
    f.hunks[1].decision = 'kept'
    f.hunks[2].decision = 'dropped'
    assert.are.same({ 'one', 'TWO', 'TWO and a half', 'three', 'four', 'five', 'six', 'seven' }, hunks.decidedText(f))
    -- The proposal without its last line: the first two hunks are found again, the kept one still kept.
    local shorter = { 'one', 'TWO', 'TWO and a half', 'three', 'five', 'six' }
    hunks.repropose(f, shorter, hunks.diffHunks)
    assert.are.equal(shorter, f.proposal)
    assert.are.equal(2, #f.hunks)
    assert.are.equal('kept', f.hunks[1].decision)
    assert.is_nil(f.hunks[2].decision, 'a dropped hunk starts undecided again')
  end)

  it("a review file's origin and kind: as it says, else a proposal and what its texts show", function()
    local function ok(f)
      return { hunks.originAndKind(f) }
    end
    assert.are.same({ 'proposal', 'modified' }, ok({ current = { 'x' } }))
    assert.are.same({ 'proposal', 'created' }, ok({}))
    assert.are.same({ 'proposal', 'deleted' }, ok({ current = { 'x' }, deletes = true }))
    assert.are.same({ 'proposal', 'renamed' }, ok({ current = { 'x' }, renamedFrom = 'a.txt' }))
    assert.are.same({ 'shell', 'created' }, ok({ current = { 'x' }, origin = 'shell', kind = 'created' }))
  end)

  describe('the changed part of a line', function()
    local function middle(x, y)
      local start, xEnd, yEnd = hunks.changedMiddle(x, y)
      return { x:sub(start + 1, xEnd), y:sub(start + 1, yEnd), start }
    end

    it('is what is left between the shared prefix and suffix, in bytes', function()
      assert.are.same({ 'one', 'two', 4 }, middle('let one = 1', 'let two = 1'))
      assert.are.same({ '', ' more', 5 }, middle('a = 1', 'a = 1 more'))
      assert.are.same({ '', '', 3 }, middle('abc', 'abc'))
      assert.are.same({ 'x', '', 0 }, middle('x', ''))
    end)

    it('never splits a multibyte character: the whole character is in the middle', function()
      -- é is C3 A9, è is C3 A8: they share their first byte, which a byte rule would leave out.
      assert.are.same({ 'é', 'è', 2 }, middle('caé!', 'caè!'))
      -- 日 E6 97 A5 and 月 E6 9C 88; 本 E6 9C AC: the shared suffix byte-wise starts inside a character.
      assert.are.same({ '日', '月', 0 }, middle('日本', '月本'))
      assert.are.same({ 'é', 'ü', 1 }, middle('xé', 'xü'))
      -- Two characters that end alike (…A9): the suffix may not start on a continuation byte.
      assert.are.same({ 'é', '©', 1 }, middle('xé', 'x©'))
      assert.are.same({ '', '→', 1 }, middle('ab', 'a→b'))
    end)

    it('every middle of a valid UTF-8 pair starts and ends on character boundaries in both lines', function()
      local function boundary(line, at) -- the byte at offset `at` (0-based) starts a character, or is the end
        local byte = line:byte(at + 1)
        return byte == nil or byte < 0x80 or byte >= 0xc0
      end
      local words = { 'é', 'è', 'ü', '日本', '月', '本', '©', '→', 'a', '', '😀', '😁' }
      for _, x in ipairs(words) do
        for _, y in ipairs(words) do
          for _, pair in ipairs({
            { x, y },
            { '<' .. x .. '>', '<' .. y .. '>' },
            { x .. x, x .. y },
            { y .. x, x .. x },
          }) do
            local l, r = pair[1], pair[2]
            local start, lEnd, rEnd = hunks.changedMiddle(l, r)
            local what = l .. ' / ' .. r
            assert.is_true(boundary(l, start) and boundary(r, start), what)
            assert.is_true(boundary(l, lEnd) and boundary(r, rEnd), what)
            assert.are.equal(l:sub(1, start), r:sub(1, start), what)
            assert.are.equal(l:sub(lEnd + 1), r:sub(rEnd + 1), what)
          end
        end
      end
    end)
  end)
end)
