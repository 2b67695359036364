-- Rough edges found when the agent endpoint was reviewed as a new user would (issue 19), through the bridge
-- with the SDK's stdio client: a malformed resources/read is -32602 whatever the instance state, navigate past
-- the end of a file is an ERROR that moves nothing, and a call missing several arguments names them all.
local bridge = require('helpers.bridge')

describe('agent endpoint rough edges', function()
  after_each(bridge.cleanup)

  it('resources/read without a uri is -32602 with no Neovim, and with one', function()
    local dir = bridge.config_dir()
    local root = bridge.tempdir()
    local c = bridge.start({ config_dir = dir, cwd = root })
    for _, params in ipairs({ vim.empty_dict(), { uri = vim.NIL }, { uri = 7 } }) do
      local ok, err = c:request('resources/read', params)
      assert.is_false(ok, vim.inspect(params))
      assert.are.equal(-32602, err.code, vim.inspect(err))
      assert.matches('"uri" must be a string', err.message, 1, true)
    end
    local project = bridge.project({ ['a.txt'] = 'one\n' }, root, 'p')
    bridge.editor({ config_dir = dir, cwd = project, args = { 'a.txt' } })
    -- An instance is now chosen by the first forwarded request; the malformed one still gets -32602.
    local okr, state = c:request('resources/read', { uri = 'vim://state' })
    assert.is_true(okr, vim.inspect(state))
    local ok, err = c:request('resources/read', vim.empty_dict())
    assert.is_false(ok)
    assert.are.equal(-32602, err.code)
  end)

  describe('with one Neovim', function()
    local project, nvim, c

    before_each(function()
      local dir = bridge.config_dir()
      project = bridge.project({ ['five.txt'] = 'one\ntwo\nthree\nfour\nfive\n', ['other.txt'] = 'x\n' })
      nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'other.txt' } })
      c = bridge.start({ config_dir = dir, cwd = project })
    end)

    local function where()
      return nvim:lua([[
        return { vim.api.nvim_buf_get_name(0), vim.api.nvim_win_get_cursor(0), #vim.api.nvim_list_bufs() }
      ]])
    end

    it('navigate past the end of a file is an ERROR naming its line count, and nothing moves', function()
      local before = where()
      local res = c:call('navigate', { path = 'five.txt', line = 999 })
      assert.is_true(res.isError, bridge.text(res))
      assert.are.equal('ERROR: line 999 is past the end: five.txt has 5 lines', bridge.text(res):gsub('%s+$', ''))
      local after = where()
      assert.are.same(before[1], after[1])
      assert.are.same(before[2], after[2])
      -- The last line itself is fine.
      local okres = c:call('navigate', { path = 'five.txt', line = 5 })
      assert.is_nil(okres.isError, bridge.text(okres))
      assert.are.equal('OK: five.txt:5:1 five', bridge.text(okres))
    end)

    it('a file another Neovim edits (a real swap file) opens read-only, without a prompt that would stall', function()
      -- Another Neovim edits the file and has an unsaved change; both use one swap directory.
      local swapdir = bridge.tempdir() .. '//'
      local other =
        require('helpers.child_nvim').spawn({ env = bridge.env(bridge.config_dir()), clear_env = true, cwd = project })
      local swap = vim.rpcrequest(
        other:rpc(),
        'nvim_exec_lua',
        [[
        vim.o.swapfile = true
        vim.o.directory = ...
        vim.cmd('edit five.txt')
        vim.api.nvim_buf_set_lines(0, 0, 1, false, { 'ONE (unsaved elsewhere)' })
        vim.cmd('preserve')
        return vim.fn.swapname(0)
      ]],
        { swapdir }
      )
      nvim:lua('vim.o.swapfile = true; vim.o.directory = ...', swapdir)
      assert.are.equal(1, vim.fn.filereadable(swap), 'the other Neovim has a swap file: ' .. tostring(swap))
      -- navigate loads the file through withoutSwapPrompt: the swap file's prompt is answered "open read-only".
      local res = c:call('navigate', { path = 'five.txt', line = 2 })
      assert.is_nil(res.isError, bridge.text(res))
      assert.are.equal('OK: five.txt:2:1 two', bridge.text(res))
      local after = nvim:lua([[
        local buf = vim.fn.bufnr('five.txt')
        return { readonly = vim.bo[buf].readonly, mode = vim.api.nvim_get_mode(), ours = pcall(vim.api.nvim_get_autocmds, { group = 'claude-ide.no-swap-prompt' }) }
      ]])
      assert.is_true(after.readonly)
      assert.is_false(after.mode.blocking)
      assert.is_false(after.ours) -- the temporary SwapExists group is gone
      other:kill()
    end)

    it('a call missing several required arguments names every one of them in one error', function()
      local res = c:call('lsp_rename', { path = 'five.txt' })
      assert.is_true(res.isError)
      assert.matches('missing required arguments "line", "new_name"', bridge.text(res), 1, true)
      local one = c:call('lsp_rename', { path = 'five.txt', line = 1 })
      assert.matches('missing required argument "new_name"', bridge.text(one), 1, true)
    end)
  end)
end)
