-- The CLIs' external editor (terminal.editor): the command $VISUAL names, run the way a CLI runs it (its words and
-- the file, in a terminal of the Neovim that started the CLI), opens the file in that Neovim above the terminal,
-- filetype markdown, and waits: written and closed → exit 0 with the text; `:cq` (typed: that edit only, Neovim
-- stays) → exit 1 with the file as it was; then the terminal has the focus in Terminal mode. With Neovim gone it
-- runs the user's own editor. And the terminals :ClaudeCode starts get it in $VISUAL / $EDITOR. Its winbar says
-- `:wq` sends and `:cq` cancels; and no CLI is ever told that file is the one the user opened or a selection.
local bridge = require('helpers.bridge')
local client = require('helpers.client')

describe('the external editor command', function()
  after_each(bridge.cleanup)

  --- The words $VISUAL holds for a CLI of this Neovim (read from the child's own settings module).
  local function command_of(nvim)
    return nvim:lua([[
      return table.concat({ vim.v.progpath, '-l', require('claude-ide.hooks.settings').hookScript(), 'claude',
        'editor', '--instance', tostring(vim.fn.getpid()) }, ' ')
    ]])
  end

  --- Runs `command FILE` in a terminal of the child (below a shell, as a CLI would), its exit status printed.
  local function run_in_terminal(nvim, command, file)
    nvim:lua(
      [[
      local line = ...
      vim.cmd('botright new')
      vim.fn.termopen({ 'sh', '-c', line .. '; echo EXIT=$?; sleep 60' })
      _G.term_buf = vim.api.nvim_get_current_buf()
      vim.cmd('stopinsert')
    ]],
      command .. ' ' .. vim.fn.shellescape(file)
    )
  end

  local function terminal_text(nvim)
    return nvim:lua([[return table.concat(vim.api.nvim_buf_get_lines(_G.term_buf, 0, -1, false), '\n')]])
  end

  --- Waits until the child shows `file` in a window; returns that window's facts.
  local function shown(nvim, file)
    local info
    assert(
      vim.wait(10000, function()
        info = nvim:lua(
          [[
          local file = ...
          local buf = vim.fn.bufnr(file)
          if buf == -1 or #vim.fn.win_findbuf(buf) == 0 then return nil end
          local win = vim.fn.win_findbuf(buf)[1]
          local term_win = vim.fn.win_findbuf(_G.term_buf)[1]
          return { filetype = vim.bo[buf].filetype, current = vim.api.nvim_get_current_win() == win,
            above = vim.fn.win_screenpos(win)[1] < vim.fn.win_screenpos(term_win)[1] }
        ]],
          file
        )
        return info ~= nil and info ~= vim.NIL
      end, 20),
      'the file did not open in Neovim'
    )
    return info
  end

  it('opens the file above the terminal, waits, and gives the written text back with status 0', function()
    local project = bridge.project({ ['a.txt'] = 'a\n' })
    local nvim = bridge.editor({ config_dir = bridge.config_dir(), cwd = project })
    local file = bridge.tempdir() .. '/prompt.md'
    bridge.write(file, 'half a prompt\n')
    run_in_terminal(nvim, command_of(nvim), file)
    local info = shown(nvim, file)
    assert.are.same({ filetype = 'markdown', current = true, above = true }, info)
    -- It waits for the user.
    assert.is_nil(terminal_text(nvim):find('EXIT=', 1, true))
    vim.rpcrequest(nvim:rpc(), 'nvim_input', 'Goand the rest<Esc>:wq<CR>')
    assert(
      vim.wait(10000, function()
        return terminal_text(nvim):find('EXIT=', 1, true) ~= nil
      end, 20),
      'the command did not end'
    )
    assert.matches('EXIT=0', terminal_text(nvim))
    assert.are.equal('half a prompt\nand the rest\n', bridge.read(file))
    -- The terminal has the focus again, in Terminal mode.
    assert(
      vim.wait(5000, function()
        return nvim:lua('return vim.api.nvim_get_current_buf() == _G.term_buf and vim.fn.mode() == "t"')
      end, 20),
      'the terminal did not get the focus back in Terminal mode'
    )
  end)

  it(':cq cancels that edit only: status 1, the file as it was, Neovim still there', function()
    local nvim = bridge.editor({ config_dir = bridge.config_dir(), cwd = bridge.project({ ['a.txt'] = 'a\n' }) })
    local file = bridge.tempdir() .. '/prompt.md'
    bridge.write(file, 'keep me\n')
    -- As Gemini CLI 0.61 runs it: `-i NONE` before the file.
    run_in_terminal(nvim, command_of(nvim) .. ' -i NONE', file)
    shown(nvim, file)
    vim.rpcrequest(nvim:rpc(), 'nvim_input', 'ochanged<Esc>:cq<CR>')
    assert(
      vim.wait(10000, function()
        return terminal_text(nvim):find('EXIT=', 1, true) ~= nil
      end, 20),
      'the command did not end'
    )
    assert.matches('EXIT=1', terminal_text(nvim))
    assert.are.equal('keep me\n', bridge.read(file))
    assert.are.equal(-1, nvim:lua('return vim.fn.bufnr(...)', file))
    assert.are.equal(2, nvim:lua('return 1 + 1'))
  end)

  --- Every text message `conn` received so far (decoded), left in the driver's queue.
  local function received(conn)
    local out = {}
    for _, e in ipairs(conn.driver.events) do
      if e.conn == conn.id and e.ev == 'message' then
        table.insert(out, vim.json.decode(e.text))
      end
    end
    return out
  end

  local function wait_mode(nvim, want)
    assert(
      vim.wait(5000, function()
        return nvim:lua('return vim.fn.mode()') == want
      end, 10),
      'mode ' .. want .. ' not reached (' .. tostring(nvim:lua('return vim.fn.mode()')) .. ')'
    )
  end

  it('is never reported to a CLI as the opened file or a selection, and its winbar says how to leave', function()
    local project = bridge.project({ ['a.txt'] = 'first\nsecond\nthird\n' })
    local nvim = bridge.editor({ config_dir = bridge.config_dir(), cwd = project, args = { 'a.txt' } })
    local name = 'claude-prompt-3f9a.md'
    local file = bridge.tempdir() .. '/' .. name
    bridge.write(file, 'half a prompt\nwith two lines\n')
    -- A Claude Code (the IDE connection: selection_changed, at_mentioned, the selection tools) and an agent
    -- bridge (editor_state, the vim:// resources), both real WebSocket clients of the child's server.
    local ide = client.connect({ port = nvim.lock.port, token = nvim.lock.authToken })
    ide:initialize()
    local agent = client.connect({
      port = nvim.lock.port,
      token = nvim.lock.authToken,
      headers = { ['x-claude-ide-role'] = 'agent' },
    })
    agent:initialize()
    -- The file the user edits is announced: the client hears what a file buffer does.
    assert.matches('/a%.txt$', ide:wait_notification('selection_changed').filePath)

    run_in_terminal(nvim, command_of(nvim), file)
    shown(nvim, file)
    local winbar = nvim:lua('return vim.wo.winbar')
    assert.matches("Claude Code's prompt", winbar)
    assert.matches(':wq send', winbar, 1, true)
    assert.matches(':cq cancel', winbar, 1, true)

    -- As a user does there: moves, a linewise selection left with <Esc>, a characterwise one still on while the
    -- tools are asked, the mention commands.
    local input = function(keys)
      vim.rpcrequest(nvim:rpc(), 'nvim_input', keys)
    end
    input('ggjVk<Esc>')
    wait_mode(nvim, 'n')
    input('jlll')
    input(':ClaudeCodeSend<CR>')
    input(':ClaudeCodeAdd %<CR>')
    input('ggvj')
    wait_mode(nvim, 'v')
    local answers = {}
    for _, tool in ipairs({ 'getCurrentSelection', 'getLatestSelection', 'getOpenEditors' }) do
      local res = ide:call_tool(tool)
      assert.is_table(res.result, tool .. ': ' .. vim.inspect(res))
      answers[tool] = bridge.text(res.result)
    end
    answers.editor_state = bridge.text(agent:call_tool('editor_state').result)
    for _, uri in ipairs({ 'vim://buffers', 'vim://windows', 'vim://cursor' }) do
      answers[uri] = agent:request('resources/read', { uri = uri }).result.contents[1].text
    end
    -- The state says where the user is, without naming the file, and gives the file they edit instead.
    assert.matches('cursor: [prompt] being written for a CLI', answers.editor_state, 1, true)
    assert.matches('editing: a.txt:', answers.editor_state, 1, true)
    assert.matches('selection: none', answers.editor_state, 1, true)
    assert.matches('"filePath":"[^"]*/a%.txt"', answers.getLatestSelection)
    input('<Esc>:wq<CR>')
    assert(
      vim.wait(10000, function()
        return terminal_text(nvim):find('EXIT=0', 1, true) ~= nil
      end, 20),
      'the command did not end with 0'
    )
    -- Then a move in the file the user edits is reported: everything before it has arrived.
    wait_mode(nvim, 't')
    input('<C-\\><C-n><C-w>tj')
    local moved = ide:next_message(function(m)
      return m.method == 'selection_changed'
        and m.params.filePath:match('/a%.txt$')
        and m.params.selection.start.line == 1
    end, 5000, 'selection_changed on a.txt line 2')
    assert.is_table(moved)

    for what, text in pairs(answers) do
      assert.is_nil(text:find(name, 1, true), what .. ' names the prompt file: ' .. text)
      assert.is_nil(text:find('half a prompt', 1, true), what .. ' holds the prompt text: ' .. text)
    end
    for _, msg in ipairs(received(ide)) do
      local text = vim.json.encode(msg)
      assert.is_nil(text:find(name, 1, true), 'sent to the CLI: ' .. text)
      assert.is_nil(text:find('half a prompt', 1, true), 'sent to the CLI: ' .. text)
      assert.are_not.equal('at_mentioned', msg.method, 'a mention was sent: ' .. text)
    end
    ide:close()
    agent:close()
  end)

  it("runs the user's own editor when its Neovim is gone", function()
    local file = bridge.tempdir() .. '/prompt.md'
    bridge.write(file, 'text\n')
    local script = vim.fn.fnamemodify('lua/claude-ide/hook.lua', ':p')
    local done = vim
      .system({ vim.v.progpath, '-l', script, 'claude', 'editor', '--instance', tostring(bridge.dead_pid()), '+1', file }, {
        env = bridge.env(bridge.config_dir(), { CLAUDE_IDE_EDITOR_FALLBACK = [[sh -c 'echo fallback >> "$1"' sh]] }),
      })
      :wait(20000)
    assert.are.equal(0, done.code)
    assert.are.equal('text\nfallback\n', bridge.read(file))
  end)

  it("is $VISUAL and $EDITOR of the CLIs :ClaudeCode starts, the user's own editor kept for the fallback", function()
    local path, recorded = bridge.argv_recorder('qwen')
    local env_file = bridge.tempdir() .. '/env'
    bridge.write(
      path,
      ('#!/bin/sh\nprintf "%%s\\n%%s\\n%%s\\n" "$VISUAL" "$EDITOR" "$CLAUDE_IDE_EDITOR_FALLBACK" > %s\n'):format(
        env_file
      ) .. bridge.read(path):gsub('^#!/bin/sh\n', '')
    )
    local nvim = bridge.editor({
      config_dir = bridge.config_dir(),
      cwd = bridge.project({ ['a.txt'] = 'a\n' }),
      env = { VISUAL = 'my-editor --wait', QWEN_HOME = bridge.tempdir(), XDG_STATE_HOME = bridge.tempdir() },
      setup = { terminal = { command = vim.fn.shellescape(path) } },
    })
    nvim:lua('vim.cmd("ClaudeCode")')
    recorded()
    local lines = vim.split(bridge.read(env_file), '\n', { plain = true })
    local expected = nvim:lua([[
      return table.concat({ vim.v.progpath, '-l', require('claude-ide.hooks.settings').hookScript(), 'qwen',
        'editor', '--instance', tostring(vim.fn.getpid()) }, ' ')
    ]])
    assert.are.same({ expected, expected, 'my-editor --wait' }, { lines[1], lines[2], lines[3] })
  end)
end)
