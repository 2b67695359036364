-- getOpenEditors, getWorkspaceFolders, getCurrentSelection/getLatestSelection edge cases, the diff-tab tools,
-- and the tool list itself (names, schemas, what is listed).
local h = require('helpers.tools')

describe('context tools', function()
  local ctx

  before_each(function()
    ctx = h.context()
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local edit = h.edit

  describe('getOpenEditors', function()
    it('lists listed, loaded file buffers with uri, label, languageId, isDirty, isActive, lineCount', function()
      vim.cmd('filetype on')
      local a = h.file('dir é/a file.lua', { 'return 1', '' })
      local b = h.file('b.sh', { 'echo' })
      edit(a)
      local bbuf = edit(b)
      vim.api.nvim_buf_set_lines(bbuf, 0, -1, true, { 'echo changed', 'x', 'y' })
      -- Not listed: an unlisted file buffer, a terminal, a sidebar, a scratch buffer, an unloaded buffer.
      vim.fn.bufload(vim.fn.bufadd(h.file('unlisted.txt', { 'u' })))
      vim.cmd('badd ' .. vim.fn.fnameescape(h.file('not-loaded.txt', { 'n' })))
      h.terminal_window()
      h.sidebar_window('neo-tree')
      local out = h.json(h.call(ctx, 'getOpenEditors', vim.empty_dict()))
      assert.are.same({
        tabs = {
          {
            uri = vim.uri_from_fname(a),
            isActive = false,
            label = 'a file.lua',
            languageId = 'lua',
            isDirty = false,
            lineCount = 2,
          },
          {
            uri = vim.uri_from_fname(b),
            isActive = true,
            label = 'b.sh',
            languageId = 'shellscript',
            isDirty = true,
            lineCount = 3,
          },
        },
      }, out)
    end)

    it('answers an empty list (a JSON array) with no file open', function()
      local res = h.call(ctx, 'getOpenEditors', vim.empty_dict())
      assert.are.equal('{"tabs":[]}', res.content[1].text)
    end)
  end)

  describe('getWorkspaceFolders', function()
    it("returns Neovim's working directory as folder and rootPath", function()
      local out = h.json(h.call(ctx, 'getWorkspaceFolders', vim.empty_dict()))
      local cwd = vim.fs.normalize(vim.fn.getcwd())
      assert.is_true(out.success)
      assert.are.equal(cwd, out.rootPath)
      assert.are.same({ name = vim.fs.basename(cwd), uri = vim.uri_from_fname(cwd), path = cwd }, out.folders[1])
      assert.are.equal(1, #out.folders)
    end)
  end)

  describe('getCurrentSelection / getLatestSelection', function()
    it('say "No active editor found" when no file is shown', function()
      h.terminal_window()
      h.sidebar_window('oil')
      local expected = { success = false, message = 'No active editor found' }
      assert.are.same(expected, h.json(h.call(ctx, 'getCurrentSelection', vim.empty_dict())))
      assert.are.same(expected, h.json(h.call(ctx, 'getLatestSelection', vim.empty_dict())))
    end)

    it('answer with success, text, filePath, fileUrl and selection', function()
      local path = h.file('s.txt', { 'abc' })
      edit(path)
      vim.api.nvim_win_set_cursor(0, { 1, 2 })
      local out = h.json(h.call(ctx, 'getCurrentSelection', vim.empty_dict()))
      assert.are.same({
        success = true,
        text = '',
        filePath = path,
        fileUrl = vim.uri_from_fname(path),
        selection = { start = { line = 0, character = 2 }, ['end'] = { line = 0, character = 2 }, isEmpty = true },
      }, out)
    end)

    it('write a selected text with quotes, backslashes, control characters and emoji as valid JSON', function()
      local path = h.file('q "x".txt', { 'say "hi" \\ there\t😀', 'line\r2' })
      edit(path)
      vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('ggVj', true, false, true), 'nx!', false)
      local raw = h.call(ctx, 'getCurrentSelection', vim.empty_dict()).content[1].text
      vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<Esc>', true, false, true), 'nx', false)
      local out = vim.json.decode(raw)
      assert.are.same({
        success = true,
        text = 'say "hi" \\ there\t😀\nline\r2',
        filePath = path,
        fileUrl = vim.uri_from_fname(path),
        selection = { start = { line = 0, character = 0 }, ['end'] = { line = 1, character = 6 }, isEmpty = false },
      }, out)
    end)
  end)

  describe('closeAllDiffTabs / close_tab', function()
    it('report what the diff service closed', function()
      assert.are.equal('CLOSED_0_DIFF_TABS', h.call(ctx, 'closeAllDiffTabs', vim.empty_dict()).content[1].text)
      local closed = {}
      ctx.services.diff = {
        closeAll = function()
          return 2
        end,
        closeTab = function(name)
          table.insert(closed, name)
          return #closed == 1
        end,
        dispose = function() end,
      }
      assert.are.equal('CLOSED_2_DIFF_TABS', h.call(ctx, 'closeAllDiffTabs', vim.empty_dict()).content[1].text)
      -- TAB_CLOSED also when the tab is already gone (the CLI sends close_tab twice).
      assert.are.equal(
        'TAB_CLOSED',
        h.call(ctx, 'close_tab', { tab_name = '✻ [Claude Code] a.txt (1) ⧉' }).content[1].text
      )
      assert.are.equal(
        'TAB_CLOSED',
        h.call(ctx, 'close_tab', { tab_name = '✻ [Claude Code] a.txt (1) ⧉' }).content[1].text
      )
      assert.are.same({ '✻ [Claude Code] a.txt (1) ⧉', '✻ [Claude Code] a.txt (1) ⧉' }, closed)
      assert.matches(
        'missing required argument "tab_name"',
        h.call(ctx, 'close_tab', vim.empty_dict()).invalid,
        1,
        true
      )
    end)
  end)

  describe('the tool list', function()
    local function listed(config)
      local tools = {}
      for _, t in ipairs(require('claude-ide.tools.index').ALL_TOOLS) do
        if (t.enabled == nil or t.enabled(config)) and t.listed ~= false then
          tools[t.name] = t
        end
      end
      return tools
    end

    it('lists every IDE tool with a description and an object schema; close_tab is callable but not listed', function()
      local tools = listed(ctx.config)
      for _, name in ipairs({
        'openFile',
        'getDiagnostics',
        'getCurrentSelection',
        'getLatestSelection',
        'getOpenEditors',
        'getWorkspaceFolders',
        'checkDocumentDirty',
        'saveDocument',
        'closeAllDiffTabs',
      }) do
        local t = tools[name]
        assert.is_not_nil(t, name)
        assert.is_true(#t.description > 10, name)
        assert.are.equal('object', t.inputSchema.type, name)
        for prop, schema in pairs(t.inputSchema.properties or {}) do
          assert.is_string(schema.type, name .. '.' .. prop)
          assert.is_true(#schema.description > 5, name .. '.' .. prop)
        end
      end
      assert.is_nil(tools.close_tab)
      assert.is_nil(tools.executeCode)
      assert.are.equal('TAB_CLOSED', h.call(ctx, 'close_tab', { tab_name = 'x' }).content[1].text)
    end)
  end)
end)
