-- The editor state text (editor_state, vim://state): the markers and counts each section shows, pinned here
-- because they are read cheaply (getbufvar/getwinvar, diagnostic counts, loaded buffers only for reviews)
-- and must say the same as the options and facts they stand for.
local state = require('claude-ide.editor.state')
local New = require('claude-ide.lualib_bundle').__TS__New
local Policy = require('claude-ide.policy.policy').Policy
local config = require('claude-ide.config')

describe('editor.state', function()
  local dir, policy

  before_each(function()
    vim.cmd('silent! %bwipeout!')
    dir = vim.uv.fs_realpath(vim.fn.tempname():match('^(.*)/[^/]*$')) .. '/state_spec_' .. vim.uv.hrtime()
    vim.fn.mkdir(dir, 'p')
    vim.cmd.cd(vim.fn.fnameescape(dir))
    policy = New(Policy, config.DEFAULTS)
  end)

  after_each(function()
    vim.cmd('silent! only')
    vim.cmd('silent! tabonly')
    vim.cmd('silent! %bwipeout!')
    vim.fn.delete(dir, 'rf')
  end)

  it('lists buffers with line counts, [mod], [cur], filetype and diagnostic counts; unloaded ones as such', function()
    vim.fn.writefile({ 'one', 'two', 'three' }, dir .. '/a.lua')
    vim.cmd.edit('a.lua')
    local a = vim.api.nvim_get_current_buf()
    vim.bo[a].filetype = 'lua'
    vim.api.nvim_buf_set_lines(a, 0, 1, false, { 'changed' })
    local ns = vim.api.nvim_create_namespace('state_spec')
    vim.diagnostic.set(ns, a, {
      { lnum = 0, col = 0, severity = vim.diagnostic.severity.ERROR, message = 'e' },
      { lnum = 1, col = 0, severity = vim.diagnostic.severity.WARN, message = 'w1' },
      { lnum = 2, col = 0, severity = vim.diagnostic.severity.WARN, message = 'w2' },
      { lnum = 2, col = 0, severity = vim.diagnostic.severity.HINT, message = 'h' },
    })
    local b = vim.fn.bufadd(dir .. '/b.txt')
    vim.bo[b].buflisted = true
    local unlisted = vim.fn.bufadd(dir .. '/hidden.txt')
    vim.bo[unlisted].buflisted = false

    local buffers = state.collect(policy).buffers
    assert.matches('^buffers %(2%):\n', buffers)
    assert.matches('\n  b' .. a .. ' a%.lua 3L %[mod%] %[cur%] lua E1 W2 H1', buffers)
    assert.matches('\n  b' .. b .. ' b%.txt %(not loaded%)', buffers)
    assert.is_nil(buffers:find('hidden.txt', 1, true))

    vim.cmd('silent write')
    vim.diagnostic.reset(ns, a)
    local saved = state.collect(policy).buffers
    assert.matches('\n  b' .. a .. ' a%.lua 3L %[cur%] lua\n', saved .. '\n')
  end)

  it('marks the current, diff and floating windows, and gives a cursor only in file buffers', function()
    vim.fn.writefile({ 'x', 'y' }, dir .. '/a.txt')
    vim.cmd.edit('a.txt')
    local a_win = vim.api.nvim_get_current_win()
    vim.api.nvim_win_set_cursor(a_win, { 2, 0 })
    vim.cmd('diffthis')
    local scratch = vim.api.nvim_create_buf(false, true)
    local float =
      vim.api.nvim_open_win(scratch, false, { relative = 'editor', row = 1, col = 1, width = 10, height = 2 })

    local tabs = state.collect(policy).tabs
    assert.matches('\n    w' .. a_win .. ' b%d+ a%.txt:2:1 %[cur%] %[diff%]', tabs)
    assert.matches('\n    w' .. float .. ' b' .. scratch .. ' %[nofile%] %- %[float%]', tabs .. '\n')
    assert.is_nil(tabs:match('w' .. float .. '[^\n]*%[cur%]'))

    vim.cmd('diffoff')
    vim.api.nvim_win_close(float, true)
    local plain = state.collect(policy).tabs
    assert.matches('\n    w' .. a_win .. ' b%d+ a%.txt:2:1 %[cur%]$', plain)
  end)

  it('lists the reviews waiting for the user from their proposal buffers, not the other side', function()
    local proposal = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(proposal, dir .. '/proposed.lua')
    vim.api.nvim_buf_set_var(proposal, 'claude_ide_diff', { role = 'proposal', tab_name = 'review one' })
    local current = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_var(current, 'claude_ide_diff', { role = 'current', tab_name = 'review one' })
    local odd = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_var(odd, 'claude_ide_diff', 'not a table')

    local reviews = state.collect(policy).reviews
    assert.are.equal('reviews (1, waiting for the user):\n  proposed.lua  "review one"', reviews)
    assert.are.same(
      { { tabName = 'review one', buf = proposal, file = dir .. '/proposed.lua' } },
      state.pendingReviews()
    )

    vim.api.nvim_buf_del_var(proposal, 'claude_ide_diff')
    assert.are.equal('reviews: none', state.collect(policy).reviews)
  end)
end)
