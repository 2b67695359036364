-- Benchmark: 500 notes on lines (editor/notes, :ClaudeCodeNote) loaded and drawn, in a child Neovim with a UI
-- attached (bench/lib/frozen: spec/helpers/screen at 160x50, its 1 ms timer), as a user's editor: a 10,000-line
-- Lua file with a note every 20 lines (500 notes, one in four of two lines), kept in the notes' store of the
-- working directory. The notes' book is made as the plugin makes it on the first file read (createNoteBook; the
-- rest of claude-ide is not set up, so nothing else of it runs).
--   1. the notes waking in the file open in the window, and `:edit` of that file, typed: the notes find their
--      lines and draw their marks (a sign and virtual lines each); "editor frozen" is the longest stretch the
--      child's loop was held from the key to the screen drawn (a 1 ms repeating timer in the child: the longest gap
--      between its runs, minus its 1 ms; goal <= 16 ms), beside the same :edit of a file of the same size with no
--      notes (the editor alone);
--   2. scrolling that file page by page with its notes drawn (<C-f>, then <C-b>, each key followed by a redraw),
--      beside the same keys in the file without notes (in rounds, one file then the other), and what the notes
--      add (the difference of their percentiles): a page's redraw is mostly the file's highlighting (Lua's treesitter, Neovim's own), which alone
--      can hold the editor longer than the goal on a loaded machine;
--   3. the same keys in both files with their highlighting off: what the notes' own marks add to a page's redraw,
--      without the highlighting's work and noise.
-- The CPU time the child spent in its longest stretch (os.clock) is printed too: a loaded machine does not
-- inflate it. Prints figures beside their goals.
--
--   nvim --clean --headless -l bench/notes_drawn.lua     (from the repo root, after the build; make bench)
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path = table.concat({
  root .. '/lua/?.lua',
  root .. '/lua/?/init.lua',
  root .. '/bench/?.lua',
  root .. '/spec/?.lua',
  package.path,
}, ';')
vim.opt.rtp:prepend(root)
local report = require('lib.report')
local say, stats, goal = report.say, report.stats, report.goal
local frozen_screen = require('lib.frozen')

local LINES = report.size(10000, 400)
local NOTES = report.size(500, 20)
local RUNS = report.size(10, 1)
local PAGES = report.size(40, 3)
-- The scrolling is measured in rounds, the file with no notes then the noted one in each: the CPU time of Neovim's
-- own redraw of a page varies by a third from one stretch of a run to another (the file with no notes, scrolled
-- again at the end of a run, took 40% more than at its start), so one file measured long after the other would
-- count that as the notes'.
local ROUNDS = report.size(4, 1)

say(
  ('notes drawn (Neovim %s)%s; %s'):format(
    tostring(vim.version()),
    report.SMOKE and ' [smoke run]' or '',
    report.load()
  )
)

local s, dir = frozen_screen.screen({ width = 160, height = 50 })
s:cmd('set cmdheight=2 signcolumn=yes')
-- In the child: the two files.
s:lua(
  [[
  local lines = ...
  for _, name in ipairs({ 'noted', 'plain' }) do
    local text = {}
    for l = 1, lines do
      text[l] = ('local %s_%d = compute(%d, "some text to make the line longer")'):format(name, l, l)
    end
    vim.fn.writefile(text, name .. '.lua')
  end
]],
  LINES
)

--- Types `:edit NAME` and redraws, measured from the key: the longest stretch, its CPU time, the time to the
--- screen drawn. The buffer is wiped first (and the collector's work done before the measure).
local function open(name)
  s:cmd('enew')
  s:cmd('silent! bwipeout! ' .. name)
  s:redraw()
  s:lua("collectgarbage('collect') vim.wait(10, function() return false end, 1) _G.take_gap()")
  local t = vim.uv.hrtime()
  s:input(':edit ' .. name .. '<CR>')
  s:redraw()
  local took = (vim.uv.hrtime() - t) / 1e6
  -- What a later loop turn does (a scheduled part of the drawing) counts too.
  s:lua('vim.wait(30, function() return false end, 1)')
  s:redraw()
  local g = s:lua('return _G.take_gap()')
  assert(s:lua('return vim.fn.expand("%:t")') == name, name .. ' was not opened')
  return g[1], g[2], took
end

--- Pages down then up, each key redrawn: the longest stretch around each key and its CPU time.
local function scroll()
  local frozen, cpu = {}, {}
  s:input('gg')
  s:redraw()
  s:lua('_G.take_gap()')
  local keys = {}
  for _ = 1, PAGES do
    table.insert(keys, '<C-f>')
  end
  for _ = 1, PAGES do
    table.insert(keys, '<C-b>')
  end
  for _, k in ipairs(keys) do
    s:input(k)
    s:redraw()
    local g = s:lua('return _G.take_gap()')
    table.insert(frozen, g[1])
    table.insert(cpu, g[2])
  end
  return frozen, cpu
end

-- The editor alone first (no notes yet), after one open that loads the filetype's plugins (the noted file is of
-- the same type).
open('plain.lua')
local plain_frozen, plain_cpu, plain_took = {}, {}, {}
for _ = 1, RUNS do
  local f, c, t = open('plain.lua')
  table.insert(plain_frozen, f)
  table.insert(plain_cpu, c)
  table.insert(plain_took, t)
end

-- The notes kept for this folder, as the plugin keeps them: one every 20 lines, one in four on two lines, one in
-- five already sent.
s:lua(
  [[
  local lines, count = ...
  local store = require('claude-ide.editor.notes.store')
  local path = vim.fn.fnamemodify('noted.lua', ':p')
  local text = vim.fn.readfile('noted.lua')
  local step = math.floor(lines / count)
  local notes = {}
  for i = 1, count do
    local first = (i - 1) * step + 1
    local last = i % 4 == 0 and first + 1 or first
    notes[i] = { path = path, first = first, last = last, lines = vim.list_slice(text, first, last),
      text = ('note %d: check this against the caller, it may be called with nil'):format(i), sent = i % 5 == 0 }
  end
  local written = store.writeStore(store.storeFile(vim.fn.getcwd()), vim.fn.getcwd(), notes)
  assert(written.ok, written.error)
]],
  LINES,
  NOTES
)

--- The marks of the notes in the current buffer, and whether the first note is on the screen.
local function drawn()
  s:redraw()
  local marks = s:lua([[
    return #vim.api.nvim_buf_get_extmarks(0, vim.api.nvim_create_namespace('claude-ide.notes'), 0, -1, {})
  ]])
  assert(marks == 2 * NOTES, ('%d marks drawn for %d notes'):format(marks, NOTES))
  assert(s:find('note 1: check this') ~= nil, 'the first note is not on the screen:\n' .. s:show())
  return marks
end

-- 1. The notes loaded and drawn in the file open in the window: on a loop turn of their own, as the plugin wakes
-- them (services: the module loaded, the store read, each note's lines found, its marks placed), the screen drawn.
-- Each run the notes go (dispose: their marks too) and come again.
open('noted.lua')
local wake_frozen, wake_cpu, wake_took = {}, {}, {}
for _ = 1, RUNS do
  s:lua([[
    if _G.book then _G.book:dispose() end
    _G.book = nil
    package.loaded['claude-ide.editor.notes.notes'] = nil
    package.loaded['claude-ide.editor.notes.store'] = nil
    package.loaded['claude-ide.editor.notes.message'] = nil
  ]])
  -- The screen without them drawn before the measure: that redraw is not the notes' waking (it held the editor
  -- 5-10 ms, the longest stretch of the measure on some runs).
  s:redraw()
  s:lua([[
    collectgarbage('collect')
    vim.wait(10, function() return false end, 1)
    _G.take_gap()
    vim.defer_fn(function()
      local t0 = vim.uv.hrtime()
      _G.book = require('claude-ide.editor.notes.notes').createNoteBook()
      _G.book_took = (vim.uv.hrtime() - t0) / 1e6
    end, 5)
  ]])
  assert(
    vim.wait(10000, function()
      return s:lua('return _G.book ~= nil')
    end, 5),
    'the notes did not wake'
  )
  s:redraw()
  s:lua('vim.wait(30, function() return false end, 1)')
  s:redraw()
  local g = s:lua('return _G.take_gap()')
  table.insert(wake_frozen, g[1])
  table.insert(wake_cpu, g[2])
  table.insert(wake_took, s:lua('return _G.book_took'))
end
local marks = drawn()

-- 2. :edit of the noted file, its notes awake: read, then its notes drawn (BufReadPost), the screen drawn. The
-- notes' own part of it is timed apart (the book's attach, around its call).
s:lua([[
  _G.attach_took = {}
  local attach = _G.book.attach
  _G.book.attach = function(self, buf)
    local t0 = vim.uv.hrtime()
    attach(self, buf)
    table.insert(_G.attach_took, (vim.uv.hrtime() - t0) / 1e6)
  end
]])
local edit_frozen, edit_cpu, edit_took = {}, {}, {}
for _ = 1, RUNS do
  local f, c, t = open('noted.lua')
  table.insert(edit_frozen, f)
  table.insert(edit_cpu, c)
  table.insert(edit_took, t)
end
drawn()
local attach_took = s:lua('return _G.attach_took')
assert(#attach_took >= RUNS, 'the notes were not drawn on :edit')

-- 3. Scrolling with the notes drawn, and the same keys in the file with no notes, round by round (each file
-- opened again, the noted one's notes all drawn first).
local noted_scroll, noted_scroll_cpu, plain_scroll, plain_scroll_cpu = {}, {}, {}, {}
for _ = 1, ROUNDS do
  open('plain.lua')
  local f, c = scroll()
  vim.list_extend(plain_scroll, f)
  vim.list_extend(plain_scroll_cpu, c)
  open('noted.lua')
  assert(
    vim.wait(10000, function()
      return s:lua([[
        return #vim.api.nvim_buf_get_extmarks(0, vim.api.nvim_create_namespace('claude-ide.notes'), 0, -1, {})
      ]]) == 2 * NOTES
    end, 5),
    'the notes were not all drawn on :edit'
  )
  f, c = scroll()
  vim.list_extend(noted_scroll, f)
  vim.list_extend(noted_scroll_cpu, c)
  assert(s:find('note 1: check this') ~= nil, 'the first note is not on the screen after scrolling:\n' .. s:show())
end

-- 4. The same keys in both files with their highlighting off (the Lua filetype's treesitter, and syntax): what
-- is left of a page's redraw is the text, the signs and the notes' virtual lines, so the notes' own part of it
-- shows apart from the file's highlighting (most of a page's redraw, and of its noise on a loaded machine). Each
-- key's CPU time with its redraw is taken in the child around them (under a millisecond: finer than the timer).
local function unhighlighted()
  s:lua("pcall(vim.treesitter.stop) vim.cmd('setlocal syntax=OFF') vim.cmd('normal! gg')")
  s:redraw()
  local cpu = {}
  for _, k in ipairs({ '\6', '\2' }) do
    for _ = 1, PAGES do
      local took = s:lua(
        [[
        local t = os.clock()
        vim.cmd('normal! ' .. ...)
        vim.cmd('redraw')
        return (os.clock() - t) * 1000
      ]],
        k
      )
      table.insert(cpu, took)
    end
  end
  return cpu
end
local bare_noted_cpu = unhighlighted()
assert(s:find('note 1: check this') ~= nil, 'the first note is not on the screen unhighlighted:\n' .. s:show())
open('plain.lua')
local bare_plain_cpu = unhighlighted()
frozen_screen.close(s, dir)

say(('   %d notes on a %d-line file (%d marks drawn), one in five sent'):format(NOTES, LINES, marks))
say(
  ('   loaded and drawn (module, store, marks), frozen  %s  %s'):format(
    stats(wake_frozen),
    goal(wake_frozen[#wake_frozen], 16, ' ms')
  )
)
say(('        its own CPU time in its longest stretch     %s'):format(stats(wake_cpu)))
say(("        the notes' own time (createNoteBook)        %s"):format(stats(wake_took)))
say(('   :edit of the noted file, frozen                  %s'):format(stats(edit_frozen)))
say(('        its own CPU time in its longest stretch     %s'):format(stats(edit_cpu)))
say(('        drawn after the key                         %s'):format(stats(edit_took)))
say(
  ("        the notes' own part (BufReadPost)           %s  %s"):format(
    stats(attach_took),
    goal(attach_took[#attach_took], 16, ' ms')
  )
)
say(('   the same :edit of a file with no notes, frozen   %s'):format(stats(plain_frozen)))
say(('        its own CPU time in its longest stretch     %s'):format(stats(plain_cpu)))
say(('        drawn after the key                         %s'):format(stats(plain_took)))
local added_line, added = report.above(noted_scroll, plain_scroll)
say(
  ('   scrolling with the notes drawn (<C-f>/<C-b>), frozen %s  %s'):format(
    stats(noted_scroll),
    goal(noted_scroll[#noted_scroll], 16, ' ms')
  )
)
say(('        the same keys in the file with no notes     %s'):format(stats(plain_scroll)))
say(('        what the notes add (noted minus no notes)   %s  %s'):format(added_line, goal(added, 16, ' ms')))
say(('   its own CPU time in its longest stretch, noted   %s'):format(stats(noted_scroll_cpu)))
say(('        the file with no notes                      %s'):format(stats(plain_scroll_cpu)))
say(
  ('        what the notes add                          %s'):format((report.above(noted_scroll_cpu, plain_scroll_cpu)))
)
say(("   the same unhighlighted: a key's CPU, noted      %s"):format(stats(bare_noted_cpu)))
say(('        the file with no notes                      %s'):format(stats(bare_plain_cpu)))
say(('        what the notes add                          %s'):format((report.above(bare_noted_cpu, bare_plain_cpu))))
