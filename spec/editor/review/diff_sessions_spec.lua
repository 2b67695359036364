-- Two Claude sessions, one Neovim: their CLIs name a review after its file (`✻ [Claude Code] a.lua ⧉`), so both
-- may ask for reviews of the same name at once. Each session's review stands on its own: a new one replaces only
-- its own session's, and close_tab / proposalOf of one session never reach the other's. Driven through the real
-- DiffManager (Services.diff), as openDiff drives it.
local h = require('helpers.tools')

local TAB = '✻ [Claude Code] same.lua ⧉'

describe('reviews of two sessions with the same tab name', function()
  local ctx, path, outcomes

  before_each(function()
    ctx = h.context()
    path = h.file('same.lua', { 'old' })
    outcomes = {}
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function open(client, contents)
    local opened = ctx.services.diff.open({
      oldPath = path,
      newPath = path,
      contents = contents,
      tabName = TAB,
      clientId = client,
    })
    assert.is_true(opened.ok, opened.error)
    opened.review.onDecision(function(o)
      table.insert(outcomes, { client = client, contents = contents, accepted = o.accepted })
    end)
    return opened.review
  end

  local function only(client)
    return function(id)
      return id == client
    end
  end

  it("both stay open; a new review replaces only its own session's", function()
    open(1, 'from session 1\n')
    open(2, 'from session 2\n')
    vim.wait(50, function()
      return #outcomes > 0
    end, 5)
    assert.are.same({}, outcomes, "one session's review rejected the other's")
    assert.are.equal(1, ctx.services.diff.pendingFor(only(1)))
    assert.are.equal(1, ctx.services.diff.pendingFor(only(2)))
    assert.are.equal('from session 1\n', ctx.services.diff.proposalOf(TAB, only(1)))
    assert.are.equal('from session 2\n', ctx.services.diff.proposalOf(TAB, only(2)))
    -- Session 1 proposes again under the same name: its own earlier review is replaced (rejected), not 2's.
    open(1, 'again from session 1\n')
    assert.is_true(vim.wait(1000, function()
      return #outcomes == 1
    end, 5))
    assert.are.same({ client = 1, contents = 'from session 1\n', accepted = false }, outcomes[1])
    assert.are.equal('again from session 1\n', ctx.services.diff.proposalOf(TAB, only(1)))
    assert.are.equal('from session 2\n', ctx.services.diff.proposalOf(TAB, only(2)))
  end)

  it('close_tab of one session closes its own review only', function()
    open(1, 'one\n')
    open(2, 'two\n')
    assert.is_true(ctx.services.diff.closeTab(TAB, only(2)))
    assert.is_true(vim.wait(1000, function()
      return #outcomes == 1
    end, 5))
    assert.are.same({ client = 2, contents = 'two\n', accepted = false }, outcomes[1])
    assert.are.equal(1, ctx.services.diff.pendingFor(only(1)))
    assert.are.equal('one\n', ctx.services.diff.proposalOf(TAB, only(1)))
    -- Nothing of that name is left in session 2.
    assert.is_false(ctx.services.diff.closeTab(TAB, only(2)))
    assert.is_nil(ctx.services.diff.proposalOf(TAB, only(2)))
    assert.are.same({ 'old' }, vim.fn.readfile(path))
  end)

  it(":ClaudeCodeDiffDeny from another window of a review tab answers that tab's review, not its namesake", function()
    if vim.fn.exists(':ClaudeCodeDiffDeny') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
    open(1, 'one\n')
    open(2, 'two\n')
    -- Session 2's review tab: the one whose proposal holds its text.
    local tab2
    for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
      for _, win in ipairs(vim.api.nvim_tabpage_list_wins(tab)) do
        local v = vim.b[vim.api.nvim_win_get_buf(win)].claude_ide_diff
        if v and v.role == 'proposal' and vim.api.nvim_buf_get_lines(v.proposal, 0, 1, false)[1] == 'two' then
          tab2 = tab
        end
      end
    end
    assert.is_not_nil(tab2)
    vim.api.nvim_set_current_tabpage(tab2)
    vim.cmd('new') -- a window of the user's in that tab page: the cursor is in no review window
    vim.cmd('ClaudeCodeDiffDeny')
    assert.is_true(vim.wait(1000, function()
      return #outcomes == 1
    end, 5))
    assert.are.same({ client = 2, contents = 'two\n', accepted = false }, outcomes[1])
    assert.are.equal(1, ctx.services.diff.pendingFor(only(1)))
  end)
end)
