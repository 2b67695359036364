-- Helper of the benchmarks (not an entry point): printing figures beside their goals, and the smoke mode.
--
-- BENCH_SMOKE=1 runs a bench at tiny sizes (spec/project/bench_smoke_spec.lua does, in `make test`): every
-- step still runs, so a bench that breaks (an error, a call measured while it answered ERROR) fails there,
-- and no figure is judged.
local M = {}

M.SMOKE = os.getenv('BENCH_SMOKE') == '1'

--- `full` normally, `smoke` in the smoke mode.
function M.size(full, smoke)
  if M.SMOKE then
    return smoke
  end
  return full
end

--- Prints a line at once (a long benchmark shows its progress).
function M.say(s)
  io.write(s, '\n')
  io.flush()
end

--- The `p` percentile (0..1) of a sorted list.
function M.pct(sorted, p)
  return sorted[math.max(1, math.ceil(#sorted * p))]
end

--- Sorts `times` (ms) and describes them in one line; also returns the p50.
function M.stats(times)
  table.sort(times)
  local p50 = M.pct(times, 0.5)
  return ('min %7.2f  p50 %7.2f  p90 %7.2f  max %7.2f ms  (n=%d)'):format(
    times[1],
    p50,
    M.pct(times, 0.9),
    times[#times],
    #times
  ),
    p50
end

--- "p50  +0.40  p90  +1.20  max  +3.10 ms": how far two sorted lists' percentiles are apart (`list`'s minus
--- `from`'s: what a feature adds to the editor's own figures, taken with the same keys). Also returns the
--- difference of the maxima. Sorts both lists.
function M.above(list, from)
  table.sort(list)
  table.sort(from)
  local function d(p)
    return M.pct(list, p) - M.pct(from, p)
  end
  return ('p50 %+7.2f  p90 %+7.2f  max %+7.2f ms'):format(d(0.5), d(0.9), list[#list] - from[#from]),
    list[#list] - from[#from]
end

--- "goal <= 16 ms: met" (or "NOT met"; "smoke run, not judged" in the smoke mode): a figure's goal beside it.
--- `at_most`: the goal is an upper bound (else a lower one).
function M.goal(value, goal, unit, at_most)
  if at_most == nil then
    at_most = true
  end
  local met = at_most and value <= goal or (not at_most and value >= goal)
  local verdict = M.SMOKE and 'smoke run, not judged' or (met and 'met' or 'NOT met')
  return ('goal %s %s%s: %s'):format(at_most and '<=' or '>=', tostring(goal), unit or '', verdict)
end

--- Fails the bench when `text` (a tool's answer) is an error: a figure of a refused call measures nothing.
function M.answer(what, text)
  if type(text) ~= 'string' or text:match('^ERROR') then
    error(('%s answered an error, not the work to measure: %s'):format(what, tostring(text):sub(1, 300)), 2)
  end
  return text
end

--- "load 1.20 0.95 0.80 on 2 cores": how busy the machine was (a figure taken on a loaded machine is slower).
function M.load()
  local fh = io.open('/proc/loadavg', 'r')
  local avg = fh and fh:read('*l') or ''
  if fh then
    fh:close()
  end
  local a, b, c = avg:match('^(%S+) (%S+) (%S+)')
  return ('load %s %s %s on %d cores'):format(a or '?', b or '?', c or '?', #vim.uv.cpu_info())
end

return M
