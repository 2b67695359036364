-- The focus rule for the plan review, as for every review (spec/editor/diff_focus_spec.lua): with diff.focus
-- "auto" a plan takes the focus only from the terminal of the agent that asked (the user waits there for it);
-- from any other window — another agent's terminal included — it opens behind and says so, and the keys typed
-- go on where the user is. A child Neovim (its own main loop, driven over RPC like a user at the keyboard).
local child_nvim = require('helpers.child_nvim')

describe('focus around a plan review', function()
  local child, chan

  before_each(function()
    child = child_nvim.spawn()
    chan = child:rpc()
    vim.rpcrequest(
      chan,
      'nvim_exec_lua',
      [[
      local lualib = require('claude-ide.lualib_bundle')
      local config = require('claude-ide.config').validate(nil).config
      -- the agent asking (connection 7) runs in the terminal buffer _G.home (none until a test sets it)
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function(id)
        return id == 7 and _G.home or nil
      end)
      _G.said = {}
      local notify = vim.notify
      vim.notify = function(msg, ...) table.insert(_G.said, msg) return notify(msg, ...) end
      _G.open_plan = function()
        vim.schedule(function()
          local opened = _G.diffs.openPlan({
            plan = '# Plan\n\n1. Do it\n', client = 'Claude Code', name = 'brave-plan.md', canApprove = true,
            clientId = 7,
          })
          assert(opened.ok, opened.error)
          opened.review.onDecision(function(outcome) _G.outcome = outcome end)
        end)
      end
    ]],
      {}
    )
  end)

  after_each(function()
    child:quit()
    child:kill()
  end)

  local function mode()
    return vim.rpcrequest(chan, 'nvim_get_mode').mode
  end

  local function eval(lua)
    return vim.rpcrequest(chan, 'nvim_exec_lua', lua, {})
  end

  local function wait_for(what, pred)
    assert(vim.wait(10000, pred, 20), 'timed out waiting for ' .. what)
  end

  local function plan_open()
    return eval([[
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_get_name(buf):find('] plan: ', 1, true) then return true end
      end
      return false
    ]])
  end

  local function terminal(home)
    local win = eval(([[
      vim.cmd.terminal('cat')
      vim.bo.filetype = 'claude-ide'
      if %s then _G.home = vim.api.nvim_get_current_buf() end
      return vim.api.nvim_get_current_win()
    ]]):format(tostring(home)))
    vim.rpcrequest(chan, 'nvim_input', 'i')
    wait_for('Terminal mode', function()
      return mode() == 't'
    end)
    return win
  end

  it("takes the focus from the agent's own terminal, and gives it back there in Terminal mode", function()
    local term = terminal(true)
    eval('_G.open_plan()')
    wait_for('the plan, focused, in Normal mode', function()
      return plan_open() and mode() == 'n' and eval('return vim.b.claude_ide_diff ~= nil')
    end)
    assert.is_true(eval('return vim.b.claude_ide_diff.waiting == nil'))
    vim.rpcrequest(chan, 'nvim_input', ':w<CR>')
    wait_for('the approval', function()
      return eval('return _G.outcome ~= nil')
    end)
    assert.are.equal('approved', eval('return _G.outcome.kind'))
    wait_for('Terminal mode again', function()
      return mode() == 't'
    end)
    assert.are.equal(term, eval('return vim.api.nvim_get_current_win()'))
  end)

  it("opens behind another terminal than the agent's: focus, mode and keys stay there, a message says so", function()
    local win = terminal(false) -- a terminal of this plugin, but not the asking agent's (_G.home unset)
    eval('_G.open_plan()')
    wait_for('the plan, behind', function()
      return plan_open() and eval('return vim.g.claude_ide_reviews_waiting') == 1
    end)
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.equal('t', mode())
    assert.matches(
      'Claude Code waits for you to review its plan: :ClaudeCodeFocus shows it',
      eval('return table.concat(_G.said, "\\n")'),
      1,
      true
    )
    vim.rpcrequest(chan, 'nvim_input', 'still here<CR>')
    wait_for('the text echoed by cat', function()
      return eval(
        [[return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n"):find("still here", 1, true) ~= nil]]
      )
    end)
    assert.is_true(eval('return _G.outcome == nil'))
    -- :ClaudeCodeFocus's way in still works: the plan waits for the user
    assert.is_true(eval('return _G.diffs.focusWaiting()'))
    assert.are.equal(0, eval('return vim.g.claude_ide_reviews_waiting'))
  end)

  it('opens behind a file in Insert mode: the typed text stays in the file', function()
    local path = vim.fn.tempname()
    vim.fn.writefile({ 'original' }, path)
    local win = eval(('vim.cmd.edit(%q) return vim.api.nvim_get_current_win()'):format(path))
    vim.rpcrequest(chan, 'nvim_input', 'A typing')
    wait_for('Insert mode', function()
      return mode() == 'i'
    end)
    eval('_G.open_plan()')
    wait_for('the plan, behind', function()
      return plan_open() and eval('return vim.g.claude_ide_reviews_waiting') == 1
    end)
    vim.rpcrequest(chan, 'nvim_input', ' more<Esc>')
    wait_for('Normal mode', function()
      return mode() == 'n'
    end)
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.same({ 'original typing more' }, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
  end)

  it('opens behind Visual mode: the selection and the operator typed next stay in the user buffer', function()
    local path = vim.fn.tempname()
    vim.fn.writefile({ 'one two three' }, path)
    local win = eval(('vim.cmd.edit(%q) return vim.api.nvim_get_current_win()'):format(path))
    vim.rpcrequest(chan, 'nvim_input', 'vee')
    wait_for('Visual mode', function()
      return mode() == 'v'
    end)
    eval('_G.open_plan()')
    wait_for('the plan, behind', function()
      return plan_open() and eval('return vim.g.claude_ide_reviews_waiting') == 1
    end)
    assert.are.equal('v', mode())
    vim.rpcrequest(chan, 'nvim_input', 'd')
    wait_for('the deletion', function()
      return eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)[1]') == ' three'
    end)
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
  end)
end)
