-- "Request changes" on a proposal: an openDiff call from a real client (an independent WebSocket client speaking
-- MCP as the Claude CLI does) is answered DIFF_REJECTED, and the refusal's reason (which Claude Code's next prompt
-- carries, and the ClaudeIdeDiffResolved event) is every note on that proposal: those written on its proposed lines
-- and those on its file not sent yet; each is then sent. Without a note nothing is rejected.
local client = require('helpers.client')
local h = require('helpers.tools')
local d = require('helpers.diff')

describe('request changes', function()
  local server, c

  setup(function()
    if vim.fn.exists(':ClaudeCodeRequestChanges') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    server = client.start_server({ log_level = 'error', diff = { focus = 'always' } })
    c = client.connect({ port = server.port, token = server.token })
    c:initialize()
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
    })
    assert(
      vim.wait(3000, function()
        local v = vim.b.claude_ide_diff
        return v ~= nil and v.tab_name == tab_name and v.role == 'proposal'
      end, 5),
      'no review on screen'
    )
    return id
  end

  it('rejects the openDiff call with every note on the proposal as the reason, each sent once', function()
    local path = h.file('r.lua', { 'local a = 1', 'local b = 2' })
    h.edit(path)
    d.press(':2ClaudeCodeNote keep b as it is<CR>')
    local other = h.file('other.lua', { 'x' })
    h.edit(other)
    d.press(':1ClaudeCodeNote not about this proposal<CR>')
    local events = d.record_events()
    local id = open_async(path, 'local a = 1\nlocal b = 3\nlocal c = 4\n', 'tab rc')
    d.press(':3ClaudeCodeNote why c?<CR>')
    d.press(':ClaudeCodeRequestChanges<CR>')
    local res = c:wait_response(id)
    assert.are.same(
      { { type = 'text', text = 'DIFF_REJECTED' }, { type = 'text', text = 'tab rc' } },
      res.result.content
    )
    assert(
      vim.wait(2000, function()
        return #events == 2
      end, 5),
      'no ClaudeIdeDiffResolved'
    )
    events.stop()
    local reason = events[2].data.reason
    assert.is_truthy(reason:find(path .. ' line 2:\n```\nlocal b = 2\n```\nNote: keep b as it is', 1, true), reason)
    assert.is_truthy(
      reason:find(
        path .. ' line 3 (of your proposed change, not yet in the file):\n```\nlocal c = 4\n```\nNote: why c?',
        1,
        true
      ),
      reason
    )
    assert.is_nil(reason:find('not about this proposal', 1, true))
    -- The reason waits for the session's next prompt (Claude Code reads no text with DIFF_REJECTED).
    local owner = require('claude-ide').server().hub.clients()[1].id
    local queued = require('claude-ide').server():notes():drain('claude:s', owner)
    assert.are.equal(1, #queued)
    assert.is_truthy(queued[1]:find(reason, 1, true))
    -- Each note went once: only the other file's note waits.
    local book = require('claude-ide').server():lineNotes()
    assert.are.equal(1, #book:pending())
    assert.is_truthy(book:take(book:pending()):find('not about this proposal', 1, true))
  end)

  it('without a note on the proposal it rejects nothing and says so', function()
    local path = h.file('n.lua', { 'one' })
    local id = open_async(path, 'two\n', 'tab none')
    local said = {}
    local notify = vim.notify
    vim.notify = function(msg)
      table.insert(said, msg)
    end
    d.press(':ClaudeCodeRequestChanges<CR>')
    vim.notify = notify
    assert.matches('no note on this proposal', table.concat(said, '\n'))
    assert.are.equal('tab none', vim.b.claude_ide_diff.tab_name)
    d.press(':ClaudeCodeDiffDeny<CR>')
    assert.are.equal('DIFF_REJECTED', c:wait_response(id).result.content[1].text)
  end)
end)
