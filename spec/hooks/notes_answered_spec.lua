-- Which sent notes a turn answers (hooks/notes answeredNotes, as a turn's review opens): a note whose lines one of
-- the turn's hunks changed (lines replaced or removed among them, or lines added right above, inside or right
-- below them) is answered, at the line of the turn's text where that hunk is; the others (a hunk elsewhere in the
-- file, a file the turn left alone) are not answered. The notes are marked once, each in its list.
local notes = require('claude-ide.hooks.notes')

describe('the notes a turn answers', function()
  local marked

  --- Services whose notes on lines are `sent` (as sentNotes gives them), recording what is marked.
  local function services(sent)
    marked = nil
    return {
      lineNotes = {
        sentNotes = function(_)
          return sent
        end,
        markAnswered = function(_, answered, unanswered)
          marked = { answered = answered, unanswered = unanswered }
        end,
      },
    }
  end

  local base = { 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight' }

  local function with(changes)
    local out = vim.deepcopy(base)
    changes(out)
    return out
  end

  local function note(id, path, first, last)
    return { id = id, path = path, first = first, last = last, text = 'note ' .. id }
  end

  it('a hunk changing a line among the note’s answers it, at the hunk’s line; one elsewhere does not', function()
    local after = with(function(t)
      t[3] = 'THREE'
      t[8] = 'EIGHT'
    end)
    local s = services({ note(1, '/p/a.txt', 2, 3), note(2, '/p/a.txt', 5, 6), note(3, '/p/other.txt', 1, 1) })
    local got = notes.answeredNotes(s, { { path = '/p/a.txt', before = base, after = after } })
    assert.are.same({ { { line = 3, text = 'note 1' } } }, got)
    assert.are.same({ answered = { 1 }, unanswered = { 2, 3 } }, marked)
  end)

  it('lines added right above, inside or right below the note’s lines answer it; two lines away do not', function()
    local function answers(at)
      local after = vim.deepcopy(base)
      table.insert(after, at + 1, 'added')
      notes.answeredNotes(
        services({ note(1, '/p/a.txt', 4, 5) }),
        { { path = '/p/a.txt', before = base, after = after } }
      )
      return #marked.answered == 1
    end
    -- added after line `at`
    assert.is_false(answers(2))
    assert.is_true(answers(3)) -- right above line 4
    assert.is_true(answers(4)) -- between 4 and 5
    assert.is_true(answers(5)) -- right below line 5
    assert.is_false(answers(6))
  end)

  it('removed lines among the note’s answer it, at the line where they were', function()
    local after = with(function(t)
      table.remove(t, 6)
      table.remove(t, 6)
    end)
    local got = notes.answeredNotes(
      services({ note(1, '/p/a.txt', 7, 7) }),
      { { path = '/p/a.txt', before = base, after = after } }
    )
    assert.are.same({ { { line = 6, text = 'note 1' } } }, got)
  end)

  it('without notes sent (or notes on lines at all) it marks nothing', function()
    assert.are.same({ {} }, notes.answeredNotes(services({}), { { path = '/p/a.txt', before = base, after = base } }))
    assert.is_nil(marked)
    assert.are.same({ {} }, notes.answeredNotes({}, { { path = '/p/a.txt', before = base, after = base } }))
  end)
end)
