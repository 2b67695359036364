-- The real screen of a child Neovim: the same binary as the running spec (vim.v.progpath), this checkout on its
-- runtimepath, and a UI attached over RPC at the wanted size, so the child lays out and redraws its grid as it
-- would in a terminal. The helper is that UI: it keeps the grid from the child's `redraw` events (ext_linegrid,
-- with ext_hlstate so that each cell knows the highlight groups it was drawn with), and reads it as text.
--
--   local screen = require('helpers.screen')
--   local s = screen.new({ width = 80, height = 24, setup = { diff = { layout = 'unified' } } })
--   s:lua('vim.api.nvim_buf_set_lines(0, 0, -1, true, ...)', { 'one', 'two' })   -- Lua in the child
--   s:input('jdd')                                                               -- keys, as typed
--   s:lines()      -- every screen row as text (trailing blanks cut), after a :redraw
--   s:row(3)       -- one row (1-based)
--   s:winbar(win)  -- the winbar of a window of the child
--   s:signs(row)   -- the sign column of a row (in the window at that row)
--   s:find('two')  -- row, col (1-based screen cells) of a text's first appearance
--   s:groups(row, col)  -- the highlight groups a cell was drawn with
--   s:resize(160, 30)   -- the UI's new size (the child's 'columns' / 'lines' follow)
--   s:close()
--
-- One connection carries the requests and the UI's events, in order: when a request's answer arrives, every
-- redraw the child made before answering is already on the grid. So `s:redraw()` (a :redraw request) is enough
-- to read a settled screen; work the child does later (vim.schedule, timers) is waited for with `s:wait_for`.
--
-- Neovim 0.12 headless without a UI was seen to abort ("double free or corruption") on :redraw with 'columns' over
-- about 80, 'signcolumn' yes, a sign extmark and a virt_lines_leftcol virtual line filling the window (the unified
-- view's marks). With this UI attached, the unified view's marks draw at 80, 160 and 240 columns on 0.10 and 0.12
-- (spec/editor/review/unified_view_screen_spec.lua); the abort did not come back here without a UI either (`set
-- columns=160`, a review of 10 and of 60 removed lines, :redraw).
local child_nvim = require('helpers.child_nvim')

local M = {}

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

local TIMEOUT = 10000

local Screen = {}
Screen.__index = Screen

--- The value of an ext type (Buffer, Window, Tabpage): its handle.
local function ext(_, data)
  return vim.mpack.decode(data)
end

--- vim.mpack.NIL (a nil inside a decoded table) as nil, at the top level.
local function denil(v)
  if v == vim.mpack.NIL then
    return nil
  end
  return v
end

--- opts.width (80), opts.height (24); opts.setup: claude-ide set up in the child (true: no options; a table: these
--- options), as child_nvim.spawn.
function M.new(opts)
  opts = opts or {}
  local self = setmetatable({
    width = opts.width or 80,
    height = opts.height or 24,
    grid = {},
    hl = { [0] = {} },
    attrs = { [0] = {} },
    flushes = 0,
    cursor = { 0, 0 },
    eof = false,
  }, Screen)
  self.child = child_nvim.spawn({
    cmd = {
      vim.v.progpath,
      '--clean',
      '-n',
      '--cmd',
      'set rtp^=' .. vim.fn.fnameescape(root),
      '--cmd',
      'set shortmess+=I',
    },
    setup = opts.setup,
  })
  self:connect()
  self:request('nvim_ui_attach', self.width, self.height, { ext_linegrid = true, ext_hlstate = true, rgb = true })
  self:redraw()
  return self
end

--- Connects to the child's socket (once it exists) and starts reading its answers and events.
function Screen:connect()
  local socket = self.child.socket
  local pipe
  local connected = false
  local failed
  assert(vim.wait(TIMEOUT, function()
    if self.child.exited then
      return true
    end
    if pipe == nil and vim.uv.fs_stat(socket) then
      pipe = vim.uv.new_pipe(false)
      pipe:connect(socket, function(err)
        if err then
          failed = err
        else
          connected = true
        end
      end)
    end
    if failed then
      pipe:close()
      pipe, failed = nil, nil
    end
    return connected
  end, 10) and connected, 'could not connect to the child Neovim')
  self.pipe = pipe
  self.session = vim.mpack.Session({ unpack = vim.mpack.Unpacker({ ext = { [0] = ext, [1] = ext, [2] = ext } }) })
  pipe:read_start(function(err, data)
    if err or not data then
      self.eof = true
      return
    end
    local pos = 1
    while pos <= #data do
      local kind, id_or_cb, method_or_error, args_or_result
      kind, id_or_cb, method_or_error, args_or_result, pos = self.session:receive(data, pos)
      if kind == 'notification' and method_or_error == 'redraw' then
        self:events(args_or_result)
      elseif kind == 'response' then
        id_or_cb(denil(method_or_error), args_or_result)
      elseif kind == 'request' then
        -- The child asks nothing of a UI; an answer keeps it from waiting.
        self.pipe:write(self.session:reply(id_or_cb) .. vim.mpack.encode(vim.NIL) .. vim.mpack.encode(vim.NIL))
      end
    end
  end)
end

--- An API call in the child, waiting for its answer (an error in the child is raised here).
function Screen:request(method, ...)
  local args = { n = select('#', ...), ... }
  local list = {}
  for i = 1, args.n do
    list[i] = args[i] == nil and vim.NIL or args[i]
  end
  local done, failure, result = false, nil, nil
  local head = self.session:request(function(err, res)
    done, failure, result = true, err, res
  end)
  self.pipe:write(head .. vim.mpack.encode(method) .. vim.mpack.encode(list))
  assert(
    vim.wait(TIMEOUT, function()
      return done or self.eof
    end, 2),
    ('%s: no answer from the child Neovim'):format(method)
  )
  assert(done, ('%s: the child Neovim is gone (crashed?)'):format(method))
  if failure ~= nil then
    local message = type(failure) == 'table' and failure[2] or failure
    error(('%s: %s'):format(method, tostring(message)), 2)
  end
  return denil(result)
end

--- The child's redraw events on the grid (ext_linegrid; without ext_multigrid every window is on grid 1).
function Screen:events(batch)
  for _, event in ipairs(batch) do
    local name = event[1]
    for i = 2, #event do
      local a = event[i]
      if name == 'grid_line' then
        local row, col = a[2] + 1, a[3] + 1
        local line = self.grid[row]
        local hl = 0
        for _, cell in ipairs(a[4]) do
          hl = cell[2] or hl
          for _ = 1, cell[3] or 1 do
            if line then
              line[col] = { cell[1], hl }
            end
            col = col + 1
          end
        end
      elseif name == 'grid_resize' then
        self.width, self.height = a[2], a[3]
        self:clear()
      elseif name == 'grid_clear' then
        self:clear()
      elseif name == 'grid_scroll' then
        self:scroll(a[2] + 1, a[3], a[4] + 1, a[5], a[6])
      elseif name == 'grid_cursor_goto' then
        self.cursor = { a[2] + 1, a[3] + 1 }
      elseif name == 'hl_attr_define' then
        local groups = {}
        for _, item in ipairs(a[4] or {}) do
          local group = item.hi_name or item.ui_name
          if group then
            table.insert(groups, group)
          end
        end
        self.hl[a[1]] = groups
        self.attrs[a[1]] = a[2]
      elseif name == 'flush' then
        self.flushes = self.flushes + 1
      end
    end
  end
end

function Screen:clear()
  self.grid = {}
  for r = 1, self.height do
    local line = {}
    for c = 1, self.width do
      line[c] = { ' ', 0 }
    end
    self.grid[r] = line
  end
end

--- grid_scroll: rows top..bot (1-based, inclusive) and columns left..right move up by `rows` (down when negative).
function Screen:scroll(top, bot, left, right, rows)
  local from, to, step = top, bot - rows, 1
  if rows < 0 then
    from, to, step = bot, top - rows, -1
  end
  for r = from, to, step do
    local src, dst = self.grid[r + rows], self.grid[r]
    if src and dst then
      for c = left, right do
        dst[c] = src[c]
      end
    end
  end
end

--- Lua in the child: `code` gets `...` (the remaining arguments); its return value comes back.
function Screen:lua(code, ...)
  return self:request('nvim_exec_lua', code, { ... })
end

--- An Ex command in the child.
function Screen:cmd(command)
  return self:request('nvim_command', command)
end

--- Keys as a user types them (nvim_input: <CR>, <Esc>... notation). The child handles them before the next request.
function Screen:input(keys)
  self:request('nvim_input', keys)
end

--- A :redraw in the child: once it answers, its grid is here.
function Screen:redraw()
  self:request('nvim_command', 'redraw')
end

--- A new size for the UI (the child's 'columns' and 'lines' follow), redrawn.
function Screen:resize(width, height)
  self:request('nvim_ui_try_resize', width, height or self.height)
  self:redraw()
end

--- Waits (redrawing) until fn(self) is true; false on timeout.
function Screen:wait_for(fn, ms)
  return vim.wait(ms or TIMEOUT, function()
    self:redraw()
    return fn(self) and true or false
  end, 20)
end

--- Screen row `row` (1-based) as text, its trailing blanks cut (`keep`: kept). Reads the grid as it is (no redraw).
function Screen:text(row, first, last, keep)
  local line = self.grid[row]
  assert(line, ('no screen row %d (the screen has %d)'):format(row, self.height))
  local cells = {}
  for c = first or 1, math.min(last or self.width, self.width) do
    cells[#cells + 1] = line[c][1]
  end
  local text = table.concat(cells)
  return keep and text or (text:gsub('%s+$', ''))
end

--- Every screen row as text (trailing blanks cut), after a :redraw.
function Screen:lines()
  self:redraw()
  local out = {}
  for r = 1, self.height do
    out[r] = self:text(r)
  end
  return out
end

--- One screen row (1-based) as text, after a :redraw.
function Screen:row(row)
  self:redraw()
  return self:text(row)
end

--- The whole screen as one text, rows numbered: for an assertion's message.
function Screen:show()
  local out = {}
  for r, line in ipairs(self:lines()) do
    out[r] = ('%3d|%s'):format(r, line)
  end
  return table.concat(out, '\n')
end

--- The child's windows on the current tab page: getwininfo() (winrow/wincol 1-based, the winbar's row included).
function Screen:windows()
  return self:lua([[
    local out = {}
    for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
      local info = vim.fn.getwininfo(win)[1]
      if vim.api.nvim_win_get_config(win).relative == '' then
        table.insert(out, info)
      end
    end
    return out
  ]])
end

--- The window (getwininfo) covering screen row `row`; `col` narrows it when windows are side by side.
function Screen:window_at(row, col)
  for _, info in ipairs(self:windows()) do
    local top, bottom = info.winrow, info.winrow + info.winbar + info.height - 1
    if row >= top and row <= bottom and (col == nil or (col >= info.wincol and col < info.wincol + info.width)) then
      return info
    end
  end
end

--- The winbar of window `win` (the child's id; default its current window) as the screen shows it, trailing
--- blanks cut; nil when that window has no winbar.
function Screen:winbar(win)
  win = win or self:request('nvim_get_current_win')
  self:redraw()
  local info = self:lua('return vim.fn.getwininfo(...)[1]', win)
  assert(info, ('no window %s in the child'):format(tostring(win)))
  if info.winbar == 0 then
    return nil
  end
  return self:text(info.winrow, info.wincol, info.wincol + info.width - 1)
end

--- The sign column of screen row `row` (the cells left of the text: numbers, folds and signs, as shown), in the
--- window at that row (`col` picks one of windows side by side).
function Screen:signs(row, col)
  self:redraw()
  local info = self:window_at(row, col)
  assert(info, ('no window at screen row %d'):format(row))
  if info.textoff == 0 then
    return ''
  end
  return self:text(row, info.wincol, info.wincol + info.textoff - 1, true)
end

--- Where `text` first appears on the screen (after a :redraw): its row and the screen column (1-based) of its
--- first cell; `from` skips the rows above it. Nil when it is nowhere.
function Screen:find(text, from)
  self:redraw()
  for r = from or 1, self.height do
    local line = self.grid[r]
    -- The byte offset of each cell in the row's text, to turn a match into a column.
    local starts, parts, pos = {}, {}, 1
    for c = 1, self.width do
      starts[c] = pos
      parts[c] = line[c][1]
      pos = pos + #line[c][1]
    end
    local at = table.concat(parts):find(text, 1, true)
    if at then
      for c = self.width, 1, -1 do
        if starts[c] <= at and #parts[c] > 0 then
          return r, c
        end
      end
    end
  end
end

--- The highlight groups cell (row, col) (1-based) was drawn with, as the grid has it (no redraw: read after one).
function Screen:groups(row, col)
  local cell = self.grid[row] and self.grid[row][col]
  assert(cell, ('no screen cell %d,%d'):format(row, col))
  return self.hl[cell[2]] or {}
end

--- The attributes cell (row, col) (1-based) was drawn with (hl_attr_define's rgb_attr: foreground, background as
--- 24-bit numbers, bold...; {} for the default colours), as the grid has it (no redraw: read after one).
function Screen:attrs_at(row, col)
  local cell = self.grid[row] and self.grid[row][col]
  assert(cell, ('no screen cell %d,%d'):format(row, col))
  return self.attrs[cell[2]] or {}
end

--- Whether cell (row, col) was drawn with highlight group `group` (linked groups count by their own name).
function Screen:has_group(row, col, group)
  return vim.tbl_contains(self:groups(row, col), group)
end

--- Quits the child (killed if it does not quit) and closes the connection.
function Screen:close()
  if self.pipe and not self.pipe:is_closing() then
    pcall(function()
      self.pipe:write(self.session:notify() .. vim.mpack.encode('nvim_command') .. vim.mpack.encode({ 'qa!' }))
    end)
  end
  if not self.child:wait_exit(5000) then
    self.child:kill()
  end
  if self.pipe and not self.pipe:is_closing() then
    self.pipe:close()
  end
end

return M
