-- UTF-16 <-> byte columns (the 0.10 and 0.11+ vim.str_utfindex/str_byteindex signatures differ), paths, URIs.
local pos = require('claude-ide.editor.positions')

describe('editor.positions', function()
  -- a, tab, é (2 bytes, 1 unit), 🎉 (4 bytes, 2 units: a surrogate pair), b
  local line = 'a\té🎉b'

  it('converts byte columns to UTF-16 columns at every character boundary', function()
    local expected = { [0] = 0, [1] = 1, [2] = 2, [4] = 3, [8] = 5, [9] = 6 }
    for byte, u16 in pairs(expected) do
      assert.are.equal(u16, pos.byteToUtf16(line, byte), 'byte ' .. byte)
    end
    assert.are.equal(6, pos.utf16Length(line))
  end)

  it('converts UTF-16 columns back to the same byte columns (round trip)', function()
    for _, byte in ipairs({ 0, 1, 2, 4, 8, 9 }) do
      assert.are.equal(byte, pos.utf16ToByte(line, pos.byteToUtf16(line, byte)))
    end
  end)

  it('clamps out-of-range columns instead of raising (both Neovim versions)', function()
    assert.are.equal(6, pos.byteToUtf16(line, 100))
    assert.are.equal(0, pos.byteToUtf16(line, -3))
    assert.are.equal(9, pos.utf16ToByte(line, 100))
    assert.are.equal(0, pos.utf16ToByte(line, -1))
    assert.are.equal(0, pos.byteToUtf16('', 5))
  end)

  it('moves a column inside a surrogate pair to the end of the emoji', function()
    assert.are.equal(8, pos.utf16ToByte(line, 4))
  end)

  it('treats ASCII lines byte for byte', function()
    assert.are.equal(3, pos.byteToUtf16('abcdef', 3))
    assert.are.equal(3, pos.utf16ToByte('abcdef', 3))
  end)

  it(
    'converts ASCII lines by arithmetic, without the str_utfindex/str_byteindex calls a non-ASCII line needs',
    function()
      -- The ASCII test once compared a whole multiple return with nil (always false): every column of every
      -- line went through Neovim's conversions (an LSP answer converts hundreds). Same answers, counted calls.
      local calls = 0
      local utfindex, byteindex = vim.str_utfindex, vim.str_byteindex
      vim.str_utfindex = function(...)
        calls = calls + 1
        return utfindex(...)
      end
      vim.str_byteindex = function(...)
        calls = calls + 1
        return byteindex(...)
      end
      local ok, err = pcall(function()
        local ascii = 'export const x = helper(1);'
        assert.are.equal(17, pos.byteToUtf16(ascii, 17))
        assert.are.equal(17, pos.utf16ToByte(ascii, 17))
        assert.are.equal(18, pos.byteToCharColumn(ascii, 17))
        assert.are.equal(17, pos.charColumnToByte(ascii, 18))
        assert.are.equal(#ascii, pos.charCount(ascii))
        assert.are.equal(0, calls)
        -- A non-ASCII line still goes through them (the counter counts).
        assert.are.equal(2, pos.byteToUtf16('é b', 3))
        assert.is_true(calls > 0)
      end)
      vim.str_utfindex, vim.str_byteindex = utfindex, byteindex
      assert(ok, err)
    end
  )

  it('knows the byte length of UTF-8 characters', function()
    assert.are.same({ 1, 1, 2, 4, 1, 0 }, {
      pos.charLength(line, 0),
      pos.charLength(line, 1),
      pos.charLength(line, 2),
      pos.charLength(line, 4),
      pos.charLength(line, 8),
      pos.charLength(line, 9),
    })
  end)

  it('normalizes paths to absolute ones without . and ..', function()
    assert.are.equal('/tmp/b/c', pos.normalizePath('/tmp/a/../b/./c/'))
    assert.are.equal('/tmp', pos.normalizePath('/tmp/a/..'))
    assert.are.equal('/tmp/a', pos.normalizePath('/tmp/a/.'))
    assert.are.equal('/tmp/a/b', pos.normalizePath('/tmp//a///b/'))
    assert.are.equal(vim.fs.normalize(vim.fn.getcwd()) .. '/x.txt', pos.normalizePath('x.txt'))
    -- "$" is a file name character (routes named `$id.tsx`), never an environment variable to expand.
    assert.are.equal('/tmp/app/routes/$HOME.tsx', pos.normalizePath('/tmp/app/routes/$HOME.tsx'))
    assert.are.equal('/tmp/$USER/x/$HOME.tsx', pos.normalizePath('/tmp/$USER/./x/$HOME.tsx'))
    assert.are.same({ '/tmp/$HOME/a.ts' }, pos.uriCandidates('file:///tmp/$HOME/a.ts'))
  end)

  it('accepts file:// URIs percent-encoded or not, and plain paths', function()
    local path = '/tmp/dir with space/é 100%.txt'
    local uri = pos.toUri(path)
    assert.are.equal('file:///tmp/dir%20with%20space/%c3%a9%20100%25.txt', uri)
    assert.are.equal(path, pos.uriCandidates(uri)[1])
    assert.are.same({ path }, pos.uriCandidates('file://' .. path))
    assert.are.same({ path }, pos.uriCandidates(path))
    -- Unencoded "%" that happens to look like an escape: the literal reading is offered too.
    local tricky = pos.uriCandidates('file:///tmp/a%41.txt')
    assert.are.same({ '/tmp/aA.txt', '/tmp/a%41.txt' }, tricky)
  end)
end)
