-- Shared by the tool and editor specs: a real ToolContext (real config, real editor services) with a Hub
-- that records what would be broadcast, a coroutine-based park, and an editor reset between tests.
local M = {}

--- A Hub seam: records broadcasts (while a session is "ready"); `set_sessions(n)` simulates clients connecting and
--- disconnecting.
function M.hub()
  local h = { sent = {}, count = 0, listeners = {} }
  -- As the server's: nothing is sent while no session is ready.
  h.broadcast = function(method, params)
    if h.count == 0 then
      return 'absent'
    end
    table.insert(h.sent, { method = method, params = vim.deepcopy(params) })
    return 'sent'
  end
  h.sessionCount = function()
    return h.count
  end
  h.onSessionsChanged = function(listener)
    h.listeners[listener] = true
    return function()
      h.listeners[listener] = nil
    end
  end
  -- clients(), send(), describe(): `h.client_list` holds the connected CLIs ({ id, pid }); send() records
  -- like broadcast, with `to`.
  h.client_list = {}
  h.clients = function()
    return h.client_list
  end
  h.send = function(id, method, params)
    table.insert(h.sent, { method = method, params = vim.deepcopy(params), to = id })
    return true
  end
  h.describe = function()
    return nil
  end
  -- ownerOf(): every connection is its own session unless `h.owners[id]` says otherwise (false: none).
  h.owners = {}
  h.ownerOf = function(id)
    local owner = h.owners[id]
    if owner == false then
      return nil
    end
    return owner or id
  end
  -- terminalOf(): the terminal buffer a connection's CLI runs in, from `h.terminals[id]` (none by default).
  h.terminals = {}
  h.terminalOf = function(id)
    return h.terminals[id]
  end
  h.set_sessions = function(n)
    h.count = n
    h.client_list = {}
    for id = 1, n do
      h.client_list[id] = { id = id }
    end
    for listener in pairs(h.listeners) do
      listener()
    end
  end
  --- Broadcasts of one method, oldest first.
  h.of = function(method)
    return vim.tbl_filter(function(s)
      return s.method == method
    end, h.sent)
  end
  return h
end

--- Parks the running coroutine until resume(value); onCancel is recorded on the context.
local function make_park(ctx)
  return function(start, on_cancel)
    local co = coroutine.running()
    local done, value = false, nil
    local waiting = false
    ctx.cancel = function(reason)
      if not done then
        done = true
        if on_cancel then
          on_cancel(reason)
        end
      end
    end
    start(function(v)
      if done then
        return
      end
      done, value = true, v
      if waiting then
        -- As protocol/blocking does: a resume from a luv callback (a timer) waits for the main loop.
        local function wake()
          local ok, err = coroutine.resume(co, v)
          assert(ok, err)
        end
        if vim.in_fast_event() then
          vim.schedule(wake)
        else
          wake()
        end
      end
    end)
    if done then
      return value
    end
    waiting = true
    return coroutine.yield()
  end
end

--- A ToolContext with real services. opts: config overrides; seams: what the services may be given instead of
--- the real thing ({ clock = require('claude-ide.util.clock').manualClock() }).
--- Reviews take the focus (diff.focus "always") unless opts say otherwise: the specs using a context check the
--- review itself; spec/editor/diff_focus_spec.lua checks when a review may take the focus. They are side by side
--- (diff.layout "vertical") unless opts say otherwise: the default "auto" picks by the screen's width, and a
--- headless Neovim has 80 columns (spec/editor/review/file_view_spec.lua checks the default).
function M.context(opts, seams)
  opts = vim.tbl_deep_extend('keep', opts or {}, { diff = { focus = 'always', layout = 'vertical' } })
  local result = require('claude-ide.config').validate(opts)
  assert(result.ok, result.error)
  local hub = M.hub()
  local ctx = { clientId = 1, config = result.config, hub = hub }
  ctx.services = require('claude-ide.services').createServices(result.config, hub, seams or {})
  ctx.park = make_park(ctx)
  ctx.dispose = function()
    require('claude-ide.services').disposeServices(ctx.services)
  end
  return ctx
end

function M.tool(name)
  for _, t in ipairs(require('claude-ide.tools.index').ALL_TOOLS) do
    if t.name == name then
      return t
    end
  end
  error('no tool named ' .. name)
end

local function classify(ok, res)
  if ok then
    return res
  end
  -- A thrown ToolError settles as the session settles it (protocol/result): -32602, or an ERROR: result.
  local settled = require('claude-ide.protocol.result').settle(res)
  if settled and settled.kind == 'invalid-arguments' then
    return { invalid = settled.message }
  end
  if settled and settled.kind == 'result' then
    return settled.result
  end
  error(res, 0)
end

--- Starts a tool call like the server does: arguments validated against the schema, handler in a
--- coroutine. Returns a function that tells whether it finished and its outcome: the result table, or
--- { invalid = message } for -32602.
function M.start_call(ctx, name, args)
  local tool = M.tool(name)
  args = args or vim.empty_dict()
  local err = require('claude-ide.protocol.registry').checkValue(tool.inputSchema, args, '')
  if err then
    return function()
      return true, { invalid = err }
    end
  end
  local finished, outcome = false, nil
  local co = coroutine.create(function()
    outcome = classify(pcall(tool.handler, args, ctx))
    finished = true
  end)
  local ok, e = coroutine.resume(co)
  assert(ok, e)
  return function()
    return finished, outcome
  end
end

--- A tool call that must finish without parking.
function M.call(ctx, name, args)
  local poll = M.start_call(ctx, name, args)
  local finished, outcome = poll()
  assert(finished, name .. ' parked unexpectedly')
  return outcome
end

--- The decoded JSON text of a result (asserting it is a single text, not an error).
function M.json(result)
  assert(result.content, 'not a tool result: ' .. vim.inspect(result))
  assert(result.isError == nil, 'unexpected tool error: ' .. vim.inspect(result))
  return vim.json.decode(result.content[1].text)
end

--- A file on disk (lines) in a fresh temp directory; returns its absolute path.
function M.file(name, lines)
  local dir = vim.fn.tempname()
  vim.fn.mkdir(vim.fs.dirname(dir .. '/' .. name), 'p')
  local path = dir .. '/' .. name
  vim.fn.writefile(lines or {}, path)
  return path
end

--- Back to one tab page, one window, no buffers but an empty one; Normal mode.
--- :edit `path` (any characters) in the current window; returns its buffer.
function M.edit(path)
  vim.cmd.edit(vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end

--- Waits until every terminal's pty can be hung up without this Neovim taking the SIGHUP for its own
--- (the forkpty race explained in src/claude-ide/editor/pty.ts): wiping a terminal started a moment ago
--- would otherwise now and then kill the test Neovim.
function M.settle_terminals()
  local pty = require('claude-ide.editor.pty')
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    local job = vim.api.nvim_buf_is_loaded(buf) and vim.b[buf].terminal_job_id
    if job then
      vim.wait(1000, function()
        return pty.ptySafeToHangUp(job)
      end, 1)
    end
  end
end

function M.reset_editor()
  M.settle_terminals()
  if vim.fn.mode() ~= 'n' then
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('<Esc>', true, false, true), 'nx', false)
  end
  vim.cmd('silent! tabonly!')
  vim.cmd('silent! only!')
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      pcall(vim.api.nvim_win_close, win, true)
    end
  end
  local keep = vim.api.nvim_create_buf(true, false)
  vim.api.nvim_win_set_buf(0, keep)
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if buf ~= keep then
      pcall(vim.api.nvim_buf_delete, buf, { force = true })
    end
  end
  vim.diagnostic.reset()
end

--- A window running a real terminal (`cat`, waiting for input). Returns win, buf.
function M.terminal_window(split)
  vim.cmd(split or 'botright vsplit')
  local buf = vim.api.nvim_create_buf(false, true)
  local win = vim.api.nvim_get_current_win()
  vim.api.nvim_win_set_buf(win, buf)
  if vim.fn.has('nvim-0.11') == 1 then
    vim.fn.jobstart({ 'cat' }, { term = true })
  else
    vim.fn.termopen({ 'cat' })
  end
  assert(vim.bo[buf].buftype == 'terminal')
  return win, buf
end

--- A split showing a scratch buffer with this filetype (a file explorer sidebar). Returns win, buf.
function M.sidebar_window(filetype, split)
  vim.cmd(split or 'topleft vsplit')
  local buf = vim.api.nvim_create_buf(false, true)
  local win = vim.api.nvim_get_current_win()
  vim.api.nvim_win_set_buf(win, buf)
  vim.bo[buf].filetype = filetype
  vim.api.nvim_buf_set_lines(buf, 0, -1, true, { filetype .. ' sidebar' })
  return win, buf
end

return M
