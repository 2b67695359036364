-- The user's own tools and resources (require('claude-ide').agent.add_tool / add_resource and
-- setup({ agent = { tools } })), through the bridge with the SDK's stdio client against a real child Neovim:
-- listed with their schema, arguments checked with the built-in tools' messages, synchronous, asynchronous,
-- failing and throwing handlers, ctx.confirm answered yes and no, read-only ones allowed by :ClaudeCode and
-- the others not, tools added while the bridge runs announced with notifications/tools/list_changed.
local bridge = require('helpers.bridge')

--- The child's user config: vim.ui.select answers from _G.answers (recording the prompts), vim.notify recorded,
--- and tools given to setup().
local CONFIG = [[
  _G.answers, _G.prompts, _G.notes = {}, {}, {}
  vim.ui.select = function(items, opts, on_choice)
    table.insert(_G.prompts, opts.prompt)
    on_choice(table.remove(_G.answers, 1))
  end
  vim.notify = function(msg, level) table.insert(_G.notes, { msg = msg, level = level }) end
  return require('claude-ide').setup({ agent = { tools = {
    {
      name = 'greet',
      title = 'Greet someone',
      description = 'Greets someone a number of times',
      read_only = true,
      input = {
        type = 'object',
        properties = {
          who = { type = 'string', description = 'Who to greet' },
          times = { type = 'integer', description = 'How often', minimum = 1 },
        },
        required = { 'who' },
      },
      handler = function(args) return ('hello %s x%d'):format(args.who, args.times or 1) end,
    },
    {
      name = 'later',
      description = 'Answers after a while (asynchronous)',
      read_only = true,
      handler = function(_, ctx)
        vim.defer_fn(function() ctx.done('done later in ' .. ctx.name) end, 100)
      end,
    },
    {
      name = 'boom',
      description = 'Throws',
      handler = function() error('the handler exploded') end,
    },
    {
      name = 'refuse',
      description = 'Fails on purpose',
      handler = function(_, ctx) vim.schedule(function() ctx.fail('nothing to do here') end) end,
    },
    {
      name = 'delete_thing',
      description = 'Deletes a thing after asking the user',
      input = { type = 'object', properties = { thing = { type = 'string' } }, required = { 'thing' } },
      handler = function(args, ctx)
        if ctx.confirm('Delete ' .. args.thing .. '?') then return 'deleted ' .. args.thing end
        return 'the user kept ' .. args.thing
      end,
    },
  } } })
]]

describe('user tools through the bridge', function()
  local project, nvim, c

  setup(function()
    local dir = bridge.config_dir()
    project = bridge.project({ ['a.txt'] = 'alpha\n' })
    nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'a.txt' } })
    assert.is_true(nvim:lua(CONFIG))
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  teardown(bridge.cleanup)

  local function call(name, args)
    local res = c:call(name, args or vim.empty_dict())
    return bridge.text(res), res.isError == true
  end

  local function listed(name)
    local ok, res = c:request('tools/list', vim.empty_dict())
    assert.is_true(ok, vim.inspect(res))
    for _, t in ipairs(res.tools) do
      if t.name == name then
        return t, res.tools
      end
    end
    return nil, res.tools
  end

  it('lists them after the built-in tools, with their schema and annotations', function()
    local greet, tools = listed('greet')
    assert.is_not_nil(greet, vim.inspect(tools))
    assert.are.equal('list_instances', tools[1].name)
    assert.are.equal('Greet someone', greet.title)
    assert.are.equal('Greets someone a number of times', greet.description)
    assert.are.same({ 'who' }, greet.inputSchema.required)
    assert.are.equal('integer', greet.inputSchema.properties.times.type)
    assert.is_true(greet.annotations.readOnlyHint)
    local del = listed('delete_thing')
    assert.is_false(del.annotations.readOnlyHint)
    -- The capability says the list may change.
    assert.is_true(c.info.capabilities.tools.listChanged)
  end)

  it('checks the arguments against input with the built-in messages before the handler runs', function()
    assert.are.same({ 'hello bob x2', false }, { call('greet', { who = 'bob', times = 2 }) })
    assert.are.same({ 'hello ann x1', false }, { call('greet', { who = 'ann' }) })
    local text, is_error = call('greet', { who = 'bob', times = 0 })
    assert.is_true(is_error)
    assert.are.equal('ERROR: greet: "times" must be >= 1, got 0. Fix the arguments and call greet again.', text)
    assert.matches('"who" must be a string, got integer', (call('greet', { who = 3 })), 1, true)
    text, is_error = call('greet', {})
    assert.is_true(is_error)
    assert.matches('missing required argument "who"', text, 1, true)
  end)

  it('an asynchronous handler answers with ctx.done, a failing one with ctx.fail', function()
    assert.are.same({ 'done later in later', false }, { call('later') })
    assert.are.same({ 'ERROR: nothing to do here', true }, { call('refuse') })
  end)

  it('an error thrown by the handler is an ERROR result; its traceback goes to the log only', function()
    local text, is_error = call('boom')
    assert.is_true(is_error)
    assert.matches('^ERROR: boom failed: .*the handler exploded$', text)
    assert.is_nil(text:find('traceback', 1, true))
    local logged = nvim:lua([[
      for _, n in ipairs(_G.notes) do
        if n.msg:find('user tool boom failed', 1, true) then return n.msg end
      end
    ]])
    assert.matches('stack traceback', logged, 1, true)
    -- The editor is fine: the next call works.
    assert.are.same({ 'hello x x1', false }, { call('greet', { who = 'x' }) })
  end)

  it('ctx.confirm asks the user in Neovim: yes runs, no does not', function()
    nvim:lua([[_G.answers = { 'Yes' }; _G.prompts = {}]])
    assert.are.same({ 'deleted t1', false }, { call('delete_thing', { thing = 't1' }) })
    assert.matches('Delete t1?', nvim:lua('return _G.prompts[1]'), 1, true)
    nvim:lua([[_G.answers = { 'No' }]])
    assert.are.same({ 'the user kept t2', false }, { call('delete_thing', { thing = 't2' }) })
    nvim:lua([[_G.answers = {}]]) -- dismissed (<Esc>): no
    assert.are.same({ 'the user kept t3', false }, { call('delete_thing', { thing = 't3' }) })
  end)

  it(":ClaudeCode's allowed list has the read-only ones and never the others", function()
    -- What :ClaudeCode gives its claude: --settings <file> whose permissions.allow lists the allowed tools.
    local allowed = nvim:lua([[
      local r = require('claude-ide.bridge.cli_config').cliArguments()
      local file = r.args:match("%-%-settings '([^']+)'")
      return vim.json.decode(table.concat(vim.fn.readfile(file), '\n')).permissions.allow
    ]])
    local set = {}
    for _, name in ipairs(allowed) do
      set[name] = true
    end
    assert.is_true(set.mcp__nvim__greet)
    assert.is_true(set.mcp__nvim__later)
    assert.is_nil(set.mcp__nvim__delete_thing)
    assert.is_nil(set.mcp__nvim__boom)
    assert.is_true(set.mcp__nvim__editor_state)
    -- Every built-in tool but execute, the bridge's own included.
    assert.is_true(set.mcp__nvim__lsp_rename)
    assert.is_true(set.mcp__nvim__list_instances)
    assert.is_nil(set.mcp__nvim__execute)
  end)

  it('a tool added while the bridge runs is announced (tools/list_changed) and callable', function()
    assert.is_nil((listed('shout')))
    local before = #c:log().unexpected
    local ok = nvim:lua([[
      return require('claude-ide').agent.add_tool({
        name = 'shout', description = 'Shouts', read_only = true,
        input = { type = 'object', properties = { text = { type = 'string' } }, required = { 'text' } },
        handler = function(args) return args.text:upper() end,
      })
    ]])
    assert.is_true(ok)
    local announced, why = c:notified('notifications/tools/list_changed', { since = before })
    assert.is_table(announced, 'no notifications/tools/list_changed reached the client: ' .. tostring(why))
    assert.is_not_nil((listed('shout')))
    assert.are.same({ 'HEY', false }, { call('shout', { text = 'hey' }) })
    -- Removed: gone from the list, and a call is an unknown tool.
    assert.is_true(nvim:lua([[return require('claude-ide').agent.remove_tool('shout')]]))
    assert.is_nil((listed('shout')))
    local okc, err = c:wait(c:call_async('shout', { text = 'x' }))
    assert.is_false(okc)
    assert.matches('unknown tool "shout"', err.message, 1, true)
  end)

  it('refuses bad names, clashes with built-in tools and incomplete specs, saying why', function()
    local results = nvim:lua([[
      local agent = require('claude-ide').agent
      local out = {}
      local function try(spec)
        local ok, err = agent.add_tool(spec)
        table.insert(out, { ok, err })
      end
      local h = function() return 'x' end
      try({ name = 'Bad-Name', description = 'd', handler = h })
      try({ name = 'edit', description = 'd', handler = h })
      try({ name = 'no_handler', description = 'd' })
      try({ name = 'no_description', handler = h })
      try({ name = 'bad_input', description = 'd', handler = h, input = { type = 'string' } })
      return out
    ]])
    assert.is_false(results[1][1])
    assert.matches('must be a non%-empty string of %[a%-z0%-9_%]', results[1][2])
    assert.matches('"edit" is taken by a built-in agent tool', results[2][2], 1, true)
    assert.matches('handler must be a function', results[3][2], 1, true)
    assert.matches('description must be a non-empty string', results[4][2], 1, true)
    assert.matches('input.type must be "object"', results[5][2], 1, true)
    -- setup() with a bad tool fails, naming it, and keeps the running setup.
    local ok = nvim:lua([[return require('claude-ide').setup({ agent = { tools = { { name = 'x y' } } } })]])
    assert.is_false(ok)
    assert.are.same({ 'hello z x1', false }, { call('greet', { who = 'z' }) })
  end)

  it('add_resource: listed by resources/list and read by resources/read', function()
    local added = nvim:lua([[
      local agent = require('claude-ide').agent
      local a = { agent.add_resource('todo://list', {
        name = 'todo', description = 'My todo list', mime = 'text/markdown',
        read = function(uri) return '# todo\n- ' .. uri end,
      }) }
      local b = { agent.add_resource('vim://state', { read = function() return '' end }) }
      local d = { agent.add_resource('todo://broken', { read = function() error('no list') end }) }
      return { a, b, d }
    ]])
    assert.is_true(added[1][1])
    assert.is_false(added[2][1])
    assert.matches('taken by a built-in resource', added[2][2], 1, true)
    local ok, res = c:request('resources/list', vim.empty_dict())
    assert.is_true(ok)
    local found
    for _, r in ipairs(res.resources) do
      if r.uri == 'todo://list' then
        found = r
      end
    end
    assert.are.same(
      { uri = 'todo://list', name = 'todo', description = 'My todo list', mimeType = 'text/markdown' },
      found
    )
    local okr, read = c:request('resources/read', { uri = 'todo://list' })
    assert.is_true(okr, vim.inspect(read))
    assert.are.same(
      { { uri = 'todo://list', mimeType = 'text/markdown', text = '# todo\n- todo://list' } },
      read.contents
    )
    local okb, err = c:request('resources/read', { uri = 'todo://broken' })
    assert.is_false(okb)
    assert.matches('reading todo://broken failed: .*no list', err.message)
  end)
end)

describe('user tool names', function()
  it("the reserved list holds every built-in tool and the bridge's own", function()
    local reserved = {}
    for _, n in ipairs(require('claude-ide.agent.builtin_names').BUILTIN_TOOL_NAMES) do
      reserved[n] = true
    end
    local missing = {}
    for _, t in ipairs(require('claude-ide.bridge.tools').ENDPOINT_TOOLS) do
      if not reserved[t.name] then
        table.insert(missing, t.name)
      end
    end
    assert.are.same({}, missing)
    assert.is_true(reserved.list_instances and reserved.select_instance)
  end)
end)
