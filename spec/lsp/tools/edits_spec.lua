-- The LSP tools that change files, against the real typescript-language-server: every edit goes through
-- one review across the files it touches (its overview, walked with ]f), accepted with :w in the proposal or
-- rejected by deleting it, as a user would; disk and buffers checked after.
local lsp = require('helpers.lsp')
local d = require('helpers.diff')

--- The proposal buffer of the open review (waits for it).
local function proposal()
  return d.wait_proposal(20000)
end

local function proposal_win(buf)
  return vim.fn.win_findbuf(buf)[1]
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

describe('LSP edit tools #slow', function()
  local dir, ctx, main_buf, columns

  setup(function()
    -- wide enough for every part of a review's winbar (a narrow window drops parts whole)
    columns = vim.o.columns
    vim.o.columns = 300
    dir = lsp.fixture()
    lsp.configure(dir)
    ctx = lsp.context()
    main_buf = lsp.open_ready(ctx, dir, 'src/main.ts')
  end)

  teardown(function()
    vim.o.columns = columns
    ctx.dispose()
    lsp.stop_all()
    lsp.reset_editor()
  end)

  it('lsp_rename rejected: the review shows every file, and nothing changes', function()
    local before = {}
    for _, f in ipairs({ 'src/shape.ts', 'src/square.ts', 'src/main.ts', 'src/unused.ts' }) do
      before[f] = lsp.disk(dir, f)
    end
    lsp.ok(ctx, 'lsp_document_symbols', { path = 'src/shape.ts' }) -- loads it (hidden) before the snapshot
    local snapshot = d.snapshot()
    local poll =
      lsp.start(ctx, 'lsp_rename', { path = 'src/shape.ts', line = 5, symbol = 'double', new_name = 'doubled' })
    local buf = d.overview(20000)
    assert.matches('· 4 files, 6 hunks left', vim.wo[proposal_win(buf)].winbar, 1, true)
    -- Walk to the next file's header: the cursor moves, the review stays one.
    local headers = {}
    vim.api.nvim_win_call(proposal_win(buf), function()
      table.insert(headers, vim.api.nvim_get_current_line())
      vim.cmd('normal ]f')
      table.insert(headers, vim.api.nvim_get_current_line())
    end)
    assert.matches('^src/.+%.ts %(', headers[1])
    assert.matches('^src/.+%.ts %(', headers[2])
    assert.are_not.equal(headers[1], headers[2])
    assert.is_false((poll()))
    vim.api.nvim_buf_delete(proposal(), { force = true })
    local text = finish(poll)
    assert.matches(
      '^REJECTED: the user rejected rename of "double" at src/shape.ts:5:17 to "doubled" %(6 edits in 4 files%)',
      text
    )
    for f, lines in pairs(before) do
      assert.are.same(lines, lsp.disk(dir, f), f)
    end
    assert.are.same(before['src/main.ts'], vim.api.nvim_buf_get_lines(main_buf, 0, -1, true))
    assert.is_false(vim.bo[main_buf].modified)
    d.assert_clean(snapshot)
  end)

  it('lsp_organize_imports removes an unused import (the edit arrives through workspace/applyEdit)', function()
    local poll = lsp.start(ctx, 'lsp_organize_imports', { path = 'src/unused.ts' })
    local buf = proposal()
    assert.are.same(
      { 'import { Circle } from "./circle";', '', 'export const c = new Circle(2);' },
      vim.api.nvim_buf_get_lines(buf, 0, -1, true)
    )
    vim.api.nvim_buf_call(buf, function()
      vim.cmd('write')
    end)
    local text = finish(poll)
    assert.matches(
      '^OK: applied organize imports of src/unused.ts: %d+ edits? in 1 file\n  src/unused.ts: %d+ edits? and saved',
      text
    )
    assert.are.same(
      { 'import { Circle } from "./circle";', '', 'export const c = new Circle(2);' },
      lsp.disk(dir, 'src/unused.ts')
    )
  end)

  it('lsp_code_actions lists a quick fix with an id; lsp_apply_code_action applies it after the review', function()
    vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/src/fixme.ts'))
    local buf = vim.api.nvim_get_current_buf()
    assert.is_true(
      vim.wait(20000, function()
        return #vim.diagnostic.get(buf) > 0
      end, 20),
      'ts_ls publishes "Cannot find name double"'
    )
    -- `symbol` addresses the position as in every other LSP tool (it was refused as an unknown argument).
    local by_symbol = lsp.ok(ctx, 'lsp_code_actions', { path = 'src/fixme.ts', line = 1, symbol = 'double' })
    assert.matches('\n  %d+  quickfix  Add import from "%./shape"', by_symbol)
    local missing, is_error = lsp.call(ctx, 'lsp_code_actions', { path = 'src/fixme.ts', line = 1, symbol = 'triple' })
    assert.is_true(is_error)
    assert.matches('"triple" is not on line 1 of src/fixme.ts', missing, 1, true)
    local list = lsp.ok(ctx, 'lsp_code_actions', { path = 'src/fixme.ts', line = 1, column = 21 })
    local id = list:match('\n  (%d+)  quickfix  Add import from "%./shape"')
    assert.is_not_nil(id, list)
    assert.matches('apply one with lsp_apply_code_action {"id": N}', list, 1, true)
    local stale = lsp.call(ctx, 'lsp_apply_code_action', { id = 99 })
    assert.matches(
      'ERROR: there is no code action 99: the last lsp_code_actions list (for src/fixme.ts) has',
      stale,
      1,
      true
    )
    local poll = lsp.start(ctx, 'lsp_apply_code_action', { id = tonumber(id) })
    vim.api.nvim_buf_call(proposal(), function()
      vim.cmd('write')
    end)
    local text = finish(poll)
    assert.matches(
      'OK: applied code action "Add import from "./shape"": 1 edit in 1 file\n  src/fixme.ts: 1 edit and saved',
      text,
      1,
      true
    )
    assert.matches('diagnostics of the touched files', text, 1, true)
    assert.are.same(
      { 'import { double } from "./shape";', '', 'export const four = double(2);' },
      lsp.disk(dir, 'src/fixme.ts')
    )
    assert.are.same(lsp.disk(dir, 'src/fixme.ts'), vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    -- The list is used up: the same id again is refused.
    local again = lsp.call(ctx, 'lsp_apply_code_action', { id = tonumber(id) })
    assert.matches('ERROR: no code actions were listed yet: call lsp_code_actions first', again, 1, true)
  end)

  it("lsp_formatting formats with the buffer's indentation (review off: applied at once)", function()
    vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/src/ugly.ts'))
    vim.bo.shiftwidth = 2
    vim.bo.expandtab = true
    local direct = lsp.context({ agent = { review = false } })
    local text = lsp.ok(direct, 'lsp_formatting', { path = 'src/ugly.ts' })
    assert.matches('^OK: applied formatting of src/ugly.ts: %d+ edits in 1 file', text)
    assert.are.same({ 'export function ugly(a: number) {', '  return a + 1', '}' }, lsp.disk(dir, 'src/ugly.ts'))
    assert.are.same(lsp.disk(dir, 'src/ugly.ts'), vim.api.nvim_buf_get_lines(0, 0, -1, true))
    local again = lsp.ok(direct, 'lsp_formatting', { path = 'src/ugly.ts' })
    assert.matches('^OK: nothing to change', again)
    -- not disposed: two contexts share the selection tracker's augroup
  end)

  it('a code action id is stale once its file changed', function()
    local list = lsp.ok(ctx, 'lsp_code_actions', { path = 'src/main.ts', line = 1, kind = 'source' })
    assert.matches('\n  1  source', list)
    vim.api.nvim_buf_set_lines(main_buf, 7, 7, true, { '' })
    local text, is_error = lsp.call(ctx, 'lsp_apply_code_action', { id = 1 })
    assert.is_true(is_error)
    assert.matches(
      'ERROR: code action 1 is stale: src/main.ts changed since lsp_code_actions listed it; call lsp_code_actions again',
      text,
      1,
      true
    )
    vim.api.nvim_buf_set_lines(main_buf, 7, 8, true, {})
    vim.bo[main_buf].modified = false
  end)

  it('lsp_formatting of a line range changes only those lines; rejected, nothing changes', function()
    vim.fn.writefile({ 'export const a =   1;', 'export const b =   2;' }, dir .. '/src/two.ts')
    local direct = lsp.context({ agent = { review = false } })
    local text = lsp.ok(direct, 'lsp_formatting', { path = 'src/two.ts', start_line = 2, end_line = 2 })
    assert.matches('^OK: applied formatting of src/two.ts lines 2%-2: 1 edit in 1 file', text)
    assert.are.same({ 'export const a =   1;', 'export const b = 2;' }, lsp.disk(dir, 'src/two.ts'))
    local poll = lsp.start(ctx, 'lsp_formatting', { path = 'src/two.ts' })
    vim.api.nvim_buf_delete(proposal(), { force = true })
    assert.matches('^REJECTED: ', (finish(poll)))
    assert.are.same({ 'export const a =   1;', 'export const b = 2;' }, lsp.disk(dir, 'src/two.ts'))
  end)

  it(
    "lsp_rename accepted: every file renamed on disk and in its buffer, the user's unsaved buffer left unsaved",
    function()
      -- main.ts has an unsaved change of the user: it gets the rename but is not written.
      vim.api.nvim_buf_set_lines(main_buf, 3, 4, true, { '// a note of the user' })
      local poll =
        lsp.start(ctx, 'lsp_rename', { path = 'src/shape.ts', line = 5, symbol = 'double', new_name = 'doubled' })
      vim.api.nvim_buf_call(proposal(), function()
        vim.cmd('write')
      end)
      local text = finish(poll)
      assert.matches('^OK: applied rename of "double" at src/shape.ts:5:17 to "doubled": 7 edits in 4 files\n', text)
      assert.matches(
        '  src/main.ts: 2 edits in buffer b%d+, not saved: it already had unsaved changes of the user',
        text
      )
      assert.matches('  src/shape.ts: 1 edit and saved', text, 1, true)
      assert.matches('  src/fixme.ts: 2 edits and saved', text, 1, true)
      assert.matches('  src/square.ts: 2 edits and written to disk (no buffer had it open)', text, 1, true)
      assert.matches('diagnostics of the touched files', text, 1, true)
      assert.are.same('export function doubled(x: number): number {', lsp.disk(dir, 'src/shape.ts')[5])
      assert.are.same('    return doubled(this.side) * this.side / 2;', lsp.disk(dir, 'src/square.ts')[6])
      assert.are.same('import { doubled } from "./shape";', lsp.disk(dir, 'src/fixme.ts')[1])
      -- main.ts: renamed in the buffer (with the user's note), not on disk.
      assert.are.same('export const twice = doubled(total);', vim.api.nvim_buf_get_lines(main_buf, 6, 7, true)[1])
      assert.are.same('// a note of the user', vim.api.nvim_buf_get_lines(main_buf, 3, 4, true)[1])
      assert.is_true(vim.bo[main_buf].modified)
      assert.are.same('export const twice = double(total);', lsp.disk(dir, 'src/main.ts')[7])
      -- The hidden buffer the tools loaded (shape.ts) was written and stays unmodified and unlisted.
      local shape = vim.fn.bufnr(dir .. '/src/shape.ts')
      assert.is_false(vim.bo[shape].modified)
      assert.is_false(vim.bo[shape].buflisted)
      assert.are.same(lsp.disk(dir, 'src/shape.ts'), vim.api.nvim_buf_get_lines(shape, 0, -1, true))
    end
  )

  it('a fix-all code action is resolved (codeAction/resolve) before its edit is reviewed', function()
    vim.fn.writefile({ 'export const n = new Square(1).area() + new Circle(1).area();' }, dir .. '/src/fix2.ts')
    vim.cmd('edit ' .. vim.fn.fnameescape(dir .. '/src/fix2.ts'))
    local buf = vim.api.nvim_get_current_buf()
    assert.is_true(
      vim.wait(20000, function()
        return #vim.diagnostic.get(buf) >= 2
      end, 20),
      'ts_ls publishes the two missing names'
    )
    local list = lsp.ok(ctx, 'lsp_code_actions', { path = 'src/fix2.ts', line = 1, column = 22, kind = 'quickfix' })
    local id = list:match('\n  (%d+)  quickfix  Add all missing imports')
    assert.is_not_nil(id, list)
    local poll = lsp.start(ctx, 'lsp_apply_code_action', { id = tonumber(id) })
    vim.api.nvim_buf_call(proposal(), function()
      vim.cmd('write')
    end)
    local text = finish(poll)
    assert.matches('^OK: applied code action "Add all missing imports"', text)
    local lines = lsp.disk(dir, 'src/fix2.ts')
    assert.is_true(vim.tbl_contains(lines, 'import { Square } from "./square";'), vim.inspect(lines))
    assert.is_true(vim.tbl_contains(lines, 'import { Circle } from "./circle";'), vim.inspect(lines))
  end)
end)
