-- The note key (gn; Visual: the selected lines) and the request-changes key (gQ) in every review view, typed as a
-- user types them (nvim_input into a child Neovim whose server runs): a proposal side by side and unified, the
-- overview of a multi-file proposal and a file's review opened from it, a plan, and a turn's file and overview.
-- gQ rejects the proposal (refuses the plan) with every note on it as the reason; a turn's notes are on its files'
-- lines (no proposal's).
local bridge = require('helpers.bridge')

describe('the note and request-changes keys', function()
  after_each(bridge.cleanup)

  local nvim, project

  local function start(layout)
    project = bridge.project({
      ['a.lua'] = 'local a = 1\nlocal b = 2\nlocal c = 3\nreturn a\n',
      ['b.txt'] = 'one\ntwo\nthree\n',
    })
    nvim = bridge.editor({
      config_dir = bridge.config_dir(),
      cwd = project,
      env = { XDG_STATE_HOME = bridge.tempdir() },
      setup = { diff = { focus = 'always', layout = layout or 'vertical' } },
    })
  end

  local function wait_for(what, pred)
    assert(vim.wait(10000, pred, 20), 'timed out waiting for ' .. what)
  end

  local function lua(code, ...)
    return nvim:lua(code, ...)
  end

  --- Types `keys`, then waits until they were all handled (no pending input, no prompt waiting).
  local function type_keys(keys)
    vim.rpcrequest(nvim:rpc(), 'nvim_input', keys)
    wait_for('the keys ' .. keys, function()
      return not vim.rpcrequest(nvim:rpc(), 'nvim_get_mode').blocking
    end)
  end

  --- A note by key: `keys` (from Normal mode) end on the note key; the input asks for the text, typed then.
  local function note_by_key(keys, text)
    vim.rpcrequest(nvim:rpc(), 'nvim_input', keys)
    wait_for('the question for the note', function()
      local m = vim.rpcrequest(nvim:rpc(), 'nvim_get_mode')
      return m.mode == 'c' or m.blocking
    end)
    type_keys(text .. '<CR>')
  end

  --- The answer of the review opened by `open` (Lua code returning { ok, review }): waited for.
  local function open(code, ...)
    lua(
      [[
      _G.outcome = nil
      local opened = assert(load((...)))(select(2, ...))
      assert(opened.ok, opened.error)
      opened.review.onDecision(function(o) _G.outcome = o end)
    ]],
      code,
      ...
    )
  end

  local function outcome()
    wait_for('the answer', function()
      return lua('return _G.outcome ~= nil')
    end)
    return lua('return _G.outcome')
  end

  local function current_name()
    return lua('return vim.api.nvim_buf_get_name(0)')
  end

  local function proposal(contents)
    open(
      [[
      local path, contents = ...
      return require('claude-ide').server():diff().open({
        oldPath = path, newPath = path, contents = contents, tabName = 'keys',
      })
    ]],
      project .. '/a.lua',
      contents
    )
    wait_for('the proposal', function()
      return current_name():find('a.lua (proposal)', 1, true) ~= nil
    end)
  end

  local function multi(turn, inline)
    open(
      [[
      local dir, turn, inline = ...
      local function file(name, from, to)
        return { path = dir .. '/' .. name, label = name, current = from, proposal = to, summary = 'edited',
          dirty = false }
      end
      return require('claude-ide').server():diff().openMulti({ title = 'many', turn = turn, inline = inline, files = {
        file('a.lua', { 'local a = 1', 'local b = 2', 'local c = 3', 'return a' },
          { 'local a = 1', 'local b = 20', 'local c = 3', 'return a' }),
        file('b.txt', { 'one', 'two', 'three' }, { 'one', 'TWO', 'three', 'four' }),
      } })
    ]],
      project,
      turn,
      inline == true
    )
    wait_for('the overview', function()
      return lua('return vim.bo.filetype') == 'claude-ide-review'
    end)
  end

  --- The row of the overview's line `text` (1-based).
  local function row_of(text)
    local lines = lua('return vim.api.nvim_buf_get_lines(0, 0, -1, true)')
    for i, l in ipairs(lines) do
      if l == text then
        return i
      end
    end
    error('no line ' .. text .. ' in ' .. vim.inspect(lines))
  end

  --- Every note not sent yet, as the model would read them (they are taken: sent).
  local function take_pending()
    return lua([[
      local book = require('claude-ide').server():lineNotes()
      return book:take(book:pending()) or ''
    ]])
  end

  for _, layout in ipairs({ 'vertical', 'unified' }) do
    it(layout .. ': gn and Visual gn write notes on the proposal, gQ rejects it with them as the reason', function()
      start(layout)
      proposal('local a = 1\nlocal b = 20\nlocal c = 30\nreturn a\n')
      note_by_key('2Ggn', 'why 20?')
      note_by_key('3GVjgn', 'keep c and the return')
      type_keys('gQ')
      local o = outcome()
      assert.is_false(o.accepted)
      local file = project .. '/a.lua'
      assert.matches('left 2 notes', o.reason)
      assert.is_truthy(
        o.reason:find(
          file .. ' line 2 (of your proposed change, not yet in the file):\n```\nlocal b = 20\n```\nNote: why 20?',
          1,
          true
        ),
        o.reason
      )
      assert.is_truthy(
        o.reason:find(
          file
            .. ' lines 3-4 (of your proposed change, not yet in the file):\n```\nlocal c = 30\nreturn a\n```\nNote: keep c and the return',
          1,
          true
        ),
        o.reason
      )
      -- Sent once: nothing waits any more.
      assert.are.equal('', take_pending())
    end)
  end

  it('the overview of a proposal: gn on its lines, gQ rejects the whole proposal with them', function()
    start()
    multi(false)
    type_keys(row_of('+TWO') .. 'G')
    note_by_key('gn', 'two in capitals?')
    type_keys(row_of('+local b = 20') .. 'G')
    note_by_key('Vkgn', 'b and its line')
    -- the title line is no file's
    type_keys('gg')
    type_keys('gn')
    assert.matches('no note here', lua('return vim.fn.execute("messages")'))
    type_keys('gQ')
    local o = outcome()
    assert.is_false(o.accepted)
    local reason = o.reason
    assert.is_truthy(
      reason:find(
        project
          .. '/b.txt line 2 (of your proposed change, not yet in the file):\n```\nTWO\n```\nNote: two in capitals?',
        1,
        true
      ),
      reason
    )
    -- Visual over `-local b = 2` and `+local b = 20`: the removed line counts as the line where it was (2)
    assert.is_truthy(
      reason:find(
        project
          .. '/a.lua line 2 (of your proposed change, not yet in the file):\n```\nlocal b = 20\n```\nNote: b and its line',
        1,
        true
      ),
      reason
    )
  end)

  it("a file's review opened from the overview: gn there, gQ rejects the whole proposal with every note", function()
    start()
    multi(false)
    type_keys(row_of('+TWO') .. 'G')
    note_by_key('gn', 'from the overview')
    type_keys(row_of('+local b = 20') .. 'G<CR>')
    wait_for("a.lua's review", function()
      return current_name():find('a.lua (proposal)', 1, true) ~= nil
    end)
    note_by_key('1Ggn', 'from the file')
    type_keys('gQ')
    local o = outcome()
    assert.is_false(o.accepted)
    assert.is_truthy(o.reason:find('Note: from the overview', 1, true), o.reason)
    assert.is_truthy(
      o.reason:find(
        project
          .. '/a.lua line 1 (of your proposed change, not yet in the file):\n```\nlocal a = 1\n```\nNote: from the file',
        1,
        true
      ),
      o.reason
    )
  end)

  it('a plan: gn writes a note on its lines, gQ refuses it with them as the feedback', function()
    start()
    open([[
      return require('claude-ide').server():diff().openPlan({
        plan = '# Plan\n\n1. read\n2. write\n', client = 'Claude Code', name = 'plan.md', canApprove = true,
      })
    ]])
    wait_for('the plan', function()
      return lua('return vim.bo.filetype') == 'markdown'
    end)
    note_by_key('4Ggn', 'write tests first')
    type_keys('gQ')
    local o = outcome()
    assert.are.equal('refused', o.kind)
    assert.is_truthy(
      o.feedback:find('Your plan "plan.md", line 4:\n```\n2. write\n```\nNote: write tests first', 1, true),
      o.feedback
    )
  end)

  it("a turn's file (side by side, unified) and overview: gn notes the files' lines, no request changes", function()
    start()
    multi(true)
    type_keys(row_of('+TWO') .. 'G')
    note_by_key('gn', 'keep it lower case')
    assert.are.equal(0, lua('return vim.fn.maparg("gQ", "n", false, true).buffer or 0'), 'gQ is no key of a turn')
    type_keys(row_of('+local b = 20') .. 'G<CR>')
    wait_for("a.lua's review", function()
      return lua('return (vim.b.claude_ide_diff or {}).file') == 'a.lua'
    end)
    note_by_key('3Ggn', 'c stays')
    local sent = take_pending()
    assert.is_truthy(sent:find(project .. '/b.txt line 2:\n```\nTWO\n```\nNote: keep it lower case', 1, true), sent)
    assert.is_truthy(sent:find(project .. '/a.lua line 3:\n```\nlocal c = 3\n```\nNote: c stays', 1, true), sent)
    assert.is_nil(sent:find('proposed change', 1, true), sent)
  end)

  it("a turn's changes in the user's own buffer (inline): gn and Visual gn note the file's lines", function()
    start()
    bridge.write(project .. '/a.lua', 'local a = 1\nlocal b = 20\nlocal c = 3\nreturn a\n')
    lua('vim.cmd.edit(...)', project .. '/a.lua')
    local user_buf = lua('return vim.api.nvim_get_current_buf()')
    multi(true, true)
    lua('vim.cmd.tabfirst()')
    wait_for('the inline view in a.lua', function()
      return lua('return require("claude-ide.editor.review.inline_view").inlineViewOf(...) ~= nil', user_buf)
    end)
    note_by_key('2Ggn', 'twenty?')
    note_by_key('3GVjgn', 'the rest')
    local sent = take_pending()
    assert.is_truthy(sent:find(project .. '/a.lua line 2:\n```\nlocal b = 20\n```\nNote: twenty?', 1, true), sent)
    assert.is_truthy(
      sent:find(project .. '/a.lua lines 3-4:\n```\nlocal c = 3\nreturn a\n```\nNote: the rest', 1, true),
      sent
    )
    -- the review ends: the keys go from the user's buffer, in both modes
    lua('require("claude-ide").server():diff().closeAll()')
    wait_for('the inline view gone', function()
      return lua('return require("claude-ide.editor.review.inline_view").inlineViewOf(...) == nil', user_buf)
    end)
    assert.are.equal(0, lua('return vim.fn.maparg("gn", "n", false, true).buffer or 0'))
    assert.are.equal(0, lua('return vim.fn.maparg("gn", "x", false, true).buffer or 0'))
  end)
end)
