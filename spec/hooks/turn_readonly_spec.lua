-- The house rule over a whole session (issue 42): twenty turns of an agent in a real repository (commits, a staged
-- change, an untracked file), each one started and ended by the turn hooks (hooks/turn driven directly, as
-- turn_failure_spec does), the agent writing files, rewriting one sed -i-like, creating, deleting and renaming
-- others (the edit tool's hook keeping a file's text before the turn), and the user reverting hunks and whole files through the review's own API (the decision it answers,
-- its whole-file key). Afterwards .git is byte for byte what it was: every file's bytes, mode, size and mtime (the
-- index's included), every folder's, and nothing added or removed anywhere under it.
local config = require('claude-ide.config')
local snapshot = require('claude-ide.editor.snapshot.snapshot')
local h = require('helpers.turn')
local tempdir, write, read, git, fake_diff = h.tempdir, h.write, h.read, h.git, h.fake_diff

--- Every entry under `dir` (lstat, never followed): a file's bytes, mode, size and mtime; a folder's mode and
--- mtime (a file made and removed again inside it changes it); a link's target.
local function walk(dir)
  local out = {}
  for name, kind in vim.fs.dir(dir, { depth = math.huge }) do
    local path = dir .. '/' .. name
    local st = assert(vim.uv.fs_lstat(path))
    local facts = ('%s mode %o size %d mtime %d.%09d'):format(kind, st.mode, st.size, st.mtime.sec, st.mtime.nsec)
    if kind == 'file' then
      out[name] = facts .. ' bytes ' .. read(path)
    elseif kind == 'link' then
      out[name] = facts .. ' -> ' .. vim.uv.fs_readlink(path)
    else
      out[name] = facts
    end
  end
  local st = assert(vim.uv.fs_lstat(dir))
  out['.'] = ('mode %o mtime %d.%09d'):format(st.mode, st.mtime.sec, st.mtime.nsec)
  return out
end

--- The review service's stand-in: keeps each review opened, for the spec to decide as the user would.

local function turns(base, diff, notes)
  local cfg = vim.deepcopy(config.DEFAULTS)
  -- Fewer kept turns than the session has: the housekeeping's sweep and prune run during it too.
  cfg.review.keep_turns = 5
  return h.turns({ config = cfg, services = { diff = diff, notes = notes }, base = base })
end

local event = h.phase_event

describe('a whole session of turns #slow', function()
  after_each(h.cleanup)

  it('leaves .git byte for byte as it was: bytes, modes, sizes, mtimes, no entry added or removed', function()
    local dir = tempdir()
    git(dir, 'init', '-q')
    git(dir, 'config', 'user.email', 'spec@example.com')
    git(dir, 'config', 'user.name', 'spec')
    -- Settings under which a careless git would write inside .git (an untracked cache, gc at once).
    git(dir, 'config', 'core.untrackedCache', 'true')
    git(dir, 'config', 'gc.auto', '1')
    for i = 1, 8 do
      write(('%s/src/f%d.txt'):format(dir, i), ('file %d\nline 2\nline 3\nline 4\nline 5\n'):format(i))
    end
    write(dir .. '/.gitignore', '*.log\n')
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'first')
    write(dir .. '/src/f1.txt', 'file 1 committed twice\nline 2\nline 3\nline 4\nline 5\n')
    git(dir, 'commit', '-qam', 'second')
    -- The user's state: a staged change, an unstaged one, an untracked file, an ignored one.
    write(dir .. '/src/f2.txt', 'file 2 staged\nline 2\nline 3\nline 4\nline 5\n')
    git(dir, 'add', 'src/f2.txt')
    write(dir .. '/src/f3.txt', 'file 3 unstaged\nline 2\nline 3\nline 4\nline 5\n')
    write(dir .. '/notes.txt', 'untracked\n')
    write(dir .. '/debug.log', 'ignored\n')
    -- Read first: git status refreshes the index (the user's git would too); then nothing may touch .git.
    local status = git(dir, 'status', '--porcelain')
    local before = walk(dir .. '/.git')

    local base = tempdir() .. '/turns'
    local diff = fake_diff()
    local noted = {}
    local t = turns(base, diff, {
      add = function(text)
        table.insert(noted, text)
      end,
    })
    local post
    t:register({
      on = function(_, route)
        if vim.tbl_contains(route.events, 'PostToolUse') then
          post = route.handler
        end
      end,
    })
    local reviewed = 0
    for n = 1, 20 do
      t:started(event(dir, 'turn-start'))
      -- The gate of its first tool: it waits for the turn's start snapshot.
      t:gated(h.event(dir, 'PreToolUse', nil, { tool_name = 'Bash' }))
      -- The agent: a write, a sed -i-like rewrite (a new file renamed over the old), a created file, a deleted
      -- one, a renamed one (by turns, so every kind comes back several times).
      local a = ('%s/src/f%d.txt'):format(dir, (n % 8) + 1)
      write(a, (read(a) or ''):gsub('line 2', 'line 2 of turn ' .. n, 1))
      -- Its edit tool's hook: the file's text before the turn is kept in the store (read from .git).
      post(h.event(dir, 'PostToolUse', nil, { tool_name = 'Edit', tool_input = { file_path = a } }))
      local s = ('%s/src/f%d.txt'):format(dir, ((n + 3) % 8) + 1)
      if vim.uv.fs_stat(s) then
        local text = read(s):gsub('line 4', 'LINE 4 (' .. n .. ')')
        write(s .. '.sedtmp', text)
        assert(os.rename(s .. '.sedtmp', s))
      end
      write(('%s/made/new%d.txt'):format(dir, n), 'created in turn ' .. n .. '\n')
      if n % 3 == 0 then
        os.remove(('%s/made/new%d.txt'):format(dir, n - 1))
      end
      if n % 4 == 0 then
        local from = ('%s/made/new%d.txt'):format(dir, n - 2)
        if vim.uv.fs_stat(from) then
          assert(os.rename(from, ('%s/made/moved%d.txt'):format(dir, n)))
        end
      end
      t:ended(event(dir, 'turn-end'))
      assert(
        vim.wait(20000, function()
          return #diff.opened == reviewed + 1
        end, 10),
        'no review of turn ' .. n
      )
      reviewed = reviewed + 1
      local review = diff.opened[reviewed]
      assert.matches('turn ' .. n .. ':', review.req.title)
      -- The user: the first file's hunks reverted (its left side taken), every other turn the last file
      -- reverted whole by the review's key; the rest kept.
      local files = review.req.files
      local finals = {}
      for i, f in ipairs(files) do
        finals[i] = f.proposal
      end
      finals[1] = files[1].current or {}
      if n % 2 == 0 and #files > 1 then
        review.req.keys[1].fn(#files - 1, function(lines)
          finals[#files] = lines
        end)
      end
      review.decide({ accepted = true, files = finals })
    end
    t:dispose()
    assert.is_true(vim.wait(20000, function()
      return snapshot.running() == 0
    end, 20))
    -- The reviews reverted something every turn (the reverts are real writes in the folder, .git left alone).
    assert.are.equal(20, #noted)
    assert.are.equal(20, reviewed)

    local after = walk(dir .. '/.git')
    local differ = {}
    for name in pairs(vim.tbl_extend('force', {}, before, after)) do
      if before[name] ~= after[name] then
        local function cut(v)
          return v == nil and 'absent' or vim.inspect(v:sub(1, 100))
        end
        table.insert(differ, ('%s\n  before: %s\n  after:  %s'):format(name, cut(before[name]), cut(after[name])))
      end
    end
    table.sort(differ)
    assert.are.same({}, differ)
    assert.is_truthy(before['index'])
    assert.is_true(#vim.tbl_keys(before) > 20)
    -- The user's view of the repository: the staged change still staged, the untracked file untracked.
    local now = git(dir, 'status', '--porcelain')
    assert.matches('\nM[ M] src/f2.txt', '\n' .. now)
    assert.matches('%?%? notes.txt', now)
    assert.is_truthy(status:find('?? notes.txt', 1, true))
  end)
end)
