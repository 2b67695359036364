-- The official MCP TypeScript SDK client (@modelcontextprotocol/sdk, WebSocketClientTransport) against the
-- plugin's server running in this Neovim.
local new = require('claude-ide.lualib_bundle').__TS__New
local Server = require('claude-ide.server').Server
local config = require('claude-ide.config')
local types = require('claude-ide.protocol.tool')

local script = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/sdk_client.mjs'

describe('MCP TypeScript SDK client', function()
  local server

  after_each(function()
    if server then
      server:stop()
    end
  end)

  it('connects, initializes, lists tools, pings and calls tools', function()
    local tools = {
      {
        name = 'echo',
        description = 'Echoes its text',
        inputSchema = { type = 'object', properties = { text = { type = 'string' } }, required = { 'text' } },
        handler = function(args)
          return types.text(args.text)
        end,
      },
      {
        name = 'park_briefly',
        description = 'Parks, then a timer resumes it',
        inputSchema = { type = 'object', properties = vim.empty_dict() },
        handler = function(_, ctx)
          return types.text(ctx.park(function(resume)
            vim.defer_fn(function()
              resume('resumed by a timer')
            end, 30)
          end))
        end,
      },
      {
        name = 'fails',
        description = 'Fails while doing the work',
        inputSchema = { type = 'object' },
        handler = function()
          return types.toolError('it went wrong')
        end,
      },
    }
    server = new(Server, config.validate(nil).config, { tools = tools })
    local started = server:start()
    assert.is_true(started.ok, started.error)

    local done
    vim.system(
      { 'node', script, tostring(started.endpoint.port), started.endpoint.token },
      { text = true, cwd = vim.fn.getcwd() },
      function(res)
        done = res
      end
    )
    assert.is_true(
      vim.wait(20000, function()
        return done ~= nil
      end, 10),
      'the SDK client did not finish'
    )
    assert.are.equal(0, done.code, done.stderr)
    local out = vim.json.decode(done.stdout)
    assert.is_nil(out.error, out.error)

    assert.are.same({ name = 'claude-ide.nvim', version = require('claude-ide.version').VERSION }, out.serverVersion)
    assert.are.same({ tools = { listChanged = true } }, out.capabilities)
    assert.are.same(
      { 'echo', 'park_briefly', 'fails' },
      vim.tbl_map(function(t)
        return t.name
      end, out.tools)
    )
    assert.are.same({ 'text' }, out.tools[1].inputSchema.required)
    assert.are.same(vim.empty_dict(), out.ping)
    assert.are.same({ { type = 'text', text = 'héllo ✻' } }, out.echo.content)
    assert.are.same({ { type = 'text', text = 'resumed by a timer' } }, out.parked.content)
    assert.is_true(out.failing.isError)
    assert.are.equal('it went wrong', out.failing.content[1].text)
    assert.are.equal(-32602, out.unknownTool.code)
    assert.matches('no_such_tool', out.unknownTool.message)
  end)
end)
