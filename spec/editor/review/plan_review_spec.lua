-- The plan review (DiffService.openPlan, editor/review/plan_review): the plan as an editable markdown buffer in a tab
-- page of its own; approved with :w, <CR> or :ClaudeCodeDiffAccept (with the user's edits), refused with q
-- (which asks for feedback), :ClaudeCodeDiffDeny {feedback} or by closing it; ended without an answer by
-- closeAllDiffTabs / a server stop ("gone": the CLI then asks in its own dialog) and closed by a cancelled
-- call. It takes the focus only from the asking agent's terminal (diff.focus "auto"), never from a file the user
-- is in (spec/editor/plan_review_focus_spec.lua: the focus rule with real modes).
local h = require('helpers.tools')
local d = require('helpers.diff')

local PLAN = '# Plan\n\n1. Add a flag\n2. Test it\n'

describe('plan review', function()
  local ctx, manager, before, real_input

  setup(function()
    if vim.fn.exists(':ClaudeCodeDiffDeny') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
    -- Neovim 0.12 makes global autocmds the first time some of its parts load: the treesitter query module
    -- (the markdown ftplugin starts treesitter) and the default statusline's progress tracking (the waiting
    -- count redraws the statuslines). Loaded here, so that "nothing left behind" counts only the review's own.
    pcall(require, 'vim.treesitter.query')
    if vim.ui.progress_status then
      vim.ui.progress_status()
    end
  end)

  before_each(function()
    ctx = h.context({ diff = { focus = 'auto' } }) -- reviews open behind the spec's file window
    manager = ctx.services.diff
    before = d.snapshot()
    real_input = vim.ui.input
  end)

  after_each(function()
    vim.ui.input = real_input
    ctx.dispose()
    h.reset_editor()
  end)

  --- Opens a plan review; returns the pending review and a function giving its outcome (nil while pending).
  local function open(opts)
    opts = opts or {}
    local opened = manager.openPlan({
      plan = opts.plan or PLAN,
      client = 'Claude Code',
      name = 'brave-plan.md',
      canApprove = opts.canApprove ~= false,
      clientId = opts.clientId,
    })
    assert.is_true(opened.ok, opened.error)
    local outcome
    opened.review.onDecision(function(o)
      outcome = o
    end)
    return opened.review, function()
      return outcome
    end
  end

  local function wait(get)
    assert.is_true(
      vim.wait(2000, function()
        return get() ~= nil
      end, 10),
      'no decision'
    )
    return get()
  end

  --- The plan buffer (any tab page).
  local function plan_buf()
    return d.wait_proposal(1000)
  end

  --- Goes to the plan's window (it opened behind: the spec's window is a plain buffer in Normal mode).
  local function go_to_plan()
    assert.is_true(manager.focusWaiting())
    assert.are.equal(plan_buf(), vim.api.nvim_get_current_buf())
  end

  -- The wide screens of these specs are set only where the review takes the focus: Neovim 0.12 headless (no UI)
  -- crashes later in nvim_get_keymap after a `redrawstatus!` (the waiting count) with 'columns' raised.
  it('opens behind a file the user is in: markdown, editable, named after the client; a message says so', function()
    local messages = d.capture_messages()
    local origin = vim.api.nvim_get_current_win()
    local _, outcome = open()
    messages.restore()
    assert.are.equal(origin, vim.api.nvim_get_current_win(), 'the focus stays where the user is')
    assert.are.equal(2, #vim.api.nvim_list_tabpages())
    assert.are.equal(1, vim.g.claude_ide_reviews_waiting)
    assert.matches('Claude Code waits for you to review its plan', messages.text())
    local buf = plan_buf()
    assert.are.same({ '# Plan', '', '1. Add a flag', '2. Test it' }, d.lines(buf))
    assert.are.equal('markdown', vim.bo[buf].filetype)
    assert.are.equal('acwrite', vim.bo[buf].buftype)
    assert.is_true(vim.bo[buf].modifiable)
    assert.is_false(vim.bo[buf].modified)
    assert.are.equal('claude-ide://[Claude Code] plan: brave-plan.md', vim.api.nvim_buf_get_name(buf))
    go_to_plan()
    assert.are.equal(0, vim.g.claude_ide_reviews_waiting)
    assert.matches('^ %[Claude Code%] plan: brave%-plan%.md', vim.wo.winbar)
    vim.cmd('write')
    assert.are.same({ kind = 'approved', text = PLAN, edited = false }, wait(outcome))
    d.assert_clean(before)
    assert.are.equal(origin, vim.api.nvim_get_current_win(), 'the focus goes back')
  end)

  --- A wide screen (every winbar part fits) for the rest of the test.
  local function wide()
    local columns = vim.o.columns
    vim.o.columns = 300
    finally(function()
      vim.o.columns = columns
    end)
  end

  it(
    "takes the focus from the asking agent's terminal (where the user waits for it); the winbar names the keys",
    function()
      wide()
      local term, term_buf = h.terminal_window()
      ctx.hub.terminals[7] = term_buf -- the agent asking (connection 7) runs there
      before = d.snapshot()
      local _, outcome = open({ clientId = 7 })
      assert.are.equal(plan_buf(), vim.api.nvim_get_current_buf())
      assert.are_not.equal(term, vim.api.nvim_get_current_win())
      assert.is_nil(vim.b.claude_ide_diff.waiting)
      local bar = vim.wo.winbar
      assert.matches('^ %[Claude Code%] plan: brave%-plan%.md', bar)
      assert.matches('  :w approve  q refuse with feedback', bar, 1, true)
      assert.matches('q refuse with feedback', bar, 1, true)
      vim.cmd('ClaudeCodeDiffAccept')
      assert.are.equal('approved', wait(outcome).kind)
      d.assert_clean(before)
      assert.are.equal(term, vim.api.nvim_get_current_win())
    end
  )

  it(':w approves the plan as the user edited it', function()
    local _, outcome = open()
    go_to_plan()
    vim.api.nvim_buf_set_lines(0, 3, 4, true, { '2. Test it on both versions', '3. Document it' })
    vim.cmd('write')
    assert.are.same({
      kind = 'approved',
      text = '# Plan\n\n1. Add a flag\n2. Test it on both versions\n3. Document it\n',
      edited = true,
    }, wait(outcome))
    d.assert_clean(before)
  end)

  it('a plan given with CRLF or without a final newline is not counted as edited', function()
    local _, outcome = open({ plan = '# Plan\r\n\r\nStep one' })
    go_to_plan()
    vim.cmd('write')
    assert.are.same({ kind = 'approved', text = '# Plan\n\nStep one\n', edited = false }, wait(outcome))
    d.assert_clean(before)
  end)

  it(':ClaudeCodeDiffDeny {feedback} refuses with the feedback, from anywhere', function()
    local events = d.record_events()
    local _, outcome = open()
    vim.cmd('ClaudeCodeDiffDeny too risky')
    assert.are.same({ kind = 'refused', feedback = 'too risky' }, wait(outcome))
    vim.wait(1000, function()
      return #events == 2
    end, 10)
    events.stop()
    assert.are.same('DIFF_REJECTED', events[2].data.result)
    assert.are.same('too risky', events[2].data.reason)
    d.assert_clean(before)
  end)

  it('q asks for the feedback and refuses with it; cancelling the question leaves the plan open', function()
    local _, outcome = open()
    go_to_plan()
    local prompts = {}
    vim.ui.input = function(opts, on_confirm)
      table.insert(prompts, opts.prompt)
      on_confirm(nil)
    end
    d.press('q')
    d.tick()
    assert.is_nil(outcome())
    assert.are.equal(plan_buf(), vim.api.nvim_get_current_buf())
    vim.ui.input = function(opts, on_confirm)
      table.insert(prompts, opts.prompt)
      on_confirm('split step 2 in two')
    end
    d.press('q')
    assert.are.same({ kind = 'refused', feedback = 'split step 2 in two' }, wait(outcome))
    assert.are.equal(2, #prompts)
    assert.matches('Feedback', prompts[1])
    d.assert_clean(before)
  end)

  it('closing its window refuses it without feedback', function()
    local _, outcome = open()
    go_to_plan()
    vim.cmd('quit')
    assert.are.same({ kind = 'refused' }, wait(outcome))
    d.assert_clean(before)
  end)

  it(
    'closeAllDiffTabs of its session and a server stop end it as gone (no answer); another session leaves it',
    function()
      local _, first = open({ clientId = 7 })
      assert.are.equal(
        0,
        manager.closeAll(function(id)
          return id == 8
        end)
      )
      assert.is_nil(first())
      assert.are.equal(
        1,
        manager.pendingFor(function(id)
          return id == 7
        end)
      )
      assert.are.equal(
        1,
        manager.closeAll(function(id)
          return id == 7
        end)
      )
      assert.are.same({ kind = 'gone' }, wait(first))
      local _, second = open({ clientId = 7 })
      manager.dispose() -- what a server stop does
      assert.are.same({ kind = 'gone' }, wait(second))
      d.assert_clean(before)
    end
  )

  it('a cancelled call (the hook went away) closes the plan and decides nothing', function()
    local review, outcome = open()
    review.cancel()
    d.assert_clean(before)
    assert.is_nil(outcome())
  end)

  it('when approving cannot answer the CLI (Gemini CLI, Qwen Code), the winbar says the CLI asks', function()
    wide()
    local _, term_buf = h.terminal_window()
    ctx.hub.terminals[7] = term_buf
    before = d.snapshot()
    local _, outcome = open({ canApprove = false, clientId = 7 })
    assert.matches(":w answer in Claude Code's own dialog", vim.wo.winbar, 1, true)
    vim.cmd('write')
    assert.are.equal('approved', wait(outcome).kind)
    d.assert_clean(before)
  end)
end)
