-- lsp_rename against a minimal real language server (edit_server.lua) that answers the WorkspaceEdit each spec
-- writes: servers that offer rename as plain `true` (no options, no prepareRename) work like the others.
local lsp = require('lsp.helpers')
local d = require('diff.helpers')

local SERVER = lsp.root .. '/spec/lsp/edit_server.lua'

--- The proposal buffer of the open review (waits for it).
local function proposal()
  local found
  assert(
    vim.wait(10000, function()
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        local v = vim.b[buf].claude_ide_diff
        if v and v.role == 'proposal' then
          found = buf
          return true
        end
      end
      return false
    end, 10),
    'no review opened'
  )
  return found
end

local function reviews_open()
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.b[buf].claude_ide_diff then
      return true
    end
  end
  return false
end

--- The winbars of the review's two windows: current (left), proposal (right).
local function winbars()
  local p = proposal()
  local left
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(vim.api.nvim_win_get_tabpage(vim.fn.win_findbuf(p)[1]))) do
    local v = vim.b[vim.api.nvim_win_get_buf(win)].claude_ide_diff
    if v and v.role == 'current' then
      left = vim.wo[win].winbar
    end
  end
  return left, vim.wo[vim.fn.win_findbuf(p)[1]].winbar
end

local function next_file()
  local before = proposal()
  vim.api.nvim_win_call(vim.fn.win_findbuf(before)[1], function()
    vim.cmd('normal ]f')
  end)
  assert.is_true(vim.wait(5000, function()
    local p = proposal()
    return p ~= before
  end, 10))
end

local function finish(poll)
  assert(
    vim.wait(20000, function()
      return (poll())
    end, 10),
    'the tool did not finish'
  )
  local _, result = poll()
  return result.content[1].text, result.isError == true
end

local function accept()
  vim.api.nvim_buf_call(proposal(), function()
    vim.cmd('silent write')
  end)
end

local function exists(path)
  return vim.uv.fs_stat(path) ~= nil
end

--- A buffer named exactly `path` (never Vim's pattern matching).
local function buffer_named(path)
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_get_name(b) == path then
      return b
    end
  end
end

describe('lsp_rename with a minimal server', function()
  local dir, ctx, answer

  --- The WorkspaceEdit the server answers the next rename with.
  local function serve(edit)
    vim.fn.writefile({ vim.json.encode(edit) }, answer)
  end

  local function uri(rel)
    return vim.uri_from_fname(dir .. '/' .. rel)
  end

  local function text_edit(rel, line, text)
    return {
      textDocument = { uri = uri(rel), version = vim.NIL },
      edits = {
        {
          range = { start = { line = line, character = 0 }, ['end'] = { line = line + 1, character = 0 } },
          newText = text,
        },
      },
    }
  end

  local function rename_call(extra)
    return lsp.start(
      ctx,
      'lsp_rename',
      vim.tbl_extend('force', { path = 'a.txt', line = 1, column = 1, new_name = 'b' }, extra or {})
    )
  end

  before_each(function()
    dir = vim.uv.fs_realpath(vim.fn.tempname() .. '') or vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    dir = vim.uv.fs_realpath(dir)
    answer = dir .. '/.answer.json'
    vim.fn.writefile({ 'alpha', 'two', 'three' }, dir .. '/a.txt')
    vim.fn.writefile({ 'gamma' }, dir .. '/c.txt')
    vim.fn.writefile({ 'delta' }, dir .. '/d.txt')
    vim.cmd('filetype on')
    local group = vim.api.nvim_create_augroup('spec-lsp', { clear = true })
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = 'text',
      callback = function(ev)
        if vim.bo[ev.buf].buftype ~= '' then
          return
        end
        vim.lsp.start(
          { name = 'edits', cmd = { vim.v.progpath, '-l', SERVER, answer }, root_dir = dir },
          { bufnr = ev.buf }
        )
      end,
    })
    lsp.cd(dir)
    ctx = lsp.context()
  end)

  after_each(function()
    ctx.dispose()
    lsp.stop_all()
    lsp.reset_editor()
  end)

  it('a server whose renameProvider is just `true` (no prepareRename): its edit is reviewed and applied', function()
    vim.cmd.edit(dir .. '/a.txt')
    serve({ changes = { [uri('a.txt')] = { text_edit('a.txt', 0, 'ALPHA\n').edits[1] } } })
    local poll = rename_call()
    accept()
    local text, is_error = finish(poll)
    assert.is_false(is_error, text)
    assert.matches(
      '^OK: applied rename of "alpha" at a.txt:1:1 to "b": 1 edit in 1 file\n  a.txt: 1 edit and saved\n',
      text
    )
    assert.are.same({ 'ALPHA', 'two', 'three' }, vim.fn.readfile(dir .. '/a.txt'))
  end)
end)
