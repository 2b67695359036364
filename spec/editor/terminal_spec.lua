-- The Claude terminal (:ClaudeCode / :ClaudeCodeFocus): a real terminal job running a stand-in for
-- `claude` that prints what it was started with, then waits.
local h = require('helpers.tools')
local ide = require('claude-ide')

describe('the Claude terminal', function()
  local messages, real_notify, old_no_proxy

  setup(function()
    if vim.fn.exists(':ClaudeCode') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    messages = {}
    real_notify = vim.notify
    vim.notify = function(msg, level)
      table.insert(messages, { msg = msg, level = level })
    end
    old_no_proxy = vim.env.NO_PROXY
    vim.env.NO_PROXY = 'corp.example'
  end)

  after_each(function()
    vim.notify = real_notify
    vim.env.NO_PROXY = old_no_proxy
    ide.stop()
    h.reset_editor()
  end)

  --- A stand-in for claude: prints its environment and arguments, then waits (or exits with `code`).
  local function fake_claude(code)
    local path = h.file('bin/fake claude', {
      '#!/bin/sh',
      'echo "PORT=$CLAUDE_CODE_SSE_PORT IDE=$ENABLE_IDE_INTEGRATION FORCE=$FORCE_CODE_TERMINAL CUSTOM=$CUSTOM_VAR"',
      'echo "NO_PROXY=$NO_PROXY"',
      'echo "no_proxy=$no_proxy"',
      'echo "ARGS=$*"',
      code and ('exit ' .. code) or 'exec cat',
    })
    vim.fn.setfperm(path, 'rwxr-xr-x')
    return vim.fn.shellescape(path)
  end

  local function setup_with(terminal)
    assert.is_true(ide.setup({ auto_start = false, log_level = 'error', terminal = terminal }))
  end

  local function terminal_windows()
    return vim.tbl_filter(function(w)
      return vim.bo[vim.api.nvim_win_get_buf(w)].buftype == 'terminal'
    end, vim.api.nvim_tabpage_list_wins(0))
  end

  local function terminal_text(win)
    local buf = vim.api.nvim_win_get_buf(win)
    local text
    vim.wait(3000, function()
      -- Joined without separators: the terminal wraps long lines at the window width.
      text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false))
      return text:find('ARGS=', 1, true) ~= nil
    end, 10)
    return text
  end

  it('starts the server and claude with the IDE environment and the given arguments', function()
    setup_with({ command = fake_claude(), env = { CUSTOM_VAR = 'custom value' } })
    assert.is_false(ide.status().running)
    vim.cmd('ClaudeCode --model x')
    assert.is_true(ide.status().running)
    local wins = terminal_windows()
    assert.are.equal(1, #wins)
    assert.are.equal(wins[1], vim.api.nvim_get_current_win())
    local text = terminal_text(wins[1])
    local port = ide.status().port
    assert.matches(('PORT=%d IDE=true FORCE=true CUSTOM=custom value'):format(port), text, 1, true)
    assert.matches('NO_PROXY=corp.example,127.0.0.1,localhost,::1', text, 1, true)
    assert.matches('no_proxy=127.0.0.1,localhost,::1', text, 1, true)
    -- The agent endpoint's arguments (agent.in_terminal) come first, then terminal.permission_mode's default, the
    -- user's last: two files, not the tool list itself (the command line stays short); execute is never allowed.
    local mcp_config, settings =
      text:match('ARGS=%-%-mcp%-config (%S+) %-%-settings (%S+) %-%-permission%-mode default %-%-model x')
    assert.is_not_nil(mcp_config, text)
    local servers = vim.json.decode(table.concat(vim.fn.readfile(mcp_config), '\n')).mcpServers
    assert.are.same(
      { '-l', vim.fn.fnamemodify('lua/claude-ide/bridge.lua', ':p'), '--instance', tostring(vim.fn.getpid()) },
      servers.nvim.args
    )
    local allow = vim.json.decode(table.concat(vim.fn.readfile(settings), '\n')).permissions.allow
    assert.is_true(vim.tbl_contains(allow, 'mcp__nvim__list_instances'))
    assert.is_true(vim.tbl_contains(allow, 'mcp__nvim__edit'))
    assert.is_false(vim.tbl_contains(allow, 'mcp__nvim__execute'))
    assert.is_nil(text:find('mcp__nvim__', 1, true))
  end)

  it(
    'is named <cli>://<session> (claude:// for any program but gemini and qwen), its window shows no columns',
    function()
      vim.o.number, vim.o.relativenumber, vim.o.signcolumn, vim.o.foldcolumn = true, true, 'yes', '1'
      local buffers_before = #vim.api.nvim_list_bufs()
      setup_with({ command = fake_claude() })
      vim.cmd('ClaudeCode')
      local win = terminal_windows()[1]
      local buf = vim.api.nvim_win_get_buf(win)
      -- named after the CLI (gemini://gemini for gemini; any other program runs as Claude Code: claude://claude);
      -- claude://claude-N when an earlier spec's terminal buffer still holds the name
      local name = vim.api.nvim_buf_get_name(buf)
      assert.matches('^claude://claude%-?%d*$', name)
      -- renaming left no buffer behind under the old (term://...) name
      assert.are.equal(buffers_before + 1, #vim.api.nvim_list_bufs())
      local function columns(w)
        return {
          vim.wo[w].number,
          vim.wo[w].relativenumber,
          vim.wo[w].signcolumn,
          vim.wo[w].foldcolumn,
          vim.wo[w].statuscolumn,
          vim.fn.getwininfo(w)[1].textoff,
        }
      end
      assert.are.same({ false, false, 'no', '0', '', 0 }, columns(win))
      -- hidden and shown again: a new window, styled the same
      vim.cmd('ClaudeCode')
      vim.cmd('ClaudeCode')
      assert.are.same({ false, false, 'no', '0', '', 0 }, columns(terminal_windows()[1]))
      -- a second session: its own short name
      vim.cmd('ClaudeCodeNew')
      assert.matches('^claude://claude%-%d+$', vim.api.nvim_buf_get_name(0))
      assert.are_not.equal(name, vim.api.nvim_buf_get_name(0))
      vim.o.number, vim.o.relativenumber, vim.o.signcolumn, vim.o.foldcolumn = false, false, 'auto', '0'
    end
  )

  it('maps the configured Terminal-mode keys in its buffer only, never <Esc>', function()
    setup_with({ command = fake_claude(), keymaps = { window_up = false, normal = '<C-q>' } })
    vim.cmd('ClaudeCode')
    local buf = vim.api.nvim_get_current_buf()
    local lhs = {}
    for _, m in ipairs(vim.api.nvim_buf_get_keymap(buf, 't')) do
      lhs[#lhs + 1] = m.lhs
    end
    table.sort(lhs)
    assert.are.same({ '<C-H>', '<C-J>', '<C-L>', '<C-Q>' }, lhs)
    -- <C-h> goes to the window on the left; in a float (no window beside it) the key goes to Claude
    local maps = {}
    for _, m in ipairs(vim.api.nvim_buf_get_keymap(buf, 't')) do
      maps[m.lhs] = m
    end
    assert.are.equal('<C-\\><C-N>', maps['<C-Q>'].rhs)
    assert.are.equal('<Cmd>wincmd h<CR>', maps['<C-H>'].callback())
    local float = vim.api.nvim_open_win(buf, true, { relative = 'editor', row = 1, col = 1, width = 20, height = 5 })
    assert.are.equal('<C-h>', maps['<C-H>'].callback())
    vim.api.nvim_win_close(float, true)
  end)

  it('provider "auto" uses snacks.nvim when it is installed (a stand-in module here)', function()
    local opened = {}
    package.loaded['snacks'] = {
      terminal = {
        open = function(cmd, opts)
          local buf = vim.api.nvim_create_buf(false, true)
          table.insert(opened, { cmd = cmd, env = opts.env, buf = buf })
          return {
            buf = buf,
            buf_valid = function()
              return vim.api.nvim_buf_is_valid(buf)
            end,
            win_valid = function()
              return false
            end,
          }
        end,
      },
    }
    local ok, err = pcall(function()
      setup_with({ command = fake_claude() })
      vim.cmd('ClaudeCode')
    end)
    package.loaded['snacks'] = nil
    assert(ok, err)
    assert.are.equal(1, #opened)
    assert.matches('fake claude', opened[1].cmd, 1, true)
    assert.are.equal(tostring(ide.status().port), opened[1].env.CLAUDE_CODE_SSE_PORT)
    assert.matches('^claude://claude', vim.api.nvim_buf_get_name(opened[1].buf))
    assert.are.equal('claude-ide', vim.bo[opened[1].buf].filetype)
    assert.are.equal(0, #terminal_windows())
    vim.api.nvim_buf_delete(opened[1].buf, { force = true })
  end)

  it('toggles: hiding keeps the process, showing brings the same terminal back', function()
    setup_with({ command = fake_claude(), side = 'right', width = 30 })
    local editor = vim.api.nvim_get_current_win()
    vim.cmd('ClaudeCode')
    local win = terminal_windows()[1]
    local buf = vim.api.nvim_win_get_buf(win)
    local job = vim.b[buf].terminal_job_id
    terminal_text(win)
    assert.are.equal(30, vim.api.nvim_win_get_width(win))
    assert.is_true(vim.fn.win_screenpos(win)[2] > vim.fn.win_screenpos(editor)[2], 'on the right')

    vim.cmd('ClaudeCode')
    assert.are.equal(0, #terminal_windows())
    assert.is_true(vim.api.nvim_buf_is_valid(buf))
    assert.are.equal(-1, vim.fn.jobwait({ job }, 0)[1], 'still running')

    vim.cmd('ClaudeCode')
    local wins = terminal_windows()
    assert.are.equal(1, #wins)
    assert.are.equal(buf, vim.api.nvim_win_get_buf(wins[1]))
  end)

  it('focuses the terminal, opening it when hidden, and warns that arguments only apply at start', function()
    setup_with({ command = fake_claude() })
    local editor = vim.api.nvim_get_current_win()
    vim.cmd('ClaudeCodeFocus')
    local win = vim.api.nvim_get_current_win()
    assert.are.equal('terminal', vim.bo.buftype)
    vim.api.nvim_set_current_win(editor)
    vim.cmd('ClaudeCodeFocus')
    assert.are.equal(win, vim.api.nvim_get_current_win())
    vim.cmd('ClaudeCode') -- hide
    vim.cmd('ClaudeCodeFocus')
    assert.are.equal('terminal', vim.bo.buftype)
    assert.are.equal(1, #terminal_windows())
    vim.cmd('ClaudeCode --resume')
    assert.matches('already running', messages[#messages].msg)
  end)

  it('opens as a float or on the left when configured', function()
    setup_with({ command = fake_claude(), side = 'float', width = 0.5, height = 0.5 })
    vim.cmd('ClaudeCode')
    local win = vim.api.nvim_get_current_win()
    assert.are.equal('editor', vim.api.nvim_win_get_config(win).relative)
    assert.are.equal(math.floor(vim.o.columns * 0.5), vim.api.nvim_win_get_width(win))
    vim.cmd('ClaudeCode') -- hide
    assert.is_false(vim.api.nvim_win_is_valid(win))
    h.reset_editor()
    ide.stop()

    setup_with({ command = fake_claude(), side = 'left', width = 20 })
    vim.cmd('ClaudeCode')
    win = vim.api.nvim_get_current_win()
    assert.are.equal(1, vim.fn.win_screenpos(win)[2])
    assert.are.equal(20, vim.api.nvim_win_get_width(win))
  end)

  it('closes the window when claude exits normally (auto_close), keeps it when it fails', function()
    setup_with({ command = fake_claude(0) })
    vim.cmd('ClaudeCode')
    local buf = vim.api.nvim_get_current_buf()
    assert(
      vim.wait(3000, function()
        return not vim.api.nvim_buf_is_valid(buf)
      end, 10),
      'the terminal buffer should be gone'
    )
    assert.are.equal(0, #terminal_windows())

    h.reset_editor()
    ide.stop()
    setup_with({ command = fake_claude(3) })
    vim.cmd('ClaudeCode')
    buf = vim.api.nvim_get_current_buf()
    -- The plugin has seen claude exit once its session is no longer running; auto_close would have closed
    -- the window in that same exit handler.
    assert(
      vim.wait(3000, function()
        return #vim.tbl_filter(function(s)
          return s.terminal
        end, ide.sessions()) == 0
      end, 10),
      'the exit of claude was not noticed'
    )
    assert.is_true(vim.api.nvim_buf_is_valid(buf))
    assert.are.equal(1, #terminal_windows())
    -- Exited: the next :ClaudeCode starts a new claude.
    vim.cmd('ClaudeCode')
    assert.are_not.equal(buf, vim.api.nvim_get_current_buf())
  end)

  it('says so when the command is not executable, and starts nothing', function()
    setup_with({ command = 'no-such-claude-binary --flag' })
    vim.cmd('ClaudeCode')
    assert.matches('"no%-such%-claude%-binary" is not executable', messages[#messages].msg)
    assert.are.equal(0, #terminal_windows())
  end)

  it('falls back to the built-in terminal when snacks.nvim is not installed', function()
    setup_with({ command = fake_claude(), provider = 'snacks' })
    vim.cmd('ClaudeCode')
    assert.matches('snacks.nvim is not installed', messages[1].msg)
    assert.are.equal(1, #terminal_windows())
  end)
end)
