-- Terminal output for the model through the bridge (the SDK's stdio client): read_buffer of a :terminal gives
-- its text with the scrollback, the last page first; editor_state lists terminal buffers with their command
-- and state ([running] / [exit 1]); the Claude terminal is left out of editor_state but read by number.
local bridge = require('helpers.bridge')

describe('terminal output through the bridge', function()
  local project, nvim, c, long, failed, running, claude

  setup(function()
    local dir = bridge.config_dir()
    project = bridge.project({ ['a.txt'] = 'alpha\n' })
    nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'a.txt' } })
    local bufs = nvim:lua([[
      local function term(cmd)
        vim.cmd('botright new')
        vim.cmd.terminal(cmd)
        return vim.api.nvim_get_current_buf()
      end
      -- (kept running: Neovim 0.10 may drop the last output of a job that exits at once)
      local long = term('for i in $(seq 1 5000); do echo "output line $i"; done; sleep 60')
      local failed = term('echo oops; exit 1')
      local running = term('echo waiting; sleep 60')
      -- A Claude terminal of this plugin (its filetype tells it apart).
      local claude = term('echo I am claude; sleep 60')
      vim.bo[claude].filetype = 'claude-ide'
      vim.cmd('wincmd t')
      return { long, failed, running, claude }
    ]])
    long, failed, running, claude = unpack(bufs)
    -- Wait until all the output is in and the failing command has exited.
    assert.is_true(vim.wait(20000, function()
      return nvim:lua(
        [[
        local long, failed = ...
        local printed = false
        for _, l in ipairs(vim.api.nvim_buf_get_lines(long, 0, -1, false)) do
          printed = printed or l == 'output line 5000'
        end
        return printed and vim.fn.jobwait({ vim.b[failed].terminal_job_id }, 0)[1] ~= -1
      ]],
        long,
        failed
      )
    end, 50))
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  teardown(bridge.cleanup)

  local function ok_text(name, args)
    local res = c:call(name, args)
    assert.is_nil(res.isError, bridge.text(res))
    return bridge.text(res)
  end

  it('read_buffer of a terminal gives its last page first, with the scrollback', function()
    local text = ok_text('read_buffer', { buffer = long })
    local header = text:match('^[^\n]+')
    assert.matches('^%[terminal%] .*seq 1 5000.* %[running%] %(b%d+, 5000 lines%)$', header)
    -- The end of the output is there, the beginning is not: the page counts back from the last line.
    assert.matches('\toutput line 5000\n', text)
    assert.is_nil(text:find('\toutput line 1\n', 1, true))
    assert.is_true(#text < 25000, #text)
    local start, stop = text:match('call read_buffer again with start_line=(%d+) end_line=(%d+)')
    assert.is_not_nil(start, text:sub(-300))
    -- The earlier page, asked for as the answer says, ends just before the first line shown.
    local earlier = ok_text('read_buffer', { buffer = long, start_line = tonumber(start), end_line = tonumber(stop) })
    local first_shown = tonumber(text:match('\n%s*(%d+)\t'))
    assert.are.equal(tonumber(stop) + 1, first_shown)
    assert.matches(('%%s%d\t'):format(tonumber(stop)), earlier)
    -- With start_line, the usual forward page: the first lines (scrollback kept all 5,000).
    local from_top = ok_text('read_buffer', { buffer = long, start_line = 1 })
    -- (0.10 keeps the empty first screen rows above, and on a loaded machine its first rows can lose a line or
    -- two of the output to the screen's redraw: the page starts at line 1 and shows the output's first lines.)
    assert.matches('^[^\n]+\n%s+1\t', from_top)
    local first = tonumber(from_top:match('\toutput line (%d+)\n'))
    assert.is_true(first ~= nil and first <= 5, from_top:sub(1, 300))
    assert.matches('call read_buffer again with start_line=%d+$', from_top)
  end)

  it('editor_state lists terminals with their command and state, and leaves the Claude terminal out', function()
    local state = ok_text('editor_state', {})
    local buffers = state:match('\nbuffers %(%d+%):\n(.-)\nlsp')
    assert.is_not_nil(buffers, state)
    assert.matches(('b%d %%[terminal%%] [^\n]*echo oops; exit 1 %%[exit 1%%]'):format(failed), buffers)
    assert.matches(('b%d %%[terminal%%] [^\n]*sleep 60 %%[running%%]'):format(running), buffers)
    assert.matches(('b%d %%[terminal%%] [^\n]*seq 1 5000[^\n]* %%[running%%] 5000L'):format(long), buffers)
    assert.is_nil(buffers:find(('b%d '):format(claude), 1, true), buffers)
    assert.is_nil(buffers:find('I am claude', 1, true))
    -- Asked by number, the Claude terminal is read like any other.
    assert.matches('I am claude', ok_text('read_buffer', { buffer = claude }), 1, true)
  end)

  it('a start_line past the output is an ERROR naming the line count', function()
    local res = c:call('read_buffer', { buffer = failed, start_line = 999 })
    assert.is_true(res.isError)
    assert.matches(('start_line 999 is past the end: the terminal b%d has %%d+ lines'):format(failed), bridge.text(res))
  end)
end)
