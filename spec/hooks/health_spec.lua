-- :checkhealth claude-ide, the hooks part (hooks/health): for the CLI :ClaudeCode starts, whether the plugin's
-- hooks are in place (Claude Code: each one in the --settings file it writes, the plan hook PreToolUse
-- ExitPlanMode included; Codex: notify and its hooks as -c overrides, and whether Codex trusts them) and whether
-- that CLI runs them in this folder (Claude Code's workspace trust, disableAllHooks; Codex's folder trust and
-- [features] hooks). Real files in a private HOME; vim.health's reporters recorded.
local health = require('claude-ide.hooks.health')
local config = require('claude-ide.config')

describe('the hooks health check', function()
  local reported, saved, home, cwd, old_cwd

  local function write(path, text)
    vim.fn.mkdir(vim.fs.dirname(path), 'p')
    local f = assert(io.open(path, 'w'))
    f:write(text)
    f:close()
  end

  before_each(function()
    reported = {}
    saved = {}
    for _, level in ipairs({ 'ok', 'warn', 'info', 'error' }) do
      saved[level] = vim.health[level]
      vim.health[level] = function(msg)
        table.insert(reported, level .. ': ' .. msg)
      end
    end
    home = vim.uv.fs_realpath(vim.fn.tempname()) or vim.fn.tempname()
    vim.fn.mkdir(home, 'p')
    home = vim.uv.fs_realpath(home)
    cwd = home .. '/project'
    vim.fn.mkdir(cwd, 'p')
    old_cwd = vim.fn.getcwd()
    vim.fn.chdir(cwd)
    saved.env = { HOME = vim.env.HOME, CODEX_HOME = vim.env.CODEX_HOME, CLAUDE_CONFIG_DIR = vim.env.CLAUDE_CONFIG_DIR }
    vim.env.HOME = home
    vim.env.CODEX_HOME = nil
    vim.env.CLAUDE_CONFIG_DIR = nil
  end)

  after_each(function()
    for level, fn in pairs(saved) do
      if level ~= 'env' then
        vim.health[level] = fn
      end
    end
    for k, v in pairs(saved.env) do
      vim.env[k] = v
    end
    vim.fn.chdir(old_cwd)
    vim.fn.delete(home, 'rf')
  end)

  local function check(opts)
    health.checkHooks(config.validate(opts).config)
    return table.concat(reported, '\n')
  end

  it('Claude Code: names every hook it gets, the plan hook included, and whether the folder is trusted', function()
    local text = check({ terminal = { command = 'claude' } })
    assert.matches(
      'ok: Claude Code started by :ClaudeCode gets these hooks in its --settings file: UserPromptSubmit, Stop, StopFailure, '
        .. 'PostToolUse (Edit|Write|NotebookEdit|MultiEdit), PreToolUse (Edit|Write|MultiEdit|NotebookEdit|Bash), '
        .. 'PreToolUse (ExitPlanMode)',
      text,
      1,
      true
    )
    assert.matches('warn: Claude Code has not trusted ' .. vim.fn.fnamemodify(cwd, ':~') .. ' yet', text, 1, true)
    -- Trusted (~/.claude.json), and a project's local settings turning every hook off.
    write(home .. '/.claude.json', vim.json.encode({ projects = { [cwd] = { hasTrustDialogAccepted = true } } }))
    write(cwd .. '/.claude/settings.local.json', '{"disableAllHooks": true}')
    reported = {}
    text = check({ terminal = { command = 'claude' } })
    assert.matches('ok: Claude Code trusts ' .. vim.fn.fnamemodify(cwd, ':~'), text, 1, true)
    assert.matches('/project/.claude/settings.local.json has disableAllHooks', text, 1, true)
  end)

  it('Claude Code: checks the --settings file :ClaudeCode wrote, and names a hook missing from it', function()
    local made = require('claude-ide.bridge.cli_config').cliArguments({ agent = false, hooks = true })
    assert.is_true(made.ok, made.error)
    local file = made.args:match("%-%-settings '([^']+)'")
    finally(function()
      os.remove(file)
    end)
    assert.matches('ok: the claude :ClaudeCode started has every hook in its --settings file', check({}), 1, true)
    -- The same file without the gate and the plan hook (written by an older start, say).
    local settings = vim.json.decode(table.concat(vim.fn.readfile(file), '\n'))
    settings.hooks.PreToolUse = nil
    write(file, vim.json.encode(settings))
    reported = {}
    assert.matches(
      'lacks the hooks PreToolUse (Edit|Write|MultiEdit|NotebookEdit|Bash), PreToolUse (ExitPlanMode)',
      check({}),
      1,
      true
    )
  end)

  it('Codex: notify and the hooks on its command line; whether Codex trusts them and the folder', function()
    vim.env.CODEX_HOME = home .. '/codex'
    local text = check({ terminal = { command = 'codex' } })
    assert.matches(
      "ok: Codex started by :ClaudeCode gets notify (the turn's end) and the hooks UserPromptSubmit, Stop as -c overrides",
      text,
      1,
      true
    )
    assert.matches('info: Codex runs the UserPromptSubmit / Stop hooks only once you trust them', text, 1, true)
    assert.matches('info: Codex has not trusted ' .. vim.fn.fnamemodify(cwd, ':~') .. ' yet', text, 1, true)
    -- Codex's own config.toml (as Codex 0.169.0 writes it when the user trusts): everything in place, but the
    -- user's own notify (left alone) and hooks turned off.
    write(
      home .. '/codex/config.toml',
      table.concat({
        'notify = ["notify-send", "Codex"]',
        '',
        '[features]',
        'hooks = false',
        '',
        ('[projects."%s"]'):format(cwd),
        'trust_level = "trusted"',
        '',
        '[hooks.state."/<session-flags>/config.toml:stop:0:0"]',
        'trusted_hash = "sha256:90fb"',
        '',
        '[hooks.state."/<session-flags>/config.toml:user_prompt_submit:0:0"]',
        'trusted_hash = "sha256:dbb1"',
      }, '\n')
    )
    reported = {}
    text = check({ terminal = { command = '/opt/bin/codex --full-auto' } })
    assert.matches(
      'ok: Codex started by :ClaudeCode gets the hooks UserPromptSubmit, Stop as -c overrides',
      text,
      1,
      true
    )
    assert.matches('config.toml sets notify: the plugin leaves it', text, 1, true)
    assert.matches('warn: ', text, 1, true)
    assert.matches('turns hooks off', text, 1, true)
    assert.matches('ok: Codex has trusted hooks given on its command line', text, 1, true)
    assert.matches('ok: Codex trusts ' .. vim.fn.fnamemodify(cwd, ':~'), text, 1, true)
  end)

  it('says the hooks are off when they are', function()
    assert.matches('info: hooks are off', check({ hooks = { enabled = false } }), 1, true)
  end)
end)
