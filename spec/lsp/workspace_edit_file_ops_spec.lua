-- File operations (create, rename, delete) inside a WorkspaceEdit, as a real language server sends them with
-- a rename (edit_server.lua answers the WorkspaceEdit each spec writes): shown in the one review (a renamed file
-- under its new name, a deleted one against an empty proposal), applied on accept with the buffers following
-- their files, nothing changed on a rejection, and a deletion that would lose unsaved changes refused before
-- anything is shown.
local lsp = require('helpers.lsp')
local d = require('helpers.diff')

local SERVER = lsp.root .. '/spec/fixtures/lsp/edit_server.lua'

--- The proposal buffer of the open review (waits for it).
local function proposal()
  return d.wait_proposal(10000)
end

local function reviews_open()
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.b[buf].claude_ide_diff then
      return true
    end
  end
  return false
end

--- The winbars of the review's two windows: current (left), proposal (right).
local function winbars()
  local p = d.file_proposal()
  local left
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(vim.api.nvim_win_get_tabpage(vim.fn.win_findbuf(p)[1]))) do
    local v = vim.b[vim.api.nvim_win_get_buf(win)].claude_ide_diff
    if v and v.role == 'current' then
      left = vim.wo[win].winbar
    end
  end
  return left, vim.wo[vim.fn.win_findbuf(p)[1]].winbar
end

--- File `index`'s own review, opened from the review's overview (<CR> on its first hunk).
local function open_file(index)
  d.open_file(index)
end

local function finish(poll)
  assert(
    vim.wait(20000, function()
      return (poll())
    end, 10),
    'the tool did not finish'
  )
  local _, result = poll()
  return result.content[1].text, result.isError == true
end

--- :w in the proposal: the overview's when the review has one (it applies everything).
local function accept()
  local overview
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if require('claude-ide.editor.review.overview').overviewOf(buf) then
      overview = buf
    end
  end
  vim.api.nvim_buf_call(overview or proposal(), function()
    vim.cmd('silent write')
  end)
end

local function exists(path)
  return vim.uv.fs_stat(path) ~= nil
end

--- A buffer named exactly `path` (never Vim's pattern matching).
local function buffer_named(path)
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == path then
      return b
    end
  end
end

describe('LSP WorkspaceEdit file operations', function()
  -- wide enough for every part of a review's winbar (a narrow window drops parts whole)
  local columns
  setup(function()
    columns = vim.o.columns
    vim.o.columns = 300
  end)
  teardown(function()
    vim.o.columns = columns
  end)

  local dir, ctx, answer

  --- The WorkspaceEdit the server answers the next rename with.
  local function serve(edit)
    vim.fn.writefile({ vim.json.encode(edit) }, answer)
  end

  local function uri(rel)
    return vim.uri_from_fname(dir .. '/' .. rel)
  end

  local function text_edit(rel, line, text)
    return {
      textDocument = { uri = uri(rel), version = vim.NIL },
      edits = {
        {
          range = { start = { line = line, character = 0 }, ['end'] = { line = line + 1, character = 0 } },
          newText = text,
        },
      },
    }
  end

  local function rename_call(extra)
    return lsp.start(
      ctx,
      'lsp_rename',
      vim.tbl_extend('force', { path = 'a.txt', line = 1, column = 1, new_name = 'b' }, extra or {})
    )
  end

  before_each(function()
    dir = vim.uv.fs_realpath(vim.fn.tempname() .. '') or vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    dir = vim.uv.fs_realpath(dir)
    answer = dir .. '/.answer.json'
    vim.fn.writefile({ 'alpha', 'two', 'three' }, dir .. '/a.txt')
    vim.fn.writefile({ 'gamma' }, dir .. '/c.txt')
    vim.fn.writefile({ 'delta' }, dir .. '/d.txt')
    vim.cmd('filetype on')
    local group = vim.api.nvim_create_augroup('spec-lsp', { clear = true })
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = 'text',
      callback = function(ev)
        if vim.bo[ev.buf].buftype ~= '' then
          return
        end
        vim.lsp.start(
          { name = 'edits', cmd = { vim.v.progpath, '-l', SERVER, answer }, root_dir = dir },
          { bufnr = ev.buf }
        )
      end,
    })
    lsp.cd(dir)
    ctx = lsp.context()
  end)

  after_each(function()
    ctx.dispose()
    lsp.stop_all()
    lsp.reset_editor()
  end)

  it('a server whose renameProvider is just `true` (no prepareRename): its edit is reviewed and applied', function()
    vim.cmd.edit(dir .. '/a.txt')
    serve({ changes = { [uri('a.txt')] = { text_edit('a.txt', 0, 'ALPHA\n').edits[1] } } })
    local poll = rename_call()
    accept()
    local text, is_error = finish(poll)
    assert.is_false(is_error, text)
    assert.matches(
      '^OK: applied rename of "alpha" at a.txt:1:1 to "b": 1 edit in 1 file\n  a.txt: 1 edit and saved\n',
      text
    )
    assert.are.same({ 'ALPHA', 'two', 'three' }, vim.fn.readfile(dir .. '/a.txt'))
  end)

  it('accepted: renamed (text edits after it at the new name) and deleted, on disk and in the buffers', function()
    vim.cmd.edit(dir .. '/a.txt')
    local a_buf = vim.api.nvim_get_current_buf()
    vim.fn.bufload(vim.fn.bufadd(dir .. '/c.txt'))
    local c_buf = buffer_named(dir .. '/c.txt')
    serve({
      documentChanges = {
        { kind = 'rename', oldUri = uri('a.txt'), newUri = uri('sub/b.txt') },
        text_edit('sub/b.txt', 1, 'TWO\n'),
        { kind = 'delete', uri = uri('c.txt') },
      },
    })
    local poll = rename_call()
    -- The overview: the renamed file first, under its new name, then the deleted one.
    assert.are.same({
      'sub/b.txt (renamed from a.txt, 1 edit): 1 hunk',
      '@@ -1,3 +1,3 @@',
      ' alpha',
      '-two',
      '+TWO',
      ' three',
      'c.txt (deleted): 1 hunk',
      '@@ -1,1 +0,0 @@',
      '-gamma',
    }, d.overview_lines())
    -- Each file's own review: the renamed one old text against new.
    open_file(1)
    local left, right = winbars()
    assert.matches('Renamed: a.txt → sub/b.txt', left, 1, true)
    assert.matches('File 1/2 (renamed from a.txt, 1 edit)', right, 1, true)
    assert.are.same({ 'alpha', 'TWO', 'three' }, vim.api.nvim_buf_get_lines(d.file_proposal(), 0, -1, true))
    d.back_to_overview()
    open_file(2)
    left, right = winbars()
    assert.matches('Deleted: c.txt', left, 1, true)
    assert.matches("Claude's proposal: delete the file  · 1 hunk left · File 2/2", right, 1, true)
    assert.matches("Claude's proposal: delete the file", right, 1, true)
    assert.are.same({ '' }, vim.api.nvim_buf_get_lines(d.file_proposal(), 0, -1, true))
    assert.is_false(vim.bo[d.file_proposal()].modifiable)
    d.back_to_overview()
    assert.is_false((poll()))
    accept()
    local text, is_error = finish(poll)
    assert.is_false(is_error, text)
    assert.matches(
      '^OK: applied rename of "alpha" at a.txt:1:1 to "b": 1 edit in 2 files, 1 renamed, 1 deleted\n',
      text
    )
    assert.matches(
      '\n  renamed a.txt → sub/b.txt (buffer b' .. a_buf .. ' follows it), then 1 edit and saved\n',
      text,
      1,
      true
    )
    assert.matches('\n  deleted c.txt (its buffer b' .. c_buf .. ' wiped)\n', text, 1, true)
    -- Disk.
    assert.is_false(exists(dir .. '/a.txt'))
    assert.is_false(exists(dir .. '/c.txt'))
    assert.are.same({ 'alpha', 'TWO', 'three' }, vim.fn.readfile(dir .. '/sub/b.txt'))
    assert.are.same({ 'delta' }, vim.fn.readfile(dir .. '/d.txt'))
    -- Buffers: the same buffer under the new name, saved; nothing left with the old names.
    assert.are.equal(dir .. '/sub/b.txt', vim.api.nvim_buf_get_name(a_buf))
    assert.are.equal(a_buf, vim.api.nvim_get_current_buf())
    assert.are.same({ 'alpha', 'TWO', 'three' }, vim.api.nvim_buf_get_lines(a_buf, 0, -1, true))
    assert.is_false(vim.bo[a_buf].modified)
    assert.is_nil(buffer_named(dir .. '/a.txt'))
    assert.is_false(vim.api.nvim_buf_is_valid(c_buf))
    -- :w works in the moved buffer (no E13), and writes the new file.
    vim.api.nvim_buf_set_lines(a_buf, 2, 3, true, { 'THREE' })
    vim.cmd('silent write')
    assert.are.same({ 'alpha', 'TWO', 'THREE' }, vim.fn.readfile(dir .. '/sub/b.txt'))
    assert.is_false(reviews_open())
  end)

  it('a renamed buffer follows a file name with | % # + and a newline exactly, running nothing', function()
    vim.cmd.edit(dir .. '/a.txt')
    local a_buf = vim.api.nvim_get_current_buf()
    local odd = '+e x|call writefile(["pwned"], "'
      .. dir
      .. '/pwned") % #1\ncall writefile(["pwned"], "'
      .. dir
      .. '/pwned2")'
    serve({
      documentChanges = { { kind = 'rename', oldUri = uri('a.txt'), newUri = vim.uri_from_fname(dir .. '/' .. odd) } },
    })
    local poll = rename_call()
    accept()
    local text, is_error = finish(poll)
    assert.is_false(is_error, text)
    assert.are.equal(dir .. '/' .. odd, vim.api.nvim_buf_get_name(a_buf))
    assert.are.same({ 'alpha', 'two', 'three' }, vim.fn.readfile(dir .. '/' .. odd))
    assert.is_false(exists(dir .. '/pwned'))
    assert.is_false(exists(dir .. '/pwned2'))
    assert.is_false(exists(dir .. '/a.txt'))
  end)

  it('rejected: nothing changes on disk or in the buffers', function()
    -- What the first diagnostics and the agent's memory set up once is there before the snapshot.
    local published = false
    vim.api.nvim_create_autocmd('DiagnosticChanged', {
      once = true,
      callback = function()
        published = true
      end,
    })
    vim.cmd.edit(dir .. '/a.txt')
    local a_buf = vim.api.nvim_get_current_buf()
    assert.is_true(vim.wait(5000, function()
      return published
    end, 10))
    local _ = ctx.services.agent
    serve({
      documentChanges = {
        { kind = 'rename', oldUri = uri('a.txt'), newUri = uri('b.txt') },
        text_edit('b.txt', 0, 'ALPHA\n'),
        { kind = 'delete', uri = uri('c.txt') },
        { kind = 'create', uri = uri('new.txt') },
      },
    })
    local snapshot = d.snapshot()
    local poll = rename_call()
    vim.api.nvim_buf_delete(proposal(), { force = true })
    local text = finish(poll)
    assert.matches(
      '^REJECTED: the user rejected rename of "alpha" at a.txt:1:1 to "b" %(2 edits in 3 files, 1 renamed, 1 deleted%) in Neovim\'s review; nothing changed',
      text
    )
    assert.are.same({ 'alpha', 'two', 'three' }, vim.fn.readfile(dir .. '/a.txt'))
    assert.are.same({ 'gamma' }, vim.fn.readfile(dir .. '/c.txt'))
    assert.is_false(exists(dir .. '/b.txt'))
    assert.is_false(exists(dir .. '/new.txt'))
    assert.are.equal(dir .. '/a.txt', vim.api.nvim_buf_get_name(a_buf))
    assert.is_false(vim.bo[a_buf].modified)
    d.assert_clean(snapshot)
  end)

  it('a deleted file with unsaved changes is refused before anything is shown; nothing changes', function()
    vim.cmd.edit(dir .. '/c.txt')
    local c_buf = vim.api.nvim_get_current_buf()
    vim.api.nvim_buf_set_lines(c_buf, 0, 1, true, { 'my unsaved work' })
    vim.cmd.edit(dir .. '/a.txt')
    serve({
      documentChanges = {
        text_edit('a.txt', 0, 'ALPHA\n'),
        { kind = 'delete', uri = uri('c.txt') },
      },
    })
    local text, is_error = finish(rename_call())
    assert.is_true(is_error)
    assert.matches(
      'ERROR: rename of "alpha" at a.txt:1:1 to "b" deletes c.txt, which has unsaved changes of the user in buffer b'
        .. c_buf
        .. ': nothing was changed and nothing was shown. Ask the user to save (:w) or discard (:e!) their changes to c.txt, then try again',
      text,
      1,
      true
    )
    assert.is_false(reviews_open())
    assert.are.same({ 'gamma' }, vim.fn.readfile(dir .. '/c.txt'))
    assert.are.same({ 'my unsaved work' }, vim.api.nvim_buf_get_lines(c_buf, 0, -1, true))
    assert.is_true(vim.bo[c_buf].modified)
    assert.are.same({ 'alpha', 'two', 'three' }, vim.fn.readfile(dir .. '/a.txt'))
  end)

  it("a renamed file's unsaved changes move with its buffer, stay unsaved, and :w then works", function()
    local old_columns = vim.o.columns
    vim.o.columns = 300 -- wide enough for the whole winbar
    finally(function()
      vim.o.columns = old_columns
    end)
    vim.cmd.edit(dir .. '/a.txt')
    local a_buf = vim.api.nvim_get_current_buf()
    vim.api.nvim_buf_set_lines(a_buf, 2, 3, true, { 'my unsaved three' })
    serve({
      documentChanges = {
        { kind = 'rename', oldUri = uri('a.txt'), newUri = uri('b.txt') },
        text_edit('b.txt', 0, 'ALPHA\n'),
      },
    })
    local poll = rename_call()
    local left = winbars()
    assert.matches('Renamed: a.txt → b.txt', left, 1, true)
    assert.matches('with your unsaved changes', left, 1, true)
    accept()
    local text, is_error = finish(poll)
    assert.is_false(is_error, text)
    assert.matches(
      '  renamed a.txt → b.txt (buffer b'
        .. a_buf
        .. ' follows it, its unsaved changes kept (not saved)), then 1 edit in buffer b'
        .. a_buf
        .. ', not saved: it already had unsaved changes of the user',
      text,
      1,
      true
    )
    assert.is_false(exists(dir .. '/a.txt'))
    -- On disk: the file as it was, under the new name; the buffer: the user's text plus the edit, unsaved.
    assert.are.same({ 'alpha', 'two', 'three' }, vim.fn.readfile(dir .. '/b.txt'))
    assert.are.equal(dir .. '/b.txt', vim.api.nvim_buf_get_name(a_buf))
    assert.are.same({ 'ALPHA', 'two', 'my unsaved three' }, vim.api.nvim_buf_get_lines(a_buf, 0, -1, true))
    assert.is_true(vim.bo[a_buf].modified)
    vim.cmd('silent write')
    assert.are.same({ 'ALPHA', 'two', 'my unsaved three' }, vim.fn.readfile(dir .. '/b.txt'))
    -- Undo goes back through the edit to the user's text: nothing of theirs was lost on the way.
    vim.cmd('silent undo')
    assert.are.same({ 'alpha', 'two', 'my unsaved three' }, vim.api.nvim_buf_get_lines(a_buf, 0, -1, true))
  end)

  it('renaming onto an existing file: refused without overwrite, skipped with ignoreIfExists', function()
    vim.cmd.edit(dir .. '/a.txt')
    serve({ documentChanges = { { kind = 'rename', oldUri = uri('a.txt'), newUri = uri('d.txt') } } })
    local text, is_error = finish(rename_call())
    assert.is_true(is_error)
    assert.matches(
      "ERROR: the server's edit renames a.txt to d.txt, which exists (and the edit does not say to overwrite it): nothing was changed",
      text,
      1,
      true
    )
    serve({
      documentChanges = {
        { kind = 'rename', oldUri = uri('a.txt'), newUri = uri('d.txt'), options = { ignoreIfExists = true } },
      },
    })
    text = finish(rename_call())
    assert.matches('^OK: nothing to change', text)
    assert.is_false(reviews_open())
    assert.are.same({ 'alpha', 'two', 'three' }, vim.fn.readfile(dir .. '/a.txt'))
    assert.are.same({ 'delta' }, vim.fn.readfile(dir .. '/d.txt'))
  end)

  it('rename with overwrite replaces the target (shown as deleted) and wipes its clean buffer', function()
    vim.fn.bufload(vim.fn.bufadd(dir .. '/d.txt'))
    local d_buf = buffer_named(dir .. '/d.txt')
    vim.cmd.edit(dir .. '/a.txt')
    serve({
      documentChanges = {
        { kind = 'rename', oldUri = uri('a.txt'), newUri = uri('d.txt'), options = { overwrite = true } },
      },
    })
    local poll = rename_call()
    local lines = d.overview_lines()
    assert.are.equal('d.txt (renamed from a.txt): no change of its text', lines[1])
    assert.are.equal('d.txt (deleted: replaced by a.txt): 1 hunk', lines[2])
    open_file(2)
    -- what accepting does stays in the winbar (what it is part of may go when the window is narrow)
    assert.matches("Claude's proposal: delete the file  · 1 hunk left · File 2/2", select(2, winbars()), 1, true)
    d.back_to_overview()
    accept()
    local text = finish(poll)
    assert.matches('^OK: applied rename .*: 0 edits in 2 files, 1 renamed, 1 deleted\n', text)
    assert.matches('  replaced d.txt by a.txt (its old text is gone)', text, 1, true)
    assert.matches('  renamed a.txt → d.txt', text, 1, true)
    assert.are.same({ 'alpha', 'two', 'three' }, vim.fn.readfile(dir .. '/d.txt'))
    assert.is_false(exists(dir .. '/a.txt'))
    assert.is_false(vim.api.nvim_buf_is_valid(d_buf))
    assert.are.equal(dir .. '/d.txt', vim.api.nvim_buf_get_name(0))
  end)

  it('deleting a file that does not exist: an error, unless ignoreIfNotExists', function()
    vim.cmd.edit(dir .. '/a.txt')
    serve({ documentChanges = { { kind = 'delete', uri = uri('gone.txt') } } })
    local text, is_error = finish(rename_call())
    assert.is_true(is_error)
    assert.matches("the server's edit deletes gone.txt, which does not exist: nothing was changed", text, 1, true)
    serve({
      documentChanges = {
        { kind = 'delete', uri = uri('gone.txt'), options = { ignoreIfNotExists = true } },
        text_edit('a.txt', 0, 'ALPHA\n'),
      },
    })
    local poll = rename_call()
    accept()
    assert.matches('^OK: applied rename .*: 1 edit in 1 file\n', (finish(poll)))
    assert.are.same({ 'ALPHA', 'two', 'three' }, vim.fn.readfile(dir .. '/a.txt'))
  end)

  it('with review off (agent.review = false) the same operations apply at once', function()
    local direct = lsp.context({ agent = { review = false } })
    vim.cmd.edit(dir .. '/a.txt')
    local a_buf = vim.api.nvim_get_current_buf()
    serve({
      documentChanges = {
        { kind = 'create', uri = uri('made/new.txt') },
        text_edit('made/new.txt', 0, 'fresh\n'),
        { kind = 'rename', oldUri = uri('a.txt'), newUri = uri('b.txt') },
        { kind = 'delete', uri = uri('c.txt') },
      },
    })
    local text = lsp.ok(direct, 'lsp_rename', { path = 'a.txt', line = 1, column = 1, new_name = 'b' })
    assert.matches('^OK: applied rename .*: 2 edits in 3 files, 1 renamed, 1 deleted\n', text)
    assert.matches('  made/new.txt: created and written to disk (no buffer had it open)', text, 1, true)
    assert.matches('  renamed a.txt → b.txt (buffer b' .. a_buf .. ' follows it)', text, 1, true)
    assert.matches('  deleted c.txt\n', text, 1, true)
    assert.are.same({ 'fresh' }, vim.fn.readfile(dir .. '/made/new.txt'))
    assert.are.same({ 'alpha', 'two', 'three' }, vim.fn.readfile(dir .. '/b.txt'))
    assert.is_false(exists(dir .. '/a.txt'))
    assert.is_false(exists(dir .. '/c.txt'))
    assert.are.equal(dir .. '/b.txt', vim.api.nvim_buf_get_name(a_buf))
    assert.is_false(reviews_open())
  end)

  it('edits to a file after the edit deleted it, and folder operations, are refused', function()
    vim.cmd.edit(dir .. '/a.txt')
    serve({ documentChanges = { { kind = 'delete', uri = uri('c.txt') }, text_edit('c.txt', 0, 'x\n') } })
    local text, is_error = finish(rename_call())
    assert.is_true(is_error)
    assert.matches('changes c.txt after deleting or renaming it: nothing was changed', text, 1, true)
    vim.fn.mkdir(dir .. '/folder', 'p')
    serve({ documentChanges = { { kind = 'delete', uri = uri('folder'), options = { recursive = true } } } })
    text, is_error = finish(rename_call())
    assert.is_true(is_error)
    assert.matches('deletes the folder folder: folder operations are not supported', text, 1, true)
    assert.are.equal(1, vim.fn.isdirectory(dir .. '/folder'))
    assert.are.same({ 'gamma' }, vim.fn.readfile(dir .. '/c.txt'))
  end)
end)
