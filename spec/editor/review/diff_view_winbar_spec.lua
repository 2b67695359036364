-- The winbar of a file's review opened from a turn's overview leads with the way back (keeping, discarding), then
-- what decides and moves, then who proposes, file i of n, who changed it and the turn; what does not fit the window
-- goes whole, by rank, never cut mid-word; the keys the proposal's side has no room for go to the left side's. A turn
-- review's left side is named for what it shows: the file before the turn.
local h = require('helpers.tools')
local d = require('helpers.diff')

describe('a review winbar', function()
  local ctx, before, columns, cwd

  before_each(function()
    columns = vim.o.columns
    ctx = h.context()
    before = d.snapshot()
  end)

  after_each(function()
    vim.o.columns = columns
    if cwd then
      vim.cmd.cd(cwd)
      cwd = nil
    end
    ctx.dispose()
    h.reset_editor()
  end)

  local function open_turn()
    local a = h.file('bar_a.txt', { 'alpha' })
    local b = h.file('bar_b.txt', { 'beta' })
    -- in the files' folder, as a user is: the bars name them relative to it
    cwd = cwd or vim.fn.getcwd()
    vim.cmd.cd(vim.fs.dirname(a))
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
      turn = true,
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

  it(
    'names the left side for what it shows, and leads with the way back, then the keys, the client, the file',
    function()
      vim.o.columns = 500
      local review = open_turn()
      local left, right = bars()
      assert.matches('^ Before turn 1: .*bar_a%.txt', left)
      local lead = ' :w back keeping  q back discarding  gh/gH keep/revert hunk  ]c/[c next/prev hunk'
      assert.are.equal(lead, right:sub(1, #lead))
      for _, part in ipairs({
        "  · Claude Code's proposal",
        " · File 1/2 (changed by the agent's edits) · turn 1: 2 files, 1 by shell commands",
        'Q note',
        'g? keys',
        '1 hunk left',
      }) do
        assert.matches(part, right, 1, true)
      end
      review.cancel()
      d.assert_clean(before)
    end
  )

  it('at 80, 120 and 160 columns: the way back first, then what decides and moves, parts dropped whole', function()
    local seen = {}
    for _, width in ipairs({ 80, 120, 160 }) do
      vim.o.columns = width
      local review = open_turn()
      local left, right = bars()
      seen[width] = { left = left, right = right }
      review.cancel()
      h.reset_editor()
    end
    for width, bar in pairs(seen) do
      local back = ' :w back keeping  q back discarding'
      assert.are.equal(back, bar.right:sub(1, #back), width)
    end
    -- 80 columns, two windows of 40: the way back only; the left side names the file
    assert.are.equal(' :w back keeping  q back discarding%<', seen[80].right)
    assert.matches('^ Before turn 1: ', seen[80].left)
    -- 120: the hunk keys too; what moves, which the proposal's side has no room for, on the left side
    assert.are.equal(' :w back keeping  q back discarding  gh/gH keep/revert hunk%<', seen[120].right)
    assert.matches('  ]c/[c next/prev hunk', seen[120].left, 1, true)
    -- 160: the same, and on the left side the file's name whole beside what moves
    assert.are.equal(seen[120].right, seen[160].right)
    assert.are.equal(' Before turn 1: bar_a.txt  ]c/[c next/prev hunk%<', seen[160].left)
    for _, bar in pairs(seen) do
      assert.is_nil(bar.right:find('<', #bar.right - 2, true) and nil, 'never cut by Neovim')
    end
  end)
end)
