-- Snapshots of a folder (editor/snapshot + the child snapshot_worker.lua): what they take, what they never touch
-- (the user's repository, byte for byte), and what `compare` tells between two of them.
local snapshot = require('claude-ide.editor.snapshot')

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

--- Takes a snapshot and waits for it.
local function take(req)
  local result
  snapshot.take(req, function(r)
    result = r
  end)
  assert(
    vim.wait(60000, function()
      return result ~= nil
    end, 10),
    'the snapshot did not finish'
  )
  return result
end

--- Every file under `dir` (.git included) with its bytes, mode and mtime: the repository as it is on disk.
local function fingerprint(dir)
  local out = {}
  for name, kind in vim.fs.dir(dir, { depth = math.huge }) do
    local path = dir .. '/' .. name
    local st = vim.uv.fs_lstat(path)
    if kind == 'file' then
      out[name] = { read(path), st.mode, st.mtime.sec, st.mtime.nsec }
    else
      out[name] = { kind, st.mode }
    end
  end
  return out
end

local function repo()
  local dir = tempdir()
  git(dir, 'init', '-q')
  git(dir, 'config', 'user.email', 'spec@example.com')
  git(dir, 'config', 'user.name', 'spec')
  write(dir .. '/a.txt', 'one\ntwo\n')
  write(dir .. '/src/b.lua', 'return 1\n')
  write(dir .. '/.gitignore', 'build/\n*.log\n')
  write(dir .. '/build/out.bin', 'generated\n')
  write(dir .. '/debug.log', 'log\n')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-qm', 'first')
  -- Some state a user has: a staged change, an unstaged one, an untracked file, a stash.
  write(dir .. '/a.txt', 'one\ntwo\nthree\n')
  git(dir, 'stash', '-q')
  write(dir .. '/a.txt', 'one\n2\n')
  git(dir, 'add', 'a.txt')
  write(dir .. '/src/b.lua', 'return 2\n')
  write(dir .. '/new.txt', 'untracked\n')
  return dir
end

describe('a snapshot', function()
  local base
  before_each(function()
    base = tempdir() .. '/state/turns'
  end)
  after_each(function()
    for _, d in ipairs(dirs) do
      vim.fn.delete(d, 'rf')
    end
    dirs = {}
  end)

  local function req(root, name, previous)
    return {
      root = root,
      session = 'claude:s1',
      name = name,
      previous = previous,
      maxFileBytes = 1024,
      keep = 3,
      base = base,
    }
  end

  it('leaves the repository byte for byte as it was (index, refs, config, stash, .git listing)', function()
    local dir = repo()
    -- Read first: git status itself refreshes the index (the user's git would do the same).
    local status = git(dir, 'status', '--porcelain')
    local stash = git(dir, 'stash', 'list')
    local before = fingerprint(dir)
    local r = take(req(dir, '1.start'))
    assert.is_true(r.ok, r.error)
    assert.are.equal('git', r.by)
    -- Twice: the second one reuses the first one's entries.
    assert.is_true(take(req(dir, '1.end', r.manifest)).ok)
    local after = fingerprint(dir)
    local differ = {}
    for name in pairs(vim.tbl_extend('force', {}, before, after)) do
      if not vim.deep_equal(before[name], after[name]) then
        table.insert(differ, name)
      end
    end
    table.sort(differ)
    assert.are.same({}, differ)
    assert.is_true(#vim.tbl_keys(before) > 10)
    assert.are.equal(status, git(dir, 'status', '--porcelain'))
    assert.are.equal(stash, git(dir, 'stash', 'list'))
  end)

  it('honours .gitignore, takes untracked files, skips large ones, and stores copies in a 0700 store', function()
    local dir = repo()
    write(dir .. '/big.txt', string.rep('x', 2000))
    local r = take(req(dir, '1.start'))
    assert.is_true(r.ok, r.error)
    local m = snapshot.readManifest(r.manifest)
    local paths = {}
    for p in pairs(m) do
      table.insert(paths, p)
    end
    table.sort(paths)
    assert.are.same({ '.gitignore', 'a.txt', 'new.txt', 'src/b.lua' }, paths)
    assert.are.equal(1, r.skipped)
    local store = snapshot.storeOf(dir, base)
    assert.are.equal('one\n2\n', snapshot.objectBytes(store, m['a.txt']))
    assert.are.equal(tonumber('700', 8), vim.uv.fs_stat(store).mode % 512)
    assert.are.equal(tonumber('700', 8), vim.uv.fs_stat(base).mode % 512)
  end)

  it('works in a folder that is not a repository', function()
    local dir = tempdir()
    write(dir .. '/x.txt', 'x\n')
    write(dir .. '/node_modules/m.js', 'm\n')
    write(dir .. '/deep/er/y.txt', 'y\n')
    local r = take(req(dir, '1.start'))
    assert.is_true(r.ok, r.error)
    assert.are.equal('walk', r.by)
    local m = snapshot.readManifest(r.manifest)
    assert.is_not_nil(m['x.txt'])
    assert.is_not_nil(m['deep/er/y.txt'])
    assert.is_nil(m['node_modules/m.js'])
  end)

  it('refuses / and the home folder', function()
    local r = take(req('/', '1.start'))
    assert.is_false(r.ok)
    assert.matches('is /', r.error)
    local home = take(req(vim.uv.os_homedir(), '1.start'))
    assert.is_false(home.ok)
    assert.matches('home folder', home.error)
  end)

  it('tells modified, created, deleted and renamed files apart; unchanged and touched files are no change', function()
    local dir = tempdir()
    write(dir .. '/keep.txt', 'same\n')
    write(dir .. '/touch.txt', 'same bytes\n')
    write(dir .. '/mod.txt', 'a\nb\n')
    write(dir .. '/gone.txt', 'bye\n')
    write(dir .. '/old_name.txt', 'moved text\n')
    local s = take(req(dir, '1.start'))
    assert.is_true(s.ok, s.error)
    write(dir .. '/mod.txt', 'a\nB\n')
    write(dir .. '/touch.txt', 'same bytes\n')
    os.remove(dir .. '/gone.txt')
    assert(os.rename(dir .. '/old_name.txt', dir .. '/new_name.txt'))
    write(dir .. '/made.txt', 'new\n')
    local e = take(req(dir, '1.end', s.manifest))
    assert.is_true(e.ok, e.error)
    local store = snapshot.storeOf(dir, base)
    local changes = snapshot.compare(snapshot.readManifest(s.manifest), snapshot.readManifest(e.manifest), store)
    local got = {}
    for _, c in ipairs(changes) do
      table.insert(got, { c.path, c.kind, c.from })
    end
    assert.are.same({
      { 'gone.txt', 'deleted' },
      { 'made.txt', 'created' },
      { 'mod.txt', 'modified' },
      { 'new_name.txt', 'renamed', 'old_name.txt' },
    }, got)
    -- The deltas the worker wrote beside the end snapshot say the same (the editor reads only those).
    local from_delta = {}
    for _, c in ipairs(snapshot.changesOf(e.manifest, store)) do
      table.insert(from_delta, { c.path, c.kind, c.from })
    end
    assert.are.same(got, from_delta)
    -- The text from before the turn is still in the store.
    assert.are.equal('a\nb\n', snapshot.objectBytes(store, changes[3].before))
  end)

  it('keeps the last `keep` turns of a session and sweeps the objects no manifest names', function()
    local dir = tempdir()
    write(dir .. '/f.txt', 'v0\n')
    local previous
    for turn = 1, 5 do
      write(dir .. '/f.txt', ('v%d\n'):format(turn))
      local r = take(req(dir, turn .. '.start', previous))
      assert.is_true(r.ok, r.error)
      previous = r.manifest
    end
    local session = snapshot.sessionDirOf(dir, 'claude:s1', base)
    local names = vim.fn.readdir(session)
    table.sort(names)
    assert.are.same({
      '3.start',
      '3.start.after',
      '3.start.before',
      '4.start',
      '4.start.after',
      '4.start.before',
      '5.start',
      '5.start.after',
      '5.start.before',
    }, names)
    local objects = vim.fn.readdir(snapshot.storeOf(dir, base) .. '/objects')
    assert.are.equal(3, #objects)
  end)
end)
