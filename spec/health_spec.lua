-- :checkhealth claude-ide reports (never starts anything).
local ide = require('claude-ide')

-- Runs the health check and returns its report lines; closes what :checkhealth opened.
local function checkhealth()
  local tabs, bufs = vim.api.nvim_list_tabpages(), vim.api.nvim_list_bufs()
  vim.cmd('silent checkhealth claude-ide') -- silent: 0.12 prints progress messages
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
    if not vim.tbl_contains(tabs, tab) then
      vim.cmd.tabclose(vim.api.nvim_tabpage_get_number(tab))
    end
  end
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if not vim.tbl_contains(bufs, buf) and vim.api.nvim_buf_is_valid(buf) then
      vim.api.nvim_buf_delete(buf, { force = true })
    end
  end
  return table.concat(lines, '\n')
end

describe(':checkhealth claude-ide', function()
  local dir = vim.env.CLAUDE_CONFIG_DIR .. '/ide'

  after_each(function()
    ide.stop()
  end)

  it('reports a running server, its lock file and the lock directory', function()
    assert.is_true(ide.setup({}))
    local st = ide.status()
    local report = checkhealth()
    assert.matches('OK Neovim 0%.1%d', report)
    assert.matches('OK configuration is valid', report, 1, true)
    assert.matches('OK server listening on 127.0.0.1:' .. st.port, report, 1, true)
    assert.matches('OK lock file ' .. st.lockFile, report, 1, true)
    assert.matches('OK lock directory ' .. dir .. ' (mode 700)', report, 1, true)
    assert.is_nil(report:find('ERROR', 1, true), report)
  end)

  it('says which engine the project search uses (rg, else git grep or the walk)', function()
    local rg = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h') .. '/.deps/ripgrep/bin/rg'
    assert.is_true(ide.setup({ agent = { search = { rg = false } } }))
    assert.matches(
      'project search: ripgrep off (agent.search.rg = false), so git grep inside a git repository',
      checkhealth(),
      1,
      true
    )
    if vim.fn.executable(rg) == 1 then
      assert.is_true(ide.setup({ agent = { search = { rg = rg } } }))
      assert.matches('OK project search: ripgrep (' .. rg .. ')', checkhealth(), 1, true)
    end
  end)

  it('lists the privacy rule files with their patterns, and the workspace roots', function()
    local project = vim.uv.fs_realpath(vim.fn.tempname() .. '') or vim.fn.tempname()
    vim.fn.mkdir(project .. '/.claude', 'p')
    project = vim.uv.fs_realpath(project)
    vim.fn.writefile(
      { vim.json.encode({ permissions = { deny = { 'Read(./a.yaml)', 'Bash(rm *)', 'Read(~/b)' } } }) },
      project .. '/.claude/settings.json'
    )
    vim.fn.writefile({ '{ not json' }, project .. '/.claude/settings.local.json')
    local old = vim.fn.getcwd()
    vim.cmd.cd(vim.fn.fnameescape(project))
    assert.is_true(ide.setup({ privacy = { exclude = { 'secrets/' }, folders = { project .. '/../' } } }))
    local report = checkhealth()
    vim.cmd.cd(vim.fn.fnameescape(old))
    assert.matches(
      'OK ' .. project .. '/.claude/settings.json: 2 Read() deny patterns (./a.yaml, ~/b), 0 additional directories',
      report,
      1,
      true
    )
    assert.matches('WARNING ' .. project .. '/.claude/settings.local.json: not used', report, 1, true)
    assert.matches(vim.env.CLAUDE_CONFIG_DIR .. '/settings.json: not present', report, 1, true)
    assert.matches('privacy.exclude: secrets/', report, 1, true)
    assert.matches('OK workspace root ' .. project .. " (Neovim's cwd)", report, 1, true)
    assert.matches('OK workspace root ' .. vim.fs.dirname(project) .. ' (privacy.folders of setup())', report, 1, true)
  end)

  it("says whether a gemini :ClaudeCode starts will run the plugin's hooks, and what to do when not", function()
    local home = vim.fn.tempname()
    vim.fn.mkdir(home .. '/.gemini', 'p')
    local saved = vim.env.HOME
    vim.env.HOME = home
    local ok, err = pcall(function()
      assert.is_true(ide.setup({ terminal = { command = 'gemini' } }))
      -- The plugin's state folder here is below a temp folder others may write: Gemini CLI would skip the file.
      local report = checkhealth()
      assert.matches("WARNING Gemini CLI will not read the plugin's system-defaults file", report, 1, true)
      assert.matches(':ClaudeCodeHooks gemini prints the hooks', report, 1, true)
      -- The user merged the printed hooks into ~/.gemini/settings.json: they run.
      local hooks = require('claude-ide.hooks.settings').hooksFor('gemini')
      vim.fn.writefile({ vim.json.encode({ hooks = hooks }) }, home .. '/.gemini/settings.json')
      report = checkhealth()
      assert.matches("OK Gemini CLI will not read the plugin's system-defaults file", report, 1, true)
      assert.matches("~/.gemini/settings.json has the plugin's hooks: they run", report, 1, true)
    end)
    vim.env.HOME = saved
    vim.fn.delete(home, 'rf')
    assert(ok, err)
  end)

  it('warns when the server is not running, and does not start it', function()
    assert.is_true(ide.setup({ auto_start = false }))
    local report = checkhealth()
    assert.matches('WARNING the server is not running', report, 1, true)
    assert.is_false(ide.status().running)
  end)

  it('warns about a lock directory other users can read', function()
    assert.is_true(ide.setup({}))
    vim.uv.fs_chmod(dir, tonumber('755', 8))
    local report = checkhealth()
    vim.uv.fs_chmod(dir, tonumber('700', 8))
    assert.matches('WARNING lock directory ' .. dir .. ' has mode 755', report, 1, true)
  end)

  it('warns when another running IDE claims this directory', function()
    assert.is_true(ide.setup({}))
    local rival = dir .. '/1.lock'
    local f = assert(io.open(rival, 'w'))
    -- pid 1 is alive; its folder "/" contains every cwd.
    f:write(vim.json.encode({ pid = 1, ideName = 'Visual Studio Code', workspaceFolders = { '/' }, transport = 'ws' }))
    f:close()
    local report = checkhealth()
    os.remove(rival)
    assert.matches('WARNING other running IDEs also claim', report, 1, true)
    assert.matches('Visual Studio Code (pid 1, 1.lock)', report, 1, true)
    assert.matches('OK no other running IDE', checkhealth(), 1, true)
  end)

  it('connects to its own server with the lock file token: initialize + tools/list, with the round trip', function()
    assert.is_true(ide.setup({}))
    local report = checkhealth()
    local ms, tools = report:match(
      'OK live self%-test: connected with the lock file.s token, initialize %+ tools/list answered in ([%d.]+) ms %((%d+) tools%)'
    )
    assert(ms, report)
    assert.is_true(tonumber(tools) > 0)
    -- the probe never became a session, and its connection is gone
    assert(vim.wait(2000, function()
      return ide.status().clients == 0
    end, 10))
  end)

  it('reports a failing self-test (a lock file whose token the server refuses)', function()
    assert.is_true(ide.setup({}))
    local path = ide.status().lockFile
    local lock = vim.json.decode(table.concat(vim.fn.readfile(path), '\n'))
    lock.authToken = 'not-the-token'
    vim.fn.writefile({ vim.json.encode(lock) }, path)
    local report = checkhealth()
    assert.matches('ERROR live self%-test failed after [%d.]+ ms: the upgrade was refused: HTTP/1%.1 401', report)
  end)

  it('warns when the claude command is not found', function()
    assert.is_true(ide.setup({ terminal = { command = 'claude-ide-no-such-binary --flag' } }))
    assert.matches('WARNING claude-ide-no-such-binary is not found', checkhealth(), 1, true)
  end)
end)
