-- The tools and resource the official MCP conformance scenarios call, given to the editor under test the way a
-- user gives theirs (require('claude-ide').agent.add_tool / add_resource): the agent endpoint serves them through
-- its real path (the bridge lists them from the editor's claude-ide/extras and forwards the calls). Texts and
-- names are the ones the scenarios expect. Run in the editor Neovim by spec/conformance/official_spec.lua.
local agent = require('claude-ide').agent

local function add(spec)
  local ok, err = agent.add_tool(spec)
  assert(ok, err)
end

add({
  name = 'test_simple_text',
  description = 'Conformance fixture: answers a fixed text',
  read_only = true,
  handler = function()
    return 'This is a simple text response for testing.'
  end,
})

add({
  name = 'test_error_handling',
  description = 'Conformance fixture: always fails (an isError result)',
  read_only = true,
  handler = function(_, ctx)
    ctx.fail('This tool intentionally returns an error for testing')
  end,
})

-- JSON Schema 2020-12 keywords a user's input schema may carry: passed to the client unchanged.
add({
  name = 'json_schema_2020_12_tool',
  description = 'Conformance fixture: Tool with JSON Schema 2020-12 features',
  read_only = true,
  input = {
    ['$schema'] = 'https://json-schema.org/draft/2020-12/schema',
    type = 'object',
    ['$defs'] = {
      address = {
        ['$anchor'] = 'addressDef',
        type = 'object',
        properties = { street = { type = 'string' }, city = { type = 'string' } },
      },
    },
    properties = {
      name = { type = 'string' },
      address = { ['$ref'] = '#/$defs/address' },
      contactMethod = { type = 'string', enum = { 'phone', 'email' } },
      phone = { type = 'string' },
      email = { type = 'string' },
    },
    allOf = { { anyOf = { { required = { 'phone' } }, { required = { 'email' } } } } },
    ['if'] = { properties = { contactMethod = { const = 'phone' } }, required = { 'contactMethod' } },
    ['then'] = { required = { 'phone' } },
    ['else'] = { required = { 'email' } },
    additionalProperties = false,
  },
  handler = function()
    return 'ok'
  end,
})

-- Changes the tool list (2026-07-28's server-stateless scenario watches a subscriptions/listen stream for it):
-- adds a tool, or removes it when it is there, so the list never grows for the scenarios after it.
add({
  name = 'test_trigger_tool_change',
  description = 'Conformance fixture: adds or removes a tool, so the tool list changes',
  handler = function()
    if agent.remove_tool('test_added_tool') then
      return 'removed test_added_tool'
    end
    add({
      name = 'test_added_tool',
      description = 'Conformance fixture: added by test_trigger_tool_change',
      read_only = true,
      handler = function()
        return 'added'
      end,
    })
    return 'added test_added_tool'
  end,
})

local ok, err = agent.add_resource('test://static-text', {
  name = 'static-text',
  title = 'Static text',
  description = 'Conformance fixture: a fixed text',
  mime = 'text/plain',
  read = function()
    return 'This is the content of the static text resource.'
  end,
})
assert(ok, err)
