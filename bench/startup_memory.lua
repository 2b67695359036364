-- Benchmark: what the plugin costs a user's Neovim at startup and in memory. Prints numbers; no pass/fail.
--
--   nvim --clean --headless -l bench/startup_memory.lua     (from the repo root, after the build)
--
-- Startup: RUNS fresh Neovims (bench/lib/startup_probe.lua) each time sourcing plugin/claude-ide.lua, then
-- calling require("claude-ide").setup({}) (which starts the server: bind, lock file, selection tracking).
-- Memory, in this Neovim: RSS and the Lua heap after a full GC at start, after setup(), after the first
-- connection (a Node `ws` client: initialize, tools/list, a tool call), after 1,000 connect cycles, and the
-- peak while a 10 MiB message is being received (sampled every millisecond, no forced GC).
-- Targets: setup() ≤ 1.5 ms (it binds on the next loop turn); the Lua heap flat in steady state (a second 1,000 cycles add nothing that stays).
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
vim.opt.rtp:prepend(root)
package.path = root .. '/bench/?.lua;' .. package.path
local report = require('lib.report')

local RUNS, CYCLES, BIG = report.size(15, 2), report.size(1000, 10), report.size(10 * 1024 * 1024, 1024 * 1024)
local driver = root .. '/bench/memory_driver.mjs'

local function median(xs)
  local s = vim.deepcopy(xs)
  table.sort(s)
  return s[math.ceil(#s / 2)]
end

local function min(xs)
  return math.min(unpack(xs))
end

-- Startup, in fresh processes; `loader`: with vim.loader enabled (byte code cache; lazy.nvim's default).
local function probe(loader)
  local res = vim
    .system({ vim.v.progpath, '--clean', '--headless', '-l', root .. '/bench/lib/startup_probe.lua' }, {
      env = { CLAUDE_IDE_ROOT = root, LOADER = loader and '1' or '0' },
      text = true,
    })
    :wait(20000)
  assert(res.code == 0, res.stderr)
  local r = vim.json.decode(res.stdout:match('{.*}'))
  assert(r.ok, 'the server did not start in the probe')
  return r
end
local plugin_ms, setup_ms, bind_ms, loader_ms, modules, plugin_modules = {}, {}, {}, {}, 0, 0
probe(true) -- fills vim.loader's cache
for _ = 1, RUNS do
  local r = probe(false)
  plugin_ms[#plugin_ms + 1] = r.plugin_ms
  setup_ms[#setup_ms + 1] = r.setup_ms
  bind_ms[#bind_ms + 1] = r.bind_ms
  modules, plugin_modules = r.modules, r.plugin_modules
  loader_ms[#loader_ms + 1] = probe(true).setup_ms
end
local totals = {}
for i = 1, RUNS do
  totals[i] = plugin_ms[i] + setup_ms[i]
end
io.write(('startup, %d fresh Neovims (ms)                  median      min\n'):format(RUNS))
io.write(('  source plugin/claude-ide.lua             %8.3f %8.3f\n'):format(median(plugin_ms), min(plugin_ms)))
io.write(
  ('  require("claude-ide").setup({})          %8.3f %8.3f   (%d modules, %d of the plugin)\n'):format(
    median(setup_ms),
    min(setup_ms),
    modules,
    plugin_modules
  )
)
io.write(('  both                                     %8.3f %8.3f\n'):format(median(totals), min(totals)))
io.write(
  ("  the start on the next loop turn (bind)   %8.3f %8.3f   (not in the user config's time)\n"):format(
    median(bind_ms),
    min(bind_ms)
  )
)
io.write(('  setup() with vim.loader enabled          %8.3f %8.3f\n'):format(median(loader_ms), min(loader_ms)))
io.write(('  setup() median %.3f ms: %s\n'):format(median(setup_ms), report.goal(median(setup_ms), 1.5, ' ms')))

-- Memory, in this Neovim.
local MiB = 1024 * 1024
local function heap_after_gc()
  collectgarbage('collect')
  collectgarbage('collect')
  return collectgarbage('count') * 1024
end
local rows = {}
local function record(label)
  rows[#rows + 1] = { label, vim.uv.resident_set_memory(), heap_after_gc() }
end

local function drive(port, token, mode, arg, on_tick)
  local done
  vim.system(
    { 'node', driver, tostring(port), token, mode, arg and tostring(arg) or nil },
    { cwd = root, text = true },
    function(res)
      done = res
    end
  )
  assert(
    vim.wait(600000, function()
      if on_tick then
        on_tick()
      end
      return done ~= nil
    end, 1),
    mode .. ': timed out'
  )
  assert(done.code == 0, mode .. ': ' .. (done.stderr or ''))
end

record('at start')
local ide = require('claude-ide')
assert(ide.setup({ log_level = 'off' }) and ide.status().running, 'setup failed')
record('after setup()')
local port = ide.status().port
local lock = vim.json.decode(table.concat(vim.fn.readfile(ide.status().lockFile), '\n'))
drive(port, lock.authToken, 'first')
record('after the first connection')
drive(port, lock.authToken, 'cycles', CYCLES)
record(('after %d connect cycles'):format(CYCLES))
drive(port, lock.authToken, 'cycles', CYCLES)
record(('after %d more'):format(CYCLES))

-- The peak while the 10 MiB message comes in: sampled by a 1 ms timer (and at each wait tick).
local peak_rss, peak_heap = 0, 0
local function sample()
  peak_rss = math.max(peak_rss, vim.uv.resident_set_memory())
  peak_heap = math.max(peak_heap, collectgarbage('count') * 1024)
end
heap_after_gc()
local timer = vim.uv.new_timer()
timer:start(1, 1, sample)
drive(port, lock.authToken, 'big', BIG, sample)
timer:stop()
timer:close()
rows[#rows + 1] = { ('peak while a %d MiB message is in flight'):format(BIG / MiB), peak_rss, peak_heap, true }
record(('after it (%d MiB message done)'):format(BIG / MiB))
ide.stop()

io.write('\nmemory (MiB; Lua heap after a full GC unless marked peak)   RSS   Lua heap\n')
for _, r in ipairs(rows) do
  io.write(('  %-50s %8.1f %8.2f%s\n'):format(r[1], r[2] / MiB, r[3] / MiB, r[4] and '  (peak, no GC)' or ''))
end
-- The first cycles grow tables to their working size (connection ids, sessions); then nothing may stay.
io.write(
  ('  Lua heap: first %d cycles %+.1f KiB, next %d %+.1f KiB (goal: flat in steady state, the next cycles add nothing that stays)\n'):format(
    CYCLES,
    (rows[4][3] - rows[3][3]) / 1024,
    CYCLES,
    (rows[5][3] - rows[4][3]) / 1024
  )
)
