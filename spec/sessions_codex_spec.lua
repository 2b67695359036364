-- The `codex` that :ClaudeCode starts gets the plugin's hooks on its command line (Codex reads no settings file
-- the plugin could name): `-c notify=[…]` (its turn-end program, run with the event as its last argument; no trust
-- step) and `-c hooks.UserPromptSubmit=[…]` / `-c hooks.Stop=[…]` (run once the user trusts them; the commands
-- name no instance, so Codex's trust, keyed by the command, holds from one start to the next). A stand-in
-- `codex` records the exact argv it receives; the turn review then runs from those very arguments: the
-- UserPromptSubmit command (sh -c, JSON on stdin) takes the snapshot, the notify argv plus Codex's JSON ends the
-- turn, and the review opens titled for Codex.
local bridge = require('helpers.bridge')

describe(':ClaudeCode starting codex', function()
  after_each(bridge.cleanup)

  local function start(codex_home, setup)
    local dir = bridge.config_dir()
    local project = bridge.project({ ['a.txt'] = 'one\n' })
    local codex, recorded = bridge.argv_recorder('codex')
    local state = bridge.tempdir()
    local nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      env = { XDG_STATE_HOME = state, CODEX_HOME = codex_home },
      setup = vim.tbl_deep_extend('force', {
        diff = { focus = 'always' },
        terminal = { command = vim.fn.shellescape(codex) },
      }, setup or {}),
    })
    nvim:lua('vim.cmd("ClaudeCode")')
    local argv = recorded()
    return nvim, argv, project, bridge.env(dir)
  end

  it('passes notify and the UserPromptSubmit / Stop hooks as -c overrides, and they drive the turn review', function()
    local nvim, argv, project, env = start(bridge.tempdir())
    local progpath = nvim:lua('return vim.v.progpath')
    local script = bridge.root .. '/lua/claude-ide/hook.lua'
    local function command(event)
      -- Shell words as the CLI runs them; in TOML a basic string (the command holds single quotes).
      return ('"%s -l %s codex %s"'):format(vim.fn.shellescape(progpath), vim.fn.shellescape(script), event)
    end
    assert.are.same({
      '-c',
      ("notify=['%s', '-l', '%s', 'codex', 'notify']"):format(progpath, script),
      '-c',
      ("hooks.Stop=[{ hooks = [{ command = %s, timeout = 30, type = 'command' }] }]"):format(command('Stop')),
      '-c',
      ("hooks.UserPromptSubmit=[{ hooks = [{ command = %s, timeout = 30, type = 'command' }] }]"):format(
        command('UserPromptSubmit')
      ),
      -- terminal.permission_mode's default: asked before every edit (spec/sessions_approval_spec.lua).
      '--ask-for-approval',
      'untrusted',
      '--sandbox',
      'workspace-write',
    }, argv)

    -- Codex runs the hook command with sh -c, the JSON on stdin (the TOML string's text: no escapes in it).
    local prompt = argv[6]:match('command = "([^"]+)"')
    local done = vim
      .system({ 'sh', '-c', prompt }, {
        env = env,
        stdin = vim.json.encode({
          session_id = 'th-1',
          cwd = project,
          hook_event_name = 'UserPromptSubmit',
          prompt = 'x',
        }),
      })
      :wait(30000)
    assert.are.equal(0, done.code)
    bridge.write(project .. '/a.txt', 'two\n')
    -- Codex's notify: the argv, plus the event as one JSON argument.
    local notify = vim.split(argv[2]:match('^notify=%[(.*)%]$'), ', ', { plain = true })
    for i, word in ipairs(notify) do
      notify[i] = word:sub(2, -2)
    end
    table.insert(
      notify,
      vim.json.encode({ type = 'agent-turn-complete', ['thread-id'] = 'th-1', ['turn-id'] = 't1', cwd = project })
    )
    assert.are.equal(0, vim.system(notify, { env = env }):wait(30000).code)
    local tab
    assert(
      vim.wait(20000, function()
        tab = nvim:lua([[
          for _, t in ipairs(vim.api.nvim_list_tabpages()) do
            local ok, name = pcall(vim.api.nvim_tabpage_get_var, t, 'claude_ide_diff')
            if ok then return name end
          end
          return false
        ]])
        return tab ~= false
      end, 20),
      'no turn review'
    )
    assert.matches('✻ %[Codex%] turn 1: 1 file', tab)
  end)

  it(
    "leaves notify out when the user's Codex config has a notify program of its own; nothing with hooks off",
    function()
      local home = bridge.tempdir()
      bridge.write(
        home .. '/config.toml',
        'model = "x"\nnotify = ["notify-send", "Codex"]\n\n[features]\nhooks = true\n'
      )
      local _, argv = start(home, { terminal = { permission_mode = false } })
      assert.are.equal(4, #argv)
      assert.matches('^hooks%.Stop=', argv[2])
      assert.matches('^hooks%.UserPromptSubmit=', argv[4])
      bridge.cleanup()
      local _, none = start(bridge.tempdir(), { hooks = { enabled = false }, terminal = { permission_mode = false } })
      assert.are.same({}, none)
    end
  )
end)
