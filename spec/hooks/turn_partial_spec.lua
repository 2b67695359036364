-- Part of a hunk in a turn's review (issue 52, item 3), in a child Neovim whose hooks run as the CLI runs them, keys
-- typed with nvim_input: Visual gH on two lines of a five-line hunk reverts exactly those two once applied, `u`
-- gives the decision back, `.` repeats it on the lines under the cursor, a count decides that many lines; the
-- overview's header counts the hunks decided in part; CRLF and BOM files keep their line endings.
local bridge = require('helpers.bridge')

local function hook_command(nvim, event)
  return nvim:lua(
    [[
    local event = ...
    for _, groups in pairs(require('claude-ide.hooks.settings').hooksFor('claude', vim.fn.getpid())) do
      for _, g in ipairs(groups) do
        if g.hooks[1].command:find(' ' .. event .. ' ', 1, true) then return g.hooks[1].command end
      end
    end
    error('no hook for ' .. event)
  ]],
    event
  )
end

local function run_hook(command, input, env)
  local done = vim
    .system({ 'sh', '-c', command }, { stdin = vim.json.encode(input), env = env, text = true })
    :wait(30000)
  assert(done.code == 0, 'the hook failed: ' .. vim.inspect(done))
  return done.stdout ~= '' and vim.json.decode(done.stdout) or nil
end

local BOM = '\239\187\191'

describe('part of a hunk in a turn review', function()
  after_each(bridge.cleanup)

  local nvim, env, project

  local function said()
    return table.concat(nvim:lua('return _G.said'), '\n')
  end

  local function wait_for(what, pred)
    if not vim.wait(20000, pred, 20) then
      error('timed out waiting for ' .. what .. '; messages: ' .. said(), 2)
    end
  end

  local function start(files)
    local dir = bridge.config_dir()
    project = bridge.project(files)
    vim.system({ 'git', '-C', project, 'init', '-q' }):wait()
    env = bridge.env(dir)
    nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      env = { XDG_STATE_HOME = bridge.tempdir() },
      setup = { diff = { focus = 'always' } },
    })
    nvim:lua([[
      _G.said = {}
      local notify = vim.notify
      vim.notify = function(msg, level, opts) table.insert(_G.said, msg); return notify(msg, level, opts) end
      vim.o.columns = 200
    ]])
  end

  local function hook(event, input)
    input.session_id, input.cwd, input.hook_event_name = 's1', project, event
    return run_hook(hook_command(nvim, event), input, env)
  end

  local function prompt(text, id)
    local out = hook('UserPromptSubmit', { prompt = text, prompt_id = id })
    assert.is_nil(hook('PreToolUse', { tool_name = 'Bash', tool_input = { command = 'true' }, prompt_id = id }))
    return out
  end

  --- Types `keys` and waits until they are handled, Neovim then in mode `mode` (Normal).
  local function type_keys(keys, mode)
    vim.rpcrequest(nvim:rpc(), 'nvim_input', keys)
    wait_for('the typed keys ' .. keys, function()
      local now = vim.rpcrequest(nvim:rpc(), 'nvim_get_mode')
      return not now.blocking and now.mode == (mode or 'n')
    end)
  end

  local function lines()
    return nvim:lua('return vim.api.nvim_buf_get_lines(0, 0, -1, true)')
  end

  --- The overview's line that is `text` (1-based), the cursor put there.
  local function go(text)
    for i, l in ipairs(lines()) do
      if l == text then
        nvim:lua('vim.api.nvim_win_set_cursor(0, { ..., 0 })', i)
        return i
      end
    end
    error('no line ' .. text .. ' in ' .. vim.inspect(lines()))
  end

  --- The header line of `label`.
  local function header(label)
    for _, l in ipairs(lines()) do
      if vim.startswith(l, label .. ' (') then
        return l
      end
    end
    error('no header of ' .. label)
  end

  it('Visual gH on two lines of a five-line hunk reverts exactly those two; u, . and a count', function()
    start({
      ['a.txt'] = 'x\na1\na2\na3\na4\na5\ny\n',
      ['b.txt'] = 'x\r\nold1\r\nold2\r\ny\r\n',
      ['c.txt'] = BOM .. 'c1\nd1\nd2\nd3\nc2\n',
    })
    -- a.txt is open in a buffer of the user's: the revert is made there (and saved), undoable as any edit.
    nvim:lua('vim.cmd.edit(...)', project .. '/a.txt')
    local user_buf = nvim:lua('return vim.api.nvim_get_current_buf()')
    prompt('change them', 'p1')
    bridge.write(project .. '/a.txt', 'x\nB1\nB2\nB3\nB4\nB5\ny\n')
    bridge.write(project .. '/b.txt', 'x\r\nnew1\r\nnew2\r\nnew3\r\ny\r\n')
    bridge.write(project .. '/c.txt', BOM .. 'c1\nc2\n')
    -- The user's buffer follows the agent's write (as 'autoread' does when Neovim checks the file).
    nvim:lua('vim.cmd("checktime")')
    assert.are.same({ 'x', 'B1', 'B2', 'B3', 'B4', 'B5', 'y' }, lines())
    hook('Stop', { prompt_id = 'p1' })
    wait_for('the overview', function()
      return nvim:lua('return vim.bo.filetype') == 'claude-ide-review'
    end)
    assert.matches(': 1 hunk$', header('a.txt'))

    -- Visual over +B3 and +B4, then gH: only those two rows are to revert.
    go('+B3')
    type_keys('Vj', 'V')
    type_keys('gH')
    assert.matches(': 1 of 1 hunk to revert %(1 partly%)$', header('a.txt'))
    local at = nil
    for _, l in ipairs(lines()) do
      at = at or (l:find('^@@ %-1,7') and l)
    end
    assert.is_not_nil(at)
    -- u gives the decision back; . repeats it (two lines from the cursor).
    type_keys('u')
    assert.matches(': 1 hunk$', header('a.txt'))
    go('+B3')
    type_keys('.')
    assert.matches(': 1 of 1 hunk to revert %(1 partly%)$', header('a.txt'))
    -- Pressed again on the same lines: undecided; u brings the partial decision back.
    go('+B3')
    type_keys('Vj', 'V')
    type_keys('gH')
    assert.matches(': 1 hunk$', header('a.txt'))
    type_keys('u')
    assert.matches(': 1 of 1 hunk to revert %(1 partly%)$', header('a.txt'))

    -- b.txt (CRLF), two lines replaced by three: 1gH on the third added line reverts only that one (its row has no
    -- removed line: it goes).
    go('+new3\r') -- (the overview shows a CRLF file's lines as they are)
    type_keys('1gH')
    assert.matches(': 1 of 1 hunk to revert %(1 partly%)$', header('b.txt'))

    -- c.txt (with a BOM), three lines deleted: Visual on -d2 alone restores only d2.
    go('-d2')
    type_keys('V', 'V')
    type_keys('gH')
    assert.matches(': 1 of 1 hunk to revert %(1 partly%)$', header('c.txt'))

    type_keys(':w<CR>')
    wait_for('the reverts', function()
      return said():find('turn 1', 1, true) ~= nil and bridge.read(project .. '/a.txt') ~= 'x\nB1\nB2\nB3\nB4\nB5\ny\n'
    end)
    assert.are.equal('x\nB1\nB2\na3\na4\nB5\ny\n', bridge.read(project .. '/a.txt'))
    assert.are.equal('x\r\nnew1\r\nnew2\r\ny\r\n', bridge.read(project .. '/b.txt'))
    assert.are.equal(BOM .. 'c1\nd2\nc2\n', bridge.read(project .. '/c.txt'))
    -- In the user's buffer of a.txt, u brings the two lines back.
    nvim:lua('vim.cmd.tabnext(1); vim.api.nvim_set_current_buf(...)', user_buf)
    assert.are.same({ 'x', 'B1', 'B2', 'a3', 'a4', 'B5', 'y' }, lines())
    type_keys('u')
    assert.are.same({ 'x', 'B1', 'B2', 'B3', 'B4', 'B5', 'y' }, lines())
    -- The model is told which files were reverted in part.
    local out = prompt('next', 'p2')
    local context = out.hookSpecificOutput.additionalContext
    assert.matches('a%.txt %(1 of 1 changed hunk reverted in part%)', context)
    assert.matches('c%.txt %(1 of 1 changed hunk reverted in part%)', context)
  end)
end)
