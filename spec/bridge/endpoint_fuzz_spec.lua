-- Bad bytes in every argument of every tool of the agent endpoint, through the bridge with the official MCP
-- SDK's stdio client, as a model (or a mangled transcript) could send them: NUL and control characters inside
-- each string argument (nested ones too: edits[0].old_text), and strings where numbers, booleans and enums are
-- expected. Every call gets an answer the model can act on (an `ERROR:` naming the argument, never -32603) and
-- nothing reaches the user's :messages (no E976, no traceback): protocol/registry's one check refuses them
-- before any handler runs.
--
-- The tools come from tools/list (a tool added later is fuzzed without touching this file); whether a string
-- names something (no control character allowed) or is free text (only NUL refused) comes from the
-- declarations the editor serves (bridge/tools.ts ENDPOINT_TOOLS, `oneLine`).
local bridge = require('helpers.bridge')

local ENDPOINT_TOOLS = require('claude-ide.bridge.tools').ENDPOINT_TOOLS

--- Bad bytes put inside a valid value (after its first character): each a separate call.
local BAD = {
  { label = 'NUL', bytes = '\0', nul = true },
  { label = 'NUL at the end', bytes = '\0', at_end = true, nul = true },
  { label = 'SOH', bytes = '\1' },
  { label = 'ESC sequence', bytes = '\27[2J' },
  { label = 'CR LF', bytes = '\r\n' },
  { label = 'TAB', bytes = '\t' },
  { label = 'DEL', bytes = '\127' },
  { label = 'NUL and controls', bytes = '\0\1\31\127', nul = true },
}

--- The schemas the editor validates against, by tool name (with `oneLine` on strings that name something).
local DECLARED = {}
for _, tool in ipairs(ENDPOINT_TOOLS) do
  DECLARED[tool.name] = tool.inputSchema
end

--- Valid values for required arguments, by name (a default by type otherwise).
local function base_value(name, schema, editor)
  local known = {
    path = 'main.lua',
    line = 1,
    start_line = 1,
    end_line = 0,
    new_text = 'inserted\n',
    old_text = 'local',
    pattern = 'needle',
    new_name = 'renamed',
    query = 'main',
    id = 1,
    instance_id = editor.id,
    edits = { { start_line = 1, end_line = 0, new_text = '-- fuzz\n' } },
  }
  if known[name] ~= nil then
    return known[name]
  end
  if schema.enum then
    return schema.enum[1]
  end
  local by_type = { integer = 1, number = 1, boolean = false, string = 'x' }
  return by_type[schema.type]
end

--- An object with every required property of `schema` filled with a valid value.
local function filled(schema, editor)
  local out = {}
  for _, name in ipairs(schema.required or {}) do
    out[name] = base_value(name, schema.properties[name], editor)
  end
  return out
end

--- `value` with `bad` inside it (a string), or `bad` alone for a value that is not a string.
local function poisoned(value, bad)
  local s = type(value) == 'string' and value or 'x'
  if bad.at_end then
    return s .. bad.bytes
  end
  return s:sub(1, 1) .. bad.bytes .. s:sub(2)
end

--- Every argument of a tool as slots: { label, schema (declared, may be nil), build(bad) → arguments }.
local function slots(listed, declared, editor)
  local out = {}
  local props = listed.properties or {}
  local names = vim.tbl_keys(props)
  table.sort(names)
  for _, name in ipairs(names) do
    local prop = props[name]
    local decl = declared and declared.properties and declared.properties[name] or nil
    local items = prop.type == 'array' and prop.items or nil
    if items and (items.anyOf or items.type == 'object') then
      -- An array of objects: each property of each form of an item, in the first item.
      local forms, decl_forms = items.anyOf or { items }, decl and (decl.items.anyOf or { decl.items }) or {}
      for f, form in ipairs(forms) do
        for inner in pairs(form.properties or {}) do
          table.insert(out, {
            label = ('%s[0].%s'):format(name, inner),
            schema = decl_forms[f] and decl_forms[f].properties[inner],
            build = function(bad)
              local args = filled(listed, editor)
              local item = filled(form, editor)
              item[inner] = poisoned(base_value(inner, form.properties[inner], editor), bad)
              args[name] = { item }
              return args
            end,
          })
        end
      end
    else
      table.insert(out, {
        label = name,
        schema = decl,
        build = function(bad)
          local args = filled(listed, editor)
          args[name] = poisoned(base_value(name, prop, editor), bad)
          return args
        end,
      })
    end
  end
  return out
end

describe('agent endpoint fuzz: NUL and control bytes in every argument of every tool', function()
  local editor, c, project

  setup(function()
    local dir = bridge.config_dir()
    project = bridge.project({ ['main.lua'] = 'local needle = 1\nreturn needle\n' })
    -- No review (edit applies at once, nothing waits for the user); the walk as the search engine (no child
    -- besides `nvim -l`, whatever is on PATH).
    editor = bridge.editor({
      config_dir = dir,
      cwd = project,
      args = { 'main.lua' },
      setup = { agent = { review = false, search = { rg = false } } },
    })
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  teardown(bridge.cleanup)

  it(
    'answers each call with an ERROR naming the argument (or a normal answer), never -32603, and says nothing to the user',
    function()
      local ok, list = c:request('tools/list', {})
      assert.is_true(ok, vim.inspect(list))
      assert.is_true(#list.tools >= 20, 'tools/list: ' .. #list.tools)
      local calls, refused, problems = 0, 0, {}
      for _, tool in ipairs(list.tools) do
        local declared = DECLARED[tool.name]
        for _, slot in ipairs(slots(tool.inputSchema, declared, editor)) do
          for _, bad in ipairs(BAD) do
            local what = ('%s %s (%s)'):format(tool.name, slot.label, bad.label)
            local answered, res = c:wait(c:call_async(tool.name, slot.build(bad)), 30000)
            calls = calls + 1
            local text = answered and type(res) == 'table' and res.content and bridge.text(res) or vim.inspect(res)
            local schema = slot.schema or {}
            local must_refuse = bad.nul or (schema.type == 'string' and schema.oneLine and not schema.enum)
            if not answered then
              table.insert(problems, what .. ': a protocol error ' .. text)
            elseif text:find('Internal error', 1, true) or text:find('traceback', 1, true) then
              table.insert(problems, what .. ': ' .. text)
            elseif schema.type ~= nil and schema.type ~= 'string' or schema.enum then
              -- A string where a number, boolean or enum value goes: refused, naming the argument.
              if not (res.isError and text:find('"' .. slot.label .. '"', 1, true)) then
                table.insert(problems, what .. ': not refused by name: ' .. text)
              end
            elseif must_refuse then
              local expected = bad.nul and 'must not contain a NUL byte' or 'must not contain control characters'
              if not (res.isError and text:find(('"%s" %s'):format(slot.label, expected), 1, true)) then
                table.insert(problems, ('%s: expected "%s" %s, got: %s'):format(what, slot.label, expected, text))
              end
            end
            if res and res.isError then
              refused = refused + 1
            end
          end
          -- Checked per argument, so that a failure names what reached the user.
          local said = editor:lua('return { vim.trim(vim.fn.execute("messages")), vim.v.errmsg }')
          if said[1] ~= '' or said[2] ~= '' then
            table.insert(problems, ('%s %s: reached the user: %s'):format(tool.name, slot.label, vim.inspect(said)))
            editor:lua('vim.cmd.messages("clear"); vim.v.errmsg = ""')
          end
        end
      end
      assert.are.same({}, problems)
      assert.is_true(calls >= 500, 'only ' .. calls .. ' calls')
      assert.is_true(refused >= calls / 2, ('%d of %d calls refused'):format(refused, calls))
      -- The editor still works, and the client's connection too.
      assert.are.equal(2, editor:lua('return 1 + 1'))
      assert.is_nil(c:call('read_buffer', { path = 'main.lua' }).isError)
    end
  )
end)
