-- Benchmark: the turn review's snapshot (editor/snapshot: a child Neovim copies what changed into the store) on
-- a 10,000-file git repository like the project search's (nested folders, mixed sizes, .gitignore'd folders).
-- Prints figures beside their goals (never a pass/fail; BENCH_SMOKE=1: tiny sizes, bench/lib/report.lua):
--   1. the snapshot's time, taken inside an editor (a child Neovim idle in its main loop): the first one (every
--      file copied) and the next ones after a few files changed (goal <= 300 ms);
--   2. "editor frozen": the longest answer time of a trivial request (nvim_eval "1") sent to that editor back to
--      back while a snapshot runs (goal <= 16 ms);
--   3. the turn-start hook as a CLI runs it (the `nvim -l hook.lua` process, start to exit, snapshot included);
--   4. for comparison, the other way considered: `git add -A` into a private index and object folder (the
--      user's objects borrowed through GIT_ALTERNATE_OBJECT_DIRECTORIES), first and next.
--
--   nvim --clean --headless -l bench/turn_snapshot.lua     (from the repo root, after the build; make bench)
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path = table.concat({ root .. '/bench/?.lua', package.path }, ';')
local report = require('lib.report')
local say, stats, size, goal = report.say, report.stats, report.size, report.goal

local FILES = size(10000, 50)
local LINES = size(210, 10)
local RUNS = size(5, 1)

say(('turn snapshot (Neovim %s)%s'):format(tostring(vim.version()), report.SMOKE and ' [smoke run]' or ''))

local work = vim.fn.tempname()
local repo = work .. '/repo'
local function write(path, text)
  local fh = assert(io.open(path, 'wb'))
  fh:write(text)
  fh:close()
end
local function body(f, n)
  local lines = {}
  for l = 1, n do
    lines[l] = ('  const value%d = handler_%d(state, "line %d of file %d");'):format(l, f % 97, l, f)
  end
  return table.concat(lines, '\n') .. '\n'
end
local made = {}
for f = 1, FILES do
  local dir = ('%s/packages/pkg%02d/src/mod%03d'):format(repo, f % 40, f % 250)
  if not made[dir] then
    vim.fn.mkdir(dir, 'p')
    made[dir] = true
  end
  write(('%s/file%05d.ts'):format(dir, f), body(f, f % 37 == 0 and LINES * 5 or LINES))
end
write(repo .. '/.gitignore', 'build/\n*.log\n')
vim.fn.mkdir(repo .. '/build', 'p')
for i = 1, size(500, 5) do
  write(('%s/build/out%d.js'):format(repo, i), body(i, 20))
end
local function git(...)
  local r = vim.system({ 'git', '-C', repo, ... }, { text = true }):wait()
  assert(r.code == 0, table.concat({ ... }, ' ') .. ': ' .. (r.stderr or ''))
end
git('init', '-q')
git('-c', 'user.email=b@example.com', '-c', 'user.name=bench', 'add', '-A')
git('-c', 'user.email=b@example.com', '-c', 'user.name=bench', 'commit', '-qm', 'bench')
say(('   repository: %d files (+ %d ignored), %s'):format(FILES, size(500, 5), repo))

-- The editor: a child Neovim with the plugin set up, reached over its RPC socket.
local socket = work .. '/nvim.sock'
local state = work .. '/state'
local env = vim.fn.environ()
env.XDG_STATE_HOME = state
for _, k in ipairs({ 'NVIM', 'VIMRUNTIME', 'VIM', 'NVIM_APPNAME', 'MYVIMRC' }) do
  env[k] = nil
end
env.CLAUDE_CONFIG_DIR = work .. '/claude'
local editor = vim.system({
  vim.v.progpath,
  '--clean',
  '--headless',
  '--listen',
  socket,
  '--cmd',
  'set rtp^=' .. vim.fn.fnameescape(root),
  '-c',
  'lua require("claude-ide").setup({ log_level = "error" })',
}, { cwd = repo, env = env, stdin = true })
local chan
assert(vim.wait(10000, function()
  local ok, c = pcall(vim.fn.sockconnect, 'pipe', socket, { rpc = true })
  if ok and c > 0 then
    chan = c
    return true
  end
  return false
end, 20), 'the editor did not start')
assert(vim.wait(10000, function()
  return vim.rpcrequest(chan, 'nvim_exec_lua', 'return require("claude-ide").status().running', {}) == true
end, 20))

--- Takes a snapshot in the editor; while it runs, sends trivial requests back to back. Returns the snapshot's
--- time (as the editor saw it), the longest trivial request, and the worker's own figures.
local function snapshot_measured(name, previous)
  vim.rpcrequest(chan, 'nvim_exec_lua', [[
    local name, previous, repo = ...
    _G.bench_result = nil
    local t0 = vim.uv.hrtime()
    require('claude-ide.editor.snapshot').take({ root = repo, session = 'bench', name = name, previous = previous or nil,
      maxFileBytes = 1048576, keep = 20 }, function(r) r.wall = (vim.uv.hrtime() - t0) / 1e6; _G.bench_result = r end)
  ]], { name, previous or false, repo })
  local worst = 0
  local result
  local t0 = vim.uv.hrtime()
  while true do
    local t = vim.uv.hrtime()
    result = vim.rpcrequest(chan, 'nvim_exec_lua', 'return _G.bench_result', {})
    worst = math.max(worst, (vim.uv.hrtime() - t) / 1e6)
    if result ~= vim.NIL and result ~= nil then
      break
    end
    if (vim.uv.hrtime() - t0) / 1e9 > 300 then
      error('the snapshot did not finish')
    end
  end
  assert(result.ok, 'the snapshot failed: ' .. tostring(result.error))
  return result, worst
end

local function measure()
say('1./2. snapshot inside the editor, and the longest trivial request to it while the snapshot runs')
local first, first_frozen = snapshot_measured('1.start')
say(('   first (every file copied)       %8.1f ms  (worker %d ms, %d files, %d copied)   frozen worst %6.1f ms  %s'):format(first.wall, first.ms, first.files, first.copied, first_frozen, goal(first_frozen, 16, ' ms')))
local times, frozen, previous = {}, {}, first.manifest
for run = 1, RUNS do
  -- A turn's worth of changes: a few files edited, one created.
  for k = 1, 3 do
    local f = (run * 7 + k) % FILES + 1
    write(('%s/packages/pkg%02d/src/mod%03d/file%05d.ts'):format(repo, f % 40, f % 250, f), body(f + run, LINES))
  end
  write(('%s/new%d.ts'):format(repo, run), body(run, 5))
  local r, worst = snapshot_measured(('%d.start'):format(run + 1), previous)
  previous = r.manifest
  table.insert(times, r.wall)
  table.insert(frozen, worst)
end
local line, p50 = stats(times)
say(('   next (a few files changed)      %s   %s'):format(line, goal(p50, 300, ' ms')))
table.sort(frozen)
say(('   frozen while it runs            worst %6.1f ms  %s'):format(frozen[#frozen], goal(math.max(frozen[#frozen], first_frozen), 16, ' ms')))

-- 3. The turn-start hook as the CLI runs it.
local command = vim.rpcrequest(chan, 'nvim_exec_lua', [[
  return require('claude-ide.hooks.settings').hooksFor('claude', vim.fn.getpid()).UserPromptSubmit[1].hooks[1].command
]], {})
local hook_times = {}
for run = 1, RUNS do
  local input = vim.json.encode({ session_id = 'bench-hook', cwd = repo, hook_event_name = 'UserPromptSubmit', prompt = 'p' .. run })
  local t = vim.uv.hrtime()
  local r = vim.system({ 'sh', '-c', command }, { stdin = input, env = env, text = true }):wait(60000)
  assert(r.code == 0, 'the hook failed: ' .. vim.inspect(r))
  table.insert(hook_times, (vim.uv.hrtime() - t) / 1e6)
end
say(('3. the turn-start hook (nvim -l hook.lua, start to exit; the first is the session\'s first snapshot)\n   %s'):format(stats(hook_times)))

-- 4. The other way: git add -A into a private index and object folder.
local private = work .. '/git-private'
vim.fn.mkdir(private .. '/objects', 'p')
local genv = vim.fn.environ()
genv.GIT_INDEX_FILE = private .. '/index'
genv.GIT_OBJECT_DIRECTORY = private .. '/objects'
genv.GIT_ALTERNATE_OBJECT_DIRECTORIES = repo .. '/.git/objects'
genv.GIT_OPTIONAL_LOCKS = '0'
local function git_private()
  local t = vim.uv.hrtime()
  local r = vim.system({ 'git', '-C', repo, 'add', '-A' }, { env = genv, text = true }):wait()
  assert(r.code == 0, r.stderr)
  return (vim.uv.hrtime() - t) / 1e6
end
local g1 = git_private()
local gtimes = {}
for run = 1, RUNS do
  write(('%s/new%d.ts'):format(repo, run), body(run + 100, 5))
  table.insert(gtimes, git_private())
end
say(('4. for comparison, git add -A into a private index + objects: first %.1f ms, next %s'):format(g1, stats(gtimes)))
end

-- The editor and the files go whatever happened (a failed run must not leave an editor running).
local ok, err = pcall(measure)
editor:kill('sigterm')
editor:wait(5000)
vim.fn.delete(work, 'rf')
if not ok then
  error(err, 0)
end
