-- Benchmark: openDiff, from the request arriving (the whole WebSocket message reassembled and unmasked, handed
-- to the MCP session) to the diff shown (both windows in diff mode, the diff computed, the cursor on the
-- first change: the ClaudeIdeDiffOpened event), for 1 KiB, 1 MiB and 10 MiB proposals of a Lua file with 1 %
-- of its lines changed. Filetype plugins and syntax are on, as in a user's editor. The request comes from an
-- independent client (Node `ws`, spec/helpers/client.lua) through the plugin's real server. Prints numbers;
-- no pass/fail.
--
-- Then each layout (diff.layout) for a 10,000-line proposal: opened (goal <= 100 ms; for "unified", until its
-- differences are marked, a loop turn after the window is shown), and the editor frozen meanwhile (goal <= 16
-- ms): the longest gap between two turns of the editor's loop (a 1 ms timer) from the request sent until 200 ms
-- after the review is ready, the whole openDiff included (the message decoded, the file read, the view made).
--
--   nvim --clean --headless -l bench/diff_open.lua     (from the repo root, after the build; make bench)
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path =
  table.concat({ root .. '/lua/?.lua', root .. '/lua/?/init.lua', root .. '/spec/?.lua', package.path }, ';')
vim.opt.rtp:prepend(root)
vim.cmd('filetype plugin indent on')
vim.cmd('syntax on')

package.path = root .. '/bench/?.lua;' .. package.path
local client = require('helpers.client')
local report = require('lib.report')
local Session = require('claude-ide.protocol.session').Session

local SIZES = report.size({
  { label = '1 KiB', bytes = 1024, runs = 30 },
  { label = '1 MiB', bytes = 1024 * 1024, runs = 10 },
  { label = '10 MiB', bytes = 10 * 1024 * 1024, runs = 5 },
}, {
  { label = '1 KiB', bytes = 1024, runs = 1 },
  { label = '64 KiB', bytes = 64 * 1024, runs = 1 },
})

--- A Lua file of about `bytes` bytes, and a proposal with every 100th line changed.
local function texts(bytes)
  local old, new = {}, {}
  local size, i = 0, 0
  while size < bytes do
    i = i + 1
    local line = ('local value_%d = compute(%d, "some text to make the line longer") -- %d'):format(i, i * 7, i)
    old[i] = line
    new[i] = i % 100 == 50 and line:gsub('compute', 'compute_v2') or line
    size = size + #line + 1
  end
  return table.concat(old, '\n') .. '\n', table.concat(new, '\n') .. '\n', i
end

-- When the request's text message reaches the session (after the transport has reassembled it).
local arrived
local receive = Session.prototype.receive
Session.prototype.receive = function(self, text)
  if text:find('"openDiff"', 1, true) then
    arrived = vim.uv.hrtime()
  end
  return receive(self, text)
end

local shown
vim.api.nvim_create_autocmd('User', {
  pattern = 'ClaudeIdeDiffOpened',
  callback = function()
    shown = vim.uv.hrtime()
  end,
})

-- the review takes the focus (it is measured on screen)
local server = client.start_server({ log_level = 'error', diff = { focus = 'always' } })
local c = client.connect({ port = server.port, token = server.token })
c:initialize()

local function median(sorted)
  return sorted[math.ceil(#sorted / 2)]
end

local function say(s)
  io.write(s, '\n')
end

say(
  ('openDiff: request arrived -> diff shown (Neovim %s); no goal set: figures to compare between runs'):format(
    tostring(vim.version())
  )
)
say(('%-8s %8s %10s %10s %10s'):format('size', 'lines', 'min ms', 'median ms', 'max ms'))
for _, size in ipairs(SIZES) do
  local path = vim.fn.tempname() .. '.lua'
  local old, new, lines = texts(size.bytes)
  local f = assert(io.open(path, 'wb'))
  f:write(old)
  f:close()
  local times = {}
  for run = 1, size.runs do
    arrived, shown = nil, nil
    local id = c:request_async('tools/call', {
      name = 'openDiff',
      arguments = { old_file_path = path, new_file_path = path, new_file_contents = new, tab_name = 'bench ' .. run },
    })
    assert(
      vim.wait(60000, function()
        return shown ~= nil
      end, 1),
      'the diff did not open'
    )
    assert(arrived and vim.b.claude_ide_diff, 'the diff is not on screen')
    table.insert(times, (shown - arrived) / 1e6)
    vim.api.nvim_feedkeys('q', 'x', false)
    local res = c:wait_response(id, 60000)
    assert(res.result and res.result.content[1].text == 'DIFF_REJECTED', vim.inspect(res))
    vim.wait(20)
  end
  table.sort(times)
  say(('%-8s %8d %10.1f %10.1f %10.1f'):format(size.label, lines, times[1], median(times), times[#times]))
  os.remove(path)
end

c:close()
client.stop_server()

local LAYOUT_LINES = report.size(10000, 200)
local LAYOUT_RUNS = report.size(5, 1)
-- The unified view's marks (its differences drawn).
local marks = vim.api.nvim_create_namespace('claude-ide.unified')

--- `lines` lines of a Lua file, and a proposal with every 100th line changed (texts() by lines).
local function texts_of(lines)
  local old, new = {}, {}
  for i = 1, lines do
    local line = ('local value_%d = compute(%d, "some text to make the line longer") -- %d'):format(i, i * 7, i)
    old[i] = line
    new[i] = i % 100 == 50 and line:gsub('compute', 'compute_v2') or line
  end
  return table.concat(old, '\n') .. '\n', table.concat(new, '\n') .. '\n'
end

say('')
say(
  ('each layout, a %d-line proposal: request arrived -> review shown, and the editor frozen meanwhile (%s)'):format(
    LAYOUT_LINES,
    report.load()
  )
)
for _, layout in ipairs({ 'vertical', 'unified' }) do
  server = client.start_server({ log_level = 'error', diff = { focus = 'always', layout = layout } })
  c = client.connect({ port = server.port, token = server.token })
  c:initialize()
  local path = vim.fn.tempname() .. '.lua'
  local old, new = texts_of(LAYOUT_LINES)
  local f = assert(io.open(path, 'wb'))
  f:write(old)
  f:close()
  local times, frozen, cpu_open, cpu_frozen = {}, {}, {}, {}
  for run = 1, LAYOUT_RUNS do
    arrived, shown = nil, nil
    -- The loop's turns: a gap between two ticks of a 1 ms timer is a stretch the editor answered nothing.
    -- os.clock: this Neovim's own CPU time, what a loaded machine does not inflate (the wall-clock figures are).
    local worst, last, worst_cpu, last_cpu = 0, vim.uv.hrtime(), 0, os.clock()
    local timer = assert(vim.uv.new_timer())
    timer:start(1, 1, function()
      local now, now_cpu = vim.uv.hrtime(), os.clock()
      worst = math.max(worst, (now - last) / 1e6)
      worst_cpu = math.max(worst_cpu, (now_cpu - last_cpu) * 1000)
      last, last_cpu = now, now_cpu
    end)
    local sent_cpu = os.clock()
    local id = c:request_async('tools/call', {
      name = 'openDiff',
      arguments = {
        old_file_path = path,
        new_file_path = path,
        new_file_contents = new,
        tab_name = layout .. ' ' .. run,
      },
    })
    local ready
    assert(
      vim.wait(60000, function()
        if
          shown ~= nil and (layout ~= 'unified' or #vim.api.nvim_buf_get_extmarks(0, marks, 0, -1, { limit = 1 }) > 0)
        then
          ready = vim.uv.hrtime()
          table.insert(cpu_open, (os.clock() - sent_cpu) * 1000)
        end
        return ready ~= nil
      end, 1),
      'the review did not open'
    )
    local settled = vim.uv.hrtime()
    vim.wait(200, function()
      return (vim.uv.hrtime() - settled) / 1e6 >= 200
    end, 1)
    timer:stop()
    timer:close()
    assert(arrived and vim.b.claude_ide_diff, 'the review is not on screen')
    table.insert(times, (ready - arrived) / 1e6)
    table.insert(frozen, worst)
    table.insert(cpu_frozen, worst_cpu)
    vim.api.nvim_feedkeys('q', 'x', false)
    local res = c:wait_response(id, 60000)
    assert(res.result and res.result.content[1].text == 'DIFF_REJECTED', vim.inspect(res))
  end
  local open_line, open_p50 = report.stats(times)
  table.sort(frozen)
  say(('%-9s opened  %s  %s'):format(layout, open_line, report.goal(open_p50, 100, ' ms')))
  say(
    ('%-9s frozen  worst %6.1f ms, median %6.1f ms  %s'):format(
      layout,
      frozen[#frozen],
      report.pct(frozen, 0.5),
      report.goal(frozen[#frozen], 16, ' ms')
    )
  )
  say(('%-9s its own CPU time: opening %s'):format(layout, report.stats(cpu_open)))
  say(('%-9s its own CPU time in its longest stretch %s'):format(layout, report.stats(cpu_frozen)))
  os.remove(path)
  c:close()
  client.stop_server()
end
