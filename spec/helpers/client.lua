-- Independent WebSocket/MCP client for specs: drives a Node `ws` process (spec/helpers/ws_client.mjs) over
-- stdio, so the bytes on the wire come from a real, separate WebSocket implementation.
--
--   local client = require('helpers.client')
--   local server = client.start_server()            -- require('claude-ide').setup{...} + endpoint from the lock file
--   local c = client.connect({ port = server.port, token = server.token })
--   local init = c:initialize()                     -- initialize + notifications/initialized
--   local res = c:call_tool('getDiagnostics', {})   -- full JSON-RPC response table
--   local id = c:request_async('tools/call', { name = 'openDiff', arguments = {...} })
--   ... drive the editor ...
--   local res = c:wait_response(id)
--   local n = c:wait_notification('selection_changed')
--   c:close()                                       -- the Node process stays for the next connection
--   client.stop_server()
--
-- All waits use vim.wait, so the plugin's server (running in this same Neovim) keeps working meanwhile.
-- A wait that times out raises an error naming what it waited for.
local M = {}

local DEFAULT_TIMEOUT = 5000
local script = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/ws_client.mjs'

---@class Driver: one Node process that may hold several connections
local Driver = {}
Driver.__index = Driver

function M.spawn()
  local self = setmetatable({ events = {}, partial = {}, next_conn = 0, exited = false, stderr = {} }, Driver)
  self.proc = vim.system({ 'node', script }, {
    stdin = true,
    stdout = function(_, data)
      if data then
        self:_feed(data)
      end
    end,
    stderr = function(_, data)
      if data then
        table.insert(self.stderr, data)
      end
    end,
  }, function()
    self.exited = true
  end)
  return self
end

-- Splits stdout into lines without repeated concatenation of the whole buffer.
function Driver:_feed(data)
  local start = 1
  while true do
    local nl = data:find('\n', start, true)
    if not nl then
      table.insert(self.partial, data:sub(start))
      return
    end
    table.insert(self.partial, data:sub(start, nl - 1))
    local line = table.concat(self.partial)
    self.partial = {}
    if line ~= '' then
      table.insert(self.events, vim.json.decode(line, { luanil = { object = true, array = true } }))
    end
    start = nl + 1
  end
end

function Driver:send(cmd)
  assert(not self.exited, 'ws_client.mjs has exited: ' .. table.concat(self.stderr))
  self.proc:write(vim.json.encode(cmd) .. '\n')
end

--- Waits for the first event matching `pred`, removes it from the queue and returns it.
function Driver:wait_event(pred, timeout, what)
  local found
  local ok = vim.wait(timeout or DEFAULT_TIMEOUT, function()
    for i, ev in ipairs(self.events) do
      if pred(ev) then
        found = table.remove(self.events, i)
        return true
      end
    end
    return false
  end, 2)
  if not ok then
    error(
      ('timed out waiting for %s; queued events: %s; stderr: %s'):format(
        what or 'an event',
        vim.inspect(vim.tbl_map(function(e)
          return e.ev .. (e.text and (' ' .. e.text:sub(1, 200)) or '')
        end, self.events)),
        table.concat(self.stderr)
      ),
      2
    )
  end
  return found
end

function Driver:stop()
  if not self.exited then
    pcall(self.send, self, { op = 'exit' })
    vim.wait(2000, function()
      return self.exited
    end, 5)
    if not self.exited then
      self.proc:kill(9)
    end
  end
end

---@class Conn: one WebSocket connection (JSON-RPC helpers on top)
local Conn = {}
Conn.__index = Conn

--- Connects. opts: port, token (nil: no auth header), headers (extra), protocols (default {'mcp'}), path,
--- driver (share a Node process), expect_failure (return the refusal instead of erroring).
--- On success returns a Conn (conn.protocol, conn.extensions, conn.handshake_headers).
--- On refusal: with expect_failure returns { status = 401, headers = ..., body = ... } or { error = msg }.
function Driver:connect(opts)
  self.next_conn = self.next_conn + 1
  local id = self.next_conn
  local headers = vim.deepcopy(opts.headers or {})
  if opts.token then
    headers['x-claude-code-ide-authorization'] = opts.token
  end
  self:send({
    op = 'connect',
    conn = id,
    url = ('ws://127.0.0.1:%d%s'):format(opts.port, opts.path or '/'),
    headers = next(headers) and headers or vim.empty_dict(),
    protocols = opts.protocols or { 'mcp' },
  })
  local ev = self:wait_event(function(e)
    return e.conn == id and (e.ev == 'open' or e.ev == 'unexpected' or e.ev == 'error' or e.ev == 'close')
  end, opts.timeout, 'the WebSocket handshake')
  if ev.ev ~= 'open' then
    if opts.expect_failure then
      return { status = ev.status, headers = ev.headers, body = ev.body, error = ev.message }
    end
    error('connection refused: ' .. vim.inspect(ev), 2)
  end
  return setmetatable({
    driver = self,
    id = id,
    protocol = ev.protocol,
    extensions = ev.extensions,
    handshake_headers = ev.headers,
    next_id = 0,
    closed = false,
  }, Conn)
end

-- The Node process of every M.connect() without opts.driver in this spec file: started at the first, kept until
-- the file's last test ends (then stopped and waited for, spec/runner.lua), so the file pays Node's start and
-- the `ws` loading (about 0.1 s of CPU) once instead of once per connection. Each connection stays its own.
local shared

--- The shared driver (a new one if there is none or it has exited).
function M.shared()
  if not shared or shared.exited then
    shared = M.spawn()
  end
  return shared
end

require('helpers.at_exit').add(function()
  if shared then
    shared:stop()
    vim.wait(2000, function()
      return shared.exited
    end, 10)
  end
end)

--- Convenience: a connection of the shared driver (or of opts.driver), closed by conn:close().
function M.connect(opts)
  local driver = opts.driver or M.shared()
  local ok, conn = pcall(driver.connect, driver, opts)
  if not ok then
    error(conn, 2)
  end
  return conn
end

function Conn:send_raw_text(text)
  self.driver:send({ op = 'send', conn = self.id, text = text })
end

function Conn:send_json(obj)
  self:send_raw_text(vim.json.encode(obj))
end

--- Sends a request; returns its id (numbers counting from 1 unless `id` is given).
function Conn:request_async(method, params, id)
  if id == nil then
    self.next_id = self.next_id + 1
    id = self.next_id
  end
  self:send_json({ jsonrpc = '2.0', id = id, method = method, params = params or vim.empty_dict() })
  return id
end

function Conn:notify(method, params)
  self:send_json({ jsonrpc = '2.0', method = method, params = params or vim.empty_dict() })
end

--- Next text message (decoded JSON) matching pred.
function Conn:next_message(pred, timeout, what)
  local ev = self.driver:wait_event(function(e)
    if e.conn ~= self.id or e.ev ~= 'message' then
      return false
    end
    if not pred then
      return true
    end
    local ok, msg = pcall(vim.json.decode, e.text)
    return ok and pred(msg)
  end, timeout, what or 'a message')
  return vim.json.decode(ev.text)
end

function Conn:wait_response(id, timeout)
  return self:next_message(function(m)
    return m.id == id and m.method == nil
  end, timeout, ('the response to request %s'):format(vim.inspect(id)))
end

function Conn:request(method, params, timeout)
  return self:wait_response(self:request_async(method, params), timeout)
end

function Conn:wait_notification(method, timeout)
  return self:next_message(function(m)
    return m.method == method and m.id == nil
  end, timeout, 'notification ' .. method).params
end

--- Returns true when a message matching pred arrives within `ms` (it stays consumed), false otherwise.
function Conn:received_within(ms, pred)
  local ok = pcall(self.next_message, self, pred, ms)
  return ok
end

function Conn:initialize(protocol_version)
  local res = self:request('initialize', {
    protocolVersion = protocol_version or '2025-11-25',
    capabilities = vim.empty_dict(),
    clientInfo = { name = 'claude-ide-spec', version = '0.0.0' },
  })
  self:notify('notifications/initialized')
  return res
end

--- tools/call; returns the whole JSON-RPC response ({ result = {content=...} } or { error = ... }).
function Conn:call_tool(name, args, timeout)
  return self:request('tools/call', { name = name, arguments = args or vim.empty_dict() }, timeout)
end

--- Waits for the close event; returns code, reason.
function Conn:wait_close(timeout)
  local ev = self.driver:wait_event(function(e)
    return e.conn == self.id and e.ev == 'close'
  end, timeout, 'the connection to close')
  self.closed = true
  return ev.code, ev.reason
end

--- Forgets the events of this connection still queued (it is closed: nobody will wait for them). In place: a spec
--- may hold the driver's event list.
function Conn:_forget()
  local events = self.driver.events
  for i = #events, 1, -1 do
    if events[i].conn == self.id then
      table.remove(events, i)
    end
  end
end

--- The close handshake (the TCP connection dropped if it does not end within 2 s).
function Conn:close(code, reason)
  if not self.closed and not self.driver.exited then
    self.driver:send({ op = 'close', conn = self.id, code = code or 1000, reason = reason or '' })
    if not pcall(self.wait_close, self, 2000) then
      self:terminate()
    end
  end
  self:_forget()
end

--- Drops the TCP connection without a close handshake.
function Conn:terminate()
  self.driver:send({ op = 'terminate', conn = self.id })
  pcall(self.wait_close, self, 2000)
  self:_forget()
end

--- Reads the lock file of a running server: { port, token, path, lock = <decoded JSON> }.
function M.endpoint(port)
  local dir = (vim.env.CLAUDE_CONFIG_DIR or (vim.env.HOME .. '/.claude')) .. '/ide'
  local path = ('%s/%d.lock'):format(dir, port)
  local f = assert(io.open(path, 'r'), 'no lock file at ' .. path)
  local lock = vim.json.decode(f:read('*a'))
  f:close()
  return { port = port, token = lock.authToken, path = path, lock = lock }
end

--- POSTs `body` to hook `event` (e.g. 'PreToolUse') of a far session's door `gateway` ({ port, token }) in the
--- background, with Node's fetch as the CLI POSTs it; returns a table whose `.done` is vim.system's result when
--- answered (its stdout: { status, body } as JSON).
function M.post_hook(gateway, event, body)
  local call = {}
  local fetch_js = [[
    const [url, token, body] = process.argv.slice(1);
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-claude-code-ide-authorization": token },
      body,
    });
    process.stdout.write(JSON.stringify({ status: res.status, body: await res.text() }));
  ]]
  vim.system({
    'node',
    '--input-type=module',
    '-e',
    fetch_js,
    ('http://127.0.0.1:%d/hooks/claude/%s'):format(gateway.port, event),
    gateway.token,
    vim.json.encode(body),
  }, {}, function(r)
    call.done = r
  end)
  return call
end

--- Sets the plugin up with `opts` (auto_start) and returns its endpoint read from the lock file.
function M.start_server(opts)
  local ide = require('claude-ide')
  assert(ide.setup(vim.tbl_extend('force', { auto_start = true }, opts or {})), 'setup failed')
  local st = ide.status()
  assert(st.running, 'server did not start')
  return M.endpoint(st.port)
end

function M.stop_server()
  require('claude-ide').stop()
end

return M
