-- The Gemini CLI / Qwen Code IDE companion in a real child Neovim, driven by the MCP TypeScript SDK's
-- Streamable HTTP client (spec/helpers/mcp_http.mjs) the way the CLI's IDE client drives it: the discovery
-- file (contents, mode, removal), the environment for terminals, Bearer-token and Origin refusals that change
-- nothing, openDiff answering at once and its outcome notified after the user's decision in Neovim (an edit
-- of the proposal included), closeDiff, and ide/contextUpdate after cursor moves and a selection.
local bridge = require('helpers.bridge')

local MAIN = 'local a = 1\nlocal b = 2\nlocal c = 3\n'
local driver_path = bridge.root .. '/spec/helpers/mcp_http.mjs'

local Driver = {}
Driver.__index = Driver

local drivers = {}

local function start_driver()
  local self = setmetatable({ replies = {}, next_id = 1 }, Driver)
  require('helpers.node_driver').start(self, { driver_path }, bridge.root)
  table.insert(drivers, self)
  return self
end

function Driver:run(cmd, timeout)
  local id = self.next_id
  self.next_id = id + 1
  cmd.id = id
  self.proc:write(vim.json.encode(cmd) .. '\n')
  local msg
  vim.wait(timeout or 15000, function()
    while true do
      local nl = self.buffer:find('\n', 1, true)
      if not nl then
        break
      end
      local line = self.buffer:sub(1, nl - 1)
      self.buffer = self.buffer:sub(nl + 1)
      local decoded = vim.json.decode(line, { luanil = { object = true, array = true } })
      self.replies[decoded.id] = decoded
    end
    msg = self.replies[id]
    return msg ~= nil
  end, 5)
  assert(msg, 'no reply from the HTTP driver to ' .. cmd.op .. '\n' .. self.stderr)
  return msg.ok, (msg.ok and msg.result or msg.error)
end

function Driver:ok(cmd)
  local ok, res = self:run(cmd)
  assert(ok, cmd.op .. ' failed: ' .. vim.inspect(res))
  return res
end

--- Waits for a notification of `method` for which pred(params) holds; returns its params.
function Driver:wait_for(method, pred, timeout)
  local found
  vim.wait(timeout or 5000, function()
    local list = self:ok({ op = 'notifications', method = method }).list
    for _, n in ipairs(list) do
      if pred == nil or pred(n.params) then
        found = n.params
        return true
      end
    end
    return false
  end, 50)
  return found
end

describe('Gemini CLI companion #slow', function()
  local tmp, project, nvim, file, disco, url, config_dir

  before_each(function()
    tmp = bridge.tempdir()
    project = bridge.project({ ['main.lua'] = MAIN })
    config_dir = bridge.config_dir()
    nvim = bridge.editor({
      config_dir = config_dir,
      cwd = project,
      args = { 'main.lua' },
      env = { TMPDIR = tmp, QWEN_HOME = tmp .. '/qwen' },
      setup = { companion = { enabled = true } },
    })
    assert.is_true(vim.wait(5000, function()
      file = vim.fn.glob(tmp .. '/gemini/ide/gemini-ide-server-*.json', true, true)[1]
      return file ~= nil
    end, 20))
    disco = vim.json.decode(bridge.read(file))
    url = ('http://127.0.0.1:%d/mcp'):format(disco.port)
  end)
  after_each(function()
    for _, d in ipairs(drivers) do
      d.proc:write(nil)
      d.proc:wait(2000)
    end
    drivers = {}
    bridge.cleanup()
  end)

  local function proposal_buf()
    local buf
    assert.is_true(
      vim.wait(5000, function()
        buf = nvim:lua([[
        for _, b in ipairs(vim.api.nvim_list_bufs()) do
          local v = vim.b[b].claude_ide_diff
          if v and v.role == 'proposal' then return b end
        end
      ]])
        return buf ~= nil
      end, 20),
      'no review opened'
    )
    return buf
  end

  local function connect()
    local d = start_driver()
    local info = d:ok({ op = 'connect', url = url, token = disco.authToken })
    return d, info
  end

  it('writes its discovery file 0600 with port, workspace, token and IDE info; terminals get the env', function()
    assert.are.equal(('gemini-ide-server-%d-%d.json'):format(nvim.pid, disco.port), vim.fs.basename(file))
    assert.are.equal(tonumber('600', 8), bit.band(vim.uv.fs_stat(file).mode, tonumber('777', 8)))
    assert.are.equal(project, disco.workspacePath)
    assert.are.equal(32, #disco.authToken)
    assert.are.same({ name = 'neovim', displayName = 'Neovim' }, disco.ideInfo)
    assert.are.same(
      {
        tostring(disco.port),
        project,
        disco.authToken,
        tostring(nvim.pid),
      },
      nvim:lua([[return {
      vim.env.GEMINI_CLI_IDE_SERVER_PORT, vim.env.GEMINI_CLI_IDE_WORKSPACE_PATH,
      vim.env.GEMINI_CLI_IDE_AUTH_TOKEN, vim.env.GEMINI_CLI_IDE_PID }]])
    )
    -- A terminal's job sees them.
    local out = nvim:lua([[return vim.fn.system({ 'sh', '-c', 'echo "$GEMINI_CLI_IDE_SERVER_PORT"' })]])
    assert.are.equal(tostring(disco.port), vim.trim(out))
    -- Qwen Code (0.24) reads no Gemini CLI discovery file: its own lock, $QWEN_HOME/ide/<port>.lock, and env
    local qwen = ('%s/qwen/ide/%d.lock'):format(tmp, disco.port)
    assert.are.equal(tonumber('600', 8), bit.band(vim.uv.fs_stat(qwen).mode, tonumber('777', 8)))
    local lock = vim.json.decode(bridge.read(qwen))
    assert.are.same(
      { disco.port, project, disco.authToken, nvim.pid },
      { lock.port, lock.workspacePath, lock.authToken, lock.pid }
    )
    assert.are.same({ name = 'neovim', displayName = 'Neovim' }, lock.ideInfo)
    assert.are.same(
      { tostring(disco.port), project },
      nvim:lua('return { vim.env.QWEN_CODE_IDE_SERVER_PORT, vim.env.QWEN_CODE_IDE_WORKSPACE_PATH }')
    )

    nvim:lua('require("claude-ide").stop()')
    assert.are.equal(0, vim.fn.filereadable(file))
    assert.are.equal(0, vim.fn.filereadable(qwen))
    assert.are.equal('', nvim:lua('return vim.env.GEMINI_CLI_IDE_SERVER_PORT or ""'))
  end)

  it('sweeps discovery files of Neovims that are gone, never those of other editors or live processes', function()
    local gemini = require('claude-ide.discovery.gemini')
    local dir = bridge.tempdir()
    -- A pid no process has (above the kernel's pid_max default).
    local dead = 4194304 + 17
    local function put(name, info)
      bridge.write(
        dir .. '/' .. name,
        vim.json.encode({ port = 1, workspacePath = '/', authToken = 'x', ideInfo = info })
      )
    end
    put(('gemini-ide-server-%d-1.json'):format(dead), { name = 'neovim', displayName = 'Neovim' })
    put(('gemini-ide-server-%d-2.json'):format(dead), { name = 'vscode', displayName = 'VS Code' })
    put(('gemini-ide-server-%d-3.json'):format(vim.fn.getpid()), { name = 'neovim', displayName = 'Neovim' })
    bridge.write(dir .. '/unrelated.json', '{}')
    assert.are.same({ ('%s/gemini-ide-server-%d-1.json'):format(dir, dead) }, gemini.sweep(dir))
    local left = vim.fn.readdir(dir)
    local expected = {
      ('gemini-ide-server-%d-2.json'):format(dead),
      ('gemini-ide-server-%d-3.json'):format(vim.fn.getpid()),
      'unrelated.json',
    }
    table.sort(left)
    table.sort(expected)
    assert.are.same(expected, left)
  end)

  it('answers bad requests with an error and keeps serving: not JSON, a batch, no session, unknown session', function()
    local d, info = connect()
    local auth = {
      Authorization = 'Bearer ' .. disco.authToken,
      ['Content-Type'] = 'application/json',
      Accept = 'application/json, text/event-stream',
    }
    local function post(body, extra)
      return d:ok({
        op = 'fetch',
        url = url,
        method = 'POST',
        headers = vim.tbl_extend('force', auth, extra or {}),
        body = body,
      })
    end
    local function refused(res, status, code, id)
      assert.are.equal(status, res.status, vim.inspect(res))
      local answer = vim.json.decode(res.body)
      assert.are.equal(code, answer.error.code, vim.inspect(res))
      assert.are.equal(id, answer.id, vim.inspect(res))
    end
    refused(post('{"jsonrpc":'), 400, -32700, vim.NIL)
    -- A batch, [] or a value that is not an object: JSON, but not a request (-32600, JSON-RPC 2.0 §6).
    refused(post('[1,2]'), 400, -32600, vim.NIL)
    refused(post('[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]'), 400, -32600, vim.NIL)
    refused(post('[]'), 400, -32600, vim.NIL)
    refused(post('42'), 400, -32600, vim.NIL)
    -- Errors at the HTTP level carry the request's id when it was readable.
    refused(post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'), 400, -32000, 1)
    refused(post('{"jsonrpc":"2.0","id":"x","method":"tools/list"}', { ['Mcp-Session-Id'] = 'nope' }), 404, -32001, 'x')
    local put = d:ok({ op = 'fetch', url = url, method = 'PUT', headers = auth, body = '{}' })
    assert.are.equal(405, put.status)
    -- Within the session: an unknown method is a JSON-RPC error, an invalid message too.
    local sid = info.sessionId
    local res = post('{"jsonrpc":"2.0","id":7,"method":"no/such"}', { ['Mcp-Session-Id'] = sid })
    assert.are.equal(200, res.status)
    assert.are.equal(-32601, vim.json.decode(res.body).error.code)
    res = post('{"jsonrpc":"2.0","id":8,"method":42}', { ['Mcp-Session-Id'] = sid })
    assert.are.equal(200, res.status)
    assert.is_table(vim.json.decode(res.body).error)
    -- Still serving, and Neovim too.
    assert.are.same(
      { 'openDiff', 'closeDiff' },
      vim.tbl_map(function(t)
        return t.name
      end, d:ok({ op = 'request', method = 'tools/list' }).tools)
    )
    assert.are.equal(2, nvim:lua('return 1 + 1'))
  end)

  it('refuses a request without or with a wrong token (401) or with an Origin (403); nothing changes', function()
    local d = start_driver()
    local body = vim.json.encode({
      jsonrpc = '2.0',
      id = 1,
      method = 'initialize',
      params = {
        protocolVersion = '2025-06-18',
        capabilities = vim.empty_dict(),
        clientInfo = { name = 'x', version = '1' },
      },
    })
    local headers = { ['Content-Type'] = 'application/json', Accept = 'application/json, text/event-stream' }
    local function post(extra)
      return d:ok({
        op = 'fetch',
        url = url,
        method = 'POST',
        headers = vim.tbl_extend('force', headers, extra),
        body = body,
      })
    end
    assert.are.equal(401, post({}).status)
    assert.are.equal(401, post({ Authorization = 'Bearer ' .. disco.authToken:sub(1, 31) .. 'x' }).status)
    assert.are.equal(401, post({ Authorization = 'Basic ' .. disco.authToken }).status)
    assert.are.equal(403, post({ Authorization = 'Bearer ' .. disco.authToken, Origin = 'http://evil.example' }).status)
    assert.are.equal(
      401,
      d:ok({ op = 'fetch', url = url, method = 'GET', headers = { Accept = 'text/event-stream' } }).status
    )
    -- Nothing was opened and no session exists: a later openDiff by a real client is the first review.
    assert.are.equal(0, nvim:lua('return #require("claude-ide").server():companion():clients()'))
    -- The right token on a wrong path: 404.
    local wrong = d:ok({
      op = 'fetch',
      url = url:gsub('/mcp$', '/other'),
      method = 'POST',
      headers = vim.tbl_extend('force', headers, { Authorization = 'Bearer ' .. disco.authToken }),
      body = body,
    })
    assert.are.equal(404, wrong.status)
    -- And the real thing works.
    local ok = post({ Authorization = 'Bearer ' .. disco.authToken })
    assert.are.equal(200, ok.status)
    assert.matches('"protocolVersion":"2025%-06%-18"', ok.body)
  end)

  it('openDiff answers at once; accepting after editing a line sends ide/diffAccepted with that content', function()
    local d, info = connect()
    assert.are.equal('claude-ide.nvim', info.serverVersion.name)
    assert.are.same(
      { { kind = 'companion (HTTP)', name = 'Gemini CLI', revision = info.protocolVersion } },
      nvim:lua('return require("claude-ide").server():connectedClients()')
    )
    local tools = d:ok({ op = 'request', method = 'tools/list' }).tools
    assert.are.same(
      { 'openDiff', 'closeDiff' },
      vim.tbl_map(function(t)
        return t.name
      end, tools)
    )

    local path = project .. '/main.lua'
    local res = d:ok({
      op = 'call',
      name = 'openDiff',
      arguments = { filePath = path, newContent = 'local a = 10\nlocal b = 2\nlocal c = 3\n' },
    })
    assert.are.same({}, res.content)
    assert.is_nil(res.isError)
    local buf = proposal_buf()
    assert.matches('^✻ %[Gemini CLI%] main%.lua', bridge.reviews(nvim)[1])
    -- The user edits line 3 of the proposal, then accepts.
    nvim:lua('vim.api.nvim_buf_set_lines(..., 2, 3, false, { "local c = 30 -- mine" })', buf)
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    local accepted = d:wait_for('ide/diffAccepted')
    assert.is_table(accepted, 'no ide/diffAccepted')
    assert.are.equal(path, accepted.filePath)
    assert.are.equal('local a = 10\nlocal b = 2\nlocal c = 30 -- mine\n', accepted.content)
    -- The CLI writes the file; Neovim did not.
    assert.are.equal(MAIN, bridge.read(path))
    assert.are.same({}, bridge.reviews(nvim))
  end)

  it('rejecting sends ide/diffRejected; closeDiff answers the content and closes the review', function()
    local d = connect()
    local path = project .. '/main.lua'
    d:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'rejected\n' } })
    proposal_buf()
    nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
    local rejected = d:wait_for('ide/diffRejected')
    assert.are.same({ filePath = path }, rejected)

    d:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'closed\n' } })
    local buf = proposal_buf()
    nvim:lua('vim.api.nvim_buf_set_lines(..., 0, 1, false, { "closed by the CLI" })', buf)
    local res = d:ok({ op = 'call', name = 'closeDiff', arguments = { filePath = path, suppressNotification = true } })
    assert.are.same({ content = 'closed by the CLI\n' }, vim.json.decode(res.content[1].text))
    assert.is_true(vim.wait(2000, function()
      return #bridge.reviews(nvim) == 0
    end, 20))
    -- suppressNotification: only the first rejection was told. The session's notifications arrive in order
    -- on its one stream: once an update sent after the close is in, a rejection sent by it would be too.
    local updates = #d:ok({ op = 'notifications', method = 'ide/contextUpdate' }).list
    nvim:lua('vim.cmd("normal! G0")')
    assert.is_true(
      vim.wait(5000, function()
        return #d:ok({ op = 'notifications', method = 'ide/contextUpdate' }).list > updates
      end, 20),
      'no ide/contextUpdate after the close'
    )
    assert.are.equal(1, #d:ok({ op = 'notifications', method = 'ide/diffRejected' }).list)
    assert.are.equal(0, #d:ok({ op = 'notifications', method = 'ide/diffAccepted' }).list)
    -- No review for that file any more: content null.
    res = d:ok({ op = 'call', name = 'closeDiff', arguments = { filePath = path } })
    assert.are.equal('{"content":null}', res.content[1].text)
  end)

  it('sends ide/contextUpdate with the open file, the cursor and the selection', function()
    local d = connect()
    local path = project .. '/main.lua'
    local first = d:wait_for('ide/contextUpdate')
    assert.is_table(first, 'no first ide/contextUpdate')
    assert.are.equal(path, first.workspaceState.openFiles[1].path)
    assert.is_true(first.workspaceState.openFiles[1].isActive)

    nvim:lua('vim.api.nvim_win_set_cursor(0, { 2, 6 })')
    local moved = d:wait_for('ide/contextUpdate', function(p)
      local f = p.workspaceState.openFiles[1]
      return f.cursor and f.cursor.line == 2
    end)
    assert.is_table(moved, 'no update after the cursor moved')
    assert.are.same({ line = 2, character = 7 }, moved.workspaceState.openFiles[1].cursor)
    assert.is_number(moved.workspaceState.openFiles[1].timestamp)

    nvim:lua('vim.api.nvim_win_set_cursor(0, { 1, 0 }); vim.cmd("normal! vj$")')
    local selected = d:wait_for('ide/contextUpdate', function(p)
      return p.workspaceState.openFiles[1].selectedText ~= nil
    end)
    assert.is_table(selected, 'no update after selecting')
    assert.are.equal('local a = 1\nlocal b = 2', selected.workspaceState.openFiles[1].selectedText)
  end)

  it('a gemini terminal session: named after it, connected via the companion, @path typed into its prompt', function()
    -- a stand-in `gemini` in the terminal: what is typed into its prompt goes to a file (its last argument: the
    -- plugin's --approval-mode comes first) as it arrives
    local bin = bridge.tempdir()
    local typed = bin .. '/typed.txt'
    vim.fn.writefile(
      { '#!/bin/sh', 'stty -icanon -echo', 'for a; do out=$a; done', 'exec cat > "$out"' },
      bin .. '/gemini'
    )
    vim.fn.setfperm(bin .. '/gemini', 'rwxr-xr-x')
    nvim:lua(
      'require("claude-ide").setup({ companion = { enabled = true }, terminal = { command = ... } })',
      bin .. '/gemini'
    )
    assert.is_true(vim.wait(5000, function()
      file = vim.fn.glob(tmp .. '/gemini/ide/gemini-ide-server-*.json', true, true)[1]
      return file ~= nil
    end, 20))
    disco = vim.json.decode(bridge.read(file))
    url = ('http://127.0.0.1:%d/mcp'):format(disco.port)
    nvim:lua('vim.cmd("ClaudeCode " .. ...)', typed)
    local function session()
      return nvim:lua(
        'local s = require("claude-ide").sessions()[1] s.line = require("claude-ide").describe_session(s) return s'
      )
    end
    local s = session()
    assert.are.equal('gemini', s.name)
    assert.are.equal('Gemini CLI', s.client)
    assert.are.equal('companion', s.protocol)
    assert.is_false(s.connected)
    assert.matches('^gemini://gemini', nvim:lua('return vim.api.nvim_buf_get_name(...)', s.buf))
    -- before the CLI connects: queued, said so, not dropped
    nvim:lua('vim.cmd("ClaudeCodeAdd main.lua 2 3")')
    assert.matches('not connected yet', nvim:lua('return vim.fn.execute("messages")'))
    connect()
    assert.is_true(
      vim.wait(5000, function()
        return session().connected
      end, 50),
      'the session never showed connected'
    )
    assert.matches('gemini %[Gemini CLI%].*connected via the companion', session().line)
    assert.is_true(
      vim.wait(8000, function()
        return vim.fn.filereadable(typed) == 1 and table.concat(vim.fn.readfile(typed, 'b'), '\n') ~= ''
      end, 50),
      'nothing typed into the prompt'
    )
    assert.are.equal('@main.lua (lines 2-3) ', table.concat(vim.fn.readfile(typed, 'b'), '\n'))
    -- connected: typed at once
    nvim:lua('vim.cmd("ClaudeCodeAdd main.lua")')
    assert.is_true(
      vim.wait(5000, function()
        return table.concat(vim.fn.readfile(typed, 'b'), '\n') == '@main.lua (lines 2-3) @main.lua '
      end, 50),
      table.concat(vim.fn.readfile(typed, 'b'), '\n')
    )
  end)

  it('a connected CLI is never said to be "not connected yet" by the first :ClaudeCodeAdd', function()
    -- Checked with the real Qwen Code 0.24.4 (e2e/sections/17-qwen.sh): connected for a while, the first
    -- :ClaudeCodeAdd said "Qwen Code is not connected yet" and typed the mention a second later anyway.
    local bin = bridge.tempdir()
    local typed = bin .. '/typed.txt'
    vim.fn.writefile(
      { '#!/bin/sh', 'stty -icanon -echo', 'for a; do out=$a; done', 'exec cat > "$out"' },
      bin .. '/qwen'
    )
    vim.fn.setfperm(bin .. '/qwen', 'rwxr-xr-x')
    nvim:lua(
      'require("claude-ide").setup({ companion = { enabled = true }, terminal = { command = ... } })',
      bin .. '/qwen'
    )
    assert.is_true(vim.wait(5000, function()
      file = vim.fn.glob(tmp .. '/gemini/ide/gemini-ide-server-*.json', true, true)[1]
      return file ~= nil
    end, 20))
    disco = vim.json.decode(bridge.read(file))
    url = ('http://127.0.0.1:%d/mcp'):format(disco.port)
    nvim:lua('vim.cmd("ClaudeCode " .. ...)', typed)
    connect()
    assert.is_true(
      vim.wait(5000, function()
        return nvim:lua('return require("claude-ide").sessions()[1].connected')
      end, 50),
      'the session never showed connected'
    )
    nvim:lua('vim.cmd("messages clear") vim.cmd("ClaudeCodeAdd main.lua")')
    local said = nvim:lua('return vim.fn.execute("messages")')
    assert.is_nil(said:find('not connected', 1, true), said)
    assert.matches('@main%.lua into Qwen Code', said)
    assert.is_true(
      vim.wait(8000, function()
        return vim.fn.filereadable(typed) == 1 and table.concat(vim.fn.readfile(typed, 'b'), '\n') == '@main.lua '
      end, 50),
      'nothing typed into the prompt'
    )
  end)

  it('keeps the last selection as the context when the user leaves Visual mode for a terminal', function()
    local d = connect()
    assert.is_table(d:wait_for('ide/contextUpdate'), 'no first ide/contextUpdate')
    local function mode()
      return nvim:lua('return vim.api.nvim_get_mode().mode')
    end
    -- selected as a user does (keys), then <Esc> and over to the CLI's terminal to type there
    nvim:lua('vim.api.nvim_input("ggVj")')
    assert.is_true(vim.wait(5000, function()
      return mode() == 'V'
    end, 20))
    nvim:lua('vim.api.nvim_input("<Esc>")')
    assert.is_true(vim.wait(5000, function()
      return mode() == 'n'
    end, 20))
    local seen = #d:ok({ op = 'notifications', method = 'ide/contextUpdate' }).list
    nvim:lua('vim.cmd("botright new") vim.cmd.terminal("cat") vim.cmd.startinsert()')
    local after
    vim.wait(5000, function()
      local list = d:ok({ op = 'notifications', method = 'ide/contextUpdate' }).list
      for i = seen + 1, #list do
        local f = list[i].params.workspaceState.openFiles[1]
        if f and f.path == project .. '/main.lua' and nvim:lua('return vim.bo.buftype') == 'terminal' then
          after = f
        end
      end
      return after ~= nil and after.selectedText ~= nil
    end, 50)
    assert.is_table(after, 'no update after the terminal took the focus')
    assert.are.equal('local a = 1\nlocal b = 2', after.selectedText)
    assert.is_true(after.isActive)
  end)

  it("never names a CLI's external-editor file (Ctrl-G's prompt) nor its selection in ide/contextUpdate", function()
    local d = connect()
    assert.is_table(d:wait_for('ide/contextUpdate'), 'no first ide/contextUpdate')
    local prompt = tmp .. '/gemini-prompt-7c1e.md'
    vim.fn.writefile({ 'half a prompt', 'with two lines' }, prompt)
    -- As the editor command opens it for a CLI (hooks/editor), above the current window.
    nvim:lua("assert(require('claude-ide.editor.external_editor').openExternalEditor(..., 'split', nil).ok)", prompt)
    local function mode()
      return nvim:lua('return vim.api.nvim_get_mode().mode')
    end
    assert.are.equal(prompt, nvim:lua('return vim.api.nvim_buf_get_name(0)'))
    -- Moves and selections there, typed.
    nvim:lua('vim.api.nvim_input("jl")')
    nvim:lua('vim.api.nvim_input("ggVj")')
    assert.is_true(vim.wait(5000, function()
      return mode() == 'V'
    end, 20))
    nvim:lua('vim.api.nvim_input("<Esc>:wq<CR>")')
    assert.is_true(vim.wait(5000, function()
      return nvim:lua('return vim.fn.bufexists(...)', prompt) == 0 and mode() == 'n'
    end, 20))
    -- Then a move in main.lua is reported: every update before it has arrived.
    nvim:lua('vim.api.nvim_input("j")')
    local moved = d:wait_for('ide/contextUpdate', function(p)
      local f = p.workspaceState.openFiles[1]
      return f.path == project .. '/main.lua' and f.cursor ~= nil and f.cursor.line == 2
    end)
    assert.is_table(moved, 'no update after the move in main.lua')
    local list = d:ok({ op = 'notifications', method = 'ide/contextUpdate' }).list
    assert.is_true(#list >= 2)
    for _, n in ipairs(list) do
      local text = vim.json.encode(n.params)
      assert.is_nil(text:find('gemini-prompt-7c1e', 1, true), 'sent: ' .. text)
      assert.is_nil(text:find('half a prompt', 1, true), 'sent: ' .. text)
    end
  end)

  it('never sends the selected text of a file the privacy policy withholds (.env)', function()
    local d = connect()
    local env = project .. '/.env'
    vim.fn.writefile({ 'API_KEY=sk-secret-1', 'OTHER=2' }, env)
    nvim:lua('vim.cmd.edit(...)', env)
    local opened = d:wait_for('ide/contextUpdate', function(p)
      return p.workspaceState.openFiles[1].path == env
    end)
    assert.is_table(opened, 'no update after opening .env')
    nvim:lua('vim.api.nvim_win_set_cursor(0, { 1, 0 }); vim.cmd("normal! vj$")')
    -- The cursor moves with the selection: an update for that position comes, without the text.
    local moved = d:wait_for('ide/contextUpdate', function(p)
      local f = p.workspaceState.openFiles[1]
      return f.path == env and f.cursor ~= nil and f.cursor.line == 2
    end)
    assert.is_table(moved, 'no update after selecting in .env')
    assert.is_nil(moved.workspaceState.openFiles[1].selectedText)
    assert.is_true(nvim:lua('return vim.fn.mode()') == 'v')
  end)

  describe('sessions', function()
    local auth = function()
      return {
        Authorization = 'Bearer ' .. disco.authToken,
        ['Content-Type'] = 'application/json',
        Accept = 'application/json, text/event-stream',
      }
    end
    local INIT = vim.json.encode({
      jsonrpc = '2.0',
      id = 1,
      method = 'initialize',
      params = {
        protocolVersion = '2025-06-18',
        capabilities = vim.empty_dict(),
        clientInfo = { name = 'x', version = '1' },
      },
    })
    local LIST = '{"jsonrpc":"2.0","id":3,"method":"tools/list"}'
    local function post(d, body, sid)
      local headers = auth()
      headers['Mcp-Session-Id'] = sid
      return d:ok({ op = 'fetch', url = url, method = 'POST', headers = headers, body = body })
    end
    local function clients()
      return nvim:lua('return #require("claude-ide").server():companion():clients()')
    end

    it('DELETE ends a session: its id is unknown afterwards', function()
      local d = start_driver()
      local sid = post(d, INIT).sessionId
      assert.is_string(sid)
      assert.are.equal(200, post(d, LIST, sid).status)
      local headers = auth()
      headers['Mcp-Session-Id'] = sid
      assert.are.equal(200, d:ok({ op = 'fetch', url = url, method = 'DELETE', headers = headers }).status)
      local after = post(d, LIST, sid)
      assert.are.equal(404, after.status)
      assert.are.equal(3, vim.json.decode(after.body).id)
    end)

    it('keeps at most 16: a new one replaces the one seen least recently without an event stream', function()
      local d = start_driver()
      local sids = {}
      for i = 1, 17 do
        sids[i] = post(d, INIT).sessionId
        assert.is_string(sids[i])
      end
      assert.are.equal(404, post(d, LIST, sids[1]).status)
      for i = 2, 17 do
        assert.are.equal(200, post(d, LIST, sids[i]).status, 'session ' .. i)
      end
      assert.is_true(nvim:lua('return #vim.tbl_keys(require("claude-ide").server():companion().sessions)') <= 16)
    end)

    it('a CLI that quit (its event stream gone) leaves :checkhealth at once and its session ends #slow', function()
      local d, info = connect()
      assert.is_true(vim.wait(5000, function()
        return clients() == 1
      end, 20))
      assert.are.same(1, #nvim:lua('return require("claude-ide").server():connectedClients()'))
      -- The CLI quits without DELETE (as Gemini CLI does): the stream's socket closes.
      d.proc:kill(9)
      assert.is_true(vim.wait(5000, function()
        return clients() == 0
      end, 20))
      assert.are.same({}, nvim:lua('return require("claude-ide").server():connectedClients()'))
      -- After the grace for a reconnecting stream, the session itself is gone.
      local probe = start_driver()
      assert.is_true(vim.wait(20000, function()
        return post(probe, LIST, info.sessionId).status == 404
      end, 500))
    end)
  end)

  it('tells whether it can find a CLI process behind a request (/proc/net/tcp), and says no without it', function()
    assert.is_true(nvim:lua('return require("claude-ide").server():companion():knowsProcesses()'))
    -- A system without /proc (macOS, BSD): the stat finds nothing, and the answer must say so.
    assert.is_false(nvim:lua([[
      local stat = vim.uv.fs_stat
      vim.uv.fs_stat = function(path, ...)
        if path == '/proc/net/tcp' then return nil, 'ENOENT: no such file or directory', 'ENOENT' end
        return stat(path, ...)
      end
      local ok, known = pcall(function() return require("claude-ide").server():companion():knowsProcesses() end)
      vim.uv.fs_stat = stat
      assert(ok, known)
      return known
    ]]))
  end)

  describe('reviews of two sessions', function()
    local path
    before_each(function()
      path = project .. '/main.lua'
    end)

    -- Never an isError answer: Gemini CLI 0.61 leaves the promise it rejects then unhandled, and its
    -- unhandledRejection handler opens its Debug Console over the CLI (see tools/companion_diff.ts).
    it(
      "a second session's openDiff of the same file waits: answered at once, shown if the first is rejected",
      function()
        local a = connect()
        local b = connect()
        local res = a:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from A\n' } })
        assert.is_nil(res.isError)
        proposal_buf()
        res = b:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from B\n' } })
        assert.is_nil(res.isError)
        assert.are.same({}, res.content)
        -- The user is told where that proposal waits.
        assert.matches(
          'waits for this review (shown if you reject this one)',
          nvim:lua('return vim.fn.execute("messages")'),
          1,
          true
        )
        assert.are.equal(1, #bridge.reviews(nvim))
        nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
        assert.is_table(a:wait_for('ide/diffRejected'), 'A was never told')
        -- Rejected: the file stays as B's proposal found it, B's review opens, and B hears of its outcome.
        assert.is_true(
          vim.wait(5000, function()
            local names = bridge.reviews(nvim)
            return #names == 1 and names[1]:find('main.lua (2)', 1, true) ~= nil
          end, 20),
          "B's review did not open"
        )
        assert.are.same({ 'from B' }, nvim:lua('return vim.api.nvim_buf_get_lines(..., 0, -1, false)', proposal_buf()))
        nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
        local accepted = b:wait_for('ide/diffAccepted')
        assert.is_table(accepted, 'B was never told')
        assert.are.equal('from B\n', accepted.content)
        assert.are.equal(0, #a:ok({ op = 'notifications', method = 'ide/diffAccepted' }).list)
      end
    )

    it(
      'a waiting proposal is dropped, its CLI told, when the review before it is accepted (made against the old file)',
      function()
        local a = connect()
        local b = connect()
        a:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from A\n' } })
        proposal_buf()
        b:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from B\n' } })
        nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
        local accepted = a:wait_for('ide/diffAccepted')
        assert.is_table(accepted, 'A was never told')
        assert.are.equal('from A\n', accepted.content)
        -- B's CLI waits for an outcome: it gets a rejection, and no review of B's opens.
        assert.is_table(b:wait_for('ide/diffRejected'), 'B was never told')
        assert.are.equal(0, #bridge.reviews(nvim))
        assert.matches(
          'proposal for main.lua was not shown: another session',
          nvim:lua('return vim.fn.execute("messages")'),
          1,
          true
        )
      end
    )

    it(
      'a waiting proposal goes when its CLI closes it (answered in its own terminal), or when its session ends',
      function()
        local a = connect()
        local b = connect()
        a:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from A\n' } })
        proposal_buf()
        b:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from B\n' } })
        -- B's closeDiff of that file (what Gemini CLI sends once its own dialog is answered): nothing was shown.
        local res =
          b:ok({ op = 'call', name = 'closeDiff', arguments = { filePath = path, suppressNotification = true } })
        assert.are.equal('{"content":null}', res.content[1].text)
        assert.are.equal(1, #bridge.reviews(nvim))
        nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
        assert.is_table(a:wait_for('ide/diffRejected'), 'A was never told')
        -- Nothing opens for B: the tab count stays at 0 for a while (a review would open on the next loop turn).
        assert.is_false(vim.wait(300, function()
          return #bridge.reviews(nvim) > 0
        end, 20))
        -- A session that ended while its proposal waited: nothing opens for it either.
        local c = connect()
        a:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from A again\n' } })
        proposal_buf()
        c:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from C\n' } })
        -- C's session is the newest one.
        nvim:lua([[
        local newest
        for _, s in pairs(require('claude-ide').server():companion().sessions) do
          if newest == nil or s.id > newest.id then newest = s end
        end
        newest:close()
      ]])
        nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
        assert.is_table(a:wait_for('ide/diffRejected'), 'A was never told')
        assert.is_false(vim.wait(300, function()
          return #bridge.reviews(nvim) > 0
        end, 20))
      end
    )

    it("a refusal's reason reaches the next prompt of the CLI whose review it was, not another CLI's", function()
      local a = connect()
      local b = connect()
      a:ok({ op = 'call', name = 'openDiff', arguments = { filePath = path, newContent = 'from A\n' } })
      proposal_buf()
      nvim:lua('vim.cmd("ClaudeCodeDiffDeny use tabs")')
      assert.is_table(a:wait_for('ide/diffRejected'), 'A was never told')
      -- A CLI's POST connections come and go (Node's fetch drops an idle one after 4 s): its event stream's
      -- connection alone must tell which session a process is.
      nvim:lua([[
        for _, s in pairs(require('claude-ide').server():companion().sessions) do s.peerPorts = {} end
      ]])
      -- Each CLI runs its turn-start hook (BeforeAgent) as its own child process, as Gemini CLI does.
      local command = nvim:lua([[
        return require('claude-ide.hooks.settings').hooksFor('gemini', vim.fn.getpid()).BeforeAgent[1].hooks[1].command
      ]])
      local function turn(d, session)
        local input = { session_id = session, cwd = project, hook_event_name = 'BeforeAgent', prompt = 'next' }
        local res = d:ok({ op = 'hook', command = command, input = input, env = bridge.env(config_dir) })
        assert.are.equal(0, res.code, res.stderr)
        return res.stdout
      end
      -- B's prompt comes first: the reason is not B's, it stays.
      assert.are.equal('', turn(b, 'b-session'))
      local out = vim.json.decode(turn(a, 'a-session'))
      assert.matches('Their reason: use tabs', out.hookSpecificOutput.additionalContext, 1, true)
      assert.are.equal('', turn(a, 'a-session'), 'drained once')
    end)

    it('holds at most 16 reviews for all sessions together', function()
      local sessions = { connect(), connect(), connect() }
      local refused
      for i = 1, 17 do
        local d = sessions[(i % 3) + 1]
        local res = d:ok({
          op = 'call',
          name = 'openDiff',
          arguments = { filePath = project .. '/f' .. i .. '.txt', newContent = 'x\n' },
        })
        if res.isError then
          refused = { i = i, text = res.content[1].text }
        end
      end
      assert.are.equal(17, refused and refused.i, vim.inspect(refused))
      assert.matches('16 reviews of Gemini CLI sessions are already waiting', refused.text)
      assert.are.equal(16, #bridge.reviews(nvim))
    end)
  end)
end)
