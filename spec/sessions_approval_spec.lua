-- terminal.permission_mode for the CLIs that name it otherwise: the `gemini` and `qwen` that :ClaudeCode starts get it
-- as their --approval-mode (Claude Code's names mapped to theirs, their own names as they are), unless the command or
-- :ClaudeCode's arguments give a mode already; a mode a CLI does not have is left out with a warning. Stand-in
-- `gemini` / `qwen` programs record the exact argv they receive.
local bridge = require('helpers.bridge')

describe(':ClaudeCode with terminal.permission_mode', function()
  after_each(bridge.cleanup)

  --- Starts :ClaudeCode <args> running a stand-in `program`; returns its argv and what Neovim said.
  local function start(program, mode, args)
    local path, recorded = bridge.argv_recorder(program)
    local nvim = bridge.editor({
      config_dir = bridge.config_dir(),
      cwd = bridge.project({ ['a.txt'] = 'one\n' }),
      env = { XDG_STATE_HOME = bridge.tempdir(), GEMINI_CLI_HOME = bridge.tempdir(), QWEN_HOME = bridge.tempdir() },
      setup = { terminal = { command = vim.fn.shellescape(path), permission_mode = mode } },
    })
    nvim:lua([[
      _G.said = {}
      local notify = vim.notify
      vim.notify = function(msg, level, opts) table.insert(_G.said, msg); return notify(msg, level, opts) end
    ]])
    nvim:lua('vim.cmd(...)', 'ClaudeCode' .. (args and (' ' .. args) or ''))
    local argv = recorded()
    return argv, table.concat(nvim:lua('return _G.said'), '\n')
  end

  --- The values that follow each --approval-mode in argv.
  local function modes(argv)
    local found = {}
    for i, a in ipairs(argv) do
      if a == '--approval-mode' then
        table.insert(found, argv[i + 1])
      end
    end
    return found
  end

  it("gives gemini and qwen Claude Code's acceptEdits as their own auto-edit mode", function()
    assert.are.same({ 'auto_edit' }, modes((start('gemini', 'acceptEdits'))))
    assert.are.same({ 'auto-edit' }, modes((start('qwen', 'acceptEdits'))))
  end)

  it('passes their own mode names, and default / bypassPermissions', function()
    assert.are.same({ 'auto' }, modes((start('qwen', 'auto'))))
    assert.are.same({ 'default' }, modes((start('qwen', 'default'))))
    assert.are.same({ 'yolo' }, modes((start('gemini', 'bypassPermissions'))))
  end)

  it("leaves the mode :ClaudeCode's arguments give alone (one --approval-mode, the user's)", function()
    assert.are.same({ 'yolo' }, modes((start('gemini', 'default', '--approval-mode yolo'))))
    local argv = start('qwen', 'default', '-y')
    assert.are.same({}, modes(argv))
    assert.is_true(vim.tbl_contains(argv, '-y'))
  end)

  it('starts a CLI without a mode it does not have, and says so', function()
    local argv, said = start('gemini', 'dontAsk')
    assert.are.same({}, modes(argv))
    assert.is_truthy(said:find('terminal.permission_mode "dontAsk" has no Gemini CLI approval mode', 1, true), said)
  end)
end)
