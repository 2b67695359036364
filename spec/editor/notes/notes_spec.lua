-- Notes for the agent on lines of a plain file, typed as a user types them (nvim_input into a child Neovim with its
-- own main loop): `:ClaudeCodeNote` with a range and in Visual mode, the input that takes the text, the sign and
-- the virtual line under the note's lines, the note following its lines as lines are added above, the quickfix
-- list, editing and removing; then a second Neovim reading the same state folder shows it again at its lines.
local bridge = require('helpers.bridge')

describe('notes on lines', function()
  after_each(bridge.cleanup)

  local dir, state, project, nvim

  local function start()
    nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      env = { XDG_STATE_HOME = state },
      args = { project .. '/a.lua' },
    })
  end

  local function wait_for(what, pred)
    assert(vim.wait(10000, pred, 20), 'timed out waiting for ' .. what)
  end

  local function type_keys(keys)
    vim.rpcrequest(nvim:rpc(), 'nvim_input', keys)
  end

  --- The notes' marks in the current buffer: { [row 1-based] = { sign = text?, virt = { line texts }? } }.
  local function marks()
    return nvim:lua([[
      local ns = vim.api.nvim_create_namespace('claude-ide.notes')
      local out = {}
      for _, m in ipairs(vim.api.nvim_buf_get_extmarks(0, ns, 0, -1, { details = true })) do
        local row, d = m[2] + 1, m[4]
        local at = out[tostring(row)] or {}
        if d.sign_text then at.sign = vim.trim(d.sign_text) at.last = d.end_row + 1 end
        if d.virt_lines then
          at.virt = {}
          for _, line in ipairs(d.virt_lines) do
            local text = ''
            for _, chunk in ipairs(line) do text = text .. chunk[1] end
            table.insert(at.virt, text)
          end
        end
        out[tostring(row)] = at
      end
      return out
    ]])
  end

  --- :ClaudeCodeNotes, then the quickfix list as { lnum, end_lnum, text, file }.
  local function listed()
    type_keys(':ClaudeCodeNotes<CR>')
    local items
    wait_for('the quickfix list', function()
      items = nvim:lua([[
        local list = vim.fn.getqflist({ title = 1, items = 1 })
        if not list.title:find('Claude notes', 1, true) then return nil end
        local out = {}
        for _, i in ipairs(list.items) do
          table.insert(out, { i.lnum, i.end_lnum, i.text, vim.fn.fnamemodify(vim.api.nvim_buf_get_name(i.bufnr), ':t') })
        end
        return out
      ]])
      return items ~= nil
    end)
    nvim:lua('vim.fn.setqflist({}, "r", { title = "" }) vim.cmd("cclose")')
    return items
  end

  it('by command with a range, follows its lines, is listed, edited, removed, and outlives a restart', function()
    dir = bridge.config_dir()
    state = bridge.tempdir()
    project = bridge.project({ ['a.lua'] = 'one\ntwo\nthree\nfour\nfive\nsix\n' })
    start()

    -- Lines 2-3, by command with a range; the text typed into the input the command opens.
    type_keys(':2,3ClaudeCodeNote<CR>')
    wait_for('the input', function()
      return vim.rpcrequest(nvim:rpc(), 'nvim_get_mode').mode == 'c'
    end)
    type_keys('use the helper<CR>')
    wait_for('the note', function()
      return marks()['2'] ~= nil
    end)
    local m = marks()
    assert.are.same({ sign = '✎', last = 3 }, m['2'])
    assert.are.same({ virt = { '✎ use the helper' } }, m['3'])

    -- In Visual mode: lines 5-6 (':' in Visual mode gives the command the selected lines).
    type_keys('5GVj:ClaudeCodeNote handle nil<CR>')
    wait_for('the second note', function()
      return marks()['5'] ~= nil
    end)
    assert.are.same({ sign = '✎', last = 6 }, marks()['5'])

    -- Two lines added above: both notes follow their lines.
    type_keys('ggOzero<CR>half<Esc>')
    wait_for('the lines added', function()
      return nvim:lua('return vim.api.nvim_buf_line_count(0)') == 8
    end)
    m = marks()
    assert.are.same({ sign = '✎', last = 5 }, m['4'])
    assert.are.same({ virt = { '✎ use the helper' } }, m['5'])
    assert.are.same({ sign = '✎', last = 8 }, m['7'])
    assert.are.same({
      { 4, 5, 'use the helper', 'a.lua' },
      { 7, 8, 'handle nil', 'a.lua' },
    }, listed())

    -- :ClaudeCodeNote on a line of a note edits it (the input holds its text); ! removes the one on line 7.
    type_keys(':5ClaudeCodeNote<CR>')
    wait_for('the input', function()
      return vim.rpcrequest(nvim:rpc(), 'nvim_get_mode').mode == 'c'
    end)
    assert.are.equal('use the helper', nvim:lua('return vim.fn.getcmdline()'))
    type_keys('<C-u>use the helper in util.lua<CR>')
    wait_for('the edit', function()
      local v = marks()['5']
      return v ~= nil and v.virt ~= nil and v.virt[1] == '✎ use the helper in util.lua'
    end)
    type_keys(':7ClaudeCodeNote!<CR>')
    wait_for('the removal', function()
      return marks()['7'] == nil
    end)
    assert.are.same({ { 4, 5, 'use the helper in util.lua', 'a.lua' } }, listed())

    -- Saved, Neovim quits; another one reading the same state folder shows the note at its lines.
    type_keys(':w<CR>')
    wait_for('the write', function()
      return bridge.read(project .. '/a.lua'):sub(1, 10) == 'zero\nhalf\n'
    end)
    assert.is_true(nvim:quit())
    local files = vim.fn.glob(state .. '/nvim/claude-ide/notes/*.json', true, true)
    assert.are.equal(1, #files)
    assert.are.equal(tonumber('600', 8), vim.uv.fs_stat(files[1]).mode % 512)
    assert.are.equal(tonumber('700', 8), vim.uv.fs_stat(state .. '/nvim/claude-ide/notes').mode % 512)

    start()
    wait_for('the note shown again', function()
      return marks()['4'] ~= nil
    end)
    m = marks()
    assert.are.same({ sign = '✎', last = 5 }, m['4'])
    assert.are.same({ virt = { '✎ use the helper in util.lua' } }, m['5'])
    assert.are.same({ { 4, 5, 'use the helper in util.lua', 'a.lua' } }, listed())
  end)

  it('a file changed while no Neovim showed it: the note finds its quoted lines again', function()
    dir = bridge.config_dir()
    state = bridge.tempdir()
    project = bridge.project({ ['a.lua'] = 'one\ntwo\nthree\n' })
    start()
    type_keys(':3ClaudeCodeNote check this<CR>')
    wait_for('the note', function()
      return marks()['3'] ~= nil
    end)
    assert.is_true(nvim:quit())
    -- Changed outside (the agent, say): two lines above it.
    bridge.write(project .. '/a.lua', 'new\nnewer\none\ntwo\nthree\n')
    start()
    wait_for('the note shown again', function()
      return next(marks()) ~= nil
    end)
    assert.are.same({ sign = '✎', last = 5, virt = { '✎ check this' } }, marks()['5'])
    -- :checkhealth says how many notes are kept for this folder.
    local report = nvim:lua([[
      vim.cmd('silent checkhealth claude-ide')
      return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
    ]])
    assert.matches('notes for the agent: 1 kept for this folder, 1 not sent yet', report, 1, true)
  end)
end)
