-- With only plugin/claude-ide.lua sourced (a plugin manager that has not loaded the plugin yet, or lazy
-- loading on VeryLazy), every command exists with its range and completion, and nothing else is loaded.
local child_nvim = require('helpers.child_nvim')

local COMMANDS = {
  'ClaudeCode',
  'ClaudeCodeAdd',
  'ClaudeCodeDiffAccept',
  'ClaudeCodeDiffDeny',
  'ClaudeCodeFocus',
  'ClaudeCodeNew',
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
  end)

  it(':ClaudeCodeSend takes a range, and a command run first loads the plugin and answers', function()
    assert.are.equal('.', eval('return vim.api.nvim_get_commands({ builtin = false }).ClaudeCodeSend.range'))
    local out = eval('return vim.api.nvim_exec2("ClaudeCodeStatus", { output = true }).output')
    assert.matches('not running', out)
  end)
end)
