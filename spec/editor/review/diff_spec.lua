-- openDiff driven through a real ToolContext (real services, coroutine park): the view, every way to accept
-- and reject, the text returned, and nothing left behind. The protocol-level specs are in protocol_spec.lua.
local h = require('helpers.tools')
local d = require('helpers.diff')

local TAB = '✻ [Claude Code] hello.lua (6ed6bc) ⧉'

describe('openDiff review', function()
  local ctx, before

  setup(function()
    -- `nvim -l` does not load plugin/ scripts: declare the commands the way Neovim would.
    if vim.fn.exists(':ClaudeCodeDiffAccept') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    ctx = h.context()
    before = d.snapshot()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function open(path, contents, tab_name, old_path)
    return h.start_call(ctx, 'openDiff', {
      old_file_path = old_path or path,
      new_file_path = path,
      new_file_contents = contents,
      tab_name = tab_name or TAB,
    })
  end

  describe('the view', function()
    it('opens a tab page: the current file left, the proposal right, both in diff mode', function()
      local columns = vim.o.columns
      vim.o.columns = 300 -- wide enough for every winbar hint
      finally(function()
        vim.o.columns = columns
      end)
      local path = h.file('hello.lua', { 'local a = 1', 'print(a)', 'return a' })
      local origin = vim.api.nvim_get_current_win()
      local poll = open(path, 'local a = 1\nprint(a)\nreturn a + 1\n')
      assert.is_false((poll()))

      assert.are.equal(2, #vim.api.nvim_list_tabpages())
      assert.are.equal(TAB, vim.t.claude_ide_diff)
      local left, right = d.win('current'), d.win('proposal')
      assert.are.equal(2, #vim.api.nvim_tabpage_list_wins(0))
      assert.are.same({ 'local a = 1', 'print(a)', 'return a' }, d.lines(d.buf('current')))
      assert.are.same({ 'local a = 1', 'print(a)', 'return a + 1' }, d.lines(d.buf('proposal')))
      -- side by side, proposal on the right
      assert.are.equal(vim.api.nvim_win_get_position(left)[1], vim.api.nvim_win_get_position(right)[1])
      assert.is_true(vim.api.nvim_win_get_position(left)[2] < vim.api.nvim_win_get_position(right)[2])
      for _, win in ipairs({ left, right }) do
        assert.is_true(vim.wo[win].diff)
      end
      -- the proposal is highlighted at once; the current text a loop turn later (not both in one stretch)
      assert.are.equal('lua', vim.bo[d.buf('proposal')].filetype)
      assert.is_true(vim.wait(2000, function()
        return vim.bo[d.buf('current')].filetype == 'lua'
      end, 5))
      -- the default tab line shortens all of a name but its tail: the tail says it all, no glyph a font may lack,
      -- and the scheme keeps the buffers out of the user's folder
      assert.are.equal('claude-ide://hello.lua (proposal)', vim.api.nvim_buf_get_name(d.buf('proposal')))
      assert.are.equal('claude-ide://hello.lua (current)', vim.api.nvim_buf_get_name(d.buf('current')))
      -- focus in the proposal, on the first change
      assert.are.equal(right, vim.api.nvim_get_current_win())
      assert.are.same({ 3, 0 }, vim.api.nvim_win_get_cursor(right))
      -- proposal: a scratch buffer that :w accepts, never a file
      local pbuf = d.buf('proposal')
      assert.are.equal('acwrite', vim.bo[pbuf].buftype)
      assert.are.equal('wipe', vim.bo[pbuf].bufhidden)
      assert.is_false(vim.bo[pbuf].modified)
      assert.is_false(vim.bo[d.buf('current')].modifiable)
      -- keys in the winbar
      assert.matches(':w accept', vim.wo[right].winbar, 1, true)
      assert.matches('q reject', vim.wo[right].winbar, 1, true)
      assert.matches('Current: ', vim.wo[left].winbar, 1, true)

      vim.cmd('write')
      assert.is_true((poll()))
      d.assert_clean(before)
      assert.are.equal(origin, vim.api.nvim_get_current_win())
    end)

    it('puts the cursor on a change at line 1 and on a deletion at the top', function()
      local path = h.file('top.txt', { 'a', 'b', 'c' })
      local poll = open(path, 'A\nb\nc\n')
      assert.are.same({ 1, 0 }, vim.api.nvim_win_get_cursor(0))
      d.press('q')
      d.wait_done(poll)
      poll = open(path, 'b\nc\n')
      assert.are.same({ 1, 0 }, vim.api.nvim_win_get_cursor(0))
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('lays out one above the other with layout = "horizontal"', function()
      ctx.dispose()
      ctx = h.context({ diff = { layout = 'horizontal' } })
      local path = h.file('h.txt', { 'a' })
      local poll = open(path, 'b\n')
      local left, right =
        vim.api.nvim_win_get_position(d.win('current')), vim.api.nvim_win_get_position(d.win('proposal'))
      assert.are.equal(left[2], right[2])
      assert.is_true(left[1] < right[1])
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
    end)

    it('opens in the current tab page with open_in_new_tab = false, and restores it after', function()
      ctx.dispose()
      ctx = h.context({ diff = { open_in_new_tab = false } })
      vim.cmd('vsplit')
      local layout = vim.fn.winlayout()
      before = d.snapshot()
      local path = h.file('same.txt', { 'a' })
      local poll = open(path, 'b\n')
      assert.are.equal(1, #vim.api.nvim_list_tabpages())
      assert.are.equal(4, #vim.api.nvim_tabpage_list_wins(0))
      vim.cmd('write')
      local first = d.texts(d.wait_done(poll))
      assert.are.equal('FILE_SAVED', first)
      d.assert_clean(before)
      assert.are.same(layout, vim.fn.winlayout())
    end)

    it('shows an empty "new file" side when the file does not exist', function()
      local path = vim.fn.tempname() .. '/sub/new.py'
      local poll = open(path, 'print("hi")\n')
      assert.are.same({ '' }, d.lines(d.buf('current')))
      assert.matches('New file: ', vim.wo[d.win('current')].winbar, 1, true)
      assert.are.equal('python', vim.bo[d.buf('proposal')].filetype)
      vim.cmd('write')
      local first, second = d.texts(d.wait_done(poll))
      assert.are.equal('FILE_SAVED', first)
      assert.are.equal('print("hi")\n', second)
      assert.is_nil(d.read(path), 'the plugin never writes the file')
      d.assert_clean(before)
    end)

    it("shows the buffer's unsaved edits on the left and says so plainly", function()
      local path = h.file('dirty.txt', { 'on disk' })
      vim.cmd.edit(path)
      vim.api.nvim_buf_set_lines(0, 0, -1, true, { 'typed, not saved' })
      before = d.snapshot()
      local poll = open(path, 'proposal\n')
      assert.are.same({ 'typed, not saved' }, d.lines(d.buf('current')))
      assert.matches('has unsaved changes', vim.wo[d.win('current')].winbar, 1, true)
      d.press('q')
      d.wait_done(poll)
      d.assert_clean(before)
      assert.are.same({ 'typed, not saved' }, vim.api.nvim_buf_get_lines(0, 0, -1, true), 'reject changes nothing')
      assert.is_true(vim.bo.modified)
    end)

    it('fires ClaudeIdeDiffOpened and ClaudeIdeDiffResolved with tab_name, file and result', function()
      local events = d.record_events()
      local path = h.file('ev.txt', { 'a' })
      local poll = open(path, 'b\n')
      d.press('q')
      d.wait_done(poll)
      vim.wait(100, function()
        return #events == 2
      end)
      events.stop()
      assert.are.same({
        { event = 'ClaudeIdeDiffOpened', data = { tab_name = TAB, file = path } },
        { event = 'ClaudeIdeDiffResolved', data = { tab_name = TAB, file = path, result = 'DIFF_REJECTED' } },
      }, { events[1], events[2] })
    end)

    it('with focus "auto", takes the focus from the agent\'s own terminal and returns it there', function()
      ctx.dispose()
      ctx = h.context({ diff = { focus = 'auto' } })
      local term, tbuf = h.terminal_window()
      vim.bo[tbuf].filetype = 'claude-ide'
      ctx.hub.terminals[ctx.clientId] = tbuf -- the asking CLI runs there: diff.focus "auto" takes the focus from it
      before = d.snapshot()
      local path = h.file('f.txt', { 'a' })
      local poll = open(path, 'b\n')
      assert.are_not.equal(term, vim.api.nvim_get_current_win())
      vim.cmd('write')
      d.wait_done(poll)
      d.assert_clean(before)
      assert.are.equal(term, vim.api.nvim_get_current_win())
    end)

    it("gives the current text its filetype after the view is shown, keeping the diff's window options", function()
      -- A user's FileType handler that sets window options (folding by expression, no wrap changes): it runs
      -- for the left buffer while that buffer is shown in the review, and must not undo the diff's folds.
      local group = vim.api.nvim_create_augroup('diff-spec-ft', { clear = true })
      local seen = {}
      vim.api.nvim_create_autocmd('FileType', {
        group = group,
        pattern = 'lua',
        callback = function(ev)
          table.insert(seen, ev.buf)
          vim.opt_local.foldmethod = 'indent'
          vim.opt_local.scrollbind = false
        end,
      })
      finally(function()
        pcall(vim.api.nvim_del_augroup_by_id, group)
      end)
      local path = h.file('hello.lua', { 'local a = 1', 'print(a)', 'return a' })
      local poll = open(path, 'local a = 1\nprint(a)\nreturn a + 1\n')
      local left, right = d.win('current'), d.win('proposal')
      assert.are.same({ d.buf('proposal') }, seen)
      assert.is_true(vim.wait(2000, function()
        return #seen == 2
      end, 5))
      assert.are.equal(d.buf('current'), seen[2])
      assert.are.equal('lua', vim.bo[d.buf('current')].filetype)
      for _, win in ipairs({ left, right }) do
        assert.are.equal('diff', vim.wo[win].foldmethod)
        assert.is_true(vim.wo[win].scrollbind)
        assert.is_true(vim.wo[win].diff)
      end
      d.press('q')
      d.wait_done(poll)
      vim.api.nvim_del_augroup_by_id(group)
      d.assert_clean(before)
    end)

    it('opens a 50,000-line proposal, with syntax highlighting but no filetype plugins', function()
      local lines = {}
      for i = 1, 50000 do
        lines[i] = ('line %d with some text to make it longer'):format(i)
      end
      local path = h.file('big.txt', lines)
      lines[25000] = 'changed'
      local text = table.concat(lines, '\n') .. '\n'
      local poll = open(path, text)
      assert.are.equal(50000, vim.api.nvim_buf_line_count(d.buf('proposal')))
      assert.are.same({ 25000, 0 }, vim.api.nvim_win_get_cursor(0))
      assert.is_true(vim.wait(2000, function()
        return vim.bo[d.buf('current')].syntax == 'text'
      end, 5))
      for _, role in ipairs({ 'current', 'proposal' }) do
        assert.are.equal('', vim.bo[d.buf(role)].filetype)
        assert.are.equal('text', vim.bo[d.buf(role)].syntax)
      end
      vim.cmd('write')
      local _, second = d.texts(d.wait_done(poll))
      assert.are.equal(text, second)
      d.assert_clean(before)
    end)
  end)

  describe('accepting', function()
    local path
    local proposal = 'one\nTWO\nthree\n'

    before_each(function()
      path = h.file('acc.txt', { 'one', 'two', 'three' })
    end)

    local function expect_accept(poll, text)
      local first, second = d.texts(d.wait_done(poll))
      assert.are.equal('FILE_SAVED', first)
      assert.are.equal(text or proposal, second)
      assert.are.equal('one\ntwo\nthree\n', d.read(path), 'the file is untouched: the CLI writes it')
      d.assert_clean(before)
    end

    it('with :w typed in the proposal; <CR> is no accept key', function()
      local poll = open(path, proposal)
      d.press('<CR>')
      d.tick()
      assert.is_false((poll()), '<CR> decides nothing')
      d.press(':w<CR>')
      expect_accept(poll)
    end)

    it('with :ClaudeCodeDiffAccept in the current-file window', function()
      local poll = open(path, proposal)
      vim.api.nvim_set_current_win(d.win('current'))
      vim.cmd('ClaudeCodeDiffAccept')
      expect_accept(poll)
    end)

    it('with the configured key', function()
      ctx.dispose()
      ctx = h.context({ diff = { keymaps = { accept = '<leader>a', reject = '<leader>r' } } })
      vim.g.mapleader = ' '
      local poll = open(path, proposal)
      d.press(' a')
      vim.g.mapleader = nil
      expect_accept(poll)
    end)

    it('with :w in the proposal (nothing written to disk)', function()
      local poll = open(path, proposal)
      vim.cmd('write')
      expect_accept(poll)
    end)

    it('with :wq in the proposal, answered once', function()
      local events = d.record_events()
      before = d.snapshot()
      local poll = open(path, proposal)
      vim.cmd('wq')
      expect_accept(poll)
      events.stop()
      assert.are.equal(2, #events)
      assert.are.same({ 'ClaudeIdeDiffOpened', 'ClaudeIdeDiffResolved' }, { events[1].event, events[2].event })
      assert.are.same({ 'FILE_SAVED' }, events.results())
    end)

    it('with :ClaudeCodeDiffAccept from another tab page while one review is open: it says which', function()
      local poll = open(path, proposal)
      vim.cmd('tabprevious')
      local messages = d.capture_messages()
      vim.cmd('ClaudeCodeDiffAccept')
      messages.restore()
      expect_accept(poll)
      assert.matches("accepted Claude's proposal for ", messages.text(), 1, true)
      assert.matches(vim.fs.basename(path) .. ' (' .. TAB .. ')', messages.text(), 1, true)
    end)

    it('returns the proposal as the user edited it', function()
      local poll = open(path, proposal)
      vim.api.nvim_buf_set_lines(0, 0, 1, true, { 'ONE (edited)' })
      vim.cmd('write')
      expect_accept(poll, 'ONE (edited)\nTWO\nthree\n')
    end)

    it('keeps a missing final newline, and follows :set eol', function()
      local poll = open(path, 'one\nTWO')
      assert.is_false(vim.bo.endofline)
      vim.cmd('write')
      expect_accept(poll, 'one\nTWO')
      poll = open(path, 'one\nTWO')
      vim.bo.endofline = true
      vim.cmd('write')
      expect_accept(poll, 'one\nTWO\n')
    end)

    it('keeps CRLF line endings of a CRLF proposal, with the lines shown without "\\r"', function()
      local poll = open(path, 'one\r\nTWO\r\nthree\r\n')
      assert.are.same({ 'one', 'TWO', 'three' }, d.lines(d.buf('proposal')))
      assert.are.equal('dos', vim.bo.fileformat)
      vim.api.nvim_buf_set_lines(0, 3, 3, true, { 'four' })
      vim.cmd('write')
      expect_accept(poll, 'one\r\nTWO\r\nthree\r\nfour\r\n')
    end)

    it('compares a CRLF file line by line with an LF proposal and answers LF (the CLI restores CRLF)', function()
      d.write(path, 'one\r\ntwo\r\nthree\r\n')
      local poll = open(path, proposal)
      assert.are.same({ 'one', 'two', 'three' }, d.lines(d.buf('current')))
      assert.are.same({ 2, 0 }, vim.api.nvim_win_get_cursor(0), 'only line 2 differs')
      vim.cmd('write')
      local first, second = d.texts(d.wait_done(poll))
      assert.are.equal('FILE_SAVED', first)
      assert.are.equal(proposal, second)
      d.assert_clean(before)
    end)

    it('answers DIFF_REJECTED when the accepted text is the file unchanged (as the CLI counts it)', function()
      local messages = d.capture_messages()
      local poll = open(path, proposal)
      vim.api.nvim_buf_set_lines(0, 1, 2, true, { 'two' })
      vim.cmd('write')
      messages.restore()
      local first, second = d.texts(d.wait_done(poll))
      assert.are.same({ 'DIFF_REJECTED', TAB }, { first, second })
      assert.matches('leaves the file unchanged', messages.text(), 1, true)
      d.assert_clean(before)
    end)
  end)

  describe('rejecting', function()
    local path

    before_each(function()
      path = h.file('rej.txt', { 'one' })
    end)

    local function expect_reject(poll)
      local first, second = d.texts(d.wait_done(poll))
      assert.are.same({ 'DIFF_REJECTED', TAB }, { first, second })
      assert.are.equal('one\n', d.read(path))
      d.assert_clean(before)
    end

    it('with q in the proposal', function()
      local poll = open(path, 'two\n')
      d.press('q')
      expect_reject(poll)
    end)

    it('with q in the current-file window', function()
      local poll = open(path, 'two\n')
      vim.api.nvim_set_current_win(d.win('current'))
      d.press('q')
      expect_reject(poll)
    end)

    it('with :q in the proposal', function()
      local poll = open(path, 'two\n')
      vim.cmd('quit')
      expect_reject(poll)
    end)

    it('with :close in the current-file window', function()
      local poll = open(path, 'two\n')
      vim.api.nvim_set_current_win(d.win('current'))
      vim.cmd('close')
      expect_reject(poll)
    end)

    it('with :tabclose', function()
      local poll = open(path, 'two\n')
      vim.cmd('tabclose')
      expect_reject(poll)
    end)

    it('with :q! on an edited proposal (never an accept)', function()
      local poll = open(path, 'two\n')
      vim.api.nvim_buf_set_lines(0, 0, -1, true, { 'edited' })
      vim.cmd('quit!')
      expect_reject(poll)
    end)

    it('by deleting the proposal buffer', function()
      local poll = open(path, 'two\n')
      vim.cmd('bwipeout!')
      expect_reject(poll)
    end)

    it('with :ClaudeCodeDiffDeny', function()
      local poll = open(path, 'two\n')
      vim.cmd('ClaudeCodeDiffDeny')
      expect_reject(poll)
    end)
  end)

  describe('several reviews', function()
    it('are resolved independently, in either order', function()
      local a = h.file('a.txt', { 'a' })
      local b = h.file('b.txt', { 'b' })
      local poll_a = open(a, 'A\n', 'tab a')
      local poll_b = open(b, 'B\n', 'tab b')
      assert.are.equal(3, #vim.api.nvim_list_tabpages())
      -- the cursor is in b's review: the command acts on that one
      vim.cmd('ClaudeCodeDiffAccept')
      assert.are.same({ 'FILE_SAVED', 'B\n' }, { d.texts(d.wait_done(poll_b)) })
      assert.is_false((poll_a()))
      vim.api.nvim_set_current_tabpage(vim.api.nvim_list_tabpages()[2])
      d.press('q')
      assert.are.same({ 'DIFF_REJECTED', 'tab a' }, { d.texts(d.wait_done(poll_a)) })
      d.assert_clean(before)
    end)

    it(':ClaudeCodeDiffDeny acts on the review of the current tab page, from any window in it', function()
      local poll_a = open(h.file('a.txt', { 'a' }), 'A\n', 'tab a')
      local poll_b = open(h.file('b.txt', { 'b' }), 'B\n', 'tab b')
      local tab_a = d.tab('tab a')
      vim.api.nvim_set_current_tabpage(tab_a)
      vim.cmd('new')
      local mine = vim.api.nvim_get_current_win()
      vim.cmd('ClaudeCodeDiffDeny')
      assert.are.same({ 'DIFF_REJECTED', 'tab a' }, { d.texts(d.wait_done(poll_a)) })
      assert.is_false((poll_b()))
      -- The review's own windows close (maybe on the next tick): wait for that, then look at the user's.
      assert(
        vim.wait(2000, function()
          if not vim.api.nvim_tabpage_is_valid(tab_a) then
            return true
          end
          for _, win in ipairs(vim.api.nvim_tabpage_list_wins(tab_a)) do
            if vim.b[vim.api.nvim_win_get_buf(win)].claude_ide_diff ~= nil then
              return false
            end
          end
          return true
        end, 5),
        "the review's windows did not close"
      )
      assert.is_true(vim.api.nvim_win_is_valid(mine), "the user's own window in that tab page stays")
      vim.api.nvim_buf_delete(vim.api.nvim_win_get_buf(mine), { force = true })
      vim.api.nvim_set_current_tabpage(d.tab('tab b'))
      d.press('q')
      d.wait_done(poll_b)
      d.assert_clean(before)
    end)

    it(':ClaudeCodeDiffAccept asks which one when the cursor is in none', function()
      local a = h.file('a.txt', { 'a' })
      local b = h.file('b.txt', { 'b' })
      local poll_a = open(a, 'A\n', 'tab a')
      local poll_b = open(b, 'B\n', 'tab b')
      vim.api.nvim_set_current_tabpage(vim.api.nvim_list_tabpages()[1])
      local real_select, offered = vim.ui.select, nil
      vim.ui.select = function(items, opts, on_choice)
        offered = vim.tbl_map(opts.format_item, items)
        on_choice(items[1], 1)
      end
      vim.cmd('ClaudeCodeDiffAccept')
      vim.ui.select = real_select
      assert.are.same({ 'a.txt (tab a)', 'b.txt (tab b)' }, vim.tbl_map(vim.fs.basename, offered))
      assert.are.same({ 'FILE_SAVED', 'A\n' }, { d.texts(d.wait_done(poll_a)) })
      assert.is_false((poll_b()))
      vim.cmd('ClaudeCodeDiffDeny')
      assert.are.same({ 'DIFF_REJECTED', 'tab b' }, { d.texts(d.wait_done(poll_b)) })
      d.assert_clean(before)
    end)

    it('with the same tab_name: the old one is rejected and replaced', function()
      local path = h.file('same.txt', { 'x' })
      local first = open(path, 'first\n')
      local second = open(path, 'second\n')
      assert.are.same({ 'DIFF_REJECTED', TAB }, { d.texts(d.wait_done(first)) })
      assert.are.equal(2, #vim.api.nvim_list_tabpages())
      assert.are.same({ 'second' }, d.lines(d.buf('proposal')))
      vim.cmd('write')
      assert.are.same({ 'FILE_SAVED', 'second\n' }, { d.texts(d.wait_done(second)) })
      d.assert_clean(before)
    end)

    it(':ClaudeCodeDiffAccept says so when no review is open', function()
      local messages = d.capture_messages()
      vim.cmd('ClaudeCodeDiffAccept')
      messages.restore()
      assert.matches('no diff review is open', messages.text(), 1, true)
    end)
  end)

  describe('closed by Claude or the plugin', function()
    local path

    before_each(function()
      path = h.file('c.txt', { 'c' })
    end)

    it('close_tab ends the parked call as DIFF_REJECTED; again or unknown: TAB_CLOSED, nothing else', function()
      local poll = open(path, 'C\n')
      assert.are.equal('TAB_CLOSED', h.call(ctx, 'close_tab', { tab_name = TAB }).content[1].text)
      assert.are.same({ 'DIFF_REJECTED', TAB }, { d.texts(d.wait_done(poll)) })
      d.assert_clean(before)
      assert.is_false(ctx.services.diff.closeTab(TAB))
      assert.are.equal('TAB_CLOSED', h.call(ctx, 'close_tab', { tab_name = TAB }).content[1].text)
    end)

    it("closeAllDiffTabs closes only this plugin's reviews, never the user's own diff windows", function()
      vim.cmd('tabnew')
      local foreign = {}
      for i, text in ipairs({ 'mine', 'theirs' }) do
        if i == 2 then
          vim.cmd('vsplit')
        end
        local buf = vim.api.nvim_create_buf(false, true)
        vim.api.nvim_win_set_buf(0, buf)
        vim.api.nvim_buf_set_lines(buf, 0, -1, true, { text })
        vim.cmd('diffthis')
        table.insert(foreign, vim.api.nvim_get_current_win())
      end
      before = d.snapshot()
      local p1 = open(path, 'C\n', 'one')
      local p2 = open(h.file('d.txt', { 'd' }), 'D\n', 'two')
      assert.are.equal('CLOSED_2_DIFF_TABS', h.call(ctx, 'closeAllDiffTabs').content[1].text)
      assert.are.same({ 'DIFF_REJECTED', 'one' }, { d.texts(d.wait_done(p1)) })
      assert.are.same({ 'DIFF_REJECTED', 'two' }, { d.texts(d.wait_done(p2)) })
      d.assert_clean(before)
      for _, win in ipairs(foreign) do
        assert.is_true(vim.api.nvim_win_is_valid(win))
        assert.is_true(vim.wo[win].diff)
      end
      assert.are.equal('CLOSED_0_DIFF_TABS', h.call(ctx, 'closeAllDiffTabs').content[1].text)
    end)

    it('a cancelled call (client gone) closes the view without an answer', function()
      local events = d.record_events()
      before = d.snapshot()
      local poll = open(path, 'C\n')
      ctx.cancel('client disconnected')
      d.assert_clean(before)
      assert.is_false((poll()))
      events.stop()
      assert.are.equal('CANCELLED', events[2].data.result)
    end)

    it('stopping the server answers DIFF_REJECTED and closes the view', function()
      local poll = open(path, 'C\n')
      ctx.services.diff.dispose()
      assert.are.same({ 'DIFF_REJECTED', TAB }, { d.texts(d.wait_done(poll)) })
      d.assert_clean(before)
    end)
  end)

  describe('bad arguments leave no UI behind', function()
    it('a relative path is -32602 naming the argument', function()
      local res = h.start_call(
        ctx,
        'openDiff',
        { old_file_path = 'rel.txt', new_file_path = '/abs.txt', new_file_contents = '', tab_name = 't' }
      )
      local _, outcome = res()
      assert.matches('"old_file_path" must be an absolute path', outcome.invalid, 1, true)
      d.assert_clean(before)
    end)

    it('a path with a NUL byte is -32602 naming the argument', function()
      local _, outcome = h.start_call(
        ctx,
        'openDiff',
        { old_file_path = '/a', new_file_path = '/a\0b', new_file_contents = '', tab_name = 't' }
      )()
      assert.matches('"new_file_path" must not contain a NUL byte', outcome.invalid, 1, true)
      d.assert_clean(before)
    end)

    it('a missing argument is -32602 naming it', function()
      local res = h.start_call(ctx, 'openDiff', { old_file_path = '/a', new_file_path = '/a', tab_name = 't' })
      local _, outcome = res()
      assert.matches('new_file_contents', outcome.invalid, 1, true)
    end)

    it('a directory is a tool error naming the argument', function()
      local dir = vim.fn.tempname()
      vim.fn.mkdir(dir, 'p')
      local poll = open(dir, 'x', 't')
      local _, outcome = poll()
      assert.is_true(outcome.isError)
      assert.matches('old_file_path: ' .. dir .. ' is a directory', outcome.content[1].text, 1, true)
      poll = open(dir, 'x', 't', h.file('ok.txt', { 'a' }))
      _, outcome = poll()
      assert.matches('new_file_path: ' .. dir .. ' is a directory', outcome.content[1].text, 1, true)
      d.assert_clean(before)
    end)

    it('a file that cannot be read (a fifo, a path through a file) is a tool error', function()
      local fifo = vim.fn.tempname()
      assert.are.equal(0, vim.system({ 'mkfifo', fifo }):wait().code)
      local _, outcome = open(fifo, 'x', 't')()
      assert.is_true(outcome.isError)
      assert.matches('not a regular file', outcome.content[1].text, 1, true)
      local through = h.file('plain.txt', { 'a' }) .. '/child.txt'
      _, outcome = open(through, 'x', 't')()
      assert.is_true(outcome.isError)
      assert.matches('ENOTDIR', outcome.content[1].text, 1, true)
      d.assert_clean(before)
    end)
  end)
end)
