-- After an accept the CLI writes the file itself: the file's buffer must follow that write with no prompt,
-- as one undo step, unmodified, and with the user's unsaved edits one `u` away.
local h = require('helpers.tools')
local d = require('helpers.diff')

describe('after an accept, the file buffer', function()
  local ctx

  before_each(function()
    ctx = h.context()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  --- Opens a review of `path` proposing `text` and accepts it with <CR> (or `decide()`); returns the answered text.
  local function accept(path, text, decide)
    local poll = h.start_call(
      ctx,
      'openDiff',
      { old_file_path = path, new_file_path = path, new_file_contents = text, tab_name = 't' }
    )
    if decide then
      decide()
    else
      vim.cmd('write')
    end
    local first, second = d.texts(d.wait_done(poll))
    assert.are.equal('FILE_SAVED', first)
    return second
  end

  --- What the CLI does next: write the accepted text (atomically, like most writers, unless `in_place`).
  local function cli_writes(path, text, in_place)
    if in_place then
      d.write(path, text)
    else
      d.write(path .. '.tmp', text)
      assert(os.rename(path .. '.tmp', path))
    end
  end

  local function wait_lines(buf, lines)
    local ok = vim.wait(3000, function()
      return vim.deep_equal(vim.api.nvim_buf_get_lines(buf, 0, -1, true), lines)
    end, 10)
    assert(ok, 'the buffer did not follow the write: ' .. vim.inspect(vim.api.nvim_buf_get_lines(buf, 0, -1, true)))
  end

  -- Negative checks ("nothing happens") wait a bounded time: as long as a follower of the file would need to
  -- act (src/claude-ide/editor/review/diff_follow.ts). It looks at the file every 100 ms (POLL_MS) and at once on a
  -- file system event; it reloads a write of the accepted text at the first look, and any other change once a
  -- look finds it unchanged for 300 ms (SETTLE_MS).
  local LOOKS_MS = 300 -- three looks
  local SETTLED_MS = 600 -- first look (<= 100 ms) + 300 ms settled + up to one more look, with 100 ms to spare

  --- Asserts that `changed()` stays false for `ms`.
  local function stays(ms, changed, what)
    assert.is_false(vim.wait(ms, changed, 10), what)
  end

  it('follows the write as one undo step, unmodified, and :w afterwards does not warn', function()
    local path = h.file('f.txt', { 'one', 'two' })
    vim.cmd.edit(path)
    local buf = vim.api.nvim_get_current_buf()
    local seq = vim.fn.undotree(buf).seq_cur
    local text = accept(path, 'one\nTWO\n')
    assert(
      vim.wait(2000, function()
        return vim.api.nvim_get_current_buf() == buf
      end, 5),
      'back in the file after the review closed'
    )
    stays(LOOKS_MS, function()
      return d.read(path) ~= 'one\ntwo\n'
    end, 'the plugin never writes the file itself')
    assert.are.equal('one\ntwo\n', d.read(path), 'the plugin never writes the file itself')
    assert.are.same({ 'one', 'two' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))

    cli_writes(path, text)
    wait_lines(buf, { 'one', 'TWO' })
    assert.is_false(vim.bo[buf].modified)
    assert.are.equal(seq + 1, vim.fn.undotree(buf).seq_cur)
    -- Vim knows the new file: no "changed since reading" on :write, no reload on :checktime
    vim.cmd('checktime')
    assert.are.equal(seq + 1, vim.fn.undotree(buf).seq_cur)
    vim.api.nvim_buf_set_lines(buf, 2, 2, true, { 'three' })
    vim.v.warningmsg = ''
    vim.cmd('silent write')
    assert.are.equal('', vim.v.warningmsg)
    assert.are.equal('one\nTWO\nthree\n', d.read(path))
    -- and the change itself is undone by one `u`
    vim.cmd('silent undo')
    vim.cmd('silent undo')
    assert.are.same({ 'one', 'two' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
  end)

  -- :w accepts from inside the proposal's BufWriteCmd, where autocmds do not nest. openDiff's accept writes
  -- nothing itself, and the reload that follows the CLI's write runs from a timer: the file's autocmds run there.
  it('accepted with :w, follows the write with its BufReadPost autocmds run once, and never writes', function()
    local path = h.file('hooks.txt', { 'one', 'two' })
    vim.cmd.edit(path)
    local buf = vim.api.nvim_get_current_buf()
    local seen = { read = 0, write = 0 }
    local group = vim.api.nvim_create_augroup('claude-ide-spec.follow-hooks', {})
    vim.api.nvim_create_autocmd('BufReadPost', {
      group = group,
      buffer = buf,
      callback = function()
        seen.read = seen.read + 1
      end,
    })
    vim.api.nvim_create_autocmd('BufWritePost', {
      group = group,
      buffer = buf,
      callback = function()
        seen.write = seen.write + 1
      end,
    })
    local text = accept(path, 'one\nTWO\n', function()
      vim.cmd('write')
    end)
    cli_writes(path, text)
    wait_lines(buf, { 'one', 'TWO' })
    vim.api.nvim_del_augroup_by_id(group)
    assert.are.same({ read = 1, write = 0 }, seen)
    assert.is_false(vim.bo[buf].modified)
  end)

  it('keeps unsaved edits one `u` away and says so', function()
    local path = h.file('dirty.txt', { 'one', 'two' })
    vim.cmd.edit(path)
    local buf = vim.api.nvim_get_current_buf()
    vim.api.nvim_buf_set_lines(buf, 0, 1, true, { 'my unsaved edit' })
    local seq = vim.fn.undotree(buf).seq_cur
    local messages = d.capture_messages()
    local text = accept(path, 'one\nTWO\n')
    cli_writes(path, text, true)
    wait_lines(buf, { 'one', 'TWO' })
    messages.restore()
    assert.is_false(vim.bo[buf].modified)
    assert.are.equal(seq + 1, vim.fn.undotree(buf).seq_cur)
    assert.matches('unsaved edits were replaced and are one `u` away', messages.text(), 1, true)
    vim.cmd('silent undo')
    assert.are.same({ 'my unsaved edit', 'two' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.is_true(vim.bo[buf].modified)
    vim.cmd('silent undo')
    assert.are.same({ 'one', 'two' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
  end)

  it('follows a file created by the write (a buffer opened on a new file)', function()
    local path = vim.fn.tempname() .. '.txt'
    vim.cmd.edit(path)
    local buf = vim.api.nvim_get_current_buf()
    local text = accept(path, 'created\n')
    cli_writes(path, text)
    wait_lines(buf, { 'created' })
    assert.is_false(vim.bo[buf].modified)
  end)

  it('follows a CRLF file written back with CRLF (lines without "\\r")', function()
    local path = h.file('crlf.txt', {})
    d.write(path, 'one\r\ntwo\r\n')
    vim.cmd.edit(path)
    local buf = vim.api.nvim_get_current_buf()
    assert.are.equal('dos', vim.bo[buf].fileformat)
    local text = accept(path, 'one\nTWO\n')
    assert.are.equal('one\nTWO\n', text)
    cli_writes(path, 'one\r\nTWO\r\n')
    wait_lines(buf, { 'one', 'TWO' })
    assert.are.equal('dos', vim.bo[buf].fileformat)
  end)

  it('follows a write that differs from the accepted text once it has settled (e.g. a formatter hook)', function()
    local path = h.file('fmt.txt', { 'a' })
    vim.cmd.edit(path)
    local buf = vim.api.nvim_get_current_buf()
    accept(path, 'b\n')
    cli_writes(path, 'b formatted\n')
    wait_lines(buf, { 'b formatted' })
    assert.is_false(vim.bo[buf].modified)
  end)

  it('is left alone after a reject, and when no buffer shows the file', function()
    local path = h.file('r.txt', { 'a' })
    vim.cmd.edit(path)
    local buf = vim.api.nvim_get_current_buf()
    local poll = h.start_call(
      ctx,
      'openDiff',
      { old_file_path = path, new_file_path = path, new_file_contents = 'b\n', tab_name = 't' }
    )
    d.press('q')
    d.wait_done(poll)
    d.write(path, 'changed by someone else\n')
    -- No follower after a reject: a change that is not the accepted text would be reloaded once settled.
    stays(SETTLED_MS, function()
      return not vim.deep_equal({ 'a' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    end, 'the buffer followed a write after a reject')
    assert.are.same({ 'a' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))

    local other = h.file('nobuf.txt', { 'a' })
    local text = accept(other, 'b\n')
    cli_writes(other, text)
    -- The accepted text: a follower would reload at its first look.
    stays(LOOKS_MS, function()
      return vim.fn.bufnr(other) ~= -1
    end, 'no buffer was created for the file')
    assert.are.equal(-1, vim.fn.bufnr(other), 'no buffer was created for the file')
  end)
end)
