-- The agent bridge (`nvim -l lua/claude-ide/bridge.lua`, the spec's own Neovim version) driven the way an MCP
-- client drives it. Reusable by any spec of a stdio tool set (spec/agent/, spec/lsp/): start child Neovims
-- with helpers/child_nvim.lua and this file's `editor()`, then a client with `start()`.
--
-- Two clients:
--   * start(opts): the official MCP TypeScript SDK (Client + StdioClientTransport, spec/helpers/mcp_stdio.mjs)
--     in a Node process this spec remote-controls (one for the spec file, each client a session of its own with
--     its own bridge process). Use it for everything a real client does.
--       local bridge = require('helpers.bridge')
--       local dir = bridge.config_dir()                          -- private CLAUDE_CONFIG_DIR (lock files)
--       local nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
--       local c = bridge.start({ config_dir = dir, cwd = project }) -- initialize done
--       local res = c:call('editor_state', {})                   -- CallToolResult; bridge.text(res) its text
--       local id = c:call_async('edit', {...}, { tag = 'e1' }); c:cancel('e1'); c:wait(id)
--       local ok, result_or_err = c:request('resources/read', { uri = 'vim://state' })
--       c:close()                                               -- {exitCode, signal, ms}
--     opts.env: extra environment (NVIM, CLAUDE_IDE_INSTANCE, CLAUDE_CODE_SSE_PORT); opts.args: bridge args.
--     The bridge gets exactly the spec's environment minus every variable that picks an instance, plus these.
--   * raw(opts): the bridge under vim.system with line JSON written by hand, for what the SDK hides: the
--     exact bytes on stdout, stdin closing, signals.
--
-- Clean up in after_each with M.cleanup(): every client, raw bridge and editor started through this module
-- is stopped (killed if needed) and the config dirs removed.
local assert = require('luassert')
local M = {}

M.root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')
M.script = M.root .. '/lua/claude-ide/bridge.lua'
local driver_script = M.root .. '/spec/helpers/mcp_stdio.mjs'
local child_nvim = require('helpers.child_nvim')

--- Variables that choose an instance or point Neovim elsewhere: never inherited by a bridge or an editor.
local SCRUBBED = {
  'NVIM',
  'CLAUDE_IDE_INSTANCE',
  'CLAUDE_CODE_SSE_PORT',
  'NVIM_LISTEN_ADDRESS',
  'VIM',
  'NVIM_APPNAME',
  'NVIM_LOG_FILE',
  'MYVIMRC',
}

local started = { clients = {}, raws = {}, editors = {}, dirs = {} }

--- A fresh private directory (removed by cleanup()).
function M.tempdir()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  dir = vim.uv.fs_realpath(dir)
  table.insert(started.dirs, dir)
  return dir
end

--- A private CLAUDE_CONFIG_DIR: its ide/ folder holds the lock files the bridge reads.
function M.config_dir()
  return M.tempdir()
end

--- The spec's environment without instance-choosing variables, with CLAUDE_CONFIG_DIR and `extra`.
function M.env(config_dir, extra)
  local env = vim.fn.environ()
  for _, name in ipairs(SCRUBBED) do
    env[name] = nil
  end
  env.CLAUDE_CONFIG_DIR = config_dir
  for k, v in pairs(extra or {}) do
    env[k] = v
  end
  return env
end

--- Writes `text` to `path` (parent folders created).
function M.write(path, text)
  vim.fn.mkdir(vim.fs.dirname(path), 'p')
  local f = assert(io.open(path, 'wb'))
  f:write(text)
  f:close()
end

--- A pid that is certainly not running: a child that has exited and been reaped.
function M.dead_pid()
  local p = vim.system({ 'true' })
  local pid = p.pid
  p:wait()
  return pid
end

function M.read(path)
  local f = io.open(path, 'rb')
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

--- A project folder (a fresh temp dir, or `under`/`name`) holding `files` ({relative path = text}).
function M.project(files, under, name)
  local dir = under and (under .. '/' .. (name or 'project')) or M.tempdir()
  vim.fn.mkdir(dir, 'p')
  for rel, text in pairs(files or {}) do
    M.write(dir .. '/' .. rel, text)
  end
  return dir
end

--- A stand-in CLI: an executable `name` in a fresh folder that writes the argv it gets (one argument a line, then
--- END, at once) and then stays alive reading stdin. Returns its path and `argv()`, which waits for the program to
--- have started (10 s) and returns its arguments as a list.
function M.argv_recorder(name)
  local bin = M.tempdir()
  local file = bin .. '/argv'
  M.write(
    bin .. '/' .. name,
    table.concat({
      '#!/bin/sh',
      ('{ for a in "$@"; do printf "%%s\\n" "$a"; done; echo END; } > %s.tmp'):format(vim.fn.shellescape(file)),
      ('mv %s.tmp %s'):format(vim.fn.shellescape(file), vim.fn.shellescape(file)),
      'exec cat',
    }, '\n')
  )
  vim.fn.setfperm(bin .. '/' .. name, 'rwxr-xr-x')
  local function argv()
    assert(
      vim.wait(10000, function()
        return vim.uv.fs_stat(file) ~= nil
      end, 20),
      'the stand-in ' .. name .. ' did not start'
    )
    local list = vim.split(M.read(file), '\n', { plain = true, trimempty = true })
    assert(table.remove(list) == 'END', 'the argv file of ' .. name .. ' is cut short')
    return list
  end
  return bin .. '/' .. name, argv
end

--- Open diff reviews in `editor` (a child from M.editor()): their tab names.
function M.reviews(editor)
  return editor:lua([[
    local names = {}
    for _, r in ipairs(require('claude-ide.editor.state').pendingReviews()) do table.insert(names, r.tabName) end
    return names
  ]])
end

--- The lock files in `config_dir`/ide, decoded, with their port.
function M.locks(config_dir)
  local out = {}
  for _, path in ipairs(vim.fn.glob(config_dir .. '/ide/*.lock', true, true)) do
    local text = M.read(path)
    local ok, lock = pcall(vim.json.decode, text or '')
    if ok and type(lock) == 'table' then
      lock.port = tonumber(vim.fs.basename(path):match('^(%d+)%.lock$'))
      lock.path = path
      table.insert(out, lock)
    end
  end
  return out
end

--- A child Neovim with the plugin set up (its server started) in `opts.cwd`, editing `opts.args`, with
--- CLAUDE_CONFIG_DIR = opts.config_dir and setup(opts.setup) (e.g. { agent = { review = false } }; default {}).
--- Waits for its lock file. Returns the child (helpers/child_nvim) with
--- .lock (the decoded lock file), .id (the instance id) and :lua(code, ...) (nvim_exec_lua over RPC).
function M.editor(opts)
  local env = M.env(opts.config_dir, opts.env)
  local child =
    child_nvim.spawn({ setup = opts.setup or true, env = env, clear_env = true, cwd = opts.cwd, args = opts.args })
  table.insert(started.editors, child)
  local lock
  assert(
    vim.wait(10000, function()
      for _, l in ipairs(M.locks(opts.config_dir)) do
        if l.pid == child.pid and l.nvim and l.nvim.agent then
          lock = l
        end
      end
      return lock ~= nil
    end, 20),
    'the child Neovim wrote no lock file'
  )
  child.lock = lock
  local main = lock.nvim.mainFile ~= '' and vim.fn.fnamemodify(lock.nvim.mainFile, ':t:r') or 'nvim'
  child.id = ('%s-%s-%d'):format(main, vim.fn.fnamemodify(lock.nvim.cwd, ':t'), child.pid)
  function child:lua(code, ...)
    return vim.rpcrequest(self:rpc(), 'nvim_exec_lua', code, { ... })
  end
  return child
end

--- The text of a tool result (its text items joined).
function M.text(result)
  assert(type(result) == 'table' and type(result.content) == 'table', 'not a tool result: ' .. vim.inspect(result))
  local parts = {}
  for _, item in ipairs(result.content) do
    assert.are.equal('text', item.type)
    table.insert(parts, item.text)
  end
  return table.concat(parts, '\n')
end

-- ---------------------------------------------------------------------------------------------------------
-- The SDK client.

local Client = {}
Client.__index = Client

-- The Node driver (spec/helpers/mcp_stdio.mjs), one for the whole spec file: it serves every client, each its own
-- session (its own bridge process and SDK Client), so the spec file pays Node's start and the SDK's loading (about
-- 0.2 s of CPU each) once, not once per bridge. Replaced when it has exited or got stuck.
local Driver = {}
Driver.__index = Driver
local shared_driver
local sessions = 0

local function driver()
  if shared_driver and shared_driver.exited == nil then
    return shared_driver
  end
  local self = setmetatable({ replies = {}, next_id = 1 }, Driver)
  require('helpers.node_driver').start(self, { driver_script }, M.root, function(res)
    self.exited = res
  end)
  shared_driver = self
  return self
end

-- After the spec file's last test: every session ends with the driver's stdin, then the driver exits.
require('helpers.at_exit').add(function()
  local d = shared_driver
  if d and d.exited == nil then
    d.proc:write(nil)
    if not vim.wait(10000, function()
      return d.exited ~= nil
    end, 10) then
      d.proc:kill(9)
      d.proc:wait(2000)
    end
  end
end)

function Driver:send(cmd)
  local id = self.next_id
  self.next_id = id + 1
  cmd.id = id
  self.proc:write(vim.json.encode(cmd) .. '\n')
  return id
end

function Driver:_drain()
  while true do
    local nl = self.buffer:find('\n', 1, true)
    if not nl then
      return
    end
    local line = self.buffer:sub(1, nl - 1)
    self.buffer = self.buffer:sub(nl + 1)
    local msg = vim.json.decode(line, { luanil = { object = true, array = true } })
    self.replies[msg.id] = msg
  end
end

--- Starts the bridge through the shared Node driver (a session of its own) and runs initialize. opts:
--- config_dir, cwd, env, args, command (default: this Neovim's binary with -l lua/claude-ide/bridge.lua).
--- c.proc is the driver's process: the bridge's parent, as a CLI is of the MCP servers it starts.
function M.start(opts)
  sessions = sessions + 1
  local self = setmetatable({ driver = driver(), session = sessions }, Client)
  self.proc = self.driver.proc
  table.insert(started.clients, self)
  local args = { '-l', M.script }
  vim.list_extend(args, opts.args or {})
  local ok, info = self:wait(self:send({
    op = 'start',
    command = opts.command or vim.v.progpath,
    args = args,
    env = M.env(opts.config_dir, opts.env),
    cwd = opts.cwd or M.root,
  }))
  assert(ok, 'the bridge did not initialize: ' .. vim.inspect(info) .. '\n' .. self.driver.stderr)
  self.info = info
  self.pid = info.pid
  return self
end

--- Sends a command of this client's session; returns its id for wait().
function Client:send(cmd)
  cmd.session = self.session
  return self.driver:send(cmd)
end

--- Whether the reply to command `id` has arrived.
function Client:done(id)
  self.driver:_drain()
  return self.driver.replies[id] ~= nil
end

--- Waits for the reply to command `id`: ok, result | ok=false, {code, message}.
function Client:wait(id, timeout)
  local d = self.driver
  local arrived = vim.wait(timeout or 20000, function()
    return self:done(id) or d.exited ~= nil
  end, 5)
  d:_drain()
  local msg = d.replies[id]
  assert(arrived and msg, ('no reply to command %d (driver %s)\n%s'):format(id, vim.inspect(d.exited), d.stderr))
  d.replies[id] = nil
  return msg.ok, (msg.ok and msg.result or msg.error)
end

--- tools/call, waiting for the result; a protocol error (not an isError result) fails the spec.
function Client:call(name, arguments, opts)
  local ok, result = self:wait(self:call_async(name, arguments, opts))
  assert(ok, ('tools/call %s failed at the protocol level: %s'):format(name, vim.inspect(result)))
  return result
end

--- tools/call without waiting; returns the command id for wait(). opts.tag makes it cancellable.
function Client:call_async(name, arguments, opts)
  opts = opts or {}
  return self:send({
    op = 'call',
    name = name,
    arguments = arguments or vim.empty_dict(),
    tag = opts.tag,
    timeout = opts.timeout,
  })
end

--- Aborts the call tagged `tag` (the SDK sends notifications/cancelled).
function Client:cancel(tag, reason)
  local ok, err = self:wait(self:send({ op = 'cancel', tag = tag, reason = reason }))
  assert(ok, vim.inspect(err))
end

--- Any request: ok, result | false, {code, message}.
function Client:request(method, params)
  return self:wait(self:send({ op = 'request', method = method, params = params }))
end

function Client:notify(method, params)
  local ok, err = self:wait(self:send({ op = 'notify', method = method, params = params }))
  assert(ok, vim.inspect(err))
end

--- {stderr, errors, unexpected, closed}: the server's stderr and anything the client could not handle.
function Client:log()
  local ok, log = self:wait(self:send({ op = 'log' }))
  assert(ok, vim.inspect(log))
  return log
end

--- Waits (on the driver's side) until a notification `method` has reached the client: it, or nil and why not.
--- opts.since: only those after the first `since` unexpected messages (#c:log().unexpected taken before).
function Client:notified(method, opts)
  opts = opts or {}
  local timeout = opts.timeout or 10000
  local cmd = { op = 'notified', method = method, since = opts.since, timeout = timeout }
  local ok, res = self:wait(self:send(cmd), timeout + 5000)
  if ok then
    return res
  end
  return nil, res.message
end

--- The SDK's close: stdin ended, the bridge should exit. {exitCode, signal, ms}.
function Client:close()
  local ok, res = self:wait(self:send({ op = 'close' }), 10000)
  assert(ok, vim.inspect(res))
  self.closed = true
  return res
end

--- Ends the session: the SDK's close unless closed (the bridge's stdin ends; SIGTERM after 2 s, SIGKILL after 4),
--- then the bridge is killed if it still runs. A driver that does not answer within 5 s is killed (the next
--- client gets a new one).
function Client:stop()
  local d = self.driver
  if not self.dropped and d.exited == nil then
    self.dropped = true
    local id = d:send({ op = 'drop', session = self.session })
    if not vim.wait(5000, function()
      return self:done(id) or d.exited ~= nil
    end, 10) then
      d.proc:kill(9)
      if shared_driver == d then
        shared_driver = nil
      end
    end
    d.replies[id] = nil
  end
  if self.pid and vim.uv.kill(self.pid, 0) == 0 then
    vim.uv.kill(self.pid, 'sigkill')
  end
end

-- ---------------------------------------------------------------------------------------------------------
-- The raw bridge: line JSON by hand.

local Raw = {}
Raw.__index = Raw

--- opts: config_dir, cwd, env, args.
function M.raw(opts)
  local self = setmetatable({ out = '', err = '', started = vim.uv.hrtime() }, Raw)
  local cmd = { vim.v.progpath, '-l', M.script }
  vim.list_extend(cmd, opts.args or {})
  self.proc = vim.system(cmd, {
    stdin = true,
    cwd = opts.cwd or M.root,
    env = child_nvim.clear_env(M.env(opts.config_dir, opts.env)),
    clear_env = true,
    stdout = function(_, data)
      if data then
        self.out = self.out .. data
      end
    end,
    stderr = function(_, data)
      if data then
        self.err = self.err .. data
      end
    end,
  }, function(res)
    self.exit = res
    self.exited_at = vim.uv.hrtime()
  end)
  self.pid = self.proc.pid
  table.insert(started.raws, self)
  return self
end

--- Sends a message (a table is encoded) or a raw line.
function Raw:send(msg)
  self.proc:write((type(msg) == 'string' and msg or vim.json.encode(msg)) .. '\n')
end

--- Every complete stdout line so far.
function Raw:lines()
  local lines = vim.split(self.out, '\n', { plain = true })
  table.remove(lines) -- the part after the last newline
  return lines
end

--- The decoded stdout message with this id (waits for it).
function Raw:response(id, timeout)
  local found
  vim.wait(timeout or 10000, function()
    for _, line in ipairs(self:lines()) do
      local ok, msg = pcall(vim.json.decode, line)
      if ok and type(msg) == 'table' and msg.id == id then
        found = msg
        return true
      end
    end
    return false
  end, 5)
  assert(found, ('no response %s on stdout:\n%s\nstderr:\n%s'):format(vim.inspect(id), self.out, self.err))
  return found
end

--- Sends a request and waits for its response.
function Raw:request(id, method, params)
  self:send({ jsonrpc = '2.0', id = id, method = method, params = params })
  return self:response(id)
end

--- Waits for the exit; returns the vim.system result (code, signal) or nil on timeout.
function Raw:wait_exit(timeout)
  vim.wait(timeout or 5000, function()
    return self.exit ~= nil
  end, 5)
  return self.exit
end

function Raw:stop()
  if self.exit == nil then
    pcall(self.proc.kill, self.proc, 9)
    self:wait_exit(2000)
  end
end

-- ---------------------------------------------------------------------------------------------------------

--- Stops everything started through this module (for after_each).
function M.cleanup()
  for _, c in ipairs(started.clients) do
    pcall(c.stop, c)
  end
  for _, r in ipairs(started.raws) do
    pcall(r.stop, r)
  end
  for _, e in ipairs(started.editors) do
    if not e.exited then
      pcall(e.quit, e)
    end
    pcall(e.kill, e)
  end
  for _, dir in ipairs(started.dirs) do
    vim.fn.delete(dir, 'rf')
  end
  started = { clients = {}, raws = {}, editors = {}, dirs = {} }
end

return M
