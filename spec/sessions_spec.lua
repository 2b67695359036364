-- Several Claude sessions in one Neovim: two terminals (:ClaudeCode, :ClaudeCodeNew) each running a stand-in
-- for claude, and two real WebSocket clients (Node `ws`) that announce, as the CLI does with ide_connected,
-- the pid of a process running in their terminal. Checked: the session list, @-mentions going to the focused
-- session only, a review labelled with the session that proposed it, and closing one terminal rejecting only
-- that session's reviews.
local client = require('helpers.client')
local h = require('helpers.tools')
local ide = require('claude-ide')

--- A stand-in for claude: starts a child process (so the announced pid is a descendant of the terminal's
--- process, as with a CLI behind a wrapper), writes its pid to the file given as last argument, then waits.
local function fake_claude()
  local path = h.file('bin/claude', {
    '#!/bin/sh',
    'for a in "$@"; do out="$a"; done', -- the last argument (the plugin may add its own before)
    'sleep 600 &',
    'echo $! > "$out"',
    'echo "fake claude in $PWD"',
    'wait',
  })
  vim.fn.setfperm(path, 'rwxr-xr-x')
  return path
end

local function wait_pid(file)
  assert(
    vim.wait(5000, function()
      return vim.fn.filereadable(file) == 1 and #vim.fn.readfile(file) > 0
    end, 10),
    'the terminal did not start ' .. file
  )
  return tonumber(vim.fn.readfile(file)[1])
end

local function connect(port, pid)
  local c = client.connect(client.endpoint(port))
  c:initialize()
  c:notify('ide_connected', { pid = pid })
  return c
end

local function by_name(name)
  for _, s in ipairs(ide.sessions()) do
    if s.name == name then
      return s
    end
  end
end

--- The proposal window's winbar of the review named `tab_name`.
local function review_winbar(tab_name)
  for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
    if vim.t[tab].claude_ide_diff == tab_name then
      for _, win in ipairs(vim.api.nvim_tabpage_list_wins(tab)) do
        local v = vim.b[vim.api.nvim_win_get_buf(win)].claude_ide_diff
        if v and v.role == 'proposal' then
          return vim.wo[win].winbar
        end
      end
    end
  end
end

describe('Claude sessions', function()
  local c1, c2, messages

  setup(function()
    if vim.fn.exists(':ClaudeCodeNew') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
  end)

  before_each(function()
    messages = require('helpers.diff').capture_messages()
  end)

  after_each(function()
    messages.restore()
    for _, c in ipairs({ c1, c2 }) do
      pcall(c.close, c)
    end
    c1, c2 = nil, nil
    for _, s in ipairs(ide.sessions()) do
      if s.buf then
        pcall(vim.api.nvim_buf_delete, s.buf, { force = true })
      end
    end
    ide.stop()
    h.reset_editor()
  end)

  it(
    'ties each connection to its terminal, routes mentions to the focused one, labels and rejects per session',
    function()
      -- mentions.settle_ms: 50 ms instead of a second per mention to a client just connected (mentions_spec checks it)
      assert.is_true(ide.setup({
        log_level = 'error',
        terminal = { command = fake_claude() },
        mentions = { settle_ms = 50 },
        -- the side-by-side proposal's winbar ("<session>'s proposal")
        diff = { layout = 'vertical' },
      }))
      local editor = vim.api.nvim_get_current_win()
      local file = h.file('notes.txt', { 'a', 'b', 'c' })
      local pidfile1, pidfile2 = vim.fn.tempname(), vim.fn.tempname()

      vim.cmd('ClaudeCode ' .. pidfile1)
      local term_win = vim.api.nvim_get_current_win()
      local pid1 = wait_pid(pidfile1)
      vim.cmd('ClaudeCodeNew ' .. pidfile2)
      local pid2 = wait_pid(pidfile2)
      -- the new session replaced the first one in the same window; both processes run
      assert.are.equal(term_win, vim.api.nvim_get_current_win())
      assert.are.equal('claude-ide', vim.bo.filetype)

      local port = ide.status().port
      c1 = connect(port, pid1)
      c2 = connect(port, pid2)
      assert(
        vim.wait(3000, function()
          local s1, s2 = by_name('claude'), by_name('claude 2')
          return s1 and s2 and s1.connected and s2.connected
        end, 10),
        vim.inspect(ide.sessions())
      )
      local s1, s2 = by_name('claude'), by_name('claude 2')
      assert.are.equal(2, #ide.sessions())
      assert.are.equal(pid1, s1.pid)
      assert.are.equal(pid2, s2.pid)
      assert.are.equal(vim.fn.getcwd(), s1.cwd)
      assert.is_true(s1.terminal)
      assert.is_false(s1.current)
      assert.is_true(s2.current, 'the session started last and focused last is current')

      -- @-mentions go to the current session only
      vim.api.nvim_set_current_win(editor)
      vim.cmd('ClaudeCodeAdd ' .. vim.fn.fnameescape(file) .. ' 2')
      assert.are.same({ filePath = file, lineStart = 1, lineEnd = 1 }, c2:wait_notification('at_mentioned'))
      assert.is_false(c1:received_within(300, function(m)
        return m.method == 'at_mentioned'
      end))
      assert.matches('sent .* to claude 2', messages[#messages].msg)

      -- switching to session 1 (as :ClaudeCodeSessions does) shows it in the same window and makes it current
      assert.is_true(ide.switch_session(s1.id))
      assert.are.equal(term_win, vim.api.nvim_get_current_win())
      assert.are.equal(s1.buf, vim.api.nvim_get_current_buf())
      vim.cmd('stopinsert')
      vim.api.nvim_set_current_win(editor)
      assert.is_true(by_name('claude').current)
      vim.cmd('ClaudeCodeAdd ' .. vim.fn.fnameescape(file))
      assert.are.same({ filePath = file }, c1:wait_notification('at_mentioned'))
      assert.is_false(c2:received_within(300, function(m)
        return m.method == 'at_mentioned'
      end))

      -- each review is labelled with the session that proposed it
      local function propose(c, tab)
        return c:request_async('tools/call', {
          name = 'openDiff',
          arguments = { old_file_path = file, new_file_path = file, new_file_contents = tab .. '\n', tab_name = tab },
        })
      end
      local r1 = propose(c1, 'from-one')
      local r2 = propose(c2, 'from-two')
      assert(
        vim.wait(3000, function()
          return review_winbar('from-one') ~= nil and review_winbar('from-two') ~= nil
        end, 10),
        'both reviews open'
      )
      assert.matches("[claude] claude-ide-spec's proposal", review_winbar('from-one'), 1, true)
      assert.matches("[claude 2] claude-ide-spec's proposal", review_winbar('from-two'), 1, true)
      assert.are.equal(1, by_name('claude').pending)
      assert.are.equal(1, by_name('claude 2').pending)

      -- closing session 2's terminal rejects its review only
      vim.api.nvim_buf_delete(s2.buf, { force = true })
      local answer = c2:wait_response(r2)
      assert.are.equal('DIFF_REJECTED', answer.result.content[1].text)
      assert.is_false(
        c1:received_within(300, function(m)
          return m.id == r1
        end),
        "the other session's review is still pending"
      )
      assert(
        vim.wait(1000, function()
          return review_winbar('from-two') == nil
        end, 10),
        'the rejected review closed'
      )
      assert.is_not_nil(review_winbar('from-one'))
      local left = ide.sessions()
      assert.are.equal(2, #left, 'session 2 ended; its CLI (still connected) is listed as a session started elsewhere')
      assert.are.equal('claude', left[1].name)
      assert.are.equal(1, left[1].pending)
      assert.is_false(left[2].terminal)

      -- a client that never announces its pid: its review is labelled by its own name, not by the one terminal
      local c3 = client.connect(client.endpoint(port))
      c3:initialize()
      local r3 = c3:request_async('tools/call', {
        name = 'openDiff',
        arguments = { old_file_path = file, new_file_path = file, new_file_contents = 'x\n', tab_name = 'from-three' },
      })
      assert(
        vim.wait(3000, function()
          return review_winbar('from-three') ~= nil
        end, 10),
        'the pid-less review opened'
      )
      assert.matches("%[claude%-ide%-spec #%d+%] claude%-ide%-spec's proposal", review_winbar('from-three'))
      c3:close()
      assert(vim.wait(3000, function()
        return review_winbar('from-three') == nil
      end, 10))
      assert.is_not_nil(r3)

      -- the remaining review is answered as usual
      vim.api.nvim_set_current_tabpage(require('helpers.diff').tab('from-one'))
      vim.api.nvim_set_current_win(require('helpers.diff').win('proposal'))
      require('helpers.diff').press(':w<CR>')
      local ok = c1:wait_response(r1)
      assert.are.equal('FILE_SAVED', ok.result.content[1].text)
    end
  )

  it('without any Claude terminal, mentions go to every connected CLI (started elsewhere)', function()
    assert.is_true(ide.setup({ log_level = 'error', mentions = { settle_ms = 50 } }))
    local port = ide.status().port
    c1 = connect(port, 1) -- pid 1 runs no Claude terminal: a CLI started elsewhere
    c2 = connect(port, vim.fn.getpid())
    assert(
      vim.wait(3000, function()
        return #ide.sessions() == 2
      end, 10),
      vim.inspect(ide.sessions())
    )
    for _, s in ipairs(ide.sessions()) do
      assert.is_false(s.terminal)
      assert.is_true(s.connected)
    end
    local file = h.file('x.txt', { 'x' })
    ide.add(file)
    assert.are.same({ filePath = file }, c1:wait_notification('at_mentioned'))
    assert.are.same({ filePath = file }, c2:wait_notification('at_mentioned'))
  end)
end)
