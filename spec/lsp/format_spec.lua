-- lsp/format: the file paths of a server's URIs and the text shown after each location (no server needed).
local format = require('claude-ide.lsp.format')
local New = require('claude-ide.lualib_bundle').__TS__New

describe('lsp format', function()
  local dir

  before_each(function()
    dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    dir = vim.uv.fs_realpath(dir)
  end)

  after_each(function()
    vim.cmd('silent! %bwipeout!')
    vim.fn.delete(dir, 'rf')
  end)

  it('takes a plain file URI as its path and decodes or normalizes the others', function()
    assert.are.equal('/a/b/c.ts', format.uriPath('file:///a/b/c.ts'))
    assert.are.equal('/a/b c/100%.ts', format.uriPath('file:///a/b%20c/100%25.ts'))
    assert.are.equal('/a/c.ts', format.uriPath('file:///a/b/../c.ts'))
    assert.are.equal('/a/c.ts', format.uriPath('file:///a/./c.ts'))
    assert.are.equal('/a/c.ts', format.uriPath('file:///a//c.ts'))
    -- A `$` is a file name character, not a variable to expand.
    assert.are.equal('/a/$HOME/c.ts', format.uriPath('file:///a/$HOME/c.ts'))
    assert.are.equal('untitled:Untitled-1', format.uriPath('untitled:Untitled-1'))
  end)

  it("reads a loaded buffer's unsaved text, also when the buffer was opened through a symlink", function()
    vim.fn.writefile({ 'on disk' }, dir .. '/real.ts')
    vim.fn.writefile({ 'other on disk' }, dir .. '/other.ts')
    assert(vim.uv.fs_symlink(dir .. '/real.ts', dir .. '/link.ts'))
    vim.cmd.edit(vim.fn.fnameescape(dir .. '/link.ts'))
    vim.api.nvim_buf_set_lines(0, 0, -1, false, { 'unsaved' })
    local texts = New(format.Texts)
    assert.are.same({ 'unsaved' }, texts:lines(dir .. '/real.ts'))
    assert.are.same({ 'unsaved' }, texts:lines(dir .. '/link.ts'))
    assert.are.same({ 'other on disk' }, texts:lines(dir .. '/other.ts'))
    assert.are.same({}, texts:lines(dir .. '/missing.ts'))
  end)
end)
