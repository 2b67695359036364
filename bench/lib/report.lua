-- Helper of the benchmarks (not an entry point): printing figures.
local M = {}

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
  return ('min %7.2f  p50 %7.2f  p90 %7.2f  max %7.2f ms  (n=%d)'):format(times[1], p50, M.pct(times, 0.9), times[#times], #times), p50
end

return M
