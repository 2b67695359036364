-- terminal.permission_mode for every CLI :ClaudeCode starts: one set of names, each CLI given its own flags
-- (Claude Code --permission-mode, Gemini CLI and Qwen Code --approval-mode, Codex --ask-for-approval with
-- --sandbox); the default starts each in a mode that asks before an edit; false adds nothing; a mode the command
-- line sets already wins. Stand-in programs record the exact argv they receive. (A mode a CLI does not have is
-- refused at setup(): spec/config_spec.lua.)
local bridge = require('helpers.bridge')

describe(':ClaudeCode with terminal.permission_mode', function()
  after_each(bridge.cleanup)

  --- Starts :ClaudeCode <args> running a stand-in `program` (mode nil: the default); returns its argv.
  local function start(program, mode, args)
    local path, recorded = bridge.argv_recorder(program)
    local nvim = bridge.editor({
      config_dir = bridge.config_dir(),
      cwd = bridge.project({ ['a.txt'] = 'one\n' }),
      env = {
        XDG_STATE_HOME = bridge.tempdir(),
        GEMINI_CLI_HOME = bridge.tempdir(),
        QWEN_HOME = bridge.tempdir(),
        CODEX_HOME = bridge.tempdir(),
      },
      setup = { terminal = { command = vim.fn.shellescape(path), permission_mode = mode } },
    })
    nvim:lua('vim.cmd(...)', 'ClaudeCode' .. (args and (' ' .. args) or ''))
    return recorded()
  end

  --- The values that follow each of `flags` in argv, in order: { '--approval-mode', 'default', ... }.
  local function flags(argv, names)
    local found = {}
    for i, a in ipairs(argv) do
      if vim.tbl_contains(names, a) then
        vim.list_extend(found, { a, argv[i + 1] })
      end
    end
    return found
  end
  local MODE_FLAGS = { '--permission-mode', '--approval-mode', '--ask-for-approval', '--sandbox' }

  it('starts every CLI in its mode that asks before an edit by default', function()
    assert.are.same({ '--permission-mode', 'default' }, flags(start('claude'), MODE_FLAGS))
    assert.are.same({ '--approval-mode', 'default' }, flags(start('gemini'), MODE_FLAGS))
    assert.are.same({ '--approval-mode', 'default' }, flags(start('qwen'), MODE_FLAGS))
    assert.are.same(
      { '--ask-for-approval', 'untrusted', '--sandbox', 'workspace-write' },
      flags(start('codex'), MODE_FLAGS)
    )
  end)

  it("gives each CLI acceptEdits as its own flags, and Claude Code's manual as it is", function()
    assert.are.same({ '--permission-mode', 'acceptEdits' }, flags(start('claude', 'acceptEdits'), MODE_FLAGS))
    assert.are.same({ '--approval-mode', 'auto_edit' }, flags(start('gemini', 'acceptEdits'), MODE_FLAGS))
    assert.are.same({ '--approval-mode', 'auto-edit' }, flags(start('qwen', 'acceptEdits'), MODE_FLAGS))
    assert.are.same(
      { '--ask-for-approval', 'on-request', '--sandbox', 'workspace-write' },
      flags(start('codex', 'acceptEdits'), MODE_FLAGS)
    )
    assert.are.same({ '--permission-mode', 'manual' }, flags(start('claude', 'manual'), MODE_FLAGS))
    assert.are.same({ '--approval-mode', 'default' }, flags(start('gemini', 'manual'), MODE_FLAGS))
  end)

  it('passes plan, bypassPermissions and the CLIs own names', function()
    assert.are.same({ '--approval-mode', 'auto' }, flags(start('qwen', 'auto'), MODE_FLAGS))
    assert.are.same({ '--approval-mode', 'yolo' }, flags(start('gemini', 'bypassPermissions'), MODE_FLAGS))
    assert.are.same({ '--approval-mode', 'auto_edit' }, flags(start('gemini', 'auto_edit'), MODE_FLAGS))
    assert.are.same(
      { '--ask-for-approval', 'on-request', '--sandbox', 'read-only' },
      flags(start('codex', 'plan'), MODE_FLAGS)
    )
    assert.are.same(
      { '--ask-for-approval', 'never', '--sandbox', 'danger-full-access' },
      flags(start('codex', 'bypassPermissions'), MODE_FLAGS)
    )
  end)

  it('adds no mode with false (the CLI starts in its own)', function()
    for _, program in ipairs({ 'claude', 'gemini', 'codex' }) do
      assert.are.same({}, flags(start(program, false), MODE_FLAGS), program)
    end
  end)

  it("leaves the mode :ClaudeCode's arguments give alone (one mode, the user's)", function()
    assert.are.same(
      { '--approval-mode', 'yolo' },
      flags(start('gemini', 'default', '--approval-mode yolo'), MODE_FLAGS)
    )
    local argv = start('qwen', 'default', '-y')
    assert.are.same({}, flags(argv, MODE_FLAGS))
    assert.is_true(vim.tbl_contains(argv, '-y'))
    assert.are.same(
      { '--permission-mode', 'plan' },
      flags(start('claude', 'default', '--permission-mode plan'), MODE_FLAGS)
    )
    argv = start('codex', 'default', '--full-auto')
    assert.are.same({}, flags(argv, MODE_FLAGS))
    assert.is_true(vim.tbl_contains(argv, '--full-auto'))
  end)
end)
