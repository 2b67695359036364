-- editor/review/model: part of a hunk (Visual gh / gH, a count). A hunk of r removed and d added lines has max(r, d)
-- rows, row i pairing removed line i with added line i; a dropped (reverted) row puts its removed line where its
-- added line was. A selection picks rows on the side it is made on; reaching the last line of a side's block takes
-- the other side's unpaired rows too; a side with no lines selects the whole hunk from the line it shows it at.
local model = require('claude-ide.editor.review.model')

--- The hunks of a -> b, decided: `rows` per hunk index (1-based) a list of {first, last, decision}.
local function decided(a, b, rows)
  local found = model.diffHunks(a, b)
  for i, list in pairs(rows or {}) do
    for _, r in ipairs(list) do
      local each = {}
      for row = r[1], r[2] do
        each[#each + 1] = row
      end
      model.decideRows(found[i], each, r[3])
    end
  end
  return found
end

--- The rows a selection of lines from..to on `side` picks in hunk `h`, as a list {first, last}.
local function rows(h, side, from, to, count)
  return { model.rowsOfLines(h, side, from, to, count) }
end

describe('part of a hunk', function()
  describe('a replacement of five lines by five', function()
    local a = { 'x', 'a1', 'a2', 'a3', 'a4', 'a5', 'y' }
    local b = { 'x', 'b1', 'b2', 'b3', 'b4', 'b5', 'y' }

    it('is one hunk of five rows, and a selection of two added lines is their two rows', function()
      local h = model.diffHunks(a, b)[1]
      assert.are.equal(5, model.rowCount(h))
      assert.are.same({ 3, 4 }, rows(h, 'b', 4, 5, #b))
      assert.are.same({ 3, 4 }, rows(h, 'a', 4, 5, #a), 'the removed lines of the same rows')
      assert.are.same({ 1, 5 }, rows(h, 'b', 1, 7, #b), 'a selection over the whole block: every row')
      assert.are.same({ 0, 0 }, rows(h, 'b', 7, 7, #b), 'a context line: none')
    end)

    it('reverting two of its lines puts back exactly those two lines of the base, in their places', function()
      local hs = decided(a, b, { { { 3, 4, 'dropped' } } })
      assert.are.equal('partly', model.hunkState(hs[1]))
      assert.are.same({ 'x', 'b1', 'b2', 'a3', 'a4', 'b5', 'y' }, model.decidedLines(a, b, hs))
      assert.are.equal(2, model.rowsDecided(hs[1], 'dropped'))
      assert.are.equal(3, model.rowsDecided(hs[1], nil))
    end)

    it('pressed again on the same rows: undecided again; every row dropped: the hunk is dropped whole', function()
      local hs = decided(a, b, { { { 3, 4, 'dropped' }, { 3, 4, 'dropped' } } })
      assert.is_nil(model.hunkState(hs[1]))
      assert.is_nil(hs[1].rows)
      assert.are.equal(b, model.decidedLines(a, b, hs), 'nothing decided: the proposal itself')
      hs = decided(a, b, { { { 1, 2, 'dropped' }, { 3, 5, 'dropped' } } })
      assert.are.equal('dropped', model.hunkState(hs[1]))
      assert.is_nil(hs[1].rows)
      assert.are.same(a, model.decidedLines(a, b, hs))
    end)

    it('an undo sets the rows back as they were (rowsOf, setRows)', function()
      local hs = decided(a, b, { { { 2, 2, 'kept' } } })
      local before = model.rowsOf(hs[1])
      model.decideRows(hs[1], { 3, 4 }, 'dropped')
      assert.are.same({ 'x', 'b1', 'b2', 'a3', 'a4', 'b5', 'y' }, model.decidedLines(a, b, hs))
      model.setRows(hs[1], before)
      assert.are.same({ false, 'kept', false, false, false }, model.rowsOf(hs[1]))
      assert.are.same(b, model.decidedLines(a, b, hs))
    end)

    it('taken in part (a file view copies the rows into the base side): mixedBlock', function()
      local h = model.diffHunks(a, b)[1]
      assert.are.same(
        { 'a1', 'b2', 'b3', 'a4', 'a5' },
        model.mixedBlock(a, b, h, function(r)
          return r == 2 or r == 3
        end)
      )
    end)
  end)

  it('a pure insertion: each row is an added line, reverting rows removes those lines', function()
    local a = { 'x', 'y' }
    local b = { 'x', 'n1', 'n2', 'n3', 'y' }
    local h = model.diffHunks(a, b)[1]
    assert.are.same({ 2, 2 }, rows(h, 'b', 3, 3, #b))
    assert.are.same({ 1, 3 }, rows(h, 'a', 2, 2, #a), "the base's side: the line below the gap selects it all")
    assert.are.same({ 0, 0 }, rows(h, 'a', 1, 1, #a), 'the line above the gap does not')
    local hs = decided(a, b, { { { 2, 2, 'dropped' } } })
    assert.are.same({ 'x', 'n1', 'n3', 'y' }, model.decidedLines(a, b, hs))
  end)

  it('a pure deletion: each row is a removed line, reverting rows restores those lines', function()
    local a = { 'x', 'd1', 'd2', 'd3', 'y' }
    local b = { 'x', 'y' }
    local h = model.diffHunks(a, b)[1]
    assert.are.same({ 2, 3 }, rows(h, 'a', 3, 4, #a))
    assert.are.same({ 1, 3 }, rows(h, 'b', 2, 2, #b), "the proposal's side: the line below the gap selects it all")
    local hs = decided(a, b, { { { 2, 3, 'dropped' } } })
    assert.are.same({ 'x', 'd2', 'd3', 'y' }, model.decidedLines(a, b, hs))
    -- At the end of the file, the gap is found from the last line.
    local tail = model.diffHunks({ 'x', 'd1' }, { 'x' })[1]
    assert.are.same({ 1, 1 }, rows(tail, 'b', 1, 1, 1))
  end)

  describe('a replacement with unequal line counts', function()
    it('more added lines: the selection reaching the last removed line takes the unpaired added rows', function()
      local a = { 'x', 'a1', 'a2', 'y' }
      local b = { 'x', 'b1', 'b2', 'b3', 'b4', 'y' }
      local h = model.diffHunks(a, b)[1]
      assert.are.equal(4, model.rowCount(h))
      assert.are.same({ 3, 4 }, rows(h, 'b', 4, 5, #b))
      assert.are.same({ 1, 1 }, rows(h, 'b', 2, 2, #b))
      assert.are.same({ 2, 4 }, rows(h, 'a', 3, 3, #a), 'a2, the last removed line: rows 2 to 4')
      assert.are.same({ 'x', 'b1', 'b2', 'y' }, model.decidedLines(a, b, decided(a, b, { { { 3, 4, 'dropped' } } })))
      assert.are.same(
        { 'x', 'a1', 'b2', 'b3', 'b4', 'y' },
        model.decidedLines(a, b, decided(a, b, { { { 1, 1, 'dropped' } } }))
      )
      assert.are.same({ 'x', 'b1', 'a2', 'y' }, model.decidedLines(a, b, decided(a, b, { { { 2, 4, 'dropped' } } })))
    end)

    it('more removed lines: the selection reaching the last added line takes the unpaired removed rows', function()
      local a = { 'x', 'a1', 'a2', 'a3', 'a4', 'y' }
      local b = { 'x', 'b1', 'b2', 'y' }
      local h = model.diffHunks(a, b)[1]
      assert.are.same({ 2, 4 }, rows(h, 'b', 3, 3, #b), 'b2, the last added line: rows 2 to 4')
      assert.are.same({ 3, 4 }, rows(h, 'a', 4, 5, #a))
      assert.are.same(
        { 'x', 'b1', 'a2', 'a3', 'a4', 'y' },
        model.decidedLines(a, b, decided(a, b, { { { 2, 4, 'dropped' } } }))
      )
      assert.are.same(
        { 'x', 'b1', 'b2', 'a3', 'a4', 'y' },
        model.decidedLines(a, b, decided(a, b, { { { 3, 4, 'dropped' } } }))
      )
    end)
  end)

  it('a selection crossing hunk edges: each hunk gets the rows of its own lines, context lines none', function()
    local a = { 'c1', 'a1', 'a2', 'c2', 'c3', 'a3', 'a4', 'c4' }
    local b = { 'c1', 'b1', 'b2', 'c2', 'c3', 'b3', 'b4', 'c4' }
    local hs = model.diffHunks(a, b)
    assert.are.equal(2, #hs)
    -- Lines 3 to 6 of the proposal: b2 (the first hunk's last line), c2, c3, b3 (the second's first).
    assert.are.same({ 2, 2 }, rows(hs[1], 'b', 3, 6, #b))
    assert.are.same({ 1, 1 }, rows(hs[2], 'b', 3, 6, #b))
    model.decideRows(hs[1], { 2 }, 'dropped')
    model.decideRows(hs[2], { 1 }, 'dropped')
    assert.are.same({ 'c1', 'b1', 'a2', 'c2', 'c3', 'a3', 'b4', 'c4' }, model.decidedLines(a, b, hs))
    -- Where each hunk starts in that text is unchanged (two rows of two lines each).
    assert.are.equal(6, model.decidedLineOf(hs, 1))
  end)

  it('where a hunk starts in the decided text counts the rows decided above it', function()
    local a = { 'x', 'a1', 'y', 'z', 'w' }
    local b = { 'x', 'b1', 'b2', 'b3', 'y', 'z', 'n', 'w' }
    local hs = model.diffHunks(a, b)
    model.decideRows(hs[1], { 2 }, 'dropped') -- b2 goes (a row with no removed line)
    local lines = model.decidedLines(a, b, hs)
    assert.are.same({ 'x', 'b1', 'b3', 'y', 'z', 'n', 'w' }, lines)
    assert.are.equal('n', lines[model.decidedLineOf(hs, 1)])
  end)

  it('how many hunks a text reverts whole and in part (the turn review tells what it reverted)', function()
    local before = { 'x', 'a1', 'a2', 'a3', 'a4', 'a5', 'y', 'z', 'old', 'w' }
    local after = { 'x', 'b1', 'b2', 'b3', 'b4', 'b5', 'y', 'z', 'new', 'w' }
    local hs = model.diffHunks(before, after)
    model.decideRows(hs[1], { 3, 4 }, 'dropped')
    assert.are.same({ 0, 1 }, { model.revertCounts(before, after, model.decidedLines(before, after, hs)) })
    model.decideRows(hs[2], { 1 }, 'dropped')
    assert.are.same({ 1, 1 }, { model.revertCounts(before, after, model.decidedLines(before, after, hs)) })
    assert.are.same({ 0, 0 }, { model.revertCounts(before, after, after) })
    assert.are.same({ 2, 0 }, { model.revertCounts(before, after, before) })
    -- A pure insertion at the end, reverted in part.
    local grown = { 'x', 'y', 'n1', 'n2' }
    local ins = model.diffHunks({ 'x', 'y' }, grown)
    model.decideRows(ins[1], { 2 }, 'dropped')
    assert.are.same({ 0, 1 }, { model.revertCounts({ 'x', 'y' }, grown, model.decidedLines({ 'x', 'y' }, grown, ins)) })
  end)
end)
