-- read_buffer of a file no buffer holds: read in time slices (the call parks between pieces of the file), only
-- the lines shown are kept, and the lines are the ones readfile() gives (CR before NL dropped, a last line
-- without NL kept, no empty line after a final NL), across piece boundaries.
local bridge = require('helpers.bridge')

describe('read_buffer of a file that is not loaded', function()
  local project, c, nvim

  setup(function()
    local dir = bridge.config_dir()
    local long = {}
    -- About 1.9 MB: many 64 KiB pieces, lines crossing their boundaries.
    for i = 1, 30000 do
      long[i] = ('%05d %s'):format(i, ('abcdefghij'):rep(i % 11))
    end
    project = bridge.project({
      ['crlf.txt'] = 'one\r\ntwo\r\nthree\r',
      ['long.txt'] = table.concat(long, '\n') .. '\n',
      ['empty.txt'] = '',
      ['nl.txt'] = '\n',
      ['bom.txt'] = '\239\187\191hello\nx',
    })
    nvim = bridge.editor({ config_dir = dir, cwd = project })
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  teardown(bridge.cleanup)

  local function read(args)
    local res = c:call('read_buffer', args)
    assert.is_nil(res.isError, bridge.text(res))
    return bridge.text(res)
  end

  it('splits lines like readfile()', function()
    assert.are.equal(
      'crlf.txt (not open, from disk, 3 lines)\n     1\tone\n     2\ttwo\n     3\tthree\r',
      read({ path = 'crlf.txt' })
    )
    assert.are.same({ 'one', 'two', 'three\r' }, vim.fn.readfile(project .. '/crlf.txt'))
    assert.are.equal('empty.txt: empty', read({ path = 'empty.txt' }))
    assert.are.same({ 'hello', 'x' }, vim.fn.readfile(project .. '/bom.txt'))
    assert.are.equal('bom.txt (not open, from disk, 2 lines)\n     1\thello\n     2\tx', read({ path = 'bom.txt' }))
    assert.are.equal('nl.txt (not open, from disk, 1 lines)\n     1\t', read({ path = 'nl.txt' }))
  end)

  it('gives any page of a long file with its line count, as readfile() has the lines', function()
    local lines = vim.fn.readfile(project .. '/long.txt')
    for _, first in ipairs({ 1, 4321, 29990 }) do
      local text = read({ path = 'long.txt', start_line = first })
      assert.matches('^long%.txt %(not open, from disk, 30000 lines%)\n', text)
      local n = 0
      for num, line in text:gmatch('\n +(%d+)\t([^\n]*)') do
        assert.are.equal(lines[tonumber(num)], line)
        assert.are.equal(first + n, tonumber(num))
        n = n + 1
      end
      assert.is_true(n > 0)
    end
    local last = read({ path = 'long.txt', start_line = 2, end_line = 3 })
    assert.are.equal(
      ('long.txt (not open, from disk, 30000 lines)\n     2\t%s\n     3\t%s'):format(lines[2], lines[3]),
      last
    )
    assert.matches(
      'start_line 30001 is past the end',
      bridge.text(c:call('read_buffer', { path = 'long.txt', start_line = 30001 }))
    )
    -- Nothing was loaded into the editor.
    assert.are.equal(-1, nvim:lua('return vim.fn.bufnr(...)', project .. '/long.txt'))
  end)
end)
