-- Option validation: every wrong option is reported by name, never as a stack trace.
local config = require('claude-ide.config')

describe('config.validate', function()
  it('returns the defaults for nil and for an empty table', function()
    for _, user in ipairs({ vim.NIL, {} }) do
      local r = config.validate(user ~= vim.NIL and user or nil)
      assert.is_true(r.ok)
      assert.are.same(config.DEFAULTS, r.config)
    end
  end)

  it('merges nested options over the defaults without touching DEFAULTS', function()
    local r = config.validate({ diff = { keymaps = { accept = 'ga' } }, selection = { debounce_ms = 0 } })
    assert.is_true(r.ok)
    assert.are.equal('ga', r.config.diff.keymaps.accept)
    assert.are.equal('q', r.config.diff.keymaps.reject)
    assert.are.equal(0, r.config.selection.debounce_ms)
    assert.is_false(config.DEFAULTS.diff.keymaps.accept)
    assert.are.equal('<CR>', config.DEFAULTS.diff.keymaps.open)
  end)

  it('replaces lists instead of merging them index by index', function()
    local r = config.validate({ execute_code_opts = { interpreter = { 'sh' } }, port_range = { 20000, 20010 } })
    assert.is_true(r.ok)
    assert.are.same({ 'sh' }, r.config.execute_code_opts.interpreter)
    assert.are.same({ 20000, 20010 }, r.config.port_range)
  end)

  local cases = {
    { { port_range = 'x' }, 'option "port_range" must be nil or a list { min, max } of ports' },
    { { port_range = { 3000, 2000 } }, 'option "port_range" must be' },
    { { port_range = { 80, 90 } }, 'option "port_range" must be' },
    { { auto_start = 1 }, 'option "auto_start" must be a boolean, got 1' },
    {
      { log_level = 'loud' },
      'option "log_level" must be one of "trace", "debug", "info", "warn", "error", "off", got "loud"',
    },
    {
      { diff = { layout = 'diagonal' } },
      'option "diff.layout" must be "vertical", "horizontal", "unified" or "auto", got "diagonal"',
    },
    { { diff = 'x' }, 'option "diff" must be a table, got "x"' },
    {
      { diff = { keymaps = { accept = '' } } },
      'option "diff.keymaps.accept" must be a key (non-empty string) or false',
    },
    { { diff = { keymaps = { reject = '' } } }, 'option "diff.keymaps.reject" must be a non-empty string' },
    { { terminal = { width = -1 } }, 'option "terminal.width" must be a positive number' },
    { { terminal = { env = { A = 1 } } }, 'option "terminal.env" must be a table of string values' },
    {
      { terminal = { permission_mode = 'yolo' } },
      'option "terminal.permission_mode" must be a mode of Claude Code (terminal.command runs it, or a program started as it): one of "default", "manual", "acceptEdits", "auto", "plan", "dontAsk", "bypassPermissions", or false (its own mode), got "yolo"',
    },
    {
      { terminal = { permission_mode = 1 } },
      'option "terminal.permission_mode" must be a permission mode name or false, got 1',
    },
    { { selection = { debounce_ms = 1.5 } }, 'option "selection.debounce_ms" must be an integer >= 0' },
    {
      { execute_code_opts = { interpreter = {} } },
      'option "execute_code_opts.interpreter" must be a non-empty list of strings',
    },
    { { allowed_origins = { 1 } }, 'option "allowed_origins" must be a list of strings' },
    { { max_message_bytes = 10 }, 'option "max_message_bytes" must be an integer between 1024' },
    { { prot_range = { 1, 2 } }, 'unknown option "prot_range" (did you mean "port_range"?)' },
    { { diff = { keymap = {} } }, 'unknown option "diff.keymap"' },
    { { [1] = true }, 'setup() expects a table of options' },
  }
  for _, case in ipairs(cases) do
    it('rejects ' .. vim.inspect(case[1], { newline = ' ', indent = '' }), function()
      local r = config.validate(case[1])
      assert.is_false(r.ok)
      assert.is_truthy(r.error:find(case[2], 1, true), r.error)
    end)
  end

  it(
    "takes the permission modes of the CLI terminal.command runs, and refuses the others with the CLI's own",
    function()
      local function mode(command, permission_mode)
        return config.validate({ terminal = { command = command, permission_mode = permission_mode } })
      end
      for _, case in ipairs({
        { 'claude', 'default' },
        { 'claude', 'manual' },
        { 'claude --model x', 'dontAsk' },
        { '/opt/bin/gemini', 'acceptEdits' },
        { 'gemini', 'yolo' },
        { 'qwen', 'auto' },
        { 'qwen', 'auto-edit' },
        { "'/my tools/codex'", 'plan' },
        { 'codex', false },
      }) do
        local r = mode(case[1], case[2])
        assert.is_true(r.ok, case[1] .. ' ' .. tostring(case[2]) .. ': ' .. tostring(r.error))
        assert.are.equal(case[2], r.config.terminal.permission_mode)
      end
      assert.are.equal('default', config.validate({}).config.terminal.permission_mode)
      for _, case in ipairs({
        {
          'gemini',
          'auto',
          'Gemini CLI (terminal.command runs gemini): one of "default", "manual", "acceptEdits", "plan"',
        },
        {
          'qwen',
          'dontAsk',
          'Qwen Code (terminal.command runs qwen): one of "default", "manual", "acceptEdits", "auto"',
        },
        {
          'codex',
          'auto',
          'Codex (terminal.command runs codex): one of "default", "manual", "acceptEdits", "plan", "bypassPermissions", or false',
        },
        { 'codex', 'yolo', 'got "yolo"' },
      }) do
        local r = mode(case[1], case[2])
        assert.is_false(r.ok, case[1] .. ' ' .. case[2])
        assert.is_truthy(r.error:find('option "terminal.permission_mode" must be a mode of ', 1, true), r.error)
        assert.is_truthy(r.error:find(case[3], 1, true), r.error)
      end
    end
  )

  it('takes remote targets, filling in forward by the command and naming a wrong key and target', function()
    local r = config.validate({
      remote = {
        targets = {
          devbox = { command = { 'ssh', '-t', 'devbox' }, folders = { ['/workspace'] = '~/proj' } },
          dev = {
            command = { 'docker', 'exec', '-it', 'dev' },
            folders = { ['/w'] = '/p' },
            host = 'host.docker.internal',
          },
        },
        target = 'devbox',
      },
    })
    assert.is_true(r.ok, r.error)
    local ssh = config.remoteTarget(r.config, 'devbox')
    assert.equal('ssh', ssh.forward)
    assert.equal('127.0.0.1', ssh.host)
    assert.equal('claude', ssh.cli)
    assert.equal('none', config.remoteTarget(r.config, 'dev').forward)
    assert.is_nil(config.remoteTarget(r.config, 'nope'))
    local wrong = {
      { { targets = { x = { folders = {} } } }, 'option "remote.targets.x.command" must be a non-empty list of words' },
      { { targets = { x = { command = { 'ssh' }, folders = { ['rel'] = '/p' } } } }, 'must have absolute far folders' },
      {
        { targets = { x = { command = { 'ssh' }, folders = { ['/w'] = '/p' }, forward = 'tcp' } } },
        [["remote.targets.x.forward" must be "ssh", "none" or a command's words with {port}]],
      },
      {
        { targets = { x = { command = { 'ssh' }, folders = { ['/w'] = '/p' }, colour = 1 } } },
        'unknown option "remote.targets.x.colour"',
      },
      { { targets = { ['a b'] = { command = { 'ssh' }, folders = { ['/w'] = '/p' } } } }, 'names are letters, digits' },
      {
        { targets = { x = { command = { 'ssh' }, folders = {} } } },
        '"remote.targets.x.folders" must be a table far folder',
      },
      { { target = 'missing' }, '"remote.target" names "missing", which remote.targets does not have' },
    }
    for _, case in ipairs(wrong) do
      local res = config.validate({ remote = case[1] })
      assert.is_false(res.ok, vim.inspect(case[1]))
      assert.matches(case[2], res.error, 1, true)
    end
  end)

  it('rejects a non-table', function()
    local r = config.validate('yes')
    assert.is_false(r.ok)
    assert.are.equal('setup() expects a table of options, got "yes"', r.error)
  end)
end)

describe('setup()', function()
  local notified
  local orig_notify = vim.notify
  before_each(function()
    notified = {}
    vim.notify = function(msg, level)
      table.insert(notified, { msg = msg, level = level })
    end
  end)
  after_each(function()
    vim.notify = orig_notify
    pcall(require('claude-ide').stop)
  end)

  it('reports a wrong option with a message naming it, not a stack trace', function()
    local ok = require('claude-ide').setup({ port_range = true })
    assert.is_false(ok)
    assert.are.equal(1, #notified)
    assert.are.equal(vim.log.levels.ERROR, notified[1].level)
    assert.is_truthy(notified[1].msg:find('^claude%-ide: option "port_range" must be'))
    assert.is_nil(notified[1].msg:find('stack traceback', 1, true))
  end)

  it('keeps the previous configuration when the new one is wrong', function()
    local ide = require('claude-ide')
    assert.is_true(ide.setup({ auto_start = false, log_level = 'error' }))
    assert.is_false(ide.setup({ log_level = 42 }))
    assert.are.equal('error', ide.config().log_level)
  end)
end)

describe('plugin/claude-ide.lua', function()
  it('defines the commands without loading the plugin modules', function()
    -- A fresh Neovim: sourcing plugin/ must not require any claude-ide module (zero startup cost).
    local out = vim
      .system({
        vim.v.progpath,
        '--clean',
        '--headless',
        '--cmd',
        'set rtp^=' .. vim.fn.getcwd(),
        '-c',
        'lua io.stdout:write(vim.fn.exists(":ClaudeCodeStart") .. " " .. vim.fn.exists(":ClaudeCodeAdd") .. " " .. tostring(package.loaded["claude-ide"] ~= nil))',
        '-c',
        'qa!',
      }, { text = true })
      :wait()
    assert.are.equal(0, out.code, out.stderr)
    assert.are.equal('2 2 false', out.stdout)
  end)
end)
