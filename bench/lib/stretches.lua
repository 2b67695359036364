-- Helper of the benchmarks (not an entry point): where an editor's loop was held, for finding what a "frozen"
-- figure is made of. install() puts two recorders into the editor (a child Neovim the bench drives over RPC):
--   - every coroutine.resume (a tool call's work between two parks) with its length, the change of the Lua heap,
--     and where the call was parked before and after it (the first plugin frames of the coroutine's stack);
--   - a 1 ms repeating timer that notes each gap over 3 ms between its runs (the loop was held that long).
-- report() returns lines: the longest gaps, each with the stretches inside it, and the stretches' total per place
-- they ended at. Both recorders cost the editor a little: figures measured with them are for reading, not for goals.
-- project_search.lua uses it with BENCH_STRETCHES=1 (and in its smoke run, so that it cannot rot).
local M = {}

local INSTALL = [[
  if _G.__bench_stretches then
    return
  end
  local state = { stretches = {}, gaps = {} }
  _G.__bench_stretches = state
  local resume = coroutine.resume
  local where = setmetatable({}, { __mode = 'k' })
  -- The first three plugin frames of a parked coroutine's stack (the park/pause plumbing left out).
  local function place(co)
    local out = {}
    for level = 0, 40 do
      local info = debug.getinfo(co, level, 'Sl')
      if not info then
        break
      end
      local src = info.short_src
      if src:find('claude%-ide') and not src:find('blocking%.lua') and not src:find('target%.lua') then
        table.insert(out, (src:match('([^/]+)%.lua$') or src) .. ':' .. info.currentline)
        if #out >= 3 then
          break
        end
      end
    end
    return #out > 0 and table.concat(out, '<') or '(between calls)'
  end
  coroutine.resume = function(co, ...)
    local from = where[co] or '(start)'
    local kb = collectgarbage('count')
    local t0 = vim.uv.hrtime()
    local result = { resume(co, ...) }
    local t1 = vim.uv.hrtime()
    local to = coroutine.status(co) == 'dead' and '(end)' or place(co)
    where[co] = to
    table.insert(state.stretches, { t0 = t0, t1 = t1, kb = collectgarbage('count') - kb, from = from, to = to })
    return unpack(result, 1, table.maxn(result))
  end
  local last = vim.uv.hrtime()
  local timer = vim.uv.new_timer()
  timer:start(1, 1, function()
    local now = vim.uv.hrtime()
    if now - last > 3e6 then
      table.insert(state.gaps, { from = last, to = now })
    end
    last = now
  end)
]]

local REPORT = [[
  local state = _G.__bench_stretches
  local stretches, gaps = state.stretches, state.gaps
  state.stretches, state.gaps = {}, {}
  table.sort(gaps, function(a, b)
    return a.to - a.from > b.to - b.from
  end)
  local out = {}
  for i = 1, math.min(3, #gaps) do
    local g = gaps[i]
    table.insert(out, ('gap %.1f ms'):format((g.to - g.from) / 1e6))
    for _, s in ipairs(stretches) do
      if s.t1 > g.from and s.t0 < g.to then
        table.insert(out, ('  stretch %.1f ms (heap %+d kB) %s -> %s'):format((s.t1 - s.t0) / 1e6, s.kb, s.from, s.to))
      end
    end
  end
  local total, count = {}, {}
  for _, s in ipairs(stretches) do
    total[s.to] = (total[s.to] or 0) + (s.t1 - s.t0) / 1e6
    count[s.to] = (count[s.to] or 0) + 1
  end
  local places = vim.tbl_keys(total)
  table.sort(places, function(a, b)
    return total[a] > total[b]
  end)
  for i = 1, math.min(6, #places) do
    local p = places[i]
    table.insert(out, ('stretches ending at %s: %.1f ms in %d'):format(p, total[p], count[p]))
  end
  return out
]]

--- Puts the recorders into the editor behind the RPC channel `chan` (once).
function M.install(chan)
  vim.rpcrequest(chan, 'nvim_exec_lua', INSTALL, {})
end

--- What was recorded since the last report (and forgets it), as lines to print.
function M.report(chan)
  return vim.rpcrequest(chan, 'nvim_exec_lua', REPORT, {})
end

return M
