-- Every agent tool through the bridge, as the model calls it (the SDK's stdio client), against a real child
-- Neovim: what each answers on success, and that bad inputs (wrong types, missing or unknown path or buffer,
-- old_text matching 0 or 2 times, a regex that does not compile, results too large for one answer) come back
-- as `ERROR:` results with nothing changed in the editor or on disk. edit's review flows: edit_spec.lua.
local bridge = require('helpers.bridge')

local BIG_LINES = 20000

--- Everything a tool could harm: tab pages, windows and what they show, buffers with their text and
--- modified flag, the current window, the mode.
local function editor_snapshot(nvim)
  return nvim:lua([[
    local bufs = {}
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      local text = vim.api.nvim_buf_is_loaded(b) and table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '\n') or false
      bufs[#bufs + 1] = { b, vim.api.nvim_buf_get_name(b), vim.fn.sha256(text or ''), vim.bo[b].modified, vim.bo[b].buflisted }
    end
    local wins = {}
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      wins[#wins + 1] = { w, vim.api.nvim_win_get_buf(w), vim.api.nvim_win_get_cursor(w) }
    end
    return { tabs = #vim.api.nvim_list_tabpages(), bufs = bufs, wins = wins, cur = vim.api.nvim_get_current_win(), mode = vim.api.nvim_get_mode().mode }
  ]])
end

local function disk_snapshot(project)
  local out = {}
  for _, rel in ipairs({ 'main.lua', 'dup.txt', 'big.txt', 'notes.md', 'ignored/secret.txt' }) do
    out[rel] = vim.fn.sha256(bridge.read(project .. '/' .. rel) or '')
  end
  return out
end

describe('agent tools through the bridge', function()
  local project, nvim, c

  setup(function()
    local dir = bridge.config_dir()
    local big = {}
    for i = 1, BIG_LINES do
      big[i] = ('line %05d of the big file, with some text to make it longer'):format(i)
    end
    project = bridge.project({
      ['main.lua'] = "local M = {}\nfunction M.hello() return 'ORIGINAL_MARK' end\nreturn M\n",
      ['dup.txt'] = 'foo\nbar\nfoo\n',
      ['big.txt'] = table.concat(big, '\n') .. '\n',
      ['notes.md'] = '# Notes\nneedle in the notes\n',
      ['.gitignore'] = 'ignored/\n',
      ['ignored/secret.txt'] = 'needle in an ignored file\n',
    })
    vim.system({ 'git', 'init', '-q', project }):wait()
    -- git grep by configuration (a system ripgrep on PATH would otherwise take the project search).
    nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      args = { 'main.lua' },
      setup = { agent = { search = { rg = false } } },
    })
    -- The user's unsaved change: the buffer differs from the disk.
    nvim:lua([[vim.api.nvim_buf_set_lines(0, 1, 2, false, { "function M.hello() return 'UNSAVED_MARK' end" })]])
    nvim:lua('vim.cmd.badd(...)', project .. '/dup.txt')
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  teardown(bridge.cleanup)

  local function ok_text(name, args)
    local res = c:call(name, args)
    assert.is_nil(res.isError, name .. ': ' .. bridge.text(res))
    return bridge.text(res)
  end

  local function err_text(name, args)
    local res = c:call(name, args)
    assert.is_true(res.isError, name .. ' ' .. vim.inspect(args) .. ' should fail: ' .. bridge.text(res))
    local text = bridge.text(res)
    assert.matches('^ERROR[ %d]*: ', text)
    return text
  end

  describe('editor_state', function()
    it('gives the whole state with a token, and with since only what changed', function()
      local first = ok_text('editor_state', {})
      local token = first:match('^state: (s%d+)\n')
      assert.is_string(token, first)
      assert.matches('\nmode: n\n', first)
      assert.matches('\ncwd: ' .. project:gsub('%p', '%%%0') .. '\n', first)
      assert.matches('\ncursor: main%.lua:1:1\n', first)
      assert.matches('\nselection: none\n', first)
      assert.matches('\n  b1 main%.lua 3L %[mod%] %[cur%] lua\n', first)
      assert.matches('\n  b%d+ dup%.txt %(not loaded%)', first)
      assert.matches('\nreviews: none', first)

      local again = ok_text('editor_state', { since = token })
      local token2 = again:match('^state: (s%d+) %(changes since ' .. token .. '%)\n')
      assert.is_string(token2, again)
      for _, section in ipairs({ 'mode', 'cwd', 'cursor', 'selection', 'tabs', 'buffers', 'lsp', 'reviews' }) do
        assert.matches('\n' .. section .. ': unchanged', again)
      end

      nvim:lua('vim.api.nvim_win_set_cursor(0, { 2, 9 })')
      local moved = ok_text('editor_state', { since = token2 })
      assert.matches('\ncursor: main%.lua:2:10\n', moved)
      assert.matches('\nbuffers: unchanged', moved)
      assert.matches('\ncwd: unchanged', moved)
      nvim:lua('vim.api.nvim_win_set_cursor(0, { 1, 0 })')

      local unknown = ok_text('editor_state', { since = 's999999' })
      assert.matches('\nnote: unknown or expired token "s999999": full state follows\n', unknown)
      assert.matches('\ncwd: /', unknown)
    end)

    it('rejects a since that is not a string', function()
      assert.matches('since', err_text('editor_state', { since = 5 }))
      assert.matches('bogus', err_text('editor_state', { bogus = true }))
    end)
  end)

  describe('read_buffer', function()
    it("returns a buffer's unsaved text, numbered, by path or buffer number", function()
      local text = ok_text('read_buffer', { path = 'main.lua' })
      assert.are.equal(
        "main.lua (b1, 3 lines, unsaved changes)\n     1\tlocal M = {}\n     2\tfunction M.hello() return 'UNSAVED_MARK' end\n     3\treturn M",
        text
      )
      assert.are.equal(text, ok_text('read_buffer', { buffer = 1 }))
      assert.are.equal(text, ok_text('read_buffer', { path = project .. '/main.lua' }))
      assert.are.equal(
        "main.lua (b1, 3 lines, unsaved changes)\n     2\tfunction M.hello() return 'UNSAVED_MARK' end",
        ok_text('read_buffer', { path = 'main.lua', start_line = 2, end_line = 2 })
      )
    end)

    it('reads a file no buffer holds from disk', function()
      assert.are.equal(
        'notes.md (not open, from disk, 2 lines)\n     1\t# Notes\n     2\tneedle in the notes',
        ok_text('read_buffer', { path = 'notes.md' })
      )
    end)

    it('pages a huge file: each answer fits the output budget and says how to get the rest', function()
      local first = ok_text('read_buffer', { path = 'big.txt' })
      assert.is_true(#first < 25000, #first)
      local next_line = tonumber(
        first:match('\n… lines (%d+)%-' .. BIG_LINES .. ' not shown: call read_buffer again with start_line=%d+$')
      )
      assert.is_number(next_line, first:sub(-200))
      assert.matches(('\n%6d\tline %05d of the big file'):format(next_line - 1, next_line - 1), first)
      local second = ok_text('read_buffer', { path = 'big.txt', start_line = next_line })
      assert.matches(
        ('^big%%.txt %%(not open, from disk, %d lines%%)\n%6d\tline %05d '):format(BIG_LINES, next_line, next_line),
        second
      )
      local last = ok_text('read_buffer', { path = 'big.txt', start_line = BIG_LINES - 1 })
      assert.matches(
        ('%d\tline %05d of the big file, with some text to make it longer$'):format(BIG_LINES, BIG_LINES),
        last
      )
    end)

    it('answers bad inputs with ERROR and harms nothing', function()
      local before, disk = editor_snapshot(nvim), disk_snapshot(project)
      assert.matches(
        'no buffer and no file at ' .. project:gsub('%p', '%%%0') .. '/nope%.lua',
        err_text('read_buffer', { path = 'nope.lua' })
      )
      assert.matches('there is no buffer 9999', err_text('read_buffer', { buffer = 9999 }))
      assert.matches('not both', err_text('read_buffer', { path = 'main.lua', buffer = 1 }))
      assert.matches('give "path"', err_text('read_buffer', {}))
      assert.matches('path', err_text('read_buffer', { path = 12 }))
      assert.matches('buffer', err_text('read_buffer', { buffer = 'one' }))
      assert.matches('buffer', err_text('read_buffer', { buffer = 1.5 }))
      assert.matches('start_line', err_text('read_buffer', { path = 'main.lua', start_line = 0 }))
      assert.matches(
        'start_line 9 is past the end: main%.lua has 3 lines',
        err_text('read_buffer', { path = 'main.lua', start_line = 9 })
      )
      assert.matches(
        'end_line 1 is before start_line 2',
        err_text('read_buffer', { path = 'main.lua', start_line = 2, end_line = 1 })
      )
      assert.matches('is a directory', err_text('read_buffer', { path = 'ignored' }))
      assert.matches('NUL', err_text('read_buffer', { path = 'a\0b' }))
      assert.matches('bogus', err_text('read_buffer', { path = 'main.lua', bogus = 1 }))
      assert.are.same(before, editor_snapshot(nvim))
      assert.are.same(disk, disk_snapshot(project))
    end)
  end)

  describe('search', function()
    it('finds text in the unsaved buffers, regexes included', function()
      assert.are.equal(
        '1 match for text "UNSAVED_MARK" (scope buffer, 1 file searched):\nmain.lua:2:28: function M.hello() return \'UNSAVED_MARK\' end',
        ok_text('search', { pattern = 'UNSAVED_MARK', path = 'main.lua' })
      )
      local text = ok_text('search', { pattern = [[M\.(hello|nothing)\(]], regex = true, scope = 'buffers' })
      assert.matches('^1 match for regex', text)
      assert.matches('\nmain%.lua:2:10: function M%.hello%(%)', text)
    end)

    it('searches the project with unsaved buffers taking precedence and .gitignore honoured', function()
      local text = ok_text('search', { pattern = 'needle' })
      assert.matches('^1 match for text "needle" %(scope project; git grep%)', text)
      assert.matches('\nnotes%.md:2:1: needle in the notes', text)
      assert.is_nil(text:find('secret', 1, true))
      -- The disk still says ORIGINAL_MARK, the buffer does not: the buffer wins.
      assert.matches('^0 matches for text "ORIGINAL_MARK"', ok_text('search', { pattern = 'ORIGINAL_MARK' }))
      assert.matches('\nmain%.lua:2:28:', ok_text('search', { pattern = 'UNSAVED_MARK', scope = 'project' }))
    end)

    it('cuts huge results to max_results and the output budget, saying so', function()
      local text = ok_text('search', { pattern = 'of the big file', path = 'big.txt', max_results = 1000 })
      assert.is_true(#text < 25000, #text)
      assert.matches('^1000%+ matches for text', text)
      assert.matches('\n… more matches not shown: narrow the pattern or the scope$', text)
      local default = ok_text('search', { pattern = 'of the big file', path = 'big.txt' })
      assert.matches('^100%+ matches', default)
      assert.matches('or raise max_results$', default)
    end)

    it('answers bad inputs with ERROR and harms nothing', function()
      local before, disk = editor_snapshot(nvim), disk_snapshot(project)
      assert.matches('the regex does not compile', err_text('search', { pattern = '(unclosed', regex = true }))
      assert.matches(
        'the regex does not compile',
        err_text('search', { pattern = 'a{2,1', regex = true, scope = 'buffers' })
      )
      assert.matches('scope "buffer" needs "path" or "buffer"', err_text('search', { pattern = 'x', scope = 'buffer' }))
      assert.matches(
        'leave out path/buffer',
        err_text('search', { pattern = 'x', scope = 'project', path = 'main.lua' })
      )
      assert.matches('scope', err_text('search', { pattern = 'x', scope = 'everywhere' }))
      assert.matches('max_results', err_text('search', { pattern = 'x', max_results = 0 }))
      assert.matches('max_results', err_text('search', { pattern = 'x', max_results = 5000 }))
      assert.matches('pattern', err_text('search', { pattern = '' }))
      assert.matches('pattern', err_text('search', {}))
      assert.matches('regex', err_text('search', { pattern = 'x', regex = 'yes' }))
      assert.matches('no buffer and no file', err_text('search', { pattern = 'x', path = 'nope.lua' }))
      assert.matches('there is no buffer 777', err_text('search', { pattern = 'x', buffer = 777 }))
      assert.are.same(before, editor_snapshot(nvim))
      assert.are.same(disk, disk_snapshot(project))
    end)
  end)

  describe('get_diagnostics', function()
    setup(function()
      nvim:lua([[
        local ns = vim.api.nvim_create_namespace('agent-spec')
        vim.diagnostic.set(ns, 1, {
          { lnum = 1, col = 9, severity = vim.diagnostic.severity.ERROR, message = 'boom\nsecond line', source = 'spec' },
          { lnum = 2, col = 0, severity = vim.diagnostic.severity.WARN, message = 'careful' },
        })
      ]])
    end)

    it('lists diagnostics of one buffer or all, filtered by severity', function()
      local all = ok_text('get_diagnostics', {})
      assert.are.equal(
        '2 diagnostics in all buffers:\nmain.lua:2:10: error [spec]: boom second line\nmain.lua:3:1: warning: careful',
        all
      )
      assert.are.equal(
        '1 diagnostic in main.lua:\nmain.lua:2:10: error [spec]: boom second line',
        ok_text('get_diagnostics', { path = 'main.lua', severity = 'error' })
      )
      assert.are.equal(all:gsub('all buffers', 'main.lua'), ok_text('get_diagnostics', { buffer = 1 }))
      assert.matches('^no diagnostics in dup%.txt', ok_text('get_diagnostics', { path = 'dup.txt' }))
      assert.matches('^notes%.md: not open in the editor', ok_text('get_diagnostics', { path = 'notes.md' }))
    end)

    it('answers bad inputs with ERROR', function()
      local before = editor_snapshot(nvim)
      assert.matches('severity', err_text('get_diagnostics', { severity = 'fatal' }))
      assert.matches('severity', err_text('get_diagnostics', { severity = 1 }))
      assert.matches('there is no buffer 4242', err_text('get_diagnostics', { buffer = 4242 }))
      assert.matches('no buffer and no file', err_text('get_diagnostics', { path = 'missing.lua' }))
      assert.are.same(before, editor_snapshot(nvim))
    end)
  end)

  describe('edit (bad inputs: no review opens)', function()
    it(
      'answers ERROR for old_text matching 0 or 2 times, overlaps, bad ranges and types, and changes nothing',
      function()
        local before, disk = editor_snapshot(nvim), disk_snapshot(project)
        local function edit_err(args)
          local text = err_text('edit', args)
          assert.are.same({}, bridge.reviews(nvim))
          return text
        end
        assert.matches(
          'edits%[0%]%.old_text was not found in main%.lua',
          edit_err({ path = 'main.lua', edits = { { old_text = 'ORIGINAL_MARK', new_text = 'x' } } })
        )
        assert.matches(
          'edits%[0%]%.old_text matches 2 times in dup%.txt %(lines 1, 3%)',
          edit_err({ path = 'dup.txt', edits = { { old_text = 'foo', new_text = 'baz' } } })
        )
        assert.matches(
          'overlap',
          edit_err({
            path = 'dup.txt',
            edits = {
              { start_line = 1, end_line = 2, new_text = 'a' },
              { start_line = 2, end_line = 3, new_text = 'b' },
            },
          })
        )
        assert.matches(
          'start_line 9 is past the end',
          edit_err({ path = 'dup.txt', edits = { { start_line = 9, end_line = 9, new_text = 'a' } } })
        )
        assert.matches(
          'end_line 1 is before start_line 3',
          edit_err({ path = 'dup.txt', edits = { { start_line = 3, end_line = 1, new_text = 'a' } } })
        )
        assert.matches('edits', edit_err({ path = 'dup.txt', edits = {} }))
        assert.matches('edits', edit_err({ path = 'dup.txt', edits = 'replace foo' }))
        assert.matches('edits', edit_err({ path = 'dup.txt', edits = { { old_text = 'bar' } } }))
        assert.matches(
          'edits',
          edit_err({ path = 'dup.txt', edits = { { old_text = 'bar', new_text = 'x', start_line = 1 } } })
        )
        assert.matches('path', edit_err({ edits = { { old_text = 'bar', new_text = 'x' } } }))
        assert.matches(
          'is a directory',
          edit_err({ path = 'ignored', edits = { { old_text = 'bar', new_text = 'x' } } })
        )
        assert.matches(
          '^OK: nothing to do',
          ok_text('edit', { path = 'dup.txt', edits = { { old_text = 'bar', new_text = 'bar' } } })
        )
        assert.are.same(before, editor_snapshot(nvim))
        assert.are.same(disk, disk_snapshot(project))
      end
    )
  end)

  describe('execute', function()
    it('is off by default, and says how to allow it', function()
      local before = editor_snapshot(nvim)
      assert.matches('^ERROR 1004: execute is off in this Neovim', err_text('execute', { command = 'bwipeout! 1' }))
      assert.matches('^ERROR 1004: execute is off', err_text('execute', { lua = 'vim.cmd("qa!")' }))
      assert.matches('exactly one of', err_text('execute', { command = 'echo 1', lua = 'return 1' }))
      assert.matches('exactly one of', err_text('execute', {}))
      assert.matches('command', err_text('execute', { command = 3 }))
      assert.are.same(before, editor_snapshot(nvim))
    end)
  end)

  describe('navigate', function()
    it("shows the place in the user's editing window, never in a terminal or a diff window", function()
      -- The layout of a user talking to Claude: the editing window, a terminal window (focused), and in a
      -- second tab page a diff between two windows (focused when navigate is called the second time).
      local layout = nvim:lua([[
        local edit_win = vim.api.nvim_get_current_win()
        vim.cmd('botright vsplit')
        local term_buf = vim.api.nvim_create_buf(true, true)
        vim.api.nvim_win_set_buf(0, term_buf)
        vim.api.nvim_open_term(term_buf, {})
        return { edit_win = edit_win, term_win = vim.api.nvim_get_current_win(), term_buf = term_buf }
      ]])
      local text = ok_text('navigate', { path = 'dup.txt', line = 3 })
      assert.are.equal('OK: dup.txt:3:1 foo', text)
      local after = nvim:lua(
        [[
        local l = ...
        return {
          term_shows = vim.api.nvim_win_get_buf(l.term_win),
          edit_shows = vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(l.edit_win)),
          edit_cursor = vim.api.nvim_win_get_cursor(l.edit_win),
          current = vim.api.nvim_get_current_win(),
        }
      ]],
        layout
      )
      assert.are.equal(layout.term_buf, after.term_shows)
      assert.are.equal(project .. '/dup.txt', after.edit_shows)
      assert.are.same({ 3, 0 }, after.edit_cursor)

      local diff = nvim:lua(
        [[
        vim.cmd('tabnew')
        vim.cmd('edit ' .. vim.fn.fnameescape(...) .. '/notes.md')
        vim.cmd('diffthis')
        vim.cmd('vnew')
        vim.api.nvim_buf_set_lines(0, 0, -1, false, { '# Notes', 'other' })
        vim.bo.buftype = 'nofile'
        vim.cmd('diffthis')
        local wins = vim.api.nvim_tabpage_list_wins(0)
        local shows = {}
        for _, w in ipairs(wins) do shows[#shows + 1] = vim.api.nvim_win_get_buf(w) end
        return { wins = wins, shows = shows }
      ]],
        project
      )
      assert.are.equal(
        "OK: main.lua:2:5 function M.hello() return 'UNSAVED_MARK' end",
        ok_text('navigate', { path = 'main.lua', line = 2, column = 5 })
      )
      local placed = nvim:lua(
        [[
        local d = ...
        local shows = {}
        for _, w in ipairs(d.wins) do shows[#shows + 1] = vim.api.nvim_win_get_buf(w) end
        local hits = {}
        for _, w in ipairs(vim.api.nvim_list_wins()) do
          if vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(w)):match('main%.lua$') then
            hits[#hits + 1] = { diff = vim.wo[w].diff, buftype = vim.bo[vim.api.nvim_win_get_buf(w)].buftype, cursor = vim.api.nvim_win_get_cursor(w), modified = vim.bo[vim.api.nvim_win_get_buf(w)].modified }
          end
        end
        return { shows = shows, hits = hits }
      ]],
        diff
      )
      assert.are.same(diff.shows, placed.shows) -- the diff windows still show what they showed
      assert.is_true(#placed.hits >= 1)
      for _, hit in ipairs(placed.hits) do
        assert.is_false(hit.diff)
        assert.are.equal('', hit.buftype)
        assert.is_true(hit.modified) -- the unsaved change survived
      end
      assert.is_true(vim.tbl_contains(
        vim.tbl_map(function(h)
          return h.cursor[1] .. ':' .. h.cursor[2]
        end, placed.hits),
        '2:4'
      ))
      nvim:lua('vim.cmd("tabonly!") vim.cmd("only!") vim.cmd("buffer 1")')
    end)

    it('answers bad inputs with ERROR and harms nothing', function()
      local before, disk = editor_snapshot(nvim), disk_snapshot(project)
      assert.matches('no buffer and no file', err_text('navigate', { path = 'nowhere.lua' }))
      assert.matches('there is no buffer 5555', err_text('navigate', { buffer = 5555 }))
      assert.matches('line', err_text('navigate', { path = 'dup.txt', line = 'two' }))
      assert.matches('line', err_text('navigate', { path = 'dup.txt', line = 0 }))
      assert.matches('column', err_text('navigate', { path = 'dup.txt', column = -1 }))
      assert.matches('give "path"', err_text('navigate', {}))
      assert.are.same(before, editor_snapshot(nvim))
      assert.are.same(disk, disk_snapshot(project))
    end)
  end)
end)
