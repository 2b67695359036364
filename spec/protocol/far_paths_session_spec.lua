-- A far session (an agent in a container or on another machine): a client that comes through a gateway
-- (Server:openGateway, its own port and token) has every path mapped at its session's edge. An independent client
-- (Node `ws`) plays the far Claude CLI and speaks only far paths (/workspace/...): its openFile, openDiff and
-- checkDocumentDirty reach the local files; getWorkspaceFolders and getOpenEditors answer far paths, leaving out
-- what the far side cannot see; a selection reaches it with far paths, and one in an unmapped file not at all; a
-- path outside the map is refused naming the argument and the map. A client on the local port sees local paths.
local client = require('helpers.client')
local PathMap = require('claude-ide.util.path_map')

local function text_of(res)
  assert(res.result, vim.inspect(res))
  return res.result.content[1].text
end

describe('far session', function()
  local root, ep, gateway, far

  before_each(function()
    root = vim.fn.resolve(vim.fn.tempname())
    vim.fn.mkdir(root .. '/proj/src', 'p')
    vim.fn.writefile({ 'one', 'two' }, root .. '/proj/src/a.txt')
    vim.fn.writefile({ 'secret' }, root .. '/elsewhere.txt')
    vim.cmd.cd(root .. '/proj')
    -- mentions.settle_ms: 50 ms instead of a second per mention to a client just connected (mentions_spec checks it)
    -- Side by side: the review's "(current)" window holds the local file.
    ep = client.start_server({ mentions = { settle_ms = 50 }, diff = { layout = 'vertical' } })
    local opened = require('claude-ide')
      .server()
      :openGateway(PathMap.createPathMap({ { far = '/workspace', near = root .. '/proj' } }))
    assert.is_true(opened.ok, vim.inspect(opened))
    gateway = opened.gateway
    far = client.connect({ port = gateway.port, token = gateway.token })
    far:initialize()
  end)

  after_each(function()
    far:close()
    client.stop_server()
    vim.cmd('silent! %bwipeout!')
    vim.fn.delete(root, 'rf')
  end)

  it(
    'has its own port and token: the local token does not open it, and its own does not open the local port',
    function()
      assert.are_not.equal(ep.port, gateway.port)
      local wrong = client.connect({ port = gateway.port, token = ep.token, expect_failure = true })
      assert.equal(401, wrong.status)
      local other = client.connect({ port = ep.port, token = gateway.token, expect_failure = true })
      assert.equal(401, other.status)
    end
  )

  it('opens a far path as the local file, and answers with the far path', function()
    local res = far:call_tool('openFile', { filePath = '/workspace/src/a.txt', makeFrontmost = false })
    local answer = vim.json.decode(text_of(res))
    assert.equal('/workspace/src/a.txt', answer.filePath)
    assert.equal(root .. '/proj/src/a.txt', vim.api.nvim_buf_get_name(vim.fn.bufnr(root .. '/proj/src/a.txt')))
    local dirty = vim.json.decode(text_of(far:call_tool('checkDocumentDirty', { filePath = '/workspace/src/a.txt' })))
    assert.same({ success = true, filePath = '/workspace/src/a.txt', isDirty = false, isUntitled = false }, dirty)
  end)

  it('refuses a path outside the map, naming the argument and the map', function()
    local res = far:call_tool('openFile', { filePath = '/etc/passwd' })
    assert.is_not_nil(res.error, vim.inspect(res))
    assert.equal(-32602, res.error.code)
    assert.matches('"filePath": /etc/passwd is outside the folders', res.error.message, 1, true)
    assert.matches('/workspace → ' .. root .. '/proj', res.error.message, 1, true)
    local climb = far:call_tool('openFile', { filePath = '/workspace/../../elsewhere.txt' })
    assert.equal(-32602, climb.error.code)
    assert.equal(-1, vim.fn.bufnr(root .. '/elsewhere.txt'))
  end)

  it('answers getWorkspaceFolders and getOpenEditors in far paths, leaving out files it cannot see', function()
    vim.cmd.edit(root .. '/proj/src/a.txt')
    vim.cmd.edit(root .. '/elsewhere.txt')
    local folders = vim.json.decode(text_of(far:call_tool('getWorkspaceFolders', {})))
    assert.equal('/workspace', folders.rootPath)
    assert.equal('/workspace', folders.folders[1].path)
    assert.equal('file:///workspace', folders.folders[1].uri)
    local editors = vim.json.decode(text_of(far:call_tool('getOpenEditors', {})))
    local uris = vim.tbl_map(function(t)
      return t.uri
    end, editors.tabs)
    assert.same({ 'file:///workspace/src/a.txt' }, uris)
    -- The local client sees local paths.
    local near = client.connect({ port = ep.port, token = ep.token })
    near:initialize()
    local local_editors = vim.json.decode(text_of(near:call_tool('getOpenEditors', {})))
    assert.equal(2, #local_editors.tabs)
    near:close()
  end)

  it('opens a review of a far path on the local file, and the answer names the far path', function()
    local id = far:request_async('tools/call', {
      name = 'openDiff',
      arguments = {
        old_file_path = '/workspace/src/a.txt',
        new_file_path = '/workspace/src/a.txt',
        new_file_contents = 'one\nTWO\n',
        tab_name = 'far review',
      },
    })
    local diff = require('claude-ide').server():diff()
    assert(
      vim.wait(5000, function()
        return diff.proposalOf('far review') ~= nil
      end, 20),
      'no review opened'
    )
    assert.equal('one\nTWO\n', diff.proposalOf('far review'))
    -- The review read the local file (/workspace does not exist here).
    local current
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      local buf = vim.api.nvim_win_get_buf(win)
      if vim.api.nvim_buf_get_name(buf):find('a.txt (current)', 1, true) then
        current = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
      end
    end
    assert.same({ 'one', 'two' }, current)
    far:call_tool('close_tab', { tab_name = 'far review' })
    local res = far:wait_response(id)
    assert.is_nil(res.error, vim.inspect(res))
  end)

  it('sends a selection with far paths, and none for a file it cannot see', function()
    vim.cmd.edit(root .. '/proj/src/a.txt')
    vim.cmd('normal! ggVj')
    vim.api.nvim_exec_autocmds('CursorMoved', {})
    local sel = far:wait_notification('selection_changed', 3000)
    assert.equal('/workspace/src/a.txt', sel.filePath)
    assert.equal('file:///workspace/src/a.txt', sel.fileUrl)
    vim.cmd('normal! \27')
    vim.cmd.edit(root .. '/elsewhere.txt')
    vim.cmd('normal! ggV')
    vim.api.nvim_exec_autocmds('CursorMoved', {})
    local seen = far:received_within(600, function(m)
      return m.method == 'selection_changed' and m.params.filePath ~= '/workspace/src/a.txt'
    end)
    assert.is_false(seen)
  end)

  it('maps getDiagnostics both ways: a far URI in, far URIs out, files it cannot see left out', function()
    vim.cmd.edit(root .. '/proj/src/a.txt')
    local ns = vim.api.nvim_create_namespace('far-spec')
    vim.diagnostic.set(
      ns,
      0,
      { { lnum = 0, col = 0, message = 'near problem', severity = vim.diagnostic.severity.ERROR } }
    )
    vim.cmd.edit(root .. '/elsewhere.txt')
    vim.diagnostic.set(
      ns,
      0,
      { { lnum = 0, col = 0, message = 'unseen problem', severity = vim.diagnostic.severity.ERROR } }
    )
    local one = vim.json.decode(text_of(far:call_tool('getDiagnostics', { uri = 'file:///workspace/src/a.txt' })))
    assert.equal(1, #one)
    assert.equal('file:///workspace/src/a.txt', one[1].uri)
    assert.equal('near problem', one[1].diagnostics[1].message)
    local all = vim.json.decode(text_of(far:call_tool('getDiagnostics', {})))
    assert.same(
      { 'file:///workspace/src/a.txt' },
      vim.tbl_map(function(d)
        return d.uri
      end, all)
    )
    local outside = far:call_tool('getDiagnostics', { uri = 'file:///etc/hosts' })
    assert.equal(-32602, outside.error.code)
    assert.matches('"uri": file:///etc/hosts is outside the folders', outside.error.message, 1, true)
  end)

  it('saves a document by its far path, the answer naming it', function()
    vim.cmd.edit(root .. '/proj/src/a.txt')
    vim.api.nvim_buf_set_lines(0, 0, 1, false, { 'ONE' })
    local saved = vim.json.decode(text_of(far:call_tool('saveDocument', { filePath = '/workspace/src/a.txt' })))
    assert.is_true(saved.saved)
    assert.equal('/workspace/src/a.txt', saved.filePath)
    assert.same({ 'ONE', 'two' }, vim.fn.readfile(root .. '/proj/src/a.txt'))
  end)

  it('sends an @-mention with its far path, and none of a file it cannot see', function()
    local ide = require('claude-ide')
    assert.is_true(ide.add(root .. '/proj/src/a.txt', 1, 2))
    local m = far:wait_notification('at_mentioned', 3000)
    assert.equal('/workspace/src/a.txt', m.filePath)
    assert.equal(0, m.lineStart)
    -- Not sent, and the user is told why (never "sent ... to Claude").
    local messages = require('helpers.diff').capture_messages()
    local accepted = ide.add(root .. '/elsewhere.txt')
    messages.restore()
    assert.is_false(accepted)
    assert.matches('elsewhere%.txt is outside the folders .* sees on its machine', messages.text())
    assert.is_nil(messages.text():find('sent ', 1, true))
    assert.is_false(far:received_within(600, function(msg)
      return msg.method == 'at_mentioned'
    end))
  end)
end)
