-- The keys of a multi-file review, typed as a user types them (nvim_input into a child Neovim with its own main
-- loop), in a review opened from the agent's terminal in Terminal mode: ]f / [f in its overview, and <CR> into a
-- file's own review and back, stay in Normal mode, so the next keys move the cursor instead of becoming text in a
-- proposal; focus goes back to the terminal, in Terminal mode, only when the review closes.
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

  --- Waits until every typed key was handled and the main loop turned a few times (anything scheduled ran: a
  --- startinsert from a view that closed would land by then).
  local function settled()
    wait_for('the typed keys', function()
      return not vim.rpcrequest(chan, 'nvim_get_mode').blocking
    end)
    eval(
      '_G.turns = 0 local function turn() _G.turns = _G.turns + 1 if _G.turns < 3 then vim.schedule(turn) end end vim.schedule(turn)'
    )
    wait_for('three loop turns', function()
      vim.rpcrequest(chan, 'nvim_input', '<Ignore>')
      return eval('return _G.turns') >= 3
    end)
  end

  --- Waits until the review's overview is the current buffer, the cursor on line `row` (any line: nil).
  local function wait_overview(row)
    wait_for('the overview' .. (row and ' at line ' .. row or ''), function()
      return eval('return vim.api.nvim_buf_get_name(0)'):find('^claude%-ide://turn 1') ~= nil
        and (row == nil or eval('return vim.api.nvim_win_get_cursor(0)[1]') == row)
    end)
    settled()
  end

  --- Waits until a file's own review shows `file` (its proposal buffer is current).
  local function wait_file(file)
    wait_for(file .. "'s proposal", function()
      return eval('return vim.api.nvim_buf_get_name(0)'):find(vim.pesc(file) .. ' %(proposal%)$') ~= nil
    end)
    settled()
  end

  it(']f / [f and <CR> into a file and back leave the user in Normal mode; q goes back to Terminal mode', function()
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
    -- title, a.txt's header (the cursor), its hunk (5 lines), b.txt's header (line 8), its hunk
    wait_overview(2)
    assert.are.equal('n', mode())
    local lines = eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)')
    assert.are.equal(12, #lines)

    vim.rpcrequest(chan, 'nvim_input', ']f')
    wait_overview(8)
    assert.are.equal('n', mode())
    -- the next keys move the cursor (in Insert mode they would have been typed)
    vim.rpcrequest(chan, 'nvim_input', 'gg')
    wait_overview(1)
    assert.are.equal('n', mode())
    vim.rpcrequest(chan, 'nvim_input', '[f')
    wait_overview(8)
    assert.are.equal('n', mode())
    assert.are.same(lines, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))

    -- <CR> on a.txt's hunk: its own review, in Normal mode; the next keys move its cursor
    vim.rpcrequest(chan, 'nvim_input', '[c<CR>')
    wait_file('a.txt')
    assert.are.equal('n', mode())
    assert.are.equal(3, eval('return #vim.api.nvim_list_tabpages()'))
    vim.rpcrequest(chan, 'nvim_input', 'G')
    wait_for('the cursor on the last line', function()
      return eval('return vim.api.nvim_win_get_cursor(0)[1]') == 3
    end)
    assert.are.same({ 'a1', 'A2', 'a3' }, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
    -- q there: back to the overview, on a.txt, in Normal mode
    vim.rpcrequest(chan, 'nvim_input', 'q')
    wait_overview(2)
    assert.are.equal('n', mode())
    assert.are.equal(2, eval('return #vim.api.nvim_list_tabpages()'))
    -- again, and :w there: back too
    vim.rpcrequest(chan, 'nvim_input', ']c<CR>')
    wait_file('a.txt')
    vim.rpcrequest(chan, 'nvim_input', ':w<CR>')
    wait_overview(2)
    assert.are.equal('n', mode())
    assert.is_true(eval('return _G.outcome == nil'), 'nothing decided yet')

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
