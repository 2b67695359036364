-- Wire-level conformance and fuzz suite: the plugin's server runs in this Neovim; spec/conformance/wire.mjs
-- (raw node:net sockets, its own frame encoder and reference models, no WebSocket library) attacks it over
-- loopback and reports one JSON line per case. Each group below is one `it`; a failure lists the failing
-- cases by name with what differed.
--
-- Besides the program's own checks (after every case a fresh connection must still answer `ping`), each
-- group asserts here that no error reached the user (vim.notify at WARN or above, v:errmsg) and that every
-- connection is gone once the program exits (status().clients == 0).
--
-- Fuzz seed: $CONFORMANCE_SEED, else a new one per run (printed; rerun with it to reproduce).
local client = require('helpers.client')

local SCRIPT = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/wire.mjs'
local SEED = tonumber(vim.env.CONFORMANCE_SEED) or (vim.uv.hrtime() % 2147483647)
local HANDSHAKE_TIMEOUT_MS = 1000
local SMALL_MAX = 4096

-- Cases failing because of bugs in the plugin that were reported to the owners of that code. Each gets an
-- `it` of its own (named after the bug and where it is), so its group still checks everything else. A
-- fixed bug turns its `it` green; the entry then stays as the regression test's name.
local REPORTED = {
  {
    bug = 'transport/handshake.ts answerUpgrade: a request without Host is upgraded (RFC 6455 §4.2.1 item 2: 400)',
    cases = { 'handshake: missing Host header' },
  },
  {
    bug = 'editor/positions.ts normalizePath: a NUL byte in a path (raw or file://…%00) raises E976 → -32603 and an ERROR notification',
    cases = {
      'tools: openFile: filePath with a NUL byte',
      'tools: getDiagnostics: uri with a NUL byte',
      'tools: checkDocumentDirty: filePath with a NUL byte',
      'tools: saveDocument: filePath with a NUL byte',
    },
  },
  {
    bug = 'protocol/jsonrpc.ts (via vim.json on 0.12): an integer id beyond int64 is decoded clamped to 2^63 and answered with another id',
    cases = { 'jsonrpc: id 12345678901234567890 echoed' },
  },
}

--- The REPORTED entry a case belongs to, if any.
local function reported_bug(case_name)
  for _, entry in ipairs(REPORTED) do
    for _, prefix in ipairs(entry.cases) do
      if vim.startswith(case_name, prefix) then
        return entry
      end
    end
  end
end

--- Outcomes of the REPORTED cases as the groups ran them: bug → list of { name, ok, detail }.
local reported_outcomes = {}

--- Runs one group of wire.mjs against `endpoint`; returns { cases = {...}, infos = {...}, done = {...} }.
local function run_wire(endpoint, group, extra)
  local cmd = {
    'node',
    SCRIPT,
    '--port',
    tostring(endpoint.port),
    '--token',
    endpoint.token,
    '--group',
    group,
    '--seed',
    tostring(SEED),
    '--handshake-timeout-ms',
    tostring(HANDSHAKE_TIMEOUT_MS),
  }
  vim.list_extend(cmd, extra or {})
  local result
  -- The server runs in this process: vim.wait keeps the event loop (and so the server) going meanwhile.
  vim.system(cmd, { text = true }, function(res)
    result = res
  end)
  assert(
    vim.wait(120000, function()
      return result ~= nil
    end, 10),
    'wire.mjs did not finish within 120 s'
  )
  local report = { cases = {}, infos = {} }
  for line in (result.stdout or ''):gmatch('[^\n]+') do
    local ok, obj = pcall(vim.json.decode, line)
    assert(ok, 'wire.mjs printed a line that is not JSON: ' .. line)
    if obj.case then
      table.insert(report.cases, obj)
    elseif obj.info then
      table.insert(report.infos, obj.info)
    elseif obj.done then
      report.done = obj
    end
  end
  assert(result.code == 0 and report.done, ('wire.mjs failed (exit %s): %s'):format(result.code, result.stderr))
  for _, msg in ipairs(report.infos) do
    print('    ' .. msg)
  end
  print(('    %s: %d cases in %d ms'):format(group, #report.cases, report.done.ms))
  return report
end

--- Every failing case as "name: detail" (an empty list when all passed), except REPORTED ones, which are
--- set aside for their own `it`. Notifications at WARN and above are expected only with a REPORTED failure.
local function failures(report)
  local out = {}
  for _, c in ipairs(report.cases) do
    local entry = reported_bug(c.case)
    if entry then
      reported_outcomes[entry.bug] = reported_outcomes[entry.bug] or {}
      table.insert(reported_outcomes[entry.bug], c)
    elseif not c.ok then
      table.insert(out, c.case .. ': ' .. c.detail)
    end
  end
  return out
end

local function any_reported_failure(report)
  for _, c in ipairs(report.cases) do
    if not c.ok and reported_bug(c.case) then
      return true
    end
  end
  return false
end

--- Records what reaches the user through vim.notify while a group runs.
local function notify_recorder()
  local rec = { messages = {}, original = vim.notify }
  vim.notify = function(msg, level)
    table.insert(rec.messages, { msg = msg, level = level or vim.log.levels.INFO })
  end
  function rec.restore()
    vim.notify = rec.original
  end
  function rec.problems()
    local out = {}
    for _, m in ipairs(rec.messages) do
      if m.level >= vim.log.levels.WARN then
        table.insert(out, m.msg)
      end
    end
    return out
  end
  return rec
end

--- What the editor looks like now; restore() undoes what tool calls (openFile) did to it: new tab pages,
--- windows and buffers go, the original window shows its buffer again.
local function editor_snapshot()
  local before = {
    tab = vim.api.nvim_get_current_tabpage(),
    win = vim.api.nvim_get_current_win(),
    buf = vim.api.nvim_get_current_buf(),
    bufs = {},
  }
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    before.bufs[b] = true
  end
  function before.restore()
    for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
      if tab ~= before.tab then
        vim.cmd.tabclose({ vim.api.nvim_tabpage_get_number(tab), bang = true })
      end
    end
    vim.api.nvim_set_current_tabpage(before.tab)
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if win ~= before.win then
        vim.api.nvim_win_close(win, true)
      end
    end
    vim.api.nvim_win_set_buf(before.win, before.buf)
    for _, b in ipairs(vim.api.nvim_list_bufs()) do
      if not before.bufs[b] then
        vim.api.nvim_buf_delete(b, { force = true })
      end
    end
  end
  return before
end

--- A directory with the only files tool calls may open: a.txt (UTF-8 text), empty.txt, and raw.txt, whose
--- buffer is loaded here holding the byte E9 alone (not UTF-8). Neovim never reads such bytes from a file
--- (it turns them into "?"), but a plugin or ++bad=keep can put them in a buffer.
local function scratch_dir()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  vim.fn.writefile({ 'héllo wörld 😀', 'line two', 'x' }, dir .. '/a.txt')
  vim.fn.writefile({}, dir .. '/empty.txt')
  local raw = { 'caf' .. string.char(0xe9) .. ' ok', 'second' }
  vim.fn.writefile(raw, dir .. '/raw.txt')
  local buf = vim.fn.bufadd(dir .. '/raw.txt')
  vim.fn.bufload(buf)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, raw)
  vim.bo[buf].modified = false
  return dir
end

local function wait_no_clients()
  vim.wait(3000, function()
    return require('claude-ide').status().clients == 0
  end, 10)
  return require('claude-ide').status().clients
end

--- Defines one `it` running `group`; `min_cases` guards against a program that silently ran nothing.
local function group_it(title, get_endpoint, group, min_cases, extra)
  it(title, function()
    local errmsg = vim.v.errmsg
    local editor = editor_snapshot()
    local scratch = scratch_dir()
    local rec = notify_recorder()
    local args = vim.list_extend({ '--scratch', scratch }, extra or {})
    local ok, report = pcall(run_wire, get_endpoint(), group, args)
    rec.restore()
    editor.restore()
    vim.fn.delete(scratch, 'rf')
    assert(ok, report)
    assert.are.same({}, failures(report))
    assert.is_true(#report.cases >= min_cases, ('only %d cases ran (expected >= %d)'):format(#report.cases, min_cases))
    if not any_reported_failure(report) then
      assert.are.same({}, rec.problems())
    end
    assert.are.equal(errmsg, vim.v.errmsg)
    assert.are.equal(0, wait_no_clients())
    assert.is_true(require('claude-ide').status().running)
  end)
end

describe('wire conformance (default limits) #slow', function()
  local endpoint

  setup(function()
    print(('    conformance fuzz seed %d (set CONFORMANCE_SEED=%d to reproduce)'):format(SEED, SEED))
    endpoint = client.start_server({ handshake_timeout_ms = HANDSHAKE_TIMEOUT_MS })
  end)

  teardown(function()
    client.stop_server()
  end)

  local function get()
    return endpoint
  end

  group_it('RFC 6455 handshake: upgrade variants, refusals with exact status codes, timeouts', get, 'handshake', 50)
  group_it('RFC 6455 framing: close codes for every violation, pings, fragments, UTF-8', get, 'frames', 80)
  group_it(
    'JSON-RPC 2.0: parse errors, invalid requests, ids echoed exactly, notifications unanswered',
    get,
    'jsonrpc',
    60
  )
  group_it('MCP: initialize versions, tools/list, tools/call argument errors for every tool', get, 'mcp', 30)
  group_it('IDE tools: hostile but schema-valid arguments give a result or -32602, never -32603', get, 'tools', 8)
  group_it(
    'a parked openDiff: other requests answered, every way it ends answered once (or never, when cancelled)',
    get,
    'blocking',
    8
  )
  group_it('fuzz: 3,000 random frame sequences against a reference decoder', get, 'fuzz-frames', 12)
  group_it('fuzz: 5,000 mutated JSON-RPC messages against a reference classifier', get, 'fuzz-json', 50)
  group_it('fuzz: mutated upgrade requests', get, 'fuzz-handshake', 1)

  for _, entry in ipairs(REPORTED) do
    it('reported bug: ' .. entry.bug, function()
      local outcomes = reported_outcomes[entry.bug] or {}
      assert.is_true(#outcomes >= #entry.cases, 'its cases did not run')
      local failed = {}
      for _, c in ipairs(outcomes) do
        if not c.ok then
          table.insert(failed, c.case .. ': ' .. c.detail)
        end
      end
      assert.are.same({}, failed)
    end)
  end
end)

describe('wire conformance (max_message_bytes = ' .. SMALL_MAX .. ') #slow', function()
  local endpoint

  setup(function()
    endpoint = client.start_server({ handshake_timeout_ms = HANDSHAKE_TIMEOUT_MS, max_message_bytes = SMALL_MAX })
  end)

  teardown(function()
    client.stop_server()
  end)

  group_it('messages over the limit close with 1009, at the limit are answered', function()
    return endpoint
  end, 'limits', 6, { '--max-message-bytes', tostring(SMALL_MAX) })
end)
