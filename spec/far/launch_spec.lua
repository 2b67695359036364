-- The far side's script (far/launch.ts), run for real by /bin/sh with a stand-in CLI: it writes the lock file the
-- CLI finds this Neovim by (0600 in $CLAUDE_CONFIG_DIR/ide or ~/.claude/ide, the far folders, the session's own
-- token, the far shell's pid), starts the CLI in the far folder with CLAUDE_CODE_SSE_PORT and the host override,
-- passes JSON arguments through intact, and removes the lock file when the CLI ends: by exit, and by a hang-up
-- (what ssh delivers when the terminal closes). The local command line puts the port forward into an ssh target
-- and the script after a docker-style one as words.
local launch = require('claude-ide.far.launch')

local function read(path)
  local f = io.open(path)
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

describe('far launch script', function()
  local root, home, cli, out

  before_each(function()
    root = vim.fn.resolve(vim.fn.tempname())
    home = root .. '/home'
    vim.fn.mkdir(home, 'p')
    vim.fn.mkdir(root .. "/work space/it's", 'p')
    out = root .. '/out'
    -- The stand-in CLI: records its cwd, environment, arguments and whether the lock file exists while it runs,
    -- then waits for a file to appear (so a spec can end it by signal).
    cli = root .. '/fake-claude'
    vim.fn.writefile({
      '#!/bin/sh',
      'pwd > "' .. out .. '.cwd"',
      'env > "' .. out .. '.env"',
      'for a in "$@"; do printf "%s\\n" "$a"; done > "'
        .. out
        .. '.args.tmp" && mv "'
        .. out
        .. '.args.tmp" "'
        .. out
        .. '.args"',
      'ls "$HOME/.claude/ide" > "' .. out .. '.locks.tmp" && mv "' .. out .. '.locks.tmp" "' .. out .. '.locks"',
      'while [ ! -e "' .. out .. '.stop" ]; do sleep 0.05; done',
    }, cli)
    vim.uv.fs_chmod(cli, 448)
  end)

  after_each(function()
    vim.fn.delete(root, 'rf')
  end)

  local check
  local function script(extra)
    return launch.farScript({
      port = 45123,
      token = 'abc123',
      folders = { '/workspace', "/data/it's" },
      cwd = root .. "/work space/it's",
      host = 'host.docker.internal',
      env = { CLAUDE_CODE_SSE_PORT = '45123', CLAUDE_CODE_IDE_HOST_OVERRIDE = 'host.docker.internal' },
      words = { cli, '--mcp-config', '{"mcpServers":{}}' },
      settings = '{"hooks":{"Stop":[{"hooks":[{"type":"http","url":"http://x/%s\\n"}]}]}}',
      settingsOther = '{"hooks":{}}',
      check = check,
      extra = extra or '',
    })
  end

  local function run(s)
    -- The runner's sandbox sets CLAUDE_CONFIG_DIR: over there, HOME decides.
    return vim.system({ 'env', '-u', 'CLAUDE_CONFIG_DIR', 'HOME=' .. home, 'sh', '-c', s })
  end

  it('writes the lock file while the CLI runs, starts it in the far folder, and removes the lock at exit', function()
    local proc = run(script('--resume "a b"'))
    assert(
      vim.wait(5000, function()
        return read(out .. '.locks') ~= nil
      end, 20),
      'the CLI never started'
    )
    local lock_path = home .. '/.claude/ide/45123.lock'
    local lock = vim.json.decode(read(lock_path))
    assert.equal('abc123', lock.authToken)
    assert.same({ '/workspace', "/data/it's" }, lock.workspaceFolders)
    assert.equal('ws', lock.transport)
    assert.equal('Neovim', lock.ideName)
    assert.equal(proc.pid, lock.pid)
    assert.equal(tonumber('600', 8), bit.band(vim.uv.fs_stat(lock_path).mode, 511))
    assert.equal(tonumber('700', 8), bit.band(vim.uv.fs_stat(home .. '/.claude/ide').mode, 511))
    assert.equal('45123.lock\n', read(out .. '.locks'))
    assert.equal(root .. "/work space/it's\n", read(out .. '.cwd'))
    local env = read(out .. '.env')
    assert.matches('\nCLAUDE_CODE_SSE_PORT=45123\n', '\n' .. env, 1, true)
    assert.matches('\nCLAUDE_CODE_IDE_HOST_OVERRIDE=host.docker.internal\n', '\n' .. env, 1, true)
    local args = vim.split(read(out .. '.args'), '\n', { trimempty = true })
    assert.same({
      '--settings',
      '{"hooks":{"Stop":[{"hooks":[{"type":"http","url":"http://x/%s\\n"}]}]}}',
      '--mcp-config',
      '{"mcpServers":{}}',
      '--resume',
      'a b',
    }, args)
    vim.fn.writefile({}, out .. '.stop')
    local done = proc:wait(5000)
    assert.equal(0, done.code)
    assert.is_nil(vim.uv.fs_stat(lock_path))
  end)

  it('removes the lock file when the session hangs up', function()
    local proc = run(script())
    local lock_path = home .. '/.claude/ide/45123.lock'
    assert(
      vim.wait(5000, function()
        return read(out .. '.locks') ~= nil
      end, 20),
      'the CLI never started'
    )
    assert.is_not_nil(vim.uv.fs_stat(lock_path))
    -- The hang-up reaches the shell; the CLI ends with it, as the terminal's closing ends both.
    proc:kill('sighup')
    vim.fn.writefile({}, out .. '.stop')
    local done = proc:wait(5000)
    assert.are_not.equal(0, done.code)
    assert.is_nil(vim.uv.fs_stat(lock_path))
  end)

  it('puts the forward into an ssh target and the script after a docker target as words', function()
    local ssh = launch.farCommandLine({ command = { 'ssh', '-t', 'devbox' }, forward = 'ssh' }, 45123, 'echo hi')
    assert.equal(
      "'ssh' '-R' '45123:127.0.0.1:45123' '-o' 'ExitOnForwardFailure=yes' '-t' 'devbox' 'sh -c '\\''echo hi'\\'''",
      ssh
    )
    -- ssh without -t is given one: the CLI needs a terminal over there.
    assert.matches(
      "'ExitOnForwardFailure=yes' '-t' 'me@devbox'",
      launch.farCommandLine({ command = { 'ssh', 'me@devbox' }, forward = 'ssh' }, 45123, 'x'),
      1,
      true
    )
    local docker =
      launch.farCommandLine({ command = { 'docker', 'exec', '-it', 'dev' }, forward = 'none' }, 45123, 'echo hi')
    assert.equal("'docker' 'exec' '-it' 'dev' 'sh' '-c' 'echo hi'", docker)
    -- The ssh form survives two shells: the local one and the remote login shell.
    local r = vim.system({ 'sh', '-c', 'eval "$1"', 'sh', "sh -c 'echo hi; echo \"it'\\''s\"'" }):wait()
    assert.equal("hi\nit's\n", r.stdout)
  end)

  it(
    "checks the far folder's files by cksum: the same files start with the settings, others with the other ones and say so",
    function()
      local cwd = root .. "/work space/it's"
      vim.fn.writefile({ 'same' }, cwd .. '/one.txt')
      vim.fn.writefile({ 'here' }, cwd .. '/two words.txt')
      local crc = function(path)
        local f = assert(io.open(path, 'rb'))
        local data = f:read('*a')
        f:close()
        return require('claude-ide.util.cksum').cksum(data)
      end
      -- The CRC computed here is the one the far shell's cksum prints.
      local printed = vim.system({ 'sh', '-c', 'cksum < "$1"', 'sh', cwd .. '/two words.txt' }):wait().stdout
      assert.equal(tostring(crc(cwd .. '/two words.txt')), printed:match('^(%d+)'))
      check = {
        { name = 'one.txt', crc = crc(cwd .. '/one.txt') },
        { name = 'two words.txt', crc = crc(cwd .. '/two words.txt') },
      }
      local proc = vim.system({ 'env', '-u', 'CLAUDE_CONFIG_DIR', 'HOME=' .. home, 'sh', '-c', script() })
      assert(vim.wait(5000, function()
        return read(out .. '.args') ~= nil
      end, 20))
      assert.equal('--settings', vim.split(read(out .. '.args'), '\n')[1])
      assert.matches('"Stop"', read(out .. '.args'), 1, true)
      vim.fn.writefile({}, out .. '.stop')
      local done = proc:wait(5000)
      assert.is_nil((done.stdout or ''):find('other-files', 1, true))
      -- Over there, one file differs: the other settings, and the terminal told which.
      vim.fn.delete(out .. '.stop')
      vim.fn.delete(out .. '.args')
      vim.fn.writefile({ 'there' }, cwd .. '/two words.txt')
      proc = vim.system({ 'env', '-u', 'CLAUDE_CONFIG_DIR', 'HOME=' .. home, 'sh', '-c', script() })
      assert(vim.wait(5000, function()
        return read(out .. '.args') ~= nil
      end, 20))
      assert.same({ '--settings', '{"hooks":{}}' }, { unpack(vim.split(read(out .. '.args'), '\n'), 1, 2) })
      vim.fn.writefile({}, out .. '.stop')
      done = proc:wait(5000)
      assert.equal('\27]' .. launch.OTHER_FILES_OSC .. 'two words.txt\7', done.stdout)
    end
  )
end)
