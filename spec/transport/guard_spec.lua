-- The connection guard (transport/guard) in front of every listener: the same hostile local clients
-- (spec/helpers/hostile.mjs, Node over real loopback sockets) against the IDE WebSocket server and the
-- companion's HTTP server, and a far session's door (the WebSocket listener serving plain HTTP too), each with the
-- configured timeouts: a head trickled a byte a second, 1,000 idle sockets
-- while an authenticated client gets in, oversize heads and bodies, and a process that has only 1,024
-- descriptors (the usual `ulimit -n`): the editor's own io.open never fails.
local config = require('claude-ide.config')
local guard = require('claude-ide.transport.guard')

local TOKEN = 'guard-spec-token'
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')
local MAX_BODY = 65536
local TIMEOUT_MS = config.DEFAULTS.handshake_timeout_ms

--- Each listener kind: start(limits) → { port, close(), counts() }, echoing what an authenticated client sends.
local kinds = {
  websocket = function(limits, logs)
    local res = require('claude-ide.transport.websocket').listen({
      token = TOKEN,
      allowedOrigins = {},
      maxMessageBytes = MAX_BODY,
      handshakeTimeoutMs = TIMEOUT_MS,
      keepalive = { intervalMs = 30000, timeoutMs = 60000 },
      limits = limits,
      onConnection = function(conn)
        conn.handlers = {
          onMessage = function(text)
            conn:send(text)
          end,
          onClose = function() end,
        }
      end,
      onLog = function(level, msg)
        logs[#logs + 1] = level .. ': ' .. msg
      end,
    })
    assert(res.ok, res.error)
    local l = res.listener
    return {
      port = l.port,
      counts = function()
        return l:connGuard():counts()
      end,
      close = function()
        l:close()
        l:drain(2000)
      end,
    }
  end,
  -- A far session's door: the WebSocket listener with HTTP routes (transport/types HttpRoutes), its HTTP side.
  gateway = function(limits, logs)
    local res = require('claude-ide.transport.websocket').listen({
      token = TOKEN,
      allowedOrigins = {},
      maxMessageBytes = MAX_BODY,
      handshakeTimeoutMs = TIMEOUT_MS,
      keepalive = { intervalMs = 30000, timeoutMs = 60000 },
      limits = limits,
      http = {
        methods = { 'POST', 'GET' },
        paths = { '/mcp' },
        maxBodyBytes = MAX_BODY,
        onRequest = function(req, r)
          r:respond(200, req.body, { 'Content-Type: text/plain' })
        end,
      },
      onConnection = function(conn)
        conn:close()
      end,
      onLog = function(level, msg)
        logs[#logs + 1] = level .. ': ' .. msg
      end,
    })
    assert(res.ok, res.error)
    local l = res.listener
    return {
      port = l.port,
      counts = function()
        return l:connGuard():counts()
      end,
      close = function()
        l:close()
        l:drain(2000)
      end,
    }
  end,
  http = function(limits, logs)
    local res = require('claude-ide.transport.http').listenHttp({
      path = '/mcp',
      methods = { 'POST', 'GET' },
      token = TOKEN,
      allowedOrigins = {},
      maxBodyBytes = MAX_BODY,
      headerTimeoutMs = TIMEOUT_MS,
      limits = limits,
      onRequest = function(req, r)
        r:respond(200, req.body, { 'Content-Type: text/plain' })
      end,
      log = function(level, msg)
        logs[#logs + 1] = level .. ': ' .. msg
      end,
    })
    assert(res.ok, res.error)
    local s = res.server
    return {
      port = s.port,
      counts = function()
        return s:counts()
      end,
      close = function()
        s:close()
      end,
    }
  end,
}

--- Runs a hostile.mjs scenario while this Neovim's loop keeps serving; returns its JSON answer.
local function hostile(scenario, kind, port, extra, each_tick)
  local done
  -- Node gets the hard descriptor limit: a spec may have lowered this Neovim's soft one, which it inherits.
  local cmd = 'ulimit -Sn "$(ulimit -Hn)" 2>/dev/null; exec node "$@"'
  local args = { 'sh', '-c', cmd, 'sh', root .. '/spec/helpers/hostile.mjs', scenario, kind, tostring(port), TOKEN }
  args[#args + 1] = extra
  vim.system(args, {
    cwd = root,
  }, function(r)
    done = r
  end)
  -- (Not SystemObj:wait(): the listener's work must run on this loop meanwhile.)
  assert(
    vim.wait(40000, function()
      if each_tick then
        each_tick()
      end
      return done ~= nil
    end, 10),
    scenario .. ' did not finish'
  )
  assert.are.equal(0, done.code, done.stderr)
  return vim.json.decode(vim.trim(done.stdout))
end

local function wait_counts(server, total)
  return vim.wait(5000, function()
    return server.counts().total == total
  end, 10)
end

for _, kind in ipairs({ 'websocket', 'http', 'gateway' }) do
  describe(kind .. ' listener behind the connection guard #slow', function()
    local server, logs

    local function start(limits)
      logs = {}
      server = kinds[kind](limits, logs)
      return server
    end

    after_each(function()
      if server then
        server.close()
        server = nil
      end
    end)

    it('closes a socket that trickles its head a byte a second, at the header timeout', function()
      start()
      local out = hostile('slow-header', kind, server.port)
      assert.is_true(out.closedByServer, vim.inspect(out))
      assert.are.equal('', out.received)
      assert.is_true(wait_counts(server, 0), vim.inspect(server.counts()))
    end)

    it('lets an authenticated client in within 2 s while 1,000 idle sockets try, and closes all of them', function()
      start()
      local out = hostile('flood', kind, server.port, '1000')
      assert.is_true(out.authOk, vim.inspect(out))
      assert.is_true(out.echoed, vim.inspect({ out = out, logs = vim.list_slice(logs, #logs - 5) }))
      assert.is_true(out.authMs < 2000, vim.inspect(out))
      -- Every idle socket was closed by the server, within hostile.mjs's 15 s.
      assert.are.equal(1000, out.closedByServer, vim.inspect(out))
      assert.is_true(wait_counts(server, 0), vim.inspect(server.counts()))
    end)

    it('keeps at most 256 unauthenticated sockets once they had their chance, silent ones too', function()
      start()
      -- 300 idle sockets, half of them silent: past their grace the oldest are dropped down to the cap (long
      -- before the timeout would close them all at once).
      local at_cap = false
      local out = hostile('flood', kind, server.port, '300', function()
        at_cap = at_cap or server.counts().unauthenticated == guard.MAX_UNAUTHENTICATED
      end)
      assert.is_true(at_cap, vim.inspect(logs))
      assert.are.equal(300, out.closedByServer, vim.inspect(out))
      local dropped = vim.tbl_filter(function(l)
        return l:find('had not authenticated', 1, true) ~= nil
      end, logs)
      assert.is_true(#dropped > 0, vim.inspect(logs))
    end)

    it('refuses a head over 8 KiB with 431 and closes the socket', function()
      start()
      local out = hostile('big-header', kind, server.port)
      assert.are.equal(431, out.status, vim.inspect(out))
      assert.is_true(out.closedByServer, vim.inspect(out))
    end)

    it('refuses a body over the limit and closes the connection', function()
      start()
      local out = hostile('big-body', kind, server.port)
      if kind == 'websocket' then
        assert.are.equal(1009, out.closeCode, vim.inspect(out))
      else
        assert.are.equal(413, out.status, vim.inspect(out))
      end
      assert.is_true(wait_counts(server, 0), vim.inspect(server.counts()))
    end)

    if kind ~= 'websocket' then
      it('closes a connection whose body trickles, at the body timeout', function()
        start({ bodyTimeoutMs = 1500 })
        local out = hostile('slow-body', kind, server.port)
        assert.is_true(out.closedByServer, vim.inspect(out))
        assert.are.equal(0, out.status, vim.inspect(out))
      end)

      it('closes a kept-alive connection idle past the idle timeout', function()
        start({ idleTimeoutMs = 1500 })
        local out = hostile('idle', kind, server.port)
        assert.are.equal(200, out.status, vim.inspect(out))
        assert.is_true(out.closedByServer, vim.inspect(out))
      end)
    end

    describe('with 1,024 descriptors (ulimit -n)', function()
      local ffi = require('ffi')
      pcall(ffi.cdef, 'struct guard_spec_rlimit { uint64_t cur; uint64_t max; };')
      pcall(ffi.cdef, 'int setrlimit(int resource, const void *rlp); int getrlimit(int resource, void *rlp);')
      local RLIMIT_NOFILE = jit.os == 'Linux' and 7 or 8
      local saved

      before_each(function()
        saved = ffi.new('struct guard_spec_rlimit[1]')
        assert.are.equal(0, ffi.C.getrlimit(RLIMIT_NOFILE, saved))
        local lower = ffi.new('struct guard_spec_rlimit[1]')
        lower[0].cur = 1024
        lower[0].max = saved[0].max
        assert.are.equal(0, ffi.C.setrlimit(RLIMIT_NOFILE, lower))
      end)

      after_each(function()
        ffi.C.setrlimit(RLIMIT_NOFILE, saved)
      end)

      it("keeps the editor's own io.open working through a flood of 1,100 sockets", function()
        assert.are.equal(1024, require('claude-ide.util.process').descriptorLimit())
        start()
        local failures, opened = {}, 0
        local path = vim.fn.tempname()
        local out = hostile('flood', kind, server.port, '1100', function()
          local f, err = io.open(path, 'w')
          if f then
            opened = opened + 1
            f:close()
          else
            failures[#failures + 1] = err
          end
        end)
        assert.are.same({}, vim.list_slice(failures, 1, 3))
        assert.is_true(opened > 0)
        assert.is_true(out.authOk and out.echoed, vim.inspect(out))
        assert.are.equal(1100, out.closedByServer, vim.inspect(out))
      end)
    end)
  end)
end
