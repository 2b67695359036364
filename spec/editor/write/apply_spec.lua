-- planEdits splices the edited lines into the untouched ones (a big file is not joined and cut again): the
-- result must be exactly the lines of the whole text with the replacements made, for edits by text and by
-- lines, that join lines, split them, insert, append, delete, and several at once.
local apply = require('claude-ide.editor.write.apply')

--- The expected lines, computed on the whole text: every range replaced, then cut on NL (no empty last line).
local function reference(lines, edits)
  local text = #lines > 0 and table.concat(lines, '\n') .. '\n' or ''
  local starts = { 1 }
  for i, l in ipairs(lines) do
    starts[i + 1] = starts[i] + #l + 1
  end
  local ranges = {}
  for _, e in ipairs(edits) do
    if e.old_text then
      local at = text:find(e.old_text, 1, true)
      table.insert(ranges, { at, at + #e.old_text, e.new_text })
    else
      local rep = (e.new_text == '' or e.new_text:sub(-1) == '\n') and e.new_text or e.new_text .. '\n'
      table.insert(ranges, { starts[e.start_line], starts[e.end_line + 1], rep })
    end
  end
  table.sort(ranges, function(a, b)
    return a[1] > b[1]
  end)
  for _, r in ipairs(ranges) do
    text = text:sub(1, r[1] - 1) .. r[3] .. text:sub(r[2])
  end
  local out = vim.split(text, '\n', { plain = true })
  if text:sub(-1) == '\n' then
    table.remove(out)
  end
  return out
end

describe('planEdits', function()
  it('gives the lines of the whole edited text, edit by edit', function()
    local lines = { 'alpha one', 'beta two', 'gamma three', 'delta four', 'epsilon five' }
    local cases = {
      { { old_text = 'beta', new_text = 'BETA' } },
      { { old_text = 'two\ngamma', new_text = 'joined' } },
      { { old_text = 'one\n', new_text = '' } },
      { { old_text = 'five', new_text = 'five\nsix\nseven' } },
      { { old_text = 'three\n', new_text = 'three' } },
      { { old_text = 'epsilon five\n', new_text = 'end' } },
      { { start_line = 1, end_line = 0, new_text = 'first' } },
      { { start_line = 6, end_line = 5, new_text = 'appended' } },
      { { start_line = 2, end_line = 4, new_text = '' } },
      { { start_line = 2, end_line = 2, new_text = 'b\nb2\n' } },
      { { start_line = 3, end_line = 2, new_text = 'inserted' }, { old_text = 'delta', new_text = 'D' } },
      { { start_line = 3, end_line = 2, new_text = 'inserted' }, { old_text = 'beta two', new_text = 'B' } },
      {
        { old_text = 'alpha', new_text = 'A' },
        { old_text = 'one\nbeta', new_text = 'x' },
        { old_text = 'five', new_text = '' },
      },
      { { old_text = 'a one\nbeta two\ngamma', new_text = '' }, { start_line = 5, end_line = 5, new_text = 'last' } },
      { { old_text = 'delta four\nepsilon five\n', new_text = 'tail' } },
    }
    for _, edits in ipairs(cases) do
      assert.are.same(reference(lines, edits), apply.planEdits(lines, edits, 'f'), vim.inspect(edits))
    end
  end)

  it('agrees with the whole-text result on random edits of a long file', function()
    math.randomseed(42)
    local lines = {}
    for i = 1, 300 do
      lines[i] = ('line %03d %s'):format(i, ('x'):rep(i % 7))
    end
    for _ = 1, 300 do
      local edits, line = {}, 1
      while line <= #lines and #edits < 4 do
        line = line + math.random(0, 60)
        if line > #lines then
          break
        end
        local kind = math.random(3)
        if kind == 1 then
          -- A unique text: from the line's number into the next line(s).
          local span = math.random(0, 2)
          local last = math.min(#lines, line + span)
          local parts = {}
          for i = line, last do
            table.insert(parts, lines[i])
          end
          local old = table.concat(parts, '\n'):sub(6)
          if math.random(2) == 1 and last < #lines then
            old = old .. '\n'
          end
          local new = ({ '', 'N', 'N\nM', 'N\n' })[math.random(4)]
          table.insert(edits, { old_text = old, new_text = new })
          line = last + 2
        else
          local e = math.min(#lines, line + math.random(-1, 2))
          table.insert(edits, { start_line = line, end_line = e, new_text = ({ '', 'L', 'L\nK\n' })[math.random(3)] })
          line = math.max(e, line) + 2
        end
      end
      if #edits > 0 then
        assert.are.same(reference(lines, edits), apply.planEdits(lines, edits, 'f'), vim.inspect(edits))
      end
    end
  end)

  it('plans a big file in paced slices (the call parks between them) to the same lines', function()
    local lines = {}
    for i = 1, 30000 do
      lines[i] = ('line %05d'):format(i)
    end
    local edits = {
      { old_text = 'line 12345\nline 12346', new_text = 'joined' },
      { start_line = 29000, end_line = 29001, new_text = 'two\nlines\nthree' },
    }
    local pauses, result = 0, nil
    local co = coroutine.create(function()
      result = apply.planEdits(lines, edits, 'f', {
        sliceMs = 0,
        pause = function()
          pauses = pauses + 1
          coroutine.yield()
        end,
      })
    end)
    repeat
      assert(coroutine.resume(co))
    until coroutine.status(co) == 'dead'
    -- The whole text, the line starts (a look at the clock every 4,096 lines), the copy of the lines.
    assert.is_true(pauses >= 10, 'pauses: ' .. pauses)
    assert.are.same(reference(lines, edits), result)
    assert.are.same(result, apply.planEdits(lines, edits, 'f'))
  end)

  it("joins a big file's text a piece at a time, with a look at the clock between the pieces", function()
    local lines = {}
    for i = 1, 30000 do
      lines[i] = ('line %05d'):format(i)
    end
    local dues = 0
    local index = apply.lineIndex(lines, function()
      dues = dues + 1
    end)
    assert.are.equal(table.concat(lines, '\n') .. '\n', index.text)
    assert.are.equal(30001, #index.lineStart)
    assert.are.equal(#index.text + 1, index.lineStart[30001])
    -- 3 pieces of 10,000 lines, 1 after the join, 8 in the pass over the line starts (every 4,096 lines).
    assert.are.equal(12, dues)
  end)

  it('tells whether two line lists are equal', function()
    assert.is_true(apply.sameLines({ 'a', 'b' }, { 'a', 'b' }))
    assert.is_false(apply.sameLines({ 'a', 'b' }, { 'a', 'c' }))
    assert.is_false(apply.sameLines({ 'a' }, { 'a', '' }))
    assert.is_true(apply.sameLines({}, {}))
  end)
end)
