-- The IDE tools and context push end to end: the plugin's real server in this Neovim, an independent
-- WebSocket client (Node `ws`, spec/helpers/client.lua) over loopback, real buffers and commands.
local client = require('helpers.client')
local h = require('helpers.tools')
local ide = require('claude-ide')

describe('IDE tools through the server', function()
  local server, c, messages, real_notify

  setup(function()
    if vim.fn.exists(':ClaudeCodeSend') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    messages = {}
    real_notify = vim.notify
    vim.notify = function(msg, level)
      table.insert(messages, { msg = msg, level = level })
    end
    -- A mention to a client that just connected waits mentions.settle_ms (1 s by default: spec/editor/mentions_spec
    -- checks it); 50 ms here keeps that wait on the road without a second per case.
    server =
      client.start_server({ log_level = 'error', selection = { debounce_ms = 10 }, mentions = { settle_ms = 50 } })
  end)

  after_each(function()
    vim.notify = real_notify
    if c then
      c:close()
      c = nil
    end
    client.stop_server()
    h.reset_editor()
  end)

  local function connect()
    c = client.connect({ port = server.port, token = server.token })
    c:initialize()
    return c
  end

  local function tool_json(name, args)
    local res = c:call_tool(name, args)
    assert.is_nil(res.error, vim.inspect(res.error))
    assert.is_nil(res.result.isError, vim.inspect(res.result))
    return vim.json.decode(res.result.content[1].text)
  end

  it('lists the tools with their schemas; close_tab and executeCode are not listed', function()
    connect()
    local tools = c:request('tools/list').result.tools
    local names = vim.tbl_map(function(t)
      return t.name
    end, tools)
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
      assert.is_true(vim.tbl_contains(names, name), name)
    end
    assert.is_false(vim.tbl_contains(names, 'close_tab'))
    assert.is_false(vim.tbl_contains(names, 'executeCode'))
    for _, t in ipairs(tools) do
      assert.are.equal('object', t.inputSchema.type, t.name)
    end
  end)

  it('answers getDiagnostics, openFile and the selection tools in protocol form', function()
    local path = h.file('e2e dir/ünï 🎉.lua', { 'local s = "🎉" .. y', 'return s' })
    vim.cmd.edit(vim.fn.fnameescape(path))
    local ns = vim.api.nvim_create_namespace('e2e')
    vim.diagnostic.set(
      ns,
      0,
      { { lnum = 0, col = 19, end_col = 20, severity = 1, message = 'undefined y', source = 'spec' } }
    )
    vim.cmd('enew')
    connect()
    local diags = tool_json('getDiagnostics', { uri = vim.uri_from_fname(path) })
    assert.are.same({
      {
        uri = vim.uri_from_fname(path),
        diagnostics = {
          {
            message = 'undefined y',
            severity = 'Error',
            source = 'spec',
            range = { start = { line = 0, character = 17 }, ['end'] = { line = 0, character = 18 } },
          },
        },
      },
    }, diags)

    local res = c:call_tool('openFile', { filePath = path, startText = '"🎉"' })
    assert.are.equal('Opened file: ' .. path, res.result.content[1].text)
    local sel = tool_json('getCurrentSelection')
    assert.are.equal('"🎉"', sel.text)
    assert.are.same({ line = 0, character = 10 }, sel.selection.start)
    assert.are.same({ line = 0, character = 14 }, sel.selection['end'])

    assert.are.same(
      { success = true, filePath = path, isDirty = false, isUntitled = false },
      tool_json('checkDocumentDirty', { filePath = path })
    )
  end)

  it('reports bad arguments as JSON-RPC -32602 naming the argument, work failures as isError', function()
    connect()
    local res = c:call_tool('openFile', vim.empty_dict())
    assert.are.equal(-32602, res.error.code)
    assert.matches('filePath', res.error.message)
    local path = h.file('two.txt', { 'a', 'b' })
    res = c:call_tool('openFile', { filePath = path, startLine = 7 })
    assert.are.equal(-32602, res.error.code)
    assert.matches('"startLine" must be < 2', res.error.message, 1, true)
    res = c:call_tool('openFile', { filePath = '/no/such/file.txt', _meta = { progressToken = 1 } })
    assert.is_true(res.result.isError)
    assert.matches('File not found', res.result.content[1].text)
  end)

  it('pushes selection_changed: on connecting, and at once when Visual mode ends', function()
    local path = h.file('push.txt', { 'first line', 'second line' })
    vim.cmd.edit(vim.fn.fnameescape(path))
    vim.api.nvim_win_set_cursor(0, { 2, 3 })
    connect()
    local first = c:wait_notification('selection_changed')
    assert.are.equal(path, first.filePath)
    assert.are.same({ line = 1, character = 3 }, first.selection.start)
    assert.are.equal('', first.text)

    vim.api.nvim_win_set_cursor(0, { 1, 0 })
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('vjl<Esc>', true, false, true), 'nx', false)
    local n = c:wait_notification('selection_changed')
    assert.are.equal('first line\nse', n.text)
    assert.are.equal(vim.uri_from_fname(path), n.fileUrl)
    assert.are.same(
      { start = { line = 0, character = 0 }, ['end'] = { line = 1, character = 2 }, isEmpty = false },
      n.selection
    )
  end)

  it('keeps the Visual selection as context when :ClaudeCodeFocus jumps to the terminal', function()
    local cat = h.file('bin/cat-claude', { '#!/bin/sh', 'exec cat' })
    vim.fn.setfperm(cat, 'rwxr-xr-x')
    client.stop_server()
    server =
      client.start_server({ log_level = 'error', selection = { debounce_ms = 10 }, terminal = { command = cat } })
    local path = h.file('focus.txt', { 'alpha beta', 'gamma' })
    vim.cmd.edit(vim.fn.fnameescape(path))
    connect()
    c:wait_notification('selection_changed')
    vim.api.nvim_win_set_cursor(0, { 1, 6 })
    vim.api.nvim_feedkeys('vj', 'nx!', false) -- still in Visual mode, as when a <Cmd> mapping runs
    vim.cmd('ClaudeCodeFocus')
    assert.are.equal('terminal', vim.bo.buftype)
    assert.are.equal('beta\ngamma', c:wait_notification('selection_changed').text)
    assert.are.equal('beta\ngamma', tool_json('getLatestSelection').text)
    local term = vim.api.nvim_get_current_buf()
    h.settle_terminals()
    vim.fn.jobstop(vim.b[term].terminal_job_id)
  end)

  it(':ClaudeCodeSend and :ClaudeCodeAdd send at_mentioned with 0-based lines', function()
    local path = h.file('mention dir/é.lua', { 'a', 'b', 'c', 'd' })
    vim.cmd.edit(vim.fn.fnameescape(path))
    connect()
    vim.cmd('2,3ClaudeCodeSend')
    assert.are.same({ filePath = path, lineStart = 1, lineEnd = 2 }, c:wait_notification('at_mentioned'))
    vim.api.nvim_win_set_cursor(0, { 4, 0 })
    vim.cmd('ClaudeCodeSend')
    assert.are.same({ filePath = path, lineStart = 3, lineEnd = 3 }, c:wait_notification('at_mentioned'))
    vim.cmd('ClaudeCodeAdd ' .. vim.fn.fnameescape(path) .. ' 1 2')
    assert.are.same({ filePath = path, lineStart = 0, lineEnd = 1 }, c:wait_notification('at_mentioned'))
    vim.cmd('ClaudeCodeAdd ' .. vim.fn.fnameescape(vim.fs.dirname(path)))
    assert.are.same({ filePath = vim.fs.dirname(path) }, c:wait_notification('at_mentioned'))
    assert.matches('sent .*é.lua:1%-2 to Claude', messages[#messages - 1].msg)
  end)

  it('queues mentions made while Claude is not connected and sends them in order when it connects', function()
    local a = h.file('a.lua', { 'x' })
    local b = h.file('b.lua', { 'y', 'z' })
    vim.cmd('ClaudeCodeAdd ' .. vim.fn.fnameescape(a))
    vim.cmd('ClaudeCodeAdd ' .. vim.fn.fnameescape(b) .. ' 2')
    assert.matches('will be sent when it is ready', messages[#messages].msg)
    connect()
    assert.are.same({ filePath = a }, c:wait_notification('at_mentioned'))
    assert.are.same({ filePath = b, lineStart = 1, lineEnd = 1 }, c:wait_notification('at_mentioned'))
  end)

  it(':ClaudeCodeAdd reports bad input without sending anything', function()
    connect()
    vim.cmd('ClaudeCodeAdd /no/such/file.lua')
    assert.matches('no such file or folder', messages[#messages].msg)
    vim.cmd('ClaudeCodeAdd ' .. vim.fn.fnameescape(h.file('f.lua', { 'x' })) .. ' one')
    assert.matches('usage: :ClaudeCodeAdd', messages[#messages].msg)
    vim.cmd('ClaudeCodeAdd ' .. vim.fn.fnameescape(h.file('g.lua', { 'x' })) .. ' 3 1')
    assert.matches('end line', messages[#messages].msg)
    assert.is_false(c:received_within(100, function(m)
      return m.method == 'at_mentioned'
    end))
  end)

  describe('add_under_cursor', function()
    local stubs = { 'nvim-tree.api', 'oil', 'neo-tree.sources.manager', 'mini.files' }

    after_each(function()
      for _, name in ipairs(stubs) do
        package.loaded[name] = nil
      end
    end)

    -- The explorers are not installed here: their public API is stubbed in package.loaded.
    it('mentions the entry under the cursor of nvim-tree, oil, neo-tree and mini.files', function()
      local file = h.file('tree/file.lua', { 'x' })
      local dir = vim.fs.dirname(file)
      package.loaded['nvim-tree.api'] = {
        tree = {
          get_node_under_cursor = function()
            return { absolute_path = file }
          end,
        },
      }
      package.loaded['oil'] = {
        get_cursor_entry = function()
          return { name = 'file.lua' }
        end,
        get_current_dir = function()
          return dir .. '/'
        end,
      }
      local tree = {
        get_node = function(self)
          assert(self.is_tree, 'called as a method')
          return { path = dir }
        end,
        is_tree = true,
      }
      package.loaded['neo-tree.sources.manager'] = {
        get_state_for_window = function()
          return { tree = tree }
        end,
      }
      package.loaded['mini.files'] = {
        get_fs_entry = function()
          return { path = file }
        end,
      }
      connect()
      for ft, expected in pairs({ NvimTree = file, oil = file, ['neo-tree'] = dir, minifiles = file }) do
        h.sidebar_window(ft)
        assert.is_true(ide.add_under_cursor(), ft)
        assert.are.same({ filePath = expected }, c:wait_notification('at_mentioned'), ft)
      end
      -- :ClaudeCodeSend in an explorer does the same.
      h.sidebar_window('NvimTree')
      vim.cmd('ClaudeCodeSend')
      assert.are.same({ filePath = file }, c:wait_notification('at_mentioned'))
    end)

    it('falls back to the current file, and says when there is nothing to add', function()
      local file = h.file('plain.lua', { 'x' })
      vim.cmd.edit(vim.fn.fnameescape(file))
      connect()
      assert.is_true(ide.add_under_cursor())
      assert.are.same({ filePath = file }, c:wait_notification('at_mentioned'))
      h.sidebar_window('NvimTree') -- nvim-tree not installed
      assert.is_false(ide.add_under_cursor())
      assert.matches('nothing to add', messages[#messages].msg)
      vim.cmd('enew')
      assert.is_false(ide.add_under_cursor())
      assert.matches('not a file', messages[#messages].msg)
    end)
  end)
end)
