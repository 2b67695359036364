-- Benchmark: the project search at monorepo scale, and whether any agent tool freezes the user's editor.
-- Prints figures beside their goals (never a pass/fail; BENCH_SMOKE=1: tiny sizes, bench/lib/report.lua):
--   1. project search on two generated repositories: 10,000 files (>= 2 M lines) and 100,000 small files, both
--      with mixed sizes, a few large and binary files and .gitignore'd folders. The agent's search through the
--      bridge beside rg and git grep run directly on the same query, the three alternated run by run so that
--      they share the machine's load (min and p50; ratio to the faster direct engine; goal <= 1.3x, the
--      bridge's round trip included). The search asks for max_results = 1000, so that it reports every match the
--      engines do: a search that stopped at max_results did less work, and its ratio is not judged. While a call is out the bench itself waits without spinning: a bench
--      that kept a core busy would take it from the engine on a 2-core machine and measure that. Beside the
--      wall-clock ratio, the CPU time each run cost (from /proc: the engine run directly; the editor, its engine
--      child and the bridge for the search), which another load on the machine does not change as much.
--   2. "editor frozen": the longest answer time of a trivial request (nvim_eval "1") sent to the editor back to
--      back while each tool call runs (goal <= 16 ms): search literal and regex (both trees), read_buffer of a
--      10 MB file that is not loaded, editor_state with 1,000 buffers, lsp_references answered by 200 files no
--      buffer holds (a language server inside the editor answers at once: what is measured is the tool's own
--      work), edit of a 100,000-line file.
-- The editor is a child Neovim (its own main loop, as a user's), with .deps/ripgrep/bin on its PATH when there.
--
--   nvim --clean --headless -l bench/project_search.lua     (from the repo root, after the build; make bench)
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path = table.concat({ root .. '/bench/?.lua', package.path }, ';')
local report = require('lib.report')
local say, stats, size, goal = report.say, report.stats, report.size, report.goal

-- BENCH_SEARCH_FILES / BENCH_SEARCH_BIG_FILES: fewer files for a quick try (the issue's figures need the defaults).
-- BENCH_SEARCH_PART=1: part 1 only (the search beside rg and git grep), for profiling the search.
local PART = tonumber(os.getenv('BENCH_SEARCH_PART'))
-- BENCH_FROZEN_ONLY=edit: only the "editor frozen" figures whose name holds that text, part 1 skipped and the trees
-- small (unless the two above say otherwise); BENCH_RUNS: calls per figure (default 5).
-- BENCH_STRETCHES=1: after each "editor frozen" figure, where the editor's loop was held (bench/lib/stretches.lua).
local ONLY = os.getenv('BENCH_FROZEN_ONLY')
-- BENCH_PROBE=remote: the "editor frozen" probe is `nvim --server <socket> --remote-expr 1` spawned back to back (a
-- process per request, as a held-out check measures), its idle median subtracted; default: an RPC request on one
-- open channel. The spawned probe costs a CPU of its own on every request, so on 2 cores it measures the probe's
-- wait for a CPU as well as the editor's loop.
local REMOTE_PROBE = os.getenv('BENCH_PROBE') == 'remote'

local STRETCHES = os.getenv('BENCH_STRETCHES') == '1' or report.SMOKE
local FILES = tonumber(os.getenv('BENCH_SEARCH_FILES')) or (ONLY and 300) or size(10000, 60)
local BIG_FILES = tonumber(os.getenv('BENCH_SEARCH_BIG_FILES')) or (ONLY and 120) or size(100000, 120)
local LINES = size(210, 20)
local LONG_LINES = size(100000, 2000)
local TEN_MB_BLOCKS = size(100, 2) -- of 100 KB
local RUNS = tonumber(os.getenv('BENCH_RUNS')) or size(5, 1)
local RG_BIN = root .. '/.deps/ripgrep/bin'
local rg = vim.fn.executable(RG_BIN .. '/rg') == 1 and RG_BIN .. '/rg' or (vim.fn.executable('rg') == 1 and 'rg' or nil)

say(
  ('project search and editor responsiveness (Neovim %s)%s'):format(
    tostring(vim.version()),
    report.SMOKE and ' [smoke run]' or ''
  )
)

-- The generated repositories (bench/lib/tree.lua): 10,000 files (the one the turn snapshot is measured on too) and
-- 100,000 small ones.
local tree = require('lib.tree')
local work = vim.fn.tempname()
local function generate(repo, files, lines, every)
  local total, seconds = tree.generate(repo, files, lines, every, size(8000, 200))
  say(
    ('   generated %s: %d files, %d lines in %.1f s (untracked in a fresh git repository)'):format(
      vim.fs.basename(repo),
      files,
      total,
      seconds
    )
  )
end
local repo, big_repo = work .. '/repo', work .. '/repo100k'
generate(repo, FILES, LINES, size(250, 10))
generate(big_repo, BIG_FILES, size(5, 5), size(1000, 20))
local outside = work .. '/outside'
vim.fn.mkdir(outside, 'p')
do
  -- 10 MB for read_buffer (not loaded), 100,000 lines for edit.
  local line = ('x'):rep(99)
  local chunk = {}
  for i = 1, 1000 do
    chunk[i] = line
  end
  local block = table.concat(chunk, '\n') .. '\n'
  local fh = assert(io.open(outside .. '/ten_mb.txt', 'w'))
  for _ = 1, TEN_MB_BLOCKS do
    fh:write(block)
  end
  fh:close()
  local lines = {}
  for i = 1, LONG_LINES do
    lines[i] = ('line %06d of the long file'):format(i)
  end
  vim.fn.writefile(lines, outside .. '/long.txt')
end

local queries = {
  {
    name = 'literal',
    pattern = 'findMeLiteral',
    rg = { '-F', 'findMeLiteral' },
    git = { '-F', '-e', 'findMeLiteral' },
  },
  {
    name = 'regex',
    pattern = [[find[A-Z]\w+Regex\(]],
    regex = true,
    rg = { [[find[A-Z][0-9A-Za-z_]+Regex\(]] },
    git = { '-P', '-e', [[find[A-Z][0-9A-Za-z_]+Regex\(]] },
  },
}

-- ---------------------------------------------------------------------------------------------------------
-- The editor (child Neovim) and the bridge.
local config_dir = work .. '/claude'
vim.fn.mkdir(config_dir, 'p')
local child_env =
  { CLAUDE_CONFIG_DIR = config_dir, PATH = (rg == RG_BIN .. '/rg' and RG_BIN .. ':' or '') .. vim.env.PATH }
local _, list_env = tree.env(child_env)
-- The big files and the 100k tree live outside the repository (the 10k search must not count them):
-- privacy.folders puts them inside the workspace boundary, or the calls would measure their refusal.
local chan, stop_editor = tree.editor(
  root,
  repo,
  work .. '/editor.sock',
  ('require("claude-ide").setup({ log_level = "error", agent = { review = false }, privacy = { folders = { %q, %q } } })'):format(
    outside,
    big_repo
  ),
  child_env
)

local bridge = { lines = {}, buffer = '' }
do
  local stdin, stdout, stderr = vim.uv.new_pipe(), vim.uv.new_pipe(), vim.uv.new_pipe()
  bridge.handle = vim.uv.spawn(vim.v.progpath, {
    args = { '-l', root .. '/lua/claude-ide/bridge.lua' },
    stdio = { stdin, stdout, stderr },
    cwd = repo,
    env = list_env,
  }, function() end)
  bridge.stdin = stdin
  stdout:read_start(function(_, data)
    if not data then
      return
    end
    bridge.buffer = bridge.buffer .. data
    while true do
      local nl = bridge.buffer:find('\n', 1, true)
      if not nl then
        break
      end
      table.insert(bridge.lines, { line = bridge.buffer:sub(1, nl - 1), at = vim.uv.hrtime() })
      bridge.buffer = bridge.buffer:sub(nl + 1)
    end
  end)
  stderr:read_start(function() end)
  bridge.pipes = { stdin, stdout, stderr }
end
local next_id = 0
local function send(method, params)
  next_id = next_id + 1
  bridge.stdin:write(vim.json.encode({ jsonrpc = '2.0', id = next_id, method = method, params = params }) .. '\n')
  return next_id
end
local function answered()
  return #bridge.lines > 0
end
local function take()
  local entry = table.remove(bridge.lines, 1)
  return vim.json.decode(entry.line), entry.at
end
send(
  'initialize',
  { protocolVersion = '2025-11-25', capabilities = vim.empty_dict(), clientInfo = { name = 'bench', version = '0' } }
)
assert(vim.wait(10000, answered, 1))
take()
bridge.stdin:write(vim.json.encode({ jsonrpc = '2.0', method = 'notifications/initialized' }) .. '\n')

--- One trivial request to the editor (ms): an RPC request, or with BENCH_PROBE=remote a spawned
--- `nvim --remote-expr 1`, whose idle median (remote_idle) is subtracted.
local remote_idle = 0
local function probe_once()
  local t = vim.uv.hrtime()
  if REMOTE_PROBE then
    vim
      .system({ vim.v.progpath, '--clean', '--headless', '--server', work .. '/editor.sock', '--remote-expr', '1' })
      :wait()
    return (vim.uv.hrtime() - t) / 1e6 - remote_idle
  end
  vim.rpcrequest(chan, 'nvim_eval', '1')
  return (vim.uv.hrtime() - t) / 1e6
end
if REMOTE_PROBE then
  local idle = {}
  for i = 1, 30 do
    idle[i] = probe_once()
  end
  table.sort(idle)
  remote_idle = idle[15]
end

--- Calls `tool`; while it runs, sends trivial requests to the editor back to back. Returns the call's time,
--- the longest trivial request, how many were sent, and the answer's text.
local function call_measured(tool, args)
  local t0 = vim.uv.hrtime()
  send('tools/call', { name = tool, arguments = args })
  local worst, n = 0, 0
  while not answered() do
    worst = math.max(worst, probe_once())
    n = n + 1
    if (vim.uv.hrtime() - t0) / 1e9 > 120 then
      error('no answer to ' .. tool)
    end
  end
  local msg, at = take()
  local text = msg.result and msg.result.content and msg.result.content[1].text or vim.inspect(msg)
  return (at - t0) / 1e6, worst, n, text
end

-- CPU time (user + sys) from /proc, in ms: what a run cost whatever else the machine runs (the wall-clock ratio
-- on a loaded machine measures the load as much as the search). Kernel ticks: 10 ms steps at CLK_TCK 100, summed
-- over the runs.
local TICK_MS = 1000 / (tonumber(vim.fn.system({ 'getconf', 'CLK_TCK' })) or 100)
--- A process's CPU ms: its own, and that of its children it has waited for (`children`: only those).
local function cpu_ms(pid, children)
  local fh = io.open(('/proc/%d/stat'):format(pid), 'r')
  if not fh then
    return 0
  end
  local stat = fh:read('*l') or ''
  fh:close()
  local fields = vim.split((stat:gsub('^.*%) ', '')), ' ')
  -- After "pid (comm) ": utime stime cutime cstime are fields 12..15.
  local own = (tonumber(fields[12]) or 0) + (tonumber(fields[13]) or 0)
  local kids = (tonumber(fields[14]) or 0) + (tonumber(fields[15]) or 0)
  return (children and kids or own + kids) * TICK_MS
end
local editor_pid = vim.rpcrequest(chan, 'nvim_call_function', 'getpid', {})
local bench_pid = vim.uv.os_getpid()

--- A direct engine's run (stdout read whole, as the bridge's answer is): ms, its count of output lines, CPU ms.
local function direct(cmd, cwd)
  local c = cpu_ms(bench_pid, true)
  local t = vim.uv.hrtime()
  local out = vim.system(cmd, { cwd = cwd, text = true }):wait()
  local ms = (vim.uv.hrtime() - t) / 1e6
  local n = 0
  for _ in (out.stdout or ''):gmatch('\n') do
    n = n + 1
  end
  return ms, n, cpu_ms(bench_pid, true) - c
end

--- One tools/call through the bridge, waited for without spinning (the answer's time is taken when its line
--- arrives, in the pipe's callback); ms and the answer's text, which must not be an error.
--- Also its CPU ms: the editor's and its children's (the engine), and the bridge's.
local function bridged(tool, args)
  local bridge_pid = bridge.handle:get_pid()
  local c = cpu_ms(editor_pid) + cpu_ms(bridge_pid)
  local t0 = vim.uv.hrtime()
  send('tools/call', { name = tool, arguments = args })
  assert(vim.wait(120000, answered, 10), 'no answer to ' .. tool)
  local msg, at = take()
  local text = msg.result and msg.result.content and msg.result.content[1].text or vim.inspect(msg)
  -- The engine child is reaped (its CPU counted) before the answer leaves the editor.
  local cpu = cpu_ms(editor_pid) + cpu_ms(bridge_pid) - c
  return (at - t0) / 1e6, report.answer(tool, text), cpu
end

-- 1. The agent's search through the bridge beside rg and git grep, alternated run by run.
local function compare(label, cwd, path)
  for _, q in ipairs(queries) do
    local engines = {}
    if rg then
      table.insert(engines, {
        name = 'rg',
        cmd = vim.list_extend(
          { rg, '--no-config', '-n', '--column', '--null' },
          vim.list_extend(vim.deepcopy(q.rg), { '.' })
        ),
      })
    end
    table.insert(
      engines,
      { name = 'git grep', cmd = vim.list_extend({ 'git', 'grep', '--untracked', '-n', '--column', '-z' }, q.git) }
    )
    -- max_results at its highest: the bridge reports every match the engines find (at the default 100 it stopped
    -- early on the 100k tree, and the ratio compared less work with more).
    local args = { pattern = q.pattern, regex = q.regex, path = path, max_results = 1000 }
    -- Warm-up (file cache, the JIT), not counted.
    for _, e in ipairs(engines) do
      direct(e.cmd, cwd)
    end
    bridged('search', args)
    local times, counts, mine, text = {}, {}, {}, ''
    local cpus, my_cpu = {}, 0
    for run = 1, RUNS + 2 do
      for i, e in ipairs(engines) do
        times[i] = times[i] or {}
        local ms, n, cpu = direct(e.cmd, cwd)
        table.insert(times[i], ms)
        counts[i] = n
        cpus[i] = (cpus[i] or 0) + cpu
      end
      local ms, answer, cpu = bridged('search', args)
      table.insert(mine, ms)
      my_cpu = my_cpu + cpu
      text = answer
      _ = run
    end
    local best_min, best_p50 = math.huge, math.huge
    for i, e in ipairs(engines) do
      local s, p50 = stats(times[i])
      best_min, best_p50 = math.min(best_min, times[i][1]), math.min(best_p50, p50)
      say(('1. %-5s %-7s %-8s directly: %s  (%d matches)'):format(label, q.name, e.name, s, counts[i]))
    end
    local s, p50 = stats(mine)
    say(('   %-5s %-7s bridge search:    %s'):format(label, q.name, s))
    say(('           %s'):format(text:match('^[^\n]*')))
    local verdict = goal(p50 / best_p50, 1.3, 'x')
    if text:find('stopped at max_results', 1, true) then
      verdict = 'not judged: the search stopped at max_results, less work than the engines did'
    end
    say(
      ('           ratio to the faster direct engine: p50 %.2fx, min %.2fx   %s'):format(
        p50 / best_p50,
        mine[1] / best_min,
        verdict
      )
    )
    local runs, cpu_parts, best_cpu = #mine, {}, math.huge
    for i, e in ipairs(engines) do
      table.insert(cpu_parts, ('%s %.0f'):format(e.name, cpus[i] / runs))
      best_cpu = math.min(best_cpu, cpus[i])
    end
    say(
      ('           CPU per run (user+sys; the bridge: editor, engine, bridge): %s, bridge %.0f ms: %.2fx the lesser (%s)'):format(
        table.concat(cpu_parts, ', '),
        my_cpu / runs,
        my_cpu / best_cpu,
        report.load()
      )
    )
  end
end
if not ONLY then
  compare('10k', repo, nil)
  compare('100k', big_repo, big_repo)
end

local function finish()
  bridge.stdin:close()
  for _, p in ipairs(bridge.pipes) do
    if not p:is_closing() then
      p:close()
    end
  end
  stop_editor()
  vim.fn.delete(work, 'rf')
end
if PART == 1 then
  finish()
  return
end

-- ---------------------------------------------------------------------------------------------------------
-- 2. Editor frozen.
vim.rpcrequest(
  chan,
  'nvim_exec_lua',
  [[
  local dir, n = ...
  for i = 1, n do
    vim.fn.bufadd(('%s/packages/pkg%02d/src/mod%03d/file%05d.ts'):format(dir, i % 40, i % 250, i))
    vim.bo[vim.fn.bufnr(('%s/packages/pkg%02d/src/mod%03d/file%05d.ts'):format(dir, i % 40, i % 250, i))].buflisted = true
  end
]],
  { repo, size(1000, 50) }
)
-- A language server inside the editor (vim.lsp.start with a function cmd) whose references answer points into
-- 200 files of the repository that no buffer holds; the first file is open with the server attached.
vim.rpcrequest(
  chan,
  'nvim_exec_lua',
  [[
  local dir, refs = ...
  local function file(i)
    return ('%s/packages/pkg%02d/src/mod%03d/file%05d.ts'):format(dir, i % 40, i % 250, i)
  end
  local function server(dispatchers)
    local closing, id = false, 0
    return {
      request = function(method, params, callback)
        id = id + 1
        local result = nil
        if method == 'initialize' then
          result = { capabilities = { referencesProvider = true, textDocumentSync = 1 } }
        elseif method == 'textDocument/references' then
          result = {}
          for i = 1, refs do
            local uri = vim.uri_from_fname(file(i + 1))
            table.insert(result, { uri = uri, range = { start = { line = 9, character = 8 }, ['end'] = { line = 9, character = 12 } } })
          end
        end
        vim.schedule(function()
          callback(nil, result)
        end)
        return true, id
      end,
      notify = function() return true end,
      is_closing = function() return closing end,
      terminate = function() closing = true end,
    }
  end
  vim.cmd.edit(vim.fn.fnameescape(file(1)))
  vim.lsp.start({ name = 'bench-refs', cmd = server, root_dir = dir })
]],
  { repo, math.min(200, FILES - 1) }
)
vim.wait(2000, function()
  return vim.rpcrequest(chan, 'nvim_exec_lua', 'return #vim.lsp.get_clients({ bufnr = 0 })', {}) > 0
end, 20)
local first_file = ('packages/pkg%02d/src/mod%03d/file%05d.ts'):format(1 % 40, 1 % 250, 1)

local workloads = {
  {
    'search literal 10k',
    'search',
    function()
      return { pattern = 'findMeLiteral' }
    end,
  },
  {
    'search regex 10k',
    'search',
    function()
      return { pattern = [[find[A-Z]\w+Regex\(]], regex = true }
    end,
  },
  {
    'search literal 100k',
    'search',
    function()
      return { pattern = 'findMeLiteral', path = big_repo, max_results = 1000 }
    end,
  },
  {
    'search regex 100k',
    'search',
    function()
      return { pattern = [[find[A-Z]\w+Regex\(]], regex = true, path = big_repo, max_results = 1000 }
    end,
  },
  {
    'read_buffer 10 MB unloaded',
    'read_buffer',
    function()
      return { path = outside .. '/ten_mb.txt' }
    end,
  },
  {
    'editor_state 1,000 buffers',
    'editor_state',
    function()
      return {}
    end,
  },
  {
    'lsp_references 200 unloaded',
    'lsp_references',
    function()
      return { path = first_file, line = 10, column = 9 }
    end,
  },
  {
    'edit 100,000-line file',
    'edit',
    function(run)
      local old = ('line %06d of the long file'):format(math.floor(LONG_LINES / 2) + run)
      return { path = outside .. '/long.txt', edits = { { old_text = old, new_text = old .. ' edited' } } }
    end,
  },
}
say(
  ('2. editor frozen: longest trivial request (%s, back to back) while the call runs, of %d calls each'):format(
    REMOTE_PROBE and ('a spawned nvim --remote-expr 1, over its idle median %.1f ms'):format(remote_idle)
      or 'nvim_eval "1"',
    RUNS
  )
)
if ONLY then
  -- Part 1 loaded the endpoint's tools in the editor: without it, the first measured call would load them.
  bridged('editor_state', {})
  workloads = vim.tbl_filter(function(w)
    return w[1]:find(ONLY, 1, true) ~= nil
  end, workloads)
end
local stretches = require('lib.stretches')
if STRETCHES then
  stretches.install(chan)
end
for _, w in ipairs(workloads) do
  local worst, calls, probes, text, frozens = 0, {}, 0, '', {}
  for run = 1, RUNS do
    local call_ms, frozen, n, answer = call_measured(w[2], w[3](run))
    -- A figure of a refused or failed call measures the wrong thing: stop with the answer.
    report.answer(w[1], answer)
    worst = math.max(worst, frozen)
    table.insert(frozens, frozen)
    table.insert(calls, call_ms)
    probes = probes + n
    text = answer
  end
  table.sort(calls)
  table.sort(frozens)
  say(
    ('   %-28s frozen worst %7.1f ms, median %7.1f ms   %s   (call p50 %8.1f ms, %d requests)  %s'):format(
      w[1],
      worst,
      frozens[math.ceil(RUNS / 2)],
      goal(worst, 16, ' ms'),
      calls[math.ceil(RUNS / 2)],
      probes,
      (text:match('^[^\n]*') or ''):sub(1, 50)
    )
  )
  if STRETCHES then
    for _, line in ipairs(stretches.report(chan)) do
      say('      ' .. line)
    end
  end
end

-- ---------------------------------------------------------------------------------------------------------
finish()
