-- Helper of the benchmarks (not an entry point): "editor frozen" in a child Neovim with a UI attached
-- (spec/helpers/screen: the child lays out and redraws its grid as for a terminal, its decoration providers run),
-- for the benches that measure what a user sees while scrolling (notes_drawn.lua, inline_view.lua).
--
--   local frozen = require('lib.frozen')
--   local s, dir = frozen.screen({ width = 160, height = 50 })  -- the child, in a folder of its own
--   s:lua('_G.take_gap()')                                     -- a new measure
--   local g = s:lua('return _G.take_gap()')                     -- { longest stretch ms, its CPU ms }
--   frozen.close(s, dir)
--
-- In the child, a 1 ms repeating timer notes the longest gap between its runs, minus its 1 ms: the longest stretch
-- the child's loop was held (goal <= 16 ms), and the CPU time the child spent in it (os.clock): a loaded machine
-- does not inflate that one. vim.notify is silenced there (a message would be drawn, and measured).
local screen = require('helpers.screen')

local M = {}

local TIMER = [[
  vim.notify = function() end
  _G.gap = { worst = 0, cpu = 0 }
  local last, last_cpu = vim.uv.hrtime(), os.clock()
  local timer = vim.uv.new_timer()
  timer:start(1, 1, function()
    local now, cpu = vim.uv.hrtime(), os.clock()
    local held = (now - last) / 1e6 - 1
    if held > _G.gap.worst then
      _G.gap.worst = held
      _G.gap.cpu = (cpu - last_cpu) * 1000
    end
    last, last_cpu = now, cpu
  end)
  --- The longest stretch since the last call (and its CPU time), then a new measure.
  _G.take_gap = function()
    local g = _G.gap
    _G.gap = { worst = 0, cpu = 0 }
    return { g.worst, g.cpu }
  end
]]

--- A child Neovim with a UI of `opts.width` x `opts.height` (screen.new's options), its working directory a new
--- folder (returned second, for the bench's files), its 1 ms timer running.
function M.screen(opts)
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local s = screen.new(opts)
  s:cmd('cd ' .. vim.fn.fnameescape(dir))
  s:lua(TIMER)
  return s, dir
end

--- Closes the child and removes its folder.
function M.close(s, dir)
  s:close()
  vim.fn.delete(dir, 'rf')
end

return M
