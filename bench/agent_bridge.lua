-- Benchmark: the agent endpoint. The bridge (`nvim -l lua/claude-ide/bridge.lua`, this Neovim's binary) is a
-- child process spoken to over its stdin/stdout exactly as an MCP client does; the editor is this process,
-- with the plugin's server running and 200 buffers in 10 windows. Prints figures against the goals of the
-- agent-endpoint issue; never a pass/fail.
--   1. bridge cold start: spawn -> `initialize` answered (goal <= 50 ms)
--   2. editor_state inside Neovim, 200 buffers / 10 windows (goal <= 5 ms)
--   3. editor_state through the bridge, client -> answer round trip, p50 (goal <= 2 ms); tools/list without a
--      Neovim (the built-in tools) and with one (+ the user tools it is asked for, claude-ide/extras)
--   4. read_buffer of a 10,000-line buffer: first page, and every page
--   5. bytes of editor_state vs the same facts as JSON (the vim:// JSON resources)
--   6. bridge RSS (idle after start, and after the runs above)
--
--   nvim --clean --headless -l bench/agent_bridge.lua     (from the repo root, after the build; make bench)
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path =
  table.concat({ root .. '/lua/?.lua', root .. '/lua/?/init.lua', root .. '/bench/?.lua', package.path }, ';')
vim.opt.rtp:prepend(root)

local BRIDGE = root .. '/lua/claude-ide/bridge.lua'
local report = require('lib.report')
local say, stats, size, goal = report.say, report.stats, report.size, report.goal
local BUFFERS, LOADED, WINDOWS = size(200, 20), size(60, 10), 10
local BIG_LINES = size(10000, 300)

local function rss_kib(pid)
  local f = io.open(('/proc/%d/status'):format(pid))
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return tonumber(s:match('VmRSS:%s*(%d+)'))
end

-- ---------------------------------------------------------------------------------------------------------
-- A bridge process with line JSON on its pipes.
local Bridge = {}
Bridge.__index = Bridge

local function spawn_bridge(args)
  local self = setmetatable({ out = {}, buffer = '', lines = {} }, Bridge)
  local stdin, stdout, stderr = vim.uv.new_pipe(), vim.uv.new_pipe(), vim.uv.new_pipe()
  self.t0 = vim.uv.hrtime()
  self.handle, self.pid = vim.uv.spawn(vim.v.progpath, {
    args = vim.list_extend({ '-l', BRIDGE }, args or {}),
    stdio = { stdin, stdout, stderr },
    cwd = root,
  }, function(code)
    self.exit = code
  end)
  assert(self.handle, 'cannot start the bridge: ' .. tostring(self.pid))
  self.stdin = stdin
  stdout:read_start(function(_, data)
    if not data then
      return
    end
    self.buffer = self.buffer .. data
    while true do
      local nl = self.buffer:find('\n', 1, true)
      if not nl then
        break
      end
      table.insert(self.lines, { line = self.buffer:sub(1, nl - 1), at = vim.uv.hrtime() })
      self.buffer = self.buffer:sub(nl + 1)
    end
  end)
  stderr:read_start(function() end)
  self.pipes = { stdin, stdout, stderr }
  return self
end

function Bridge:send(msg)
  self.stdin:write(vim.json.encode(msg) .. '\n')
end

--- The next stdout line (decoded) and when it arrived (hrtime).
function Bridge:next(timeout)
  assert(
    vim.wait(timeout or 10000, function()
      return #self.lines > 0
    end, 0),
    'no answer from the bridge'
  )
  local entry = table.remove(self.lines, 1)
  return vim.json.decode(entry.line), entry.at, #entry.line
end

function Bridge:request(id, method, params)
  local t = vim.uv.hrtime()
  self:send({ jsonrpc = '2.0', id = id, method = method, params = params })
  local msg, at, bytes = self:next()
  while msg.id == nil and msg.method ~= nil do -- a notification (tools/list_changed after add_tool): not the answer
    msg, at, bytes = self:next()
  end
  assert(msg.id == id, vim.inspect(msg))
  return msg, (at - t) / 1e6, bytes
end

function Bridge:close()
  self.stdin:close()
  vim.wait(3000, function()
    return self.exit ~= nil
  end, 5)
  for _, p in ipairs(self.pipes) do
    if not p:is_closing() then
      p:close()
    end
  end
end

local INIT =
  { protocolVersion = '2025-11-25', capabilities = vim.empty_dict(), clientInfo = { name = 'bench', version = '0' } }

-- ---------------------------------------------------------------------------------------------------------
say(('agent endpoint (Neovim %s)'):format(tostring(vim.version())))

-- 1. Cold start, before this process runs a server (nothing to choose: initialize never needs one).
do
  local times = {}
  for _ = 1, size(20, 2) do
    local b = spawn_bridge()
    b:send({ jsonrpc = '2.0', id = 1, method = 'initialize', params = INIT })
    local msg, at = b:next()
    assert(msg.result and msg.result.protocolVersion == '2025-11-25', vim.inspect(msg))
    table.insert(times, (at - b.t0) / 1e6)
    b:close()
  end
  local line, p50 = stats(times)
  say('1. bridge cold start, spawn -> initialize answered:   ' .. line .. '   p50 ' .. goal(p50, 50, ' ms'))
  -- tools/list with no Neovim to ask: the built-in tools, listed by the bridge from their descriptors.
  local b = spawn_bridge()
  b:request(1, 'initialize', INIT)
  local lists = {}
  for i = 1, size(100, 3) do
    local msg, ms = b:request(100 + i, 'tools/list', vim.empty_dict())
    assert(msg.result and #msg.result.tools > 10, vim.inspect(msg))
    table.insert(lists, ms)
  end
  say('   tools/list, no Neovim (built-in tools only):      ' .. stats(lists))
  b:close()
end

-- The editor: this process, with the plugin's server, 200 listed buffers (60 loaded, 100 lines each, some
-- modified, some with diagnostics) and 10 windows over 2 tab pages.
vim.o.lines, vim.o.columns = 60, 240
local project = vim.fn.tempname()
vim.fn.mkdir(project, 'p')
vim.cmd.cd(project)
local body = {}
for i = 1, 100 do
  body[i] = ('local value_%d = compute(%d, "text to make the line longer") -- %d'):format(i, i, i)
end
local ns = vim.api.nvim_create_namespace('bench')
local bufs = {}
for i = 1, BUFFERS do
  local path = ('%s/src/module_%03d.lua'):format(project, i)
  local buf = vim.fn.bufadd(path)
  vim.bo[buf].buflisted = true
  if i <= LOADED then
    vim.fn.bufload(buf)
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, body)
    vim.bo[buf].filetype = 'lua'
    if i % 5 == 0 then
      vim.diagnostic.set(ns, buf, {
        { lnum = 3, col = 2, severity = 1, message = 'bench error' },
        { lnum = 9, col = 0, severity = 2, message = 'bench warning' },
      })
    end
    if i % 3 ~= 0 then
      vim.bo[buf].modified = false
    end
  end
  bufs[i] = buf
end
local big = {}
for i = 1, BIG_LINES do
  big[i] = ('%05d: local line_%d = "a line of a ten-thousand-line buffer, about eighty bytes long"'):format(i, i)
end
local big_buf = vim.fn.bufadd(project .. '/big.lua')
vim.fn.bufload(big_buf)
vim.bo[big_buf].buflisted = true
vim.api.nvim_buf_set_lines(big_buf, 0, -1, false, big)
vim.api.nvim_set_current_buf(bufs[1])
for w = 2, WINDOWS do
  if w == 6 then
    vim.cmd('tabnew')
  else
    vim.cmd(w % 2 == 0 and 'split' or 'vsplit')
  end
  vim.api.nvim_set_current_buf(bufs[w])
  vim.api.nvim_win_set_cursor(0, { w, 4 })
end
vim.cmd('tabnext 1')
local windows = #vim.api.nvim_list_wins()

require('claude-ide').setup({ log_level = 'error' })
local status = require('claude-ide').status()
assert(status.running, 'the server did not start')

-- 2. editor_state inside Neovim: what the tool handler runs (collect + render against a token store).
local state = require('claude-ide.editor.state')
local store = require('claude-ide.lualib_bundle').__TS__New(state.Snapshots)
do
  local times, text = {}, nil
  for _ = 1, size(5, 1) do
    state.render(store)
  end
  for _ = 1, size(100, 3) do
    local t = vim.uv.hrtime()
    text = state.render(store)
    table.insert(times, (vim.uv.hrtime() - t) / 1e6)
  end
  local line, p50 = stats(times)
  say(
    ('2. editor_state inside Neovim (%d buffers, %d windows): %s   p50 %s'):format(
      #vim.api.nvim_list_bufs(),
      windows,
      line,
      goal(p50, 5, ' ms')
    )
  )
  local since = {}
  local token = text:match('^state: (s%d+)')
  for _ = 1, size(100, 3) do
    local t = vim.uv.hrtime()
    local delta = state.render(store, token)
    table.insert(since, (vim.uv.hrtime() - t) / 1e6)
    token = delta:match('^state: (s%d+)')
  end
  say('   editor_state since=<token> (nothing changed):       ' .. stats(since))
end

-- 3.-6. Through the bridge, connected to this Neovim.
local b = spawn_bridge({ '--instance', tostring(vim.fn.getpid()) })
b:request(1, 'initialize', INIT)
b:send({ jsonrpc = '2.0', method = 'notifications/initialized' })
vim.wait(200, function()
  return false
end, 10)
local rss_idle = rss_kib(b.pid)
local id = 10
local function call(name, args)
  id = id + 1
  local msg, ms, bytes = b:request(id, 'tools/call', { name = name, arguments = args or vim.empty_dict() })
  assert(msg.result and not msg.result.isError, vim.inspect(msg))
  return report.answer(name, msg.result.content[1].text), ms, bytes
end

local first_text, first_ms = call('editor_state') -- connects
do
  local times = {}
  for _ = 1, size(10, 1) do
    call('editor_state')
  end
  for _ = 1, size(200, 3) do
    local _, ms = call('editor_state')
    table.insert(times, ms)
  end
  local line, p50 = stats(times)
  say(
    ('3. editor_state through the bridge (first call, connecting: %.1f ms): %s   p50 %s'):format(
      first_ms,
      line,
      goal(p50, 2, ' ms')
    )
  )
  local pings = {}
  for _ = 1, size(200, 3) do
    id = id + 1
    local _, ms = b:request(id, 'ping')
    table.insert(pings, ms)
  end
  say('   ping answered by the bridge itself:                 ' .. stats(pings))
  -- tools/list with this Neovim chosen: the built-in tools from the bridge, plus two user tools the bridge asks
  -- this Neovim for (claude-ide/extras, one round trip on the open connection).
  for i = 1, 2 do
    require('claude-ide').agent.add_tool({
      name = 'bench_tool_' .. i,
      description = 'A user tool of the benchmark',
      read_only = true,
      input = { type = 'object', properties = { x = { type = 'string' } } },
      handler = function()
        return 'ok'
      end,
    })
  end
  local lists = {}
  for _ = 1, size(200, 3) do
    id = id + 1
    local msg, ms = b:request(id, 'tools/list', vim.empty_dict())
    assert(msg.result and msg.result.tools[#msg.result.tools].name == 'bench_tool_2', vim.inspect(msg))
    table.insert(lists, ms)
  end
  say('   tools/list with this Neovim (+2 user tools asked):  ' .. stats(lists))
end

do
  local times, pages, total_ms, total_bytes = {}, 0, 0, 0
  for _ = 1, size(20, 2) do
    local _, ms = call('read_buffer', { buffer = big_buf })
    table.insert(times, ms)
  end
  local start = 1
  while start do
    local text, ms, bytes = call('read_buffer', { buffer = big_buf, start_line = start })
    pages, total_ms, total_bytes = pages + 1, total_ms + ms, total_bytes + bytes
    start = tonumber(text:match('call read_buffer again with start_line=(%d+)$'))
  end
  say(('4. read_buffer, %d-line buffer, first page:        %s   (no goal set)'):format(BIG_LINES, stats(times)))
  say(
    ('   all %d lines: %d pages, %.1f ms in all, %d bytes of JSON-RPC   (no goal set)'):format(
      BIG_LINES,
      pages,
      total_ms,
      total_bytes
    )
  )
end

do
  local text = call('editor_state')
  local resources = require('claude-ide.agent.resources')
  -- The JSON resources below use only the privacy policy of the services (what may leave the editor).
  local config = require('claude-ide.config')
  local Policy = require('claude-ide.policy.policy').Policy
  local services = { policy = require('claude-ide.lualib_bundle').__TS__New(Policy, config.DEFAULTS) }
  local function decoded(uri)
    return vim.json.decode(resources.readResource(uri, services).contents[1].text)
  end
  local facts = {
    mode = vim.api.nvim_get_mode().mode,
    cwd = vim.fn.getcwd(),
    cursor = decoded('vim://cursor'),
    windows = decoded('vim://windows'),
    buffers = decoded('vim://buffers'),
    diagnostics = decoded('vim://diagnostics'),
    lsp = {},
    reviews = {},
  }
  local json = vim.json.encode(facts)
  say(
    ('5. editor_state text: %d bytes; the same facts as JSON (vim:// resources): %d bytes (%.0f %%)'):format(
      #text,
      #json,
      100 * #text / #json
    )
  )
  say(
    ('   first answer above: %d bytes; an unchanged state with since: %d bytes'):format(
      #first_text,
      #call('editor_state', { since = text:match('^state: (s%d+)') })
    )
  )
end

say(
  ('6. bridge RSS: %s KiB idle after initialize, %s KiB after the runs above'):format(
    tostring(rss_idle),
    tostring(rss_kib(b.pid))
  )
)
b:close()
require('claude-ide').stop()
vim.fn.delete(project, 'rf')
