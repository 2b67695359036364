-- The reading LSP tools against the real typescript-language-server on a fixture project: each answer
-- checked against what the server knows about the fixture.
local lsp = require('helpers.lsp')

describe('LSP reading tools #slow', function()
  local dir, ctx

  setup(function()
    dir = lsp.fixture()
    lsp.configure(dir)
    ctx = lsp.context()
    lsp.open_ready(ctx, dir, 'src/main.ts')
  end)

  teardown(function()
    ctx.dispose()
    lsp.stop_all()
    lsp.reset_editor()
  end)

  it('lsp_definition goes across files to the definition', function()
    local text = lsp.ok(ctx, 'lsp_definition', { path = 'src/main.ts', line = 7, symbol = 'double' })
    assert.matches('1 location in 1 file', text, 1, true)
    assert.matches('src/shape.ts\n  5:17  export function double(x: number): number {', text, 1, true)
  end)

  it('lsp_references counts every reference, grouped by file', function()
    local text = lsp.ok(ctx, 'lsp_references', { path = 'src/shape.ts', line = 5, symbol = 'double' })
    -- declaration (shape.ts), import + call (square.ts), import + call (main.ts), import (unused.ts), and fixme.ts has none
    assert.matches('6 references in 4 files', text, 1, true)
    assert.matches(
      'src/square.ts\n  1:17  import { Shape, double } from "./shape";\n  6:12  return double(this.side) * this.side / 2;',
      text,
      1,
      true
    )
    local without =
      lsp.ok(ctx, 'lsp_references', { path = 'src/shape.ts', line = 5, symbol = 'double', include_declaration = false })
    assert.matches('5 references in 3 files', without, 1, true)
  end)

  it('keeps the locations in a withheld file and drops their text; refuses to ask about that file', function()
    -- The same context with privacy.exclude set (its policy made again from the config on next use).
    ctx.config.privacy.exclude = { 'src/square.ts' }
    ctx.services.policy = nil
    local private = ctx
    local text = lsp.ok(private, 'lsp_references', { path = 'src/shape.ts', line = 5, symbol = 'double' })
    assert.matches('6 references in 4 files', text, 1, true)
    assert.matches(
      'src/square.ts\n  1:17  (text withheld from the model)\n  6:12  (text withheld from the model)',
      text,
      1,
      true
    )
    assert.is_nil(text:find('this.side', 1, true), text)
    assert.matches('src/main.ts\n  3:10  import { double } from "./shape";', text, 1, true)
    local refused, is_error = lsp.call(private, 'lsp_hover', { path = 'src/square.ts', line = 3, symbol = 'Square' })
    assert.is_true(is_error)
    assert.matches('^ERROR: src/square%.ts is withheld from the model by the pattern "src/square%.ts"', refused)
    -- A file outside the workspace: refused the same way (the LSP tools resolve paths like every agent tool).
    local far = vim.fn.tempname() .. '.ts'
    vim.fn.writefile({ 'export const far = 1;' }, far)
    local out, outside_error = lsp.call(private, 'lsp_document_symbols', { path = far })
    assert.is_true(outside_error)
    assert.matches('is outside the workspace %(', out)
    ctx.config.privacy.exclude = {}
    ctx.services.policy = nil
    assert.matches(
      '6:12  return double',
      lsp.ok(ctx, 'lsp_references', { path = 'src/shape.ts', line = 5, symbol = 'double' })
    )
  end)

  it('lsp_hover gives the type as markdown', function()
    local text = lsp.ok(ctx, 'lsp_hover', { path = 'src/main.ts', line = 6, symbol = 'total' })
    assert.matches('const total: number', text, 1, true)
    assert.matches('```typescript', text, 1, true)
  end)

  it('lsp_implementations lists the classes implementing an interface', function()
    local text = lsp.ok(ctx, 'lsp_implementations', { path = 'src/shape.ts', line = 1, symbol = 'Shape' })
    assert.matches('2 locations in 2 files', text, 1, true)
    assert.matches('src/circle.ts\n  3:14  export class Circle implements Shape {', text, 1, true)
    assert.matches('src/square.ts\n  3:14  export class Square implements Shape {', text, 1, true)
  end)

  it('lsp_type_definition goes to the type of a value', function()
    local text = lsp.ok(ctx, 'lsp_type_definition', { path = 'src/main.ts', line = 5, column = 7 })
    -- shapes: (Square | Circle)[] -> both classes
    assert.matches('src/square.ts\n  3:14', text, 1, true)
    assert.matches('src/circle.ts\n  3:14', text, 1, true)
  end)

  it('lsp_call_hierarchy answers callers and callees', function()
    local incoming =
      lsp.ok(ctx, 'lsp_call_hierarchy', { path = 'src/shape.ts', line = 5, symbol = 'double', direction = 'incoming' })
    assert.matches('Function double  src/shape.ts:5:17  is called by:', incoming, 1, true)
    assert.matches(
      '← Method area  src/square.ts:5:3\n      6:12  return double(this.side) * this.side / 2;',
      incoming,
      1,
      true
    )
    local outgoing =
      lsp.ok(ctx, 'lsp_call_hierarchy', { path = 'src/square.ts', line = 5, symbol = 'area', direction = 'outgoing' })
    assert.matches('Method area  src/square.ts:5:3  calls:', outgoing, 1, true)
    assert.matches(
      '→ Function double  src/shape.ts:5:17\n      6:12  return double(this.side) * this.side / 2;',
      outgoing,
      1,
      true
    )
  end)

  it('lsp_document_symbols gives an indented outline with line ranges', function()
    local text = lsp.ok(ctx, 'lsp_document_symbols', { path = 'src/square.ts' })
    assert.matches('Class Square  3-8\n  Constructor constructor  4\n', text, 1, true)
    assert.matches('  Method area  5-7', text, 1, true)
  end)

  it('lsp_workspace_symbols finds symbols by name across the project', function()
    local text = lsp.ok(ctx, 'lsp_workspace_symbols', { query = 'Circle' })
    -- the server's location is the whole declaration: from the line's start
    assert.matches('symbols matching "Circle": 1 symbol in 1 file\nsrc/circle.ts\n  3:1  Class Circle', text, 1, true)
  end)

  it('loads a file that is not open as a hidden, unlisted buffer, touching no window', function()
    local win, cur = vim.api.nvim_get_current_win(), vim.api.nvim_win_get_cursor(0)
    local text = lsp.ok(ctx, 'lsp_document_symbols', { path = 'src/circle.ts' })
    assert.matches('Class Circle  3-8', text, 1, true)
    local buf = vim.fn.bufnr(dir .. '/src/circle.ts')
    assert.is_true(buf > 0 and vim.api.nvim_buf_is_loaded(buf))
    assert.is_false(vim.bo[buf].buflisted)
    assert.are.equal(win, vim.api.nvim_get_current_win())
    assert.are.same(cur, vim.api.nvim_win_get_cursor(0))
  end)

  it('asks about the unsaved text, with columns in characters (UTF-16 converted)', function()
    local buf = vim.fn.bufnr(dir .. '/src/main.ts')
    -- Unsaved: a non-ASCII string before the call shifts UTF-16 and byte columns apart.
    vim.api.nvim_buf_set_lines(buf, 6, 7, true, { 'export const twice = ["é😀", double(total)];' })
    local text = lsp.ok(ctx, 'lsp_references', { path = 'src/main.ts', line = 7, symbol = 'double' })
    assert.matches(
      'src/main.ts\n  3:10  import { double } from "./shape";\n  7:29  export const twice = ["é😀", double(total)];',
      text,
      1,
      true
    )
    vim.cmd('silent! edit!')
  end)

  it('errors say what to do', function()
    local text, is_error = lsp.call(ctx, 'lsp_definition', { path = 'src/main.ts', line = 7, symbol = 'nothing' })
    assert.is_true(is_error)
    assert.matches(
      '"nothing" is not on line 7 of src/main.ts, which reads: "export const twice = double(total);"',
      text,
      1,
      true
    )
    text = lsp.call(ctx, 'lsp_hover', { path = 'src/main.ts', line = 70, column = 1 })
    assert.matches('ERROR: line 70 is past the end: src/main.ts has 7 lines', text, 1, true)
    text = lsp.call(ctx, 'lsp_hover', { path = 'src/main.ts', line = 1 })
    assert.matches('give "column"', text, 1, true)
    text = lsp.call(ctx, 'lsp_declaration', { path = 'src/main.ts', line = 7, column = 1 })
    assert.matches(
      'ts_ls does not support textDocument/declaration (server capability declarationProvider)',
      text,
      1,
      true
    )
    text = lsp.call(ctx, 'lsp_hover', { path = 'src/main.ts', line = 7, column = 1, client_name = 'pyright' })
    assert.matches('no client named "pyright" is attached to src/main.ts; attached: ts_ls', text, 1, true)
    local txt = dir .. '/notes.txt'
    vim.fn.writefile({ 'hello' }, txt)
    text = lsp.call(ctx, 'lsp_hover', { path = 'notes.txt', line = 1, column = 1 })
    assert.matches('no language server is attached to notes.txt (filetype "text"; running: ts_ls', text, 1, true)
    text = lsp.call(ctx, 'lsp_hover', { path = 'src/main.ts', line = 'one' })
    assert.matches('ERROR: "line" must be an integer', text, 1, true)
  end)

  it('answers of several attached servers are merged without duplicates; client_name asks one', function()
    local buf = vim.fn.bufnr(dir .. '/src/shape.ts')
    local second = vim.lsp.start({
      name = 'ts_ls_2',
      cmd = { lsp.server, '--stdio' },
      root_dir = dir,
      init_options = { tsserver = { path = lsp.tsserver } },
    }, { bufnr = buf })
    assert.is_not_nil(second)
    lsp.ok(ctx, 'wait_for_lsp_ready', { path = 'src/shape.ts', client_name = 'ts_ls_2', timeout_ms = 20000 }, 25000)
    local both = lsp.ok(ctx, 'lsp_references', { path = 'src/shape.ts', line = 5, symbol = 'double' })
    assert.matches('6 references in 4 files', both, 1, true)
    local one =
      lsp.ok(ctx, 'lsp_references', { path = 'src/shape.ts', line = 5, symbol = 'double', client_name = 'ts_ls_2' })
    assert.matches('6 references in 4 files', one, 1, true)
    local clients = lsp.ok(ctx, 'lsp_clients', {})
    assert.matches('ts_ls_2 %(id %d+%): ready', clients)
    local c = vim.lsp.get_client_by_id(second)
    if vim.fn.has('nvim-0.11') == 1 then
      c:stop(true)
    else
      c.stop(true)
    end
    vim.wait(5000, function()
      return vim.lsp.get_client_by_id(second) == nil
    end, 20)
  end)

  it('lsp_clients names the server, its state, buffers and tools', function()
    local text = lsp.ok(ctx, 'lsp_clients', {})
    assert.matches('ts_ls %(id %d+%): ready', text)
    assert.matches('root: ' .. dir, text, 1, true)
    assert.matches('src/main.ts', text, 1, true)
    assert.matches('tools: .*lsp_references.*lsp_rename', text)
    assert.not_matches('lsp_declaration', text, 1, true)
    assert.not_matches('(range)', text, 1, true)
  end)
end)
