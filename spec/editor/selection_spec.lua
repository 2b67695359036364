-- Selection capture (Visual char/line/block, UTF-16 columns) and the selection_changed tracker, driven by
-- real visual selections (nvim_feedkeys) and real autocmd events.
local h = require('helpers.tools')
local selection = require('claude-ide.editor.selection')

local function keys(k, keep_visual)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(k, true, false, true), keep_visual and 'nx!' or 'nx', false)
end

-- 0: "héllo 🎉 world"  (é 2 bytes, 🎉 4 bytes / 2 UTF-16 units)
-- 1: ""
-- 2: "\tabc"
local LINES = { 'héllo 🎉 world', '', '\tabc' }

local function open_file(name, lines)
  local path = h.file(name, lines or LINES)
  vim.cmd.edit(vim.fn.fnameescape(path))
  return path, vim.api.nvim_get_current_win(), vim.api.nvim_get_current_buf()
end

describe('editor.selection capture', function()
  after_each(h.reset_editor)

  it('captures the cursor alone as an empty selection with a UTF-16 column', function()
    local path, win = open_file('cursor.txt')
    vim.api.nvim_win_set_cursor(win, { 1, 11 }) -- the space after 🎉 (byte 11)
    local sel = selection.liveSelection(win)
    assert.are.same({
      text = '',
      filePath = path,
      fileUrl = vim.uri_from_fname(path),
      selection = { start = { line = 0, character = 8 }, ['end'] = { line = 0, character = 8 }, isEmpty = true },
    }, sel)
  end)

  it('does not take a floating window for the editor (its file window is asked instead)', function()
    local path, win = open_file('float.txt')
    vim.api.nvim_win_set_cursor(win, { 3, 2 })
    local float = vim.api.nvim_open_win(
      vim.api.nvim_get_current_buf(),
      true,
      { relative = 'editor', row = 1, col = 1, width = 20, height = 2 }
    )
    assert.are.equal(float, vim.api.nvim_get_current_win())
    assert.is_false(selection.isTrackedWindow(float))
    assert.is_true(selection.isTrackedWindow(win))
    assert.are.equal(win, selection.activeEditorWindow())
    assert.are.equal(path, selection.liveSelection(selection.activeEditorWindow()).filePath)
    vim.api.nvim_win_close(float, true)
  end)

  it('writes a file URI percent-encoded when the path needs it, plainly when it does not', function()
    local path = open_file('a b%c.txt')
    local sel = selection.liveSelection(vim.api.nvim_get_current_win())
    assert.are.equal(path, sel.filePath)
    assert.are.equal(vim.uri_from_fname(path), sel.fileUrl)
    assert.truthy(sel.fileUrl:find('a%%20b%%25c.txt$'))
  end)

  it('captures a characterwise selection over multibyte characters', function()
    local _, win = open_file('char.txt')
    vim.api.nvim_win_set_cursor(win, { 1, 1 })
    keys('v4l', true) -- é l l o space... from é: é l l o ' ' = 5 characters
    assert.are.equal('v', vim.fn.mode())
    local sel = selection.liveSelection(win)
    assert.are.equal('éllo ', sel.text)
    assert.are.same({ line = 0, character = 1 }, sel.selection.start)
    assert.are.same({ line = 0, character = 6 }, sel.selection['end'])
    assert.is_false(sel.selection.isEmpty)
  end)

  it('ends a selection that ends on 🎉 after its surrogate pair', function()
    local _, win = open_file('emoji.txt')
    vim.api.nvim_win_set_cursor(win, { 1, 0 })
    keys('v6l', true)
    local sel = selection.liveSelection(win)
    assert.are.equal('héllo 🎉', sel.text)
    assert.are.same({ line = 0, character = 8 }, sel.selection['end'])
  end)

  it('orders the corners when selecting backwards, across lines', function()
    local _, win = open_file('back.txt')
    vim.api.nvim_win_set_cursor(win, { 3, 2 }) -- "b" in "\tabc"
    keys('vkkl', true)
    local sel = selection.liveSelection(win)
    -- k keeps the screen column (10): "o" of "world"; the empty middle line stays in the text.
    assert.are.equal('orld\n\n\tab', sel.text)
    assert.are.same({ line = 0, character = 10 }, sel.selection.start)
    assert.are.same({ line = 2, character = 3 }, sel.selection['end'])
  end)

  it('captures a linewise selection as whole lines', function()
    local _, win = open_file('line.txt')
    vim.api.nvim_win_set_cursor(win, { 2, 0 })
    keys('Vj', true)
    local sel = selection.liveSelection(win)
    assert.are.equal('\n\tabc', sel.text)
    assert.are.same({ line = 1, character = 0 }, sel.selection.start)
    assert.are.same({ line = 2, character = 4 }, sel.selection['end'])
  end)

  it('captures a blockwise selection by screen columns (tabs, wide characters) and to line ends after $', function()
    local _, win = open_file('block.txt', { 'abcdef', '\txyz', 'ab🎉cd' })
    vim.api.nvim_win_set_cursor(win, { 1, 1 })
    keys('<C-v>jjl', true) -- from "b" (screen column 2) to 🎉 (screen columns 3-4)
    local sel = selection.liveSelection(win)
    -- Screen columns 2..4 on each line; on line 2 the tab covers columns 1-8 and is taken whole.
    assert.are.equal('bcd\n\t\nb🎉', sel.text)
    assert.are.same({ line = 0, character = 1 }, sel.selection.start)
    assert.are.same({ line = 2, character = 4 }, sel.selection['end'])
    keys('$', true)
    sel = selection.liveSelection(win)
    assert.are.equal('bcdef\n\txyz\nb🎉cd', sel.text)
    assert.are.same({ line = 2, character = 6 }, sel.selection['end'])
  end)

  it("honours 'selection' exclusive", function()
    local _, win = open_file('excl.txt', { 'abcdef' })
    local old = vim.o.selection
    vim.o.selection = 'exclusive'
    vim.api.nvim_win_set_cursor(win, { 1, 0 })
    keys('v2l', true)
    local sel = selection.liveSelection(win)
    vim.o.selection = old
    assert.are.equal('ab', sel.text)
    assert.are.same({ line = 0, character = 2 }, sel.selection['end'])
  end)

  it('reads the last Visual selection back from the marks after <Esc>', function()
    local _, win = open_file('marks.txt')
    vim.api.nvim_win_set_cursor(win, { 1, 0 })
    keys('vl<Esc>')
    assert.are.equal('n', vim.fn.mode())
    assert.are.equal('hé', selection.markedSelection(win).text)
    keys('Vj<Esc>')
    assert.are.equal('héllo 🎉 world\n', selection.markedSelection(win).text)
  end)

  it('finds the active editor window: current file window, else the main editor window, else none', function()
    assert.is_nil(selection.activeEditorWindow()) -- an unnamed buffer is not a file
    local _, win = open_file('active.txt')
    assert.are.equal(win, selection.activeEditorWindow())
    h.sidebar_window('neo-tree')
    h.terminal_window()
    assert.are.equal(win, selection.activeEditorWindow())
  end)
end)

describe('editor.selection tracker', function()
  local ctx, clock

  before_each(function()
    -- The debounce waits on a manual clock: these specs move time themselves and never wait for it.
    clock = require('claude-ide.util.clock').manualClock()
    ctx = h.context({ selection = { debounce_ms = 10 } }, { clock = clock })
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function cursor_autocmds()
    return #vim.api.nvim_get_autocmds({ group = 'claude-ide.selection', event = { 'CursorMoved', 'CursorMovedI' } })
  end

  local function sent()
    return ctx.hub.of('selection_changed')
  end

  local function move(win, pos)
    vim.api.nvim_win_set_cursor(win, pos)
    vim.api.nvim_exec_autocmds('CursorMoved', {})
  end

  --- Runs what is already scheduled (vim.schedule runs first in, first out: a sentinel scheduled now runs last).
  local function drain()
    local done = false
    vim.schedule(function()
      done = true
    end)
    assert(vim.wait(1000, function()
      return done
    end, 1))
  end

  --- The debounce delay passes (on the manual clock) and the flush it hands to vim.schedule runs.
  local function settle()
    clock.advance(ctx.config.selection.debounce_ms)
    drain()
  end

  local function wait_sent(n)
    settle()
    assert(#sent() >= n, ('expected %d selection_changed, got %d'):format(n, #sent()))
  end

  it('has no cursor autocmds while no client is connected, and removes them when the last leaves', function()
    open_file('idle.txt')
    assert.are.equal(0, cursor_autocmds())
    ctx.hub.set_sessions(1)
    assert.is_true(cursor_autocmds() > 0)
    ctx.hub.set_sessions(0)
    assert.are.equal(0, cursor_autocmds())
  end)

  it('tells a client that connects what file and position the user is at', function()
    local path, win = open_file('hello.txt')
    vim.api.nvim_win_set_cursor(win, { 3, 2 })
    ctx.hub.set_sessions(1)
    assert.are.equal(1, #sent())
    local p = sent()[1].params
    assert.are.equal(path, p.filePath)
    assert.are.same({ line = 2, character = 2 }, p.selection.start)
    assert.is_true(p.selection.isEmpty)
  end)

  it('debounces cursor moves and sends only actual changes', function()
    local _, win = open_file('moves.txt', { 'plain ascii line' })
    ctx.hub.set_sessions(1)
    local before = #sent()
    move(win, { 1, 1 })
    move(win, { 1, 2 })
    move(win, { 1, 3 })
    -- Within the delay nothing goes out; the moves re-arm it, so one message when it has passed.
    clock.advance(ctx.config.selection.debounce_ms - 1)
    drain()
    assert.are.equal(before, #sent())
    wait_sent(before + 1)
    settle()
    assert.are.equal(before + 1, #sent())
    assert.are.same({ line = 0, character = 3 }, sent()[#sent()].params.selection.start)
    -- Same position again: nothing new.
    move(win, { 1, 3 })
    settle()
    assert.are.equal(before + 1, #sent())
  end)

  it('flushes at once when Visual mode ends, and keeps that selection until the cursor moves', function()
    local _, win = open_file('visual.txt')
    ctx.hub.set_sessions(1)
    vim.api.nvim_win_set_cursor(win, { 1, 0 })
    local before = #sent()
    keys('vjj<Esc>') -- ModeChanged v:n fires synchronously
    assert.are.equal(before + 1, #sent())
    local p = sent()[#sent()].params
    assert.are.equal('héllo 🎉 world\n\n\t', p.text)
    -- CursorMoved after <Esc> with the cursor where Visual left it: the selection stays the context.
    vim.api.nvim_exec_autocmds('CursorMoved', {})
    settle()
    assert.are.equal(before + 1, #sent())
    assert.are.equal('héllo 🎉 world\n\n\t', h.json(h.call(ctx, 'getLatestSelection', vim.empty_dict())).text)
    -- A real move replaces it with the cursor.
    move(win, { 1, 2 })
    wait_sent(before + 2)
    assert.are.equal('', sent()[#sent()].params.text)
  end)

  it('keeps the selection when the user jumps to the Claude terminal, for getLatestSelection too', function()
    local path, win = open_file('jump.txt')
    local term = h.terminal_window('botright vsplit')
    vim.api.nvim_set_current_win(win)
    ctx.hub.set_sessions(1)
    vim.api.nvim_win_set_cursor(win, { 1, 0 })
    keys('vl', true)
    keys('<C-w>l') -- typed window switch: Visual mode ends
    assert.are.equal(term, vim.api.nvim_get_current_win())
    assert.are.equal('hé', sent()[#sent()].params.text)
    local count = #sent()
    -- Moving inside the terminal changes nothing.
    vim.api.nvim_exec_autocmds('CursorMoved', {})
    settle()
    assert.are.equal(count, #sent())
    local latest = h.json(h.call(ctx, 'getLatestSelection', vim.empty_dict()))
    assert.are.equal('hé', latest.text)
    assert.are.equal(path, latest.filePath)
    -- getCurrentSelection: the live state of the editor window (Visual mode is over: the cursor).
    local current = h.json(h.call(ctx, 'getCurrentSelection', vim.empty_dict()))
    assert.are.equal('', current.text)
    assert.are.equal(path, current.filePath)
  end)

  it('a selection made before Claude connects is what it gets on connecting', function()
    local _, win = open_file('before.txt')
    h.terminal_window('botright vsplit')
    vim.api.nvim_set_current_win(win)
    vim.api.nvim_win_set_cursor(win, { 3, 0 })
    keys('vll')
    keys('<C-w>l')
    ctx.hub.set_sessions(1)
    assert.are.equal('\tab', sent()[#sent()].params.text)
  end)

  it('never reports terminal, sidebar or scratch buffers', function()
    open_file('file.txt')
    ctx.hub.set_sessions(1)
    local count = #sent()
    for _, make in ipairs({
      function()
        return h.terminal_window()
      end,
      function()
        return h.sidebar_window('NvimTree')
      end,
      function()
        vim.cmd('new')
        vim.bo.buftype = 'nofile'
        vim.api.nvim_buf_set_name(0, 'scratch-name')
        return vim.api.nvim_get_current_win()
      end,
      function()
        vim.cmd('new')
        vim.bo.buftype = 'prompt'
        return vim.api.nvim_get_current_win()
      end,
    }) do
      make()
      vim.api.nvim_exec_autocmds('CursorMoved', {})
      settle()
      assert.are.equal(count, #sent())
    end
  end)

  it('does nothing at all with selection.enabled = false', function()
    ctx.dispose()
    ctx = h.context({ selection = { enabled = false } })
    open_file('off.txt')
    ctx.hub.set_sessions(1)
    assert.are.equal(0, cursor_autocmds())
    assert.are.equal(0, #vim.api.nvim_get_autocmds({ group = 'claude-ide.selection' }))
    assert.are.equal(0, #sent())
  end)

  it('removes its augroup on dispose', function()
    ctx.hub.set_sessions(1)
    ctx.dispose()
    assert.is_false(pcall(vim.api.nvim_get_autocmds, { group = 'claude-ide.selection' }))
    ctx = h.context()
  end)
end)
