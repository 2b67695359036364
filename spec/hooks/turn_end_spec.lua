-- Every end of a turn reviewed (issue 49, item 4), in a child Neovim whose hooks run as the CLI runs them: a turn
-- that ends with unreviewed changes opens its overview whatever ended it. Claude Code fires no Stop hook when the
-- user interrupts the turn (a proposal rejected in the editor, Esc): what it writes is the line
-- "[Request interrupted by user…]" into the transcript its hooks name; an API error fires StopFailure; whatever
-- no signal reports ends with the next prompt. And Q in a turn review: a note the next prompt's hook carries, once.
local bridge = require('helpers.bridge')

local hook_command, run_hook = require('helpers.turn').hook_command, require('helpers.turn').run_hook

describe('the end of every turn', function()
  after_each(bridge.cleanup)

  local nvim, env, project, transcript

  local function said()
    return table.concat(nvim:lua('return _G.said'), '\n')
  end

  local function wait_for(what, pred)
    if not vim.wait(20000, pred, 20) then
      error('timed out waiting for ' .. what .. '; messages: ' .. said(), 2)
    end
  end

  local function start(files, setup)
    local dir = bridge.config_dir()
    project = bridge.project(files)
    vim.system({ 'git', '-C', project, 'init', '-q' }):wait()
    transcript = bridge.tempdir() .. '/session.jsonl'
    bridge.write(transcript, '{"type":"user"}\n')
    env = bridge.env(dir)
    nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      env = { XDG_STATE_HOME = bridge.tempdir() },
      setup = setup or { diff = { focus = 'always' } },
    })
    nvim:lua([[
      _G.said = {}
      local notify = vim.notify
      vim.notify = function(msg, level, opts) table.insert(_G.said, msg); return notify(msg, level, opts) end
      vim.o.columns = 300
    ]])
  end

  local function hook(event, input)
    input.session_id, input.cwd, input.hook_event_name = 's1', project, event
    return run_hook(hook_command(nvim, event), input, env)
  end

  --- The prompt (its hook's output), then the gate of the agent's first tool: the turn's start snapshot is taken.
  local function prompt(text, id, with_transcript)
    local out = hook('UserPromptSubmit', {
      prompt = text,
      prompt_id = id,
      transcript_path = with_transcript ~= false and transcript or nil,
    })
    assert.is_nil(hook('PreToolUse', { tool_name = 'Bash', tool_input = { command = 'true' }, prompt_id = id }))
    return out
  end

  local function type_keys(keys)
    vim.rpcrequest(nvim:rpc(), 'nvim_input', keys)
  end

  local function review_tab()
    return nvim:lua([[
      for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
        local ok, name = pcall(vim.api.nvim_tabpage_get_var, tab, 'claude_ide_diff')
        if ok then return name end
      end
      return false
    ]]) or nil
  end

  local function buffer_text()
    return nvim:lua('return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), "\\n")')
  end

  --- The agent's proposal for `rel` (openDiff's review), shown now.
  local function propose(rel, text)
    local path = project .. '/' .. rel
    nvim:lua(
      [[
      local path, text = ...
      local r = require('claude-ide').server():diff().open({
        oldPath = path, newPath = path, contents = text, tabName = 'edit ' .. path })
      assert(r.ok, r.error)
      r.review.onDecision(function(o) _G.decided = o end)
    ]],
      path,
      text
    )
    wait_for('the proposal of ' .. rel, function()
      return review_tab() == 'edit ' .. path
    end)
  end

  it('a turn ended by a refused proposal opens its overview, naming the files shell commands changed', function()
    start({ ['a.lua'] = 'local a = 1\n', ['version.lua'] = 'return "1.0.0"\n', ['notes.md'] = 'v 1.0.0\n' })
    prompt('set a, bump the version, set c', 'p1')
    -- The agent's edit of a.lua, accepted in its proposal (the CLI then writes it).
    propose('a.lua', 'local a = 10\n')
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    bridge.write(project .. '/a.lua', 'local a = 10\n')
    hook('PostToolUse', { tool_name = 'Edit', tool_input = { file_path = project .. '/a.lua' }, prompt_id = 'p1' })
    wait_for('the first proposal to close', function()
      return review_tab() == nil
    end)
    -- An allowed shell command (no proposal): sed -i on version.lua and notes.md.
    bridge.write(project .. '/version.lua', 'return "1.1.0"\n')
    bridge.write(project .. '/notes.md', 'v 1.1.0\n')
    -- The proposal of c.lua, rejected with Q and a reason typed as a user types them.
    propose('c.lua', 'local c = 30\n')
    type_keys('Q')
    type_keys('not c yet<CR>')
    wait_for('the rejection', function()
      return nvim:lua('return _G.decided ~= nil and _G.decided.accepted == false and _G.decided.reason') == 'not c yet'
    end)
    -- The CLI interrupts the turn: no Stop hook, the transcript says so.
    local f = assert(io.open(transcript, 'a'))
    f:write(
      '{"type":"user","message":{"content":[{"type":"text","text":"[Request interrupted by user for tool use]"}]}}\n'
    )
    f:close()
    wait_for('the overview of turn 1', function()
      local tab = review_tab()
      return tab ~= nil and tab:find('turn 1', 1, true) ~= nil
    end)
    assert.matches('turn 1: 3 files, 2 by shell commands', review_tab())
    local text = buffer_text()
    assert.matches('version%.lua %([^\n]*by a shell command', text)
    assert.matches('notes%.md %([^\n]*by a shell command', text)
    -- a.lua was reviewed already in its proposal: not asked again.
    assert.is_nil(text:find('a.lua (', 1, true))
    -- A Stop that comes after all (a CLI that fires it) opens nothing more.
    hook('Stop', { prompt_id = 'p1' })
    assert.are.equal(1, nvim:lua('return #vim.api.nvim_list_tabpages()') - 1)
  end)

  it('an interrupt no hook reports ends with the next prompt; an API error (StopFailure) ends the turn', function()
    start({ ['a.txt'] = 'one\n' })
    prompt('x', 'p1', false)
    bridge.write(project .. '/a.txt', 'two\n')
    -- Interrupted with Esc, and no transcript to tell it: the next prompt ends turn 1 first.
    prompt('y', 'p2', false)
    wait_for('the review of turn 1', function()
      local tab = review_tab()
      return tab ~= nil and tab:find('turn 1: 1 file', 1, true) ~= nil
    end)
    nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
    wait_for('the review to close', function()
      return review_tab() == nil
    end)
    -- Turn 2 changes a.txt and ends on an API error.
    bridge.write(project .. '/a.txt', 'three\n')
    hook('StopFailure', { prompt_id = 'p2', error = 'rate_limit' })
    wait_for('the review of turn 2', function()
      local tab = review_tab()
      return tab ~= nil and tab:find('turn 2: 1 file', 1, true) ~= nil
    end)
  end)

  it('review.turn = "manual": the message names the files and the command that reviews them', function()
    start({ ['a.txt'] = 'one\n', ['b.txt'] = 'b\n' }, { review = { turn = 'manual' } })
    prompt('x', 'p1')
    bridge.write(project .. '/a.txt', 'two\n')
    bridge.write(project .. '/b.txt', 'B\n')
    local f = assert(io.open(transcript, 'a'))
    f:write('{"type":"user","message":{"content":"[Request interrupted by user]"}}\n')
    f:close()
    wait_for('the message', function()
      return said():find('turn 1: 2 files, 2 by shell commands (a.txt, b.txt): :ClaudeCodeReview', 1, true) ~= nil
    end)
    assert.is_nil(review_tab())
  end)

  it('Q in a turn review takes a note that the next prompt carries, once; the review stays open', function()
    start({ ['a.txt'] = 'one\n', ['b.txt'] = 'b\n' })
    prompt('x', 'p1')
    bridge.write(project .. '/a.txt', 'two\n')
    bridge.write(project .. '/b.txt', 'B\n')
    hook('Stop', { prompt_id = 'p1' })
    wait_for('the overview', function()
      return review_tab() ~= nil and nvim:lua('return vim.api.nvim_buf_get_name(0)'):find('^claude%-ide://') ~= nil
    end)
    local bar = nvim:lua('return vim.wo.winbar')
    assert.matches('Q note for the model', bar)
    assert.is_nil(bar:find('reject with a reason', 1, true))
    type_keys('Q')
    type_keys('keep b as it is<CR>')
    wait_for('the note taken', function()
      return said():find('turn 1: your note goes to Claude Code with your next prompt', 1, true) ~= nil
    end)
    -- The review is still open, its decisions to make: a.txt's hunk reverted, then applied.
    assert.is_not_nil(review_tab())
    -- Q in a file's review opened from the overview is the same note (that review stays open too).
    nvim:lua('vim.cmd.normal("]c")')
    type_keys('<CR>')
    wait_for("a.txt's own review", function()
      return nvim:lua('return vim.api.nvim_buf_get_name(0)'):find('a%.txt %(proposal%)$') ~= nil
    end)
    type_keys('Q')
    type_keys('and a second note<CR>')
    wait_for('the second note taken', function()
      local _, n = said():gsub('turn 1: your note goes to Claude Code with your next prompt', '')
      return n == 2
    end)
    assert.matches('a%.txt %(proposal%)$', nvim:lua('return vim.api.nvim_buf_get_name(0)'))
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    wait_for('the overview again', function()
      return nvim:lua('return vim.api.nvim_buf_get_name(0)'):find('^claude%-ide://') ~= nil
    end)
    nvim:lua('vim.cmd.normal("gg")')
    nvim:lua('vim.cmd.normal("]c")')
    nvim:lua('vim.cmd.normal("gH")')
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    wait_for('the revert', function()
      return bridge.read(project .. '/a.txt') == 'one\n'
    end)
    local out = prompt('next', 'p2')
    local context = out.hookSpecificOutput.additionalContext
    local _, count = context:gsub('keep b as it is', '')
    assert.are.equal(1, count, context)
    assert.matches("About your turn 1, the user's note from their editor's review: keep b as it is", context)
    assert.matches("About your turn 1, the user's note from their editor's review: and a second note", context)
    assert.matches('a%.txt %(every change reverted%)', context)
    -- Delivered once: the prompt after has it no more.
    hook('Stop', { prompt_id = 'p2' })
    local again = prompt('again', 'p3')
    assert.is_nil(again and vim.inspect(again):find('keep b as it is', 1, true))
  end)

  it('a checkpoint review (no CLI to carry a note) offers no Q', function()
    start({ ['a.txt'] = 'one\n', ['b.txt'] = 'b\n' })
    nvim:lua('vim.cmd("ClaudeCodeCheckpoint")')
    wait_for('the checkpoint', function()
      return said():find('checkpoint 1:', 1, true) ~= nil
    end)
    bridge.write(project .. '/a.txt', 'two\n')
    bridge.write(project .. '/b.txt', 'B\n')
    nvim:lua('vim.cmd("ClaudeCodeReview")')
    wait_for('the overview', function()
      return review_tab() ~= nil and nvim:lua('return vim.api.nvim_buf_get_name(0)'):find('^claude%-ide://') ~= nil
    end)
    assert.is_nil(nvim:lua('return vim.wo.winbar'):find('Q ', 1, true))
    assert.are.equal('', nvim:lua('return vim.fn.maparg("Q", "n")'))
  end)
end)
