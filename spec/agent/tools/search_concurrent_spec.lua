-- A search of a loaded buffer among 20 agent calls in flight (the held-out check that answered "0 matches" on
-- Neovim 0.10): every search finds its line, whatever else runs beside it.
local bridge = require('helpers.bridge')

describe('a buffer search among concurrent calls #slow', function()
  after_each(bridge.cleanup)

  it('finds the line in a loaded buffer while 19 other calls run', function()
    local lines = {}
    for i = 1, 40 do
      lines[i] = 'conc line ' .. i
    end
    local project = bridge.project({ ['conc.txt'] = table.concat(lines, '\n') .. '\n', ['other.txt'] = 'x\n' })
    local dir = bridge.config_dir()
    bridge.editor({ config_dir = dir, cwd = project, args = { 'conc.txt' } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    for _ = 1, 3 do
      local ids = {}
      for i = 1, 20 do
        local call
        if i == 10 then
          call = { name = 'search', arguments = { pattern = 'conc line 9', path = 'conc.txt' } }
        elseif i % 3 == 0 then
          call = { name = 'read_buffer', arguments = { path = 'conc.txt' } }
        elseif i % 3 == 1 then
          call = { name = 'editor_state', arguments = vim.empty_dict() }
        else
          call = { name = 'search', arguments = { pattern = 'conc line 2' } }
        end
        ids[i] = c:send({ op = 'call', name = call.name, arguments = call.arguments })
      end
      local replies = {}
      for i = 1, 20 do
        local ok, res = c:wait(ids[i])
        assert(ok, vim.inspect(res))
        replies[i] = bridge.text(res)
      end
      assert.matches('^1 match for text "conc line 9"', replies[10], nil, false)
      for i = 2, 20, 3 do
        assert.matches('conc line 2', replies[i])
      end
    end
  end)
end)
