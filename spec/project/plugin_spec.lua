-- With only plugin/claude-ide.lua sourced (a plugin manager that has not loaded the plugin yet, or lazy
-- loading on VeryLazy), every command exists with its range and completion, and nothing else is loaded.
local child_nvim = require('helpers.child_nvim')

local COMMANDS = {
  'ClaudeCode',
  'ClaudeCodeAdd',
  'ClaudeCodeCheckpoint',
  'ClaudeCodeDiffAccept',
  'ClaudeCodeDiffDeny',
  'ClaudeCodeFocus',
  'ClaudeCodeHooks',
  'ClaudeCodeNew',
  'ClaudeCodeNote',
  'ClaudeCodeNotes',
  'ClaudeCodeNotesSend',
  'ClaudeCodeRequestChanges',
  'ClaudeCodeReview',
  'ClaudeCodeSend',
  'ClaudeCodeSessions',
  'ClaudeCodeStart',
  'ClaudeCodeStatus',
  'ClaudeCodeStop',
}

describe('plugin/claude-ide.lua alone', function()
  local child, chan

  before_each(function()
    child = child_nvim.spawn()
    chan = child:rpc()
  end)

  after_each(function()
    child:quit()
    child:kill()
  end)

  local function eval(lua)
    return vim.rpcrequest(chan, 'nvim_exec_lua', lua, {})
  end

  it('defines every command, loading nothing of the plugin', function()
    local defined = eval([[
      local names = {}
      for name in pairs(vim.api.nvim_get_commands({ builtin = false })) do
        if name:match('^ClaudeCode') then names[#names + 1] = name end
      end
      table.sort(names)
      return names
    ]])
    assert.are.same(COMMANDS, defined)
    assert.is_false(eval([[
      for name in pairs(package.loaded) do
        if name:match('^claude%-ide') then return true end
      end
      return false
    ]]))
  end)

  it('completes the command names, files for :ClaudeCodeAdd and claude options for :ClaudeCode', function()
    assert.are.same(
      COMMANDS,
      eval([[
      local c = vim.fn.getcompletion('ClaudeCode', 'command')
      table.sort(c)
      return c
    ]])
    )
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    vim.fn.writefile({ 'x' }, dir .. '/notes.txt')
    assert.are.same(
      { dir .. '/notes.txt' },
      eval(('return vim.fn.getcompletion("ClaudeCodeAdd %s/no", "cmdline")'):format(dir))
    )
    assert.are.same({ '--resume' }, eval('return vim.fn.getcompletion("ClaudeCode --res", "cmdline")'))
    assert.are.same({ '--model' }, eval('return vim.fn.getcompletion("ClaudeCodeNew --mod", "cmdline")'))
    assert.are.same({ 'pending' }, eval('return vim.fn.getcompletion("ClaudeCodeNotes p", "cmdline")'))
  end)

  it(':ClaudeCodeSend takes a range, and a command run first loads the plugin and answers', function()
    assert.are.equal('.', eval('return vim.api.nvim_get_commands({ builtin = false }).ClaudeCodeSend.range'))
    local note =
      eval('local c = vim.api.nvim_get_commands({ builtin = false }).ClaudeCodeNote return { c.range, c.bang }')
    assert.are.same({ '.', true }, note)
    local out = eval('return vim.api.nvim_exec2("ClaudeCodeStatus", { output = true }).output')
    assert.matches('not running', out)
  end)
end)

describe('which-key', function()
  local child

  after_each(function()
    child:quit()
    child:kill()
  end)

  local function setup_with(preload, opts)
    child = child_nvim.spawn()
    local chan = child:rpc()
    return vim.rpcrequest(
      chan,
      'nvim_exec_lua',
      [[
      local preload, opts = ...
      _G.calls = {}
      if preload == 'v3' then
        package.preload['which-key'] = function()
          return { add = function(spec)
            -- { { "<leader>a", group = "ai" } }, made RPC-safe (a mixed table does not convert)
            table.insert(_G.calls, { n = #spec, prefix = spec[1][1], group = spec[1].group })
          end }
        end
      elseif preload == 'v2' then
        package.preload['which-key'] = function()
          return { register = function(m) table.insert(_G.calls, m) end }
        end
      end
      local ok = require('claude-ide').setup(opts)
      vim.wait(1000, function() return package.loaded['claude-ide.server'] ~= nil end)
      -- setup() schedules the which-key group: a callback scheduled now runs after it.
      local ticked = false
      vim.schedule(function() ticked = true end)
      vim.wait(1000, function() return ticked end)
      return { ok = ok, calls = _G.calls }
    ]],
      { preload, opts or vim.empty_dict() }
    )
  end

  it('names the <leader>a group when which-key is installed (v3 add, v2 register)', function()
    local r = setup_with('v3')
    assert.is_true(r.ok)
    assert.are.same({ { n = 1, prefix = '<leader>a', group = 'ai' } }, r.calls)
    child:quit()
    child:kill()
    r = setup_with('v2')
    assert.are.same({ { ['<leader>a'] = { name = '+ai' } } }, r.calls)
  end)

  it('does nothing without which-key, or with which_key.prefix = false', function()
    assert.is_true(setup_with(nil).ok)
    child:quit()
    child:kill()
    local r = setup_with('v3', { which_key = { prefix = false } })
    assert.is_true(r.ok)
    assert.are.same({}, r.calls)
  end)
end)
