-- Shared by the diff review specs: find the review's windows, press keys, and check that a finished review
-- left nothing behind (windows, tab pages, buffers, autocmds, keymaps).
local assert = require('luassert')
local M = {}

--- Everything a review could leave behind, as counts and lists.
function M.snapshot()
  local ok = pcall(vim.api.nvim_get_autocmds, { group = 'claude-ide.diff' })
  return {
    tabs = #vim.api.nvim_list_tabpages(),
    wins = vim.api.nvim_list_wins(),
    bufs = vim.api.nvim_list_bufs(),
    autocmds = #vim.api.nvim_get_autocmds({}),
    keymaps = #vim.api.nvim_get_keymap('n'),
    diff_group = ok,
  }
end

--- Asserts the editor is back to `before` (compared after the scheduled close had its tick).
--- opts.client_gone: no client is left (or the server stopped), so other features removed their autocmds
--- too: fewer autocmds than before.
function M.assert_clean(before, opts)
  vim.wait(200, function()
    return #vim.api.nvim_list_wins() == #before.wins and #vim.api.nvim_list_bufs() == #before.bufs
  end, 5)
  local after = M.snapshot()
  assert.are.same(before.wins, after.wins, 'windows')
  assert.are.same(before.bufs, after.bufs, 'buffers')
  assert.are.equal(before.tabs, after.tabs, 'tab pages')
  if opts and opts.client_gone then
    assert.is_true(after.autocmds < before.autocmds, 'autocmds')
  else
    assert.are.equal(before.autocmds, after.autocmds, 'autocmds')
  end
  assert.are.equal(before.keymaps, after.keymaps, 'global keymaps')
  assert.is_false(after.diff_group, 'the claude-ide.diff augroup is deleted')
end

--- The window of the review's buffer with this role ("proposal" or "current") in the current tab page.
function M.win(role)
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    local v = vim.b[vim.api.nvim_win_get_buf(win)].claude_ide_diff
    if v and v.role == role then
      return win
    end
  end
  error('no ' .. role .. ' window in the current tab page')
end

--- The review tab page named `tab_name`.
function M.tab(tab_name)
  for _, tab in ipairs(vim.api.nvim_list_tabpages()) do
    if vim.t[tab].claude_ide_diff == tab_name then
      return tab
    end
  end
  error('no tab page for ' .. tab_name)
end

--- The proposal buffer of an open review in any tab page, waiting up to `timeout` ms for one to open.
function M.wait_proposal(timeout)
  local found
  assert(
    vim.wait(timeout, function()
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        local v = vim.b[buf].claude_ide_diff
        if v and v.role == 'proposal' then
          found = buf
          return true
        end
      end
      return false
    end, 10),
    'no review opened'
  )
  return found
end

--- Lets every callback scheduled so far run (what a key press scheduled is done by then): a wait on a
--- condition, for checking that something did NOT happen.
function M.tick()
  local ran = false
  vim.schedule(function()
    ran = true
  end)
  assert(vim.wait(5000, function()
    return ran
  end, 1))
end

--- Waits until no review's proposal buffer is left (a finished review closes on the next tick).
function M.wait_closed(timeout)
  assert(
    vim.wait(timeout or 5000, function()
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        local v = vim.api.nvim_buf_is_valid(buf) and vim.b[buf].claude_ide_diff
        if v and v.role == 'proposal' then
          return false
        end
      end
      return true
    end, 1),
    'the review did not close'
  )
end

function M.buf(role)
  return vim.api.nvim_win_get_buf(M.win(role))
end

function M.lines(buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, true)
end

--- Types keys as the user would (mappings apply), executing them now.
function M.press(keys)
  vim.api.nvim_feedkeys(vim.keycode(keys), 'x', false)
end

--- Waits until a started call finishes; returns its outcome.
function M.wait_done(poll, timeout)
  local ok = vim.wait(timeout or 2000, function()
    return (poll())
  end, 5)
  assert(ok, 'the openDiff call did not finish')
  local _, outcome = poll()
  return outcome
end

--- The two texts of an openDiff answer.
function M.texts(outcome)
  assert(outcome.content, 'not a tool result: ' .. vim.inspect(outcome))
  assert.is_nil(outcome.isError)
  assert.are.equal(2, #outcome.content)
  return outcome.content[1].text, outcome.content[2].text
end

--- Reads a file's bytes (nil when missing).
function M.read(path)
  local f = io.open(path, 'rb')
  if not f then
    return nil
  end
  local s = f:read('*a')
  f:close()
  return s
end

--- Writes bytes to a file in place, as a plain writer would.
function M.write(path, text)
  local f = assert(io.open(path, 'wb'))
  f:write(text)
  f:close()
end

--- Records vim.notify messages until restore() is called.
function M.capture_messages()
  local messages, real = {}, vim.notify
  vim.notify = function(msg, level)
    table.insert(messages, { msg = msg, level = level })
  end
  function messages.restore()
    vim.notify = real
  end
  function messages.text()
    local texts = {}
    for _, m in ipairs(messages) do
      table.insert(texts, m.msg)
    end
    return table.concat(texts, '\n')
  end
  return messages
end

--- Records ClaudeIdeDiffOpened / ClaudeIdeDiffResolved events; stop() removes the recorder.
function M.record_events()
  local events = {}
  local group = vim.api.nvim_create_augroup('claude-ide-spec.diff-events', { clear = true })
  vim.api.nvim_create_autocmd('User', {
    group = group,
    pattern = { 'ClaudeIdeDiffOpened', 'ClaudeIdeDiffResolved' },
    callback = function(args)
      table.insert(events, { event = args.match, data = args.data })
    end,
  })
  function events.stop()
    vim.api.nvim_del_augroup_by_id(group)
  end
  function events.results()
    local results = {}
    for _, e in ipairs(events) do
      table.insert(results, e.data.result)
    end
    return results
  end
  return events
end

--- The buffer of the open multi-file review's overview (editor/review/overview), waiting up to `timeout` ms.
function M.overview(timeout)
  local overview = require('claude-ide.editor.review.overview')
  local found
  assert(
    vim.wait(timeout or 5000, function()
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        if overview.overviewOf(buf) then
          found = buf
          return true
        end
      end
      return false
    end, 10),
    'no overview opened'
  )
  return found
end

--- The proposal buffer of a file's own review (a window in diff mode), waiting up to `timeout` ms.
function M.file_proposal(timeout)
  local found
  assert(
    vim.wait(timeout or 5000, function()
      for _, win in ipairs(vim.api.nvim_list_wins()) do
        local buf = vim.api.nvim_win_get_buf(win)
        local v = vim.b[buf].claude_ide_diff
        if v and v.role == 'proposal' and vim.wo[win].diff then
          found = buf
          return true
        end
      end
      return false
    end, 10),
    "no file's review opened"
  )
  return found
end

--- The overview's lines from its first file header on (the title line left out).
function M.overview_lines(buf)
  return vim.api.nvim_buf_get_lines(buf or M.overview(), 1, -1, true)
end

--- <CR> on the first hunk of file `index` (1-based) in the overview: that file's own review opens; returns its
--- proposal buffer.
function M.open_file(index)
  local buf = M.overview()
  local view = require('claude-ide.editor.review.overview').overviewOf(buf)
  local win = vim.fn.win_findbuf(buf)[1]
  vim.api.nvim_set_current_win(win)
  vim.api.nvim_win_set_cursor(win, { view:hunks(index - 1)[1].row + 1, 0 })
  M.press('<CR>')
  return M.file_proposal()
end

--- `q` in a file's review opened from the overview: back to the overview, unchanged.
function M.back_to_overview()
  local overview = require('claude-ide.editor.review.overview')
  vim.api.nvim_set_current_win(vim.fn.win_findbuf(M.file_proposal())[1])
  M.press('q')
  assert(
    vim.wait(5000, function()
      return overview.overviewOf(vim.api.nvim_get_current_buf()) ~= nil
    end, 10),
    'not back to the overview'
  )
end

return M
