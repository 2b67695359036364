-- The plan review through the real hook process, started the way a CLI starts it (sh -c, the input JSON on
-- stdin) against a child Neovim: Claude Code's PreToolUse ExitPlanMode opens the plan in a buffer while the
-- hook waits; an edited plan approved with :w is written to planFilePath before the hook answers allow with
-- updatedInput; :ClaudeCodeDiffDeny {feedback} answers deny with the feedback; Neovim quitting while the plan
-- waits makes the hook exit 0 at once with nothing printed (the CLI then shows its own dialog). Gemini CLI's
-- BeforeTool exit_plan_mode can only be refused: approving leaves the answer to Gemini's dialog.
local bridge = require('helpers.bridge')

local PLAN = '# Plan\n\n1. Add a flag\n2. Test it\n'

--- Starts the hook for `client` `event` with `input` (a table); returns the running vim.system object.
local function start_hook(dir, client, event, input)
  local hook = ('%s -l %s %s %s'):format(
    vim.fn.shellescape(vim.v.progpath),
    vim.fn.shellescape(bridge.root .. '/lua/claude-ide/hook.lua'),
    client,
    event
  )
  local proc = { done = nil }
  proc.sys = vim.system(
    { 'sh', '-c', hook },
    { stdin = vim.json.encode(input), env = bridge.env(dir), text = true },
    function(result)
      proc.done = result
    end
  )
  return proc
end

--- Waits until the child shows a plan review; returns its buffer's lines.
local function wait_plan(nvim)
  local lines
  assert(
    vim.wait(15000, function()
      lines = nvim:lua([[
        for _, buf in ipairs(vim.api.nvim_list_bufs()) do
          local v = vim.b[buf].claude_ide_diff
          if v and v.role == 'proposal' and vim.api.nvim_buf_get_name(buf):find('] plan: ', 1, true) then
            return vim.api.nvim_buf_get_lines(buf, 0, -1, true)
          end
        end
      ]])
      return type(lines) == 'table'
    end, 20),
    'the plan did not open in Neovim'
  )
  return lines
end

--- In the child's plan buffer: runs `code` (Lua, with `buf` the plan buffer).
local function in_plan(nvim, code)
  nvim:lua(([[
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_get_name(buf):find('] plan: ', 1, true) then
        %s
        return
      end
    end
  ]]):format(code))
end

--- Waits for the hook to exit (it must exit 0); returns { code, stdout, stderr }.
local function finish(proc)
  assert(
    vim.wait(15000, function()
      return proc.done ~= nil
    end, 20),
    'the hook did not exit'
  )
  assert.are.equal(0, proc.done.code, proc.done.stderr)
  return proc.done
end

describe('the plan review hook', function()
  local dir, project, nvim, plan_file

  before_each(function()
    dir = bridge.config_dir()
    project = bridge.project({ ['a.txt'] = 'a\n' })
    plan_file = bridge.project({ ['brave-plan.md'] = PLAN }) .. '/brave-plan.md'
    nvim = bridge.editor({ config_dir = dir, cwd = project })
  end)
  after_each(bridge.cleanup)

  local function claude_plan(session)
    return start_hook(dir, 'claude', 'PreToolUse', {
      session_id = session,
      cwd = project,
      hook_event_name = 'PreToolUse',
      tool_name = 'ExitPlanMode',
      tool_input = { plan = PLAN, planFilePath = plan_file },
    })
  end

  it('Claude Code: an edited plan approved with :w is written to planFilePath, then answered allow', function()
    local proc = claude_plan('s1')
    assert.are.same({ '# Plan', '', '1. Add a flag', '2. Test it' }, wait_plan(nvim))
    -- Give a wrong early answer its chance to arrive: wait for the hook to finish, which it must not do yet.
    vim.wait(300, function()
      return proc.done ~= nil
    end)
    assert.is_nil(proc.done, 'the hook answered before the user decided')
    in_plan(
      nvim,
      [[vim.api.nvim_buf_set_lines(buf, 3, 4, true, { '2. Test it on 0.10 and 0.12' })
        require('claude-ide.editor.review.view_parts').writeToAccept(buf)]]
    )
    local done = finish(proc)
    local out = vim.json.decode(done.stdout).hookSpecificOutput
    local edited = '# Plan\n\n1. Add a flag\n2. Test it on 0.10 and 0.12\n'
    assert.are.same({
      hookEventName = 'PreToolUse',
      permissionDecision = 'allow',
      permissionDecisionReason = 'The user edited and approved the plan in Neovim.',
      updatedInput = { plan = edited, planFilePath = plan_file },
    }, out)
    -- Written before the answer: Claude Code sends the model the file's text as the approved plan.
    assert.are.equal(edited, bridge.read(plan_file))
  end)

  it('Claude Code: approved unchanged (:ClaudeCodeDiffAccept), the plan file is left as it was', function()
    local proc = claude_plan('s2')
    wait_plan(nvim)
    in_plan(nvim, [[vim.api.nvim_buf_call(buf, function() vim.cmd('ClaudeCodeDiffAccept') end)]])
    local out = vim.json.decode(finish(proc).stdout).hookSpecificOutput
    assert.are.equal('allow', out.permissionDecision)
    assert.are.equal(PLAN, out.updatedInput.plan)
    assert.are.equal(PLAN, bridge.read(plan_file))
  end)

  it('Claude Code: :ClaudeCodeDiffDeny {feedback} answers deny with the feedback, the file untouched', function()
    local proc = claude_plan('s3')
    wait_plan(nvim)
    nvim:lua([[vim.cmd('ClaudeCodeDiffDeny too risky')]])
    local out = vim.json.decode(finish(proc).stdout).hookSpecificOutput
    assert.are.equal('deny', out.permissionDecision)
    assert.matches('too risky$', out.permissionDecisionReason)
    assert.is_nil(out.updatedInput)
    assert.are.equal(PLAN, bridge.read(plan_file))
    assert.are.same({}, bridge.reviews(nvim))
  end)

  it('Neovim quitting while the plan waits: the hook exits 0 at once with nothing printed', function()
    local proc = claude_plan('s4')
    wait_plan(nvim)
    assert.is_true(nvim:quit())
    local done = finish(proc)
    assert.are.equal('', done.stdout)
  end)

  it('Gemini CLI: the plan file opens; refusing answers decision deny, approving leaves it to Gemini', function()
    local input = {
      session_id = 'g1',
      cwd = project,
      hook_event_name = 'BeforeTool',
      tool_name = 'exit_plan_mode',
      tool_input = { plan_filename = plan_file },
    }
    local proc = start_hook(dir, 'gemini', 'BeforeTool', input)
    assert.are.same({ '# Plan', '', '1. Add a flag', '2. Test it' }, wait_plan(nvim))
    nvim:lua([[vim.cmd('ClaudeCodeDiffDeny split step 2')]])
    local out = vim.json.decode(finish(proc).stdout)
    assert.are.equal('deny', out.decision)
    assert.matches('split step 2$', out.reason)

    proc = start_hook(dir, 'gemini', 'BeforeTool', input)
    wait_plan(nvim)
    nvim:lua([[vim.cmd('ClaudeCodeDiffAccept')]])
    assert.are.equal('', finish(proc).stdout)
  end)

  it("the settings wait long for the plan hook (Claude Code's PreToolUse ExitPlanMode)", function()
    local hooks = nvim:lua([[return require('claude-ide.hooks.settings').hooksFor('claude')]])
    local function group(groups, matcher)
      for _, g in ipairs(groups) do
        if g.matcher == matcher then
          return g
        end
      end
      error('no hook group with the matcher ' .. matcher)
    end
    local plan = group(hooks.PreToolUse, 'ExitPlanMode')
    assert.is_true(plan.hooks[1].timeout >= 3600)
    assert.matches('hook%.lua.* claude PreToolUse', plan.hooks[1].command)
    local gemini = nvim:lua([[return require('claude-ide.hooks.settings').hooksFor('gemini')]])
    assert.is_true(group(gemini.BeforeTool, 'exit_plan_mode').hooks[1].timeout >= 3600 * 1000, 'milliseconds')
  end)
end)
