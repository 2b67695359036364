-- `make run` (scripts/run.sh, what the Makefile target runs) from a clean state, driven over RPC: :help works
-- without anyone running :helptags, and :ClaudeCode starts the CLI installed under .deps when none is on PATH.
local child_nvim = require('helpers.child_nvim')
local root = vim.fn.getcwd()

--- PATH without any folder that holds a `claude` (the machine's own must not be found).
local function path_without_claude()
  local keep = {}
  for _, dir in ipairs(vim.split(vim.env.PATH or '', ':', { trimempty = true })) do
    if vim.fn.executable(dir .. '/claude') ~= 1 then
      table.insert(keep, dir)
    end
  end
  return table.concat(keep, ':')
end

--- A stand-in for the pinned CLI where scripts/claude-cli.sh looks (CLAUDE_CLI_DIR): answers --version with
--- the pinned version (so nothing is installed) and otherwise prints what it was started with.
local function fake_cli()
  local script = table.concat(vim.fn.readfile(root .. '/scripts/claude-cli.sh'), '\n')
  local version = assert(script:match('CLI_VERSION="([^"]+)"'))
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir .. '/node_modules/.bin', 'p')
  local exe = dir .. '/node_modules/.bin/claude'
  vim.fn.writefile({
    '#!/bin/sh',
    ('if [ "$1" = "--version" ]; then echo "%s (Claude Code)"; exit 0; fi'):format(version),
    'echo "FAKE-CLI PORT=$CLAUDE_CODE_SSE_PORT LEAKED=${CLAUDE_IDE_RUN_CLAUDE:-no}"',
    'exec cat',
  }, exe)
  vim.fn.setfperm(exe, 'rwxr-xr-x')
  return dir
end

describe('make run', function()
  local child

  after_each(function()
    if child then
      child:kill()
      child = nil
    end
  end)

  it('resolves :help claude-ide and starts the CLI from .deps on :ClaudeCode', function()
    child = child_nvim.spawn({
      cmd = { 'bash', root .. '/scripts/run.sh' },
      env = { NVIM = vim.v.progpath, CLAUDE_CLI_DIR = fake_cli(), PATH = path_without_claude() },
    })
    local chan = child:rpc()
    local function lua(code)
      return vim.rpcrequest(chan, 'nvim_exec_lua', code, {})
    end
    local running = vim.wait(20000, function()
      return lua('return require("claude-ide").status().running')
    end, 20)
    assert(running, 'the server did not start: ' .. lua('return vim.fn.execute("messages")'))
    local port = lua('return require("claude-ide").status().port')

    vim.rpcrequest(chan, 'nvim_command', 'help claude-ide')
    assert.are.equal('claude-ide.txt', vim.fs.basename(vim.rpcrequest(chan, 'nvim_buf_get_name', 0)))
    vim.rpcrequest(chan, 'nvim_command', 'close')

    vim.rpcrequest(chan, 'nvim_command', 'ClaudeCode')
    local text
    local ok = vim.wait(20000, function()
      text = lua([[
        for _, buf in ipairs(vim.api.nvim_list_bufs()) do
          if vim.bo[buf].buftype == 'terminal' then
            return vim.bo[buf].filetype .. ' ' .. table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false))
          end
        end
        return ''
      ]])
      return text:find('FAKE-CLI', 1, true) ~= nil
    end, 20)
    assert(ok, 'the CLI did not start: ' .. tostring(text))
    assert.matches(('^claude%%-ide .*FAKE%%-CLI PORT=%d LEAKED=no'):format(port), text)
  end)
end)
