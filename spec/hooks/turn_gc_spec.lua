-- A turn's "before" text that lives only in the user's objects (the first snapshot is seeded from their index:
-- its unchanged files' blobs are theirs, never copied) survives the user's gc taking that blob away before the
-- turn's review needs it: the review shows the right "before" text, and reverting restores it. hooks/turn driven
-- directly (as turn_failure_spec does), the review's decision answered as the user would.
local New = require('claude-ide.lualib_bundle').__TS__New
local Turns = require('claude-ide.hooks.turn').Turns
local config = require('claude-ide.config')
local snapshot = require('claude-ide.editor.snapshot.snapshot')

local dirs = {}
local function tempdir()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  dir = vim.uv.fs_realpath(dir)
  table.insert(dirs, dir)
  return dir
end

local function write(path, text)
  vim.fn.mkdir(vim.fs.dirname(path), 'p')
  local f = assert(io.open(path, 'wb'))
  f:write(text)
  f:close()
end

local function read(path)
  local f = io.open(path, 'rb')
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

local function git(dir, ...)
  local r = vim.system({ 'git', '-C', dir, ... }, { text = true }):wait()
  assert(r.code == 0, table.concat({ ... }, ' ') .. ': ' .. (r.stderr or ''))
  return r.stdout
end

local function repo()
  local dir = tempdir()
  git(dir, 'init', '-q')
  git(dir, 'config', 'user.email', 'spec@example.com')
  git(dir, 'config', 'user.name', 'spec')
  return dir
end

--- The blob `id` is gone from the user's repository.
local function gone(dir, id)
  return vim.system({ 'git', '-C', dir, 'cat-file', '-e', id }):wait().code ~= 0
end

--- The user's gc taking every object nothing reaches any more, at once.
local function collect(dir)
  git(dir, 'reflog', 'expire', '--expire=now', '--all')
  git(dir, 'gc', '-q', '--prune=now')
end

local function fake_diff()
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

--- The messages vim.notify shows while `fn` runs (and shown after it: the spec's loop runs the review's timer).
local said = {}
local notify = vim.notify

local function event(dir, name, phase, input)
  return {
    client = 'claude',
    event = name,
    phase = phase,
    input = input or {},
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

--- A session of the turn review in `dir`: its hooks as the router would call them.
local function session(dir)
  local diff = fake_diff()
  local routes = {}
  -- The reviews seen already (review() waits for the next one).
  local shown = 0
  local t = New(Turns, {
    config = vim.deepcopy(config.DEFAULTS),
    services = { diff = diff, notes = { add = function() end } },
    hub = {},
    log = setmetatable({}, {
      __index = function()
        return function() end
      end,
    }),
    base = tempdir() .. '/turns',
  })
  t:register({
    on = function(_, route)
      table.insert(routes, route)
    end,
  })
  local function fire(name, phase, input)
    local ev = event(dir, name, phase, input)
    for _, route in ipairs(routes) do
      if vim.tbl_contains(route.events, name) or vim.tbl_contains(route.events, phase) then
        route.handler(ev)
      end
    end
  end
  return {
    t = t,
    start = function()
      fire('UserPromptSubmit', 'turn-start')
    end,
    stop = function()
      fire('Stop', 'turn-end')
    end,
    --- The agent's edit tool writes `rel` (its PostToolUse hook after).
    edit = function(rel, text)
      write(dir .. '/' .. rel, text)
      fire('PostToolUse', nil, { tool_name = 'Edit', tool_input = { file_path = dir .. '/' .. rel } })
    end,
    --- The review the turn's end opens (waited for), as { [label] = file }.
    review = function()
      assert(
        vim.wait(20000, function()
          return #diff.opened > shown
        end, 10),
        'no review; said: ' .. table.concat(said, '\n')
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

--- Reverts every file of review `r` (its left side taken) and waits for `path` to read `text`.
local function revert_all(r, path, text)
  local finals = {}
  for i, f in ipairs(r.req.files) do
    finals[i] = f.current or {}
  end
  r.decide({ accepted = true, files = finals })
  assert(
    vim.wait(5000, function()
      return read(path) == text
    end, 10),
    'not restored: ' .. tostring(read(path))
  )
end

describe("a turn's baseline blob the user's gc takes away", function()
  before_each(function()
    said = {}
    vim.notify = function(msg)
      table.insert(said, msg)
    end
  end)
  after_each(function()
    vim.notify = notify
    vim.wait(20000, function()
      return snapshot.running() == 0
    end, 20)
    for _, d in ipairs(dirs) do
      vim.fn.delete(d, 'rf')
    end
    dirs = {}
  end)

  it('staged, not committed: the user stages another version and collects (a shell command changed it)', function()
    local dir = repo()
    write(dir .. '/a.txt', 'committed\n')
    write(dir .. '/b.txt', 'other\n')
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'first')
    write(dir .. '/a.txt', 'staged\n')
    git(dir, 'add', 'a.txt')
    local staged = vim.trim(git(dir, 'rev-parse', ':a.txt'))
    local s = session(dir)
    s.start()
    write(dir .. '/a.txt', 'by the agent\n')
    git(dir, 'add', 'a.txt')
    collect(dir)
    assert.is_true(gone(dir, staged))
    s.stop()
    local r, by = s.review()
    assert.are.same({ 'staged' }, by['a.txt'].file.current)
    assert.are.same({ 'by the agent' }, by['a.txt'].file.proposal)
    revert_all(r, dir .. '/a.txt', 'staged\n')
    s.t:dispose()
  end)

  it('a repository with no commit yet: every blob is only staged', function()
    local dir = repo()
    write(dir .. '/a.txt', 'staged, no commit\n')
    git(dir, 'add', 'a.txt')
    local staged = vim.trim(git(dir, 'rev-parse', ':a.txt'))
    local s = session(dir)
    s.start()
    write(dir .. '/a.txt', 'by the agent\n')
    git(dir, 'add', 'a.txt')
    collect(dir)
    assert.is_true(gone(dir, staged))
    s.stop()
    local r, by = s.review()
    assert.is_not_nil(by['a.txt'], table.concat(said, '\n'))
    assert.are.same({ 'staged, no commit' }, by['a.txt'].file.current)
    revert_all(r, dir .. '/a.txt', 'staged, no commit\n')
    s.t:dispose()
  end)

  it(
    "committed, then unreachable: the agent's edit tool changed it, then an amend, the reflog expired, a gc",
    function()
      local dir = repo()
      write(dir .. '/a.txt', 'first\n')
      git(dir, 'add', 'a.txt')
      git(dir, 'commit', '-qm', 'first')
      write(dir .. '/a.txt', 'committed\n')
      write(dir .. '/b.txt', 'other\n')
      git(dir, 'add', '-A')
      git(dir, 'commit', '-qm', 'second')
      local committed = vim.trim(git(dir, 'rev-parse', 'HEAD:a.txt'))
      local s = session(dir)
      s.start()
      s.edit('a.txt', 'by the agent\n')
      git(dir, 'commit', '-qa', '--amend', '-m', 'second, amended')
      collect(dir)
      assert.is_true(gone(dir, committed))
      s.stop()
      local r, by = s.review()
      assert.is_not_nil(by['a.txt'], table.concat(said, '\n'))
      assert.are.same({ 'committed' }, by['a.txt'].file.current)
      assert.are.same({ 'by the agent' }, by['a.txt'].file.proposal)
      revert_all(r, dir .. '/a.txt', 'committed\n')
      s.t:dispose()
    end
  )
end)
