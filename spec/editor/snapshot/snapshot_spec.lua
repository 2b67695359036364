-- Snapshots of a folder (editor/snapshot/snapshot + the child snapshot_worker.lua): what they take, what they never touch
-- (the user's repository, byte for byte), and what `compare` tells between two of them.
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

--- The files of a git snapshot (its tree in the store's private repository): path -> bytes. A snapshot seeded
--- from the user's index names blobs of the user's objects: read from there too.
local function tree_files(store, manifest)
  local head = snapshot.readGitHead(manifest)
  assert(head, 'not a git snapshot: ' .. manifest)
  local gitdir = {
    'env',
    'GIT_ALTERNATE_OBJECT_DIRECTORIES=' .. head.top .. '/.git/objects',
    'git',
    '--git-dir=' .. store .. '/git',
  }
  local names = vim
    .system(vim.list_extend(vim.deepcopy(gitdir), { 'ls-tree', '-r', '-z', '--full-tree', head.tree }), { text = true })
    :wait()
  assert(names.code == 0, names.stderr)
  local out = {}
  for _, id, path in names.stdout:gmatch('(%d+) blob (%x+)\t([^%z]+)%z') do
    local blob = vim.system(vim.list_extend(vim.deepcopy(gitdir), { 'cat-file', 'blob', id }), { text = false }):wait()
    assert(blob.code == 0, blob.stderr)
    out[path:sub(#head.prefix + 1)] = blob.stdout
  end
  return out
end

local function repo()
  local dir = tempdir()
  git(dir, 'init', '-q')
  git(dir, 'config', 'user.email', 'spec@example.com')
  git(dir, 'config', 'user.name', 'spec')
  -- Settings that would make a careless git write inside .git: an fsmonitor hook (it leaves a mark when run),
  -- the untracked cache, automatic gc at the first loose object.
  write(dir .. '/fsmonitor.sh', '#!/bin/sh\necho ran >> "$(dirname "$0")/.git/fsmonitor-ran"\n')
  vim.uv.fs_chmod(dir .. '/fsmonitor.sh', tonumber('755', 8))
  git(dir, 'config', 'core.fsmonitor', dir .. '/fsmonitor.sh')
  git(dir, 'config', 'core.untrackedCache', 'true')
  git(dir, 'config', 'gc.auto', '1')
  write(dir .. '/a.txt', 'one\ntwo\n')
  write(dir .. '/src/b.lua', 'return 1\n')
  write(dir .. '/.gitignore', 'build/\n*.log\n')
  write(dir .. '/build/out.bin', 'generated\n')
  write(dir .. '/debug.log', 'log\n')
  write(dir .. '/build/kept.txt', 'tracked though ignored\n')
  git(dir, 'add', '-A')
  git(dir, 'add', '-f', 'build/kept.txt')
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

describe('a snapshot #slow', function()
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
    -- Seeded from the user's index (their index file copied, HEAD's trees packed, their blobs read): 2 files read
    -- of 6, so the checks below cover that path.
    assert.are.equal(2, r.copied)
    -- Twice: the second one reuses the first one's index; a change, so that objects are written.
    write(dir .. '/src/b.lua', 'return 3\n')
    assert.is_true(take(req(dir, '1.end', r.manifest)).ok)
    -- A second session (starts from the first one's index), and the housekeeping of both done.
    assert.is_true(take(vim.tbl_extend('force', req(dir, '1.start'), { session = 'claude:s2' })).ok)
    assert.is_true(vim.wait(20000, function()
      return snapshot.running() == 0
    end, 20))
    before['src/b.lua'] = fingerprint(dir)['src/b.lua']
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
    local store = snapshot.storeOf(dir, base)
    local files = tree_files(store, r.manifest)
    local paths = vim.tbl_keys(files)
    table.sort(paths)
    -- build/kept.txt: tracked, though build/ is ignored.
    assert.are.same({ '.gitignore', 'a.txt', 'build/kept.txt', 'fsmonitor.sh', 'new.txt', 'src/b.lua' }, paths)
    assert.are.equal(6, r.files)
    assert.are.equal(1, r.skipped)
    assert.are.equal('one\n2\n', files['a.txt'])
    assert.are.equal(tonumber('700', 8), vim.uv.fs_stat(store).mode % 512)
    assert.are.equal(tonumber('700', 8), vim.uv.fs_stat(base).mode % 512)
    -- Grown over the limit: out of the next snapshot too (and never read).
    write(dir .. '/a.txt', string.rep('y', 2000))
    local n = take(req(dir, '1.end', r.manifest))
    assert.is_true(n.ok, n.error)
    assert.is_nil(tree_files(store, n.manifest)['a.txt'])
    assert.are.equal(2, n.skipped)
  end)

  it("warms a folder up: a session's first snapshot then reads only what changed, and waits for a warm-up", function()
    local dir = repo()
    -- Without a warm-up, a session's first snapshot starts from the user's index: it reads only the files that
    -- differ from it (src/b.lua, changed since `git add`) and the untracked one (new.txt), of 6.
    local cold = take(req(dir, '1.start'))
    assert.is_true(cold.ok, cold.error)
    assert.are.equal(2, cold.copied)
    assert.are.equal(6, cold.files)

    local other = repo()
    assert.is_true(snapshot.warm({ root = other, maxFileBytes = 1024, base = base }))
    -- Once per folder.
    assert.is_false(snapshot.warm({ root = other, maxFileBytes = 1024, base = base }))
    -- Asked while the warm-up runs: it waits for it, then starts from its index and reads nothing again.
    local r = take(req(other, '1.start'))
    assert.is_true(r.ok, r.error)
    assert.are.equal(0, r.copied)
    assert.are.equal(6, r.files)
    -- The snapshot is whole all the same: every file is in it.
    local files = tree_files(snapshot.storeOf(other, base), r.manifest)
    assert.are.equal('one\n2\n', files['a.txt'])
    assert.are.equal('untracked\n', files['new.txt'])
    -- Outside a repository nothing is warmed (no index to share), and / or the home folder never.
    assert.is_false(snapshot.warm({ root = tempdir(), maxFileBytes = 1024, base = base }))
    assert.is_false(snapshot.warm({ root = vim.uv.os_homedir(), maxFileBytes = 1024, base = base }))
  end)

  it("leaves out what the repository's own core.excludesFile names, on every snapshot", function()
    local dir = repo()
    write(dir .. '/.git/my-excludes', 'secret.txt\n')
    git(dir, 'config', 'core.excludesFile', dir .. '/.git/my-excludes')
    local r = take(req(dir, '1.start'))
    assert.is_true(r.ok, r.error)
    -- Made during the turn: the next snapshot (the private repository's own listing) leaves it out too.
    write(dir .. '/secret.txt', 'token\n')
    write(dir .. '/other.txt', 'kept\n')
    local n = take(req(dir, '1.end', r.manifest))
    assert.is_true(n.ok, n.error)
    local files = tree_files(snapshot.storeOf(dir, base), n.manifest)
    assert.is_nil(files['secret.txt'])
    assert.are.equal('kept\n', files['other.txt'])
  end)

  it(
    'takes what `git ls-files -co --exclude-standard` lists, with a relative core.excludesFile in .git/config',
    function()
      local dir = repo()
      -- The repository's own excludes file, named relative to its top (git reads it from there), with a negation
      -- and a folder rule; a global one that names other files, which the repository's setting overrides.
      write(dir .. '/.git/my-excludes', 'secret*\n!secret-kept.txt\ncache/\n')
      git(dir, 'config', 'core.excludesFile', '.git/my-excludes')
      local global = tempdir() .. '/gitconfig'
      write(global, '[core]\n\texcludesFile = ' .. global .. '.ignore\n')
      write(global .. '.ignore', 'a.txt\nnew.txt\n')
      write(dir .. '/secret.txt', 'token\n')
      write(dir .. '/secret-kept.txt', 'kept\n')
      write(dir .. '/src/cache/c.bin', 'c\n')
      write(dir .. '/src/secret.lua', 'x\n')
      vim.env.GIT_CONFIG_GLOBAL = global
      local ok, err = pcall(function()
        for _, folder in ipairs({ dir, dir .. '/src' }) do
          local function listed()
            local out = vim.split(git(folder, 'ls-files', '-co', '--exclude-standard'), '\n', { trimempty = true })
            table.sort(out)
            return out
          end
          local function taken(r)
            local paths = vim.tbl_keys(tree_files(snapshot.storeOf(folder, base), r.manifest))
            table.sort(paths)
            return paths
          end
          local s = take(req(folder, '1.start'))
          assert.is_true(s.ok, s.error)
          assert.are.same(listed(), taken(s))
          -- Made during the turn: the next snapshot (the private repository's own listing) agrees too.
          write(folder .. '/secret2.txt', 'token\n')
          write(folder .. '/cache/d.txt', 'd\n')
          write(folder .. '/other.txt', 'kept\n')
          local e = take(req(folder, '1.end', s.manifest))
          assert.is_true(e.ok, e.error)
          assert.are.same(listed(), taken(e))
          assert.is_true(vim.tbl_contains(taken(e), 'other.txt'))
        end
      end)
      vim.env.GIT_CONFIG_GLOBAL = nil
      assert(ok, err)
    end
  )

  it("starts from the user's index: reads only what differs from it, and sees every later change", function()
    local dir = repo()
    for i = 1, 20 do
      write(('%s/many/f%02d.txt'):format(dir, i), ('file %d\n'):format(i))
    end
    -- Tracked files the listing must not miss: one the user marked assume-unchanged, one over max_file_bytes.
    write(dir .. '/assumed.txt', 'assumed v1\n')
    write(dir .. '/big.bin', string.rep('b', 4000))
    git(dir, 'add', 'many', 'assumed.txt', 'big.bin')
    git(dir, 'commit', '-qm', 'more')
    git(dir, 'update-index', '--assume-unchanged', 'assumed.txt')
    local s = take(req(dir, '1.start'))
    assert.is_true(s.ok, s.error)
    -- Of the 29 files, only src/b.lua (changed since `git add`) and new.txt (untracked) are read and stored.
    assert.are.equal(2, s.copied)
    local store = snapshot.storeOf(dir, base)
    local files = tree_files(store, s.manifest)
    assert.are.equal('return 2\n', files['src/b.lua'])
    assert.are.equal('file 7\n', files['many/f07.txt'])
    -- The turn: a tracked file changed, the assumed one changed, the big one changed, one deleted.
    write(dir .. '/many/f07.txt', 'file 7, by the agent\n')
    write(dir .. '/assumed.txt', 'assumed v2\n')
    write(dir .. '/big.bin', string.rep('c', 4000))
    os.remove(dir .. '/many/f08.txt')
    local e = take(req(dir, '1.end', s.manifest))
    assert.is_true(e.ok, e.error)
    local got = {}
    for _, c in ipairs(snapshot.changesOf(e.manifest, store)) do
      -- The bytes before the turn were in the user's objects only: exported into the store for the review.
      table.insert(got, {
        c.path,
        c.kind,
        c.before and snapshot.objectBytes(store, c.before),
        c.after and snapshot.objectBytes(store, c.after),
      })
    end
    assert.are.same({
      { 'assumed.txt', 'modified', 'assumed v1\n', 'assumed v2\n' },
      { 'many/f07.txt', 'modified', 'file 7\n', 'file 7, by the agent\n' },
      { 'many/f08.txt', 'deleted', 'file 8\n' },
    }, got)
    -- The user's index still says what it said (assume-unchanged kept there: only the private copy was cleared).
    assert.matches('h assumed.txt', git(dir, 'ls-files', '-v', 'assumed.txt'))
  end)

  it('reads a file touched but unchanged once, not at every snapshot (its stat is updated with it)', function()
    local dir = repo()
    for i = 1, 30 do
      write(('%s/many/f%02d.txt'):format(dir, i), ('file %d\n'):format(i))
    end
    git(dir, 'add', 'many')
    git(dir, 'commit', '-qm', 'many')
    local s1 = take(req(dir, '1.start'))
    assert.is_true(s1.ok, s1.error)
    -- In a later second than the index was written (else git compares the bytes of each: "racily clean").
    local t0 = os.time()
    assert(vim.wait(3000, function()
      return os.time() > t0
    end, 20))
    -- A checkout or a build writes every file again, 27 of them with the same bytes.
    for i = 1, 30 do
      write(('%s/many/f%02d.txt'):format(dir, i), i <= 3 and 'new\n' or ('file %d\n'):format(i))
    end
    local s2 = take(req(dir, '2.start', s1.manifest))
    assert.is_true(s2.ok, s2.error)
    assert.are.equal(30, s2.copied)
    local store = snapshot.storeOf(dir, base)
    local changed = {}
    for _, c in ipairs(snapshot.changesOf(s2.manifest, store)) do
      table.insert(changed, c.path)
    end
    table.sort(changed)
    assert.are.same({ 'many/f01.txt', 'many/f02.txt', 'many/f03.txt' }, changed)
    -- Their new stat is in the session's index now: the next snapshot reads none of them.
    local s3 = take(req(dir, '3.start', s2.manifest))
    assert.is_true(s3.ok, s3.error)
    assert.are.equal(0, s3.copied)
  end)

  it("sees a change made in the same second as the user's index was written (git's racy entries)", function()
    local dir = repo()
    -- At the start of a second: `git add`, then the same number of bytes written again (same inode), all in that
    -- second: the index's stat data match the file, only the index's own mtime tells git to compare the bytes.
    local now = os.time()
    vim.wait(1500, function()
      return os.time() > now
    end, 5)
    local second = os.time()
    write(dir .. '/racy.txt', 'aaaa\n')
    git(dir, 'add', 'racy.txt')
    write(dir .. '/racy.txt', 'bbbb\n')
    if os.time() ~= second then
      pending('the machine is too slow to do this within one second')
      return
    end
    -- The snapshot one second later: a copy of the index made now must keep the index's mtime.
    vim.wait(1500, function()
      return os.time() > second
    end, 5)
    local r = take(req(dir, '1.start'))
    assert.is_true(r.ok, r.error)
    assert.are.equal('bbbb\n', tree_files(snapshot.storeOf(dir, base), r.manifest)['racy.txt'])
  end)

  it("keeps a staged blob the review needs when the user's gc takes it away during the turn", function()
    local dir = repo()
    -- a.txt is staged ('one\n2\n'), not committed: a seeded snapshot names that blob of the user's.
    local staged = vim.trim(git(dir, 'rev-parse', ':a.txt'))
    local s = take(req(dir, '1.start'))
    assert.is_true(s.ok, s.error)
    -- The agent changes it; the user stages the new text and collects their garbage at once.
    write(dir .. '/a.txt', 'by the agent\n')
    git(dir, 'add', 'a.txt')
    git(dir, 'reflog', 'expire', '--expire=now', '--all')
    git(dir, 'gc', '-q', '--prune=now')
    assert.are_not.equal(0, vim.system({ 'git', '-C', dir, 'cat-file', '-e', staged }):wait().code)
    local e = take(req(dir, '1.end', s.manifest))
    assert.is_true(e.ok, e.error)
    local store = snapshot.storeOf(dir, base)
    local changes = snapshot.changesOf(e.manifest, store)
    assert.are.equal('a.txt', changes[1].path)
    assert.are.equal('one\n2\n', snapshot.objectBytes(store, changes[1].before))
    assert.are.equal('by the agent\n', snapshot.objectBytes(store, changes[1].after))
  end)

  it('waits out a snapshot holding the session index, and clears a lock a killed one left', function()
    local dir = repo()
    local s = take(req(dir, '1.start'))
    assert.is_true(s.ok, s.error)
    assert.is_true(vim.wait(20000, function()
      return snapshot.running() == 0
    end, 20))
    local lock = snapshot.sessionDirOf(dir, 'claude:s1', base) .. '/index.lock'
    write(lock, '')
    local old = os.time() - 600
    vim.uv.fs_utime(lock, old, old)
    write(dir .. '/a.txt', 'after the lock\n')
    local e = take(req(dir, '1.end', s.manifest))
    assert.is_true(e.ok, e.error)
    local changes = snapshot.changesOf(e.manifest, snapshot.storeOf(dir, base))
    assert.are.equal('a.txt', changes[1].path)
  end)

  it('keeps the bytes on disk whatever filters and end-of-line attributes the repository has', function()
    local dir = repo()
    write(dir .. '/.gitattributes', '*.txt text eol=lf filter=shout\n')
    write(dir .. '/crlf.txt', 'one\r\ntwo\r\n')
    -- A clean filter from the user's configuration (as git-lfs sets one): never run on the snapshot.
    vim.env.GIT_CONFIG_COUNT = '1'
    vim.env.GIT_CONFIG_KEY_0 = 'filter.shout.clean'
    vim.env.GIT_CONFIG_VALUE_0 = 'tr a-z A-Z'
    local ok, r = pcall(take, req(dir, '1.start'))
    vim.env.GIT_CONFIG_COUNT = nil
    vim.env.GIT_CONFIG_KEY_0 = nil
    vim.env.GIT_CONFIG_VALUE_0 = nil
    assert(ok, r)
    assert.is_true(r.ok, r.error)
    local files = tree_files(snapshot.storeOf(dir, base), r.manifest)
    assert.are.equal('one\r\ntwo\r\n', files['crlf.txt'])
    assert.are.equal('untracked\n', files['new.txt'])
  end)

  it('in a subfolder of a repository, takes that folder only, its paths relative to it', function()
    local dir = repo()
    write(dir .. '/src/c.lua', 'return "c"\n')
    local sub = dir .. '/src'
    local s = take(req(sub, '1.start'))
    assert.is_true(s.ok, s.error)
    assert.are.equal('git', s.by)
    local store = snapshot.storeOf(sub, base)
    local files = tree_files(store, s.manifest)
    assert.are.same({ ['b.lua'] = 'return 2\n', ['c.lua'] = 'return "c"\n' }, files)
    write(sub .. '/c.lua', 'return "C"\n')
    write(dir .. '/a.txt', 'outside\n')
    local e = take(req(sub, '1.end', s.manifest))
    assert.is_true(e.ok, e.error)
    local got = {}
    for _, c in ipairs(snapshot.changesOf(e.manifest, store)) do
      table.insert(got, { c.path, c.kind, snapshot.objectBytes(store, c.before), snapshot.objectBytes(store, c.after) })
    end
    assert.are.same({ { 'c.lua', 'modified', 'return "c"\n', 'return "C"\n' } }, got)
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

  for _, method in ipairs({ 'walk', 'git' }) do
    it(
      ('tells modified, created, deleted and renamed files apart; unchanged and touched files are no change (%s)'):format(
        method
      ),
      function()
        local dir = tempdir()
        if method == 'git' then
          git(dir, 'init', '-q')
        end
        write(dir .. '/keep.txt', 'same\n')
        write(dir .. '/touch.txt', 'same bytes\n')
        write(dir .. '/mod.txt', 'a\nb\n')
        write(dir .. '/gone.txt', 'bye\n')
        write(dir .. '/old_name.txt', 'moved text\n')
        local s = take(req(dir, '1.start'))
        assert.is_true(s.ok, s.error)
        assert.are.equal(method, s.by)
        write(dir .. '/mod.txt', 'a\nB\n')
        write(dir .. '/touch.txt', 'same bytes\n')
        os.remove(dir .. '/gone.txt')
        assert(os.rename(dir .. '/old_name.txt', dir .. '/new_name.txt'))
        write(dir .. '/made.txt', 'new\n')
        local e = take(req(dir, '1.end', s.manifest))
        assert.is_true(e.ok, e.error)
        assert.are.equal(5, e.files)
        local store = snapshot.storeOf(dir, base)
        -- The deltas the worker wrote beside the end snapshot (the editor reads only those).
        local changes = snapshot.changesOf(e.manifest, store)
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
        if method == 'walk' then
          -- Two whole file lists compared say the same.
          local whole = {}
          for _, c in
            ipairs(snapshot.compare(snapshot.readManifest(s.manifest), snapshot.readManifest(e.manifest), store))
          do
            table.insert(whole, { c.path, c.kind, c.from })
          end
          assert.are.same(got, whole)
        end
        -- The text from before the turn is still in the store, and the file's mode.
        assert.are.equal('a\nb\n', snapshot.objectBytes(store, changes[3].before))
        assert.are.equal(tonumber('644', 8), changes[3].before.mode)
        assert.are.equal('bye\n', snapshot.objectBytes(store, changes[1].before))
      end
    )
  end

  it('sweeps the sessions and the other folders no snapshot touched for 14 days, and keeps the rest', function()
    local dir = tempdir()
    write(dir .. '/f.txt', 'v0\n')
    local other = tempdir()
    write(other .. '/g.txt', 'g\n')
    -- Another session of this folder, and another folder's store: one fresh, then both made 15 days old.
    assert.is_true(take(vim.tbl_extend('force', req(dir, '1.start'), { session = 'claude:old' })).ok)
    assert.is_true(take(vim.tbl_extend('force', req(dir, '1.start'), { session = 'claude:recent' })).ok)
    assert.is_true(take(req(other, '1.start')).ok)
    local old_session = snapshot.sessionDirOf(dir, 'claude:old', base)
    local recent_session = snapshot.sessionDirOf(dir, 'claude:recent', base)
    local other_store = snapshot.storeOf(other, base)
    local past = os.time() - 15 * 86400
    local function age(path)
      for _, name in ipairs(vim.fn.readdir(path)) do
        vim.uv.fs_utime(path .. '/' .. name, past, past)
      end
      vim.uv.fs_utime(path, past, past)
    end
    -- Wait for their housekeeping (after the answer) before backdating what it may still touch.
    vim.wait(10000, function()
      return snapshot.running() == 0
    end, 20)
    age(old_session)
    for _, name in ipairs(vim.fn.readdir(other_store)) do
      if vim.fn.isdirectory(other_store .. '/' .. name) == 1 then
        age(other_store .. '/' .. name)
      end
    end
    age(other_store)
    -- Something that is not a store, beside the stores, is never removed.
    vim.fn.mkdir(base .. '/not-a-store', 'p')
    vim.uv.fs_utime(base .. '/not-a-store', past, past)
    assert.is_true(take(req(dir, '1.start')).ok)
    local gone = vim.wait(10000, function()
      return vim.fn.isdirectory(old_session) == 0 and vim.fn.isdirectory(other_store) == 0
    end, 20)
    assert.is_true(gone, 'the stale session and the stale folder store were not swept')
    assert.are.equal(1, vim.fn.isdirectory(recent_session))
    assert.are.equal(1, vim.fn.isdirectory(snapshot.sessionDirOf(dir, 'claude:s1', base)))
    assert.are.equal(1, vim.fn.isdirectory(base .. '/not-a-store'))
  end)

  for _, method in ipairs({ 'walk', 'git' }) do
    it(('keeps the last `keep` turns of a session and sweeps the objects nothing names (%s)'):format(method), function()
      local dir = tempdir()
      if method == 'git' then
        git(dir, 'init', '-q')
      end
      write(dir .. '/f.txt', 'v0\n')
      local previous
      for turn = 1, 5 do
        write(dir .. '/f.txt', ('v%d\n'):format(turn))
        local r = take(req(dir, turn .. '.start', previous))
        assert.is_true(r.ok, r.error)
        previous = r.manifest
      end
      local session = snapshot.sessionDirOf(dir, 'claude:s1', base)
      local want = {
        '3.start',
        '3.start.after',
        '3.start.before',
        '4.start',
        '4.start.after',
        '4.start.before',
        '5.start',
        '5.start.after',
        '5.start.before',
      }
      if method == 'git' then
        table.insert(want, 'index')
      end
      -- The housekeeping runs after the answer: wait for it.
      local names
      vim.wait(10000, function()
        names = vim.fn.readdir(session)
        table.sort(names)
        return vim.deep_equal(want, names)
      end, 20)
      assert.are.same(want, names)
      local objects = snapshot.storeOf(dir, base) .. '/objects'
      -- What the kept turns and their deltas name: v2 (3.start.before) to v5, copies or exported blobs.
      local count = 4
      vim.wait(10000, function()
        return #vim.fn.readdir(objects) == count
      end, 20)
      assert.are.equal(count, #vim.fn.readdir(objects))
    end)
  end
end)
