-- What helpers keep for a whole spec file (a Node driver its tests share) is stopped after the file's last test:
-- spec/runner.lua runs these hooks once busted has finished, each waiting for what it stops, so nothing outlives
-- the file and its CPU time counts in the file's (scripts/test.sh). Outside the runner (a bench script using a
-- helper) the hooks never run: a driver then ends with the process, when its stdin closes.
--
--   require('helpers.at_exit').add(function() ... end)
local M = { hooks = {} }

function M.add(fn)
  table.insert(M.hooks, fn)
end

--- Runs every hook once (errors reported on stderr, the others still run).
function M.run()
  local hooks = M.hooks
  M.hooks = {}
  for _, fn in ipairs(hooks) do
    local ok, err = pcall(fn)
    if not ok then
      io.stderr:write('spec/helpers/at_exit: a hook failed: ' .. tostring(err) .. '\n')
    end
  end
end

return M
