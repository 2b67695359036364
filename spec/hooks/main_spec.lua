-- The hook process (lua/claude-ide/hook.lua) started the way a CLI starts it: the command line the plugin's
-- settings name, run by `sh -c` with the hook input on stdin. It reaches its Neovim over the authenticated
-- WebSocket front door (role hook), prints the router's answer, and exits 0 with nothing printed when its
-- Neovim is gone or refuses it.
local bridge = require('helpers.bridge')
local client = require('helpers.client')

--- Runs `command` with `input` (a table, sent as JSON) on stdin; returns { code, stdout, stderr }.
local function run_hook(command, input, env)
  local proc = vim.system({ 'sh', '-c', command }, { stdin = vim.json.encode(input), env = env, text = true })
  local done = proc:wait(20000)
  assert(done.code ~= nil, 'the hook did not exit')
  return done
end

--- The hook command the plugin writes into the CLI's settings for `event` (read from the child editor).
local function command_of(nvim, cli, event)
  return nvim:lua(
    [[
    local cli, event = ...
    local hooks = require('claude-ide.hooks.settings').hooksFor(cli, vim.fn.getpid())
    return hooks[event][1].hooks[1].command
  ]],
    cli,
    event
  )
end

--- Registers a route in the child that records each event and answers with a context text.
local function record_events(nvim)
  nvim:lua([[
    _G.hook_events = {}
    local router = require('claude-ide').server():hooks()
    router:on({ name = 'spec', events = { 'turn-start', 'turn-end', 'PreToolUse' }, handler = function(ev)
      table.insert(_G.hook_events, { client = ev.client, event = ev.event, phase = ev.phase, session = ev.session,
        prompt = ev.input.prompt, tool = ev.toolName })
      if ev.event == 'PreToolUse' then
        return { hookSpecificOutput = { hookEventName = 'PreToolUse', permissionDecision = 'deny',
          permissionDecisionReason = 'not now' } }
      end
    end })
  ]])
end

describe('the hook process', function()
  after_each(bridge.cleanup)

  it('reaches its Neovim, gets the notes for the next prompt, and prints one JSON object', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['a.txt'] = 'a\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project })
    record_events(nvim)
    nvim:lua([[require('claude-ide').server():notes():add('the user reverted b.txt')]])
    local command = command_of(nvim, 'claude', 'UserPromptSubmit')
    assert.matches('hook%.lua', command)
    assert.matches('%-%-instance ' .. nvim.pid, command)
    local done = run_hook(command, {
      session_id = 's1',
      cwd = project,
      hook_event_name = 'UserPromptSubmit',
      prompt = 'hello',
    }, bridge.env(dir))
    assert.are.equal(0, done.code, done.stderr)
    local out = vim.json.decode(done.stdout)
    assert.are.equal('UserPromptSubmit', out.hookSpecificOutput.hookEventName)
    assert.matches('the user reverted b%.txt', out.hookSpecificOutput.additionalContext)
    -- Drained: the next prompt carries nothing, and the CLI reads an empty stdout as no output.
    local again = run_hook(command, { session_id = 's1', cwd = project, prompt = 'again' }, bridge.env(dir))
    assert.are.equal(0, again.code)
    assert.are.equal('', again.stdout)
    local events = nvim:lua('return _G.hook_events')
    assert.are.equal(2, #events)
    assert.are.same(
      { client = 'claude', event = 'UserPromptSubmit', phase = 'turn-start', session = 'claude:s1', prompt = 'hello' },
      events[1]
    )
  end)

  it('carries a parked handler answer (a tool event) and finds its Neovim without --instance', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['a.txt'] = 'a\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project })
    record_events(nvim)
    -- A handler that parks until the editor resumes it (a review waiting for the user).
    nvim:lua([[
      local router = require('claude-ide').server():hooks()
      router:on({ name = 'parks', events = { 'PreToolUse' }, tools = { 'ExitPlanMode' }, handler = function(ev)
        local answer = ev.park(function(resume) _G.resume_plan = resume end)
        return { hookSpecificOutput = { hookEventName = 'PreToolUse', additionalContext = answer } }
      end })
    ]])
    local hook = ('%s -l %s claude PreToolUse'):format(
      vim.fn.shellescape(vim.v.progpath),
      vim.fn.shellescape(bridge.root .. '/lua/claude-ide/hook.lua')
    )
    local input = vim.json.encode({ session_id = 'p', cwd = project, tool_name = 'ExitPlanMode' })
    local env = bridge.env(dir)
    local proc = vim.system({ 'sh', '-c', hook }, { stdin = input, env = env, text = true })
    assert(
      vim.wait(15000, function()
        return nvim:lua('return _G.resume_plan ~= nil')
      end, 20),
      'the handler was not reached'
    )
    nvim:lua([[_G.resume_plan('approved by the user')]])
    local done = proc:wait(15000)
    assert.are.equal(0, done.code, done.stderr)
    -- Both routes' outputs, merged: the first one's decision, the parked one's context.
    local out = vim.json.decode(done.stdout).hookSpecificOutput
    assert.are.equal('approved by the user', out.additionalContext)
    assert.are.equal('deny', out.permissionDecision)
    local events = nvim:lua('return _G.hook_events')
    assert.are.same(
      { { client = 'claude', event = 'PreToolUse', session = 'claude:p', tool = 'ExitPlanMode' } },
      events
    )
    -- A tool the route does not name: the parking route is skipped (the hook answers at once).
    local other = run_hook(hook, { session_id = 'p', cwd = project, tool_name = 'Edit' }, env)
    assert.are.equal(0, other.code)
    assert.is_nil(vim.json.decode(other.stdout).hookSpecificOutput.additionalContext)
  end)

  it('exits 0 at once with nothing printed when its Neovim is gone', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['a.txt'] = 'a\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project })
    local command = command_of(nvim, 'claude', 'Stop')
    assert.is_true(nvim:quit())
    local done = run_hook(command, { session_id = 's', cwd = project }, bridge.env(dir))
    assert.are.equal(0, done.code)
    assert.are.equal('', done.stdout)
    -- No lock folder at all (no Neovim ever ran with this config dir).
    local none = run_hook(command, { session_id = 's', cwd = project }, bridge.env(bridge.config_dir()))
    assert.are.equal(0, none.code)
    assert.are.equal('', none.stdout)
  end)

  it('is refused with a wrong token: nothing printed, no handler ran', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['a.txt'] = 'a\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project })
    record_events(nvim)
    local command = command_of(nvim, 'claude', 'UserPromptSubmit')
    -- The lock file says another token (someone else's Neovim, or a stale file): the server refuses it.
    local lock = nvim.lock
    local decoded = vim.json.decode(bridge.read(lock.path))
    decoded.authToken = string.rep('0', #decoded.authToken)
    bridge.write(lock.path, vim.json.encode(decoded))
    local done = run_hook(command, { session_id = 's', cwd = project, prompt = 'x' }, bridge.env(dir))
    assert.are.equal(0, done.code)
    assert.are.equal('', done.stdout)
    assert.are.same({}, nvim:lua('return _G.hook_events'))
  end)

  it('the hook role answers an independent WebSocket client only with the token', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['a.txt'] = 'a\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project })
    record_events(nvim)
    local port = nvim.lock.port
    local refused = client.connect({ port = port, headers = { ['x-claude-ide-role'] = 'hook' }, expect_failure = true })
    assert.are.equal(401, refused.status)
    local wrong = client.connect({
      port = port,
      token = string.rep('0', #nvim.lock.authToken),
      headers = { ['x-claude-ide-role'] = 'hook' },
      expect_failure = true,
    })
    assert.are.equal(401, wrong.status)
    local conn =
      client.connect({ port = port, token = nvim.lock.authToken, headers = { ['x-claude-ide-role'] = 'hook' } })
    local res = conn:request('hooks/event', {
      client = 'qwen',
      event = 'Stop',
      input = { session_id = 'q1', cwd = project },
    })
    assert.are.same(vim.empty_dict(), res.result)
    local bad = conn:request('hooks/event', { client = 'nobody', event = 'Stop' })
    assert.are.equal(-32602, bad.error.code)
    conn:close()
    local events = nvim:lua('return _G.hook_events')
    assert.are.same({ { client = 'qwen', event = 'Stop', phase = 'turn-end', session = 'qwen:q1' } }, events)
  end)
end)
