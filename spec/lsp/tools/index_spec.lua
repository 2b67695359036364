-- The LSP tools through the real agent bridge (`nvim -l lua/claude-ide/bridge.lua`) driven by the MCP
-- TypeScript SDK's stdio client, against a child Neovim whose user config attaches the real
-- typescript-language-server: tools/list, wait_for_lsp_ready, lsp_references (compact text, compared in size
-- with the raw LSP JSON of the same request), an lsp_rename accepted in the child's review, a pending review
-- closed by the Claude CLI's closeAllDiffTabs (over the child's IDE WebSocket), and a rename whose edit moves
-- and deletes files (a minimal server, edit_server.lua, answers it).
local bridge = require('helpers.bridge')
local client = require('helpers.client')
local lsp = require('helpers.lsp')

local LSP_TOOLS = {
  'lsp_clients',
  'wait_for_lsp_ready',
  'lsp_hover',
  'lsp_definition',
  'lsp_type_definition',
  'lsp_implementations',
  'lsp_declaration',
  'lsp_references',
  'lsp_call_hierarchy',
  'lsp_document_symbols',
  'lsp_workspace_symbols',
  'lsp_code_actions',
  'lsp_apply_code_action',
  'lsp_rename',
  'lsp_formatting',
  'lsp_organize_imports',
}
local WRITING = { lsp_apply_code_action = true, lsp_rename = true, lsp_formatting = true, lsp_organize_imports = true }

--- The user's config in the child: typescript file buffers get ts_ls.
local CONFIG = [[
local server, tsserver, root = ...
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'typescript',
  callback = function(ev)
    if vim.bo[ev.buf].buftype ~= '' then return end
    vim.lsp.start({ name = 'ts_ls', cmd = { server, '--stdio' }, root_dir = root, init_options = { tsserver = { path = tsserver } } }, { bufnr = ev.buf })
  end,
})
require('claude-ide').setup({ agent = { lsp_timeout_ms = 20000 }, diff = { focus = 'always' } })
vim.cmd('doautocmd FileType')
]]

describe('LSP tools through the bridge #slow', function()
  local project, nvim, c

  setup(function()
    local dir = bridge.config_dir()
    project = lsp.fixture()
    -- the review takes the focus (spec/editor/diff_focus_spec.lua checks when it may): here and in CONFIG's setup()
    nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      args = { 'src/main.ts' },
      setup = { diff = { focus = 'always' } },
    })
    nvim:lua(CONFIG, lsp.server, lsp.tsserver, project)
    nvim:lua('vim.o.columns = 300') -- wide enough for every part of a review's winbar (narrow ones drop parts)
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  teardown(bridge.cleanup)

  it('tools/list has every LSP tool, the reading ones read-only', function()
    local ok, list = c:request('tools/list', vim.empty_dict())
    assert.is_true(ok, vim.inspect(list))
    local by_name = {}
    for _, t in ipairs(list.tools) do
      by_name[t.name] = t
    end
    for _, name in ipairs(LSP_TOOLS) do
      local t = by_name[name]
      assert.is_not_nil(t, name)
      assert.are.equal(not WRITING[name], t.annotations.readOnlyHint, name)
      assert.is_not_nil(
        t.inputSchema.properties.client_name or (name == 'lsp_apply_code_action' and true),
        name .. ' takes client_name'
      )
    end
  end)

  it('lsp_references answers compact text, far smaller than the raw LSP JSON', function()
    local ready =
      bridge.text(c:call('wait_for_lsp_ready', { path = 'src/main.ts', timeout_ms = 20000 }, { timeout = 30000 }))
    assert.matches('^OK: ready for src/main.ts', ready)
    local res = c:call('lsp_references', { path = 'src/shape.ts', line = 5, symbol = 'double' }, { timeout = 30000 })
    assert.is_nil(res.isError)
    local text = bridge.text(res)
    assert.matches('^references to "double" at src/shape.ts:5:17: 6 references in 4 files\n', text)
    assert.matches(
      'src/main.ts\n  3:10  import { double } from "./shape";\n  7:22  export const twice = double(total);',
      text,
      1,
      true
    )
    -- The same request made raw inside the editor.
    local raw = nvim:lua(
      [[
      local buf = vim.fn.bufnr(...)
      local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 4, character = 16 }, context = { includeDeclaration = true } }
      local res = vim.lsp.buf_request_sync(buf, 'textDocument/references', params, 20000)
      for _, r in pairs(res) do return vim.json.encode(r.result) end
    ]],
      project .. '/src/shape.ts'
    )
    print(
      ('\nlsp_references: %d bytes of text vs %d bytes of raw LSP JSON (%.1fx smaller)'):format(
        #text,
        #raw,
        #raw / #text
      )
    )
    assert.is_true(#text * 2 < #raw, ('%d bytes of text vs %d of JSON'):format(#text, #raw))
  end)

  it('a cancelled call (notifications/cancelled) closes its review; nothing changes', function()
    local before = bridge.read(project .. '/src/shape.ts')
    c:call_async(
      'lsp_rename',
      { path = 'src/shape.ts', line = 1, symbol = 'Shape', new_name = 'Form' },
      { tag = 'r1', timeout = 30000 }
    )
    assert.is_true(
      vim.wait(20000, function()
        return #bridge.reviews(nvim) == 1
      end, 20),
      'the review did not open'
    )
    -- The review's overview: its winbar counts the three files.
    assert.matches(
      '· 3 files, ',
      nvim:lua([[
      for _, w in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
        local v = vim.b[vim.api.nvim_win_get_buf(w)].claude_ide_diff
        if v and v.role == 'proposal' then return vim.wo[w].winbar end
      end
    ]]),
      1,
      true
    )
    c:cancel('r1')
    assert.is_true(
      vim.wait(5000, function()
        return #bridge.reviews(nvim) == 0
      end, 20),
      'the review is still open'
    )
    assert.are.equal(before, bridge.read(project .. '/src/shape.ts'))
  end)

  it('lsp_code_actions takes symbol for the position, like every other LSP tool', function()
    local res = c:call(
      'lsp_code_actions',
      { path = 'src/shape.ts', line = 5, symbol = 'double', kind = 'refactor' },
      { timeout = 30000 }
    )
    assert.is_nil(res.isError, bridge.text(res))
    assert.matches('^%d+ code actions? at src/shape%.ts:5', bridge.text(res))
    local bad = c:call('lsp_code_actions', { path = 'src/shape.ts', line = 5, symbol = 'nowhere' }, { timeout = 30000 })
    assert.is_true(bad.isError)
    assert.matches('"nowhere" is not on line 5 of src/shape.ts', bridge.text(bad), 1, true)
  end)

  it('lsp_rename waits for the review in Neovim; accepted there, every file is renamed', function()
    -- The review fires the User events a statusline or hook listens to, like openDiff's.
    nvim:lua([[
      _G.review_events = {}
      vim.api.nvim_create_autocmd('User', {
        pattern = { 'ClaudeIdeDiffOpened', 'ClaudeIdeDiffResolved' },
        callback = function(ev) table.insert(_G.review_events, { ev.match, ev.data.tab_name, ev.data.result }) end,
      })
    ]])
    local id = c:call_async(
      'lsp_rename',
      { path = 'src/main.ts', line = 5, symbol = 'shapes', new_name = 'all' },
      { timeout = 30000 }
    )
    assert.is_true(
      vim.wait(20000, function()
        return #bridge.reviews(nvim) == 1 or c:done(id)
      end, 20),
      'the review did not open'
    )
    assert.is_false(c:done(id), 'the rename answered before the user decided')
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    local ok, res = c:wait(id, 30000)
    assert.is_true(ok, vim.inspect(res))
    assert.matches(
      '^OK: applied rename of "shapes" at src/main.ts:5:7 to "all": 2 edits in 1 file\n  src/main.ts: 2 edits and saved',
      bridge.text(res)
    )
    assert.matches('const all = [new Square(2), new Circle(1)];', bridge.read(project .. '/src/main.ts'), 1, true)
    assert.are.same({}, bridge.reviews(nvim))
    local events = nvim:lua('return _G.review_events')
    assert.are.equal(2, #events, vim.inspect(events))
    assert.are.same({ 'ClaudeIdeDiffOpened', 'ClaudeIdeDiffResolved' }, { events[1][1], events[2][1] })
    assert.matches('rename', events[1][2])
    assert.are.equal(events[1][2], events[2][2])
    assert.are.equal('FILE_SAVED', events[2][3])
  end)

  it("closeAllDiffTabs from the Claude CLI rejects a pending LSP review and the agent's edit review", function()
    local shape = bridge.read(project .. '/src/shape.ts')
    local circle = bridge.read(project .. '/src/circle.ts')
    local rename = c:call_async(
      'lsp_rename',
      { path = 'src/shape.ts', line = 1, symbol = 'Shape', new_name = 'Form' },
      { timeout = 30000 }
    )
    assert.is_true(
      vim.wait(20000, function()
        return #bridge.reviews(nvim) == 1
      end, 20),
      'the rename review did not open'
    )
    local edit = c:call_async(
      'edit',
      { path = 'src/circle.ts', edits = { { old_text = '3.14', new_text = 'Math.PI' } } },
      { timeout = 30000 }
    )
    assert.is_true(
      vim.wait(10000, function()
        return #bridge.reviews(nvim) == 2
      end, 20),
      'the edit review did not open'
    )
    -- The CLI's own connection (the IDE WebSocket of the lock file) at the start of its next turn.
    local ide = client.connect({ port = nvim.lock.port, token = nvim.lock.authToken })
    ide:initialize()
    local closed = ide:call_tool('closeAllDiffTabs', vim.empty_dict())
    assert.are.same({ { type = 'text', text = 'CLOSED_2_DIFF_TABS' } }, closed.result.content)
    ide:close()
    local ok, res = c:wait(rename, 30000)
    assert.is_true(ok, vim.inspect(res))
    assert.matches(
      '^REJECTED: the user rejected rename of "Shape" at src/shape.ts:1:18 to "Form" %(%d+ edits in 3 files%)',
      bridge.text(res)
    )
    ok, res = c:wait(edit, 30000)
    assert.is_true(ok, vim.inspect(res))
    assert.matches('^REJECTED: the user rejected 1 edit to src/circle.ts', bridge.text(res))
    assert.are.same({}, bridge.reviews(nvim))
    assert.are.equal(1, nvim:lua('return #vim.api.nvim_list_tabpages()'), 'the review tab pages are gone')
    assert.are.equal(shape, bridge.read(project .. '/src/shape.ts'))
    assert.are.equal(circle, bridge.read(project .. '/src/circle.ts'))
  end)

  it('lsp_rename whose edit renames one file and deletes another: one review, accepted in Neovim', function()
    local answer = project .. '/.answer.json'
    bridge.write(project .. '/mod/a.txt', 'alpha\ntwo\n')
    bridge.write(project .. '/mod/c.txt', 'gamma\n')
    local uri = function(rel)
      return vim.uri_from_fname(project .. '/' .. rel)
    end
    bridge.write(
      answer,
      vim.json.encode({
        documentChanges = {
          { kind = 'rename', oldUri = uri('mod/a.txt'), newUri = uri('mod/b.txt') },
          {
            textDocument = { uri = uri('mod/b.txt'), version = vim.NIL },
            edits = {
              {
                range = { start = { line = 0, character = 0 }, ['end'] = { line = 0, character = 5 } },
                newText = 'beta',
              },
            },
          },
          { kind = 'delete', uri = uri('mod/c.txt') },
        },
      })
    )
    -- The user's config for text files: the module server (a rename of a module renames its file).
    local buf = nvim:lua(
      [[
      local server, answer, root = ...
      vim.api.nvim_create_autocmd('FileType', {
        pattern = 'text',
        callback = function(ev)
          if vim.bo[ev.buf].buftype ~= '' then return end
          vim.lsp.start({ name = 'edits', cmd = { vim.v.progpath, '-l', server, answer }, root_dir = root }, { bufnr = ev.buf })
        end,
      })
      vim.cmd.edit(root .. '/mod/a.txt')
      return vim.api.nvim_get_current_buf()
    ]],
      lsp.root .. '/spec/fixtures/lsp/edit_server.lua',
      answer,
      project
    )
    local id = c:call_async(
      'lsp_rename',
      { path = 'mod/a.txt', line = 1, symbol = 'alpha', new_name = 'beta' },
      { timeout = 30000 }
    )
    assert.is_true(
      vim.wait(20000, function()
        return #bridge.reviews(nvim) == 1 or c:done(id)
      end, 20),
      'the review did not open'
    )
    assert.is_false(c:done(id), 'the rename answered before the user decided')
    -- The review's overview: the renamed file's header says so.
    assert.matches(
      ' (renamed from mod/a.txt, 1 edit): 1 hunk',
      nvim:lua([[
      for _, w in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
        local buf = vim.api.nvim_win_get_buf(w)
        local v = vim.b[buf].claude_ide_diff
        if v and v.role == 'proposal' then return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, true), '\n') end
      end
    ]]),
      1,
      true
    )
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    local ok, res = c:wait(id, 30000)
    assert.is_true(ok, vim.inspect(res))
    local text = bridge.text(res)
    assert.matches(
      '^OK: applied rename of "alpha" at mod/a.txt:1:1 to "beta": 1 edit in 2 files, 1 renamed, 1 deleted\n',
      text
    )
    assert.matches(
      '\n  renamed mod/a.txt → mod/b.txt (buffer b' .. buf .. ' follows it), then 1 edit and saved\n',
      text,
      1,
      true
    )
    assert.matches('\n  deleted mod/c.txt\n', text, 1, true)
    assert.is_nil(bridge.read(project .. '/mod/a.txt'))
    assert.is_nil(bridge.read(project .. '/mod/c.txt'))
    assert.are.equal('beta\ntwo\n', bridge.read(project .. '/mod/b.txt'))
    -- The user's buffer follows the file.
    assert.are.equal(project .. '/mod/b.txt', nvim:lua('return vim.api.nvim_buf_get_name(...)', buf))
    assert.are.same({ 'beta', 'two' }, nvim:lua('return vim.api.nvim_buf_get_lines(..., 0, -1, true)', buf))
    assert.are.same({}, bridge.reviews(nvim))
  end)
end)
