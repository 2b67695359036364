-- Benchmark: openDiff, from the request arriving (the whole WebSocket message reassembled and unmasked, handed
-- to the MCP session) to the diff shown (both windows in diff mode, the diff computed, the cursor on the
-- first change: the ClaudeIdeDiffOpened event), for 1 KiB, 1 MiB and 10 MiB proposals of a Lua file with 1 %
-- of its lines changed. Filetype plugins and syntax are on, as in a user's editor. The request comes from an
-- independent client (Node `ws`, spec/helpers/client.lua) through the plugin's real server. Prints numbers;
-- no pass/fail.
--
--   nvim --clean --headless -l bench/diff_open.lua     (from the repo root, after the build; make bench)
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path = table.concat({ root .. '/lua/?.lua', root .. '/lua/?/init.lua', root .. '/spec/?.lua', package.path }, ';')
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

say(('openDiff: request arrived -> diff shown (Neovim %s); no goal set: figures to compare between runs'):format(tostring(vim.version())))
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
    assert(vim.wait(60000, function()
      return shown ~= nil
    end, 1), 'the diff did not open')
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
