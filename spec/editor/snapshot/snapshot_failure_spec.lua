-- A snapshot is whole or it failed: a store that cannot be written (a full disk, a path that is no folder) and a
-- worker killed mid-snapshot give a failure that says why (the errno, the path, the signal), never an answer that
-- claims the files were taken.
local snapshot = require('claude-ide.editor.snapshot.snapshot')

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h:h')

local bridge = require('helpers.bridge')
local tempdir, write = bridge.tempdir, bridge.write

--- The held-out check's folder: 42 files, 30 of them 16 KB (more than a 256 KiB store holds).
local function folder(method)
  local dir = tempdir()
  if method == 'git' then
    vim.system({ 'git', '-C', dir, 'init', '-q' }):wait()
  end
  -- Bytes that do not compress (git stores its objects compressed): a 256 KiB store cannot hold them.
  math.randomseed(42)
  for i = 1, 30 do
    local bytes = {}
    for k = 1, 16000 do
      bytes[k] = string.char(math.random(32, 126))
    end
    write(('%s/big%02d.txt'):format(dir, i), table.concat(bytes))
  end
  for i = 1, 12 do
    write(('%s/small%02d.txt'):format(dir, i), ('small %d\n'):format(i))
  end
  return dir
end

local function take(req)
  local result
  local pid = snapshot.take(req, function(r)
    result = r
  end)
  return pid,
    function()
      assert(
        vim.wait(60000, function()
          return result ~= nil
        end, 10),
        'the snapshot did not finish'
      )
      return result
    end
end

--- True when this machine lets an unprivileged user namespace mount a tmpfs (unshare -rm).
local function can_mount()
  local probe = tempdir()
  local r = vim
    .system({ 'unshare', '-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', probe }, { text = true })
    :wait()
  return r.code == 0
end

describe('a snapshot that cannot be written', function()
  after_each(function()
    vim.wait(10000, function()
      return snapshot.running() == 0
    end, 20)
    bridge.cleanup()
  end)

  local function req(dir, base)
    return { root = dir, session = 'claude:s1', name = '1.start', maxFileBytes = 1048576, keep = 3, base = base }
  end

  for _, method in ipairs({ 'walk', 'git' }) do
    it(('fails on a full store (a 256 KiB tmpfs), saying so and where (%s)'):format(method), function()
      if not can_mount() then
        pending('unshare -rm cannot mount a tmpfs here (the store that is no folder, below, still runs)')
        return
      end
      local dir = folder(method)
      local base = tempdir() .. '/turns'
      vim.fn.mkdir(base, 'p')
      -- A child Neovim in its own mount namespace, with the store on a 256 KiB tmpfs: its snapshot worker (a
      -- child of it) writes there.
      local script = tempdir() .. '/take.lua'
      write(
        script,
        ([[
package.path = %q .. '/lua/?.lua;' .. package.path
local snapshot = require('claude-ide.editor.snapshot.snapshot')
local result
snapshot.take(vim.json.decode(%q), function(r) result = r end)
vim.wait(60000, function() return result ~= nil end, 10)
io.stdout:write(vim.json.encode(result or { ok = false, error = 'no result' }))
]]):format(root, vim.json.encode(req(dir, base)))
      )
      local r = vim
        .system({
          'unshare',
          '-rm',
          'sh',
          '-c',
          'mount -t tmpfs -o size=256k tmpfs "$0" && exec "$@"',
          base,
          vim.v.progpath,
          '--clean',
          '--headless',
          '-l',
          script,
        }, { text = true })
        :wait(90000)
      assert.are.equal(0, r.code, r.stderr)
      local result = vim.json.decode(r.stdout)
      assert.is_false(result.ok, 'a snapshot into a full store claimed success: ' .. r.stdout)
      assert.matches('the snapshot failed %(exit 1%)', result.error)
      -- The cause (the errno, or git's words for it) and the store's path.
      assert.matches('[Nn]o space left on device', result.error)
      assert.is_truthy(result.error:find(base, 1, true), result.error)
    end)
  end

  it('fails on a store whose objects/ is no folder (ENOTDIR), outside git', function()
    local dir = folder('walk')
    local base = tempdir() .. '/turns'
    local store = snapshot.storeOf(dir, base)
    vim.fn.mkdir(store, 'p')
    write(store .. '/objects', 'not a folder\n')
    local _, wait = take(req(dir, base))
    local r = wait()
    assert.is_false(r.ok)
    assert.matches('the snapshot failed %(exit 1%): copy .*ENOTDIR', r.error)
    assert.is_truthy(r.error:find(store .. '/objects/', 1, true), r.error)
    -- Nothing recorded as the snapshot.
    assert.is_nil(vim.uv.fs_stat(snapshot.sessionDirOf(dir, 'claude:s1', base) .. '/1.start'))
  end)

  it('says a worker killed by a signal was killed, and by which, and works again after', function()
    local dir = folder('walk')
    local base = tempdir() .. '/turns'
    local pid, wait = take(req(dir, base))
    assert.is_number(pid)
    vim.uv.kill(pid, 'sigkill')
    local r = wait()
    assert.is_false(r.ok)
    assert.matches('^the snapshot failed %(killed by signal 9%): ', r.error)
    local _, again = take(req(dir, base))
    local ok = again()
    assert.is_true(ok.ok, ok.error)
    assert.are.equal(42, ok.files)
  end)

  it("words a failure: the signal or the exit code, and the worker's stderr or that it said nothing", function()
    assert.are.equal('the snapshot failed (killed by signal 9): no message from the worker', snapshot.failure(0, 9, ''))
    assert.are.equal('the snapshot failed (exit 1): mkdir /x: EACCES', snapshot.failure(1, 0, 'mkdir /x: EACCES\n'))
  end)
end)
