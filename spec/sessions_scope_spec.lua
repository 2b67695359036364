-- Two Claude sessions in one Neovim (a child Neovim with the plugin set up), each a real WebSocket client
-- (Node `ws`) speaking as the Claude CLI does, plus the agent bridge (`nvim -l bridge.lua` under the MCP SDK's
-- stdio client) that session A's CLI started. The CLI sends closeAllDiffTabs at the start of every turn: B's
-- must leave A's openDiff review and A's agent edit review pending (A accepts them afterwards), A's own rejects
-- them. The bridge belongs to A because A's announced pid (ide_connected) is the bridge's parent process, as
-- for a real `claude` that starts its MCP servers.
local bridge = require('helpers.bridge')
local client = require('helpers.client')

describe('closeAllDiffTabs with two Claude sessions', function()
  local project, nvim, agent, a, b

  before_each(function()
    local dir = bridge.config_dir()
    project = bridge.project({ ['a.txt'] = 'alpha\n', ['main.lua'] = 'return "hi"\n' })
    nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    agent = bridge.start({ config_dir = dir, cwd = project })
    a = client.connect({ port = nvim.lock.port, token = nvim.lock.authToken })
    -- As the CLI does: roots offered, so the editor asks for them after ide_connected.
    a:request('initialize', {
      protocolVersion = '2025-11-25',
      capabilities = { roots = { listChanged = true } },
      clientInfo = { name = 'claude-code', version = '2.1.330' },
    })
    a:notify('notifications/initialized')
    -- The bridge's parent is the Node process of the SDK client: that is A's CLI.
    a:notify('ide_connected', { pid = agent.proc.pid })
    local roots = a:next_message(function(m)
      return m.method == 'roots/list'
    end)
    a:send_json({ jsonrpc = '2.0', id = roots.id, result = { roots = { { uri = vim.uri_from_fname(project) } } } })
    b = client.connect({ port = nvim.lock.port, token = nvim.lock.authToken })
    b:initialize()
    b:notify('ide_connected', { pid = b.driver.proc.pid })
  end)
  after_each(function()
    for _, c in ipairs({ a, b }) do
      pcall(c.close, c)
    end
    bridge.cleanup()
  end)

  local function wait_reviews(n)
    assert.is_true(
      vim.wait(10000, function()
        return #bridge.reviews(nvim) == n
      end, 20),
      ('expected %d open reviews, have %s'):format(n, vim.inspect(bridge.reviews(nvim)))
    )
  end

  --- A's openDiff of a.txt and A's agent edit of main.lua, both open in Neovim. Returns their request ids.
  local function open_both()
    local diff = a:request_async('tools/call', {
      name = 'openDiff',
      arguments = {
        old_file_path = project .. '/a.txt',
        new_file_path = project .. '/a.txt',
        new_file_contents = 'alpha from A\n',
        tab_name = '✻ [Claude Code] a.txt (A1) ⧉',
      },
    })
    wait_reviews(1)
    local edit = agent:call_async('edit', { path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"A"' } } })
    wait_reviews(2)
    return diff, edit
  end

  --- Accepts the review named like `pattern` in Neovim, as :w in its proposal does.
  local function accept(pattern)
    nvim:lua(
      [[
      for _, r in ipairs(require('claude-ide.editor.state').pendingReviews()) do
        if r.tabName:find(..., 1, true) then
          require('claude-ide.editor.review.view_parts').writeToAccept(r.buf) -- as :ClaudeCodeDiffAccept does
          return
        end
      end
      error('no review ' .. ...)
    ]],
      pattern
    )
  end

  it("B's closeAllDiffTabs and close_tab leave A's reviews pending; A accepts them afterwards", function()
    local diff, edit = open_both()
    -- :ClaudeCodeSessions counts both as A's (the agent edit through the bridge A's CLI started).
    local pending = nvim:lua([[
      local out = {}
      for _, s in ipairs(require('claude-ide').sessions()) do out[tostring(s.pid)] = s.pending end
      return out
    ]])
    assert.are.same({ [tostring(agent.proc.pid)] = 2, [tostring(b.driver.proc.pid)] = 0 }, pending)
    local closed = b:call_tool('closeAllDiffTabs', vim.empty_dict())
    assert.are.same({ { type = 'text', text = 'CLOSED_0_DIFF_TABS' } }, closed.result.content)
    local tab = b:call_tool('close_tab', { tab_name = '✻ [Claude Code] a.txt (A1) ⧉' })
    assert.are.same({ { type = 'text', text = 'TAB_CLOSED' } }, tab.result.content)
    assert.are.equal(2, #bridge.reviews(nvim))
    assert.is_false(agent:done(edit), 'the edit was answered')
    assert.is_false(
      a:received_within(100, function(m)
        return m.id == diff
      end),
      "A's openDiff was answered"
    )

    accept('a.txt (A1)')
    local res = a:wait_response(diff)
    assert.are.same({
      { type = 'text', text = 'FILE_SAVED' },
      { type = 'text', text = 'alpha from A\n' },
    }, res.result.content)
    accept('[claude-ide-spec] main.lua')
    local ok, out = agent:wait(edit)
    assert.is_true(ok, vim.inspect(out))
    assert.are.equal('OK: applied 1 edit to main.lua and saved', bridge.text(out))
    assert.are.equal('return "A"\n', bridge.read(project .. '/main.lua'))
    wait_reviews(0)
  end)

  it("A's own closeAllDiffTabs rejects A's openDiff and A's agent edit", function()
    local diff, edit = open_both()
    local closed = a:call_tool('closeAllDiffTabs', vim.empty_dict())
    assert.are.same({ { type = 'text', text = 'CLOSED_2_DIFF_TABS' } }, closed.result.content)
    local res = a:wait_response(diff)
    assert.are.same({
      { type = 'text', text = 'DIFF_REJECTED' },
      { type = 'text', text = '✻ [Claude Code] a.txt (A1) ⧉' },
    }, res.result.content)
    local ok, out = agent:wait(edit)
    assert.is_true(ok, vim.inspect(out))
    assert.matches('^REJECTED: the user rejected 1 edit to main.lua', bridge.text(out))
    assert.are.equal('return "hi"\n', bridge.read(project .. '/main.lua'))
    wait_reviews(0)
  end)

  it("editor_state lists both sessions with their folders and marks the bridge's own", function()
    -- A's roots answer and B's ide_connected arrive asynchronously: wait until both show.
    local a_line = ('\n  claude%%-code %%(pid %d%%): %s %%[yours%%]'):format(agent.proc.pid, vim.pesc(project))
    local b_line = ('\n  claude%%-ide%%-spec %%(pid %d%%): folders not known$'):format(b.driver.proc.pid)
    local text, section
    vim.wait(5000, function()
      text = bridge.text(agent:call('editor_state', {}))
      section = text:match('\n(sessions %(2, [^\n]*\n.*)$')
      return section ~= nil and section:match(a_line) ~= nil and section:match(b_line) ~= nil
    end, 50)
    assert.is_string(section, text)
    assert.matches(a_line, section)
    assert.matches(b_line, section)
  end)

  it("A's close_tab closes A's review; B's openDiff stays until B's own closeAllDiffTabs", function()
    local diff = open_both()
    local theirs = b:request_async('tools/call', {
      name = 'openDiff',
      arguments = {
        old_file_path = project .. '/a.txt',
        new_file_path = project .. '/a.txt',
        new_file_contents = 'alpha from B\n',
        tab_name = '✻ [Claude Code] a.txt (B1) ⧉',
      },
    })
    wait_reviews(3)
    a:call_tool('close_tab', { tab_name = '✻ [Claude Code] a.txt (A1) ⧉' })
    assert.are.equal('DIFF_REJECTED', a:wait_response(diff).result.content[1].text)
    wait_reviews(2)
    assert.are.same(
      { { type = 'text', text = 'CLOSED_1_DIFF_TABS' } },
      b:call_tool('closeAllDiffTabs', vim.empty_dict()).result.content
    )
    assert.are.equal('DIFF_REJECTED', b:wait_response(theirs).result.content[1].text)
    wait_reviews(1)
  end)
end)
