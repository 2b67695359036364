-- The notes for the next prompt (hooks/notes) carrying the user's notes on lines (queueLineNotes, as a turn review's
-- :w queues them): the text is made when the prompt comes, with the paths as that CLI knows them (a far session's
-- path map), and each note goes once, whichever road takes it first.
local h = require('helpers.tools')
local notes = require('claude-ide.hooks.notes')
local path_map = require('claude-ide.util.path_map')

describe('notes on lines for the next prompt', function()
  local ctx, dir

  before_each(function()
    ctx = h.context()
    local path = h.file('src/a.lua', { 'local one = 1', 'local two = 2', 'return one' })
    dir = vim.fs.dirname(vim.fs.dirname(path))
    local buf = h.edit(path)
    ctx.services.lineNotes:note(buf, 2, 3, true, 'is two used?')
  end)

  after_each(function()
    ctx.services.lineNotes:removeAt(vim.fn.bufnr(dir .. '/src/a.lua'), 1, 3)
    ctx.dispose()
    h.reset_editor()
  end)

  it("a far session's prompt reads the paths as they are over there, once", function()
    notes.queueLineNotes(ctx.services, { session = 'claude:far' })
    local far = path_map.createPathMap({ { far = '/workspace', near = dir } })
    assert.are.same({}, ctx.services.notes:drain('claude:other'), 'another session takes nothing')
    local taken = ctx.services.notes:drain('claude:far', nil, far)
    assert.are.equal(1, #taken)
    assert.is_truthy(
      taken[1]:find('/workspace/src/a.lua lines 2-3:\n```\nlocal two = 2\nreturn one\n```\nNote: is two used?', 1, true),
      taken[1]
    )
    assert.is_nil(taken[1]:find(dir, 1, true), 'no local path')
    assert.are.same({}, ctx.services.notes:drain('claude:far', nil, far))
    assert.are.same({}, ctx.services.lineNotes:pending())
  end)

  it('a note sent another way before the prompt comes is not sent again', function()
    notes.queueLineNotes(ctx.services, { session = 'claude:s' })
    local pending = ctx.services.lineNotes:pending()
    assert.are.equal(1, #pending)
    assert.matches('is two used%?', ctx.services.lineNotes:take(pending))
    assert.are.same({}, ctx.services.notes:drain('claude:s'))
    assert.are.equal(0, ctx.services.notes:count())
  end)
end)

-- Gemini CLI and Qwen Code write a hook's additionalContext into their model's request with every < and > as &lt;
-- and &gt;: when the notes hold one, their context says so in a line without either sign.
describe('the turn-start context of the notes', function()
  local quoted = 'The user left a note ...\n\n/p/a.lua line 1:\n```\nif a > b then\n```\nNote: use math.max'

  it('tells Gemini CLI and Qwen Code their signs come as entities, when the notes hold one', function()
    for client, name in pairs({ gemini = 'Gemini CLI', qwen = 'Qwen Code' }) do
      local text = notes.notesContext(client, { quoted })
      assert.equal(
        "Notes from the user's editor (Neovim):\n"
          .. quoted
          .. '\n('
          .. name
          .. ' passes this context on with each less-than sign written as &lt; and each greater-than sign as &gt;:'
          .. ' the files hold the signs themselves.)',
        text
      )
      -- The line itself: nothing the CLI would escape.
      assert.is_nil(text:sub(#"Notes from the user's editor (Neovim):\n" + #quoted + 1):find('[<>]'))
    end
  end)

  it('says nothing of it to Claude Code, nor when no note holds a sign', function()
    assert.equal("Notes from the user's editor (Neovim):\n" .. quoted, notes.notesContext('claude', { quoted }))
    assert.equal("Notes from the user's editor (Neovim):\none\ntwo", notes.notesContext('gemini', { 'one', 'two' }))
  end)
end)
