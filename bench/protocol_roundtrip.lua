-- Benchmark: tools/call round trip (getCurrentSelection) through the whole plugin stack — WebSocket,
-- JSON-RPC, MCP session, coroutine runner, tool — of a Neovim set up as a user's config does, in its own
-- process and idle in its main loop (as an editor is; not inside this script's vim.wait), next to a Node
-- `ws` server in its own process that parses each request and answers the same text (the baseline). One Node `ws` client (bench/protocol_roundtrip_driver.mjs) alternates its
-- calls between the two servers, so both are measured under the same machine load: 2,000 sequential calls
-- each after a warm-up. Prints numbers; no pass/fail.
--
--   nvim --clean --headless -l bench/protocol_roundtrip.lua     (from the repo root, after the build)
--
-- Then 50 clients per server calling at once, 200 calls each.
-- Targets: sequential p50 within 1.2x the Node baseline; 50 clients x 200 calls p99 <= 10 ms.
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path = root .. '/lua/?.lua;' .. root .. '/lua/?/init.lua;' .. root .. '/bench/?.lua;' .. package.path
local report = require('lib.report')

local driver = root .. '/bench/protocol_roundtrip_driver.mjs'
local CALLS, WARMUP = report.size(2000, 20), report.size(300, 5)
local CLIENTS, CALLS_EACH = report.size(50, 3), report.size(200, 5)

--- Runs the Node client against both servers, alternating calls; returns the sorted times (ms) of each.
--- With `clients`: that many connections per server calling at once (`many` mode, CALLS_EACH calls each).
local function measure(port_a, token_a, port_b, token_b, clients)
  local done
  local cmd = clients
      and {
        'node',
        driver,
        'many',
        tostring(clients),
        tostring(CALLS_EACH),
        tostring(port_a),
        token_a,
        tostring(port_b),
        token_b,
      }
    or {
      'node',
      driver,
      'client',
      tostring(CALLS),
      tostring(WARMUP),
      tostring(port_a),
      token_a,
      tostring(port_b),
      token_b,
    }
  vim.system(cmd, { cwd = root }, function(res)
    done = res
  end)
  assert(
    vim.wait(120000, function()
      return done ~= nil
    end, 1),
    'the client timed out'
  )
  assert(done.code == 0, done.stderr or '')
  local out = vim.json.decode(done.stdout)
  table.sort(out.a)
  table.sort(out.b)
  return out.a, out.b
end

local function percentile(sorted, p)
  return sorted[math.max(1, math.ceil(#sorted * p))]
end

-- The editor: a Neovim set up as a user's config does, in its own process and idle in its main loop, like
-- Node's server (bench/lib/editor_server.lua). Both answer getCurrentSelection about the same file.
local editor_port, editor_token, stop_editor = require('lib.editor_server').start(root)
local node_port, stop_node = require('lib.node_baseline').start(driver, 'the Node server')

local nvim_ms, node_ms = measure(editor_port, editor_token, node_port, 'unused')
local results = {
  { 'claude-ide (Neovim ' .. tostring(vim.version()) .. ')', nvim_ms },
  { 'Node ws JSON-RPC (baseline)', node_ms },
}
local many_nvim, many_node = measure(editor_port, editor_token, node_port, 'unused', CLIENTS)
stop_node()
stop_editor()

io.write(
  ('tools/call getCurrentSelection round trip, Node ws client, %d sequential calls to each server after %d warm-up (ms)\n'):format(
    CALLS,
    WARMUP
  )
)
io.write(('  %-36s %8s %8s %8s %8s\n'):format('', 'p50', 'p90', 'p99', 'max'))
for _, r in ipairs(results) do
  local ms = r[2]
  io.write(
    ('  %-36s %8.3f %8.3f %8.3f %8.3f\n'):format(
      r[1],
      percentile(ms, 0.5),
      percentile(ms, 0.9),
      percentile(ms, 0.99),
      ms[#ms]
    )
  )
end
local p50 = percentile(results[1][2], 0.5) / percentile(results[2][2], 0.5)
local p99 = percentile(results[1][2], 0.99) / percentile(results[2][2], 0.99)
io.write(('  p50 %.2fx the baseline: %s; p99 %.2fx\n'):format(p50, report.goal(p50, 1.2, 'x'), p99))

io.write(('\n%d clients at once per server, %d sequential calls each, twice (ms)\n'):format(CLIENTS, CALLS_EACH))
io.write(('  %-36s %8s %8s %8s %8s\n'):format('', 'p50', 'p90', 'p99', 'max'))
for _, r in ipairs({ { results[1][1], many_nvim }, { results[2][1], many_node } }) do
  local ms = r[2]
  io.write(
    ('  %-36s %8.3f %8.3f %8.3f %8.3f\n'):format(
      r[1],
      percentile(ms, 0.5),
      percentile(ms, 0.9),
      percentile(ms, 0.99),
      ms[#ms]
    )
  )
end
local many_p99 = percentile(many_nvim, 0.99)
io.write(
  ('  p99 %.2f ms: %s; ratios p50 %.2fx, p99 %.2fx\n'):format(
    many_p99,
    report.goal(many_p99, 10, ' ms'),
    percentile(many_nvim, 0.5) / percentile(many_node, 0.5),
    many_p99 / percentile(many_node, 0.99)
  )
)
