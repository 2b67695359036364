-- The privacy policy on the IDE side, through the plugin's real server and an independent WebSocket client
-- (Node `ws`): a selection in a withheld file (.env by name, a file denied in .claude/settings.json, one denied
-- in the user settings) reaches the CLI with its file and range but no text, in selection_changed and in
-- getCurrentSelection / getLatestSelection; :ClaudeCodeSend / :ClaudeCodeAdd of such a file ask first.
local client = require('helpers.client')
local h = require('helpers.tools')

describe('privacy on the IDE connection', function()
  local server, c, project, user_settings, old_cwd, real_confirm, asked, messages, real_notify

  setup(function()
    if vim.fn.exists(':ClaudeCodeSend') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    old_cwd = vim.fn.getcwd()
    project = vim.fs.dirname(h.file('.env', { 'API_KEY=sk-live-secret' }))
    project = vim.uv.fs_realpath(project)
    vim.fn.writefile({ 'password: sk-live-prod' }, project .. '/prod.yaml')
    vim.fn.writefile({ 'token sk-live-user' }, project .. '/user.txt')
    vim.fn.writefile({ 'plain text' }, project .. '/plain.txt')
    vim.fn.mkdir(project .. '/.claude', 'p')
    vim.fn.writefile(
      { vim.json.encode({ permissions = { deny = { 'Read(./prod.yaml)' } } }) },
      project .. '/.claude/settings.json'
    )
    user_settings = vim.env.CLAUDE_CONFIG_DIR .. '/settings.json'
    vim.fn.mkdir(vim.env.CLAUDE_CONFIG_DIR, 'p')
    vim.fn.writefile({ vim.json.encode({ permissions = { deny = { 'Read(**/user.txt)' } } }) }, user_settings)
    vim.cmd.cd(vim.fn.fnameescape(project))
    messages = {}
    real_notify = vim.notify
    vim.notify = function(msg, level)
      table.insert(messages, { msg = msg, level = level })
    end
    asked = {}
    real_confirm = vim.fn.confirm
    -- mentions.settle_ms: 50 ms instead of a second per mention to a client just connected (mentions_spec checks it)
    server =
      client.start_server({ log_level = 'error', selection = { debounce_ms = 10 }, mentions = { settle_ms = 50 } })
    c = client.connect({ port = server.port, token = server.token })
    c:initialize()
  end)

  after_each(function()
    vim.fn.confirm = real_confirm
    vim.notify = real_notify
    c:close()
    client.stop_server()
    h.reset_editor()
    vim.cmd.cd(vim.fn.fnameescape(old_cwd))
    os.remove(user_settings)
  end)

  local function tool_json(name)
    local res = c:call_tool(name, {})
    assert.is_nil(res.error, vim.inspect(res.error))
    return vim.json.decode(res.result.content[1].text)
  end

  local function select_first_line(name)
    vim.cmd.edit(vim.fn.fnameescape(project .. '/' .. name))
    vim.api.nvim_win_set_cursor(0, { 1, 0 })
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('V<Esc>', true, false, true), 'nx', false)
    local n
    vim.wait(2000, function()
      local ok, got = pcall(c.wait_notification, c, 'selection_changed', 50)
      if ok and got.filePath == project .. '/' .. name and not got.selection.isEmpty then
        n = got
      end
      return n ~= nil
    end)
    assert(n, 'no selection_changed for ' .. name)
    return n
  end

  for _, name in ipairs({ '.env', 'prod.yaml', 'user.txt' }) do
    it('carries file and range but no text for a selection in ' .. name, function()
      local n = select_first_line(name)
      assert.are.equal('', n.text)
      assert.are.same({ line = 0, character = 0 }, n.selection.start)
      assert.is_false(n.selection.isEmpty)
      vim.cmd('normal! gv')
      local cur = tool_json('getCurrentSelection')
      vim.cmd('normal! \27')
      assert.are.equal(project .. '/' .. name, cur.filePath)
      assert.are.equal('', cur.text)
      assert.is_false(cur.selection.isEmpty)
      local latest = tool_json('getLatestSelection')
      assert.are.equal('', latest.text)
      assert.are.equal(project .. '/' .. name, latest.filePath)
    end)
  end

  it('keeps the text of a selection in a file nobody withholds', function()
    assert.are.equal('plain text', select_first_line('plain.txt').text)
  end)

  it('getDiagnostics keeps the place of a diagnostic in a withheld file and drops its message', function()
    vim.cmd.edit(vim.fn.fnameescape(project .. '/.env'))
    local ns = vim.api.nvim_create_namespace('privacy-spec')
    vim.diagnostic.set(ns, 0, { { lnum = 0, col = 8, severity = 1, message = "bad key 'sk-live-secret'" } })
    vim.cmd.edit(vim.fn.fnameescape(project .. '/plain.txt'))
    vim.diagnostic.set(ns, 0, { { lnum = 0, col = 0, severity = 2, message = 'plain warning' } })
    local all = tool_json('getDiagnostics')
    assert.are.equal(2, #all)
    local by_uri = {}
    for _, e in ipairs(all) do
      by_uri[e.uri] = e.diagnostics
    end
    local env = by_uri[vim.uri_from_fname(project .. '/.env')]
    assert.are.equal('(message withheld from the model)', env[1].message)
    assert.are.same({ line = 0, character = 8 }, env[1].range.start)
    assert.are.equal('plain warning', by_uri[vim.uri_from_fname(project .. '/plain.txt')][1].message)
    local res = c:call_tool('getDiagnostics', { uri = vim.uri_from_fname(project .. '/.env') })
    assert.is_nil(res.result.content[1].text:find('sk%-live'))
  end)

  it(':ClaudeCodeSend of a withheld file asks first; :ClaudeCodeAdd too', function()
    vim.fn.confirm = function(msg)
      table.insert(asked, msg)
      return 2
    end
    vim.cmd.edit(vim.fn.fnameescape(project .. '/.env'))
    vim.cmd('ClaudeCodeSend')
    assert.are.equal(1, #asked)
    assert.matches(
      '%.env is withheld from the model by the built%-in pattern "%.env".*Send it to Claude anyway%?',
      asked[1]
    )
    assert.matches('not sent', messages[#messages].msg)
    vim.cmd('ClaudeCodeAdd prod.yaml')
    assert.are.equal(2, #asked)
    assert.matches('Read%(%./prod%.yaml%)', asked[2])
    -- Nothing reached the client; then the user says yes.
    vim.fn.confirm = function(msg)
      table.insert(asked, msg)
      return 1
    end
    vim.cmd('ClaudeCodeAdd .env')
    assert.are.same({ filePath = project .. '/.env' }, c:wait_notification('at_mentioned'))
    assert.are.equal(3, #asked)
    -- A file nobody withholds is sent without a question.
    vim.cmd('ClaudeCodeAdd plain.txt')
    assert.are.same({ filePath = project .. '/plain.txt' }, c:wait_notification('at_mentioned'))
    assert.are.equal(3, #asked)
  end)
end)
