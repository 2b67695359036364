-- The text that carries notes on lines to a model (editor/notes/message): ordered by file and line, each note as its
-- path (a far session's own path), its lines, the lines quoted in a fenced block, and the note. Nothing of the
-- message's own frame is < or >: Gemini CLI HTML-escapes both in a hook's additionalContext (a "> " quote reached
-- its model as "&gt; ").
local message = require('claude-ide.editor.notes.message')

describe('the notes message', function()
  it('quotes each note in a fenced block, ordered by file and line, with no < or > of its own', function()
    local text = message.notesMessage({
      { path = '/p/b.lua', first = 2, last = 2, lines = { 'return x' }, text = 'early' },
      { path = '/p/a.lua', first = 3, last = 4, lines = { 'local c = 3', '  return c' }, text = 'why c?' },
      { path = '/p/a.lua', first = 1, last = 1, lines = { 'local a = 1' }, text = 'a constant', proposal = true },
    })
    assert.equal(
      table.concat({
        'The user left 3 notes on lines of code for you in their editor (Neovim). Each gives the file and lines,'
          .. ' quotes them in a fenced block, then the note:',
        '',
        '/p/a.lua line 1 (of your proposed change, not yet in the file):',
        '```',
        'local a = 1',
        '```',
        'Note: a constant',
        '',
        '/p/a.lua lines 3-4:',
        '```',
        'local c = 3',
        '  return c',
        '```',
        'Note: why c?',
        '',
        '/p/b.lua line 2:',
        '```',
        'return x',
        '```',
        'Note: early',
      }, '\n'),
      text
    )
    assert.is_nil(text:find('[<>]'), text)
  end)

  it('a far session reads its own paths; a file outside its folders keeps the local one', function()
    local text = message.notesMessage({
      { path = '/home/me/proj/a.lua', first = 1, last = 1, lines = { 'if a > b then' }, text = 'use math.max' },
      { path = '/elsewhere/b.lua', first = 2, last = 2, lines = { 'x' }, text = 'why?' },
    }, function(path)
      local rest = path:match('^/home/me/proj/(.*)$')
      return rest and ('/workspace/' .. rest) or nil
    end)
    assert.is_truthy(text:find('/workspace/a.lua line 1:\n```\nif a > b then\n```\nNote: use math.max', 1, true), text)
    assert.is_truthy(text:find('/elsewhere/b.lua line 2:\n```\nx\n```\nNote: why?', 1, true), text)
    assert.is_nil(text:find('/home/me/proj', 1, true), text)
  end)

  it('a quoted line holding a fence gets a longer one; a long range says how many lines it left out', function()
    local lines = { 'text = [[', '````lua', 'x', '````', ']]', '6', '7', '8', '9', '10' }
    local text = message.notesMessage({
      { path = '/p/doc.lua', first = 1, last = 10, lines = lines, text = 'two lines\nof note' },
    })
    assert.equal(
      table.concat({
        'The user left a note on lines of code for you in their editor (Neovim). Each gives the file and lines,'
          .. ' quotes them in a fenced block, then the note:',
        '',
        '/p/doc.lua lines 1-10:',
        '`````',
        'text = [[',
        '````lua',
        'x',
        '````',
        ']]',
        '6',
        '7',
        '8',
        '`````',
        '(2 more lines not quoted)',
        'Note: two lines',
        '  of note',
      }, '\n'),
      text
    )
  end)
end)
