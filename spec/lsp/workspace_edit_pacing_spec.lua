-- The LSP edit plan (lsp/workspace_edit) over big files no buffer holds: applyTextEdits splices the edited lines
-- into the untouched ones and must give exactly the lines of the whole edited text; with a Pacing the plan reads
-- and edits a big file in slices (the call parks between them) to the same result as in one stretch.
local we = require('claude-ide.lsp.workspace_edit')
local new = require('claude-ide.lualib_bundle').__TS__New

local function pos(line, character)
  return { line = line, character = character }
end

local function edit(l1, c1, l2, c2, text)
  return { range = { start = pos(l1, c1), ['end'] = pos(l2, c2) }, newText = text }
end

--- The expected lines: the whole text with the edits made, cut on NL (ASCII only: bytes are UTF-16 units).
local function reference(lines, edits)
  local text = #lines > 0 and table.concat(lines, '\n') .. '\n' or ''
  local starts = { 0 }
  for i, l in ipairs(lines) do
    starts[i + 1] = starts[i] + #l + 1
  end
  local function off(p)
    if p.line >= #lines then
      return #text
    end
    return starts[p.line + 1] + math.min(p.character, #lines[p.line + 1])
  end
  local sorted = vim.deepcopy(edits)
  for i, e in ipairs(sorted) do
    e.i = i
  end
  table.sort(sorted, function(a, b)
    local fa, fb = off(a.range.start), off(b.range.start)
    if fa ~= fb then
      return fa > fb
    end
    return a.i > b.i
  end)
  for _, e in ipairs(sorted) do
    text = text:sub(1, off(e.range.start)) .. e.newText .. text:sub(off(e.range['end']) + 1)
  end
  if text == '' then
    return {}
  end
  local out = vim.split(text, '\n', { plain = true })
  if text:sub(-1) == '\n' then
    table.remove(out)
  end
  return out
end

describe('applyTextEdits', function()
  it(
    'gives the lines of the whole edited text: joins, splits, inserts at one point, to the end, all removed',
    function()
      local lines = { 'alpha', 'beta', 'gamma', 'delta' }
      local cases = {
        { edit(0, 2, 0, 4, 'XY') },
        { edit(0, 5, 1, 0, ' ') },
        { edit(1, 0, 1, 0, 'new\n'), edit(1, 0, 1, 0, 'second\n') },
        { edit(2, 1, 3, 2, 'A\nB\nC') },
        { edit(3, 5, 4, 0, '') },
        { edit(3, 5, 4, 0, '\nmore') },
        { edit(0, 0, 4, 0, '') },
        { edit(0, 0, 4, 0, '\n') },
        { edit(1, 4, 1, 4, '!'), edit(0, 0, 0, 1, 'A'), edit(3, 0, 3, 5, 'D') },
      }
      for _, edits in ipairs(cases) do
        assert.are.same(reference(lines, edits), we.applyTextEdits(lines, edits, 'utf-16'), vim.inspect(edits))
      end
      assert.are.same({ 'x' }, we.applyTextEdits({}, { edit(0, 0, 0, 0, 'x\n') }, 'utf-16'))
    end
  )

  it('refuses overlapping edits', function()
    assert.has_error(function()
      we.applyTextEdits({ 'abcdef' }, { edit(0, 1, 0, 4, 'x'), edit(0, 3, 0, 5, 'y') }, 'utf-16')
    end)
  end)

  it('with a pacing, plans a big unloaded file in slices to the same lines', function()
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    local path = dir .. '/big.ts'
    local lines = {}
    for i = 1, 40000 do
      lines[i] = ('const v%05d = helper(%d);'):format(i, i)
    end
    vim.fn.writefile(lines, path)
    local uri = vim.uri_from_fname(path)
    local ws = { changes = { [uri] = { edit(100, 6, 100, 12, 'renamed'), edit(39000, 6, 39000, 12, 'renamed') } } }

    local unpaced = new(we.EditPlan)
    unpaced:addWorkspaceEdit(ws, 'utf-16')

    local pauses, plan = 0, nil
    local co = coroutine.create(function()
      plan = new(we.EditPlan, {
        sliceMs = 0,
        pause = function()
          pauses = pauses + 1
          coroutine.yield()
        end,
      })
      plan:addWorkspaceEdit(ws, 'utf-16')
    end)
    repeat
      assert(coroutine.resume(co))
    until coroutine.status(co) == 'dead'
    assert.is_true(pauses >= 10, 'pauses: ' .. pauses)
    local a, b = unpaced:changed(), plan:changed()
    assert.are.equal(1, #b)
    assert.are.same(reference(lines, ws.changes[uri]), b[1].after)
    assert.are.same(a[1].after, b[1].after)
    assert.are.same(lines, b[1].before)
    vim.fn.delete(dir, 'rf')
  end)
end)
