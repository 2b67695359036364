-- spec/helpers/hostile.mjs scenarios from one Node process for the whole spec file (`hostile.mjs serve`), instead
-- of a process each: Node's start and loading `ws` cost about 0.1 s of CPU, more than most scenarios themselves.
-- Each scenario still opens its own sockets. The process is stopped after the file's last test (spec/runner.lua).
--
--   local hostile = require('helpers.hostile')
--   local out = hostile.run({ 'raw', 'http', tostring(port), TOKEN, vim.json.encode(bytes) })
local M = {}

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

local shared

local function server()
  if shared and not shared.exited then
    return shared
  end
  local self = { replies = {}, next_id = 1, exited = false }
  require('helpers.node_driver').start(self, { root .. '/spec/helpers/hostile.mjs', 'serve' }, root, function()
    self.exited = true
  end)
  shared = self
  return self
end

require('helpers.at_exit').add(function()
  if shared and not shared.exited then
    shared.proc:write(nil)
    if not vim.wait(5000, function()
      return shared.exited
    end, 10) then
      shared.proc:kill(9)
    end
  end
end)

--- Runs one scenario (the arguments of `node hostile.mjs`: SCENARIO KIND PORT TOKEN [COUNT], all strings) while
--- this Neovim's loop keeps serving; returns its JSON answer, decoded.
function M.run(argv, timeout)
  local s = server()
  local id = s.next_id
  s.next_id = id + 1
  s.proc:write(vim.json.encode({ id = id, argv = argv }) .. '\n')
  local msg
  vim.wait(timeout or 20000, function()
    while true do
      local nl = s.buffer:find('\n', 1, true)
      if not nl then
        break
      end
      local decoded = vim.json.decode(s.buffer:sub(1, nl - 1))
      s.buffer = s.buffer:sub(nl + 1)
      s.replies[decoded.id] = decoded
    end
    msg = s.replies[id]
    return msg ~= nil or s.exited
  end, 10)
  assert(msg, ('hostile.mjs gave no answer to %s (exited: %s)\n%s'):format(vim.inspect(argv), s.exited, s.stderr))
  s.replies[id] = nil
  assert(msg.result, ('hostile.mjs failed on %s: %s'):format(vim.inspect(argv), msg.error))
  return msg.result
end

return M
