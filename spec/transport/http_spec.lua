-- transport/http: the request head and body as the companion's clients send them, from an independent Node
-- client over a real loopback socket (spec/helpers/hostile.mjs `raw`).
local http = require('claude-ide.transport.http')
local hostile = require('helpers.hostile')

local TOKEN = 'http-spec-token'

--- Sends `bytes` (PORT replaced by the port) at once; returns {status, received, closedByServer}.
local function send_raw(port, bytes)
  return hostile.run({ 'raw', 'http', tostring(port), TOKEN, vim.json.encode(bytes) })
end

describe('transport.http', function()
  local server, bodies

  before_each(function()
    bodies = {}
    local res = http.listenHttp({
      path = '/mcp',
      methods = { 'POST' },
      token = TOKEN,
      allowedOrigins = {},
      maxBodyBytes = 1024,
      headerTimeoutMs = 5000,
      onRequest = function(req, r)
        bodies[#bodies + 1] = req.body
        r:respond(200, req.body, {})
      end,
      log = function() end,
    })
    assert(res.ok, res.error)
    server = res.server
  end)

  after_each(function()
    server:close()
  end)

  local function post(length)
    return 'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:PORT\r\nAuthorization: Bearer '
      .. TOKEN
      .. '\r\nContent-Length: '
      .. length
      .. '\r\n\r\n0123456789'
  end

  it('takes a Content-Length of decimal digits', function()
    local out = send_raw(server.port, post('10'))
    assert.are.equal(200, out.status, vim.inspect(out))
    assert.are.same({ '0123456789' }, bodies)
  end)

  for _, length in ipairs({ '0xa', '1e1', '+10', '10.0', ' 10a', '-10', '10, 10', '99999999999999999999' }) do
    it('refuses Content-Length ' .. vim.inspect(length) .. ' with 400 and closes', function()
      local out = send_raw(server.port, post(length))
      assert.are.equal(400, out.status, vim.inspect(out))
      assert.is_true(out.closedByServer, vim.inspect(out))
      assert.are.same({}, bodies)
    end)
  end
end)
