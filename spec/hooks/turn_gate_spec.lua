-- The turn's gate (hooks/turn): the prompt goes to the model without waiting for the turn's start snapshot of a
-- big folder; the agent's first tool that changes files (PreToolUse of Edit, Write, Bash, ...) waits for it
-- instead, so nothing the agent changes can slip into the start. A CLI without the gate (Codex) still waits at
-- its prompt. The handlers are driven as the router calls them (helpers/turn), each hook's park waiting on the
-- spec's loop.
local h = require('helpers.turn')

--- The turn in progress of the helper's session (claude:s1), or of `key`.
local function current(s, key)
  local state = s.t.sessions[key or 'claude:s1']
  return state and state.current
end

describe("the turn's gate", function()
  before_each(h.listen)
  after_each(h.cleanup)

  it("lets the prompt go on at once; the first tool that changes a file waits for the turn's start", function()
    local dir = h.repo()
    for i = 1, 30 do
      h.write(('%s/f%d.txt'):format(dir, i), ('file %d\n'):format(i))
    end
    local s = h.session(dir, { promptWaitMs = 0 })
    s.fire('UserPromptSubmit', 'turn-start', { prompt = 'change f1' })
    local t = current(s)
    assert.is_not_nil(t, 'the turn started')
    -- The snapshot (a worker process) is still being taken: the prompt did not wait for it.
    assert.is_not_nil(t.waiters, 'the start is pending')
    assert.are.equal('', t.start)
    -- A tool that changes nothing is not held.
    s.fire('PreToolUse', nil, { tool_name = 'Read', tool_input = { file_path = dir .. '/f1.txt' } })
    -- The gate of an edit tool returns once the start is taken.
    s.fire('PreToolUse', nil, { tool_name = 'Edit', tool_input = { file_path = dir .. '/f1.txt' } })
    assert.is_nil(t.waiters)
    assert.are_not.equal('', t.start)
    assert.is_nil(t.failed)
    h.write(dir .. '/f1.txt', 'file 1 changed\n')
    h.write(dir .. '/new.txt', 'created\n')
    s.stop()
    local _, by = s.review()
    assert.is_not_nil(by['f1.txt'], 'the edit is reviewed')
    assert.is_not_nil(by['new.txt'], "the shell's file is reviewed")
    assert.are.equal(2, vim.tbl_count(by))
  end)

  it('a turn that ends before its start is taken waits for it there, and says nothing when nothing changed', function()
    local dir = h.repo()
    h.write(dir .. '/a.txt', 'a\n')
    local s = h.session(dir, { promptWaitMs = 0 })
    s.fire('UserPromptSubmit', 'turn-start', { prompt = 'just answer' })
    local t = current(s)
    assert.is_not_nil(t.waiters, 'the start is pending')
    s.stop()
    assert.is_nil(current(s), 'the turn ended')
    assert.is_nil(t.failed)
    assert.are_not.equal('', t.start)
    assert.are_not.equal(nil, t['end'])
    vim.wait(200, function()
      return #s.diff.opened > 0
    end, 10)
    assert.are.equal(0, #s.diff.opened, 'no review of a turn that changed nothing')
    assert.are.same({}, h.said)
  end)

  it('Codex, which has no gate, waits for the snapshot at its prompt', function()
    local dir = h.repo()
    h.write(dir .. '/a.txt', 'a\n')
    local s = h.session(dir, { promptWaitMs = 0 })
    local ev = h.event(dir, 'UserPromptSubmit', 'turn-start', { prompt = 'x' })
    ev.client, ev.session = 'codex', 'codex:s1'
    s.t:started(ev)
    local t = current(s, 'codex:s1')
    assert.is_nil(t.waiters)
    assert.are_not.equal('', t.start)
  end)
end)
