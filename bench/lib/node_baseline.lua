-- The Node `ws` baseline a benchmark compares against: `node DRIVER server` in its own process (like
-- Neovim's server), which prints {"port":N} once listening. Not an entry point (scripts/bench.sh runs
-- bench/*.lua only).
local M = {}

--- Starts the baseline server; returns its port and a stop() function.
function M.start(driver, what)
  local port
  local proc = vim.system({ 'node', driver, 'server' }, {
    stdin = true,
    stdout = function(_, data)
      local found = data and data:match('"port":(%d+)')
      if found then
        port = tonumber(found)
      end
    end,
  })
  assert(
    vim.wait(10000, function()
      return port ~= nil
    end, 5),
    what .. ' did not start'
  )
  return port, function()
    proc:write(nil) -- closing stdin tells the driver to exit
    proc:wait(2000)
  end
end

return M
