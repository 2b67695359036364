-- The project search through the bridge, as the model calls it, on each of its engines, each chosen by
-- configuration whatever is on PATH (a user's machine often has a system ripgrep): ripgrep (agent.search.rg =
-- the one make deps installs), git grep (agent.search.rg = false, in a repository) and the walk (rg = false,
-- no repository); each engine's answer names it, and every test checks that name first. Each must give the same matches for the same query, answer unsaved buffers from their text, skip and
-- count binary and over-size files, never open a FIFO or follow a link out of the project, and leave no child
-- process behind (max_results, cancellation, timeout: checked by pid).
local bridge = require('helpers.bridge')

local RG_BIN = bridge.root .. '/.deps/ripgrep/bin'
local HAVE_RG = vim.fn.executable(RG_BIN .. '/rg') == 1
local MAX_FILE_BYTES = 4096

--- Process ids whose parent is `pid` (from /proc).
local function children_of(pid)
  local out = {}
  for _, name in ipairs(vim.fn.readdir('/proc')) do
    if name:match('^%d+$') then
      local f = io.open('/proc/' .. name .. '/stat')
      if f then
        local stat = f:read('*l') or ''
        f:close()
        local ppid = stat:match('^%d+ %b() %S+ (%d+)')
        if tonumber(ppid) == pid then
          table.insert(out, tonumber(name))
        end
      end
    end
  end
  return out
end

--- The live child of `pid` running `comm` (the fake rg's sleep).
local function child_named(pid, comm)
  for _, child in ipairs(children_of(pid)) do
    local f = io.open('/proc/' .. child .. '/stat')
    local stat = f and f:read('*l') or ''
    if f then
      f:close()
    end
    local name, state = stat:match('^%d+ %((.-)%) (%S+)')
    if name == comm and state ~= 'Z' then
      return child
    end
  end
end

local function alive(pid)
  local f = io.open('/proc/' .. pid .. '/stat')
  if not f then
    return false
  end
  local stat = f:read('*l') or ''
  f:close()
  return stat:match('^%d+ %b() (%S+)') ~= 'Z'
end

--- The `path:line:col` of every row of a search answer, sorted.
local function places(text)
  local out = {}
  for path, l, c in text:gmatch('\n([^\n:]+):(%d+):(%d+): ') do
    table.insert(out, ('%s:%s:%s'):format(path, l, c))
  end
  table.sort(out)
  return out
end

local REGEX_TXT = table.concat({
  'foo_bar = 42;',
  'fooBar(x, y)',
  '  indented\ttab',
  'price: $5.00 [sale]',
  'héllo wörld 7',
  'a+b=c',
  'end',
}, '\n') .. '\n'

--- Pattern and the lines of regex.txt it matches (columns must agree across engines).
local REGEX_TABLE = {
  { [=[foo\w+]=], { 1, 2 } },
  { [=[\d+]=], { 1, 4, 5 } },
  { [=[^\s+\w]=], { 3 } },
  { [=[\$\d\.\d{2}]=], { 4 } },
  { [=[\[sale\]]=], { 4 } },
  { [=[w.rld]=], { 5 } },
  { [=[\b42\b]=], { 1 } },
  { [=[\bbar]=], {} },
  { [=[(x|y)\)]=], { 2 } },
  { [=[a\+b]=], { 6 } },
  { [=[^end$]=], { 7 } },
  { [=[[^a-z ]+$]=], { 1, 2, 4, 5 } },
  { [=[(?:fo)+o?B]=], { 2 } },
  { [=[\t]=], { 3 } },
  { [=[x{1,2}]=], { 2 } },
  { [=[o*?B]=], { 2 } },
  { [=[[\d.]+]=], { 1, 4, 5 } },
  { [=[wörld]=], { 5 } },
  { [=[\W\d]=], { 1, 4, 5 } },
  { [=[e\b]=], { 4 } },
  { [=[é\w+]=], { 5 } },
  { [=[[é]l+o]=], { 5 } },
}

local FILES = {
  ['a.txt'] = 'alpha needle one\nDISKONLY mark\n',
  ['src/b.lua'] = 'local x = 42\nreturn "needle"\n',
  ['src/deep/c.md'] = '# hé needle\n',
  ['regex.txt'] = REGEX_TXT,
  ['bin.dat'] = 'needle\0binary\n',
  ['big.txt'] = ('x'):rep(MAX_FILE_BYTES + 100) .. '\nneedle in a big file\n',
}

local function fixture(dir)
  local p = bridge.project(FILES, dir)
  vim.fn.system({ 'mkfifo', p .. '/fifo' })
  vim.uv.fs_symlink('/dev/zero', p .. '/zero')
  return p
end

describe('project search #slow', function()
  local plain, slow, ed_plain, ed_slow, c_plain, c_slow
  --- The three engines, each with its own copy of the fixture, editor and client: name, skip reason, client,
  --- editor.
  local engines = {
    { name = 'rg', skip = not HAVE_RG and 'no .deps/ripgrep (make deps)' or nil },
    { name = 'git grep', skip = vim.fn.executable('git') == 0 and 'no git on PATH' or nil },
    { name = 'walk' },
  }

  setup(function()
    local dir = bridge.config_dir()
    local outside = bridge.project({ ['secret.txt'] = 'needle outside the project\n' })
    local search_opts = { max_file_bytes = MAX_FILE_BYTES }
    for _, engine in ipairs(engines) do
      if not engine.skip then
        local root = fixture(nil)
        vim.uv.fs_symlink(outside .. '/secret.txt', root .. '/link-out.txt')
        if engine.name ~= 'walk' then
          vim.system({ 'git', 'init', '-q', root }):wait()
        end
        -- The engine by configuration alone: an rg on PATH (the user's) never decides.
        local rg = engine.name == 'rg' and (RG_BIN .. '/rg') or false
        engine.editor = bridge.editor({
          config_dir = dir,
          cwd = root,
          setup = { agent = { search = vim.tbl_extend('force', search_opts, { rg = rg }) } },
        })
        engine.client = bridge.start({ config_dir = dir, cwd = root })
        engine.root = root
      end
    end
    plain, ed_plain, c_plain = engines[3].root, engines[3].editor, engines[3].client
    slow = bridge.project({ ['rg'] = '#!/bin/sh\nexec sleep 30\n', ['x.txt'] = 'needle\n' })
    vim.uv.fs_chmod(slow .. '/rg', 493)
    ed_slow = bridge.editor({
      config_dir = dir,
      cwd = slow,
      setup = { agent = { search = { rg = slow .. '/rg', timeout_ms = 1500 } } },
    })
    c_slow = bridge.start({ config_dir = dir, cwd = slow })
  end)
  teardown(bridge.cleanup)

  local function search(c, args)
    local res = c:call('search', args)
    assert.is_nil(res.isError, bridge.text(res))
    return bridge.text(res)
  end

  --- The engine's client, once its answer proves that engine runs (`(scope project; <engine>`).
  local function client_of(engine)
    local text = search(engine.client, { pattern = 'DISKONLY' })
    assert.matches('%(scope project; ' .. engine.name:gsub('%p', '%%%0'), text)
    return engine.client
  end

  local expected_needles = { 'a.txt:1:7', 'src/b.lua:2:9', 'src/deep/c.md:1:6' }

  for _, engine in ipairs(engines) do
    local name = engine.name
    local function select()
      return client_of(engine)
    end
    describe('on ' .. name, function()
      it('is the engine that runs, chosen by configuration whatever rg is on PATH', function()
        if engine.skip then
          pending(engine.skip)
          return
        end
        -- An rg first on the editor's PATH (a user's system ripgrep) changes nothing.
        if HAVE_RG then
          engine.editor:lua('vim.env.PATH = ... .. ":" .. vim.env.PATH', RG_BIN)
        end
        local text = search(engine.client, { pattern = 'needle' })
        assert.matches('^3 matches for text "needle" %(scope project; ' .. name:gsub('%p', '%%%0'), text)
      end)

      it('finds the matches, skips and counts binary and over-size files, opens no FIFO, follows no link', function()
        if engine.skip then
          pending(engine.skip)
          return
        end
        local text = search(select(), { pattern = 'needle' })
        assert.matches('^3 matches for text "needle" %(scope project; ' .. name:gsub('%p', '%%%0'), text)
        assert.matches(
          'skipped: 1 binary file with a match, 1 file over 4096 bytes %(agent.search.max_file_bytes%)',
          text
        )
        assert.are.same(expected_needles, places(text))
        assert.is_nil(text:find('outside', 1, true))
      end)

      it('answers files with unsaved changes from their buffers, and searches unwritten buffers', function()
        if engine.skip then
          pending(engine.skip)
          return
        end
        local c = select()
        local ed = engine.editor
        ed:lua([[
          vim.cmd('silent! %bwipeout!')
          vim.cmd.edit('a.txt')
          vim.api.nvim_buf_set_lines(0, 0, -1, false, { 'alpha one', 'UNSAVED needle here' })
          vim.cmd('badd unwritten.txt')
          local b = vim.fn.bufnr('unwritten.txt')
          vim.fn.bufload(b)
          vim.api.nvim_buf_set_lines(b, 0, -1, false, { 'fresh needle' })
        ]])
        local text = search(c, { pattern = 'needle' })
        assert.are.same({ 'a.txt:2:9', 'src/b.lua:2:9', 'src/deep/c.md:1:6', 'unwritten.txt:1:7' }, places(text))
        assert.matches('^0 matches for text "DISKONLY"', search(c, { pattern = 'DISKONLY' }))
        assert.matches('^1 match for text "UNSAVED"', search(c, { pattern = 'UNSAVED' }))
        ed:lua("vim.cmd('silent! %bwipeout!')")
        assert.are.same(expected_needles, places(search(c, { pattern = 'needle' })))
      end)

      it('gives the regex table the same matches as every other engine', function()
        if engine.skip then
          pending(engine.skip)
          return
        end
        local c = select()
        for _, row in ipairs(REGEX_TABLE) do
          local text = search(c, { pattern = row[1], regex = true })
          local got = {}
          for _, p in ipairs(places(text)) do
            if p:match('^regex%.txt:') then
              table.insert(got, p)
            end
          end
          -- The same lines, at the columns the editor's own regex finds in the buffer.
          local buffer = places(search(c, { pattern = row[1], regex = true, path = 'regex.txt', scope = 'buffer' }))
          local lines = {}
          for _, p in ipairs(buffer) do
            table.insert(lines, tonumber(p:match(':(%d+):')))
          end
          table.sort(lines)
          assert.are.same(row[2], lines, row[1] .. ' in the buffer')
          assert.are.same(buffer, got, row[1] .. ' on ' .. name)
        end
      end)

      it('refuses a pattern outside the dialect with how to write it', function()
        if engine.skip then
          pending(engine.skip)
          return
        end
        local c = select()
        for pattern, advice in pairs({
          ['(unclosed'] = 'add the %)',
          ['a{2,1}'] = 'write {1,2}',
          ['(a)\\1'] = 'backreferences',
          ['(?=x)'] = 'lookaround',
          ['[[:alpha:]]'] = 'write the ranges',
          ['x\\q'] = 'not part of the accepted regex dialect',
        }) do
          local res = c:call('search', { pattern = pattern, regex = true })
          assert.is_true(res.isError, pattern)
          local text = bridge.text(res)
          assert.matches('^ERROR: the regex does not compile in the accepted dialect: ', text)
          assert.matches(advice, text)
        end
      end)
    end)
  end

  it('writes the regex table for git grep -E (a git without PCRE) with the same matches as -P', function()
    local dialect = require('claude-ide.agent.search.dialect')
    local function run(flag, pattern)
      local res = vim
        .system(
          { 'git', 'grep', '--no-index', '-n', '--column', flag, '-e', pattern, '--', 'regex.txt' },
          { cwd = plain, text = true, env = { LC_ALL = 'C.UTF-8' } }
        )
        :wait()
      assert.is_true(res.code <= 1, pattern .. ': ' .. (res.stderr or ''))
      return res.stdout
    end
    for _, row in ipairs(REGEX_TABLE) do
      local t = dialect.translate(row[1])
      assert.is_true(t.ok, row[1])
      assert.are.equal(run('-P', t.pattern.pcre), run('-E', t.pattern.ere), row[1] .. ' as ' .. t.pattern.ere)
    end
  end)

  it('lets a folder narrow the search', function()
    local text = search(c_plain, { pattern = 'needle', path = 'src' })
    assert.matches('^2 matches for text "needle" %(scope project in src; walk', text)
    assert.are.same({ 'src/b.lua:2:9', 'src/deep/c.md:1:6' }, places(text))
  end)

  it('stops the child once max_results matches are in, and leaves no process', function()
    local many = {}
    for i = 1, 400 do
      many[('many/f%03d.txt'):format(i)] = ('needle ' .. i .. '\n'):rep(50)
    end
    bridge.project(many, plain, 'many')
    local text = search(c_plain, { pattern = 'needle', path = 'many', max_results = 3 })
    assert.matches('^3%+ matches', text)
    assert.matches('stopped at max_results', text)
    assert.is_true(
      vim.wait(1000, function()
        return #children_of(ed_plain.pid) == 0
      end, 10),
      vim.inspect(children_of(ed_plain.pid))
    )
  end)

  it('kills the child when the call is cancelled', function()
    local id = c_slow:call_async('search', { pattern = 'needle' }, { tag = 'slow' })
    local pid
    assert.is_true(vim.wait(5000, function()
      pid = child_named(ed_slow.pid, 'sleep')
      return pid ~= nil
    end, 10))
    assert.is_true(alive(pid))
    c_slow:cancel('slow')
    assert.is_true(
      vim.wait(2000, function()
        return not alive(pid)
      end, 10),
      'the search child outlived its cancelled call'
    )
    c_slow:wait(id)
    -- No live child is left (one just killed may stay a zombie until the editor's loop reaps it).
    assert.is_nil(child_named(ed_slow.pid, 'sleep'))
  end)

  it('kills the child on the timeout and says so', function()
    local id = c_slow:call_async('search', { pattern = 'needle' })
    local pid
    assert.is_true(vim.wait(5000, function()
      pid = child_named(ed_slow.pid, 'sleep')
      return pid ~= nil
    end, 10))
    local ok, res = c_slow:wait(id)
    assert.is_true(ok, vim.inspect(res))
    local text = bridge.text(res)
    assert.matches('stopped after 1500 ms %(agent.search.timeout_ms%)', text)
    assert.matches('narrow it with path', text)
    assert.is_false(alive(pid))
  end)

  it('cuts a regex that runs away on a 1 MB line by the time budget, the editor answering throughout', function()
    local line = ('a'):rep(1000 * 1000)
    local project = bridge.project({ ['long.txt'] = line .. '\n', ['short.txt'] = 'aab\n' })
    local dir = bridge.config_dir()
    local ed = bridge.editor({
      config_dir = dir,
      cwd = project,
      args = { 'long.txt' },
      setup = { agent = { search = { rg = false, timeout_ms = 1500, max_file_bytes = 2 * 1024 * 1024 } } },
    })
    local c = bridge.start({ config_dir = dir, cwd = project })
    -- Nested repetition with no way to match on the long line: a backtracking engine tries every split.
    for _, scope in ipairs({ 'project', 'buffers' }) do
      local t0 = vim.uv.hrtime()
      local id = c:call_async('search', { pattern = '(a|aa)+(a|aa)+b', regex = true, scope = scope })
      local worst = 0
      while not c:done(id) do
        local t1 = vim.uv.hrtime()
        assert.are.equal(1, ed:lua('return 1'))
        worst = math.max(worst, (vim.uv.hrtime() - t1) / 1e6)
      end
      local ok, res = c:wait(id)
      local took = (vim.uv.hrtime() - t0) / 1e6
      assert.is_true(ok, vim.inspect(res))
      local text = bridge.text(res)
      -- Either the engine was done in time (short.txt's match found; the long line has none), or the time
      -- budget stopped it and the answer says so.
      local done = scope == 'project' and text:find('short.txt:1:1', 1, true) or text:find('^0 matches')
      if not done then
        assert.matches('stopped after 1500 ms %(agent.search.timeout_ms%)', text)
      end
      assert.is_true(took < 6000, ('%s: the search took %.0f ms'):format(scope, took))
      -- Frozen would be the whole budget (1500 ms) at once; the bound leaves room for a loaded machine (the
      -- frozen-stretch figures themselves are `make bench`'s).
      assert.is_true(worst < 500, ('%s: a trivial request waited %.1f ms'):format(scope, worst))
    end
  end)

  it(
    'has rg stat no file of the tree: an over-size file is searched, its matches dropped and counted, its output bounded',
    function()
      if not HAVE_RG then
        pending('no .deps/ripgrep (make deps)')
        return
      end
      -- A ripgrep that writes down what it was asked, then runs as the real one.
      local tools = bridge.project({})
      local log = tools .. '/argv'
      bridge.project({
        rg = ('#!/bin/sh\nprintf "%%s\\n" "$@" > %s\ncut -d" " -f19 /proc/$$/stat > %s.nice\nexec %s/rg "$@"\n'):format(
          log,
          log,
          RG_BIN
        ),
      }, tools, 'bin')
      vim.uv.fs_chmod(tools .. '/bin/rg', 493)
      local project = bridge.project({
        ['a.txt'] = 'needle\n',
        -- One line longer than max_file_bytes, with a match; a file of 300 matching lines over it; one over it
        -- without a match.
        ['wide.min.js'] = ('y'):rep(3 * MAX_FILE_BYTES) .. 'needle\n',
        ['many.log'] = ('needle, line after line\n'):rep(300),
        ['quiet.dat'] = ('z'):rep(2 * MAX_FILE_BYTES) .. '\n',
      })
      local dir = bridge.config_dir()
      bridge.editor({
        config_dir = dir,
        cwd = project,
        -- Less output allowed than the wide line or the 300 lines would be, printed whole.
        setup = {
          agent = { search = { rg = tools .. '/bin/rg', max_file_bytes = MAX_FILE_BYTES, max_output_bytes = 6000 } },
        },
      })
      local c = bridge.start({ config_dir = dir, cwd = project })
      local text = search(c, { pattern = 'needle', max_results = 10 })
      -- rg searched the 4 files; the 2 whose matches were dropped count as skipped, not searched.
      assert.matches(
        '^1 match for text "needle" %(scope project; rg, 2 files searched; skipped: 2 files over 4096 bytes %(agent.search.max_file_bytes%)%):',
        text
      )
      assert.are.same({ 'a.txt:1:1' }, places(text))
      assert.is_nil(text:find('stopped after', 1, true))
      local argv = vim.fn.readfile(log)
      -- --max-filesize has ripgrep stat every file of the tree (a fifth of its time on 100,000 small files).
      for _, arg in ipairs(argv) do
        assert.is_nil(arg:match('^%-%-max%-filesize'), vim.inspect(argv))
        assert.is_nil(arg:match('^%-%-debug'), vim.inspect(argv))
      end
      assert.is_true(vim.tbl_contains(argv, '--max-columns=4096'), vim.inspect(argv))
      assert.is_true(vim.tbl_contains(argv, '--max-count=11'), vim.inspect(argv))
      -- It runs ten steps below the editor's priority (whose niceness is this process's): on two cores a search
      -- using both leaves the user's keys first in line.
      local own =
        tonumber(vim.fn.readfile('/proc/self/stat')[1]:match('^%d+ %b() (.*)$'):match(('%S+ '):rep(16) .. '(%S+)'))
      assert.are.equal(tostring(math.min(19, own + 10)), vim.trim(vim.fn.readfile(log .. '.nice')[1] or ''))
    end
  )

  it('keeps the editor answering during a search over a FIFO and a link to /dev/zero', function()
    local id = c_plain:call_async('search', { pattern = 'zzz', regex = true })
    local worst = 0
    while not c_plain:done(id) do
      local t0 = vim.uv.hrtime()
      assert.are.equal(1, ed_plain:lua('return 1'))
      worst = math.max(worst, (vim.uv.hrtime() - t0) / 1e6)
    end
    local ok, res = c_plain:wait(id)
    assert.is_true(ok)
    assert.matches('^0 matches', bridge.text(res))
    assert.is_true(worst < 500, ('a trivial request waited %.1f ms'):format(worst))
  end)
end)
