-- Focus after a review, with real modes: a child Neovim (its own main loop, driven over RPC like a user at
-- the keyboard) typing in the Claude terminal (Terminal mode) or in a file (Insert mode) when the review opens.
local child_nvim = require('helpers.child_nvim')

describe('focus around a review', function()
  local child, chan

  before_each(function()
    child = child_nvim.spawn()
    chan = child:rpc()
    -- The service as the server builds it, and a review opened through it (from a callback, like a tool call).
    vim.rpcrequest(
      chan,
      'nvim_exec_lua',
      [[
      local lualib = require('claude-ide.lualib_bundle')
      local config = require('claude-ide.config').validate(nil).config
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.diff').DiffManager, config)
      _G.open_review = function(path)
        vim.schedule(function()
          local opened = _G.diffs.open({ oldPath = path, newPath = path, contents = 'changed\n', tabName = 'tab' })
          opened.review.onDecision(function(outcome)
            _G.outcome = outcome
          end)
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
    assert(vim.wait(5000, pred, 20), 'timed out waiting for ' .. what)
  end

  it('goes back to the Claude terminal, in Terminal mode, after the review', function()
    local term = eval([[
      vim.cmd('vsplit')
      vim.cmd.terminal('cat')
      return vim.api.nvim_get_current_win()
    ]])
    vim.rpcrequest(chan, 'nvim_input', 'i')
    wait_for('Terminal mode', function()
      return mode() == 't'
    end)
    local path = vim.fn.tempname()
    vim.fn.writefile({ 'original' }, path)
    eval(('_G.open_review(%q)'):format(path))
    wait_for('the review', function()
      return eval('return vim.b.claude_ide_diff ~= nil')
    end)
    -- the review's keys are Normal-mode keys: Terminal mode ended by leaving the terminal window
    wait_for('Normal mode in the review', function()
      return mode() == 'n'
    end)
    vim.rpcrequest(chan, 'nvim_input', '<CR>')
    wait_for('the answer', function()
      return eval('return _G.outcome ~= nil')
    end)
    assert.are.same({ accepted = true, text = 'changed\n' }, eval('return _G.outcome'))
    wait_for('Terminal mode again', function()
      return mode() == 't'
    end)
    assert.are.equal(term, eval('return vim.api.nvim_get_current_win()'))
  end)

  it('leaves Insert mode for the review and returns to the file window after it', function()
    local path = vim.fn.tempname()
    vim.fn.writefile({ 'original' }, path)
    local win = eval(('vim.cmd.edit(%q) return vim.api.nvim_get_current_win()'):format(path))
    vim.rpcrequest(chan, 'nvim_input', 'A typing')
    wait_for('Insert mode', function()
      return mode() == 'i'
    end)
    eval(('_G.open_review(%q)'):format(path))
    wait_for('the review in Normal mode', function()
      return eval('return vim.b.claude_ide_diff ~= nil') and mode() == 'n'
    end)
    vim.rpcrequest(chan, 'nvim_input', 'q')
    wait_for('the answer', function()
      return eval('return _G.outcome ~= nil')
    end)
    assert.are.same({ accepted = false }, eval('return _G.outcome'))
    wait_for('the file window', function()
      return eval('return vim.api.nvim_get_current_win()') == win
    end)
    assert.are.same({ 'original typing' }, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
  end)
end)
