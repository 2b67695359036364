-- The keys of a multi-file review, typed as a user types them (nvim_input into a child Neovim with its own main
-- loop), in a review opened from the agent's terminal in Terminal mode: ]f / [f stay in Normal mode, so the next
-- keys move the cursor instead of becoming text in a proposal; focus goes back to the terminal, in Terminal mode,
-- only when the review closes.
local child_nvim = require('helpers.child_nvim')

describe('a multi-file review walked by keys from Terminal mode', function()
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

  local function mode()
    return vim.rpcrequest(chan, 'nvim_get_mode').mode
  end

  local function wait_for(what, pred)
    assert(vim.wait(5000, pred, 20), 'timed out waiting for ' .. what)
  end

  --- Waits until the review shows `file` (its proposal buffer is current) and every typed key was handled.
  local function wait_shown(file)
    wait_for(file .. "'s proposal", function()
      return eval('return vim.api.nvim_buf_get_name(0)'):find('proposal/.*' .. vim.pesc(file) .. '$') ~= nil
        and not vim.rpcrequest(chan, 'nvim_get_mode').blocking
    end)
    -- a few main-loop turns for anything scheduled (a startinsert from a view that closed would land here)
    eval(
      '_G.turns = 0 local function turn() _G.turns = _G.turns + 1 if _G.turns < 3 then vim.schedule(turn) end end vim.schedule(turn)'
    )
    wait_for('three loop turns', function()
      vim.rpcrequest(chan, 'nvim_input', '<Ignore>')
      return eval('return _G.turns') >= 3
    end)
  end

  it(']f and [f leave the user in Normal mode; the next keys move the cursor; q goes back to Terminal mode', function()
    local term = eval([[
      vim.cmd.terminal('cat')
      vim.bo.filetype = 'claude-ide'
      return vim.api.nvim_get_current_win()
    ]])
    vim.rpcrequest(chan, 'nvim_input', 'i')
    wait_for('Terminal mode', function()
      return mode() == 't'
    end)
    eval([[
      local lualib = require('claude-ide.lualib_bundle')
      local config = require('claude-ide.config').validate(nil).config
      local home = vim.api.nvim_get_current_buf()
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function(id)
        return id == 7 and home or nil
      end)
      local function file(name, from, to)
        return { path = vim.fn.getcwd() .. '/' .. name, label = name, current = from, proposal = to,
          summary = 'changed by the agent', dirty = false }
      end
      vim.schedule(function()
        local opened = _G.diffs.openMulti({ title = 'turn 1', clientId = 7, files = {
          file('a.txt', { 'a1', 'a2', 'a3' }, { 'a1', 'A2', 'a3' }),
          file('b.txt', { 'line 1', 'line 2' }, { 'line 1', 'line 2 by sed' }),
        } })
        opened.review.onDecision(function(o) _G.outcome = o end)
      end)
    ]])
    wait_shown('a.txt')
    assert.are.equal('n', mode())

    vim.rpcrequest(chan, 'nvim_input', ']f')
    wait_shown('b.txt')
    assert.are.equal('n', mode())
    -- the keys the held-out run typed: in Insert mode they became the proposal's text
    vim.rpcrequest(chan, 'nvim_input', 'ggj')
    wait_for('the cursor on line 2', function()
      return eval('return vim.api.nvim_win_get_cursor(0)[1]') == 2
    end)
    assert.are.same({ 'line 1', 'line 2 by sed' }, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
    assert.are.equal('n', mode())

    vim.rpcrequest(chan, 'nvim_input', '[f')
    wait_shown('a.txt')
    assert.are.equal('n', mode())
    vim.rpcrequest(chan, 'nvim_input', 'G')
    wait_for('the cursor on the last line', function()
      return eval('return vim.api.nvim_win_get_cursor(0)[1]') == 3
    end)
    assert.are.same({ 'a1', 'A2', 'a3' }, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
    -- one review tab page at a time: the previous file's closed as the next opened
    assert.are.equal(2, eval('return #vim.api.nvim_list_tabpages()'))

    vim.rpcrequest(chan, 'nvim_input', 'q')
    wait_for('the answer', function()
      return eval('return _G.outcome ~= nil')
    end)
    assert.is_false(eval('return _G.outcome.accepted'))
    wait_for('Terminal mode in the terminal again', function()
      return mode() == 't'
    end)
    assert.are.equal(term, eval('return vim.api.nvim_get_current_win()'))
    assert.are.equal(1, eval('return #vim.api.nvim_list_tabpages()'))
  end)
end)
