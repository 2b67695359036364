-- The bridge lists the tools the chosen Neovim serves: a built-in tool that Neovim's configuration turns off
-- (ToolDescriptor.enabled, as a tool with a config switch has) is neither listed nor callable, whichever
-- revision the client speaks; with every tool on, the list is the generated declarations, byte for byte.
local bridge = require('helpers.bridge')

--- In the child, before its first agent connection (the agent role is made then): quickfix gets a config
--- switch, on only while agent.review is on, the way a tool with a config key of its own would be written.
local SWITCH = [[
  for _, t in ipairs(require('claude-ide.bridge.tools').ENDPOINT_TOOLS) do
    if t.name == 'quickfix' then
      t.enabled = function(config) return config.agent.review end
    end
  end
]]

local function names(list)
  return vim.tbl_map(function(t)
    return t.name
  end, list)
end

describe('bridge tools/list follows the editor', function()
  after_each(bridge.cleanup)

  it('leaves out a built-in tool the configuration disables, and the call is refused', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['a.txt'] = 'alpha\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project, setup = { agent = { review = false } } })
    nvim:lua(SWITCH)

    local c = bridge.start({ config_dir = dir, cwd = project })
    local ok, list = c:request('tools/list', {})
    assert.is_true(ok, vim.inspect(list))
    local listed = names(list.tools)
    assert.is_false(vim.tbl_contains(listed, 'quickfix'), table.concat(listed, ' '))
    -- The rest stays, in order.
    local expected = vim.tbl_filter(function(name)
      return name ~= 'quickfix'
    end, require('claude-ide.bridge.tool_list').TOOL_NAMES)
    assert.are.same(expected, vim.list_slice(listed, 3, #listed))
    local okc, err = c:request('tools/call', { name = 'quickfix', arguments = vim.empty_dict() })
    assert.is_false(okc, vim.inspect(err))
    assert.are.equal(-32602, err.code)
    assert.matches('quickfix', err.message)
    -- Another built-in still runs.
    assert.is_nil(c:call('editor_state', {}).isError)

    -- A 2026-07-28 client gets the same list.
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    local res = raw:request(1, 'tools/list', {
      _meta = {
        ['io.modelcontextprotocol/protocolVersion'] = '2026-07-28',
        ['io.modelcontextprotocol/clientCapabilities'] = vim.empty_dict(),
      },
    })
    assert.are.same(listed, names(res.result.tools))
  end)

  it('lists every declaration unchanged when the editor serves them all', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['a.txt'] = 'alpha\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project })
    nvim:lua(SWITCH) -- agent.review is on: quickfix stays enabled
    local raw = bridge.raw({ config_dir = dir, cwd = project })
    raw:request(1, 'tools/list', vim.empty_dict())
    local line = raw:lines()[1]
    assert.truthy(line:find(require('claude-ide.bridge.tool_list').TOOL_LIST_JSON:sub(2, -2), 1, true))
  end)
end)
