-- The plan review as a user reads it on a real screen (helpers/screen: a child Neovim with a UI attached) at 80,
-- 160 and 240 columns: the plan's lines from the first column, its tab page named for it, and its winbar saying
-- how to answer it where it has the room today; an edit typed into it is on the screen.
local screen = require('helpers.screen')

local PLAN = '# Plan\n\n1. Add a flag\n2. Test it\n'

describe('the plan review on screen', function()
  local s

  setup(function()
    s = screen.new({ width = 80, height = 20 })
    s:lua([[
      local lualib = require('claude-ide.lualib_bundle')
      local config = require('claude-ide.config').validate({ diff = { focus = 'always' } }).config
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function()
        return nil
      end)
    ]])
  end)

  teardown(function()
    s:close()
  end)

  after_each(function()
    s:lua('_G.diffs.closeAll()')
  end)

  local function open(width)
    s:resize(width, 20)
    s:lua(
      [[_G.diffs.openPlan({ plan = ..., client = 'Claude Code', name = 'brave-plan.md', canApprove = true,
        clientId = 7 })]],
      PLAN
    )
    assert.is_true(
      s:wait_for(function()
        return s:find('1. Add a flag') ~= nil
      end),
      s:show()
    )
  end

  for _, width in ipairs({ 80, 160, 240 }) do
    describe(('at %d columns'):format(width), function()
      it('shows the plan from the first column under its winbar, its tab named for it', function()
        open(width)
        local heading, col = s:find('# Plan')
        assert.are.equal(1, col, s:show())
        assert.are.same({ heading + 2, 1 }, { s:find('1. Add a flag') })
        assert.are.same({ heading + 3, 1 }, { s:find('2. Test it') })
        local win = s:window_at(heading)
        assert.are.equal(1, win.winbar, s:show())
        assert.are.equal(heading - 1, win.winrow, s:show())
        assert.is_truthy(s:text(1):find('brave-plan.md', 1, true), s:show())
      end)

      it('says in its winbar how to answer the plan, where it has the room today', function()
        open(width)
        local bar = s:winbar()
        assert.is_truthy(bar, s:show())
        assert.is_true(vim.api.nvim_strwidth(bar) <= width, s:show())
        if width >= 160 then
          assert.is_truthy(bar:find(':w', 1, true), bar)
          assert.is_truthy(bar:find('%f[%a]q%f[%A]'), bar)
        end
      end)

      it('shows an edit typed into the plan', function()
        open(width)
        s:input('GoTell the user<Esc>')
        local row = s:find('2. Test it')
        assert.are.same({ row + 1, 1 }, { s:find('Tell the user') })
      end)
    end)
  end
end)
