-- A snapshot's pieces left damaged by a crash (a power loss: the store's files are written without fsync, so one
-- may be cut short, empty or garbled): the turn's start manifest, the previous turn's end manifest (the next
-- start's previous), the session's private index. The editor never crashes, a turn that changed files never
-- says "changed no file" nor lists every file as created: it recovers (the index, a start), or says the turn's
-- start snapshot is damaged and why. hooks/turn driven directly (as turn_failure_spec does).
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
  local base = tempdir() .. '/turns'
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
    base = base,
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
    diff = diff,
    --- The session's folder in the store (its manifests, its index).
    dir = snapshot.sessionDirOf(dir, 'claude:s1', base),
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

--- `path` as a crash leaves it: cut in the middle of its bytes, empty, or garbled.
local function damage(path, how)
  local data = assert(read(path))
  assert(#data > 0)
  if how == 'cut' then
    write(path, data:sub(1, math.floor(#data / 2)))
  elseif how == 'empty' then
    write(path, '')
  else
    write(path, ('\222\173\190\239'):rep(16))
  end
end

--- A repository with two committed files, or a plain folder (`plain`).
local function project(plain)
  local dir = plain and tempdir() or repo()
  write(dir .. '/a.txt', 'a before\n')
  write(dir .. '/b.txt', 'b before\n')
  if not plain then
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'first')
  end
  return dir
end

local function messages()
  return table.concat(said, '\n')
end

--- The review of the turn that just ended lists exactly `labels`; returns it and its files by label.
local function reviewed(s, labels)
  local r, by = s.review()
  local got = vim.tbl_keys(by)
  table.sort(got)
  assert.are.same(labels, got)
  return r, by
end

describe('a snapshot damaged by a crash #slow', function()
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

  for _, case in ipairs({
    { how = 'cut' },
    { how = 'empty' },
    { how = 'garbled' },
    { how = 'cut', plain = true },
  }) do
    it(
      ('the turn\'s start manifest (%s%s): says it is damaged, never "changed no file"; the next turn works'):format(
        case.how,
        case.plain and ', a folder that is no repository' or ''
      ),
      function()
        local dir = project(case.plain)
        -- More files, so that a cut file list loses whole records too.
        for i = 1, 5 do
          write(('%s/c%d.txt'):format(dir, i), ('c%d\n'):format(i))
        end
        local s = session(dir)
        s.start()
        write(dir .. '/a.txt', 'a by the agent\n')
        damage(s.dir .. '/1.start', case.how)
        s.stop()
        assert.matches(
          'turn 1 of Claude Code is not reviewed: its start snapshot is damaged %(.*is damaged',
          messages()
        )
        assert.is_false(vim.wait(300, function()
          return #s.diff.opened > 0
        end, 10))
        s.t:reviewAgain()
        assert.matches('turn 1 of Claude Code cannot be reviewed: its start snapshot failed', messages())
        assert.is_nil(messages():find('changed no file', 1, true))
        -- The next turn starts afresh and is reviewed.
        said = {}
        s.start()
        write(dir .. '/b.txt', 'b by the agent\n')
        s.stop()
        local _, by = reviewed(s, { 'b.txt' })
        assert.are.same({ 'b before' }, by['b.txt'].file.current)
        assert.are.equal('', messages():match('error') or '')
        s.t:dispose()
      end
    )
  end

  for _, how in ipairs({ 'cut', 'empty', 'garbled' }) do
    it(
      ("the previous turn's end manifest (%s): the next turn's start is taken again without it"):format(how),
      function()
        local dir = project()
        local s = session(dir)
        s.start()
        write(dir .. '/a.txt', 'a by the agent\n')
        s.stop()
        local r = reviewed(s, { 'a.txt' })
        r.decide({ accepted = false })
        damage(s.dir .. '/1.end', how)
        said = {}
        s.start()
        write(dir .. '/b.txt', 'b by the agent\n')
        s.stop()
        local _, by = reviewed(s, { 'b.txt' })
        assert.are.same({ 'b before' }, by['b.txt'].file.current)
        assert.are.same({ 'b by the agent' }, by['b.txt'].file.proposal)
        -- Taken again in git (not read file by file, as a session whose method is unknown would be).
        assert.is_not_nil(snapshot.readGitHead(s.dir .. '/2.start'))
        assert.is_nil(messages():find('not be reviewed', 1, true), messages())
        s.t:dispose()
      end
    )
  end

  for _, how in ipairs({ 'cut', 'empty', 'garbled' }) do
    it(
      ("the session's private index (%s), during a turn and before one: the snapshot starts it again"):format(how),
      function()
        local dir = project()
        local s = session(dir)
        s.start()
        write(dir .. '/a.txt', 'a by the agent\n')
        damage(s.dir .. '/index', how)
        s.stop()
        local r, by = reviewed(s, { 'a.txt' })
        assert.are.same({ 'a before' }, by['a.txt'].file.current)
        revert_all(r, dir .. '/a.txt', 'a before\n')
        assert(vim.wait(20000, function()
          return snapshot.running() == 0
        end, 20))
        damage(s.dir .. '/index', how)
        said = {}
        s.start()
        write(dir .. '/b.txt', 'b by the agent\n')
        s.stop()
        local _, by2 = reviewed(s, { 'b.txt' })
        assert.are.same({ 'b before' }, by2['b.txt'].file.current)
        assert.is_nil(messages():find('not be reviewed', 1, true), messages())
        s.t:dispose()
      end
    )
  end
end)
