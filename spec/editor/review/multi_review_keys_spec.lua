-- The keys of a multi-file review, typed as a user types them (nvim_input into a child Neovim with its own main
-- loop), in a review opened from the agent's terminal in Terminal mode: ]f / [f in its overview, and <CR> into a
-- file's own review (never applying anything) and back, stay in Normal mode, so the next keys move the cursor
-- instead of becoming text in a proposal; :w applies; q asks once something was decided, and each answer does what
-- it says; focus goes back to the terminal, in Terminal mode, only when the review closes.
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

  --- Opens a review of a.txt and b.txt (files on disk in a folder of their own) from the agent's terminal, in
  --- Terminal mode, a turn's (`turn`) or a proposal; returns the terminal's window and the folder.
  local function open_review(turn)
    local term = eval([[
      vim.cmd.terminal('cat')
      vim.bo.filetype = 'claude-ide'
      return vim.api.nvim_get_current_win()
    ]])
    vim.rpcrequest(chan, 'nvim_input', 'i')
    wait_for('Terminal mode', function()
      return mode() == 't'
    end)
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    vim.fn.writefile({ 'a1', 'a2', 'a3' }, dir .. '/a.txt')
    vim.fn.writefile({ 'line 1', 'line 2' }, dir .. '/b.txt')
    eval(([[
      local lualib = require('claude-ide.lualib_bundle')
      local config = require('claude-ide.config').validate(nil).config
      local home = vim.api.nvim_get_current_buf()
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function(id)
        return id == 7 and home or nil
      end)
      local dir, turn = %q, %s
      local function file(name, from, to)
        return { path = dir .. '/' .. name, label = name, current = from, proposal = to,
          summary = 'changed by the agent', dirty = false }
      end
      vim.schedule(function()
        local opened = _G.diffs.openMulti({ title = 'turn 1', clientId = 7, turn = turn, files = {
          file('a.txt', { 'a1', 'a2', 'a3' }, { 'a1', 'A2', 'a3' }),
          file('b.txt', { 'line 1', 'line 2' }, { 'line 1', 'line 2 by sed' }),
        } })
        opened.review.onDecision(function(o) _G.outcome = o end)
      end)
    ]]):format(dir, tostring(turn == true)))
    -- title, a.txt's header (the cursor), its hunk (5 lines), b.txt's header (line 8), its hunk
    wait_overview(2)
    return term, dir
  end

  --- Waits until the review answered; returns its outcome.
  local function wait_outcome()
    wait_for('the answer', function()
      return eval('return _G.outcome ~= nil')
    end)
    return eval('return _G.outcome')
  end

  local function lines()
    return eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)')
  end

  it(']f then <CR> opens the file (nothing applied, nothing written); back; gH; :w applies', function()
    local term, dir = open_review(true)
    assert.are.equal('n', mode())
    local all = lines()
    assert.are.equal(12, #all)

    vim.rpcrequest(chan, 'nvim_input', ']f')
    wait_overview(8)
    assert.are.equal('n', mode())
    -- the next keys move the cursor (in Insert mode they would have been typed)
    vim.rpcrequest(chan, 'nvim_input', 'gg')
    wait_overview(1)
    vim.rpcrequest(chan, 'nvim_input', '[f')
    wait_overview(8)
    assert.are.same(all, lines())

    -- <CR> on b.txt's header: its own review, in Normal mode; nothing is decided, nothing written
    vim.rpcrequest(chan, 'nvim_input', '<CR>')
    wait_file('b.txt')
    assert.are.equal('n', mode())
    assert.are.equal(3, eval('return #vim.api.nvim_list_tabpages()'))
    assert.is_true(eval('return _G.outcome == nil'), '<CR> applies nothing')
    assert.are.same({ 'a1', 'a2', 'a3' }, vim.fn.readfile(dir .. '/a.txt'))
    assert.are.same({ 'line 1', 'line 2' }, vim.fn.readfile(dir .. '/b.txt'))
    -- its winbar says first how to go back
    assert.matches('^ :w back keeping  q back discarding', eval('return vim.wo.winbar'))
    vim.rpcrequest(chan, 'nvim_input', 'G')
    wait_for('the cursor on the last line', function()
      return eval('return vim.api.nvim_win_get_cursor(0)[1]') == 2
    end)
    -- q there (nothing decided there): back to the overview, on the hunk it left from, in Normal mode
    vim.rpcrequest(chan, 'nvim_input', 'q')
    wait_overview(9)
    assert.are.equal('n', mode())
    assert.are.equal(2, eval('return #vim.api.nvim_list_tabpages()'))
    assert.is_true(eval('return _G.outcome == nil'), 'nothing decided yet')

    -- gH on b.txt's hunk: to revert; :w applies
    vim.rpcrequest(chan, 'nvim_input', 'gH')
    wait_for('the header', function()
      return lines()[8] == 'b.txt (changed by the agent): 1 of 1 hunk to revert'
    end)
    vim.rpcrequest(chan, 'nvim_input', ':w<CR>')
    local outcome = wait_outcome()
    assert.is_true(outcome.accepted)
    assert.are.same({ { 'a1', 'A2', 'a3' }, { 'line 1', 'line 2' } }, outcome.files)
    wait_for('Terminal mode in the terminal again', function()
      return mode() == 't'
    end)
    assert.are.equal(term, eval('return vim.api.nvim_get_current_win()'))
    assert.are.equal(1, eval('return #vim.api.nvim_list_tabpages()'))
  end)

  it('q with nothing decided closes: a turn is kept as it is', function()
    open_review(true)
    vim.rpcrequest(chan, 'nvim_input', 'q')
    assert.are.same({ accepted = false }, wait_outcome())
  end)

  it('q in a turn review after decisions asks: (g)o back stays, (d)iscard keeps the turn as it is', function()
    open_review(true)
    vim.rpcrequest(chan, 'nvim_input', ']cgH')
    wait_for('the header', function()
      return lines()[2] == 'a.txt (changed by the agent): 1 of 1 hunk to revert'
    end)
    vim.rpcrequest(chan, 'nvim_input', 'qg')
    settled()
    assert.is_true(eval('return _G.outcome == nil'), 'go back: still open')
    assert.are.equal('a.txt (changed by the agent): 1 of 1 hunk to revert', lines()[2], 'the decision stays')
    vim.rpcrequest(chan, 'nvim_input', 'q<Esc>')
    settled()
    assert.is_true(eval('return _G.outcome == nil'), '<Esc>: still open')
    vim.rpcrequest(chan, 'nvim_input', 'qd')
    assert.are.same({ accepted = false }, wait_outcome())
  end)

  it(':q, <C-w>c and :tabclose after a decision refuse (E37, the buffer is modified); :q! discards', function()
    open_review(true)
    assert.is_false(eval('return vim.bo.modified'), 'nothing decided: not modified')
    vim.rpcrequest(chan, 'nvim_input', ']cgH')
    wait_for('the header', function()
      return lines()[2] == 'a.txt (changed by the agent): 1 of 1 hunk to revert'
    end)
    assert.is_true(eval('return vim.bo.modified'), 'a decision made: modified')
    for _, keys in ipairs({ ':q<CR>', '<C-w>c', ':tabclose<CR>', ':qa<CR>' }) do
      eval('vim.v.errmsg = ""')
      vim.rpcrequest(chan, 'nvim_input', keys)
      settled()
      assert.matches('^E%d+: No write since last change', eval('return vim.v.errmsg'), 1, keys)
      assert.is_true(eval('return _G.outcome == nil'), keys .. ': still open')
      assert.are.equal('a.txt (changed by the agent): 1 of 1 hunk to revert', lines()[2], keys .. ': decision kept')
    end
    -- :q! closes without the decisions, as q then (d)iscard does
    vim.rpcrequest(chan, 'nvim_input', ':q!<CR>')
    assert.are.same({ accepted = false }, wait_outcome())
  end)

  it(
    ':wa and :wqa typed in another tab page apply nothing and quit nothing; the review says how to apply it',
    function()
      open_review(true)
      vim.rpcrequest(chan, 'nvim_input', ']cgH')
      wait_for('the header', function()
        return lines()[2] == 'a.txt (changed by the agent): 1 of 1 hunk to revert'
      end)
      local review_tab = eval('return vim.api.nvim_get_current_tabpage()')
      eval([[vim.cmd('tabnew') _G.said = {} local n = vim.notify
      vim.notify = function(m, ...) table.insert(_G.said, m) return n(m, ...) end]])
      for _, keys in ipairs({ ':wa<CR>', ':wqa<CR>' }) do
        vim.rpcrequest(chan, 'nvim_input', keys)
        settled()
        assert.is_true(eval('return _G.outcome == nil'), keys .. ': nothing applied')
        assert.are.equal(
          true,
          eval(
            ('return vim.bo[vim.api.nvim_win_get_buf(vim.api.nvim_tabpage_get_win(%d))].modified'):format(review_tab)
          ),
          keys .. ': the review still modified'
        )
      end
      assert.matches(
        'a write of every buffer does not apply it; :w in it applies',
        table.concat(eval('return _G.said'), '\n')
      )
      -- the plugin's own way in (:ClaudeCodeDiffAccept) from here applies it
      eval(([[require('claude-ide.editor.review.view_parts').writeToAccept(
      vim.api.nvim_win_get_buf(vim.api.nvim_tabpage_get_win(%d)))]]):format(review_tab))
      local outcome = wait_outcome()
      assert.is_true(outcome.accepted)
      assert.are.same({ { 'a1', 'a2', 'a3' }, { 'line 1', 'line 2 by sed' } }, outcome.files)
    end
  )

  it('undeciding the last decision leaves the overview unmodified again', function()
    open_review(true)
    vim.rpcrequest(chan, 'nvim_input', ']cgH')
    wait_for('the header', function()
      return lines()[2] == 'a.txt (changed by the agent): 1 of 1 hunk to revert'
    end)
    vim.rpcrequest(chan, 'nvim_input', '[cgH')
    wait_for('undecided', function()
      return lines()[2] == 'a.txt (changed by the agent): 1 hunk'
    end)
    assert.is_false(eval('return vim.bo.modified'))
  end)

  it("a file's review opened from the overview: :q after gh refuses (E37); :q! goes back without it", function()
    open_review(true)
    vim.rpcrequest(chan, 'nvim_input', ']c<CR>')
    wait_file('a.txt')
    vim.rpcrequest(chan, 'nvim_input', 'gh')
    settled()
    assert.is_true(eval('return vim.bo.modified'), 'a decision made there: modified')
    eval('vim.v.errmsg = ""')
    vim.rpcrequest(chan, 'nvim_input', ':q<CR>')
    settled()
    assert.matches('^E37: No write since last change', eval('return vim.v.errmsg'))
    vim.rpcrequest(chan, 'nvim_input', ':q!<CR>')
    wait_overview()
    assert.are.equal('a.txt (changed by the agent): 1 hunk', lines()[2], 'discarded')
    assert.is_true(eval('return _G.outcome == nil'), 'the overview still open')
  end)

  it('q in a turn review after decisions asks: (a)pply applies them', function()
    open_review(true)
    vim.rpcrequest(chan, 'nvim_input', ']cgH')
    wait_for('the header', function()
      return lines()[2] == 'a.txt (changed by the agent): 1 of 1 hunk to revert'
    end)
    vim.rpcrequest(chan, 'nvim_input', 'qa')
    local outcome = wait_outcome()
    assert.is_true(outcome.accepted)
    assert.are.same({ { 'a1', 'a2', 'a3' }, { 'line 1', 'line 2 by sed' } }, outcome.files)
  end)

  it('q in a proposal after decisions asks: (a)ccept accepts as decided, (r)eject rejects', function()
    open_review(false)
    vim.rpcrequest(chan, 'nvim_input', ']cgH')
    wait_for('the header', function()
      return lines()[2] == 'a.txt (changed by the agent): 1 of 1 hunk rejected'
    end)
    vim.rpcrequest(chan, 'nvim_input', 'qr')
    assert.are.same({ accepted = false }, wait_outcome())
  end)

  it(
    "q in a file's review opened from the overview after gh asks: (k)eep back with it, (d)iscard back without",
    function()
      open_review(true)
      vim.rpcrequest(chan, 'nvim_input', ']c<CR>')
      wait_file('a.txt')
      -- gH there: the hunk reverted in the file's review; q asks, d goes back without it
      vim.rpcrequest(chan, 'nvim_input', 'gH')
      wait_for('the hunk reverted there', function()
        return lines()[2] == 'a2'
      end)
      vim.rpcrequest(chan, 'nvim_input', 'qd')
      wait_overview(3)
      assert.are.equal('a.txt (changed by the agent): 1 hunk', lines()[2], 'discarded')
      -- again, and k goes back with it
      vim.rpcrequest(chan, 'nvim_input', '<CR>')
      wait_file('a.txt')
      vim.rpcrequest(chan, 'nvim_input', 'gH')
      wait_for('the hunk reverted there', function()
        return lines()[2] == 'a2'
      end)
      vim.rpcrequest(chan, 'nvim_input', 'qk')
      wait_overview(2)
      assert.are.equal('a.txt (changed by the agent): no change of its text', lines()[2], 'kept')
      assert.is_true(eval('return _G.outcome == nil'), 'nothing applied yet')
      vim.rpcrequest(chan, 'nvim_input', ':w<CR>')
      local outcome = wait_outcome()
      assert.are.same({ { 'a1', 'a2', 'a3' }, { 'line 1', 'line 2 by sed' } }, outcome.files)
    end
  )
  it('g? lists every key of the view in a float; q closes the float, not the review', function()
    open_review(true)
    local function float_keys()
      wait_for('the g? float', function()
        return eval('return vim.b.claude_ide_review_keys ~= nil')
      end)
      assert.is_true(eval('return vim.api.nvim_win_get_config(0).relative ~= ""'), 'g? opens a float')
      local keys = {}
      for _, line in ipairs(lines()) do
        keys[line:match('^  (%S+)')] = line
      end
      return keys
    end
    vim.rpcrequest(chan, 'nvim_input', 'g?')
    local keys = float_keys()
    -- the overview of a turn: what decides, what moves, and this list itself, each with what it does
    for _, lhs in ipairs({ ':w', 'q', 'gh', 'gH', '<CR>', ']c', '[c', ']f', '[f', 'gR', 'Q', 'g?' }) do
      assert.is_truthy(keys[lhs], 'the float lists ' .. lhs .. ': ' .. vim.inspect(keys))
    end
    assert.matches('apply', keys[':w'])
    assert.matches('open', keys['<CR>'])
    vim.rpcrequest(chan, 'nvim_input', 'q')
    wait_overview(2)
    assert.is_true(eval('return _G.outcome == nil'), 'q in the float closes only the float')

    -- a file's review opened from the overview lists its own keys: :w goes back keeping, q back discarding
    vim.rpcrequest(chan, 'nvim_input', '<CR>')
    wait_file('a.txt')
    vim.rpcrequest(chan, 'nvim_input', 'g?')
    keys = float_keys()
    assert.matches('back', keys[':w'])
    assert.matches('back', keys['q'])
    vim.rpcrequest(chan, 'nvim_input', '<Esc>')
    wait_file('a.txt')
    assert.is_true(eval('return vim.b.claude_ide_review_keys == nil'), '<Esc> closes the float')
  end)
end)
