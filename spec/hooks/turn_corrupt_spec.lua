-- A snapshot's pieces left damaged by a crash (a power loss: the store's files are written without fsync, so one
-- may be cut short, empty or garbled): the turn's start manifest, the previous turn's end manifest (the next
-- start's previous), the session's private index. The editor never crashes, a turn that changed files never
-- says "changed no file" nor lists every file as created: it recovers (the index, a start), or says the turn's
-- start snapshot is damaged and why. hooks/turn driven directly (as turn_failure_spec does).
local snapshot = require('claude-ide.editor.snapshot.snapshot')
local h = require('helpers.turn')
local tempdir, write, read, git, repo, session, revert_all =
  h.tempdir, h.write, h.read, h.git, h.repo, h.session, h.revert_all

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
  return table.concat(h.said, '\n')
end

--- The review of the turn that just ended lists exactly `labels`; returns it and its files by label.
local function reviewed(s, labels)
  local r, by = s.review()
  local got = vim.tbl_keys(by)
  table.sort(got)
  assert.are.same(labels, got)
  return r, by
end

--- The next turn: the agent writes b.txt, and the review lists it alone, from its text before the turn. Returns
--- the review's files by label.
local function next_turn_reviews_b(s, dir)
  h.said = {}
  s.start()
  write(dir .. '/b.txt', 'b by the agent\n')
  s.stop()
  local _, by = reviewed(s, { 'b.txt' })
  assert.are.same({ 'b before' }, by['b.txt'].file.current)
  return by
end

describe('a snapshot damaged by a crash #slow', function()
  before_each(h.listen)
  after_each(h.cleanup)

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
        next_turn_reviews_b(s, dir)
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
        local by = next_turn_reviews_b(s, dir)
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
        next_turn_reviews_b(s, dir)
        assert.is_nil(messages():find('not be reviewed', 1, true), messages())
        s.t:dispose()
      end
    )
  end
end)
