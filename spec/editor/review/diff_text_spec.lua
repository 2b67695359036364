-- Whole-file text <-> buffer lines: final newline and line endings survive the round trip exactly. Big texts
-- are cut by Neovim (reviewText + diff_view's fillBuffer) into exactly the lines splitText gives.
local text = require('claude-ide.editor.review.diff_text')
local view = require('claude-ide.editor.review.view_parts')

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

  --- The lines fillBuffer puts into a fresh buffer.
  local function filled(lines)
    local buf = vim.api.nvim_create_buf(false, true)
    view.fillBuffer(buf, lines)
    local out = vim.api.nvim_buf_get_lines(buf, 0, -1, true)
    vim.api.nvim_buf_delete(buf, { force = true })
    return out
  end

  for _, c in ipairs(cases) do
    if not c[4] then
      it(('fillBuffer cuts the whole text %q into the lines splitText gives'):format(c[1]), function()
        assert.are.same(c[2], filled(c[1]))
      end)
    end
  end

  it('fillBuffer leaves the expression register as it was', function()
    vim.fn.setreg('=', '6 * 7')
    filled('a\nb\n')
    assert.are.equal('6 * 7', vim.fn.getreg('=', 1))
    assert.are.equal('42', vim.fn.getreg('='))
  end)

  it('reviewText: small texts are cut, big ones stay whole and fill a buffer with the same lines', function()
    assert.are.same(text.splitText('a\nb\n'), text.reviewText('a\nb\n'))
    local line = ('é %s x'):format(string.rep('y', 60))
    local bigs = {
      lf = string.rep(line .. '\n', 5000),
      unterminated = string.rep(line .. '\n', 5000) .. 'last',
      crlf = string.rep(line .. '\r\n', 5000) .. 'tail\n',
      crlf_minority = string.rep(line .. '\n', 4000) .. string.rep(line .. '\r\n', 1000) .. 'x\r',
      lone_cr = string.rep(line .. '\r' .. line .. '\n', 3000),
    }
    for name, big in pairs(bigs) do
      local whole, split = text.reviewText(big), text.splitText(big)
      assert.are.equal('string', type(whole.lines), name)
      assert.are.equal(split.eol, whole.eol, name)
      assert.are.equal(split.crlf, whole.crlf, name)
      assert.are.same(split.lines, filled(whole.lines), name)
    end
    -- A Vim string cannot hold a NUL: such a text is cut in Lua.
    local nul = string.rep(line .. '\0\n', 5000)
    assert.are.same(text.splitText(nul), text.reviewText(nul))
  end)
end)
