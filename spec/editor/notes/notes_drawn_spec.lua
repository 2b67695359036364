-- Many notes kept for a file (over the 50 drawn at once): drawn when the file is loaded, those near the cursor at
-- once and the rest in slices on later loop turns (editor/notes NoteBook.attach; in the turn the notes wake, which
-- reads their store, none), each at its quoted lines even where they moved; a command on the notes' places run
-- before the slices are done (the same loop turn as the :edit that wakes them) finds every note where it is.
-- bench/notes_drawn.lua measures how long the editor is held meanwhile.
local bridge = require('helpers.bridge')

describe('many notes drawn', function()
  after_each(bridge.cleanup)

  local LINES, EVERY = 10000, 5

  local function wait_for(what, pred)
    assert(vim.wait(20000, pred, 20), 'timed out waiting for ' .. what)
  end

  --- A child Neovim in a project with big.lua (LINES lines) and a note kept on every EVERY-th line of it, written
  --- before two lines were added in the middle (the notes below them find their lines 2 further down).
  local function start()
    local dir = bridge.config_dir()
    local state = bridge.tempdir()
    local lines = {}
    for l = 1, LINES do
      lines[l] = ('local line_%d = %d'):format(l, l)
    end
    local project = bridge.project({ ['big.lua'] = table.concat(lines, '\n') .. '\n' })
    local nvim = bridge.editor({ config_dir = dir, cwd = project, env = { XDG_STATE_HOME = state } })
    nvim:lua(
      [[
      local lines, every = ...
      local store = require('claude-ide.editor.notes.store')
      local path = vim.fn.fnamemodify('big.lua', ':p')
      local text = vim.fn.readfile('big.lua')
      local notes = {}
      for first = 1, #text, every do
        notes[#notes + 1] = { path = path, first = first, last = first, lines = { text[first] },
          text = 'note on ' .. text[first], sent = false }
      end
      assert(store.writeStore(store.storeFile(vim.fn.getcwd()), vim.fn.getcwd(), notes).ok)
      table.insert(text, lines / 2, '-- added')
      table.insert(text, lines / 2, '-- added too')
      vim.fn.writefile(text, 'big.lua')
    ]],
      LINES,
      EVERY
    )
    return nvim
  end

  --- Where the notes' marks are in the current buffer: { signs = { [row] = true }, texts = { [row] = text } }.
  local MARKS = [[
    local ns = vim.api.nvim_create_namespace('claude-ide.notes')
    local signs, texts, count = {}, {}, 0
    for _, m in ipairs(vim.api.nvim_buf_get_extmarks(0, ns, 0, -1, { details = true })) do
      count = count + 1
      if m[4].sign_text then signs[tostring(m[2] + 1)] = true end
      if m[4].virt_lines then texts[tostring(m[2] + 1)] = m[4].virt_lines[1][2][1] end
    end
    return { signs = signs, texts = texts, count = count }
  ]]

  it('those near the cursor at once, every one at its lines once the slices are done', function()
    local nvim = start()
    -- The notes wake on the first file read (they read their store then, and draw many from the next turn on).
    nvim:lua('vim.fn.writefile({ "x" }, "small.lua") vim.cmd("edit small.lua")')
    -- The marks as :edit leaves them, before any later loop turn.
    local now = nvim:lua('vim.cmd("edit big.lua") ' .. MARKS)
    local height = nvim:lua('return vim.api.nvim_win_get_height(0)')
    for row = 1, height, EVERY do
      assert.is_true(now.signs[tostring(row)], 'no sign at once on line ' .. row)
      assert.are.equal(('note on local line_%d = %d'):format(row, row), now.texts[tostring(row)])
    end
    local notes = LINES / EVERY
    wait_for('every note drawn', function()
      return nvim:lua(MARKS).count == 2 * notes
    end)
    local m = nvim:lua(MARKS)
    -- Above the added lines at their lines; below them two lines further down.
    assert.is_true(m.signs['4996'])
    assert.are.equal('note on local line_4996 = 4996', m.texts['4996'])
    assert.is_nil(m.signs['5001'])
    assert.is_true(m.signs['5003'])
    assert.are.equal('note on local line_5001 = 5001', m.texts['5003'])
    assert.is_true(m.signs['9998'])
    assert.are.equal('note on local line_9996 = 9996', m.texts['9998'])
  end)

  it('a command on the notes run in the same loop turn as the :edit finds them all where they are', function()
    local nvim = start()
    -- :ClaudeCodeNote! on a note far from the cursor (drawn by a later slice), in the :edit's own loop turn.
    nvim:lua('vim.cmd("edit big.lua") vim.cmd("9003ClaudeCodeNote!")')
    local notes = LINES / EVERY
    wait_for('every other note drawn', function()
      return nvim:lua(MARKS).count == 2 * (notes - 1)
    end)
    -- Later loop turns draw nothing more: the removed note stays removed.
    nvim:lua('vim.wait(200, function() return false end, 10)')
    local m = nvim:lua(MARKS)
    assert.are.equal(2 * (notes - 1), m.count)
    assert.is_nil(m.signs['9003'])
    assert.is_true(m.signs['8998'])
    assert.is_true(m.signs['9008'])
    -- The store keeps the others, not that one.
    local kept = nvim:lua([[
      local store = require('claude-ide.editor.notes.store')
      local out = {}
      for _, n in ipairs(store.readStore(store.storeFile(vim.fn.getcwd())).notes) do out[n.text] = n.first end
      return out
    ]])
    assert.is_nil(kept['note on local line_9001 = 9001'])
    assert.are.equal(9008, kept['note on local line_9006 = 9006'])
    assert.are.equal(1, kept['note on local line_1 = 1'])
  end)
end)
