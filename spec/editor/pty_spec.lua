-- A pty is never hung up while its child still runs the SIGHUP handler it inherited from Neovim
-- (src/claude-ide/editor/pty.ts): Neovim's forkpty() child resets its signal handlers only after it has
-- become the pty's session leader, so the SIGHUP the kernel sends when the master closes (jobstop, a wiped
-- terminal buffer) would run libuv's copy of Neovim's handler and make Neovim exit "Caught deadly signal".
local h = require('helpers.tools')
local CodeRun = require('claude-ide.editor.execute').CodeRun
local new = require('claude-ide.lualib_bundle').__TS__New
local pty = require('claude-ide.editor.pty')

local self_exe = vim.uv.fs_readlink('/proc/self/exe')

--- What the child of `job` is at this moment: 'gone', 'exec' (runs its own program), 'reset' (still
--- Neovim's image, SIGHUP no longer caught) or 'unsafe' (still catching SIGHUP with Neovim's handler).
local function child_state(job)
  local ok, pid = pcall(vim.fn.jobpid, job)
  if not ok or pid <= 0 then
    return 'gone'
  end
  local exe = vim.uv.fs_readlink('/proc/' .. pid .. '/exe')
  if not exe then
    return 'gone'
  end
  if exe ~= self_exe then
    return 'exec'
  end
  local f = io.open('/proc/' .. pid .. '/status')
  local caught = f and f:read('*a'):match('SigCgt:%s*(%x+)')
  if f then
    f:close()
  end
  return (caught and tonumber(caught:sub(-1), 16) % 2 == 1) and 'unsafe' or 'reset'
end

describe('hanging up a pty job', function()
  local config, real_jobstop, seen

  before_each(function()
    config = require('claude-ide.config').validate({
      execute_code = true,
      execute_code_opts = { interpreter = { 'sh' }, timeout_ms = 5000, log_file = vim.fn.tempname() },
    }).config
    seen = {}
    real_jobstop = vim.fn.jobstop
    vim.fn.jobstop = function(job)
      table.insert(seen, child_state(job))
      return real_jobstop(job)
    end
  end)

  after_each(function()
    vim.fn.jobstop = real_jobstop
    h.reset_editor()
  end)

  if vim.fn.isdirectory('/proc/self') ~= 1 then
    pending('needs /proc (Linux)')
    return
  end

  --- Starts `runs` executeCode runs and ends each in the same tick with `finish` (close or stop), while its
  --- child has barely forked; checks what every child was when its pty was hung up.
  local function start_and_end_at_once(finish)
    local runs, results = 20, 0
    for _ = 1, runs do
      local run = new(CodeRun, config, 'sleep 5')
      run:start(function()
        results = results + 1
      end)
      run[finish](run)
    end
    assert.is_true(
      vim.wait(5000, function()
        return #seen == runs and results == runs
      end, 5),
      ('%d hangups, %d results'):format(#seen, results)
    )
    for i, state in ipairs(seen) do
      assert.are_not.equal('unsafe', state, 'hangup ' .. i .. ': ' .. table.concat(seen, ' '))
    end
  end

  it('waits for the child of an executeCode run closed right after it started', function()
    start_and_end_at_once('close')
  end)

  it('waits the same way when a run is stopped (cancelled) right after it started', function()
    start_and_end_at_once('stop')
  end)

  it('hangs up at once a job whose child already runs its program', function()
    local run = new(CodeRun, config, 'sleep 5')
    run:start(function() end)
    local job = vim.b[vim.api.nvim_get_current_buf()].terminal_job_id
    assert.is_true(vim.wait(2000, function()
      return child_state(job) == 'exec'
    end, 1))
    assert.is_true(pty.ptySafeToHangUp(job))
    run:stop()
    assert.are.same({ 'exec' }, seen) -- synchronously
  end)
end)
