-- Server states the tools must handle honestly, with real language servers: typescript-language-server
-- while it starts (wait_for_lsp_ready), and a minimal server (silent_server.lua) that stays "indexing"
-- forever and never answers a request (timeouts; the editor stays live while a tool waits).
local lsp = require('helpers.lsp')

describe('LSP server states #slow', function()
  local ctx

  before_each(function()
    ctx = lsp.context()
  end)

  after_each(function()
    ctx.dispose()
    lsp.stop_all()
    lsp.reset_editor()
  end)

  it('wait_for_lsp_ready waits while typescript-language-server starts and loads the project', function()
    local dir = lsp.fixture()
    lsp.configure(dir)
    -- The file is not open: the tool loads it (hidden), which starts the server through the user's config.
    local t0 = vim.uv.hrtime()
    local text = lsp.ok(ctx, 'wait_for_lsp_ready', { path = 'src/main.ts', timeout_ms = 20000 }, 25000)
    assert.matches('^OK: ready for src/main.ts after %d+ ms: ts_ls: ready$', text)
    local client = vim.lsp.get_clients({ name = 'ts_ls' })[1]
    assert.is_true(client.initialized)
    assert.are.same({}, client.progress.pending)
    assert.is_true((vim.uv.hrtime() - t0) / 1e6 > 300, 'it waited for the project to load')
    -- Right after: cross-file answers are right (before the project loads they land on the import).
    local def = lsp.ok(ctx, 'lsp_definition', { path = 'src/main.ts', line = 7, symbol = 'double' })
    assert.matches('src/shape.ts\n  5:17', def, 1, true)
  end)

  it(
    'a server still indexing: the tool waits lsp_timeout_ms, then says to call wait_for_lsp_ready; requests time out',
    function()
      local dir = lsp.fixture()
      vim.fn.writefile({ 'x = 1' }, dir .. '/a.py')
      lsp.cd(dir)
      vim.cmd.edit('a.py')
      vim.lsp.start({
        name = 'silent',
        cmd = { vim.v.progpath, '-l', lsp.root .. '/spec/fixtures/lsp/silent_server.lua' },
        root_dir = dir,
      })
      assert.is_true(vim.wait(5000, function()
        local c = vim.lsp.get_clients({ name = 'silent' })[1]
        return c ~= nil and next(c.progress.pending) ~= nil
      end, 20))
      local text, is_error = lsp.call(ctx, 'wait_for_lsp_ready', { path = 'a.py', timeout_ms = 300 })
      assert.is_true(is_error)
      assert.matches('not ready after 300 ms in a.py: silent: indexing (Indexing forever)', text, 1, true)

      ctx.config.agent.lsp_timeout_ms = 300
      -- The editor stays live while the tool waits: a timer keeps firing.
      local ticks = 0
      local timer = vim.uv.new_timer()
      timer:start(10, 10, function()
        ticks = ticks + 1
      end)
      text, is_error = lsp.call(ctx, 'lsp_references', { path = 'a.py', line = 1, symbol = 'x' })
      timer:close()
      assert.is_true(is_error)
      assert.matches(
        'ERROR: silent did not answer textDocument/references for "x" at a.py:1:1 within the timeout (agent.lsp_timeout_ms); it is still indexing: call wait_for_lsp_ready and retry',
        text,
        1,
        true
      )
      assert.is_true(ticks > 20, 'the editor ran while the tool waited (' .. ticks .. ' ticks)')
    end
  )
end)

describe('wait_for_lsp_ready without a file', function()
  it('answers at once when no server runs, saying to give a file', function()
    local ctx = lsp.context()
    local t0 = vim.uv.hrtime()
    local text, is_error = lsp.call(ctx, 'wait_for_lsp_ready', {})
    assert.is_true(is_error)
    assert.matches(
      'ERROR: no language server is running (no language server is running in this Neovim): give the path of a file of the project, loading it starts its servers',
      text,
      1,
      true
    )
    assert.is_true((vim.uv.hrtime() - t0) / 1e6 < 1000)
    ctx.dispose()
  end)
end)
