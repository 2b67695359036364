-- A refusal with a reason: `:ClaudeCodeDiffDeny {reason}` and the review's reject_with_reason key (which asks,
-- through vim.ui.input) hand the reason to whoever opened the review (openDiff's, the agent's and the LSP
-- tools' one-file reviews, the multi-file reviews) and to the ClaudeIdeDiffResolved event; without one, a
-- refusal is what it always was. Driven through the real DiffManager.
local h = require('helpers.tools')
local d = require('helpers.diff')

describe('a refusal with a reason', function()
  local ctx, manager, before, real_input

  setup(function()
    if vim.fn.exists(':ClaudeCodeDiffDeny') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    ctx = h.context()
    manager = ctx.services.diff
    before = d.snapshot()
    real_input = vim.ui.input
  end)

  after_each(function()
    vim.ui.input = real_input
    ctx.dispose()
    h.reset_editor()
  end)

  --- Opens a one-file review of `name` and returns a function giving its outcome (nil while pending).
  local function open(name)
    local path = h.file(name, { 'local x = 1' })
    local opened = manager.open({ oldPath = path, newPath = path, contents = 'local x = 2\n', tabName = name })
    assert.is_true(opened.ok, opened.error)
    local outcome
    opened.review.onDecision(function(o)
      outcome = o
    end)
    return function()
      return outcome
    end, path
  end

  local function wait(get)
    assert.is_true(vim.wait(2000, function()
      return get() ~= nil
    end, 10))
    return get()
  end

  --- vim.ui.input answers `answer` (nil: the user cancelled); records the prompts it was asked.
  local function answer_input(answer)
    local prompts = {}
    vim.ui.input = function(opts, on_confirm)
      table.insert(prompts, opts.prompt)
      on_confirm(answer)
    end
    return prompts
  end

  it(':ClaudeCodeDiffDeny {reason} rejects with the reason, verbatim, and the event carries it', function()
    local events = d.record_events()
    local outcome, path = open('reason_a.lua')
    vim.cmd('ClaudeCodeDiffDeny use tabs, not "spaces"')
    assert.are.same({ accepted = false, reason = 'use tabs, not "spaces"' }, wait(outcome))
    vim.wait(1000, function()
      return #events == 2
    end, 10)
    events.stop()
    assert.are.same(
      { tab_name = 'reason_a.lua', file = path, result = 'DIFF_REJECTED', reason = 'use tabs, not "spaces"' },
      events[2].data
    )
    d.assert_clean(before)
  end)

  it(':ClaudeCodeDiffDeny without words rejects as before: no reason', function()
    local events = d.record_events()
    local outcome, path = open('reason_b.lua')
    vim.cmd('ClaudeCodeDiffDeny')
    assert.are.same({ accepted = false }, wait(outcome))
    vim.wait(1000, function()
      return #events == 2
    end, 10)
    events.stop()
    assert.are.same({ tab_name = 'reason_b.lua', file = path, result = 'DIFF_REJECTED' }, events[2].data)
    d.assert_clean(before)
  end)

  it('a reason of blanks is no reason', function()
    local outcome = open('reason_c.lua')
    vim.cmd('ClaudeCodeDiffDeny    ')
    assert.are.same({ accepted = false }, wait(outcome))
    d.assert_clean(before)
  end)

  it('the reject_with_reason key (Q) asks for the reason, then rejects with it; the winbar names the key', function()
    local columns = vim.o.columns
    vim.o.columns = 300 -- wide enough for every winbar hint
    finally(function()
      vim.o.columns = columns
    end)
    local outcome = open('reason_d.lua')
    assert.matches('Q reject with a reason', vim.wo[d.win('proposal')].winbar, 1, true)
    local prompts = answer_input('  keep x at 1  ')
    d.press('Q')
    assert.are.same({ accepted = false, reason = 'keep x at 1' }, wait(outcome))
    assert.are.equal(1, #prompts)
    assert.matches('[Rr]eason', prompts[1])
    d.assert_clean(before)
  end)

  it('the key, answered with nothing, rejects without a reason; cancelled (<Esc>), the review stays open', function()
    local outcome = open('reason_e.lua')
    answer_input(nil)
    d.press('Q')
    d.tick()
    assert.is_nil(outcome(), 'cancelling the question decides nothing')
    assert.is_truthy(vim.b[d.buf('proposal')].claude_ide_diff, 'the review is still open')
    answer_input('')
    d.press('Q')
    assert.are.same({ accepted = false }, wait(outcome))
    d.assert_clean(before)
  end)

  it('the key can be turned off (false): no mapping, no winbar hint', function()
    ctx.dispose()
    ctx = h.context({ diff = { keymaps = { reject_with_reason = false } } })
    manager = ctx.services.diff
    local outcome = open('reason_f.lua')
    assert.is_nil(vim.wo[d.win('proposal')].winbar:find('with a reason', 1, true))
    assert.are.equal('', vim.fn.maparg('Q', 'n'))
    d.press('q')
    assert.are.same({ accepted = false }, wait(outcome))
    d.assert_clean(before)
  end)

  it('a multi-file review refused with a reason hands it on too', function()
    local a = h.file('reason_m1.txt', { 'alpha' })
    local b = h.file('reason_m2.txt', { 'beta' })
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
    local opened =
      manager.openMulti({ title = 'multi reason', files = { file(a, 'alpha', 'ALPHA'), file(b, 'beta', 'BETA') } })
    assert.is_true(opened.ok, opened.error)
    local outcome
    opened.review.onDecision(function(o)
      outcome = o
    end)
    vim.cmd('ClaudeCodeDiffDeny rename it to beta_two instead')
    assert.are.same(
      { accepted = false, reason = 'rename it to beta_two instead' },
      wait(function()
        return outcome
      end)
    )
    d.assert_clean(before)
  end)
end)
