-- openFile: the main editor window (never a terminal, sidebar, float or diff window), literal text and
-- line selections, makeFrontmost, and the error cases.
local h = require('helpers.tools')

describe('openFile', function()
  local ctx
  local lines = { 'local a = 1 -- é🎉', 'a.b(%d) * [x]', '\tindented', 'last line' }

  before_each(function()
    ctx = h.context()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function current_selection()
    return h.json(h.call(ctx, 'getCurrentSelection', vim.empty_dict()))
  end

  it('opens the file in the editor window, not in the terminal or a sidebar where the user is', function()
    local path = h.file('dir with space/fïle 🎉.lua', lines)
    local editor = vim.api.nvim_get_current_win()
    h.sidebar_window('neo-tree')
    h.sidebar_window('NvimTree')
    h.sidebar_window('oil')
    local term = h.terminal_window()
    assert.are.equal(term, vim.api.nvim_get_current_win())

    local res = h.call(ctx, 'openFile', { filePath = path })
    assert.are.equal('Opened file: ' .. path, res.content[1].text)
    assert.is_nil(res.isError)
    assert.are.equal(editor, vim.api.nvim_get_current_win())
    assert.are.equal(path, vim.api.nvim_buf_get_name(0))
    assert.is_true(vim.bo.buflisted)
    assert.are.equal(5, #vim.api.nvim_tabpage_list_wins(0))
  end)

  it('selects literal startText..endText (not patterns) and Claude sees that selection', function()
    local path = h.file('sel.lua', lines)
    local res = h.call(ctx, 'openFile', { filePath = path, startText = 'a.b(%d)', endText = '[x]' })
    assert.are.equal('Opened file: ' .. path, res.content[1].text)
    assert.are.equal('v', vim.fn.mode())
    local sel = current_selection()
    assert.are.equal('a.b(%d) * [x]', sel.text)
    assert.are.same({ line = 1, character = 0 }, sel.selection.start)
    assert.are.same({ line = 1, character = 13 }, sel.selection['end'])
  end)

  it('selects across lines with UTF-16 columns and selectToEndOfLine', function()
    local path = h.file('multi.lua', lines)
    h.call(ctx, 'openFile', { filePath = path, startText = 'é', endText = 'ind', selectToEndOfLine = true })
    local sel = current_selection()
    assert.are.equal('é🎉\na.b(%d) * [x]\n\tindented', sel.text)
    assert.are.same({ line = 0, character = 15 }, sel.selection.start)
    assert.are.same({ line = 2, character = 9 }, sel.selection['end'])
  end)

  it('selects 0-based startLine..endLine', function()
    local path = h.file('lines.lua', lines)
    h.call(ctx, 'openFile', { filePath = path, startLine = 1, endLine = 2 })
    assert.are.equal('a.b(%d) * [x]\n\tindented', current_selection().text)
  end)

  it('just opens (cursor on line 1) when startText does not occur', function()
    local path = h.file('nomatch.lua', lines)
    local res = h.call(ctx, 'openFile', { filePath = path, startText = 'not in the file' })
    assert.are.equal('Opened file: ' .. path, res.content[1].text)
    assert.are.equal('n', vim.fn.mode())
    assert.are.same({ 1, 0 }, vim.api.nvim_win_get_cursor(0))
  end)

  it('with makeFrontmost=false leaves the focus in the terminal and answers JSON', function()
    local path = h.file('bg.py', { 'print(1)', 'print(2)' })
    local editor = vim.api.nvim_get_current_win()
    local term = h.terminal_window()
    local out = h.json(h.call(ctx, 'openFile', { filePath = path, makeFrontmost = false, startText = 'print(2)' }))
    assert.are.same({ success = true, filePath = path, languageId = 'python', lineCount = 2 }, out)
    assert.are.equal(term, vim.api.nvim_get_current_win())
    assert.are.equal(path, vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(editor)))
    assert.are.same({ 2, 0 }, vim.api.nvim_win_get_cursor(editor))
  end)

  it('creates an editor window when only a sidebar and the terminal are open', function()
    local path = h.file('new-window.txt', { 'x' })
    local side = h.sidebar_window('neo-tree')
    local term = h.terminal_window()
    -- Close the original editor window: only the sidebar and the terminal remain.
    for _, w in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
      if w ~= side and w ~= term then
        vim.api.nvim_win_close(w, true)
      end
    end
    h.call(ctx, 'openFile', { filePath = path })
    local win = vim.api.nvim_get_current_win()
    assert.are_not.equal(side, win)
    assert.are_not.equal(term, win)
    assert.are.equal(path, vim.api.nvim_buf_get_name(0))
    assert.are.equal(3, #vim.api.nvim_tabpage_list_wins(0))
  end)

  it('never uses a float or a diff window', function()
    local path = h.file('f.txt', { 'x' })
    local editor = vim.api.nvim_get_current_win()
    vim.cmd('vsplit')
    local diffwin = vim.api.nvim_get_current_win()
    vim.wo[diffwin].diff = true
    local float = vim.api.nvim_open_win(
      vim.api.nvim_create_buf(false, true),
      true,
      { relative = 'editor', row = 1, col = 1, width = 10, height = 3 }
    )
    assert.are.equal(float, vim.api.nvim_get_current_win())
    h.call(ctx, 'openFile', { filePath = path })
    assert.are.equal(editor, vim.api.nvim_get_current_win())
    assert.are.equal(path, vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(editor)))
  end)

  it('keeps an unsaved buffer it replaces in the window (also with nohidden)', function()
    local hidden = vim.o.hidden
    vim.o.hidden = false
    local first = h.file('first.txt', { 'original' })
    vim.cmd.edit(vim.fn.fnameescape(first))
    local buf = vim.api.nvim_get_current_buf()
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, { 'unsaved edit' })
    local ok, err = pcall(h.call, ctx, 'openFile', { filePath = h.file('second.txt', { 'y' }) })
    vim.o.hidden = hidden
    assert(ok, err)
    assert.is_true(vim.api.nvim_buf_is_loaded(buf))
    assert.is_true(vim.bo[buf].modified)
    assert.are.same({ 'unsaved edit' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.are.equal('', vim.bo[buf].bufhidden)
  end)

  it('switches to a file that is already open without reloading it', function()
    local path = h.file('open.txt', { 'disk' })
    vim.cmd.edit(vim.fn.fnameescape(path))
    local buf = vim.api.nvim_get_current_buf()
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, { 'buffer text' })
    vim.cmd('enew')
    h.call(ctx, 'openFile', { filePath = vim.uri_from_fname(path), startText = 'buffer' })
    assert.are.equal(buf, vim.api.nvim_get_current_buf())
    assert.are.equal('buffer', current_selection().text)
  end)

  it('reports a missing file or a directory as a tool error', function()
    local res = h.call(ctx, 'openFile', { filePath = '/no/such/dir/file.txt' })
    assert.is_true(res.isError)
    assert.are.equal('File not found: /no/such/dir/file.txt', res.content[1].text)
    res = h.call(ctx, 'openFile', { filePath = vim.fn.tempname() })
    assert.is_true(res.isError)
    local dir = vim.fs.dirname(h.file('x/y.txt', {}))
    res = h.call(ctx, 'openFile', { filePath = dir })
    assert.is_true(res.isError)
    assert.matches('directory', res.content[1].text)
  end)

  it('rejects bad arguments naming them', function()
    local path = h.file('args.txt', { 'one', 'two' })
    assert.matches('missing required argument "filePath"', h.call(ctx, 'openFile', vim.empty_dict()).invalid, 1, true)
    assert.matches('"filePath" must be a string', h.call(ctx, 'openFile', { filePath = 3 }).invalid, 1, true)
    assert.matches(
      '"makeFrontmost" must be a boolean',
      h.call(ctx, 'openFile', { filePath = path, makeFrontmost = 'no' }).invalid,
      1,
      true
    )
    assert.matches(
      '"startLine" must be >= 0',
      h.call(ctx, 'openFile', { filePath = path, startLine = -1 }).invalid,
      1,
      true
    )
    assert.matches(
      '"startLine" must be < 2',
      h.call(ctx, 'openFile', { filePath = path, startLine = 2 }).invalid,
      1,
      true
    )
    assert.matches(
      '"endLine" must be < 2',
      h.call(ctx, 'openFile', { filePath = path, startLine = 0, endLine = 5 }).invalid,
      1,
      true
    )
    assert.matches(
      '"endLine" must be >= "startLine"',
      h.call(ctx, 'openFile', { filePath = path, startLine = 1, endLine = 0 }).invalid,
      1,
      true
    )
    assert.matches(
      '"endLine" needs "startLine"',
      h.call(ctx, 'openFile', { filePath = path, endLine = 0 }).invalid,
      1,
      true
    )
  end)
end)
