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

  it(
    'withholds the lines of files the policy withholds, by their name or their real path (links, linked folders)',
    function()
      local Policy = require('claude-ide.policy.policy').Policy
      local config = require('claude-ide.config').validate({ privacy = { exclude = { 'vault/' } } }).config
      local ctx = {
        services = { policy = New(Policy, config) },
        -- A slow machine may make the reads yield to the loop (editor/target yieldToEditor).
        park = function(start)
          local value
          start(function(v)
            value = v
          end)
          vim.wait(5000, function()
            return value ~= nil
          end)
          return value
        end,
      }
      vim.fn.mkdir(dir .. '/vault', 'p')
      vim.fn.writefile({ 'vault text' }, dir .. '/vault/a.ts')
      vim.fn.writefile({ 'open text' }, dir .. '/b.ts')
      vim.fn.writefile({ 'TOKEN=1' }, dir .. '/.env')
      assert(vim.uv.fs_symlink(dir .. '/vault', dir .. '/door')) -- a linked folder
      assert(vim.uv.fs_symlink(dir .. '/.env', dir .. '/settings.ts')) -- a linked file
      assert(vim.uv.fs_symlink(dir .. '/b.ts', dir .. '/c.ts')) -- a link to a file that may be shown
      local co = coroutine.create(function()
        local texts = New(format.Texts, ctx)
        -- As an answer does: every location's line is read first (placesOf), quoted after (groupedLines).
        for _, name in ipairs({ 'vault/a.ts', 'door/a.ts', 'settings.ts', '.env', 'b.ts', 'c.ts' }) do
          texts:lines(dir .. '/' .. name)
        end
        local withheld = '(text withheld from the model)'
        assert.are.equal(withheld, texts:quote(dir .. '/vault/a.ts', 0))
        assert.are.equal(withheld, texts:quote(dir .. '/door/a.ts', 0))
        assert.are.equal(withheld, texts:quote(dir .. '/settings.ts', 0))
        assert.are.equal(withheld, texts:quote(dir .. '/.env', 0))
        assert.are.equal('open text', texts:quote(dir .. '/b.ts', 0))
        assert.are.equal('open text', texts:quote(dir .. '/c.ts', 0))
        -- Lines of a withheld file are still read (they turn the server's columns into the answer's).
        assert.are.same({ 'vault text' }, texts:lines(dir .. '/door/a.ts'))
      end)
      local ok, err = coroutine.resume(co)
      assert(ok, err)
      assert.are.equal('dead', coroutine.status(co))
    end
  )
end)
