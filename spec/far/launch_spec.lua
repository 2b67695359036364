-- The far side's bootstrap and script (far/launch.ts), run for real by /bin/sh (and through fish, a login shell
-- that is not POSIX) with a stand-in CLI, fed on standard input what the editor sends once the bootstrap is ready:
-- it writes the lock file the CLI finds this Neovim by (0600 in $CLAUDE_CONFIG_DIR/ide or ~/.claude/ide, the far
-- folders, the session's own token, the far shell's pid) and the settings and MCP config as 0600 files beside it,
-- starts the CLI in the far folder with their paths, CLAUDE_CODE_SSE_PORT and the host override, and removes them
-- all when the CLI ends: by exit, and by a hang-up (what ssh delivers when the terminal closes). The local command
-- line puts the port forward into an ssh target and the bootstrap, one word, after it; after a docker-style one,
-- as words. Nothing secret is on either command line.
local launch = require('claude-ide.far.launch')
local repo = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

local function read(path)
  local f = io.open(path)
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

local function mode(path)
  return ('%o'):format(bit.band(vim.uv.fs_stat(path).mode, 511))
end

describe('far launch script', function()
  local root, home, ide, cli, out

  before_each(function()
    root = vim.fn.resolve(vim.fn.tempname())
    home = root .. '/home'
    ide = home .. '/.claude/ide/'
    vim.fn.mkdir(home, 'p')
    vim.fn.mkdir(root .. "/work space/it's", 'p')
    out = root .. '/out'
    -- The stand-in CLI: records its cwd, environment, arguments and the files beside the lock while it runs,
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

  local check, stale
  local function input(extra)
    return launch.farInput({
      port = 45123,
      token = 'abc123',
      folders = { '/workspace', "/data/it's" },
      cwd = root .. "/work space/it's",
      host = 'host.docker.internal',
      env = {
        CLAUDE_CODE_SSE_PORT = '45123',
        CLAUDE_CODE_IDE_HOST_OVERRIDE = 'host.docker.internal',
        TWO_LINES = "it's\nhere",
      },
      words = { cli, '--permission-mode', 'acceptEdits' },
      settings = '{"hooks":{"Stop":[{"hooks":[{"url":"http://x/%s\\n","headers":{"X":"abc123"}}]}]}}',
      settingsOther = '{"hooks":{}}',
      mcp = '{"mcpServers":{"nvim":{"headers":{"X":"abc123"}}}}',
      check = check,
      stale = stale,
      extra = extra or '',
    })
  end

  -- The far command as a login shell runs it (`shell -c <the bootstrap word>`; none: sh -c <bootstrap>, as docker
  -- exec does), fed `what` on its input.
  local function run(what, shell)
    -- The runner's sandbox sets CLAUDE_CONFIG_DIR: over there, HOME decides.
    local argv = { 'env', '-u', 'CLAUDE_CONFIG_DIR', 'HOME=' .. home }
    if shell then
      vim.list_extend(argv, { shell, '-c', "sh -c '" .. launch.BOOTSTRAP .. "'" })
    else
      vim.list_extend(argv, { 'sh', '-c', launch.BOOTSTRAP })
    end
    return vim.system(argv, { stdin = what })
  end

  local function started()
    assert(
      vim.wait(5000, function()
        return read(out .. '.locks') ~= nil
      end, 20),
      'the CLI never started'
    )
  end

  it(
    'writes the lock file and the settings files while the CLI runs, gives it their paths, and removes them at exit',
    function()
      local proc = run(input('--resume "a b"'))
      started()
      local lock_path = ide .. '45123.lock'
      local lock = vim.json.decode(read(lock_path))
      assert.equal('abc123', lock.authToken)
      assert.same({ '/workspace', "/data/it's" }, lock.workspaceFolders)
      assert.equal('ws', lock.transport)
      assert.equal('Neovim', lock.ideName)
      assert.equal(proc.pid, lock.pid)
      assert.equal('600', mode(lock_path))
      assert.equal('700', mode(home .. '/.claude/ide'))
      for _, name in ipairs({ 'settings', 'other', 'mcp' }) do
        assert.equal('600', mode(ide .. '45123.' .. name .. '.json'), name)
      end
      assert.equal(
        '{"hooks":{"Stop":[{"hooks":[{"url":"http://x/%s\\n","headers":{"X":"abc123"}}]}]}}\n',
        read(ide .. '45123.settings.json')
      )
      assert.equal('{"mcpServers":{"nvim":{"headers":{"X":"abc123"}}}}\n', read(ide .. '45123.mcp.json'))
      assert.equal('45123.lock\n45123.mcp.json\n45123.other.json\n45123.settings.json\n', read(out .. '.locks'))
      assert.equal(root .. "/work space/it's\n", read(out .. '.cwd'))
      local env = read(out .. '.env')
      assert.matches('\nCLAUDE_CODE_SSE_PORT=45123\n', '\n' .. env, 1, true)
      assert.matches('\nCLAUDE_CODE_IDE_HOST_OVERRIDE=host.docker.internal\n', '\n' .. env, 1, true)
      assert.matches("\nTWO_LINES=it's\nhere\n", '\n' .. env, 1, true)
      assert.same({
        '--settings',
        ide .. '45123.settings.json',
        '--mcp-config',
        ide .. '45123.mcp.json',
        '--permission-mode',
        'acceptEdits',
        '--resume',
        'a b',
      }, vim.split(read(out .. '.args'), '\n', { trimempty = true }))
      vim.fn.writefile({}, out .. '.stop')
      local done = proc:wait(5000)
      assert.equal(0, done.code)
      assert.same({}, vim.fn.readdir(home .. '/.claude/ide'))
      -- The bootstrap said it was ready and printed nothing else: neither the script nor a secret is ever shown.
      assert.equal('\27]' .. launch.READY_OSC .. '\7', done.stdout)
    end
  )

  it('reaches sh unchanged through a login shell that is not POSIX (fish), skipping what was typed before', function()
    local fish = repo .. '/.deps/fish/bin/fish'
    assert(vim.fn.executable(fish) == 1, 'scripts/deps.sh installs fish')
    -- One word any login shell passes on: no single quote, newline, "!" or backslash pair.
    assert.is_nil(launch.BOOTSTRAP:find("[\n'!]"))
    assert.is_nil(launch.BOOTSTRAP:find('\\\\', 1, true))
    local proc = run('typed ahead\n' .. input(), fish)
    started()
    assert.equal('abc123', vim.json.decode(read(ide .. '45123.lock')).authToken)
    assert.equal('600', mode(ide .. '45123.lock'))
    vim.fn.writefile({}, out .. '.stop')
    assert.equal(0, proc:wait(5000).code)
    assert.same({}, vim.fn.readdir(home .. '/.claude/ide'))
  end)

  it('removes the lock file and the settings files when the session hangs up', function()
    local proc = run(input())
    started()
    assert.is_not_nil(vim.uv.fs_stat(ide .. '45123.lock'))
    -- The hang-up reaches the shell; the CLI ends with it, as the terminal's closing ends both.
    proc:kill('sighup')
    vim.fn.writefile({}, out .. '.stop')
    local done = proc:wait(5000)
    assert.are_not.equal(0, done.code)
    assert.same({}, vim.fn.readdir(home .. '/.claude/ide'))
  end)

  it("removes an earlier session's files left over there (a dropped connection), and no other", function()
    vim.fn.mkdir(ide, 'p')
    for _, name in ipairs({ '41000.lock', '41000.settings.json', '41000.mcp.json', '42000.lock' }) do
      vim.fn.writefile({ '{}' }, ide .. name)
    end
    stale = { 41000 }
    local proc = run(input())
    stale = nil
    started()
    assert.equal(
      '42000.lock\n45123.lock\n45123.mcp.json\n45123.other.json\n45123.settings.json\n',
      read(out .. '.locks')
    )
    vim.fn.writefile({}, out .. '.stop')
    proc:wait(5000)
  end)

  it(
    'puts the forward into an ssh target and the bootstrap after it as one word, after a docker one as words',
    function()
      local word = vim.fn.shellescape("sh -c '" .. launch.BOOTSTRAP .. "'")
      local ssh = launch.farCommandLine({ command = { 'ssh', '-t', 'devbox' }, forward = 'ssh' }, 45123)
      assert.equal("'ssh' '-R' '45123:127.0.0.1:45123' '-o' 'ExitOnForwardFailure=yes' '-t' 'devbox' " .. word, ssh)
      -- ssh without -t is given one: the CLI needs a terminal over there.
      assert.matches(
        "'ExitOnForwardFailure=yes' '-t' 'me@devbox'",
        launch.farCommandLine({ command = { 'ssh', 'me@devbox' }, forward = 'ssh' }, 45123),
        1,
        true
      )
      -- ssh with a forward of its own (or none): still one word for the login shell, and no -R.
      assert.equal(
        "'/usr/bin/ssh' '-t' 'devbox' " .. word,
        launch.farCommandLine({ command = { '/usr/bin/ssh', 'devbox' }, forward = 'none' }, 45123)
      )
      local docker = launch.farCommandLine({ command = { 'docker', 'exec', '-it', 'dev' }, forward = 'none' }, 45123)
      assert.equal("'docker' 'exec' '-it' 'dev' 'sh' '-c' " .. vim.fn.shellescape(launch.BOOTSTRAP), docker)
      -- The ssh form survives two shells: the local one, and the remote login shell running the joined words.
      local r = vim.system({ 'sh', '-c', 'eval "$1"', 'sh', "sh -c 'echo hi; echo \"it'\\''s\"'" }):wait()
      assert.equal("hi\nit's\n", r.stdout)
      -- No secret on either: the token is only in what the terminal is sent once the bootstrap is ready.
      assert.is_nil(ssh:find('abc123', 1, true))
      assert.is_nil(docker:find('abc123', 1, true))
      assert.matches('abc123', input(), 1, true)
    end
  )

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
      local proc = run(input())
      assert(vim.wait(5000, function()
        return read(out .. '.args') ~= nil
      end, 20))
      assert.same(
        { '--settings', ide .. '45123.settings.json' },
        { unpack(vim.split(read(out .. '.args'), '\n'), 1, 2) }
      )
      vim.fn.writefile({}, out .. '.stop')
      local done = proc:wait(5000)
      assert.is_nil((done.stdout or ''):find('other-files', 1, true))
      -- Over there, one file differs: the other settings, and the terminal told which.
      vim.fn.delete(out .. '.stop')
      vim.fn.delete(out .. '.args')
      vim.fn.writefile({ 'there' }, cwd .. '/two words.txt')
      proc = run(input())
      assert(vim.wait(5000, function()
        return read(out .. '.args') ~= nil
      end, 20))
      assert.same({ '--settings', ide .. '45123.other.json' }, { unpack(vim.split(read(out .. '.args'), '\n'), 1, 2) })
      assert.equal('{"hooks":{}}\n', read(ide .. '45123.other.json'))
      vim.fn.writefile({}, out .. '.stop')
      done = proc:wait(5000)
      check = nil
      assert.equal('\27]' .. launch.READY_OSC .. '\7\27]' .. launch.OTHER_FILES_OSC .. 'two words.txt\7', done.stdout)
    end
  )
end)
