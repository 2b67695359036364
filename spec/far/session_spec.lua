-- An agent started at a remote target (`:ClaudeCodeNew @box`), end to end on this machine: the target's command
-- (`env` with another HOME, standing in for ssh or docker exec) runs the far script for real, which writes the
-- far lock file with the far session's own token and starts a stand-in CLI (spec/helpers/far_cli.mjs, Node `ws`)
-- in the far folder; the stand-in finds the editor by that lock file alone, connects through the far session's
-- door and opens a far path, which lands on the local file. The session is named after the target and owns that
-- connection although the CLI's pid is nothing to this Neovim; closing the terminal removes the far lock file and
-- closes the door. A folder outside the target's map refuses to start, saying what to do.
local ide = require('claude-ide')
local capture_messages = require('helpers.diff').capture_messages

--- :checkhealth claude-ide's report (what it opened closed again).
local function checkhealth()
  local tabs = vim.api.nvim_list_tabpages()
  vim.cmd('silent checkhealth claude-ide')
  local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
    if not vim.tbl_contains(tabs, tab) then
      vim.cmd.tabclose(vim.api.nvim_tabpage_get_number(tab))
    end
  end
  return text
end

local repo = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

--- Every process on this machine whose command line holds `secret` (the far side runs here too): pid and line.
local function processes_holding(secret)
  local out, seen = {}, 0
  for _, path in ipairs(vim.fn.glob('/proc/[0-9]*/cmdline', false, true)) do
    local f = io.open(path, 'rb')
    if f then
      local line = (f:read('*a') or ''):gsub('%z', ' ')
      f:close()
      seen = seen + 1
      if line:find(secret, 1, true) then
        table.insert(out, path:match('/proc/(%d+)/') .. ': ' .. line)
      end
    end
  end
  assert(seen > 0, 'no command line could be read under /proc')
  return out
end

--- The command line of process `pid` (words), or nil once it is gone.
local function cmdline(pid)
  local f = io.open(('/proc/%d/cmdline'):format(pid), 'rb')
  if not f then
    return nil
  end
  local line = f:read('*a')
  f:close()
  return vim.split(line, '\0', { plain = true, trimempty = true })
end

describe('far session', function()
  local root, farhome, out

  before_each(function()
    root = vim.fn.resolve(vim.fn.tempname())
    vim.fn.mkdir(root .. '/proj', 'p')
    vim.fn.writefile({ 'near text' }, root .. '/proj/a.txt')
    -- The far folder: another name for the same files, as a bind mount over there would be.
    assert(vim.uv.fs_symlink(root .. '/proj', root .. '/farview'))
    farhome = root .. '/farhome'
    vim.fn.mkdir(farhome, 'p')
    out = root .. '/far-cli.json'
    local cli = root .. '/far-claude'
    vim.fn.writefile({ '#!/bin/sh', ('exec node %s/spec/helpers/far_cli.mjs "$@"'):format(repo) }, cli)
    vim.fn.setfperm(cli, 'rwxr-xr-x')
    vim.cmd.cd(root .. '/proj')
    assert.is_true(ide.setup({
      log_level = 'error',
      terminal = { provider = 'native', permission_mode = false },
      review = { turn = false },
      remote = {
        targets = {
          box = {
            command = { 'env', '-u', 'CLAUDE_CONFIG_DIR', 'HOME=' .. farhome },
            folders = { [root .. '/farview'] = root .. '/proj' },
            cli = cli,
            env = { FAR_CLI_OUT = out, FAR_CLI_FILE = 'a.txt' },
          },
        },
      },
    }))
  end)

  after_each(function()
    ide.stop()
    vim.cmd('silent! %bwipeout!')
    vim.cmd.cd('/')
    vim.fn.delete(root, 'rf')
  end)

  it('starts the CLI over there, which finds this Neovim by the far lock file and opens a far path here', function()
    ide.new_session('@box')
    assert(
      vim.wait(10000, function()
        return vim.fn.filereadable(out) == 1
      end, 20),
      'the far CLI never answered: '
        .. vim.inspect(vim.tbl_map(function(b)
          return vim.bo[b].buftype == 'terminal' and table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '|')
            or nil
        end, vim.api.nvim_list_bufs()))
    )
    local seen = vim.json.decode(table.concat(vim.fn.readfile(out), '\n'))
    assert.is_nil(seen.error, seen.error)
    assert.equal(root .. '/farview', seen.cwd)
    assert.equal(farhome .. '/.claude/ide/' .. seen.lockPath:match('(%d+)%.lock$') .. '.lock', seen.lockPath)
    assert.same({ root .. '/farview' }, seen.lock.workspaceFolders)
    local door = ide.server():gateways()[1]
    assert.equal(door.token, seen.lock.authToken)
    assert.are_not.equal(ide.status().port, door.port)
    -- The answer names the far path; the buffer is the local file.
    local answer = vim.json.decode(seen.answer.result.content[1].text)
    assert.equal(root .. '/farview/a.txt', answer.filePath)
    assert.are_not.equal(-1, vim.fn.bufnr(root .. '/proj/a.txt'))
    -- The session is the target's, and owns the far CLI's connection.
    local s
    assert(
      vim.wait(3000, function()
        for _, x in ipairs(ide.sessions()) do
          if x.target and x.connected then
            s = x
          end
        end
        return s ~= nil
      end, 20),
      vim.inspect(ide.sessions())
    )
    assert.equal('claude@box', s.name)
    assert.equal('box', s.target.name)
    assert.matches('on @box', ide.describe_session(s), 1, true)
    assert.equal(1, #ide.sessions())
    -- Its hooks and agent tools are HTTP entries to the door (nothing over there needs Neovim), and a hook POSTed
    -- by the far CLI is answered.
    assert.equal(('http://127.0.0.1:%d/mcp'):format(door.port), seen.mcp.mcpServers.nvim.url)
    assert.equal('http', seen.hook.entry.type)
    assert.equal('continue', seen.hook.entry.on_failure)
    assert.equal(('http://127.0.0.1:%d/hooks/claude/UserPromptSubmit'):format(door.port), seen.hook.entry.url)
    assert.equal(200, seen.hook.status, seen.hook.body)
    assert.equal('table', type(vim.json.decode(seen.hook.body)))
    -- The settings and the MCP config are files next to the lock file, 0600 like it; the CLI got their paths.
    local ide_dir = farhome .. '/.claude/ide/'
    assert.equal(ide_dir .. door.port .. '.settings.json', seen.settingsPath)
    assert.equal(ide_dir .. door.port .. '.mcp.json', seen.mcpPath)
    assert.same({ [seen.lockPath] = '600', [seen.settingsPath] = '600', [seen.mcpPath] = '600' }, seen.modes)
    assert.same({ unpack(seen.argv, 2) }, { unpack(cmdline(seen.pid), 2) }, 'the far CLI as seen in /proc')
    -- No process of the session, here or over there, shows the token or the header that carries it.
    assert.same({}, processes_holding(door.token))
    assert.same({}, processes_holding('X-Claude-Code-IDE-Authorization'))
    -- :checkhealth names the target, its map, the door, and measures one request's round trip through it.
    local report = checkhealth()
    assert.matches('target @box: env -u CLAUDE_CONFIG_DIR', report, 1, true)
    assert.matches(
      ('this folder (%s) is %s over there'):format(vim.fn.fnamemodify(root .. '/proj', ':~'), root .. '/farview'),
      report,
      1,
      true
    )
    assert.matches(
      ("session claude@box: door 127.0.0.1:%d, lock file %d.lock over there: connected, one request's round trip"):format(
        door.port,
        door.port
      ),
      report,
      1,
      true
    )
    -- Its only session runs at @box: Claude Code's trust of this folder is over there, not a warning here.
    assert.matches('the CLI runs at @box (every session runs there) and trusts the far folder there', report, 1, true)
    assert.is_nil(report:find('has not trusted', 1, true))
    -- Closing the terminal ends the CLI: its lock file over there goes, and the door closes.
    vim.api.nvim_buf_delete(s.buf, { force = true })
    assert(
      vim.wait(5000, function()
        return vim.uv.fs_stat(seen.lockPath) == nil and #ide.server():gateways() == 0
      end, 20),
      'the far lock file or the door outlived the terminal'
    )
    -- The settings and MCP config files go with it.
    assert.same({}, vim.fn.readdir(farhome .. '/.claude/ide'))
  end)

  -- Each way the far CLI reaches the door: ssh (here a stand-in whose far login shell is fish, as sshd runs a
  -- remote command: the words joined, given to the login shell's -c), "none" (a shared network) and a forward
  -- command (socat). Each makes a 0600 lock file and 0600 files over there, none shows the token in a process.
  local fish_path = repo .. '/.deps/fish/bin/fish'
  local socat_path = repo .. '/.deps/socat/bin/socat'
  local modes = {
    ssh = function(box)
      assert(vim.fn.executable(fish_path) == 1, 'scripts/deps.sh installs fish')
      local ssh = root .. '/bin/ssh'
      vim.fn.mkdir(root .. '/bin', 'p')
      vim.fn.writefile({
        '#!/bin/sh',
        '# ssh: its options and the destination skipped, the rest joined and run by the far login shell (fish).',
        'while [ $# -gt 0 ]; do case "$1" in -R|-o|-p|-l) shift 2;; -*) shift;; *) shift; break;; esac; done',
        ('exec env -u CLAUDE_CONFIG_DIR HOME=%s SHELL=%s %s -c "$*"'):format(farhome, fish_path, fish_path),
      }, ssh)
      vim.fn.setfperm(ssh, 'rwxr-xr-x')
      box.command = { ssh, 'far@box' }
    end,
    none = function(box)
      box.forward = 'none'
    end,
    command = function(box)
      assert(vim.fn.executable(socat_path) == 1, 'scripts/deps.sh installs socat')
      box.forward = { socat_path, 'TCP-LISTEN:{port},bind=127.0.0.2,reuseaddr,fork', 'TCP:127.0.0.1:{port}' }
      box.host = '127.0.0.2'
    end,
  }
  for _, mode in ipairs({ 'ssh', 'none', 'command' }) do
    it(('forward %s: a 0600 lock file and files over there, the token in no command line'):format(mode), function()
      local config = vim.deepcopy(ide.config())
      modes[mode](config.remote.targets.box)
      assert.is_true(ide.setup(config))
      ide.new_session('@box')
      assert(
        vim.wait(15000, function()
          return vim.fn.filereadable(out) == 1
        end, 20),
        'the far CLI never answered: '
          .. table.concat(
            vim.tbl_map(function(b)
              return vim.bo[b].buftype == 'terminal' and table.concat(vim.api.nvim_buf_get_lines(b, 0, -1, false), '|')
                or ''
            end, vim.api.nvim_list_bufs()),
            ' '
          )
      )
      local seen = vim.json.decode(table.concat(vim.fn.readfile(out), '\n'))
      assert.is_nil(seen.error, seen.error)
      local door = ide.server():gateways()[1]
      assert.equal(door.token, seen.lock.authToken)
      assert.equal(200, seen.hook.status, seen.hook.body)
      assert.equal('600', seen.modes[seen.lockPath])
      assert.same({ '600', '600', '600' }, vim.tbl_values(seen.modes))
      assert.equal('700', ('%o'):format(bit.band(vim.uv.fs_stat(farhome .. '/.claude/ide').mode, 511)))
      if mode == 'ssh' then
        -- The far CLI's parents: fish ran sh, which runs the CLI.
        local parents = {}
        local pid = seen.pid
        for _ = 1, 4 do
          local stat = io.open(('/proc/%d/stat'):format(pid)):read('*a')
          pid = tonumber(stat:match('^%d+ %b() %S+ (%d+)'))
          table.insert(parents, vim.fs.basename((cmdline(pid) or { '?' })[1]))
        end
        assert.is_true(vim.tbl_contains(parents, 'fish'), vim.inspect(parents))
      end
      assert.same({}, processes_holding(door.token))
      assert.same({}, processes_holding('X-Claude-Code-IDE-Authorization'))
      for _, s in ipairs(ide.sessions()) do
        vim.api.nvim_buf_delete(s.buf, { force = true })
      end
      assert(
        vim.wait(5000, function()
          return #vim.fn.readdir(farhome .. '/.claude/ide') == 0
        end, 20),
        'left over there: ' .. vim.inspect(vim.fn.readdir(farhome .. '/.claude/ide'))
      )
    end)
  end

  it('refuses to start from a folder the map does not cover, saying what to do', function()
    vim.fn.mkdir(root .. '/other', 'p')
    vim.cmd.cd(root .. '/other')
    local messages = capture_messages()
    ide.new_session('@box')
    messages.restore()
    local said = messages.text()
    assert.matches('is outside remote.targets.box.folders', said, 1, true)
    assert.matches(':cd into a mapped folder first', said, 1, true)
    assert.is_false(vim.wait(300, function()
      return vim.fn.filereadable(out) == 1
    end, 20))
    -- :checkhealth says the same, before anyone tries; and names a target whose command is not here.
    local config = vim.deepcopy(ide.config())
    config.remote.targets.gone = { command = { 'no-such-ssh-here' }, folders = { ['/w'] = root .. '/proj' } }
    assert.is_true(ide.setup(config))
    local report = checkhealth()
    assert.matches(':ClaudeCodeNew @box will not start here', report, 1, true)
    assert.matches('no-such-ssh-here is not executable here: :ClaudeCode @gone cannot start', report, 1, true)
  end)

  it('completes @box as the first argument of :ClaudeCode, and refuses a target that runs another CLI', function()
    local commands = require('claude-ide.commands')
    assert.same(
      { '@box' },
      vim.tbl_filter(function(c)
        return c:sub(1, 1) == '@'
      end, commands.complete_args('', 'ClaudeCode ', 11))
    )
    assert.same(
      {},
      vim.tbl_filter(function(c)
        return c:sub(1, 1) == '@'
      end, commands.complete_args('', 'ClaudeCode --resume ', 20))
    )
    local config = vim.deepcopy(ide.config())
    config.remote.targets.gem =
      { command = { 'env' }, folders = { [root .. '/farview'] = root .. '/proj' }, cli = 'gemini' }
    assert.is_true(ide.setup(config))
    local messages = capture_messages()
    ide.new_session('@gem')
    messages.restore()
    assert.matches('@gem: a remote target runs Claude Code', messages.text(), 1, true)
    assert.same({}, ide.server():gateways())
    assert.same({}, ide.sessions())
  end)

  it(
    'runs a forward command for the session (socat to another address, as for a container), the CLI reaching the door only through it',
    function()
      local socat = repo .. '/.deps/socat/bin/socat'
      assert(vim.fn.executable(socat) == 1, 'scripts/deps.sh installs socat')
      local config = vim.deepcopy(ide.config())
      config.remote.targets.box.forward =
        { socat, 'TCP-LISTEN:{port},bind=127.0.0.2,reuseaddr,fork', 'TCP:127.0.0.1:{port}' }
      config.remote.targets.box.host = '127.0.0.2'
      assert.is_true(ide.setup(config))
      ide.new_session('@box')
      assert(
        vim.wait(10000, function()
          return vim.fn.filereadable(out) == 1
        end, 20),
        'the far CLI never answered'
      )
      local seen = vim.json.decode(table.concat(vim.fn.readfile(out), '\n'))
      assert.is_nil(seen.error, seen.error)
      local door = ide.server():gateways()[1]
      -- It came through 127.0.0.2 (the door itself listens on 127.0.0.1 only), hooks and agent tools too.
      assert.equal(root .. '/farview/a.txt', vim.json.decode(seen.answer.result.content[1].text).filePath)
      assert.equal(('http://127.0.0.2:%d/mcp'):format(door.port), seen.mcp.mcpServers.nvim.url)
      assert.equal(200, seen.hook.status, seen.hook.body)
      local reach = function()
        local r = vim
          .system({
            'node',
            '-e',
            ('require("net").connect(%d, "127.0.0.2").on("connect", () => process.exit(0)).on("error", () => process.exit(1))'):format(
              door.port
            ),
          })
          :wait()
        return r.code == 0
      end
      assert.is_true(reach())
      -- The session ends: the forward stops with its door.
      for _, s in ipairs(ide.sessions()) do
        vim.api.nvim_buf_delete(s.buf, { force = true })
      end
      assert(
        vim.wait(5000, function()
          return not reach()
        end, 50),
        'the forward outlived the session'
      )
    end
  )

  it('says once when the far folder is not the files here, and gives that CLI no turn review', function()
    -- Over there: a plain checkout of its own, a.txt differing.
    vim.fn.mkdir(root .. '/checkout', 'p')
    vim.fn.writefile({ 'far text' }, root .. '/checkout/a.txt')
    local config = vim.deepcopy(ide.config())
    config.remote.targets.box.folders = { [root .. '/checkout'] = root .. '/proj' }
    assert.is_true(ide.setup(config))
    local messages = capture_messages()
    local function notices()
      local found = {}
      for _, m in ipairs(messages) do
        if m.msg:find('is not the files here', 1, true) then
          table.insert(found, m)
        end
      end
      return found
    end
    ide.new_session('@box')
    local ok = vim.wait(10000, function()
      return vim.fn.filereadable(out) == 1 and #notices() > 0
    end, 20)
    messages.restore()
    assert(ok, 'not said: ' .. messages.text())
    assert.equal(1, #notices())
    assert.matches(
      ('@box: %s over there is not the files here (a.txt differs): no turn review'):format(root .. '/checkout'),
      notices()[1].msg,
      1,
      true
    )
    local seen = vim.json.decode(table.concat(vim.fn.readfile(out), '\n'))
    -- Its settings: the plan review's hook only.
    assert.same({ 'PreToolUse' }, vim.tbl_keys(seen.settings.hooks))
    assert.matches('ExitPlanMode', seen.settings.hooks.PreToolUse[1].matcher, 1, true)
    assert.is_nil(seen.hook)
  end)

  it(
    'a dropped connection (the forward killed) with a review pending: the review stays open and writes here, the door closes, the next start is clean',
    function()
      local socat = repo .. '/.deps/socat/bin/socat'
      assert(vim.fn.executable(socat) == 1, 'scripts/deps.sh installs socat')
      local config = vim.deepcopy(ide.config())
      local box = config.remote.targets.box
      box.forward = { socat, 'TCP-LISTEN:{port},bind=127.0.0.2,reuseaddr,fork', 'TCP:127.0.0.1:{port}' }
      box.host = '127.0.0.2'
      box.env.FAR_CLI_DIFF = 'proposed text\n'
      assert.is_true(ide.setup(config))
      local messages = capture_messages()
      ide.new_session('@box')
      local function in_review()
        for _, b in ipairs(vim.api.nvim_list_bufs()) do
          local v = vim.b[b].claude_ide_diff
          if type(v) == 'table' and v.role == 'proposal' then
            return b, v
          end
        end
      end
      local opened = vim.wait(15000, function()
        return vim.fn.filereadable(out) == 1 and in_review() ~= nil
      end, 20)
      assert(opened, 'no review opened: ' .. messages.text())
      local seen = vim.json.decode(table.concat(vim.fn.readfile(out), '\n'))
      local door = ide.server():gateways()[1]
      local old_port, old_token = door.port, door.token
      -- The forward dies (as an ssh or a container's forward does when the network drops).
      local forward
      for _, line in ipairs(vim.split(vim.fn.system({ 'ps', '-eo', 'pid=,args=' }), '\n')) do
        local pid, args = line:match('^%s*(%d+)%s+(.*)$')
        if args and args:find('TCP-LISTEN:' .. old_port, 1, true) and vim.startswith(args, socat) then
          forward = forward or tonumber(pid)
        end
      end
      assert(forward, 'the forward is not running')
      vim.uv.kill(forward, 'sigkill')
      assert(
        vim.wait(10000, function()
          return #ide.server():gateways() == 0 and #ide.sessions() == 0
        end, 20),
        'the door or the session outlived the forward'
      )
      -- The review stays open and says its session is gone.
      local buf, v = in_review()
      assert.is_not_nil(buf, 'the review closed with the connection')
      -- The same words whichever sees the end first, the socket (the orphan rule) or the terminal (ended): a race.
      assert.matches('^claude@box[%d ]* is gone$', v.gone)
      assert(vim.wait(3000, function()
        return messages.text():find('stays open', 1, true) ~= nil
      end, 20))
      assert.matches('@box (door ' .. old_port .. '): the connection dropped (the forward', messages.text(), 1, true)
      -- The far shell hung up with the terminal: its lock file and files over there are gone.
      assert(
        vim.wait(5000, function()
          return vim.uv.fs_stat(seen.lockPath) == nil
        end, 20),
        'the far lock file outlived the session'
      )
      -- The old door refuses: nothing listens on its port any more.
      local tcp = vim.uv.new_tcp()
      local refused
      tcp:connect('127.0.0.1', old_port, function(err)
        refused = err ~= nil
        tcp:close()
      end)
      assert(vim.wait(3000, function()
        return refused ~= nil
      end, 10))
      assert.is_true(refused, 'the old door still answers')
      -- Accepting writes the file here; the user is told the agent will not hear it.
      vim.api.nvim_buf_call(buf, function()
        vim.cmd('write')
      end)
      assert(
        vim.wait(5000, function()
          return table.concat(vim.fn.readfile(root .. '/proj/a.txt'), '\n') == 'proposed text'
        end, 20),
        'not written here: ' .. table.concat(vim.fn.readfile(root .. '/proj/a.txt'), '\n')
      )
      assert(
        vim.wait(3000, function()
          return messages.text():find('a%.txt written here; claude@box[%d ]* is gone') ~= nil
        end, 20),
        messages.text()
      )
      assert.matches('the agent will not hear of it', messages.text(), 1, true)
      assert.is_nil(in_review())
      -- :checkhealth says what happened.
      local report = checkhealth()
      assert.matches(('session @box (door %d) dropped at'):format(old_port), report, 1, true)
      assert.matches('the forward', report, 1, true)
      -- :ClaudeCode @box starts again cleanly: a new door, a new token, the CLI through it.
      vim.fn.delete(out)
      box.env.FAR_CLI_DIFF = nil
      assert.is_true(ide.setup(config))
      ide.toggle('@box')
      local again = vim.wait(15000, function()
        return vim.fn.filereadable(out) == 1
      end, 20)
      messages.restore()
      assert(again, 'the second start never answered: ' .. messages.text())
      seen = vim.json.decode(table.concat(vim.fn.readfile(out), '\n'))
      assert.is_nil(seen.error, seen.error)
      local door2 = ide.server():gateways()[1]
      assert.are_not.equal(old_token, door2.token)
      assert.equal(door2.token, seen.lock.authToken)
    end
  )

  it(':ClaudeCode @box toggles the running session at box, and starts one only when there is none', function()
    local messages = capture_messages()
    ide.toggle('@box')
    local started = vim.wait(10000, function()
      return vim.fn.filereadable(out) == 1
    end, 20)
    local shown = #vim.tbl_filter(function(w)
      return vim.bo[vim.api.nvim_win_get_buf(w)].buftype == 'terminal'
    end, vim.api.nvim_list_wins())
    ide.toggle('@box')
    local hidden = #vim.tbl_filter(function(w)
      return vim.bo[vim.api.nvim_win_get_buf(w)].buftype == 'terminal'
    end, vim.api.nvim_list_wins())
    messages.restore()
    assert.is_true(started, 'the far CLI never answered')
    assert.equal(1, shown)
    assert.equal(0, hidden)
    assert.equal(1, #ide.sessions())
    assert.equal(1, #ide.server():gateways())
    assert.is_nil(messages.text():find('already running', 1, true))
  end)
end)

describe('far session health, for a user whose agents all run remotely', function()
  local root

  before_each(function()
    root = vim.fn.resolve(vim.fn.tempname())
    vim.fn.mkdir(root .. '/proj', 'p')
    vim.cmd.cd(root .. '/proj')
  end)

  after_each(function()
    ide.stop()
    vim.cmd.cd('/')
    vim.fn.delete(root, 'rf')
  end)

  local function setup(target)
    assert.is_true(ide.setup({
      log_level = 'error',
      terminal = { provider = 'native', command = 'no-such-claude-here', permission_mode = false },
      remote = {
        targets = { box = { command = { 'env' }, folders = { ['/workspace'] = root .. '/proj' } } },
        target = target,
      },
    }))
  end

  it('says the local claude and trust checks do not apply when remote.target is set, and warns otherwise', function()
    setup('box')
    local report = checkhealth()
    assert.matches(
      'no-such-claude-here is not checked here: it does not apply, the CLI runs at @box (remote.target)',
      report,
      1,
      true
    )
    assert.matches("Claude Code's trust of", report, 1, true)
    assert.matches(
      'it does not apply, the CLI runs at @box (remote.target) and trusts the far folder there',
      report,
      1,
      true
    )
    assert.is_nil(report:find('not found or not executable', 1, true))
    assert.is_nil(report:find('has not trusted', 1, true))
    -- With no target chosen and no session, a CLI would run here: both are warnings again.
    setup(false)
    report = checkhealth()
    assert.matches('no-such-claude-here is not found or not executable', report, 1, true)
    assert.matches('has not trusted', report, 1, true)
    assert.matches('target @box: env', report, 1, true)
  end)
end)
