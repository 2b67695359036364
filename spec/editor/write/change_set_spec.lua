-- The change-set pipeline (editor/write/change_set): a change set is reviewed in the real diff review (one file) or
-- the multi-file review (several files, file operations), decided as a user would (:w in the proposal, q,
-- wiping it), and applied by the plugin. Checked on what is left: the files on disk and the buffers' lines after
-- an accept (the user's change to the proposal included), nothing touched after a rejection, nothing applied
-- when one file went stale during the review, nothing shown for a deletion of unsaved work, and no text
-- written once a file operation failed.
local h = require('helpers.tools')
local d = require('helpers.diff')
local cs = require('claude-ide.editor.write.change_set')

--- A fresh folder with these files ({ name = lines }); returns its absolute path.
local function folder(files)
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  for name, lines in pairs(files) do
    vim.fn.writefile(lines, dir .. '/' .. name)
  end
  return dir
end

local function disk(path)
  if vim.fn.filereadable(path) ~= 1 then
    return nil
  end
  return vim.fn.readfile(path)
end

--- A file change with the fields the pipeline needs.
local function change(path, before, after, extra)
  return vim.tbl_extend('force', {
    path = path,
    before = before,
    after = after,
    edits = 1,
    deleted = false,
    summary = '1 edit',
  }, extra or {})
end

--- Runs review then (on accept) apply in a coroutine, as a tool handler runs; returns a poll giving
--- (finished, decision, outcome).
local function run(ctx, set)
  local finished, decision, outcome = false, nil, nil
  local co = coroutine.create(function()
    decision = cs.reviewChangeSet(ctx, set)
    if decision.kind == 'accepted' then
      outcome = cs.applyChangeSet(set, decision.finals)
    end
    finished = true
  end)
  local ok, err = coroutine.resume(co)
  assert(ok, err)
  return function()
    return finished, decision, outcome
  end
end

local function finish(poll)
  assert(
    vim.wait(5000, function()
      return (poll())
    end, 10),
    'the change set was not decided'
  )
  local _, decision, outcome = poll()
  return decision, outcome
end

--- Accepts the open review with :w in its proposal, after setting the proposal's lines to `lines` (if given).
local function accept(lines)
  local buf = d.wait_proposal(5000)
  if lines then
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  end
  vim.api.nvim_buf_call(buf, function()
    vim.cmd('write')
  end)
end

describe('change set', function()
  local ctx

  before_each(function()
    ctx = h.context()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  it('one file: the diff review; accepted with the user change, the loaded buffer gets it and is saved', function()
    local dir = folder({ ['a.txt'] = { 'one', 'two' } })
    local path = dir .. '/a.txt'
    local buf = h.edit(path)
    -- The agent memory is made on first use, its autocmd kept until the server stops: made before the snapshot.
    local _ = ctx.services.agent
    local before = d.snapshot()
    local poll = run(
      ctx,
      { label = 'a.txt', files = { change(path, { 'one', 'two' }, { 'one', 'TWO' }) }, ops = {}, writer = 'plugin' }
    )
    local proposal = d.wait_proposal(5000)
    -- The one-file review (no "File 1/1" of the multi-file one), with the proposal to decide on.
    assert.are.same({ 'one', 'TWO' }, vim.api.nvim_buf_get_lines(proposal, 0, -1, true))
    assert.is_nil(vim.wo[vim.fn.win_findbuf(proposal)[1]].winbar:find('File 1/', 1, true))
    accept({ 'one', 'TWO', 'three' })
    local decision, outcome = finish(poll)
    assert.are.equal('accepted', decision.kind)
    assert.is_true(decision.reviewed)
    assert.are.equal('applied', outcome.kind)
    assert.are.equal(1, outcome.complete)
    local file = outcome.files[1]
    assert.is_true(file.userChanged)
    assert.is_true(file.written.ok)
    assert.are.equal('and saved', file.written.where)
    assert.are.same({ 'one', 'TWO', 'three' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.is_false(vim.bo[buf].modified)
    assert.are.same({ 'one', 'TWO', 'three' }, disk(path))
    d.assert_clean(before)
  end)

  it('one file rejected: the buffer and the file stay as they were', function()
    local dir = folder({ ['a.txt'] = { 'one', 'two' } })
    local path = dir .. '/a.txt'
    local buf = h.edit(path)
    local poll =
      run(ctx, { label = 'a.txt', files = { change(path, { 'one', 'two' }, { 'ONE' }) }, ops = {}, writer = 'plugin' })
    d.wait_proposal(5000)
    d.press('q')
    local decision, outcome = finish(poll)
    assert.are.equal('rejected', decision.kind)
    assert.is_nil(outcome)
    assert.are.same({ 'one', 'two' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.is_false(vim.bo[buf].modified)
    assert.are.same({ 'one', 'two' }, disk(path))
  end)

  --- a.txt (loaded in a buffer) edited, b.txt (on disk only) renamed to c.txt and edited, new.txt created.
  local function three_files()
    local dir = folder({ ['a.txt'] = { 'alpha' }, ['b.txt'] = { 'beta' } })
    local buf = h.edit(dir .. '/a.txt')
    local set = {
      label = 'three files',
      files = {
        change(dir .. '/a.txt', { 'alpha' }, { 'ALPHA' }),
        change(dir .. '/c.txt', { 'beta' }, { 'BETA' }, { from = dir .. '/b.txt', summary = 'renamed, 1 edit' }),
        change(dir .. '/new.txt', nil, { 'fresh' }, { summary = 'new file' }),
      },
      ops = { { kind = 'rename', from = dir .. '/b.txt', to = dir .. '/c.txt', overwrite = false } },
      writer = 'plugin',
    }
    return dir, buf, set
  end

  it('several files and a rename: one multi-file review; accepted, the rename is made, then every text', function()
    local dir, buf, set = three_files()
    local poll = run(ctx, set)
    local proposal = d.wait_proposal(5000)
    -- one overview of the three files (its winbar's count is dropped at the spec's 80 columns: its lines say it)
    local headers = vim.tbl_filter(function(line)
      return vim.startswith(line, dir .. '/')
    end, vim.api.nvim_buf_get_lines(proposal, 0, -1, false))
    assert.are.equal(3, #headers, vim.inspect(headers))
    accept()
    local decision, outcome = finish(poll)
    assert.are.equal('accepted', decision.kind)
    assert.are.equal('applied', outcome.kind)
    assert.are.equal(3, outcome.complete)
    assert.are.same({ 'ALPHA' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.is_false(vim.bo[buf].modified)
    assert.are.same({ 'ALPHA' }, disk(dir .. '/a.txt'))
    assert.is_nil(disk(dir .. '/b.txt'))
    assert.are.same({ 'BETA' }, disk(dir .. '/c.txt'))
    assert.are.same({ 'fresh' }, disk(dir .. '/new.txt'))
    assert.matches('a%.txt: 1 edit and saved$', outcome.files[1].line)
    assert.matches('renamed .*b%.txt → .*c%.txt, then 1 edit and written to disk', outcome.files[2].line)
    assert.matches('new%.txt: created and written to disk', outcome.files[3].line)
  end)

  it('several files rejected: no file changes, no rename, nothing created', function()
    local dir, buf, set = three_files()
    local poll = run(ctx, set)
    vim.api.nvim_buf_delete(d.wait_proposal(5000), { force = true })
    local decision, outcome = finish(poll)
    assert.are.equal('rejected', decision.kind)
    assert.is_nil(outcome)
    assert.are.same({ 'alpha' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.are.same({ 'alpha' }, disk(dir .. '/a.txt'))
    assert.are.same({ 'beta' }, disk(dir .. '/b.txt'))
    assert.is_nil(disk(dir .. '/c.txt'))
    assert.is_nil(disk(dir .. '/new.txt'))
  end)

  it('a file that changed while the review was open: nothing at all is applied', function()
    local dir, buf, set = three_files()
    local poll = run(ctx, set)
    d.wait_proposal(5000)
    -- Another program writes b.txt meanwhile.
    vim.fn.writefile({ 'beta, changed elsewhere' }, dir .. '/b.txt')
    accept()
    local decision, outcome = finish(poll)
    assert.are.equal('accepted', decision.kind)
    assert.are.equal('stale', outcome.kind)
    assert.matches('b%.txt$', outcome.path)
    -- All or nothing: a.txt (before b.txt in the set) is not changed either.
    assert.are.same({ 'alpha' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.is_false(vim.bo[buf].modified)
    assert.are.same({ 'alpha' }, disk(dir .. '/a.txt'))
    assert.are.same({ 'beta, changed elsewhere' }, disk(dir .. '/b.txt'))
    assert.is_nil(disk(dir .. '/c.txt'))
    assert.is_nil(disk(dir .. '/new.txt'))
  end)

  it('one file whose buffer the user changed during the review: not applied, the typing kept', function()
    local dir = folder({ ['a.txt'] = { 'one' } })
    local path = dir .. '/a.txt'
    local buf = h.edit(path)
    local poll =
      run(ctx, { label = 'a.txt', files = { change(path, { 'one' }, { 'ONE' }) }, ops = {}, writer = 'plugin' })
    d.wait_proposal(5000)
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, { 'one', 'typed' })
    accept()
    local _, outcome = finish(poll)
    assert.are.equal('applied', outcome.kind)
    assert.are.equal(0, outcome.complete)
    assert.is_false(outcome.files[1].written.ok)
    assert.matches('the buffer changed while the review was open', outcome.files[1].written.error, 1, true)
    assert.are.same({ 'one', 'typed' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.are.same({ 'one' }, disk(path))
  end)

  it('review off: applied as proposed at once, nothing shown', function()
    ctx.dispose()
    ctx = h.context({ agent = { review = false } })
    local dir, buf, set = three_files()
    local tabs = #vim.api.nvim_list_tabpages()
    local finished, decision, outcome = run(ctx, set)()
    assert.is_true(finished)
    assert.are.equal(tabs, #vim.api.nvim_list_tabpages())
    assert.is_false(decision.reviewed)
    assert.are.equal('applied', outcome.kind)
    assert.are.same({ 'ALPHA' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.are.same({ 'BETA' }, disk(dir .. '/c.txt'))
    assert.is_nil(disk(dir .. '/b.txt'))
    assert.are.same({ 'fresh' }, disk(dir .. '/new.txt'))
  end)

  it('deleting a file with unsaved changes of the user is refused before anything is shown', function()
    local dir = folder({ ['a.txt'] = { 'alpha' } })
    local path = dir .. '/a.txt'
    local buf = h.edit(path)
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, { 'unsaved work' })
    local tabs = #vim.api.nvim_list_tabpages()
    local finished, decision = run(ctx, {
      label = 'delete',
      files = { change(path, { 'unsaved work' }, {}, { deleted = true, summary = 'deleted' }) },
      ops = { { kind = 'delete', path = path, ignoreIfNotExists = false } },
      writer = 'plugin',
    })()
    assert.is_true(finished)
    assert.are.equal('refused', decision.kind)
    assert.matches('^deletes .*a%.txt, which has unsaved changes of the user in buffer b' .. buf, decision.reason)
    assert.are.equal(tabs, #vim.api.nvim_list_tabpages())
    assert.are.same({ 'alpha' }, disk(path))
    assert.are.same({ 'unsaved work' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
  end)

  it('a file operation that fails stops before any text is written; the ones before it were made', function()
    local dir = folder({ ['a.txt'] = { 'alpha' } })
    local set = {
      label = 'ops',
      files = { change(dir .. '/a.txt', { 'alpha' }, { 'ALPHA' }) },
      ops = {
        { kind = 'create', path = dir .. '/made.txt' },
        { kind = 'delete', path = dir .. '/missing.txt', ignoreIfNotExists = false },
      },
      writer = 'plugin',
      watched = {}, -- nothing to check: the failure comes from the operation itself
    }
    local poll = run(ctx, set)
    accept()
    local _, outcome = finish(poll)
    assert.are.equal('op-failed', outcome.kind)
    assert.are.equal(1, #outcome.done)
    assert.matches('^create .*made%.txt$', outcome.done[1])
    assert.matches('^delete .*missing%.txt failed: .*does not exist', outcome.failed)
    assert.are.same({}, disk(dir .. '/made.txt'))
    assert.are.same({ 'alpha' }, disk(dir .. '/a.txt'))
  end)
end)
