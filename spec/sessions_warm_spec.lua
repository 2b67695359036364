-- A CLI that :ClaudeCode starts in a git repository gets its folder warmed up: a snapshot is taken in the
-- background at once (editor/snapshot/snapshot warm), so that its first turn's snapshot reads only what changed since.
-- Not when the turn review or the hooks are off. A stand-in program plays the CLI (it only stays alive).
local bridge = require('helpers.bridge')
local snapshot = require('claude-ide.editor.snapshot.snapshot')

describe(':ClaudeCode in a git repository', function()
  after_each(bridge.cleanup)

  --- An editor in `project` whose :ClaudeCode starts a stand-in CLI, set up with `setup` (and `env`).
  local function editor_with_stand_in(project, setup, env)
    local bin = bridge.tempdir()
    bridge.write(bin .. '/stand-in', '#!/bin/sh\nexec cat\n')
    vim.fn.setfperm(bin .. '/stand-in', 'rwxr-xr-x')
    return bridge.editor({
      config_dir = bridge.config_dir(),
      cwd = project,
      env = env,
      setup = vim.tbl_deep_extend('force', { terminal = { command = vim.fn.shellescape(bin .. '/stand-in') } }, setup),
    })
  end

  --- Starts :ClaudeCode in a fresh repository with `setup`; returns the warm-up's index path (it may not exist yet)
  --- and the folder's store (made as the warm-up starts, inside :ClaudeCode itself).
  local function start(setup)
    local project = bridge.project({ ['a.txt'] = 'one\n', ['src/b.lua'] = 'return 1\n' })
    local git = vim.system({ 'git', 'init', '-q', project }):wait()
    assert(git.code == 0, git.stderr)
    local nvim = editor_with_stand_in(project, setup, { XDG_STATE_HOME = bridge.tempdir() })
    nvim:lua('vim.cmd("ClaudeCode")')
    local base = nvim:lua('return vim.fn.stdpath("state")') .. '/claude-ide/turns'
    return snapshot.sessionDirOf(project, snapshot.WARM_SESSION, base) .. '/index', snapshot.storeOf(project, base)
  end

  it('warms the folder up in the background: the warm-up session has an index', function()
    local index, store = start({})
    assert.is_not_nil(vim.uv.fs_stat(store))
    assert.is_true(
      vim.wait(30000, function()
        return vim.uv.fs_stat(index) ~= nil
      end, 50),
      'no warm-up index at ' .. index
    )
  end)

  it('does not when the turn review is off, nor when the hooks are', function()
    for _, setup in ipairs({ { review = { turn = false } }, { hooks = { enabled = false } } }) do
      local _, store = start(setup)
      -- A warm-up would have made the folder's store before :ClaudeCode returned.
      assert.is_nil(vim.uv.fs_stat(store), vim.inspect(setup))
    end
  end)

  it("loads the agent endpoint's modules in the background, for the bridge the CLI will start", function()
    local loaded = "return package.loaded['claude-ide.bridge.endpoint'] ~= nil"
    local function started(setup)
      local nvim = editor_with_stand_in(bridge.project({ ['a.txt'] = 'one\n' }), setup)
      assert.is_false(nvim:lua(loaded))
      nvim:lua('vim.cmd("ClaudeCode")')
      return nvim
    end
    local nvim = started({})
    assert.is_true(vim.wait(10000, function()
      return nvim:lua(loaded)
    end, 20))
    -- Not when the CLI gets no agent endpoint.
    nvim = started({ agent = { in_terminal = false } })
    -- A warm-up is done well within 200 ms of the editor's own timers (a few ms per turn of its loop).
    nvim:lua('vim.defer_fn(function() vim.g.spec_later = true end, 200)')
    assert.is_true(vim.wait(5000, function()
      return nvim:lua('return vim.g.spec_later == true')
    end, 20))
    assert.is_false(nvim:lua(loaded))
  end)
end)
