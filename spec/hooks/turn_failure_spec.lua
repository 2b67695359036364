-- A turn whose snapshot failed or came too late is told to the user, at its start and at its end, and is never
-- taken for a turn that changed nothing: the hook handlers of hooks/turn driven directly (a hook event whose park
-- waits on the spec's loop), and :ClaudeCodeCheckpoint in a child Neovim whose store is a full tmpfs.
local snapshot = require('claude-ide.editor.snapshot.snapshot')
local child_nvim = require('helpers.child_nvim')

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

local h = require('helpers.turn')
local tempdir, write = h.tempdir, h.write

--- The messages vim.notify shows while `fn` runs.
local function messages(fn)
  local said = {}
  local notify = vim.notify
  vim.notify = function(msg)
    table.insert(said, msg)
  end
  local ok, err = pcall(fn)
  vim.notify = notify
  assert(ok, err)
  return table.concat(said, '\n')
end

local function turns(base, wait_ms)
  return h.turns({ base = base, snapshotWaitMs = wait_ms })
end

local event = h.phase_event

--- The prompt, then the gate of the agent's first shell command (it waits for the turn's start snapshot).
local function prompt(t, dir)
  t:started(event(dir, 'turn-start'))
  t:gated(h.event(dir, 'PreToolUse', nil, { tool_name = 'Bash' }))
end

describe('a turn whose snapshot failed', function()
  after_each(h.cleanup)

  it('says so at its start, at its end and on :ClaudeCodeReview; never "changed no file"', function()
    local dir = tempdir()
    write(dir .. '/a.txt', 'a\n')
    local base = tempdir() .. '/turns'
    -- A store the worker cannot write into: its objects/ is a file.
    local store = snapshot.storeOf(dir, base)
    vim.fn.mkdir(store, 'p')
    write(store .. '/objects', 'not a folder\n')
    local t = turns(base)
    local at_start = messages(function()
      prompt(t, dir)
    end)
    assert.matches(
      'turn 1 of Claude Code will not be reviewed: the snapshot failed %(exit 1%): copy .*ENOTDIR',
      at_start
    )
    write(dir .. '/a.txt', 'changed by the agent\n')
    local at_end = messages(function()
      t:ended(event(dir, 'turn-end'))
    end)
    assert.matches('turn 1 of Claude Code is not reviewed: its start snapshot failed %(.*ENOTDIR', at_end)
    local again = messages(function()
      t:reviewAgain()
    end)
    assert.matches('turn 1 of Claude Code cannot be reviewed: its start snapshot failed', again)
    assert.is_nil(again:find('changed no file', 1, true))
    t:dispose()
  end)

  it('came too late: the user is told once, with :ClaudeCodeCheckpoint as the way out', function()
    local dir = tempdir()
    write(dir .. '/a.txt', 'a\n')
    -- A hook that waits 1 ms: no snapshot is that quick.
    local t = turns(tempdir() .. '/turns', 1)
    local first = messages(function()
      prompt(t, dir)
    end)
    assert.matches('turn 1 of Claude Code will not be reviewed: the snapshot of .* took over 0.001 s', first)
    assert.matches(':ClaudeCodeCheckpoint takes one now', first)
    local at_end = messages(function()
      t:ended(event(dir, 'turn-end'))
    end)
    assert.matches('turn 1 of Claude Code is not reviewed', at_end)
    -- Once per folder.
    local second = messages(function()
      prompt(t, dir)
    end)
    assert.is_nil(second:find('ClaudeCodeCheckpoint', 1, true), second)
    t:dispose()
  end)

  it(
    ':ClaudeCodeCheckpoint into a full store (a 256 KiB tmpfs) says it failed, and the review never says "no change"',
    function()
      local probe = tempdir()
      if
        vim.system({ 'unshare', '-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$0"', probe }):wait().code ~= 0
      then
        pending(
          'unshare -rm cannot mount a tmpfs here (spec/editor/snapshot/snapshot_failure_spec covers a store that is no folder)'
        )
        return
      end
      local dir = tempdir()
      math.randomseed(7)
      for i = 1, 30 do
        local bytes = {}
        for k = 1, 16000 do
          bytes[k] = string.char(math.random(32, 126))
        end
        write(('%s/big%02d.txt'):format(dir, i), table.concat(bytes))
      end
      for i = 1, 12 do
        write(('%s/small%02d.txt'):format(dir, i), ('small %d\n'):format(i))
      end
      local state = tempdir()
      local child = child_nvim.spawn({
        -- The child in its own mount namespace, its state folder (the store) on a 256 KiB tmpfs.
        cmd = {
          'unshare',
          '-rm',
          'sh',
          '-c',
          'mount -t tmpfs -o size=256k tmpfs "$0" && exec "$@"',
          state,
          vim.v.progpath,
          '--clean',
          '--cmd',
          'set rtp^=' .. vim.fn.fnameescape(root),
        },
        env = { XDG_STATE_HOME = state },
        cwd = dir,
      })
      local rpc = child:rpc()
      vim.rpcrequest(
        rpc,
        'nvim_exec_lua',
        [[
      require('claude-ide').setup({})
      _G.said = {}
      vim.notify = function(msg) table.insert(_G.said, msg) end
    ]],
        {}
      )
      vim.rpcrequest(rpc, 'nvim_command', 'ClaudeCodeCheckpoint')
      local said
      assert(
        vim.wait(30000, function()
          said = table.concat(vim.rpcrequest(rpc, 'nvim_exec_lua', 'return _G.said', {}), '\n')
          return said:find('checkpoint', 1, true) ~= nil
        end, 50),
        said
      )
      assert.matches('no checkpoint: the snapshot failed %(exit 1%): .*[Nn]o space left on device', said)
      write(dir .. '/small01.txt', 'edited\n')
      vim.rpcrequest(rpc, 'nvim_exec_lua', '_G.said = {}', {})
      vim.rpcrequest(rpc, 'nvim_command', 'ClaudeCodeReview')
      assert(vim.wait(10000, function()
        said = table.concat(vim.rpcrequest(rpc, 'nvim_exec_lua', 'return _G.said', {}), '\n')
        return said ~= ''
      end, 50))
      assert.is_nil(said:find('changed no file', 1, true), said)
      child:quit()
    end
  )
end)
