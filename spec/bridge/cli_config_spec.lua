-- The `claude mcp add` line :checkhealth prints for a claude started outside Neovim: one to copy into a shell,
-- short where it can be (`nvim` when that is this Neovim on PATH, the script under `~/`) and exact where not.
local cli_config = require('claude-ide.bridge.cli_config')

describe('the bridge registration command', function()
  local saved_path, saved_home, dir

  before_each(function()
    saved_path, saved_home = vim.env.PATH, vim.env.HOME
    dir = vim.fn.tempname()
    vim.fn.mkdir(dir .. '/bin', 'p')
  end)

  after_each(function()
    vim.env.PATH, vim.env.HOME = saved_path, saved_home
    vim.fn.delete(dir, 'rf')
  end)

  it('names nvim by its name when PATH finds this Neovim, and the script under ~/ in the home folder', function()
    vim.uv.fs_symlink(vim.v.progpath, dir .. '/bin/nvim')
    vim.env.PATH = dir .. '/bin:' .. saved_path
    local script = cli_config.bridgeScript()
    vim.env.HOME = vim.fn.fnamemodify(script, ':h:h:h')
    local rest = script:sub(#vim.env.HOME + 2)
    assert.are.equal("claude mcp add -s user nvim -- nvim -l ~/'" .. rest .. "'", cli_config.registrationCommand())
    -- the shell reads it back as the script's own path
    local r = vim.system({ 'sh', '-c', 'printf %s ' .. cli_config.registrationCommand():match('%-l (.*)$') }):wait()
    assert.are.equal(script, r.stdout)
  end)

  it('names the binary by its full path when PATH finds another nvim, and a script elsewhere in full', function()
    vim.fn.writefile({ '#!/bin/sh' }, dir .. '/bin/nvim')
    vim.uv.fs_chmod(dir .. '/bin/nvim', 493)
    vim.env.PATH = dir .. '/bin:' .. saved_path
    vim.env.HOME = dir .. '/home'
    assert.are.equal(
      ('claude mcp add -s user nvim -- %s -l %s'):format(
        vim.fn.shellescape(vim.v.progpath),
        vim.fn.shellescape(cli_config.bridgeScript())
      ),
      cli_config.registrationCommand()
    )
  end)
end)

describe('the --mcp-config of a far CLI', function()
  it(
    'names the agent tools as an http server on the door, under the stdio bridge name, with the token header',
    function()
      assert.are.same({
        mcpServers = {
          nvim = {
            type = 'http',
            url = 'http://127.0.0.1:40123/mcp',
            headers = { ['X-Claude-Code-IDE-Authorization'] = 'door-token' },
          },
        },
      }, cli_config.httpMcpConfig(nil, 40123, 'door-token'))
      assert.are.equal(cli_config.SERVER_NAME, 'nvim')
      assert.are.equal(
        'http://host.docker.internal:1/mcp',
        cli_config.httpMcpConfig('host.docker.internal', 1, 't').mcpServers.nvim.url
      )
    end
  )
end)
