-- fileLines: a file no buffer holds, read in time slices for an agent tool (the call parks between them). A file
-- of more than one piece starts on a slice of its own: what came before in the call (resolving the path among
-- every buffer, the privacy rules) does not share a stretch of the editor's loop with the first piece.
local h = require('helpers.tools')
local target = require('claude-ide.editor.target')

describe('fileLines', function()
  local ctx, dir

  before_each(function()
    ctx = h.context()
    dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
  end)

  after_each(function()
    ctx.dispose()
    vim.fn.delete(dir, 'rf')
  end)

  --- fileLines(path) in a coroutine with the context's real park; `on_park(n)` runs as the call parks.
  local function read(path, on_park)
    local real, parks = ctx.park, 0
    ctx.park = function(start, cancel)
      parks = parks + 1
      on_park(parks)
      return real(start, cancel)
    end
    local result
    local co = coroutine.create(function()
      result = target.fileLines(ctx, path)
    end)
    assert(coroutine.resume(co))
    assert(vim.wait(10000, function()
      return result ~= nil
    end, 1))
    ctx.park = real
    return result, parks
  end

  it('parks before it reads a big file (the file as it is after that pause is the one read)', function()
    local path = dir .. '/big.txt'
    local lines = {}
    for i = 1, 5000 do
      lines[i] = ('%05d %s'):format(i, ('x'):rep(40))
    end
    vim.fn.writefile(lines, path)
    local result, parks = read(path, function(n)
      if n == 1 then
        vim.fn.writefile({ 'replaced', 'meanwhile' }, path)
      end
    end)
    assert.is_true(parks >= 1)
    assert.are.same({ total = 2, lines = { 'replaced', 'meanwhile' } }, result)
  end)

  it('reads a small file in one stretch, without parking', function()
    local path = dir .. '/small.txt'
    vim.fn.writefile({ 'a', 'b' }, path)
    local result, parks = read(path, function() end)
    assert.are.equal(0, parks)
    assert.are.same({ total = 2, lines = { 'a', 'b' } }, result)
  end)
end)
