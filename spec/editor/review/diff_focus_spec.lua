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
      _G.configure = function(opts)
        -- Side by side (the default "auto" would pick unified at a headless Neovim's 80 columns).
        opts = vim.tbl_deep_extend('keep', opts or {}, { diff = { layout = 'vertical' } })
        local config = require('claude-ide.config').validate(opts).config
        -- the agent asking (connection 7) runs in the terminal buffer _G.home (none until a test sets it)
        _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function(id)
          return id == 7 and _G.home or nil
        end)
      end
      _G.configure(nil)
      _G.open_now = function(path, source)
        local opened = _G.diffs.open({
          oldPath = path, newPath = path, contents = 'changed\n', tabName = 'tab', source = source, clientId = 7,
        })
        opened.review.onDecision(function(outcome)
          _G.outcome = outcome
        end)
      end
      _G.open_review = function(path)
        vim.schedule(function()
          _G.open_now(path)
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

  it("takes the focus from the agent's own terminal and goes back there, in Terminal mode, after the review", function()
    local term = eval([[
      vim.cmd('vsplit')
      vim.cmd.terminal('cat')
      vim.bo.filetype = 'claude-ide'
      _G.home = vim.api.nvim_get_current_buf() -- the agent's own terminal (auto focus takes the focus from it)
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
    vim.rpcrequest(chan, 'nvim_input', ':w<CR>')
    wait_for('the answer', function()
      return eval('return _G.outcome ~= nil')
    end)
    assert.are.same({ accepted = true, text = 'changed\n' }, eval('return _G.outcome'))
    wait_for('Terminal mode again', function()
      return mode() == 't'
    end)
    assert.are.equal(term, eval('return vim.api.nvim_get_current_win()'))
  end)

  it('with focus = "always", leaves Insert mode for the review and returns to the file window after it', function()
    eval('_G.configure({ diff = { focus = "always" } })')
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

  local function file_with(lines)
    local path = vim.fn.tempname()
    vim.fn.writefile(lines, path)
    return path
  end

  local function edit(path)
    return eval(('vim.cmd.edit(%q) return vim.api.nvim_get_current_win()'):format(path))
  end

  local function proposal_lines()
    return eval([[
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        local v = vim.b[buf].claude_ide_diff
        if v and v.role == 'proposal' then return vim.api.nvim_buf_get_lines(buf, 0, -1, true) end
      end
    ]])
  end

  it('opens behind the user typing in Insert mode: focus, mode and the next keys stay theirs', function()
    local path = file_with({ 'original' })
    local win = edit(path)
    vim.rpcrequest(chan, 'nvim_input', 'A typing')
    wait_for('Insert mode', function()
      return mode() == 'i'
    end)
    eval(('_G.open_review(%q)'):format(path))
    wait_for('the review', function()
      return eval('return #vim.api.nvim_list_tabpages()') == 2
    end)
    assert.are.equal('i', mode())
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.equal(1, eval('return vim.g.claude_ide_reviews_waiting'))
    -- the keys typed next land in the user's buffer, none in the proposal
    vim.rpcrequest(chan, 'nvim_input', ' more x<Esc>')
    wait_for('Normal mode', function()
      return mode() == 'n'
    end)
    assert.are.same({ 'original typing more x' }, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
    assert.are.same({ 'changed' }, proposal_lines())
    -- still answerable: jump to it (what :ClaudeCodeFocus does), accept, and focus comes back
    assert.is_true(eval('return _G.diffs.focusWaiting()'))
    assert.are.equal(0, eval('return vim.g.claude_ide_reviews_waiting'))
    assert.are.equal('proposal', eval('return vim.b.claude_ide_diff.role'))
    vim.rpcrequest(chan, 'nvim_input', ':w<CR>')
    wait_for('the answer', function()
      return eval('return _G.outcome ~= nil')
    end)
    assert.are.same({ accepted = true, text = 'changed\n' }, eval('return _G.outcome'))
    wait_for('the file window', function()
      return eval('return vim.api.nvim_get_current_win()') == win
    end)
  end)

  it('opens behind a pending operator: the motion typed next completes it in the user buffer', function()
    local path = file_with({ 'one two three' })
    local win = edit(path)
    vim.rpcrequest(chan, 'nvim_input', 'd')
    wait_for('Operator-pending mode', function()
      return vim.startswith(mode(), 'no')
    end)
    eval(('_G.open_review(%q)'):format(path))
    wait_for('the review', function()
      return eval('return #vim.api.nvim_list_tabpages()') == 2
    end)
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    vim.rpcrequest(chan, 'nvim_input', 'w')
    wait_for('the deletion', function()
      return eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)[1]') == 'two three'
    end)
    assert.are.same({ 'changed' }, proposal_lines())
  end)

  it('opens behind the command line: the command typed runs where the user was', function()
    local path = file_with({ 'original' })
    local win = edit(path)
    vim.rpcrequest(chan, 'nvim_input', ':let g:typed = "ab')
    wait_for('Command-line mode', function()
      return mode() == 'c'
    end)
    eval(('_G.open_review(%q)'):format(path))
    wait_for('the review', function()
      return eval('return #vim.api.nvim_list_tabpages()') == 2
    end)
    vim.rpcrequest(chan, 'nvim_input', 'c"<CR>')
    wait_for('the command', function()
      return eval('return vim.g.typed') == 'abc'
    end)
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.equal('n', mode())
  end)

  it('never takes keys still waiting in the typeahead, even from Normal mode', function()
    local path = file_with({ 'original' })
    local win = edit(path)
    -- a key typed but not yet processed when the review opens (in the same callback)
    eval(('vim.api.nvim_feedkeys("x", "t", false) _G.open_now(%q)'):format(path))
    wait_for('the key processed', function()
      return eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)[1]') == 'riginal'
    end)
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.same({ 'changed' }, proposal_lines())
    assert.are.equal(1, eval('return vim.g.claude_ide_reviews_waiting'))
  end)

  it('opens behind another agent terminal in Terminal mode: the keys go on to that terminal', function()
    local win = eval([[
      vim.cmd.terminal('cat')
      vim.bo.filetype = 'claude-ide' -- a terminal of this plugin, but not the proposing agent's (_G.home unset)
      return vim.api.nvim_get_current_win()
    ]])
    vim.rpcrequest(chan, 'nvim_input', 'i')
    wait_for('Terminal mode', function()
      return mode() == 't'
    end)
    eval(('_G.open_review(%q)'):format(file_with({ 'original' })))
    wait_for('the review, behind', function()
      return eval('return vim.g.claude_ide_reviews_waiting') == 1
    end)
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.equal('t', mode())
    vim.rpcrequest(chan, 'nvim_input', 'still here<CR>')
    wait_for('the text echoed by cat', function()
      return eval(
        [[return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n"):find("still here", 1, true) ~= nil]]
      )
    end)
    assert.are.same({ 'changed' }, proposal_lines())
  end)

  it('opens behind Normal mode with "auto" and "never", and says so in the statusline', function()
    local path = file_with({ 'original' })
    local win = edit(path)
    for _, focus in ipairs({ 'auto', 'never' }) do
      eval(('_G.outcome = nil _G.configure({ diff = { focus = %q } })'):format(focus))
      eval(('_G.open_review(%q)'):format(path))
      wait_for('the review, behind', function()
        return eval('return #vim.api.nvim_list_tabpages()') == 2
      end)
      assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
      assert.are.equal('n', mode())
      assert.are.equal(1, eval('return vim.g.claude_ide_reviews_waiting'))
      assert.are.equal('Claude: a review waits', eval('return require("claude-ide").statusline()'))
      eval('_G.diffs.closeAll()')
      wait_for('the review closed', function()
        return eval('return #vim.api.nvim_list_tabpages()') == 1
      end)
    end
  end)

  it('opens behind Normal mode while the user types there: every key lands in their buffer', function()
    local path = file_with({ 'one', 'two' })
    local win = edit(path)
    -- keys before, with, and after the review's arrival, all from the same queue as a user's keyboard
    vim.rpcrequest(chan, 'nvim_input', 'x')
    eval(('_G.open_review(%q)'):format(path))
    vim.rpcrequest(chan, 'nvim_input', 'jA more')
    vim.rpcrequest(chan, 'nvim_input', ' text<Esc>')
    wait_for('the typing done', function()
      return mode() == 'n' and eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)[2]') == 'two more text'
    end)
    wait_for('the review, behind', function()
      return eval('return vim.g.claude_ide_reviews_waiting') == 1
    end)
    assert.are.same({ 'ne', 'two more text' }, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.same({ 'changed' }, proposal_lines())
  end)

  it('opens behind an idle Normal mode: `o` and text typed 200 ms after it appeared land in the user buffer', function()
    local path = file_with({ 'original' })
    local win = edit(path)
    -- the user's reaction, typed by the child itself 200 ms after the review opened (its own timer, its own
    -- input queue: no timing luck in this process)
    eval([[
      vim.api.nvim_create_autocmd('User', { pattern = 'ClaudeIdeDiffOpened', once = true, callback = function()
        vim.defer_fn(function() vim.api.nvim_input('otyped after<Esc>') end, 200)
      end })
    ]])
    eval(('_G.open_review(%q)'):format(path))
    wait_for('the typed line', function()
      return mode() == 'n' and #eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)') == 2
    end)
    assert.are.same({ 'original', 'typed after' }, eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)'))
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.same({ 'changed' }, proposal_lines())
    assert.are.equal(1, eval('return vim.g.claude_ide_reviews_waiting'))
  end)

  it('opens behind Visual mode: the selection and the operator typed next stay in the user buffer', function()
    local path = file_with({ 'one two three' })
    local win = edit(path)
    vim.rpcrequest(chan, 'nvim_input', 'vee')
    wait_for('Visual mode', function()
      return mode() == 'v'
    end)
    eval(('_G.open_review(%q)'):format(path))
    wait_for('the review', function()
      return eval('return #vim.api.nvim_list_tabpages()') == 2
    end)
    assert.are.equal('v', mode())
    vim.rpcrequest(chan, 'nvim_input', 'd')
    wait_for('the deletion', function()
      return eval('return vim.api.nvim_buf_get_lines(0, 0, -1, true)[1]') == ' three'
    end)
    assert.are.equal(win, eval('return vim.api.nvim_get_current_win()'))
    assert.are.same({ 'changed' }, proposal_lines())
  end)

  it(
    'keeps the winbar title and session name in a narrow window: the hints go (what decides last), and come back',
    function()
      local path = file_with({ 'original' })
      edit(path)
      eval('_G.configure({ diff = { focus = "always" } })')
      eval('vim.o.columns = 121')
      eval(('_G.open_now(%q, "claude 2")'):format(path))
      local function bar()
        return eval([[
        local win = vim.fn.win_getid(vim.fn.bufwinnr(vim.b.claude_ide_diff.proposal))
        return { width = vim.api.nvim_win_get_width(win),
                 text = vim.api.nvim_eval_statusline(vim.wo[win].winbar, { winid = win, use_winbar = true }).str }
      ]])
      end
      local narrow = bar()
      assert.is_true(narrow.width <= 61, narrow.width)
      assert.matches("^ %[claude 2%] Claude's proposal  :w accept  q reject", narrow.text)
      assert.is_nil(narrow.text:find('next/prev', 1, true), 'what moves went before what decides')
      assert.is_nil(narrow.text:find('<', #narrow.text, true), 'nothing cut by Neovim')
      -- the editor grows (the terminal emulator resized): WinResized fits the bar again, every hint back
      vim.rpcrequest(chan, 'nvim_input', '<Ignore>') -- a main-loop turn, as a user's key
      eval('vim.o.columns = 400')
      vim.rpcrequest(chan, 'nvim_input', '<Ignore>')
      wait_for('the hints back', function()
        return bar().text:find('next/prev', 1, true) ~= nil
      end)
      -- so narrow that even the title does not fit: cut at its end, its start (the session name) stays
      eval('vim.cmd("vertical resize 12")')
      vim.rpcrequest(chan, 'nvim_input', '<Ignore>')
      wait_for('the title cut at its end', function()
        return bar().text:find('^ %[claude 2%]') ~= nil and bar().text:sub(-1) == '>'
      end)
    end
  )
end)
