-- The turn review end to end in a child Neovim: the hooks run as the CLI runs them (sh -c, JSON on stdin), the
-- "agent" changes files between the turn's start and end (an edit tool, shell commands: created, deleted,
-- renamed), the user saves one file during the turn; the review opens at the turn's end, and reverting from it
-- restores the files on disk; the next prompt carries the note of what was reverted.
local bridge = require('helpers.bridge')

local hook_command, run_hook = require('helpers.turn').hook_command, require('helpers.turn').run_hook

local function write(path, text)
  bridge.write(path, text)
end

--- Records the child's messages in _G.said.
local function record_messages(nvim)
  nvim:lua([[
    _G.said = {}
    local notify = vim.notify
    vim.notify = function(msg, level, opts) table.insert(_G.said, msg); return notify(msg, level, opts) end
  ]])
end

local function said(nvim)
  return table.concat(nvim:lua('return _G.said'), '\n')
end

--- The name of the review tab showing now (its tab page variable), or nil.
local function review_tab(nvim)
  local name = nvim:lua([[
    for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
      local ok, name = pcall(vim.api.nvim_tabpage_get_var, tab, 'claude_ide_diff')
      if ok then return name end
    end
    return false
  ]])
  return name or nil
end

local current
local function wait_for(what, pred)
  if not vim.wait(20000, pred, 20) then
    local extra = current and pcall(said, current) and said(current) or ''
    error('timed out waiting for ' .. what .. '; messages: ' .. extra, 2)
  end
end

describe('the turn review', function()
  after_each(bridge.cleanup)

  local dir, nvim, env, project, state

  local function start(files)
    dir = bridge.config_dir()
    state = bridge.tempdir()
    project = bridge.project(files)
    vim.system({ 'git', '-C', project, 'init', '-q' }):wait()
    env = bridge.env(dir)
    nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      env = { XDG_STATE_HOME = state },
      -- The review is driven by keys typed into it: it takes the focus (the focus rule has its own specs).
      setup = { diff = { focus = 'always' } },
    })
    record_messages(nvim)
    nvim:lua('vim.o.columns = 400') -- wide enough for every part of a review's winbar (narrow ones drop parts)
    current = nvim
  end

  --- The prompt (its hook's output), then the gate of the agent's first shell command: it waits for the turn's
  --- start snapshot, as every tool of the CLI that changes files does.
  local function prompt(session, text)
    local out = run_hook(hook_command(nvim, 'UserPromptSubmit'), {
      session_id = session,
      cwd = project,
      hook_event_name = 'UserPromptSubmit',
      prompt = text,
    }, env)
    local gate = run_hook(hook_command(nvim, 'PreToolUse'), {
      session_id = session,
      cwd = project,
      hook_event_name = 'PreToolUse',
      tool_name = 'Bash',
      tool_input = { command = 'true' },
    }, env)
    assert.is_nil(gate)
    return out
  end

  local function stop(session)
    return run_hook(hook_command(nvim, 'Stop'), { session_id = session, cwd = project, hook_event_name = 'Stop' }, env)
  end

  local function tool_edit(session, rel, text)
    write(project .. '/' .. rel, text)
    run_hook(hook_command(nvim, 'PostToolUse'), {
      session_id = session,
      cwd = project,
      hook_event_name = 'PostToolUse',
      tool_name = 'Edit',
      tool_input = { file_path = project .. '/' .. rel },
    }, env)
  end

  it(
    'lists every change of the turn; hunk, created, deleted and renamed reverts reach the disk; the user file stays',
    function()
      start({
        ['a.txt'] = 'a1\na2\n',
        ['b.txt'] = 'b1\nb2\nb3\n',
        ['d.txt'] = 'to be moved\n',
        ['e.txt'] = 'to be deleted\n',
        ['u.txt'] = 'user 1\n',
      })
      assert.is_nil(prompt('s1', 'change things'))
      -- The agent: an edit tool on a.txt, shell commands for the rest.
      tool_edit('s1', 'a.txt', 'a1\nA2\n')
      write(project .. '/b.txt', 'b1\nB2\nb3\n')
      write(project .. '/new.txt', 'created\n')
      os.remove(project .. '/e.txt')
      assert(os.rename(project .. '/d.txt', project .. '/d2.txt'))
      -- The user edits and saves u.txt in the editor during the turn.
      nvim:lua(
        [[
      vim.cmd.edit(vim.fn.fnameescape(... .. '/u.txt'))
      vim.api.nvim_buf_set_lines(0, 0, -1, false, { 'user 2' })
      vim.cmd('silent write')
      vim.cmd('enew')
    ]],
        project
      )
      stop('s1')
      wait_for('the review', function()
        return review_tab(nvim) ~= nil
      end)
      local tab = review_tab(nvim)
      assert.matches('✻ %[Claude Code%] turn 1: 6 files, 4 by shell commands', tab)
      -- The overview, files in path order: a.txt, b.txt, d2.txt, e.txt, new.txt, u.txt; the cursor on a.txt's
      -- header. b.txt: its hunk reverted (gH on it); the others reverted whole (gR, or gH on a header).
      local function key(k)
        nvim:lua('vim.cmd.normal(...)', k)
      end
      local function line()
        return nvim:lua('return vim.api.nvim_get_current_line()')
      end
      local function at(label, want)
        wait_for(label .. "'s header" .. (want and ': ' .. want or ''), function()
          local l = line()
          return vim.startswith(l, label .. ' (') and (want == nil or l:find(want, 1, true) ~= nil)
        end)
      end
      at('a.txt')
      key(']f')
      at('b.txt')
      key(']c')
      assert.are.equal('@@ -1,3 +1,3 @@', line())
      key('gH')
      key('[c')
      key('[f')
      at('b.txt', '1 of 1 hunk to revert')
      key(']f')
      at('d2.txt')
      key('gR') -- d2.txt: moved back to d.txt
      at('d2.txt', 'the whole file to revert')
      key(']f')
      at('e.txt')
      key('gR') -- e.txt: restored
      at('e.txt', 'the whole file to revert')
      key(']f')
      at('new.txt')
      key('gH') -- new.txt, on its header: deleted again
      at('new.txt', 'the whole file to revert')
      key(']f')
      at('u.txt')
      key('gR') -- u.txt: the user's, refused
      wait_for('the refusal', function()
        return said(nvim):find('u.txt is yours', 1, true) ~= nil
      end)
      nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
      wait_for('the reverts', function()
        return vim.uv.fs_stat(project .. '/new.txt') == nil and vim.uv.fs_stat(project .. '/d.txt') ~= nil
      end)
      assert.are.equal('a1\nA2\n', bridge.read(project .. '/a.txt'))
      assert.are.equal('b1\nb2\nb3\n', bridge.read(project .. '/b.txt'))
      assert.are.equal('to be moved\n', bridge.read(project .. '/d.txt'))
      assert.is_nil(vim.uv.fs_stat(project .. '/d2.txt'))
      assert.are.equal('to be deleted\n', bridge.read(project .. '/e.txt'))
      assert.are.equal('user 2\n', bridge.read(project .. '/u.txt'))
      local messages = said(nvim)
      assert.matches('u%.txt is yours %(you saved it during the turn%): not reverted', messages)
      -- The next prompt tells the model what the user reverted.
      local out = prompt('s1', 'next')
      local note = out.hookSpecificOutput.additionalContext
      assert.matches('b%.txt %(every change reverted%)', note)
      assert.matches('new%.txt %(created: deleted again%)', note)
      assert.matches('e%.txt %(deleted: restored%)', note)
      assert.matches('d2%.txt %(renamed from d%.txt: moved back%)', note)
      assert.is_nil(note:find('a.txt', 1, true))
    end
  )

  it('q keeps everything; a turn that changed nothing says nothing; a reviewed turn only says so', function()
    start({ ['a.txt'] = 'one\n' })
    prompt('s2', 'x')
    write(project .. '/a.txt', 'two\n')
    stop('s2')
    wait_for('the review', function()
      return review_tab(nvim) ~= nil
    end)
    nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
    wait_for('the review to close', function()
      return review_tab(nvim) == nil
    end)
    assert.are.equal('two\n', bridge.read(project .. '/a.txt'))
    assert.matches('kept every change of turn 1', said(nvim))
    -- Turn 2 changes nothing: no review, no message.
    nvim:lua('_G.said = {}')
    prompt('s2', 'y')
    stop('s2')
    -- Turn 3: its one change was accepted in a review already (the User event the diff review sends).
    prompt('s2', 'z')
    write(project .. '/a.txt', 'three\n')
    nvim:lua(
      [[vim.api.nvim_exec_autocmds('User', { pattern = 'ClaudeIdeDiffResolved',
        data = { file = ... .. '/a.txt', result = 'FILE_SAVED', text = 'three\n', tab_name = 't' } })]],
      project
    )
    stop('s2')
    wait_for('the message', function()
      return said(nvim):find('every change was reviewed already', 1, true) ~= nil
    end)
    assert.is_nil(review_tab(nvim))
    assert.is_nil(said(nvim):find('turn 2', 1, true))
    -- :ClaudeCodeReview 3 shows it again anyway.
    nvim:lua('vim.cmd("ClaudeCodeReview 3")')
    wait_for('the review', function()
      return review_tab(nvim) ~= nil
    end)
    assert.matches('turn 3: 1 file', review_tab(nvim))
  end)

  --- An openDiff review of `rel` proposing `text`, accepted by the user; then the CLI writes it (as it does).
  local function reviewed_edit(rel, text)
    local path = project .. '/' .. rel
    nvim:lua(
      [[
      local path, text = ...
      local r = require('claude-ide').server():diff().open({
        oldPath = path, newPath = path, contents = text, tabName = 'edit ' .. path })
      assert(r.ok, r.error)
      vim.cmd('ClaudeCodeDiffAccept')
    ]],
      path,
      text
    )
    write(path, text)
  end

  --- The review's left side (the file as decided so far) and its proposal's winbar.
  local function review_sides(nvim_)
    return nvim_:lua([[
      local left, bar
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        local v = vim.b[buf].claude_ide_diff
        if v and v.role == 'current' then left = vim.api.nvim_buf_get_lines(buf, 0, -1, true) end
        if v and v.role == 'proposal' then
          for _, win in ipairs(vim.fn.win_findbuf(buf)) do bar = vim.wo[win].winbar end
        end
      end
      return { left = left, bar = bar }
    ]])
  end

  it('asks only the hunks not accepted in a review this turn; a turn reviewed throughout opens nothing', function()
    start({ ['a.txt'] = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n' })
    prompt('s4', 'x')
    -- The agent's edit, reviewed and accepted in openDiff; then a shell command changes another hunk.
    reviewed_edit('a.txt', 'ONE\ntwo\nthree\nfour\nfive\nsix\nseven\n')
    wait_for('the first review to end', function()
      return review_tab(nvim) == nil and nvim:lua('return #vim.api.nvim_list_tabpages()') == 1
    end)
    write(project .. '/a.txt', 'ONE\ntwo\nthree\nfour\nfive\nsix\nSEVEN\n')
    stop('s4')
    wait_for('the turn review', function()
      return review_tab(nvim) ~= nil and review_sides(nvim).left ~= nil
    end)
    local sides = review_sides(nvim)
    -- The reviewed hunk is taken on the left already: the only difference left is the shell's.
    assert.are.same({ 'ONE', 'two', 'three', 'four', 'five', 'six', 'seven' }, sides.left)
    assert.matches('1 of 2 hunks reviewed already', sides.bar)
    assert.are.equal(
      1,
      nvim:lua([[
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        local v = vim.b[buf].claude_ide_diff
        if v and v.role == 'proposal' then
          local text = function(b) return table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, true), '\n') .. '\n' end
          local left
          for _, b in ipairs(vim.api.nvim_list_bufs()) do
            local w = vim.b[b].claude_ide_diff
            if w and w.role == 'current' then left = b end
          end
          return #vim.diff(text(left), text(buf), { result_type = 'indices' })
        end
      end
    ]])
    )
    -- Reverting what is asked (the shell's hunk) keeps the reviewed one.
    nvim:lua('vim.cmd("normal! G")')
    nvim:lua('vim.cmd.normal("gH")')
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    wait_for('the revert', function()
      return bridge.read(project .. '/a.txt') == 'ONE\ntwo\nthree\nfour\nfive\nsix\nseven\n'
    end)
    -- Turn 2: its every change was accepted in reviews (two of them on one file): nothing opens, a message says so.
    nvim:lua('_G.said = {}')
    prompt('s4', 'y')
    reviewed_edit('a.txt', 'ONE\nTWO\nthree\nfour\nfive\nsix\nseven\n')
    reviewed_edit('a.txt', 'ONE\nTWO\nthree\nfour\nfive\nSIX\nseven\n')
    stop('s4')
    wait_for('the message', function()
      return said(nvim):find('turn 2: 1 file: every change was reviewed already', 1, true) ~= nil
    end)
    assert.is_nil(review_tab(nvim))
  end)

  it('never reverts a file whose buffer has unsaved changes of the user', function()
    start({ ['a.txt'] = 'one\n' })
    prompt('s3', 'x')
    write(project .. '/a.txt', 'two\n')
    nvim:lua(
      [[
      vim.cmd.edit(vim.fn.fnameescape(... .. '/a.txt'))
      vim.api.nvim_buf_set_lines(0, 0, -1, false, { 'mine' })
      vim.cmd('tabnew')
    ]],
      project
    )
    stop('s3')
    wait_for('the review', function()
      return review_tab(nvim) ~= nil
    end)
    nvim:lua('vim.cmd.normal("gR")')
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    wait_for('the refusal', function()
      return said(nvim):find('a.txt', 1, true) ~= nil and said(nvim):find('unsaved changes', 1, true) ~= nil
    end)
    assert.are.equal('two\n', bridge.read(project .. '/a.txt'))
  end)
  it('a prompt Qwen Code sends again before each tool result (same prompt_id) does not start a new turn', function()
    -- Qwen Code 0.24.4 runs UserPromptSubmit before every request of a turn, also those that carry tool results
    -- (prompt "", the turn's prompt_id): a snapshot there hid every change made before it from the review.
    start({ ['w.txt'] = 'w1\n', ['s.txt'] = 's1\n' })
    local function qwen(event, input)
      input.session_id, input.cwd, input.hook_event_name = 'q1', project, event
      return run_hook(hook_command(nvim, event, 'qwen'), input, env)
    end
    qwen('UserPromptSubmit', { prompt = 'write and shell', submitted_prompt = 'write and shell', prompt_id = 'q1#0' })
    qwen(
      'PreToolUse',
      { tool_name = 'write_file', tool_input = { file_path = project .. '/w.txt' }, prompt_id = 'q1#0' }
    )
    write(project .. '/w.txt', 'W1\n')
    qwen(
      'PostToolUse',
      { tool_name = 'write_file', tool_input = { file_path = project .. '/w.txt' }, prompt_id = 'q1#0' }
    )
    qwen('UserPromptSubmit', { prompt = '', prompt_id = 'q1#0' })
    write(project .. '/s.txt', 'S1\n')
    qwen('UserPromptSubmit', { prompt = '', prompt_id = 'q1#0' })
    qwen('Stop', { prompt_id = 'q1#0', stop_hook_active = false })
    wait_for('the review', function()
      return review_tab(nvim) ~= nil
    end)
    assert.matches('✻ %[Qwen Code%] turn 1: 2 files, 1 by shell commands', review_tab(nvim))
    -- The review names the CLI whose turn it was (it said "Claude's proposal" for Qwen Code's turn).
    local winbars = nvim:lua([[
      return table.concat(vim.tbl_map(function(w) return vim.wo[w].winbar end, vim.api.nvim_tabpage_list_wins(0)), '\n')
    ]])
    assert.matches('^ Qwen Code  :w apply', winbars)
    assert.is_nil(winbars:find('Claude', 1, true), winbars)
    nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
    wait_for('the review to close', function()
      return review_tab(nvim) == nil
    end)
    -- The next prompt (a new prompt_id) is turn 2.
    qwen('UserPromptSubmit', { prompt = 'again', submitted_prompt = 'again', prompt_id = 'q1#1' })
    qwen('PreToolUse', { tool_name = 'run_shell_command', tool_input = { command = 'x' }, prompt_id = 'q1#1' })
    write(project .. '/s.txt', 'S2\n')
    qwen('Stop', { prompt_id = 'q1#1', stop_hook_active = false })
    wait_for('the second review', function()
      return review_tab(nvim) ~= nil
    end)
    assert.matches('turn 2: 1 file', review_tab(nvim))
  end)
end)
