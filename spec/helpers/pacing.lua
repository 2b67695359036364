-- A Pacing (editor/write/disk_write) for specs that drive paced work directly: `fn(pacing)` runs in a coroutine whose
-- every pause, and every wait, resumes on a later turn of the editor's loop, as a parked tool call does.
--
--   local pacing = require('helpers.pacing')
--   local result, stats = pacing.run(function(p) return disk_write.writeFileAsVim(path, lines, expect, p) end)
--   stats.pauses  -- how many pauses there were
--   stats.ticks   -- how many times a 1 ms timer of ours ran while the work was parked in wait (the loop ran)
local M = {}

--- opts.on_pause(n): called before the n-th pause resumes; opts.slice_ms: the pacing's sliceMs (default 0: a
--- pause at every check); opts.wait = false: a pacing without wait (no child Neovim writes for it).
function M.run(fn, opts)
  opts = opts or {}
  local result, co = nil, nil
  local stats = { pauses = 0, ticks = 0 }
  local waiting = false
  local timer = vim.uv.new_timer()
  timer:start(1, 1, function()
    if waiting then
      stats.ticks = stats.ticks + 1
    end
  end)
  local function resume(...)
    local ok, err = coroutine.resume(co, ...)
    assert(ok, err)
  end
  local pacing = {
    sliceMs = opts.slice_ms or 0,
    pause = function()
      stats.pauses = stats.pauses + 1
      local n = stats.pauses
      vim.schedule(function()
        if opts.on_pause then
          opts.on_pause(n)
        end
        resume()
      end)
      coroutine.yield()
    end,
  }
  if opts.wait ~= false then
    pacing.wait = function(start)
      waiting = true
      start(function(value)
        waiting = false
        vim.schedule(function()
          resume(value)
        end)
      end)
      return coroutine.yield()
    end
  end
  co = coroutine.create(function()
    result = { fn(pacing) }
  end)
  resume()
  local done = vim.wait(60000, function()
    return result ~= nil
  end, 5)
  timer:stop()
  timer:close()
  assert(done, 'the paced work did not finish')
  return result[1], stats
end

return M
