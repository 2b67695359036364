-- An accepted change set over many files no buffer holds (an LSP rename across a project), applied with a
-- Pacing: the staleness check reads them and the apply writes them with pauses between files (the call parks,
-- the editor's loop runs), and each file is still exactly what was planned; the user's 'eventignore' is theirs
-- during every pause; a file the user opens during a pause gets its change in their buffer.
local cs = require('claude-ide.editor.write.change_set')

--- `fn(pacing)` with a pause at every check, each resumed on a later turn of the loop after `on_pause(n)`, and no
--- wait (helpers.pacing); returns fn's result and how many pauses there were.
local function paced(fn, on_pause)
  local result, stats = require('helpers.pacing').run(fn, { on_pause = on_pause, wait = false })
  return result, stats.pauses
end

describe('a change set over many unloaded files, applied with a pacing', function()
  local dir

  before_each(function()
    dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
  end)

  after_each(function()
    vim.o.eventignore = ''
    vim.cmd('silent! %bwipe!')
    vim.fn.delete(dir, 'rf')
  end)

  --- `n` files (one of 20,000 lines) each with `old` on line 2, and a change set replacing it by `new`.
  local function project(n)
    local files = {}
    for i = 1, n do
      local path = ('%s/f%02d.ts'):format(dir, i)
      local before = { 'a', ('use(old%d)'):format(i), 'z' }
      if i == 1 then
        for k = 4, 20000 do
          before[k] = ('line %05d'):format(k)
        end
      end
      vim.fn.writefile(before, path)
      local after = vim.list_slice(before)
      after[2] = ('use(new%d)'):format(i)
      table.insert(
        files,
        { path = path, before = before, after = after, edits = 1, deleted = false, summary = '1 edit' }
      )
    end
    local watched = {}
    for _, f in ipairs(files) do
      watched[f.path] = f.before
    end
    local finals = vim.tbl_map(function(f)
      return f.after
    end, files)
    return { label = 'rename', files = files, ops = {}, writer = 'plugin', view = 'files', watched = watched }, finals
  end

  it('pauses between the files, reads and writes each exactly, with the user eventignore in every pause', function()
    vim.o.eventignore = 'FocusLost'
    local set, finals = project(6)
    local seen = {}
    local outcome, pauses = paced(function(pacing)
      return cs.applyChangeSet(set, finals, pacing)
    end, function()
      table.insert(seen, vim.o.eventignore)
    end)
    assert.are.equal('applied', outcome.kind, vim.inspect(outcome))
    assert.are.equal(6, outcome.complete)
    -- At least one pause per file read for the staleness check and one per file written.
    assert.is_true(pauses >= 12, 'pauses: ' .. pauses)
    for i, f in ipairs(set.files) do
      assert.are.same(finals[i], vim.fn.readfile(f.path))
    end
    assert.are.equal(pauses, #seen)
    for _, ei in ipairs(seen) do
      assert.are.equal('FocusLost', ei)
    end
    assert.are.same(
      {},
      vim.tbl_filter(function(b)
        return vim.api.nvim_buf_is_loaded(b) and vim.api.nvim_buf_get_name(b):find(dir, 1, true) ~= nil
      end, vim.api.nvim_list_bufs())
    )
  end)

  it('a file the user opens during a pause gets its change in their buffer, saved', function()
    local set, finals = project(4)
    local opened
    local outcome = paced(function(pacing)
      return cs.applyChangeSet(set, finals, pacing)
    end, function(n)
      if n == 2 then
        vim.cmd.edit(vim.fn.fnameescape(set.files[4].path))
        opened = vim.api.nvim_get_current_buf()
      end
    end)
    assert.are.equal('applied', outcome.kind, vim.inspect(outcome))
    assert.are.equal(4, outcome.complete)
    assert.are.same(finals[4], vim.api.nvim_buf_get_lines(opened, 0, -1, false))
    assert.is_false(vim.bo[opened].modified)
    for i, f in ipairs(set.files) do
      assert.are.same(finals[i], vim.fn.readfile(f.path))
    end
  end)

  it('nothing is written when a file changed on disk before the check read it', function()
    local set, finals = project(3)
    local outcome = paced(function(pacing)
      return cs.applyChangeSet(set, finals, pacing)
    end, function(n)
      if n == 1 then
        vim.fn.writefile({ 'someone else' }, set.files[3].path)
      end
    end)
    assert.are.equal('stale', outcome.kind)
    assert.are.same(set.files[1].before, vim.fn.readfile(set.files[1].path))
    assert.are.same({ 'someone else' }, vim.fn.readfile(set.files[3].path))
  end)
end)
