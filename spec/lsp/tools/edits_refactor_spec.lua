-- A refactoring whose edit comes back from the server as a workspace/applyEdit request while its command runs
-- (typescript-language-server's "Move to a new file"): captured, shown in one review across every file it
-- touches, including the file it creates, and applied on accept.
local lsp = require('helpers.lsp')
local d = require('helpers.diff')

describe('LSP refactor through a command #slow', function()
  -- wide enough for every part of a review's winbar (a narrow window drops parts whole)
  local columns
  setup(function()
    columns = vim.o.columns
    vim.o.columns = 300
  end)
  teardown(function()
    vim.o.columns = columns
  end)

  local dir, ctx

  setup(function()
    dir = lsp.fixture()
    lsp.configure(dir)
    ctx = lsp.context()
    lsp.open_ready(ctx, dir, 'src/shape.ts')
  end)

  teardown(function()
    ctx.dispose()
    lsp.stop_all()
    lsp.reset_editor()
  end)

  --- Lists the refactor, applies it, and returns the poll function and the review's proposal buffer.
  local function start_move()
    local list =
      lsp.ok(ctx, 'lsp_code_actions', { path = 'src/shape.ts', line = 5, end_line = 7, kind = 'refactor.move' })
    local id = list:match('\n  (%d+)  refactor%.move[%w.]*  Move to a new file')
    assert.is_not_nil(id, list)
    local poll = lsp.start(ctx, 'lsp_apply_code_action', { id = tonumber(id) })
    return poll, d.wait_proposal(20000)
  end

  it('"Move to a new file" rejected: nothing changes, and the empty file the server created is removed', function()
    local before = { shape = lsp.disk(dir, 'src/shape.ts'), main = lsp.disk(dir, 'src/main.ts') }
    local poll, proposal = start_move()
    vim.api.nvim_buf_delete(proposal, { force = true })
    assert.is_true(vim.wait(20000, function()
      return (poll())
    end, 10))
    local _, result = poll()
    assert.matches(
      '^REJECTED: the user rejected code action "Move to a new file" %(%d+ edits in %d+ files%) in Neovim\'s review; nothing changed %(the empty file src/double.ts the server created for it was removed again%)',
      result.content[1].text
    )
    assert.are.equal(0, vim.fn.filereadable(dir .. '/src/double.ts'))
    assert.are.same(before.shape, lsp.disk(dir, 'src/shape.ts'))
    assert.are.same(before.main, lsp.disk(dir, 'src/main.ts'))
  end)

  it('"Move to a new file": a new file and the importers, one review, accepted', function()
    local poll, proposal = start_move()
    local winbar = vim.wo[vim.fn.win_findbuf(proposal)[1]].winbar
    assert.matches('· %d+ files, %d+ hunks? left', winbar)
    vim.api.nvim_buf_call(proposal, function()
      vim.cmd('write')
    end)
    assert.is_true(vim.wait(20000, function()
      return (poll())
    end, 10))
    local _, result = poll()
    local text = result.content[1].text
    assert.matches('^OK: applied code action "Move to a new file": %d+ edits in %d+ files\n', text)
    assert.matches('  src/double.ts: created', text, 1, true)
    assert.are.same(
      'export function double(x: number): number {',
      vim.tbl_filter(function(l)
        return l ~= ''
      end, lsp.disk(dir, 'src/double.ts'))[1]
    )
    assert.is_nil(table.concat(lsp.disk(dir, 'src/shape.ts'), '\n'):find('function double', 1, true))
    assert.is_true(vim.tbl_contains(lsp.disk(dir, 'src/main.ts'), 'import { double } from "./double";'))
  end)
end)
