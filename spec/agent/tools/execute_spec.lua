-- execute with agent.execute = "ask", through the bridge (the SDK's stdio client): the user sees the whole
-- code (a float holding every line, highlighted, scrollable) and who asks, before answering y or n.
local bridge = require('helpers.bridge')

--- A Lua chunk of about 2,200 characters whose last line sets a marker (so running it is visible).
local function long_code()
  local lines = {}
  for i = 1, 40 do
    lines[#lines + 1] = ('local v%02d = %q'):format(i, ('x'):rep(40) .. i)
  end
  lines[#lines + 1] = "vim.g.spec_ran = 'the end of the code ran'"
  lines[#lines + 1] = 'return v40'
  return table.concat(lines, '\n')
end

describe('agent execute = "ask"', function()
  local nvim, c

  before_each(function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['main.lua'] = 'return 1\n' })
    nvim =
      bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' }, setup = { agent = { execute = 'ask' } } })
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  after_each(bridge.cleanup)

  --- Waits for the question's float; returns what it shows.
  local function question()
    local shown
    vim.wait(5000, function()
      shown = nvim:lua([[
        for _, w in ipairs(vim.api.nvim_list_wins()) do
          local b = vim.api.nvim_win_get_buf(w)
          local ok, who = pcall(vim.api.nvim_buf_get_var, b, 'claude_ide_confirm')
          if ok then
            local cfg = vim.api.nvim_win_get_config(w)
            local function text(t) return type(t) == 'table' and t[1][1] or t end
            return { who = who, lines = vim.api.nvim_buf_get_lines(b, 0, -1, false), height = cfg.height,
              title = text(cfg.title), footer = text(cfg.footer), current = vim.api.nvim_get_current_win() == w,
              syntax = vim.bo[b].syntax, ts = vim.treesitter.highlighter.active[b] ~= nil }
          end
        end
      ]])
      return shown ~= nil and shown ~= vim.NIL
    end, 20)
    assert.is_table(shown, 'no question window')
    return shown
  end

  it('shows all of a 2,000-character Lua chunk and who asks; y runs it', function()
    local code = long_code()
    assert.is_true(#code > 2000)
    local id = c:call_async('execute', { lua = code })
    local shown = question()
    assert.are.equal(code, table.concat(shown.lines, '\n'))
    assert.matches('claude%-ide%-spec', shown.who)
    assert.matches('claude%-ide%-spec', shown.title)
    assert.matches('Lua', shown.title)
    assert.is_true(shown.current)
    assert.is_true(shown.ts or shown.syntax == 'lua', vim.inspect(shown))
    -- It does not fit: the window scrolls, and says so.
    assert.is_true(shown.height < #shown.lines)
    assert.matches('scroll', shown.footer)
    assert.is_false(c:done(id), 'the call answered before the user decided')
    assert.is_true(nvim:lua('return vim.g.spec_ran == nil'))

    nvim:lua("vim.api.nvim_feedkeys('G', 'nx', false)") -- the user reads to the end
    nvim:lua("vim.api.nvim_feedkeys('y', 'x', false)")
    local ok, res = c:wait(id)
    assert.is_true(ok, vim.inspect(res))
    assert.is_nil(res.isError, bridge.text(res))
    assert.matches('x+40', bridge.text(res))
    assert.are.equal('the end of the code ran', nvim:lua('return vim.g.spec_ran'))
  end)

  it('n refuses: nothing runs, the window closes', function()
    local id = c:call_async('execute', { command = 'let g:spec_ran = 1' })
    local shown = question()
    assert.are.same({ ':let g:spec_ran = 1' }, shown.lines)
    assert.matches('Ex command', shown.title)
    nvim:lua("vim.api.nvim_feedkeys('n', 'x', false)")
    local ok, res = c:wait(id)
    assert.is_true(ok, vim.inspect(res))
    assert.matches('^REJECTED', bridge.text(res))
    assert.is_true(nvim:lua('return vim.g.spec_ran == nil'))
    assert.are.equal(1, nvim:lua('return #vim.api.nvim_list_wins()'))
  end)
end)
