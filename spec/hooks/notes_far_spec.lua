-- Notes on lines for an agent that runs somewhere else: the far CLI's turn-start hook (Claude Code's
-- UserPromptSubmit) arrives as an HTTP hook through its session's door (Node's fetch, as the CLI POSTs it), and the
-- additionalContext it is answered carries a note on a local file by the file's far path (/workspace/...), with the
-- quoted lines and the note, once; the local path is nowhere in it.
local client = require('helpers.client')

--- The additionalContext the hook was answered (nil: none).
local function context_of(call)
  assert(
    vim.wait(10000, function()
      return call.done ~= nil
    end, 20),
    'the hook was not answered'
  )
  assert.equal(0, call.done.code, call.done.stderr)
  local r = vim.json.decode(call.done.stdout)
  assert.equal(200, r.status, r.body)
  local out = vim.json.decode(r.body, { luanil = { object = true, array = true } })
  return out.hookSpecificOutput and out.hookSpecificOutput.additionalContext
end

describe('notes on lines for a far agent', function()
  local tmp, gateway, services

  before_each(function()
    tmp = vim.fn.resolve(vim.fn.tempname())
    vim.fn.mkdir(tmp .. '/proj/src', 'p')
    vim.fn.writefile({ 'local one = 1', 'local two = 2', 'return one' }, tmp .. '/proj/src/a.lua')
    vim.cmd.cd(tmp .. '/proj')
    client.start_server()
    local server = require('claude-ide').server()
    local PathMap = require('claude-ide.util.path_map')
    local opened = server:openGateway(PathMap.createPathMap({ { far = '/workspace', near = tmp .. '/proj' } }))
    assert(opened.ok, opened.error)
    gateway = opened.gateway
    services = { notes = server:notes(), lineNotes = server:lineNotes() }
  end)

  after_each(function()
    client.stop_server()
    vim.cmd('silent! %bwipeout!')
    vim.cmd.cd('/')
    vim.fn.delete(tmp, 'rf')
  end)

  it("a note on a local file reaches the far CLI's next prompt by its far path, once", function()
    vim.cmd.edit(tmp .. '/proj/src/a.lua')
    services.lineNotes:note(vim.api.nvim_get_current_buf(), 2, 3, true, 'is two used?')
    -- As applying that session's turn review queues them.
    require('claude-ide.hooks.notes').queueLineNotes(services, { session = 'claude:far-1' })
    local prompt = { session_id = 'far-1', cwd = '/workspace', hook_event_name = 'UserPromptSubmit', prompt = 'go on' }

    local context = context_of(client.post_hook(gateway, 'UserPromptSubmit', prompt))
    assert.is_string(context)
    assert.is_truthy(
      context:find('/workspace/src/a.lua lines 2-3:\n```\nlocal two = 2\nreturn one\n```\nNote: is two used?', 1, true),
      context
    )
    assert.is_nil(context:find(tmp, 1, true), 'no local path: ' .. context)
    local _, count = context:gsub('is two used%?', '')
    assert.equal(1, count, context)

    local again = context_of(client.post_hook(gateway, 'UserPromptSubmit', prompt))
    assert.is_true(again == nil or not again:find('is two used?', 1, true), 'sent once: ' .. tostring(again))
  end)

  it("a far proposal's request changes (gQ) reaches the next prompt with far paths too", function()
    local path = tmp .. '/proj/src/a.lua'
    vim.cmd.edit(path)
    services.lineNotes:note(vim.api.nvim_get_current_buf(), 2, 2, true, 'keep two')
    -- As :ClaudeCodeRequestChanges makes the reason (the notes, with local paths) and openDiff queues it when the
    -- review answers DIFF_REJECTED.
    local reason = services.lineNotes:take(services.lineNotes:pending())
    require('claude-ide.tools.open_diff').noteRejection(services.notes, nil, path, reason)
    local prompt = { session_id = 'far-1', cwd = '/workspace', hook_event_name = 'UserPromptSubmit', prompt = 'again' }

    local context = context_of(client.post_hook(gateway, 'UserPromptSubmit', prompt))
    assert.is_string(context)
    assert.is_truthy(
      context:find('rejected your proposed change to /workspace/src/a.lua. Their reason:', 1, true),
      context
    )
    assert.is_truthy(
      context:find('/workspace/src/a.lua line 2:\n```\nlocal two = 2\n```\nNote: keep two', 1, true),
      context
    )
    assert.is_nil(context:find(tmp, 1, true), 'no local path: ' .. context)
  end)
end)
