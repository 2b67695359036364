-- Notes sent to the agent, in a child Neovim whose CLI hooks run as a CLI runs them (sh -c, JSON on stdin): a turn
-- review applied with `:w` sends the notes with the next prompt's hook output, exactly once, in file and line order
-- (Claude Code's UserPromptSubmit, Gemini CLI's BeforeAgent); :ClaudeCodeNotesSend types them into a real terminal
-- job as one bracketed paste; a note edited after it was sent is pending again.
local bridge = require('helpers.bridge')
local hook_command, run_hook = require('helpers.turn').hook_command, require('helpers.turn').run_hook

local function wait_for(what, pred)
  assert(vim.wait(20000, pred, 20), 'timed out waiting for ' .. what)
end

--- The CLIs' events: the prompt, the gate of a tool that changes files, the turn's end.
local EVENTS = {
  claude = { prompt = 'UserPromptSubmit', gate = 'PreToolUse', tool = 'Bash', stop = 'Stop' },
  gemini = { prompt = 'BeforeAgent', gate = 'BeforeTool', tool = 'run_shell_command', stop = 'AfterAgent' },
}

describe('notes sent to the agent', function()
  after_each(bridge.cleanup)

  local nvim, env, project

  local function start(terminal)
    local dir = bridge.config_dir()
    project =
      bridge.project({ ['a.txt'] = 'one\n', ['b.lua'] = 'local x = f()\nreturn x\n', ['c.lua'] = 'c1\nc2\nc3\n' })
    vim.system({ 'git', '-C', project, 'init', '-q' }):wait()
    env = bridge.env(dir)
    nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      env = { XDG_STATE_HOME = bridge.tempdir() },
      setup = { diff = { focus = 'always' }, terminal = terminal },
    })
  end

  local function type_keys(keys)
    vim.rpcrequest(nvim:rpc(), 'nvim_input', keys)
  end

  --- Opens `rel` and writes a note on lines `range` by command, typed.
  local function note(rel, range, text)
    nvim:lua('vim.cmd.edit(...)', project .. '/' .. rel)
    type_keys((':%sClaudeCodeNote %s<CR>'):format(range, text))
    wait_for('the note on ' .. rel, function()
      return nvim:lua(
        [[
        local text = ...
        local ns = vim.api.nvim_create_namespace('claude-ide.notes')
        for _, m in ipairs(vim.api.nvim_buf_get_extmarks(0, ns, 0, -1, { details = true })) do
          for _, line in ipairs(m[4].virt_lines or {}) do
            if line[2][1] == text then return true end
          end
        end
        return false
      ]],
        text
      )
    end)
  end

  --- The prompt's hook output's additionalContext ('' without one), then the gate of the agent's first tool.
  local function prompt(client, session)
    local e = EVENTS[client]
    local input = { session_id = session, cwd = project, hook_event_name = e.prompt, prompt = 'go' }
    local out = run_hook(hook_command(nvim, e.prompt, client), input, env)
    local gate = { session_id = session, cwd = project, hook_event_name = e.gate, tool_name = e.tool, tool_input = {} }
    run_hook(hook_command(nvim, e.gate, client), gate, env)
    return out and out.hookSpecificOutput and out.hookSpecificOutput.additionalContext or ''
  end

  --- A turn that changes a.txt, its review applied with :w (nothing reverted).
  local function turn_applied(client, session)
    bridge.write(project .. '/a.txt', 'two\n')
    local e = EVENTS[client]
    run_hook(hook_command(nvim, e.stop, client), { session_id = session, cwd = project, hook_event_name = e.stop }, env)
    wait_for('the review', function()
      return nvim:lua([[
        for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
          if pcall(vim.api.nvim_tabpage_get_var, tab, 'claude_ide_diff') then return true end
        end
        return false
      ]])
    end)
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
  end

  for _, client in ipairs({ 'claude', 'gemini' }) do
    it(client .. ': a turn review applied sends the notes with the next prompt, once, by file and line', function()
      start()
      assert.are.equal('', prompt(client, 's1'))
      note('c.lua', '3', 'why c3?')
      note('b.lua', '1,2', 'handle nil')
      turn_applied(client, 's1')
      local sent
      wait_for('the notes in the next prompt', function()
        sent = prompt(client, 's1')
        return sent ~= ''
      end)
      local b, c = sent:find(project .. '/b.lua lines 1-2:', 1, true), sent:find(project .. '/c.lua line 3:', 1, true)
      assert.is_truthy(b, sent)
      assert.is_truthy(c, sent)
      assert.is_true(b < c, 'ordered by file')
      assert.is_truthy(sent:find('```\nlocal x = f()\nreturn x\n```\nNote: handle nil', 1, true), sent)
      assert.is_truthy(sent:find('```\nc3\n```\nNote: why c3?', 1, true), sent)
      assert.matches('left 2 notes', sent)
      -- Exactly once: the prompt after that carries none; the notes stay, marked sent.
      assert.are.equal('', prompt(client, 's1'))
      type_keys(':ClaudeCodeNotes sent<CR>')
      wait_for('the list of notes sent', function()
        return #nvim:lua('return vim.fn.getqflist()') == 2
      end)
    end)
  end

  --- The virtual lines of namespace `ns` in buffer `buf` (0: the current one), as { [row 1-based] = { texts } }.
  local function virt_lines(ns, buf)
    return nvim:lua(
      [[
      local ns, buf = ...
      local out = {}
      for _, m in ipairs(vim.api.nvim_buf_get_extmarks(buf, vim.api.nvim_create_namespace(ns), 0, -1, { details = true })) do
        for _, line in ipairs(m[4].virt_lines or {}) do
          local text = ''
          for _, chunk in ipairs(line) do text = text .. chunk[1] end
          local at = out[tostring(m[2] + 1)] or {}
          table.insert(at, text)
          out[tostring(m[2] + 1)] = at
        end
      end
      return out
    ]],
      ns,
      buf or 0
    )
  end

  it("the next turn's review shows a note its hunk answered beside that hunk; the others stay, not answered", function()
    start()
    assert.are.equal('', prompt('claude', 's1'))
    note('b.lua', '2', 'return early')
    note('c.lua', '3', 'why c3?')
    turn_applied('claude', 's1')
    assert.is_truthy(prompt('claude', 's1'):find('Note: return early', 1, true))
    -- The agent's turn answers the note on b.lua's line 2, and changes c.lua far from its note.
    bridge.write(project .. '/b.lua', 'local x = f()\nif not x then return nil end\nreturn x\n')
    bridge.write(project .. '/c.lua', 'C1\nc2\nc3\n')
    run_hook(hook_command(nvim, 'Stop', 'claude'), { session_id = 's1', cwd = project, hook_event_name = 'Stop' }, env)
    wait_for("the next turn's overview", function()
      return nvim:lua('return vim.bo.filetype') == 'claude-ide-review'
    end)
    local lines = nvim:lua('return vim.api.nvim_buf_get_lines(0, 0, -1, true)')
    local shown = virt_lines('claude-ide.overview')
    local answered = {}
    for row, texts in pairs(shown) do
      for _, t in ipairs(texts) do
        answered[t] = lines[tonumber(row)]
      end
    end
    -- beside b.lua's hunk (its @@ line), and nowhere else
    assert.are.same({ ['✎ (answered) return early'] = '@@ -1,2 +1,3 @@' }, answered)
    -- :ClaudeCodeNotes says which was answered
    type_keys(':ClaudeCodeNotes<CR>')
    local items
    wait_for('the list of notes', function()
      items = nvim:lua([[
        local out = {}
        for _, i in ipairs(vim.fn.getqflist()) do table.insert(out, i.text) end
        table.sort(out)
        return out
      ]])
      return #items == 2
    end)
    assert.are.same({ '[answered] return early', '[not answered] why c3?' }, items)
    -- b.lua's own review, opened from the overview, shows it above the hunk's line
    nvim:lua('vim.cmd.wincmd("p")')
    wait_for('the overview again', function()
      return nvim:lua('return vim.bo.filetype') == 'claude-ide-review'
    end)
    local row
    for i, l in ipairs(nvim:lua('return vim.api.nvim_buf_get_lines(0, 0, -1, true)')) do
      if l:find('if not x', 1, true) then
        row = i
      end
    end
    type_keys(row .. 'G<CR>')
    wait_for("b.lua's review", function()
      return nvim:lua('return (vim.b.claude_ide_diff or {}).file') == 'b.lua'
    end)
    assert.are.same({ ['2'] = { '✎ (answered) return early' } }, virt_lines('claude-ide.answered'))
    -- c.lua's buffer shows its note on its lines, not answered
    nvim:lua('vim.cmd("tabnew " .. ...)', project .. '/c.lua')
    local marks = virt_lines('claude-ide.notes')
    assert.are.same({ ['3'] = { '✎ (not answered) why c3?' } }, marks)
  end)

  it(':ClaudeCodeNotesSend types the notes into the session terminal as one bracketed paste', function()
    -- The session's CLI: a program that writes what it reads, byte for byte, to a file.
    local out = bridge.tempdir() .. '/typed'
    local cli = bridge.tempdir() .. '/cli'
    bridge.write(cli, ('#!/bin/sh\nstty raw -echo\nexec cat > %s\n'):format(vim.fn.shellescape(out)))
    vim.fn.setfperm(cli, 'rwxr-xr-x')
    start({ command = cli })
    nvim:lua('vim.cmd("ClaudeCode")')
    wait_for('the terminal', function()
      return vim.uv.fs_stat(out) ~= nil
    end)
    nvim:lua('vim.cmd("wincmd p")')
    note('b.lua', '2', 'return early')
    type_keys(':ClaudeCodeNotesSend<CR>')
    local typed
    wait_for('the prompt typed and sent', function()
      typed = bridge.read(out) or ''
      return typed:sub(-1) == '\r'
    end)
    local _, pastes = typed:gsub('\27%[200~', '')
    assert.are.equal(1, pastes, typed)
    local body = typed:match('^\27%[200~(.*)\27%[201~\r$')
    assert.is_truthy(body, typed)
    assert.is_truthy(body:find(project .. '/b.lua line 2:\n```\nreturn x\n```\nNote: return early', 1, true), body)
    -- Sent once: nothing waits any more.
    type_keys(':ClaudeCodeNotesSend<CR>')
    wait_for('the answer', function()
      return nvim:lua('return vim.fn.execute("messages")'):find('no note waits to be sent', 1, true) ~= nil
    end)
    assert.are.equal(typed, bridge.read(out))
  end)
end)
