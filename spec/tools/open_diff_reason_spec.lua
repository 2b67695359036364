-- openDiff refused with a reason: the CLI's answer stays DIFF_REJECTED (Claude Code reads no text there and ends
-- the turn), and the reason waits in the notes for the next prompt of the session that proposed it (drained by
-- its UserPromptSubmit hook into additionalContext); another session's prompt does not take it. Without a
-- reason nothing is noted. Driven through a real ToolContext (real services, coroutine park).
local h = require('helpers.tools')
local d = require('helpers.diff')

describe('openDiff refused with a reason', function()
  local ctx

  setup(function()
    if vim.fn.exists(':ClaudeCodeDiffDeny') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    ctx = h.context()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function propose(name)
    local path = h.file(name, { 'if x {', '    y()', '}' })
    local poll = h.start_call(ctx, 'openDiff', {
      old_file_path = path,
      new_file_path = path,
      new_file_contents = 'if x {\n  y()\n}\n',
      tab_name = '✻ [Claude Code] ' .. name,
    })
    assert.is_false((poll()))
    return poll, path
  end

  it("answers DIFF_REJECTED as always, and the reason waits for the session's next prompt", function()
    local poll, path = propose('tabs.c')
    vim.cmd('ClaudeCodeDiffDeny use tabs')
    assert.are.same({ 'DIFF_REJECTED', '✻ [Claude Code] tabs.c' }, { d.texts(d.wait_done(poll)) })
    assert.are.same({}, ctx.services.notes:drain('claude:other', 2), "another session's prompt leaves it")
    local notes = ctx.services.notes:drain('claude:mine', 1)
    assert.are.equal(1, #notes)
    assert.matches(vim.fn.fnamemodify(path, ':~:.'), notes[1], 1, true)
    assert.matches('Their reason: use tabs$', notes[1])
    assert.are.same({}, ctx.services.notes:drain('claude:mine', 1), 'drained once')
  end)

  it('without a reason nothing is noted', function()
    local poll = propose('plain.c')
    vim.cmd('ClaudeCodeDiffDeny')
    assert.are.same('DIFF_REJECTED', (d.texts(d.wait_done(poll))))
    assert.are.equal(0, ctx.services.notes:count())
  end)

  it("a reason given with the review's Q key is noted the same way", function()
    local poll = propose('key.c')
    local real = vim.ui.input
    vim.ui.input = function(_, on_confirm)
      on_confirm('keep 4 spaces here')
    end
    finally(function()
      vim.ui.input = real
    end)
    d.press('Q')
    d.wait_done(poll)
    assert.matches('Their reason: keep 4 spaces here$', ctx.services.notes:drain('claude:s', 1)[1])
  end)
end)
