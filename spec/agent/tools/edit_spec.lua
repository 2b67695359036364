-- The agent `edit` tool through the bridge (the SDK's stdio client) with the user's answer given in a real
-- child Neovim's review: accepted (buffer and disk checked; a buffer with unsaved changes of the user is
-- changed but not written), rejected (nothing changes), and cancelled by the client (notifications/cancelled
-- closes the review in Neovim). An accepted edit is saved like the user's own :w, whichever way it is accepted
-- (:w in the review, <CR>, :ClaudeCodeDiffAccept) or with the review off: the file's BufWritePre/BufWritePost
-- autocmds (format-on-save, the language server's didSave, linters) run once.
local bridge = require('helpers.bridge')

local MAIN = 'local M = {}\nfunction M.hello() return "hi" end\nreturn M\n'

describe('agent edit through the bridge', function()
  local project, nvim, c

  local function lines()
    return nvim:lua('return vim.api.nvim_buf_get_lines(1, 0, -1, false)')
  end
  local function modified()
    return nvim:lua('return vim.bo[1].modified')
  end

  -- One editor and bridge for the cases: before each, the files are written back, and the editor is set back to
  -- main.lua alone in one window, as on disk, unmodified (buffer 1), the save hooks of the last case removed; a
  -- review left open fails the case that left it.
  lazy_setup(function()
    local dir = bridge.config_dir()
    project = bridge.project({ ['main.lua'] = MAIN })
    -- the review takes the focus (the user answers it at once; spec/editor/diff_focus_spec.lua checks when)
    nvim = bridge.editor({
      config_dir = dir,
      cwd = project,
      args = { 'main.lua' },
      -- an accept key of the user's own (none by default: :w accepts)
      setup = { diff = { focus = 'always', keymaps = { accept = '<Space>a' } } },
    })
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  lazy_teardown(bridge.cleanup)
  before_each(function()
    bridge.write(project .. '/main.lua', MAIN)
    bridge.write(project .. '/notes.md', '# Notes\nold note\n')
    vim.fn.delete(project .. '/sub', 'rf')
    nvim:lua([[
      pcall(vim.api.nvim_del_augroup_by_name, 'spec-save-hooks')
      vim.g.spec_saves = nil
      vim.cmd('silent! tabonly! | silent! only!')
      vim.api.nvim_set_current_buf(1)
      vim.cmd('silent edit!')
      for _, b in ipairs(vim.api.nvim_list_bufs()) do
        if b ~= 1 then vim.api.nvim_buf_delete(b, { force = true }) end
      end
    ]])
    assert.are.same({ 'local M = {}', 'function M.hello() return "hi" end', 'return M' }, lines())
    assert.is_false(modified())
  end)
  after_each(function()
    assert.are.same({}, bridge.reviews(nvim), 'the case left a review open')
  end)

  --- Starts an edit and waits until its review is open in Neovim; returns the command id.
  local function start_edit(args, opts)
    local id = c:call_async('edit', args, opts)
    assert.is_true(
      vim.wait(5000, function()
        return #bridge.reviews(nvim) == 1 or c:done(id)
      end, 20),
      'the review did not open'
    )
    assert.is_false(c:done(id), 'the edit answered before the user decided')
    return id
  end

  local function finish(id)
    local ok, res = c:wait(id)
    assert.is_true(ok, vim.inspect(res))
    return res
  end

  --- The user's save hooks on main.lua's buffer: BufWritePre records the line 2 it saw, BufWritePost counts.
  local function watch_saves()
    nvim:lua([[
      vim.g.spec_saves = { pre = {}, post = 0 }
      local group = vim.api.nvim_create_augroup('spec-save-hooks', {})
      vim.api.nvim_create_autocmd('BufWritePre', { group = group, buffer = 1, callback = function()
        local saves = vim.g.spec_saves
        table.insert(saves.pre, vim.api.nvim_buf_get_lines(1, 1, 2, false)[1])
        vim.g.spec_saves = saves
      end })
      vim.api.nvim_create_autocmd('BufWritePost', { group = group, buffer = 1, callback = function()
        local saves = vim.g.spec_saves
        saves.post = saves.post + 1
        vim.g.spec_saves = saves
      end })
    ]])
  end
  local function saves()
    return nvim:lua('return vim.g.spec_saves')
  end

  -- Each way the user can accept; all of them but the accept key decide inside the proposal's BufWriteCmd.
  local ACCEPTS = {
    { ':w typed in the review', 'vim.api.nvim_input(":w<CR>")' },
    { ':wq typed in the review', 'vim.api.nvim_input(":wq<CR>")' },
    {
      'the accept key the user set',
      'vim.api.nvim_input("<Space>a")',
    },
    { ':ClaudeCodeDiffAccept', 'vim.cmd("ClaudeCodeDiffAccept")' },
  }
  for _, way in ipairs(ACCEPTS) do
    it(('accepted with %s: saved like a :w of the user, the save hooks run once'):format(way[1]), function()
      watch_saves()
      local id = start_edit({ path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"saved"' } } })
      nvim:lua(way[2])
      local res = finish(id)
      assert.is_nil(res.isError)
      assert.are.equal('OK: applied 1 edit to main.lua and saved', bridge.text(res))
      assert.are.same({ pre = { 'function M.hello() return "saved" end' }, post = 1 }, saves())
      assert.is_false(modified())
      assert.are.equal(
        'local M = {}\nfunction M.hello() return "saved" end\nreturn M\n',
        bridge.read(project .. '/main.lua')
      )
      assert.are.same({}, bridge.reviews(nvim))
    end)
  end

  it('accepted: applied to the buffer and saved when the user had no unsaved changes', function()
    local id = start_edit({
      path = 'main.lua',
      edits = {
        { old_text = 'return "hi"', new_text = 'return "hello"' },
        { start_line = 3, end_line = 3, new_text = 'return M -- done' },
      },
    })
    assert.matches('^✻ %[claude%-ide%-spec%] main%.lua', bridge.reviews(nvim)[1])
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    local res = finish(id)
    assert.is_nil(res.isError)
    assert.are.equal('OK: applied 2 edits to main.lua and saved', bridge.text(res))
    assert.are.same({ 'local M = {}', 'function M.hello() return "hello" end', 'return M -- done' }, lines())
    assert.is_false(modified())
    assert.are.equal(
      'local M = {}\nfunction M.hello() return "hello" end\nreturn M -- done\n',
      bridge.read(project .. '/main.lua')
    )
    assert.are.same({}, bridge.reviews(nvim))
  end)

  it('accepted on a buffer with unsaved changes of the user: the buffer changes, the file is not written', function()
    watch_saves()
    nvim:lua('vim.api.nvim_buf_set_lines(1, 0, 1, false, { "local M = { user = true }" })')
    local id = start_edit({ path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"hey"' } } })
    nvim:lua('vim.api.nvim_input(":w<CR>")')
    local res = finish(id)
    assert.are.same({ pre = {}, post = 0 }, saves(), 'a buffer with unsaved changes of the user was written')
    assert.is_nil(res.isError)
    assert.are.equal(
      'OK: applied 1 edit to main.lua in buffer b1, not saved: it already had unsaved changes of the user',
      bridge.text(res)
    )
    assert.are.same({ 'local M = { user = true }', 'function M.hello() return "hey" end', 'return M' }, lines())
    assert.is_true(modified())
    assert.are.equal(MAIN, bridge.read(project .. '/main.lua'))
    -- read_buffer shows the result, unsaved.
    assert.matches(
      '\n     2\tfunction M%.hello%(%) return "hey" end\n',
      bridge.text(c:call('read_buffer', { path = 'main.lua' }))
    )
  end)

  it('accepted on a file no buffer holds, and a new file: written to disk', function()
    local id = start_edit({ path = 'notes.md', edits = { { old_text = 'old note', new_text = 'new note' } } })
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    local res = finish(id)
    assert.is_nil(res.isError, bridge.text(res))
    assert.matches('^OK: applied 1 edit to notes%.md ', bridge.text(res))
    assert.are.equal('# Notes\nnew note\n', bridge.read(project .. '/notes.md'))

    id = start_edit({ path = 'sub/new.txt', edits = { { start_line = 1, end_line = 0, new_text = 'fresh' } } })
    nvim:lua('vim.cmd("ClaudeCodeDiffAccept")')
    res = finish(id)
    assert.is_nil(res.isError, bridge.text(res))
    assert.matches('^OK: applied 1 edit to sub/new%.txt', bridge.text(res))
    assert.are.equal('fresh\n', bridge.read(project .. '/sub/new.txt'))
  end)

  it('rejected: nothing changes', function()
    nvim:lua('vim.api.nvim_buf_set_lines(1, 2, 3, false, { "return M -- user" })')
    local id = start_edit({ path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"bye"' } } })
    nvim:lua('vim.cmd("ClaudeCodeDiffDeny")')
    local res = finish(id)
    assert.is_nil(res.isError)
    assert.matches(
      "^REJECTED: the user rejected 1 edit to main%.lua in Neovim's review; nothing changed%.",
      bridge.text(res)
    )
    assert.are.same({ 'local M = {}', 'function M.hello() return "hi" end', 'return M -- user' }, lines())
    assert.is_true(modified())
    assert.are.equal(MAIN, bridge.read(project .. '/main.lua'))
    assert.are.same({}, bridge.reviews(nvim))
  end)

  it('rejected with a reason (:ClaudeCodeDiffDeny {reason}): the answer quotes it verbatim', function()
    local id = start_edit({ path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"bye"' } } })
    nvim:lua('vim.cmd("ClaudeCodeDiffDeny keep \\"hi\\": the tests expect it")')
    local res = finish(id)
    assert.is_nil(res.isError)
    local text = bridge.text(res)
    assert.matches("^REJECTED: the user rejected 1 edit to main%.lua in Neovim's review; nothing changed%.", text)
    assert.matches('\nkeep "hi": the tests expect it$', text)
    assert.is_nil(text:find('ask the user what they want', 1, true))
    assert.are.equal(MAIN, bridge.read(project .. '/main.lua'))
  end)

  it('cancelled by the client: notifications/cancelled closes the review, nothing changes', function()
    local tabs = nvim:lua('return #vim.api.nvim_list_tabpages()')
    local id = start_edit({ path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"gone"' } } }, { tag = 'e1' })
    assert.is_true(nvim:lua('return #vim.api.nvim_list_tabpages()') > tabs)
    c:cancel('e1', 'the user pressed Esc')
    local ok, err = c:wait(id)
    assert.is_false(ok)
    assert.are.equal('aborted', err.code)
    assert.is_true(
      vim.wait(3000, function()
        return #bridge.reviews(nvim) == 0
      end, 20),
      'the review stayed open after notifications/cancelled'
    )
    assert.are.equal(tabs, nvim:lua('return #vim.api.nvim_list_tabpages()'))
    assert.are.same({ 'local M = {}', 'function M.hello() return "hi" end', 'return M' }, lines())
    assert.is_false(modified())
    assert.are.equal(MAIN, bridge.read(project .. '/main.lua'))
    -- The bridge sent no late answer for the cancelled call, and serves the next one.
    assert.matches('^state: ', bridge.text(c:call('editor_state', {})))
    local log = c:log()
    assert.are.same({}, log.errors)
    assert.are.same({}, log.unexpected)
  end)
end)

describe('agent edit with the review off (agent.review = false)', function()
  after_each(bridge.cleanup)

  it('applies at once and saves like a :w of the user: the save hooks run once', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['main.lua'] = MAIN })
    local nvim =
      bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' }, setup = { agent = { review = false } } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    nvim:lua([[
      vim.g.spec_post = 0
      vim.api.nvim_create_autocmd('BufWritePost', { buffer = 1, callback = function()
        vim.g.spec_post = vim.g.spec_post + 1
      end })
    ]])
    local res = c:call('edit', { path = 'main.lua', edits = { { old_text = '"hi"', new_text = '"direct"' } } })
    assert.is_nil(res.isError)
    assert.are.equal('OK: applied 1 edit to main.lua and saved', bridge.text(res))
    assert.are.equal(1, nvim:lua('return vim.g.spec_post'))
    assert.are.equal(
      'local M = {}\nfunction M.hello() return "direct" end\nreturn M\n',
      bridge.read(project .. '/main.lua')
    )
    assert.are.same({}, bridge.reviews(nvim))
  end)
end)
