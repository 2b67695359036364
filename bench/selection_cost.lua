-- Benchmark: what selection tracking costs per CursorMoved event, with a client connected and without, and
-- what one debounced flush (capture + compare + broadcast) costs. Real SelectionTracker, real buffer and
-- window, real autocmd dispatch (nvim_exec_autocmds); the Hub only counts broadcasts. Prints numbers; no
-- pass/fail.
--
--   nvim --clean --headless -l bench/selection_cost.lua     (from the repo root, after the build)
--
-- Target: median cost per CursorMoved event < 20 µs with a client connected (without one there is no
-- CursorMoved autocmd at all).
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path = root .. '/lua/?.lua;' .. root .. '/lua/?/init.lua;' .. root .. '/bench/?.lua;' .. package.path
local report = require('lib.report')
local new = require('claude-ide.lualib_bundle').__TS__New
local SelectionTracker = require('claude-ide.editor.selection').SelectionTracker
local config = require('claude-ide.config').validate({ log_level = 'off' }).config

local EVENTS, WARMUP = report.size(20000, 1000), report.size(2000, 100)

local sessions, broadcasts = 0, 0
local listeners = {}
local hub = {
  broadcast = function()
    broadcasts = broadcasts + 1
  end,
  sessionCount = function()
    return sessions
  end,
  onSessionsChanged = function(listener)
    listeners[listener] = true
    return function()
      listeners[listener] = nil
    end
  end,
}
local function set_sessions(n)
  sessions = n
  for listener in pairs(listeners) do
    listener()
  end
end

-- A 2,000-line file with multibyte text, shown in the current window.
local path = vim.fn.tempname() .. '.lua'
local lines = {}
for i = 1, 2000 do
  lines[i] = ('local value_%d = "héllo 🎉 %d" -- some trailing comment text'):format(i, i)
end
vim.fn.writefile(lines, path)
vim.cmd.edit(vim.fn.fnameescape(path))
local win = vim.api.nvim_get_current_win()

local function median(samples)
  table.sort(samples)
  return samples[math.ceil(#samples / 2)]
end
local function p99(samples)
  return samples[math.ceil(#samples * 0.99)]
end

--- Appends to `samples` the µs cost of `n` CursorMoved events dispatched to the tracker's augroup only
--- (other plugins' CursorMoved autocmds are not the tracker's cost); the cursor really moves between them.
local function measure(samples, n)
  local hrtime = vim.uv.hrtime
  for i = 1, n do
    vim.api.nvim_win_set_cursor(win, { (i % 2000) + 1, i % 40 })
    local t0 = hrtime()
    vim.api.nvim_exec_autocmds('CursorMoved', { group = 'claude-ide.selection', modeline = false })
    samples[#samples + 1] = (hrtime() - t0) / 1000
  end
end

-- With the privacy policy every selection is checked against (as a running server has it).
local policy = new(require('claude-ide.policy.policy').Policy, config)
local tracker = new(SelectionTracker, config, hub, function()
  return policy
end)

-- Warm up both states, then alternate blocks so that both are measured under the same machine load.
local idle, connected = {}, {}
measure({}, WARMUP)
set_sessions(1)
measure({}, WARMUP)
for _ = 1, EVENTS / 1000 do
  set_sessions(0)
  measure(idle, 1000)
  set_sessions(1)
  measure(connected, 1000)
end

-- One flush = what runs when the debounce timer fires: a 10-line Visual selection captured, compared with
-- the last one sent, and broadcast (the selection alternates so that every flush really sends).
vim.api.nvim_win_set_cursor(win, { 100, 3 })
vim.api.nvim_feedkeys('v9j', 'nx!', false)
local flush_samples = {}
local before = broadcasts
local FLUSHES = report.size(2000, 20)
for i = 1, FLUSHES + 200 do
  vim.api.nvim_win_set_cursor(win, { 109 + (i % 2), 5 })
  local t0 = vim.uv.hrtime()
  tracker:flush()
  local dt = (vim.uv.hrtime() - t0) / 1000
  if i > 200 then
    flush_samples[#flush_samples + 1] = dt
  end
end
table.sort(flush_samples)
local sent = broadcasts - before

set_sessions(0)
tracker:dispose()
vim.fn.delete(path)

io.write(
  ('selection tracking, %d CursorMoved events each (after %d warm-up), 2,000-line file:\n'):format(EVENTS, WARMUP)
)
io.write(
  ('  no client connected : median %6.2f µs  p99 %6.2f µs per event (no CursorMoved autocmd: dispatch only)\n'):format(
    median(idle),
    p99(idle)
  )
)
io.write(
  ('  client connected    : median %6.2f µs  p99 %6.2f µs per event (median %s; re-arms the debounce timer)\n'):format(
    median(connected),
    p99(connected),
    report.goal(median(connected), 20, ' µs')
  )
)
io.write(
  ('  one flush, 10-line Visual selection: median %6.2f µs  p99 %6.2f µs (%d of %d flushes broadcast; no goal set)\n'):format(
    median(flush_samples),
    p99(flush_samples),
    sent,
    FLUSHES + 200
  )
)
