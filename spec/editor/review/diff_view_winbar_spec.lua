-- The winbar of a review leads with what matters (the client's proposal, file i of n, who changed it, the turn),
-- then the keys; what does not fit the window goes whole, last first, never cut mid-word. A turn review's left
-- side is named for what it shows: the file before the turn.
local h = require('helpers.tools')
local d = require('helpers.diff')

describe('a review winbar', function()
  local ctx, before, columns

  before_each(function()
    columns = vim.o.columns
    ctx = h.context()
    before = d.snapshot()
  end)

  after_each(function()
    vim.o.columns = columns
    ctx.dispose()
    h.reset_editor()
  end)

  local function open_turn()
    local a = h.file('bar_a.txt', { 'alpha' })
    local b = h.file('bar_b.txt', { 'beta' })
    local function file(path, from, to, summary)
      return {
        path = path,
        label = vim.fs.basename(path),
        current = { from },
        proposal = { to },
        summary = summary,
        dirty = false,
        baseLabel = 'Before turn 1',
      }
    end
    local opened = ctx.services.diff.openMulti({
      title = '✻ [Claude Code] turn 1: 2 files, 1 by shell commands',
      client = 'Claude Code',
      files = {
        file(a, 'alpha', 'ALPHA', "changed by the agent's edits"),
        file(b, 'beta', 'BETA', 'changed by a shell command'),
      },
    })
    assert.is_true(opened.ok, opened.error)
    -- the first file's own review, opened from the overview as a user does (<CR> on its hunk)
    d.overview()
    d.open_file(1)
    return opened.review
  end

  local function bars()
    return vim.wo[d.win('current')].winbar, vim.wo[d.win('proposal')].winbar
  end

  it('names the left side for what it shows, and leads with the client, the file and who changed it', function()
    vim.o.columns = 500
    local review = open_turn()
    local left, right = bars()
    assert.matches('^ Before turn 1: .*bar_a%.txt', left)
    local lead =
      " Claude Code's proposal (editable) · File 1/2 (changed by the agent's edits) · turn 1: 2 files, 1 by shell commands"
    assert.are.equal(lead, right:sub(1, #lead))
    for _, part in ipairs({
      '<CR> or :w keep your version, back to the overview',
      'q back to the overview, unchanged',
      'Q reject with a reason',
      '1 hunk left',
    }) do
      assert.matches(part, right, 1, true)
    end
    review.cancel()
    d.assert_clean(before)
  end)

  it('drops whole parts in a narrow window, keys first, never a part cut mid-word', function()
    local whole = {
      " Claude Code's proposal (editable)",
      ' · File 1/2',
      " (changed by the agent's edits)",
      ' · turn 1: 2 files, 1 by shell commands',
      '   <CR> or :w keep your version, back to the overview',
    }
    for _, width in ipairs({ 80, 110, 150 }) do
      vim.o.columns = width * 2
      local review = open_turn()
      local _, right = bars()
      right = right:gsub('%%<$', '')
      -- the bar is the first k whole parts, for some k >= 2 (file i of n always fits these widths)
      local k, built = 0, ''
      while k < #whole and right:sub(1, #built + #whole[k + 1]) == built .. whole[k + 1] do
        k = k + 1
        built = built .. whole[k]
      end
      assert.is_true(k >= 2, ('at %d columns: %q'):format(width, right))
      if k < #whole then
        assert.are.equal(built, right, ('at %d columns the bar ends on a whole part: %q'):format(width, right))
      end
      review.cancel()
      h.reset_editor()
    end
  end)
end)
