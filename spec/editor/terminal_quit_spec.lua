-- `:qa!` typed in the Claude terminal quits Neovim, with every terminal provider: the built-in terminal and
-- snacks.nvim's (LazyVim's default), in a split and in a float. A child Neovim must exit.
--
-- snacks.nvim closes its terminals on ExitPre, and Neovim refuses to quit when an ExitPre autocmd closes the window
-- the quit was typed in: with snacks, `:qa!` in the Claude terminal closed only that terminal. snacks.nvim itself
-- is not here (on neither npm nor Debian, and specs fetch nothing): spec/fixtures/snacks is a stand-in that keeps
-- what snacks does there (its ExitPre closing the window, its autocmds defined again by every show(), its fixbuf),
-- and the last case shows that it does trap `:qa!` as snacks does. Checked by hand against snacks.nvim itself
-- (ad9ede6): the same cases quit.
local bridge = require('helpers.bridge')

local SNACKS = bridge.root .. '/spec/fixtures/snacks'

describe(':qa! in the Claude terminal', function()
  after_each(bridge.cleanup)

  --- A child Neovim with the plugin, its terminal.* set to `terminal` (a stand-in claude that waits), snacks.nvim's
  --- stand-in on the runtimepath when `snacks`.
  local function editor(terminal, snacks)
    local claude = bridge.tempdir() .. '/claude'
    bridge.write(claude, '#!/bin/sh\necho claude is waiting\nexec cat\n')
    vim.fn.setfperm(claude, 'rwxr-xr-x')
    terminal.command = claude
    local nvim = bridge.editor({
      config_dir = bridge.config_dir(),
      cwd = bridge.project({ ['a.txt'] = 'a\n' }),
      args = { 'a.txt' },
      setup = { terminal = terminal },
    })
    if snacks then
      nvim:lua('vim.opt.rtp:prepend(...)', SNACKS)
    end
    return nvim
  end

  local function input(nvim, keys)
    vim.rpcrequest(nvim:rpc(), 'nvim_input', keys)
  end

  --- :ClaudeCode, then waits until the cursor is in its terminal, in Terminal mode, the job running.
  local function open_claude(nvim, keys)
    input(nvim, keys or ':ClaudeCode<CR>')
    local state
    assert(
      vim.wait(30000, function()
        state = nvim:lua([[
          local buf = vim.api.nvim_get_current_buf()
          return { buftype = vim.bo[buf].buftype, mode = vim.fn.mode(), ft = vim.bo[buf].filetype,
            running = vim.bo[buf].buftype == 'terminal' and vim.fn.jobwait({ vim.b[buf].terminal_job_id }, 0)[1] == -1,
            float = vim.api.nvim_win_get_config(0).relative ~= '' }
        ]])
        return state.buftype == 'terminal' and state.mode == 't' and state.running
      end, 20),
      'the Claude terminal did not open: ' .. vim.inspect(state)
    )
    return state
  end

  local function quits(nvim)
    if nvim:wait_exit(30000) then
      return
    end
    local ok, state = pcall(
      nvim.lua,
      nvim,
      [[
      return { wins = vim.fn.winnr('$'), buftype = vim.bo.buftype, mode = vim.fn.mode(), name = vim.fn.bufname() }
    ]]
    )
    error('Neovim did not quit: ' .. vim.inspect(ok and state or 'no answer'))
  end

  for _, case in ipairs({
    { provider = 'native', side = 'right' },
    { provider = 'native', side = 'float' },
    { provider = 'snacks', side = 'right' },
    { provider = 'snacks', side = 'float' },
  }) do
    it(('quits Neovim: provider %s, side %s'):format(case.provider, case.side), function()
      local nvim = editor({ provider = case.provider, side = case.side }, case.provider == 'snacks')
      local state = open_claude(nvim)
      assert.are.equal(case.side == 'float', state.float)
      assert.are.equal('claude-ide', state.ft)
      if case.provider == 'snacks' then
        assert.is_true(nvim:lua('return package.loaded.snacks ~= nil'), 'the stand-in snacks.nvim was not used')
      end
      input(nvim, '<C-\\><C-n>:qa!<CR>')
      quits(nvim)
    end)
  end

  it('quits Neovim with snacks after the terminal was hidden and shown again (its autocmds defined anew)', function()
    local nvim = editor({ provider = 'snacks', side = 'right' }, true)
    open_claude(nvim)
    input(nvim, '<C-\\><C-n>:ClaudeCode<CR>')
    assert(
      vim.wait(20000, function()
        return nvim:lua('return vim.bo.buftype') == ''
      end, 20),
      'the terminal did not hide'
    )
    open_claude(nvim)
    input(nvim, '<C-\\><C-n>:qa!<CR>')
    quits(nvim)
  end)

  it('with snacks, :qa in a file window still ends the running terminal and quits, as snacks.nvim promises', function()
    local nvim = editor({ provider = 'snacks', side = 'right' }, true)
    open_claude(nvim)
    input(nvim, '<C-\\><C-n><C-w>p')
    assert(
      vim.wait(20000, function()
        return nvim:lua('return vim.fn.expand("%:t")') == 'a.txt'
      end, 20),
      'not back in a.txt'
    )
    input(nvim, ':qa<CR>')
    quits(nvim)
  end)

  it('the snacks stand-in traps :qa! as snacks.nvim does when its ExitPre is left alone', function()
    local nvim = editor({ provider = 'native' }, true)
    -- A snacks terminal of the user's own (not the plugin's): snacks' ExitPre closes the window `:qa!` came from.
    nvim:lua([[require('snacks').terminal.open({ 'sh', '-c', 'exec cat' }, { win = { position = 'right' } })]])
    assert.are.equal('terminal', nvim:lua('return vim.bo.buftype'))
    input(nvim, '<C-\\><C-n>:qa!<CR>')
    assert(
      vim.wait(20000, function()
        -- (Its socket may close before the exit callback says so: a failed call is an exit.)
        local ok, wins = pcall(nvim.lua, nvim, 'return vim.fn.winnr("$")')
        return nvim.exited or not ok or wins == 1
      end, 20),
      'the terminal did not close'
    )
    nvim:wait_exit(200)
    assert.is_false(nvim.exited, 'Neovim quit: the stand-in does not model the trap')
    assert.are.equal('a.txt', nvim:lua('return vim.fn.expand("%:t")'))
  end)
end)
