-- The plan review of an agent that runs somewhere else: Claude Code's PreToolUse ExitPlanMode arrives as an HTTP
-- hook through the far session's door (Node's fetch, as the CLI POSTs it). Its planFilePath is in the far home
-- (~/.claude/plans over there), outside the path map: the same path here is another file, which is never read or
-- written. The plan opens from the hook's own text; approved unchanged it is answered allow; edited, the edit
-- reaches the model as a refusal that carries the edited plan (an approval would send the model the far file's
-- unedited text).
local client = require('helpers.client')

local PLAN = '# Plan\n\n1. Add a flag\n2. Test it\n'

local function plan_buffer()
  local found
  assert(
    vim.wait(10000, function()
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_get_name(buf):find('] plan: ', 1, true) then
          found = buf
        end
      end
      return found ~= nil
    end, 20),
    'the plan did not open'
  )
  return found
end

local function answer_of(call)
  assert(
    vim.wait(10000, function()
      return call.done ~= nil
    end, 20),
    'the hook was not answered'
  )
  assert.equal(0, call.done.code, call.done.stderr)
  local r = vim.json.decode(call.done.stdout)
  assert.equal(200, r.status, r.body)
  return vim.json.decode(r.body).hookSpecificOutput
end

describe('the plan of a far agent', function()
  local tmp, gateway, same_path

  before_each(function()
    tmp = vim.fn.resolve(vim.fn.tempname())
    vim.fn.mkdir(tmp .. '/proj', 'p')
    vim.cmd.cd(tmp .. '/proj')
    -- A file here at the very path the far home's plan has over there.
    same_path = tmp .. '/home/.claude/plans/brave-plan.md'
    vim.fn.mkdir(vim.fs.dirname(same_path), 'p')
    vim.fn.writefile({ 'a local file, not the plan' }, same_path)
    client.start_server()
    local PathMap = require('claude-ide.util.path_map')
    local opened = require('claude-ide')
      .server()
      :openGateway(PathMap.createPathMap({ { far = '/workspace', near = tmp .. '/proj' } }))
    assert(opened.ok, opened.error)
    gateway = opened.gateway
  end)

  after_each(function()
    client.stop_server()
    vim.cmd('silent! %bwipeout!')
    vim.cmd.cd('/')
    vim.fn.delete(tmp, 'rf')
  end)

  local function exit_plan()
    return client.post_hook(gateway, 'PreToolUse', {
      session_id = 'far-1',
      cwd = '/workspace',
      hook_event_name = 'PreToolUse',
      tool_name = 'ExitPlanMode',
      tool_input = { plan = PLAN, planFilePath = same_path },
    })
  end

  it('edited: answered deny carrying the edited plan, and the file here at that path untouched', function()
    local call = exit_plan()
    local buf = plan_buffer()
    assert.same({ '# Plan', '', '1. Add a flag', '2. Test it' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    vim.api.nvim_buf_set_lines(buf, 3, 4, true, { '2. Test it on 0.10 and 0.12' })
    require('claude-ide.editor.review.view_parts').writeToAccept(buf) -- :w in it, as :ClaudeCodeDiffAccept does from another tab page
    local out = answer_of(call)
    assert.equal('deny', out.permissionDecision)
    assert.matches('The user edited the plan in Neovim', out.permissionDecisionReason, 1, true)
    assert.matches('2. Test it on 0.10 and 0.12', out.permissionDecisionReason, 1, true)
    assert.same({ 'a local file, not the plan' }, vim.fn.readfile(same_path))
  end)

  it('approved unchanged: answered allow, the file here untouched', function()
    local call = exit_plan()
    local buf = plan_buffer()
    require('claude-ide.editor.review.view_parts').writeToAccept(buf) -- :w in it, as :ClaudeCodeDiffAccept does from another tab page
    local out = answer_of(call)
    assert.equal('allow', out.permissionDecision)
    assert.equal(PLAN, out.updatedInput.plan)
    assert.same({ 'a local file, not the plan' }, vim.fn.readfile(same_path))
  end)
end)
