-- The official MCP conformance suite (@modelcontextprotocol/conformance, installed into .deps/conformance by
-- scripts/conformance.sh) against both MCP servers of the plugin, in a real child Neovim of this spec's version:
--   * the agent endpoint (`nvim -l lua/claude-ide/bridge.lua`, stdio) through spec/conformance/stdio_shim.mjs,
--     with the scenarios' fixture tools and resource added as user tools (spec/conformance/fixtures.lua): the
--     released suite (0.1.16: the 2025-06-18 and 2025-11-25 scenarios, on the 2025-11-25 wire) and
--     0.2.0-alpha.12 at 2026-07-28 (every message also checked against that revision's JSON schema);
--   * the Gemini CLI / Qwen Code companion (Streamable HTTP) through spec/conformance/bearer_proxy.mjs (its
--     Bearer token), with the released suite (it speaks the 2025 revisions only).
-- spec/conformance/official.mjs runs the whole suite once per row of RUNS and judges each scenario;
-- spec/conformance/applicability.mjs says which do not apply and why (printed here, never skipped silently).
-- Each run prints how many scenarios applied and fails when fewer apply than RUNS records: a scenario leaves the
-- applicable set only by a deliberate change here.
local bridge = require('helpers.bridge')
local child_nvim = require('helpers.child_nvim')

local HERE = bridge.root .. '/spec/conformance'

--- Each run of the suite: which server, which suite version (and revision), and how many of its scenarios
--- applied when this was last changed (the floor).
local RUNS = {
  { target = 'bridge', suite = '0.1.16', applicable = 8 },
  { target = 'bridge', suite = '0.2.0-alpha.12', spec_version = '2026-07-28', applicable = 9 },
  { target = 'companion', suite = '0.1.16', applicable = 6 },
}

--- Runs `cmd` to its end (the event loop keeps turning, so the child processes are served); returns the result.
local function run(cmd, opts, timeout_ms)
  local result
  vim.system(cmd, vim.tbl_extend('force', { text = true }, opts or {}), function(r)
    result = r
  end)
  assert(
    vim.wait(timeout_ms, function()
      return result ~= nil
    end, 20),
    ('%s did not finish within %d s'):format(cmd[2] or cmd[1], timeout_ms / 1000)
  )
  return result
end

--- A helper process that prints {"url":…} on its first stdout line and runs until its stdin closes.
local function start_front(cmd, opts)
  local front = { out = '', err = '' }
  front.proc = vim.system(
    cmd,
    vim.tbl_extend('force', opts, {
      stdin = true,
      stdout = function(_, data)
        front.out = front.out .. (data or '')
      end,
      stderr = function(_, data)
        front.err = front.err .. (data or '')
      end,
    })
  )
  assert(
    vim.wait(15000, function()
      return front.out:find('\n') ~= nil
    end, 20),
    'no URL from ' .. cmd[2] .. ': ' .. front.err
  )
  front.url = vim.json.decode(front.out:match('^[^\n]+')).url
  function front.stop()
    pcall(front.proc.write, front.proc, nil)
    if front.proc:wait(3000).signal == 0 then
      return
    end
    pcall(front.proc.kill, front.proc, 'sigkill')
  end
  return front
end

describe('the official MCP conformance suite #slow', function()
  local suites, node, editor, fronts = nil, nil, nil, {}

  setup(function()
    -- Installed by scripts/test.sh before the specs; installs it here when a spec file is run alone.
    local install = run({ 'bash', bridge.root .. '/scripts/conformance.sh' }, {}, 300000)
    assert(install.code == 0, 'scripts/conformance.sh failed: ' .. install.stderr)
    suites = vim.trim(install.stdout)
    node = suites .. '/node/node_modules/.bin/node'

    local config_dir = bridge.config_dir()
    local tmp = bridge.tempdir()
    local project = bridge.project({ ['main.txt'] = 'conformance\n' })
    editor = bridge.editor({
      config_dir = config_dir,
      cwd = project,
      args = { 'main.txt' },
      env = { TMPDIR = tmp },
      setup = { companion = { enabled = true } },
    })
    editor:lua(('dofile(%q)'):format(HERE .. '/fixtures.lua'))

    local env = child_nvim.clear_env(bridge.env(config_dir))
    fronts.bridge = start_front(
      { node, HERE .. '/stdio_shim.mjs', '--', vim.v.progpath, '-l', bridge.script },
      { env = env, clear_env = true, cwd = project }
    )
    local file
    assert(
      vim.wait(10000, function()
        file = vim.fn.glob(tmp .. '/gemini/ide/gemini-ide-server-*.json', true, true)[1]
        return file ~= nil
      end, 20),
      'the companion wrote no discovery file'
    )
    local disco = vim.json.decode(bridge.read(file))
    fronts.companion = start_front(
      { node, HERE .. '/bearer_proxy.mjs', ('http://127.0.0.1:%d/mcp'):format(disco.port), '-' },
      { env = { BEARER_TOKEN = disco.authToken } }
    )
  end)

  teardown(function()
    for _, front in pairs(fronts) do
      front.stop()
    end
    bridge.cleanup()
  end)

  for _, r in ipairs(RUNS) do
    local name = ('%s, suite %s%s'):format(r.target, r.suite, r.spec_version and (' at ' .. r.spec_version) or '')
    it(name .. ': every applicable scenario passes, at least ' .. r.applicable .. ' apply', function()
      local cmd = { node, HERE .. '/official.mjs', '--suite', suites .. '/' .. r.suite }
      vim.list_extend(cmd, { '--target', r.target, '--url', fronts[r.target].url })
      if r.spec_version then
        vim.list_extend(cmd, { '--spec-version', r.spec_version })
      end
      local res = run(cmd, {}, 180000)
      assert(res.code == 0, ('official.mjs failed (exit %d): %s'):format(res.code, res.stderr))
      local done
      local failures, skipped, passed = {}, {}, {}
      for line in res.stdout:gmatch('[^\n]+') do
        local obj = vim.json.decode(line)
        if obj.done then
          done = obj
        elseif not obj.applicable then
          local note = obj.passes and ' [passes anyway]' or ''
          table.insert(skipped, ('      not applicable: %s (%s)%s'):format(obj.scenario, obj.reason, note))
        elseif obj.ok then
          table.insert(passed, obj.scenario)
          for _, e in ipairs(obj.exempt) do
            table.insert(skipped, ('      check exempted in %s: %s'):format(obj.scenario, e))
          end
        else
          table.insert(failures, obj.scenario .. ':\n  ' .. table.concat(obj.failed, '\n  '))
        end
      end
      assert(done, 'official.mjs printed no closing line:\n' .. res.stdout .. res.stderr)
      print(
        ('    %s: %d of %d scenarios applicable, %d passed, in %.1f s'):format(
          name,
          done.applicable,
          done.total,
          #passed,
          done.ms / 1000
        )
      )
      table.sort(passed)
      print('      passed: ' .. table.concat(passed, ', '))
      print(table.concat(skipped, '\n'))
      assert.are.same({}, failures)
      assert(
        done.applicable >= r.applicable,
        ('only %d scenarios applicable, %d recorded: a scenario stopped applying (see applicability.mjs)'):format(
          done.applicable,
          r.applicable
        )
      )
      assert.are.equal(done.applicable, #passed)
    end)
  end
end)
