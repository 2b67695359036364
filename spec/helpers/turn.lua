-- What the specs that drive hooks/turn directly share (turn_gc, turn_corrupt): temporary folders, files, git, a
-- stand-in for the review (its decision answered as the user would), hook events whose park waits on the spec's
-- loop, and a session of the turn review whose hooks fire as the router would call them.
--
--   local h = require('helpers.turn')
--   before_each(h.listen)  after_each(h.cleanup)      -- vim.notify captured into h.said; folders removed
--   local s = h.session(h.repo())  s.start()  s.edit('a.txt', 'A\n')  s.stop()  local r, by = s.review()
local New = require('claude-ide.lualib_bundle').__TS__New
local Turns = require('claude-ide.hooks.turn').Turns
local config = require('claude-ide.config')
local snapshot = require('claude-ide.editor.snapshot.snapshot')
local bridge = require('helpers.bridge')

local M = {}

-- Temporary folders (removed by cleanup) and files: helpers/bridge's.
M.tempdir, M.write, M.read = bridge.tempdir, bridge.write, bridge.read

function M.git(dir, ...)
  local r = vim.system({ 'git', '-C', dir, ... }, { text = true }):wait()
  assert(r.code == 0, table.concat({ ... }, ' ') .. ': ' .. (r.stderr or ''))
  return r.stdout
end

function M.repo()
  local dir = M.tempdir()
  M.git(dir, 'init', '-q')
  M.git(dir, 'config', 'user.email', 'spec@example.com')
  M.git(dir, 'config', 'user.name', 'spec')
  return dir
end

--- The blob `id` is gone from the user's repository.
function M.gone(dir, id)
  return vim.system({ 'git', '-C', dir, 'cat-file', '-e', id }):wait().code ~= 0
end

--- The user's gc taking every object nothing reaches any more, at once.
function M.collect(dir)
  M.git(dir, 'reflog', 'expire', '--expire=now', '--all')
  M.git(dir, 'gc', '-q', '--prune=now')
end

function M.fake_diff()
  local opened = {}
  return {
    opened = opened,
    openMulti = function(req)
      local review = { req = req }
      table.insert(opened, review)
      return {
        ok = true,
        review = {
          onDecision = function(listener)
            review.decide = listener
          end,
          cancel = function() end,
        },
      }
    end,
  }
end

--- The messages vim.notify showed since listen() (and after it: the spec's loop runs the review's timer).
M.said = {}
local notify = vim.notify

--- Captures vim.notify into M.said (before_each).
function M.listen()
  M.said = {}
  vim.notify = function(msg)
    table.insert(M.said, msg)
  end
end

--- Gives vim.notify back, waits for the snapshot workers, removes the folders made (after_each).
function M.cleanup()
  vim.notify = notify
  vim.wait(20000, function()
    return snapshot.running() == 0
  end, 20)
  bridge.cleanup()
end

function M.event(dir, name, phase, input)
  return {
    client = 'claude',
    event = name,
    phase = phase,
    input = input or {},
    toolName = input and input.tool_name,
    session = 'claude:s1',
    cwd = dir,
    connection = 1,
    owner = function() end,
    park = function(start)
      local got
      start(function(r)
        got = r
      end)
      assert(vim.wait(60000, function()
        return got ~= nil
      end, 10))
      return got
    end,
  }
end

--- The turn review (hooks/turn's Turns) with the default config, no services, a log that says nothing, and
--- `deps` over those (base, services, config, snapshotWaitMs, promptWaitMs).
function M.turns(deps)
  return New(
    Turns,
    vim.tbl_extend('force', {
      config = vim.deepcopy(config.DEFAULTS),
      services = {},
      hub = {},
      log = setmetatable({}, {
        __index = function()
          return function() end
        end,
      }),
    }, deps)
  )
end

--- A hook event of session `s1` in `dir` named after its phase: UserPromptSubmit (turn-start) or Stop.
function M.phase_event(dir, phase)
  return M.event(dir, phase == 'turn-start' and 'UserPromptSubmit' or 'Stop', phase)
end

--- A session of the turn review in `dir`: its hooks as the router would call them. `deps`: more of the Turns'
--- dependencies (promptWaitMs, snapshotWaitMs).
function M.session(dir, deps)
  local diff = M.fake_diff()
  local base = M.tempdir() .. '/turns'
  local routes = {}
  -- The reviews seen already (review() waits for the next one).
  local shown = 0
  local t = M.turns(vim.tbl_extend('force', {
    services = { diff = diff, notes = { add = function() end } },
    base = base,
  }, deps or {}))
  t:register({
    on = function(_, route)
      table.insert(routes, route)
    end,
  })
  local function fire(name, phase, input)
    local ev = M.event(dir, name, phase, input)
    for _, route in ipairs(routes) do
      local named = vim.tbl_contains(route.events, name) or vim.tbl_contains(route.events, phase)
      if named and (route.tools == nil or vim.tbl_contains(route.tools, ev.toolName)) then
        route.handler(ev)
      end
    end
  end
  return {
    t = t,
    diff = diff,
    fire = fire,
    --- The session's folder in the store (its manifests, its index).
    dir = snapshot.sessionDirOf(dir, 'claude:s1', base),
    --- The prompt, then the gate of the agent's first shell command (it waits for the turn's start snapshot).
    start = function()
      fire('UserPromptSubmit', 'turn-start')
      fire('PreToolUse', nil, { tool_name = 'Bash', tool_input = { command = 'true' } })
    end,
    stop = function()
      fire('Stop', 'turn-end')
    end,
    --- The agent's edit tool writes `rel` (its PreToolUse gate before, its PostToolUse hook after).
    edit = function(rel, text)
      fire('PreToolUse', nil, { tool_name = 'Edit', tool_input = { file_path = dir .. '/' .. rel } })
      M.write(dir .. '/' .. rel, text)
      fire('PostToolUse', nil, { tool_name = 'Edit', tool_input = { file_path = dir .. '/' .. rel } })
    end,
    --- The review the turn's end opens (waited for), as { [label] = file }.
    review = function()
      assert(
        vim.wait(20000, function()
          return #diff.opened > shown
        end, 10),
        'no review; said: ' .. table.concat(M.said, '\n')
      )
      shown = #diff.opened
      local r = diff.opened[shown]
      local by = {}
      for i, f in ipairs(r.req.files) do
        by[f.label] = { file = f, index = i }
      end
      return r, by
    end,
  }
end

--- The command of child Neovim `nvim`'s hook for `event` of `client` (default claude), as its settings give it.
function M.hook_command(nvim, event, client)
  return nvim:lua(
    [[
    local event, client = ...
    for _, groups in pairs(require('claude-ide.hooks.settings').hooksFor(client, vim.fn.getpid())) do
      for _, g in ipairs(groups) do
        if g.hooks[1].command:find(' ' .. event .. ' ', 1, true) then return g.hooks[1].command end
      end
    end
    error('no hook for ' .. event)
  ]],
    event,
    client or 'claude'
  )
end

--- Runs a hook's `command` as a CLI runs it (sh -c, `input` as JSON on stdin); returns its decoded output, or nil.
function M.run_hook(command, input, env)
  local done = vim
    .system({ 'sh', '-c', command }, { stdin = vim.json.encode(input), env = env, text = true })
    :wait(30000)
  assert(done.code == 0, 'the hook failed: ' .. vim.inspect(done))
  return done.stdout ~= '' and vim.json.decode(done.stdout) or nil
end

--- Reverts every file of review `r` (its left side taken) and waits for `path` to read `text`.
function M.revert_all(r, path, text)
  local finals = {}
  for i, f in ipairs(r.req.files) do
    finals[i] = f.current or {}
  end
  r.decide({ accepted = true, files = finals })
  assert(
    vim.wait(5000, function()
      return M.read(path) == text
    end, 10),
    'not restored: ' .. tostring(M.read(path))
  )
end

return M
