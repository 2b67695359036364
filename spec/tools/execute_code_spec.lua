-- executeCode: opt-in, confirmed by the user in a float (real key presses), run with the interpreter (`sh`
-- here) in a visible terminal, with a timeout, output and exit code returned, every request logged.
local h = require('helpers.tools')

describe('executeCode', function()
  local ctx, log_file

  before_each(function()
    log_file = vim.fn.tempname() .. '/exec.log'
    ctx = h.context({
      execute_code = true,
      execute_code_opts = { interpreter = { 'sh' }, timeout_ms = 5000, log_file = log_file },
    })
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function press(key)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(key, true, false, true), 'x', false)
  end

  local function wait_done(poll, ms)
    local done, outcome
    vim.wait(ms or 5000, function()
      done, outcome = poll()
      return done
    end, 10)
    assert(done, 'executeCode did not finish')
    return outcome
  end

  local function log_text()
    return table.concat(vim.fn.readfile(log_file), '\n')
  end

  it('is neither listed nor callable unless execute_code is on', function()
    local tool = h.tool('executeCode')
    assert.is_false(tool.enabled(require('claude-ide.config').validate({}).config))
    assert.is_true(tool.enabled(ctx.config))
  end)

  it('asks first, runs after "y" in a visible terminal, and returns stdout, stderr and the exit code', function()
    local editor = vim.api.nvim_get_current_win()
    local poll = h.start_call(ctx, 'executeCode', { code = 'echo "out é"\necho err >&2\nexit 3' })
    assert.is_false((poll()))
    local float = vim.api.nvim_get_current_win()
    assert.are.equal('editor', vim.api.nvim_win_get_config(float).relative)
    local shown = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, true), '\n')
    assert.matches('with sh:', shown, 1, true)
    assert.matches('echo err >&2', shown, 1, true)

    press('y')
    local res = wait_done(poll)
    assert.is_nil(res.isError)
    local out = res.content[1].text
    assert.matches('out é\nerr\n', out, 1, true)
    assert.matches('%[exit code 3 %(%d+ ms%)%]$', out)
    assert.is_nil(out:find('\r', 1, true))
    -- The terminal stays visible with the run's output until the user closes it.
    assert.are.equal('terminal', vim.bo[vim.api.nvim_win_get_buf(float)].buftype)
    press('q')
    assert.is_false(vim.api.nvim_win_is_valid(float))
    assert.are.equal(editor, vim.api.nvim_get_current_win())
    local log = log_text()
    assert.matches('sh: exit code 3', log, 1, true)
    assert.matches('--- code\necho "out é"', log, 1, true)
    assert.matches('--- output\nout é\nerr', log, 1, true)
    assert.are.equal('rw-------', vim.fn.getfperm(log_file))
  end)

  it('does not run the code when the user refuses (n, q, <Esc> or closing the window)', function()
    local marker = vim.fn.tempname()
    for _, key in ipairs({ 'n', 'q', '<Esc>', '<Cmd>close<CR>' }) do
      local poll = h.start_call(ctx, 'executeCode', { code = 'touch ' .. marker })
      press(key)
      local res = wait_done(poll, 1000)
      assert.is_true(res.isError, key)
      assert.are.equal('The user declined to run this code.', res.content[1].text)
      assert.are.equal(1, #vim.api.nvim_list_wins(), key)
    end
    assert.are.equal(0, vim.fn.filereadable(marker))
    local _, refused = log_text():gsub('refused by the user', '')
    assert.are.equal(4, refused)
  end)

  it('stops a run that exceeds the timeout and says so', function()
    ctx.dispose()
    ctx = h.context({
      execute_code = true,
      execute_code_opts = { interpreter = { 'sh' }, timeout_ms = 200, log_file = log_file },
    })
    local poll = h.start_call(ctx, 'executeCode', { code = 'echo started\nsleep 10\necho never' })
    press('y')
    local res = wait_done(poll, 3000)
    assert.is_true(res.isError)
    assert.matches('started', res.content[1].text)
    assert.is_nil(res.content[1].text:find('never', 1, true))
    assert.matches('timed out after 200 ms', res.content[1].text)
    assert.matches('timed out after 200 ms', log_text())
  end)

  it('closes the question when the call is cancelled (client gone), and logs it', function()
    local poll = h.start_call(ctx, 'executeCode', { code = 'echo hi' })
    local float = vim.api.nvim_get_current_win()
    ctx.cancel('client disconnected')
    assert.is_false(vim.api.nvim_win_is_valid(float))
    assert.is_false((poll()))
    assert.matches('cancelled before the user answered', log_text())
  end)

  it('reports an interpreter that cannot start', function()
    ctx.dispose()
    ctx = h.context({
      execute_code = true,
      execute_code_opts = { interpreter = { 'no-such-interpreter-x' }, log_file = log_file },
    })
    local poll = h.start_call(ctx, 'executeCode', { code = 'print(1)' })
    press('y')
    local res = wait_done(poll, 3000)
    assert.matches('could not start no-such-interpreter-x', res.content[1].text, 1, true)
    assert.matches('[exit code -1', res.content[1].text, 1, true)
  end)

  it('requires code as a string', function()
    assert.matches('missing required argument "code"', h.call(ctx, 'executeCode', vim.empty_dict()).invalid, 1, true)
  end)
end)
