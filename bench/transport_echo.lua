-- Benchmark: time for a client to get a 1 MiB and a 10 MiB text message echoed by the plugin's WebSocket
-- server (running in this Neovim), next to the same through a Node `ws` echo server, in the same run.
-- The client is Node `ws` in both cases (bench/transport_echo_driver.mjs); figures are round trips
-- (send + server receives, validates, answers + client receives). Prints numbers; no pass/fail.
--
--   nvim --clean --headless -l bench/transport_echo.lua        (from the repo root, after the build)
--
-- Target: a 10 MiB message answered in < 150 ms.
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path = root .. '/lua/?.lua;' .. root .. '/lua/?/init.lua;' .. root .. '/bench/?.lua;' .. package.path
local report = require('lib.report')
local websocket = require('claude-ide.transport.websocket')

local driver = root .. '/bench/transport_echo_driver.mjs'
local MiB = 1024 * 1024
local SIZES = report.size({ 1 * MiB, 10 * MiB }, { 64 * 1024, 1 * MiB })
local ROUNDS = report.size(7, 1)
local TOKEN = 'bench-token'

local function lines_of(s)
  local out = {}
  for line in (s or ''):gmatch('[^\n]+') do
    out[#out + 1] = line
  end
  return out
end

--- Runs the Node client against `port`; returns { [bytes] = { ms... } }.
local function measure(port, label)
  local sizes = table.concat(vim.tbl_map(tostring, SIZES), ',')
  local done
  vim.system(
    { 'node', driver, 'client', tostring(port), TOKEN, label, sizes, tostring(ROUNDS) },
    { cwd = root },
    function(res)
      done = res
    end
  )
  assert(
    vim.wait(300000, function()
      return done ~= nil
    end, 5),
    label .. ': timed out'
  )
  assert(done.code == 0, label .. ': ' .. (done.stderr or ''))
  local out = {}
  for _, line in ipairs(lines_of(done.stdout)) do
    local r = vim.json.decode(line)
    out[r.bytes] = r.ms
  end
  return out
end

local function stats(ms)
  local sorted = vim.deepcopy(ms)
  table.sort(sorted)
  return sorted[1], sorted[math.floor((#sorted + 1) / 2)], sorted[#sorted]
end

-- The plugin's server, echoing every message (the same work a session does before parsing JSON).
local res = websocket.listen({
  token = TOKEN,
  allowedOrigins = {},
  maxMessageBytes = 64 * MiB,
  handshakeTimeoutMs = 5000,
  keepalive = { intervalMs = 30000, timeoutMs = 60000 },
  onConnection = function(conn)
    conn.handlers = {
      onMessage = function(text)
        conn:send(text)
      end,
      onClose = function() end,
    }
  end,
})
assert(res.ok, res.error)

-- Node's echo server, in its own process like Neovim's.
local node_port, stop_node = require('lib.node_baseline').start(driver, 'the Node echo server')

local results = {
  { 'claude-ide (Neovim ' .. tostring(vim.version()) .. ')', measure(res.listener.port, 'nvim') },
  { 'Node ws ' .. '(reference)', measure(node_port, 'node') },
}
stop_node()
res.listener:close()

io.write(
  ('transport echo round trip, Node ws client, %d rounds after a warm-up (min / median / max ms)\n'):format(ROUNDS)
)
for _, size in ipairs(SIZES) do
  for _, r in ipairs(results) do
    local lo, med, hi = stats(r[2][size])
    io.write(
      ('  %-8s %-32s %8.1f %8.1f %8.1f\n'):format(
        size >= MiB and size / MiB .. 'MiB' or size / 1024 .. 'KiB',
        r[1],
        lo,
        med,
        hi
      )
    )
  end
end
local largest = SIZES[#SIZES]
local _, nvim10 = stats(results[1][2][largest])
io.write(('  %d MiB answered in a median %.1f ms: %s\n'):format(largest / MiB, nvim10, report.goal(nvim10, 150, ' ms')))
