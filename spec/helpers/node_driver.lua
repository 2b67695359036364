-- A Node helper process of the specs (the MCP SDK drivers, the hostile HTTP client): started with its stdin open
-- (the spec writes its commands there), its stdout appended to `self.buffer` and its stderr to `self.stderr` as
-- they arrive, for the helper that owns it to read.
--
--   local node_driver = require('helpers.node_driver')
--   local self = node_driver.start(setmetatable({ replies = {} }, Driver), { script, 'serve' }, root, on_exit)
local M = {}

--- Starts `node argv...` in `cwd` for `self` (its `proc`, `buffer` and `stderr` are set); `on_exit(result)`
--- when it ends. Returns `self`.
function M.start(self, argv, cwd, on_exit)
  self.buffer, self.stderr = self.buffer or '', self.stderr or ''
  self.proc = vim.system(vim.list_extend({ 'node' }, argv), {
    stdin = true,
    cwd = cwd,
    stdout = function(_, data)
      if data then
        self.buffer = self.buffer .. data
      end
    end,
    stderr = function(_, data)
      if data then
        self.stderr = self.stderr .. data
      end
    end,
  }, on_exit)
  return self
end

return M
