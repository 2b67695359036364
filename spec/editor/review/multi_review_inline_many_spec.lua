-- A turn of many files reviewed in the user's own buffers (review.inline, editor/review/multi_review showInline):
-- every loaded file's buffer gets its inline view, a few files a loop turn, while the overview's highlighting waits;
-- once they are all shown the overview is highlighted to its last file all the same. A buffer in a window shows
-- its hunks at the next screen update (the view marks it for redraw without drawing the screen itself).
-- bench/inline_view.lua measures the time to open it and how long the editor is held meanwhile.
local screen = require('helpers.screen')

describe('the inline view of a turn of many files', function()
  local s

  after_each(function()
    if s then
      s:close()
    end
  end)

  it('shows every file in its buffer, then highlights the whole overview', function()
    s = screen.new({ width = 120, height = 30 })
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    s:cmd('cd ' .. vim.fn.fnameescape(dir))
    s:cmd('set cmdheight=10')
    local files = 30
    s:lua(
      [[
      local files = ...
      local lualib = require('claude-ide.lualib_bundle')
      local config = require('claude-ide.config').validate({ diff = { focus = 'never' } }).config
      _G.diffs = lualib.__TS__New(require('claude-ide.editor.review.diff').DiffManager, config, function() return nil end)
      _G.bufs, _G.list = {}, {}
      for f = 1, files do
        local before, after = {}, {}
        for l = 1, 400 do
          before[l] = ('local f%d_%d = compute(%d)'):format(f, l, l)
          after[l] = l % 10 == 5 and before[l]:gsub('compute', 'compute_v2') or before[l]
        end
        local name = ('file_%02d.lua'):format(f)
        vim.fn.writefile(after, name)
        local buf = vim.fn.bufadd(name)
        vim.fn.bufload(buf)
        vim.bo[buf].buflisted = true
        _G.bufs[f] = buf
        _G.list[f] = { path = vim.fn.getcwd() .. '/' .. name, label = name, current = before, proposal = after,
          summary = "changed by the agent's edits", dirty = false, baseLabel = 'Before turn 1' }
      end
      vim.api.nvim_set_current_buf(_G.bufs[1])
      local opened = _G.diffs.openMulti({ title = 'turn 1: many files', client = 'Claude Code', turn = true,
        inline = true, files = _G.list })
      assert(opened.ok, opened.error)
      _G.overview = function()
        for _, b in ipairs(vim.api.nvim_list_bufs()) do
          local o = require('claude-ide.editor.review.overview').overviewOf(b)
          if o then return o, b end
        end
      end
    ]],
      files
    )
    assert(
      vim.wait(20000, function()
        return s:lua([[
          for _, b in ipairs(_G.bufs) do
            if vim.b[b].claude_ide_inline ~= true then return false end
          end
          return true
        ]])
      end, 20),
      'not every file was shown in its buffer'
    )
    assert(
      vim.wait(20000, function()
        return s:lua('return _G.overview():highlighted()')
      end, 20),
      'the overview was not highlighted to its end'
    )
    -- The last file's header row has its highlight.
    local marked = s:lua([[
      local _, b = _G.overview()
      local ns = vim.api.nvim_create_namespace('claude-ide.overview')
      for row, line in ipairs(vim.api.nvim_buf_get_lines(b, 0, -1, false)) do
        if line:find('^file_30%.lua') then
          return #vim.api.nvim_buf_get_extmarks(b, ns, { row - 1, 0 }, { row - 1, -1 }, {})
        end
      end
      return -1
    ]])
    assert.is_true(marked > 0, 'the last file header has no highlight: ' .. marked)
    -- The user's window shows its buffer's hunks at the next screen update.
    s:redraw()
    assert.is_not_nil(s:find('compute_v2'), s:show())
  end)
end)
