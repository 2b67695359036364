-- checkDocumentDirty / saveDocument: exact paths (never bufnr() pattern matching), honest refusals.
local h = require('helpers.tools')

describe('checkDocumentDirty and saveDocument', function()
  local ctx

  before_each(function()
    ctx = h.context()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local edit = h.edit

  local function read(path)
    return vim.fn.readfile(path)
  end

  it('reports dirty state by exact path, not by bufnr() pattern matching', function()
    local foo = h.file('foo.txt', { 'foo' })
    local xfoo = vim.fs.dirname(foo) .. '/xfoo.txt'
    vim.fn.writefile({ 'x' }, xfoo)
    local bfoo = edit(foo)
    edit(xfoo)
    vim.api.nvim_buf_set_lines(0, 0, -1, true, { 'changed xfoo' })
    assert.are.same(
      { success = true, filePath = foo, isDirty = false, isUntitled = false },
      h.json(h.call(ctx, 'checkDocumentDirty', { filePath = foo }))
    )
    assert.is_true(h.json(h.call(ctx, 'checkDocumentDirty', { filePath = xfoo })).isDirty)
    vim.api.nvim_buf_set_lines(bfoo, 0, -1, true, { 'changed foo' })
    assert.is_true(h.json(h.call(ctx, 'checkDocumentDirty', { filePath = foo })).isDirty)
  end)

  it('handles names with spaces, non-ASCII and pattern characters, given as path or URI', function()
    local path = h.file('dïr with space/a[1]*.txt', { 'x' })
    local buf = edit(path)
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, { 'y' })
    assert.is_true(h.json(h.call(ctx, 'checkDocumentDirty', { filePath = path })).isDirty)
    assert.is_true(h.json(h.call(ctx, 'checkDocumentDirty', { filePath = vim.uri_from_fname(path) })).isDirty)
    local out = h.json(h.call(ctx, 'saveDocument', { filePath = vim.uri_from_fname(path) }))
    assert.are.same({ success = true, filePath = path, saved = true, message = 'Document saved successfully' }, out)
    assert.are.same({ 'y' }, read(path))
    assert.is_false(vim.bo[buf].modified)
  end)

  it('says a document is not open (also for a file on disk without a buffer)', function()
    local path = h.file('closed.txt', { 'x' })
    assert.are.same(
      { success = false, message = 'Document not open: ' .. path },
      h.json(h.call(ctx, 'checkDocumentDirty', { filePath = path }))
    )
    assert.are.same(
      { success = false, message = 'Document not open: /nope.txt' },
      h.json(h.call(ctx, 'saveDocument', { filePath = '/nope.txt' }))
    )
  end)

  it('marks a buffer whose file does not exist yet as untitled, and saving creates it', function()
    local path = vim.fs.dirname(h.file('d/keep.txt', {})) .. '/new file.txt'
    local buf = edit(path)
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, { 'fresh' })
    assert.are.same(
      { success = true, filePath = path, isDirty = true, isUntitled = true },
      h.json(h.call(ctx, 'checkDocumentDirty', { filePath = path }))
    )
    assert.is_true(h.json(h.call(ctx, 'saveDocument', { filePath = path })).success)
    assert.are.same({ 'fresh' }, read(path))
  end)

  it('does not rewrite a buffer without unsaved changes', function()
    local path = h.file('clean.txt', { 'x' })
    edit(path)
    vim.fn.writefile({ 'changed on disk' }, path)
    local out = h.json(h.call(ctx, 'saveDocument', { filePath = path }))
    assert.are.same({ success = true, filePath = path, saved = true, message = 'Document had no unsaved changes' }, out)
    assert.are.same({ 'changed on disk' }, read(path))
  end)

  it('refuses to overwrite a file changed on disk since it was read (no prompt)', function()
    local path = h.file('race.txt', { 'original' })
    local buf = edit(path)
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, { 'mine' })
    -- Make the on-disk change visible to Vim's timestamp check (1 s resolution on some filesystems).
    vim.fn.writefile({ 'theirs' }, path)
    vim.uv.fs_utime(path, os.time() + 5, os.time() + 5)
    local out = h.json(h.call(ctx, 'saveDocument', { filePath = path }))
    assert.is_false(out.success)
    assert.matches('changed on disk', out.message)
    assert.are.same({ 'theirs' }, read(path))
    assert.is_true(vim.bo[buf].modified)
    assert.are.same({ 'mine' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
  end)

  it("refuses a 'readonly' buffer", function()
    local path = h.file('ro.txt', { 'x' })
    local buf = edit(path)
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, { 'y' })
    vim.bo[buf].readonly = true
    local out = h.json(h.call(ctx, 'saveDocument', { filePath = path }))
    assert.is_false(out.success)
    assert.matches('read%-only', out.message)
  end)

  it('reports a failing write with its reason and keeps the buffer modified', function()
    -- Permissions do not stop root (CI): a file whose folder vanished cannot be written by anyone.
    local path = h.file('gone/file.txt', { 'x' })
    local buf = edit(path)
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, { 'y' })
    vim.fn.delete(vim.fs.dirname(path), 'rf')
    local out = h.json(h.call(ctx, 'saveDocument', { filePath = path }))
    assert.is_false(out.success)
    assert.matches('write failed', out.message)
    assert.is_true(vim.bo[buf].modified)
    assert.are.same({ 'y' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
  end)

  it('requires filePath as a string', function()
    assert.matches(
      'missing required argument "filePath"',
      h.call(ctx, 'saveDocument', vim.empty_dict()).invalid,
      1,
      true
    )
    assert.matches(
      '"filePath" must be a string',
      h.call(ctx, 'checkDocumentDirty', { filePath = true }).invalid,
      1,
      true
    )
  end)
end)
