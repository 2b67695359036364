-- The public API (setup/start/stop/status) and :ClaudeCodeStart / :ClaudeCodeStop / :ClaudeCodeStatus.
local client = require('helpers.client')
local ide = require('claude-ide')

describe('commands and the public API', function()
  local messages, real_notify

  setup(function()
    -- `nvim -l` does not load plugin/ scripts: declare the commands the way Neovim would.
    if vim.fn.exists(':ClaudeCodeStart') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    messages = {}
    real_notify = vim.notify
    -- Capture what the user would see (vim.notify is the plugin's only output).
    vim.notify = function(msg, level)
      table.insert(messages, { msg = msg, level = level })
    end
  end)

  after_each(function()
    vim.notify = real_notify
    ide.stop()
  end)

  local function last_message()
    return messages[#messages] and messages[#messages].msg or ''
  end

  it('setup starts the server; setup again with the same options keeps it and its clients', function()
    assert.is_true(ide.setup({ log_level = 'error' }))
    local st = ide.status()
    assert.is_true(st.running)
    local server = ide.server()
    local c = client.connect({ port = st.port, token = client.endpoint(st.port).token })
    c:initialize()
    assert.is_true(ide.setup({ log_level = 'error' }))
    assert.are.equal(server, ide.server())
    assert.are.same({}, c:request('ping').result, 'the client is still connected')
    c:close()
  end)

  it('commands, health and the public API use one module instance (one state)', function()
    require('claude-ide.commands').run('ClaudeCodeStart', {})
    require('claude-ide.health')
    assert.is_true(ide.status().running, ':ClaudeCodeStart started the server require("claude-ide") sees')
    assert.is_nil(package.loaded['claude-ide.init'], 'init.lua was loaded a second time under another name')
  end)

  it('setup with a wrong option changes nothing and names the option', function()
    assert.is_true(ide.setup({}))
    local port = ide.status().port
    assert.is_false(ide.setup({ auto_strat = true }))
    assert.matches('auto_strat', last_message())
    assert.are.equal(port, ide.status().port)
  end)

  it(':ClaudeCodeStart twice says it is already running', function()
    assert.is_true(ide.setup({ auto_start = false }))
    assert.is_false(ide.status().running)
    vim.cmd('ClaudeCodeStart')
    local port = ide.status().port
    assert.matches('listening on 127.0.0.1:' .. port, last_message(), 1, true)
    vim.cmd('ClaudeCodeStart')
    assert.matches('already running on 127.0.0.1:' .. port, last_message(), 1, true)
    assert.are.equal(port, ide.status().port)
  end)

  it(':ClaudeCodeStatus shows port, lock file, clients and CLI pids', function()
    assert.is_true(ide.setup({ auto_start = false }))
    vim.cmd('ClaudeCodeStatus')
    assert.matches('not running', last_message())
    vim.cmd('ClaudeCodeStart')
    local st = ide.status()
    local c = client.connect({ port = st.port, token = client.endpoint(st.port).token })
    c:initialize()
    c:notify('ide_connected', { pid = 4711 })
    vim.wait(2000, function()
      return #ide.status().cliPids == 1
    end, 5)
    vim.cmd('ClaudeCodeStatus')
    local msg = last_message()
    assert.matches('127.0.0.1:' .. st.port, msg, 1, true)
    assert.matches(st.lockFile, msg, 1, true)
    assert.matches('clients: 1', msg, 1, true)
    assert.matches('4711', msg, 1, true)
    assert.matches('up %d+s', msg)
    c:close()
  end)

  it(':ClaudeCodeStop closes clients with 1001; :ClaudeCodeStart reuses port and token', function()
    assert.is_true(ide.setup({}))
    local before = client.endpoint(ide.status().port)
    local c = client.connect({ port = before.port, token = before.token })
    c:initialize()
    vim.cmd('ClaudeCodeStop')
    assert.matches('stopped', last_message())
    assert.are.equal(1001, (c:wait_close()))
    assert.is_nil(io.open(before.path), 'lock file removed')
    vim.cmd('ClaudeCodeStop')
    assert.matches('not running', last_message())
    vim.cmd('ClaudeCodeStart')
    local after = client.endpoint(ide.status().port)
    assert.are.equal(before.port, after.port)
    assert.are.equal(before.token, after.token)
    -- A CLI reconnects with what it had (it does not re-read the lock file).
    local again = client.connect({ port = before.port, token = before.token })
    assert.are.equal('claude-ide.nvim', again:initialize().result.serverInfo.name)
    again:close()
    c:close()
  end)
end)
