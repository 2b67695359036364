-- The multi-file reviews of the LSP tools (DiffService.openMulti) fire the same ClaudeIdeDiffOpened /
-- ClaudeIdeDiffResolved User events as openDiff's reviews, and close_tab reaches them by name (their title, or
-- the name their tab shows, `title [2/3]`). Driven through the real DiffManager, as the LSP tools drive it.
local h = require('helpers.tools')
local d = require('helpers.diff')

describe('multi-file review events', function()
  local ctx, manager, events, before, a, b

  before_each(function()
    a = h.file('multi_a.txt', { 'alpha' })
    b = h.file('multi_b.txt', { 'beta' })
    ctx = h.context()
    manager = ctx.services.diff -- the real DiffManager, as the LSP tools get it
    events = d.record_events()
    before = d.snapshot()
  end)

  after_each(function()
    events.stop()
    ctx.dispose()
    h.reset_editor()
  end)

  local function open(title)
    local file = function(path, from, to)
      return {
        path = path,
        label = vim.fs.basename(path),
        current = { from },
        proposal = { to },
        summary = '1 edit',
        dirty = false,
      }
    end
    local opened = manager.openMulti({ title = title, files = { file(a, 'alpha', 'ALPHA'), file(b, 'beta', 'BETA') } })
    assert.is_true(opened.ok, opened.error)
    local outcome
    opened.review.onDecision(function(o)
      outcome = o
    end)
    return opened.review, function()
      return outcome
    end
  end

  local function wait_events(n)
    vim.wait(2000, function()
      return #events >= n
    end, 10)
  end

  it('fires Opened, then Resolved with DIFF_REJECTED when close_tab names it as its tab shows it', function()
    local _, outcome = open('LSP rename x')
    assert.are.same(
      { { event = 'ClaudeIdeDiffOpened', data = { tab_name = 'LSP rename x', file = a } } },
      { events[1] }
    )
    -- The tab shows `LSP rename x [1/2]`: that name reaches it too.
    assert.is_true(manager.closeTab('LSP rename x [1/2]'))
    assert.is_true(vim.wait(2000, function()
      return outcome() ~= nil
    end, 10))
    assert.are.same({ accepted = false }, outcome())
    wait_events(2)
    assert.are.same(
      { event = 'ClaudeIdeDiffResolved', data = { tab_name = 'LSP rename x', file = a, result = 'DIFF_REJECTED' } },
      events[2]
    )
    assert.is_false(manager.closeTab('LSP rename x'))
    d.assert_clean(before)
  end)

  it('close_tab by the plain title; an accepted review resolves FILE_SAVED, a cancelled one CANCELLED', function()
    local _, first = open('LSP code action 1')
    assert.is_true(manager.closeTab('LSP code action 1'))
    vim.wait(2000, function()
      return first() ~= nil
    end, 10)
    assert.are.same({ accepted = false }, first())

    local _, accepted = open('LSP formatting')
    vim.cmd('write')
    assert.is_true(vim.wait(2000, function()
      return accepted() ~= nil
    end, 10))
    assert.is_true(accepted().accepted)
    wait_events(4)
    assert.are.same(
      { 'DIFF_REJECTED', 'FILE_SAVED' },
      vim.tbl_filter(function(r)
        return r ~= nil
      end, events.results())
    )

    local review = open('LSP rename y')
    review.cancel()
    wait_events(6)
    assert.are.same('CANCELLED', events[6].data.result)
    assert.are.equal('LSP rename y', events[6].data.tab_name)
  end)
end)

describe('multi-file reviews and the per-session cap', function()
  local ctx, a, b

  before_each(function()
    a = h.file('cap_a.txt', { 'alpha' })
    b = h.file('cap_b.txt', { 'beta' })
    ctx = h.context()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function multi(client)
    return ctx.services.diff.openMulti({
      title = 'rename',
      clientId = client,
      files = {
        {
          path = a,
          label = 'cap_a.txt',
          current = { 'alpha' },
          proposal = { 'ALPHA' },
          summary = '1 edit',
          dirty = false,
        },
        {
          path = b,
          label = 'cap_b.txt',
          current = { 'beta' },
          proposal = { 'BETA' },
          summary = '1 edit',
          dirty = false,
        },
      },
    })
  end

  it('count toward it and are refused beyond it, for that session only', function()
    local max = require('claude-ide.editor.review.diff').MAX_PENDING_REVIEWS
    for i = 1, max do
      local opened = multi(7)
      assert.is_true(opened.ok, ('review %d: %s'):format(i, tostring(opened.error)))
    end
    assert.are.equal(
      max,
      ctx.services.diff.pendingFor(function(id)
        return id == 7
      end)
    )
    local refused = multi(7)
    assert.is_false(refused.ok)
    assert.matches('^' .. max .. ' reviews of this session are already waiting for the user', refused.error)
    -- Another session is not held back by this one's reviews.
    assert.is_true(multi(8).ok)
    -- Once the user decides on one, the next is shown.
    assert.are.equal(
      max + 1,
      ctx.services.diff.closeAll(function(id)
        return id == 7 or id == 8
      end)
    )
    assert.is_true(multi(7).ok)
  end)
end)
