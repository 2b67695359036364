-- The hook settings each CLI gets: the commands, their timeouts (Gemini CLI counts milliseconds), the merge with
-- hooks already there (the user's keep running), the system-defaults file (the user's own copied in), and the
-- cases where Gemini CLI would refuse that file.
local settings = require('claude-ide.hooks.settings')

describe('hook settings', function()
  it('name hook.lua for each event, pinned to this Neovim, with the CLI-specific timeout unit', function()
    local claude = settings.hooksFor('claude', 4242)
    local cmd = claude.UserPromptSubmit[1].hooks[1].command
    assert.matches("hook%.lua' claude UserPromptSubmit %-%-instance 4242$", cmd)
    assert.are.equal(30, claude.UserPromptSubmit[1].hooks[1].timeout)
    assert.are.equal('Edit|Write|NotebookEdit|MultiEdit', claude.PostToolUse[1].matcher)
    local gemini = settings.hooksFor('gemini')
    assert.are.equal(30000, gemini.BeforeAgent[1].hooks[1].timeout)
    assert.is_nil(gemini.BeforeAgent[1].hooks[1].command:find('--instance', 1, true))
    assert.is_not_nil(gemini.AfterAgent)
  end)

  it(
    'give a far Claude Code HTTP hooks to its door: the same events, matchers and timeouts, on_failure continue',
    function()
      local far = settings.httpHookSettings(nil, 40123, 'door-token').hooks
      local command = settings.hooksFor('claude', 1)
      assert.are.same(vim.tbl_keys(command), vim.tbl_keys(far))
      for event, groups in pairs(command) do
        assert.are.equal(#groups, #far[event])
        for i, group in ipairs(groups) do
          assert.are.equal(group.matcher, far[event][i].matcher)
          assert.are.same({
            {
              type = 'http',
              url = 'http://127.0.0.1:40123/hooks/claude/' .. event,
              headers = { ['X-Claude-Code-IDE-Authorization'] = 'door-token' },
              timeout = group.hooks[1].timeout,
              on_failure = 'continue',
            },
          }, far[event][i].hooks)
        end
      end
      assert.are.equal('Edit|Write|NotebookEdit|MultiEdit', far.PostToolUse[1].matcher)
      local named = settings.httpHookSettings('host.docker.internal', 40123, 't').hooks
      assert.are.equal('http://host.docker.internal:40123/hooks/claude/Stop', named.Stop[1].hooks[1].url)
    end
  )

  it('merge with the hooks already there: arrays concatenate, the user’s first', function()
    local s = { hooks = { Stop = { { hooks = { { type = 'command', command = 'mine' } } } } }, other = 1 }
    settings.mergeHooks(s, settings.hooksFor('claude', 1))
    assert.are.equal(2, #s.hooks.Stop)
    assert.are.equal('mine', s.hooks.Stop[1].hooks[1].command)
    assert.matches('hook%.lua', s.hooks.Stop[2].hooks[1].command)
    assert.are.equal(1, s.other)
  end)

  it("Qwen Code's system-defaults file holds the user's own system defaults plus the hooks (0600)", function()
    local dir = vim.fn.tempname()
    local user = vim.fn.tempname()
    vim.fn.writefile(
      { '{"model": {"name": "x"}, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "theirs"}]}]}}' },
      user
    )
    vim.env.QWEN_CODE_SYSTEM_DEFAULTS_PATH = user
    local made = settings.systemDefaultsEnv('qwen', dir)
    vim.env.QWEN_CODE_SYSTEM_DEFAULTS_PATH = nil
    assert.is_true(made.ok, made.error)
    assert.are.equal(made.path, made.env.QWEN_CODE_SYSTEM_DEFAULTS_PATH)
    local s = vim.json.decode(table.concat(vim.fn.readfile(made.path), '\n'))
    assert.are.equal('x', s.model.name)
    assert.are.equal('theirs', s.hooks.Stop[1].hooks[1].command)
    assert.matches('hook%.lua', s.hooks.Stop[2].hooks[1].command)
    assert.are.equal(tonumber('600', 8), vim.uv.fs_stat(made.path).mode % 512)
    vim.fn.delete(dir, 'rf')
    vim.fn.delete(user)
  end)

  it('give Gemini CLI no system-defaults file where it would refuse it (a folder others can write)', function()
    -- A folder everyone may write (as /tmp): Gemini CLI 0.61 skips a system-defaults file below it, warning.
    local open = vim.fn.tempname()
    vim.fn.mkdir(open, 'p')
    vim.uv.fs_chmod(open, tonumber('777', 8))
    local dir = open .. '/claude-ide'
    assert.is_string(settings.geminiRefuses(dir .. '/gemini-1.json'))
    local made = settings.systemDefaultsEnv('gemini', dir)
    assert.is_true(made.ok)
    assert.are.same({}, made.env)
    assert.is_string(made.skipped)
    assert.is_nil(vim.uv.fs_stat(made.path))
    vim.fn.delete(open, 'rf')
  end)

  it('write TOML values for Codex: literal strings, basic strings with escapes where needed, inline tables', function()
    assert.are.equal(
      [=[['plain', 'a"b\c', "it's \"x\" \\y", "tab\u0009"]]=],
      settings.tomlValue({ 'plain', 'a"b\\c', 'it\'s "x" \\y', 'tab\t' })
    )
    assert.are.equal(
      "{ matcher = 'x', 'odd key' = true, timeout = 30 }",
      settings.tomlValue({ matcher = 'x', timeout = 30, ['odd key'] = true })
    )
  end)

  it(
    "follow Gemini CLI 0.61's rule: a file not written yet would be the user's, a symlink on the way root's",
    function()
      local open = vim.fn.tempname()
      vim.fn.mkdir(open, 'p')
      -- Not written yet by a user who is not root: it would be theirs, whatever the folders.
      assert.matches('would belong to you %(uid 1000%)', settings.geminiRefuses(open .. '/gemini-1.json', 1000))
      -- A file that is there is judged by its owner and mode, then every folder above it (the temp folder's
      -- parents include one others may write, or one that is not root's).
      vim.fn.writefile({ '{}' }, open .. '/gemini-1.json')
      vim.uv.fs_chmod(open .. '/gemini-1.json', tonumber('666', 8))
      assert.matches('writable by group or others', settings.geminiRefuses(open .. '/gemini-1.json', 0))
      vim.uv.fs_chmod(open .. '/gemini-1.json', tonumber('600', 8))
      local why = settings.geminiRefuses(open .. '/gemini-1.json', 0)
      assert.is_string(why)
      if vim.uv.getuid() ~= 0 then
        assert.matches('belongs to uid ' .. vim.uv.getuid(), why)
      else
        assert.matches('its folder', why)
      end
      -- As resolved too: a link to it is judged by where it leads.
      vim.fn.mkdir(open .. '/other', 'p')
      vim.uv.fs_symlink(open .. '/gemini-1.json', open .. '/other/link.json')
      assert.is_string(settings.geminiRefuses(open .. '/other/link.json', 0))
      vim.fn.delete(open, 'rf')
    end
  )

  it("tell which of the plugin's hooks a settings file lacks: one check for every CLI", function()
    local function missing(client, hooks, matchers)
      local list = settings.missingHooks(client, hooks, matchers)
      table.sort(list)
      return list
    end
    -- Gemini CLI's ~/.gemini/settings.json: any matcher the user gave an event counts.
    assert.are.same({ 'AfterAgent', 'AfterTool', 'BeforeAgent', 'BeforeTool' }, missing('gemini', nil, false))
    assert.are.same({}, missing('gemini', settings.hooksFor('gemini'), false))
    local partial = { BeforeAgent = settings.hooksFor('gemini').BeforeAgent, AfterAgent = 'x' }
    assert.are.same({ 'AfterAgent', 'AfterTool', 'BeforeTool' }, missing('gemini', partial, false))
    local own = vim.deepcopy(settings.hooksFor('gemini'))
    own.AfterTool[1].matcher = 'write_file'
    assert.are.same({}, missing('gemini', own, false))
    -- Another CLI's hooks do not count.
    assert.are.equal(4, #missing('gemini', settings.hooksFor('qwen'), false))
    -- Claude Code's --settings file: the plugin's matcher, as written, is part of a hook.
    assert.are.same({}, missing('claude', settings.hooksFor('claude')))
    local changed = vim.deepcopy(settings.hooksFor('claude'))
    changed.PostToolUse[1].matcher = 'Edit'
    assert.are.same({ 'PostToolUse (Edit|Write|NotebookEdit|MultiEdit)' }, missing('claude', changed))
  end)

  it(':ClaudeCodeHooks prints each CLI’s hooks as JSON, and Codex’s as config.toml lines', function()
    local text = settings.printable()
    assert.matches('Claude Code %(~/%.claude/settings%.json%):', text)
    assert.matches('Gemini CLI %(~/%.gemini/settings%.json%):', text)
    assert.matches("\nnotify=%[.*'codex', 'notify'%]\nhooks%.Stop=%[{ hooks = ", text)
    local json = text:match('Claude Code %([^\n]*\n([^\n]+)')
    assert.is_table(vim.json.decode(json).hooks.UserPromptSubmit)
    -- :ClaudeCodeHooks gemini: that CLI's only.
    local one = settings.printable('gemini')
    assert.matches('Gemini CLI %(~/%.gemini/settings%.json%):', one)
    assert.is_nil(one:find('Claude Code (', 1, true))
    assert.is_table(vim.json.decode(one:match('Gemini CLI %([^\n]*\n([^\n]+)')).hooks.BeforeAgent)
    assert.is_nil(one:find('notify=', 1, true))
    assert.matches('^notify=', settings.printable('codex'):match('config%.toml[^\n]*\n([^\n]+)'))
  end)
end)
