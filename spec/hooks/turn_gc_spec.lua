-- A turn's "before" text that lives only in the user's objects (the first snapshot is seeded from their index:
-- its unchanged files' blobs are theirs, never copied) survives the user's gc taking that blob away before the
-- turn's review needs it: the review shows the right "before" text, and reverting restores it. hooks/turn driven
-- directly (as turn_failure_spec does), the review's decision answered as the user would.
local h = require('helpers.turn')
local write, git, repo, gone, collect, session, revert_all =
  h.write, h.git, h.repo, h.gone, h.collect, h.session, h.revert_all

--- A turn in which the agent changes a.txt (staged in `dir`) and a shell command stages its version and collects,
--- so the staged blob the turn started from is gone from the user's objects; the review at its end.
local function staged_then_collected(dir)
  local staged = vim.trim(git(dir, 'rev-parse', ':a.txt'))
  local s = session(dir)
  s.start()
  write(dir .. '/a.txt', 'by the agent\n')
  git(dir, 'add', 'a.txt')
  collect(dir)
  assert.is_true(gone(dir, staged))
  s.stop()
  local r, by = s.review()
  return s, r, by
end

describe("a turn's baseline blob the user's gc takes away", function()
  before_each(h.listen)
  after_each(h.cleanup)

  it('staged, not committed: the user stages another version and collects (a shell command changed it)', function()
    local dir = repo()
    write(dir .. '/a.txt', 'committed\n')
    write(dir .. '/b.txt', 'other\n')
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'first')
    write(dir .. '/a.txt', 'staged\n')
    git(dir, 'add', 'a.txt')
    local s, r, by = staged_then_collected(dir)
    assert.are.same({ 'staged' }, by['a.txt'].file.current)
    assert.are.same({ 'by the agent' }, by['a.txt'].file.proposal)
    revert_all(r, dir .. '/a.txt', 'staged\n')
    s.t:dispose()
  end)

  it('a repository with no commit yet: every blob is only staged', function()
    local dir = repo()
    write(dir .. '/a.txt', 'staged, no commit\n')
    git(dir, 'add', 'a.txt')
    local s, r, by = staged_then_collected(dir)
    assert.is_not_nil(by['a.txt'], table.concat(h.said, '\n'))
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
      assert.is_not_nil(by['a.txt'], table.concat(h.said, '\n'))
      assert.are.same({ 'committed' }, by['a.txt'].file.current)
      assert.are.same({ 'by the agent' }, by['a.txt'].file.proposal)
      revert_all(r, dir .. '/a.txt', 'committed\n')
      s.t:dispose()
    end
  )
end)
