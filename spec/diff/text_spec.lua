-- Whole-file text <-> buffer lines: final newline and line endings survive the round trip exactly.
local text = require('claude-ide.editor.diff_text')

describe('diff text', function()
  local cases = {
    { '', { '' }, false, false },
    { '\n', { '' }, true, false },
    { 'a', { 'a' }, false, false },
    { 'a\n', { 'a' }, true, false },
    { 'a\n\n', { 'a', '' }, true, false },
    { 'a\nb', { 'a', 'b' }, false, false },
    { 'a\r\nb\r\n', { 'a', 'b' }, true, true },
    { 'a\r\nb', { 'a', 'b' }, false, true },
    { 'a\r\nb\r', { 'a', 'b\r' }, false, true },
    { 'a\rb\n', { 'a\rb' }, true, false },
    { '\r\n', { '' }, true, true },
  }
  for _, c in ipairs(cases) do
    it(('splits %q and joins it back'):format(c[1]), function()
      local s = text.splitText(c[1])
      assert.are.same(c[2], s.lines)
      assert.are.equal(c[3], s.eol)
      assert.are.equal(c[4], s.crlf)
      assert.are.equal(c[1], text.joinText(s.lines, s.eol, s.crlf))
    end)
  end

  it('follows the majority for mixed line endings (as the Claude CLI does)', function()
    local s = text.splitText('a\r\nb\r\nc\n')
    assert.is_true(s.crlf)
    assert.are.same({ 'a', 'b', 'c' }, s.lines)
    assert.are.equal('a\r\nb\r\nc\r\n', text.joinText(s.lines, s.eol, s.crlf))
    s = text.splitText('a\r\nb\nc\n')
    assert.is_false(s.crlf)
    assert.are.same({ 'a\r', 'b', 'c' }, s.lines)
  end)

  it('splits 10 MiB in one pass', function()
    local line = string.rep('x', 99)
    local big = string.rep(line .. '\n', 100 * 1024)
    local s = text.splitText(big)
    assert.are.equal(100 * 1024, #s.lines)
    assert.are.equal(big, text.joinText(s.lines, s.eol, s.crlf))
  end)

  it('normalizes CRLF to LF only', function()
    assert.are.equal('a\nb\r', text.normalizeEol('a\r\nb\r'))
  end)

  it('reads files: missing is not an error, a directory is', function()
    local path = vim.fn.tempname()
    assert.are.same({ ok = true }, text.readFile(path))
    local f = assert(io.open(path, 'wb'))
    f:write('x\r\ny')
    f:close()
    assert.are.same({ ok = true, text = 'x\r\ny' }, text.readFile(path))
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir)
    local res = text.readFile(dir)
    assert.is_false(res.ok)
    assert.matches('is a directory', res.error, 1, true)
  end)
end)
