-- protocol/schema (the builders that declare a tool's arguments once) and the registry's validation of arguments
-- against the schemas they produce: the messages name the argument, with its path inside nested values.
local new = require('claude-ide.lualib_bundle').__TS__New
local s = require('claude-ide.protocol.schema')
local checkValue = require('claude-ide.protocol.registry').checkValue
local Registry = require('claude-ide.protocol.registry').Registry
local config = require('claude-ide.config')

local function sorted_keys(t)
  local keys = vim.tbl_keys(t)
  table.sort(keys)
  return keys
end

--- The schema of a tool's arguments built from a property map, like defineTool does.
local function args_schema(props, closed)
  return s.objectSchema(props, { closed = closed })
end

describe('protocol/schema builders', function()
  it('produce the JSON Schema of each type, with the constraints given', function()
    -- A string names something unless it is free text: `oneLine` (never shown in tools/list) refuses control
    -- characters in it.
    assert.are.same(
      { type = 'string', description = 'a', minLength = 1, oneLine = true },
      s.str('a', { minLength = 1 }).json
    )
    assert.are.same({ type = 'string', description = 't' }, s.str('t', { text = true }).json)
    assert.are.same(
      { type = 'integer', description = 'n', minimum = 0, maximum = 9 },
      s.int('n', { minimum = 0, maximum = 9 }).json
    )
    assert.are.same({ type = 'number', description = 'x' }, s.num('x').json)
    assert.are.same({ type = 'boolean', description = 'b', default = true }, s.bool('b', { default = true }).json)
    assert.are.same({ type = 'string', description = 'e', enum = { 'x', 'y' } }, s.enumOf({ 'x', 'y' }, 'e').json)
    assert.are.same(
      { type = 'array', description = 'l', items = { type = 'string', description = 'i' }, minItems = 1, maxItems = 3 },
      s.arrayOf(s.str('i', { text = true }), 'l', { minItems = 1, maxItems = 3 }).json
    )
    assert.are.same({
      description = 'either',
      anyOf = { { type = 'string', description = 's' }, { type = 'integer', description = 'i' } },
    }, s.anyOf('either', s.str('s', { text = true }), s.int('i')).json)
  end)

  it('list required properties sorted, leave optional ones out, and close an object only when asked', function()
    local props = { b = s.str('b'), a = s.str('a'), c = s.optional(s.int('c')) }
    local open = args_schema(props)
    assert.are.same({ 'a', 'b' }, open.required)
    assert.are.same({ 'a', 'b', 'c' }, sorted_keys(open.properties))
    assert.is_nil(open.additionalProperties)
    assert.is_false(args_schema(props, true).additionalProperties)
    -- no required argument: no `required` list at all (not an empty one)
    assert.is_nil(args_schema({ c = s.optional(s.int('c')) }).required)
  end)

  it('defineTool: the descriptor carries the schema, and the handler sees null arguments as left out', function()
    local seen
    local tool = s.defineTool({
      name = 'probe',
      description = 'd',
      input = {
        path = s.optional(s.str('p')),
        opts = s.optional(s.obj({ depth = s.optional(s.int('d')), keep = s.bool('k') })),
      },
      handler = function(args)
        seen = args
        return { content = {} }
      end,
    })
    assert.are.same({ 'depth', 'keep' }, sorted_keys(tool.inputSchema.properties.opts.properties))
    tool.handler({ path = vim.NIL, opts = { depth = vim.NIL, keep = true }, list = { 1, 2 } }, {})
    assert.is_nil(seen.path)
    assert.are.same({ keep = true }, seen.opts)
    assert.are.same({ 1, 2 }, seen.list)
  end)
end)

describe('registry argument validation', function()
  local edit = s.obj(
    { old_text = s.str('old', { text = true }), new_text = s.str('new', { text = true }) },
    { closed = true }
  )
  local schema = args_schema({
    count = s.optional(s.int('count', { minimum = 1, maximum = 5 })),
    ratio = s.optional(s.num('ratio', { minimum = 0 })),
    name = s.optional(s.str('name', { minLength = 1 })),
    mode = s.optional(s.enumOf({ 'fast', 'slow' }, 'mode')),
    edits = s.optional(s.arrayOf(edit, 'edits', { minItems = 1, maxItems = 3 })),
    target = s.optional(
      s.anyOf(
        'a line number or a symbol',
        s.int('line', { minimum = 0 }),
        s.obj({ symbol = s.str('symbol') }, { closed = true })
      )
    ),
  }, true)
  local function check(args)
    return checkValue(schema, args, '')
  end

  it('accepts valid arguments, an empty table as an empty array, and null for an optional argument', function()
    assert.is_nil(check(vim.empty_dict()))
    assert.is_nil(check({ count = 5, ratio = 0.5, name = 'x', mode = 'slow', target = 3 }))
    assert.is_nil(check({ target = { symbol = 'main' }, edits = { { old_text = 'a', new_text = 'b' } } }))
    assert.is_nil(check({ count = vim.NIL, _meta = { progressToken = 1 } }))
  end)

  it('checks types, integer vs number, enum, minimum/maximum and minLength, naming the argument', function()
    assert.are.equal('"count" must be an integer, got number', check({ count = 1.5 }))
    assert.are.equal('"count" must be an integer, got string', check({ count = '1' }))
    assert.are.equal('"count" must be >= 1, got 0', check({ count = 0 }))
    assert.are.equal('"count" must be <= 5, got 6', check({ count = 6 }))
    assert.are.equal('"ratio" must be >= 0, got -1', check({ ratio = -1 }))
    assert.is_nil(check({ ratio = 2 }))
    assert.are.equal('"name" must not be empty', check({ name = '' }))
    assert.are.equal('"mode" must be one of "fast", "slow"', check({ mode = 'medium' }))
    assert.are.equal('arguments must be an object, got array', checkValue(schema, { 1 }, ''))
  end)

  it('names the unknown argument of a closed object, also inside nested values', function()
    assert.are.equal('unknown argument "colour"', check({ colour = 'red' }))
    assert.are.equal(
      'unknown argument "edits[1].extra"',
      check({ edits = { { old_text = 'a', new_text = 'b' }, { old_text = 'a', new_text = 'b', extra = 1 } } })
    )
    -- an open object takes extra properties
    assert.is_nil(checkValue(args_schema({ a = s.optional(s.str('a')) }), { b = 1 }, ''))
  end)

  it('gives array items their index (0-based) in the path: edits[2].old_text', function()
    local ok = { old_text = 'a', new_text = 'b' }
    assert.are.equal(
      '"edits[2].old_text" must be a string, got integer',
      check({ edits = { ok, ok, { old_text = 7, new_text = 'c' } } })
    )
    assert.are.equal('missing required argument "edits[0].new_text"', check({ edits = { { old_text = 'a' } } }))
    assert.are.equal(
      'missing required arguments "edits[0].new_text", "edits[0].old_text"',
      check({ edits = { vim.empty_dict() } })
    )
    assert.are.equal('"edits[0]" must be an object, got string', check({ edits = { 'x' } }))
  end)

  it('checks minItems and maxItems', function()
    local ok = { old_text = 'a', new_text = 'b' }
    assert.are.equal('"edits" must have at least 1 item, got 0', check({ edits = {} }))
    assert.are.equal('"edits" must have at most 3 items, got 4', check({ edits = { ok, ok, ok, ok } }))
  end)

  it('anyOf: a value matching one form passes; one matching none names every form it failed', function()
    assert.is_nil(check({ target = 0 }))
    assert.are.equal(
      '"target" matches none of its 2 allowed forms: (1) "target" must be >= 0, got -1; (2) "target" must be an object, got integer',
      check({ target = -1 })
    )
    assert.are.equal(
      '"target" matches none of its 2 allowed forms: (1) "target" must be an integer, got object; (2) unknown argument "target.name"',
      check({ target = { symbol = 'f', name = 'g' } })
    )
  end)
end)

describe('registry string arguments: NUL and control characters', function()
  local schema = args_schema({
    path = s.optional(s.str('a path')),
    new_text = s.optional(s.str('free text', { text = true })),
    edits = s.optional(s.arrayOf(s.obj({ new_text = s.str('new', { text = true }) }), 'edits')),
    names = s.optional(s.arrayOf(s.str('a name'), 'names')),
  }, true)
  local function check(args)
    return checkValue(schema, args, '')
  end

  it('refuses a NUL byte in every string, free text included, naming the argument and its place', function()
    assert.are.equal('"path" must not contain a NUL byte', check({ path = 'a\0b' }))
    assert.are.equal('"new_text" must not contain a NUL byte', check({ new_text = '\0' }))
    assert.are.equal(
      '"edits[1].new_text" must not contain a NUL byte',
      check({ edits = { { new_text = 'ok' }, { new_text = 'x\0' } } })
    )
    assert.are.equal('"names[0]" must not contain a NUL byte', check({ names = { 'f\0' } }))
  end)

  it('refuses every control character in a string that names something, saying which and where', function()
    for byte = 1, 31 do
      local value = 'src/a' .. string.char(byte) .. '.lua'
      assert.are.equal(
        ('"path" must not contain control characters: found U+%04X at byte 6'):format(byte),
        check({ path = value }),
        byte
      )
    end
    assert.are.equal(
      '"path" must not contain control characters: found U+007F at byte 2',
      check({ path = 'a' .. string.char(0x7f) })
    )
    assert.are.equal(
      '"names[1]" must not contain control characters: found U+001B at byte 1',
      check({ names = { 'ok', '\27[31m' } })
    )
  end)

  it('keeps tabs, line breaks and the other control characters of free text, and any UTF-8 in both', function()
    assert.is_nil(check({ new_text = 'a\tb\r\nc\n\12d\27[0m' .. string.char(0x7f) }))
    assert.is_nil(check({ edits = { { new_text = '\tindented\n' } } }))
    assert.is_nil(check({ path = 'héllo wörld/日本.txt', names = { 'naïve' } }))
    assert.is_nil(check({ path = '' }))
  end)

  it('applies to user tools too: their strings are free text (NUL refused)', function()
    local user = { type = 'object', properties = { code = { type = 'string' } } }
    assert.is_nil(checkValue(user, { code = 'line 1\n\tline 2' }, ''))
    assert.are.equal('"code" must not contain a NUL byte', checkValue(user, { code = 'a\0' }, ''))
  end)
end)

describe('registry tools/list', function()
  it('lists listed, enabled tools with title, annotations and their schemas as JSON objects', function()
    local function handler()
      return { content = {} }
    end
    local tools = {
      s.defineTool({ name = 'plain', description = 'p', input = {}, handler = handler }),
      s.defineTool({
        name = 'rich',
        title = 'Rich tool',
        description = 'r',
        input = { path = s.str('p') },
        annotations = { readOnlyHint = true },
        handler = handler,
      }),
      s.defineTool({ name = 'hidden', description = '', listed = false, input = {}, handler = handler }),
      s.defineTool({
        name = 'off',
        description = 'o',
        input = {},
        enabled = function(cfg)
          return cfg.execute_code
        end,
        handler = handler,
      }),
    }
    local reg = new(Registry, tools, config.DEFAULTS)
    local listed = vim.json.decode(vim.json.encode(reg:list()))
    assert.are.same({
      { name = 'plain', description = 'p', inputSchema = { type = 'object', properties = vim.empty_dict() } },
      {
        name = 'rich',
        title = 'Rich tool',
        description = 'r',
        inputSchema = {
          type = 'object',
          properties = { path = { type = 'string', description = 'p' } },
          required = { 'path' },
        },
        annotations = { readOnlyHint = true },
      },
    }, listed)
    -- empty objects stay objects on the wire
    assert.matches('"properties":{}', vim.json.encode(reg:list()[1]), 1, true)
    assert.is_not_nil(reg:find('hidden'))
    assert.is_nil(reg:find('off'))
  end)
end)
