-- openDiff end to end: the plugin's real server, an independent WebSocket client (Node `ws`) speaking MCP
-- as the Claude CLI does (doc/protocol.md §4-§5), and the user acting in this Neovim.
local client = require('helpers.client')
local h = require('helpers.tools')
local d = require('helpers.diff')

local child_nvim = require('helpers.child_nvim')

--- Waits until a review with this tab name is on screen (focus in its proposal).
local function wait_review(tab_name)
  local ok = vim.wait(3000, function()
    local v = vim.b.claude_ide_diff
    return v ~= nil and v.tab_name == tab_name and v.role == 'proposal'
  end, 5)
  assert(ok, 'no review for ' .. tab_name .. ' on screen')
end

local function texts(res)
  assert(res.result, 'not a result: ' .. vim.inspect(res))
  assert.is_nil(res.result.isError)
  local t = {}
  for i, item in ipairs(res.result.content) do
    assert.are.equal('text', item.type)
    t[i] = item.text
  end
  return t
end

describe('openDiff over the protocol', function()
  local server, c, before

  before_each(function()
    server = client.start_server({ log_level = 'error', diff = { focus = 'always' } })
    c = client.connect({ port = server.port, token = server.token })
    c:initialize()
    -- Other features attach their autocmds once a client is ready (selection tracking, scheduled after
    -- notifications/initialized): the snapshot is taken once they are there.
    assert(
      vim.wait(2000, function()
        return #vim.api.nvim_get_autocmds({ group = 'claude-ide.selection', event = 'CursorMoved' }) > 0
      end, 2),
      'selection tracking did not start for the client'
    )
    before = d.snapshot()
  end)

  after_each(function()
    c:close()
    client.stop_server()
    h.reset_editor()
  end)

  local function open_async(path, contents, tab_name)
    local id = c:request_async('tools/call', {
      name = 'openDiff',
      arguments = { old_file_path = path, new_file_path = path, new_file_contents = contents, tab_name = tab_name },
      _meta = { progressToken = 7 },
    })
    wait_review(tab_name)
    return id
  end

  it('is listed with its four required string arguments', function()
    local tools = c:request('tools/list').result.tools
    local open_diff = vim.iter(tools):find(function(t)
      return t.name == 'openDiff'
    end)
    assert.is_not_nil(open_diff)
    -- `required` is a set (JSON Schema): the schema builders list it sorted
    local required = vim.deepcopy(open_diff.inputSchema.required)
    table.sort(required)
    assert.are.same({ 'new_file_contents', 'new_file_path', 'old_file_path', 'tab_name' }, required)
    for _, name in ipairs(open_diff.inputSchema.required) do
      assert.are.equal('string', open_diff.inputSchema.properties[name].type)
    end
  end)

  it('accept: FILE_SAVED + the final text; the file untouched until the client writes it, then followed', function()
    local path = h.file('hello.txt', { 'hello' })
    vim.cmd.edit(path)
    local buf = vim.api.nvim_get_current_buf()
    local seq = vim.fn.undotree(buf).seq_cur
    local id = open_async(path, 'hello\nworld\n', 'tab 1')
    -- the editor stays usable meanwhile: other calls are answered
    assert.are.equal('TAB_CLOSED', c:call_tool('close_tab', { tab_name = 'unknown' }).result.content[1].text)
    vim.api.nvim_buf_set_lines(0, 1, 2, true, { 'world, edited' })
    d.press(':w<CR>')
    assert.are.same({ 'FILE_SAVED', 'hello\nworld, edited\n' }, texts(c:wait_response(id)))
    -- A negative check: the plugin never writes the accepted text itself. A write of its own would come at
    -- the accept or on the next tick, or from the follower of the file, which looks every 100 ms: 300 ms
    -- covers three of its looks.
    assert.is_false(
      vim.wait(300, function()
        return d.read(path) ~= 'hello\n'
      end, 10),
      'the plugin wrote the file itself'
    )
    assert.are.equal('hello\n', d.read(path))
    -- what the CLI does next: close_tab twice, then write the file
    for _ = 1, 2 do
      assert.are.equal('TAB_CLOSED', c:call_tool('close_tab', { tab_name = 'tab 1' }).result.content[1].text)
    end
    d.write(path, 'hello\nworld, edited\n')
    assert.is_true(vim.wait(3000, function()
      return vim.api.nvim_buf_line_count(buf) == 2
    end, 10))
    assert.are.same({ 'hello', 'world, edited' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.is_false(vim.bo[buf].modified)
    assert.are.equal(seq + 1, vim.fn.undotree(buf).seq_cur)
  end)

  it('reject by :q: DIFF_REJECTED + tab_name, file and buffer untouched', function()
    local path = h.file('r.txt', { 'keep' })
    before = d.snapshot()
    local id = open_async(path, 'changed\n', 'tab r')
    vim.cmd('quit')
    assert.are.same({ 'DIFF_REJECTED', 'tab r' }, texts(c:wait_response(id)))
    d.assert_clean(before)
    assert.are.equal('keep\n', d.read(path))
  end)

  it('a new file and a CRLF proposal keep their exact text', function()
    local path = vim.fn.tempname() .. '/new.txt'
    local id = open_async(path, 'a\r\nb', 'tab n')
    d.press(':w<CR>')
    assert.are.same({ 'FILE_SAVED', 'a\r\nb' }, texts(c:wait_response(id)))
    assert.is_nil(d.read(path))
    d.assert_clean(before)
  end)

  it('close_tab while pending (answered in the terminal) closes the view and ends the call', function()
    local path = h.file('t.txt', { 't' })
    local id = open_async(path, 'T\n', 'tab t')
    assert.are.equal('TAB_CLOSED', c:call_tool('close_tab', { tab_name = 'tab t' }).result.content[1].text)
    assert.are.same({ 'DIFF_REJECTED', 'tab t' }, texts(c:wait_response(id)))
    assert.are.equal('TAB_CLOSED', c:call_tool('close_tab', { tab_name = 'tab t' }).result.content[1].text)
    d.assert_clean(before)
  end)

  it('two concurrent reviews, resolved in either order', function()
    local a = h.file('a.txt', { 'a' })
    local b = h.file('b.txt', { 'b' })
    for _, order in ipairs({ { 1, 2 }, { 2, 1 } }) do
      local ids = { open_async(a, 'A\n', 'tab a'), open_async(b, 'B\n', 'tab b') }
      local expected = { { 'FILE_SAVED', 'A\n' }, { 'DIFF_REJECTED', 'tab b' } }
      for _, i in ipairs(order) do
        vim.api.nvim_set_current_tabpage(d.tab(i == 1 and 'tab a' or 'tab b'))
        d.press(i == 1 and ':w<CR>' or 'q')
        assert.are.same(expected[i], texts(c:wait_response(ids[i])))
        -- Its view closes on the next tick: gone before the other tab page is chosen (and reused).
        local name = i == 1 and 'tab a' or 'tab b'
        assert(
          vim.wait(2000, function()
            return not pcall(d.tab, name)
          end, 5),
          name .. ' did not close'
        )
      end
      d.assert_clean(before)
    end
  end)

  it('the same tab_name twice: the first call is answered DIFF_REJECTED, the second shows', function()
    local path = h.file('s.txt', { 's' })
    local first = open_async(path, 'first\n', 'tab s')
    local second = c:request_async('tools/call', {
      name = 'openDiff',
      arguments = { old_file_path = path, new_file_path = path, new_file_contents = 'second\n', tab_name = 'tab s' },
    })
    assert.are.same({ 'DIFF_REJECTED', 'tab s' }, texts(c:wait_response(first)))
    assert.is_true(vim.wait(2000, function()
      return vim.b.claude_ide_diff ~= nil and vim.api.nvim_buf_get_lines(0, 0, -1, true)[1] == 'second'
    end))
    d.press(':w<CR>')
    assert.are.same({ 'FILE_SAVED', 'second\n' }, texts(c:wait_response(second)))
    d.assert_clean(before)
  end)

  it('a client that disconnects while pending: its view closes', function()
    local path = h.file('x.txt', { 'x' })
    open_async(path, 'X\n', 'tab x')
    c:terminate()
    vim.wait(2000, function()
      return vim.b.claude_ide_diff == nil
    end)
    d.assert_clean(before, { client_gone = true })
  end)

  it('notifications/cancelled: the view closes and the call is not answered', function()
    local path = h.file('x.txt', { 'x' })
    local id = open_async(path, 'X\n', 'tab x')
    c:notify('notifications/cancelled', { requestId = id, reason = 'user interrupted' })
    d.assert_clean(before)
    -- A negative check. An answer would be written when the cancel is handled or when the view closes
    -- (assert_clean waited for that); a request answered after that proves that everything written before it
    -- has arrived (one connection delivers in order), and the bounded wait covers anything still later.
    c:request('ping')
    assert.is_false(c:received_within(200, function(m)
      return m.id == id
    end))
  end)

  it("closeAllDiffTabs rejects pending reviews and leaves the user's own diff windows alone", function()
    vim.cmd('tabnew')
    vim.cmd('vsplit')
    local foreign = vim.api.nvim_tabpage_list_wins(0)
    for _, win in ipairs(foreign) do
      vim.api.nvim_win_call(win, function()
        vim.cmd('enew')
        vim.cmd('diffthis')
      end)
    end
    before = d.snapshot()
    local path = h.file('x.txt', { 'x' })
    local id = open_async(path, 'X\n', 'tab x')
    assert.are.equal('CLOSED_1_DIFF_TABS', c:call_tool('closeAllDiffTabs', vim.empty_dict()).result.content[1].text)
    assert.are.same({ 'DIFF_REJECTED', 'tab x' }, texts(c:wait_response(id)))
    d.assert_clean(before)
    for _, win in ipairs(foreign) do
      assert.is_true(vim.wo[win].diff)
    end
  end)

  it(':ClaudeCodeStop while pending answers DIFF_REJECTED before closing the connection', function()
    if vim.fn.exists(':ClaudeCodeStop') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
    local path = h.file('x.txt', { 'x' })
    local id = open_async(path, 'X\n', 'tab x')
    local messages = d.capture_messages()
    vim.cmd('ClaudeCodeStop')
    messages.restore()
    assert.are.same({ 'DIFF_REJECTED', 'tab x' }, texts(c:wait_response(id)))
    assert.are.equal(1001, (c:wait_close()))
    d.assert_clean(before, { client_gone = true })
  end)

  it('bad arguments: a relative path is -32602, a directory a tool error; no UI either way', function()
    local res =
      c:call_tool('openDiff', { old_file_path = 'rel', new_file_path = '/x', new_file_contents = '', tab_name = 't' })
    assert.are.equal(-32602, res.error.code)
    assert.matches('old_file_path', res.error.message, 1, true)
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir)
    res = c:call_tool('openDiff', { old_file_path = dir, new_file_path = dir, new_file_contents = '', tab_name = 't' })
    assert.is_true(res.result.isError)
    assert.matches('is a directory', res.result.content[1].text, 1, true)
    d.assert_clean(before)
  end)
end)

describe('openDiff in a Neovim that quits', function()
  it('answers DIFF_REJECTED to the client before exiting', function()
    local child = child_nvim.spawn({ setup = true })
    local chan = child:rpc()
    local port
    assert.is_true(vim.wait(10000, function()
      port = vim.rpcrequest(chan, 'nvim_exec_lua', 'return require("claude-ide").status().port', {})
      return port ~= nil and port ~= vim.NIL
    end, 20))
    local token = vim.rpcrequest(
      chan,
      'nvim_exec_lua',
      'return require("claude-ide.discovery.lockfile").read(require("claude-ide").status().lockFile).authToken',
      {}
    )
    local c = client.connect({ port = port, token = token })
    c:initialize()
    local path = h.file('q.txt', { 'q' })
    local id = c:request_async('tools/call', {
      name = 'openDiff',
      arguments = { old_file_path = path, new_file_path = path, new_file_contents = 'Q\n', tab_name = 'tab q' },
    })
    assert.is_true(
      vim.wait(5000, function()
        -- opened behind the child's Normal mode (diff.focus "auto"): it waits there
        return vim.rpcrequest(chan, 'nvim_exec_lua', 'return vim.g.claude_ide_reviews_waiting == 1', {})
      end, 20),
      'the review did not open in the child'
    )
    vim.rpcnotify(chan, 'nvim_command', 'qa!')
    assert.are.same({ 'DIFF_REJECTED', 'tab q' }, texts(c:wait_response(id)))
    assert.is_true(child:quit(), 'the child did not exit')
    c:close()
    child:kill()
  end)
end)
