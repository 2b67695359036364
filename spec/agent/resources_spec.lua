-- The vim:// resources through the bridge (the SDK's stdio client): each one and the buffer template,
-- unknown ones, and reading them before any Neovim runs, then from one Neovim, then after switching to
-- another one and after that one exits.
local bridge = require('helpers.bridge')

local function read(c, uri)
  local ok, res = c:request('resources/read', { uri = uri })
  assert.is_true(ok, uri .. ': ' .. vim.inspect(res))
  assert.are.equal(1, #res.contents)
  assert.are.equal(uri, res.contents[1].uri)
  return res.contents[1]
end

local function read_json(c, uri)
  local item = read(c, uri)
  assert.are.equal('application/json', item.mimeType)
  return vim.json.decode(item.text)
end

describe('agent resources through the bridge', function()
  local dir, root

  before_each(function()
    dir = bridge.config_dir()
    root = bridge.tempdir()
  end)
  after_each(bridge.cleanup)

  it('serves every resource and the template, before and after an instance change', function()
    local c = bridge.start({ config_dir = dir, cwd = root })
    -- No Neovim yet: the instances list is empty, editor resources say why they cannot be read.
    assert.are.same({ instances = {} }, read_json(c, 'vim://instances'))
    local ok, err = c:request('resources/read', { uri = 'vim://state' })
    assert.is_false(ok)
    assert.are.equal(-32603, err.code)
    assert.matches('no Neovim instance selected.*%(code 1001%)', err.message)

    local pa = bridge.project({ ['a.lua'] = 'return "a"\n' }, root, 'alpha')
    local a = bridge.editor({ config_dir = dir, cwd = pa, args = { 'a.lua' } })
    a:lua(
      [[
      vim.api.nvim_buf_set_lines(1, 0, -1, false, { 'return "A unsaved"', 'second' })
      vim.api.nvim_win_set_cursor(0, { 2, 3 })
      vim.diagnostic.set(vim.api.nvim_create_namespace('res-spec'), 1, { { lnum = 0, col = 7, severity = 2, message = 'hmm', source = 'spec' } })
      vim.cmd('badd ' .. vim.fn.fnameescape(...) .. '/other.txt')
    ]],
      pa
    )

    local state = read(c, 'vim://state')
    assert.are.equal('text/plain', state.mimeType)
    assert.matches('^state: s%d+\n', state.text)
    assert.matches('\ncwd: ' .. pa:gsub('%p', '%%%0') .. '\n', state.text)
    assert.matches('\n  b1 a%.lua 2L %[mod%] %[cur%] lua W1\n', state.text)

    local buffers = read_json(c, 'vim://buffers')
    assert.are.equal(2, #buffers)
    assert.are.same({
      id = 1,
      path = pa .. '/a.lua',
      name = 'a.lua',
      lines = 2,
      loaded = true,
      modified = true,
      filetype = 'lua',
      buftype = '',
      current = true,
    }, buffers[1])
    assert.are.equal(pa .. '/other.txt', buffers[2].path)
    assert.is_false(buffers[2].loaded)

    local windows = read_json(c, 'vim://windows')
    assert.are.equal(1, #windows)
    assert.are.same({ line = 2, column = 4 }, windows[1].cursor)
    assert.are.equal(1, windows[1].buffer)
    assert.is_true(windows[1].current)
    assert.is_false(windows[1].diff)

    assert.are.same({
      {
        path = pa .. '/a.lua',
        buffer = 1,
        line = 1,
        column = 8,
        severity = 'warning',
        source = 'spec',
        message = 'hmm',
      },
    }, read_json(c, 'vim://diagnostics'))
    assert.are.same(
      { mode = 'n', buffer = 1, path = pa .. '/a.lua', display = 'a.lua', line = 2, column = 4 },
      read_json(c, 'vim://cursor')
    )

    local current = read(c, 'vim://buffer/current')
    assert.are.equal('text/plain', current.mimeType)
    assert.are.equal('return "A unsaved"\nsecond', current.text)
    assert.are.equal('return "A unsaved"\nsecond', read(c, 'vim://buffer/1').text)

    for _, uri in ipairs({ 'vim://buffer/999', 'vim://buffer/2', 'vim://nothing', 'file:///etc/passwd' }) do
      local okr, e = c:request('resources/read', { uri = uri })
      assert.is_false(okr, uri)
      assert.are.equal(-32002, e.code, uri)
      assert.matches('Resource not found', e.message)
    end
    local okb, bad = c:request('resources/read', { uri = 7 })
    assert.is_false(okb)
    assert.are.equal(-32602, bad.code)

    local instances = read_json(c, 'vim://instances').instances
    assert.are.equal(1, #instances)
    assert.are.same(
      { id = a.id, pid = a.pid, cwd = pa, mainFile = pa .. '/a.lua', port = a.lock.port, selected = true },
      instances[1]
    )

    -- A second Neovim, selected: every resource now reads from it.
    local pb = bridge.project({ ['b.lua'] = 'return "b"\n' }, root, 'beta')
    local b = bridge.editor({ config_dir = dir, cwd = pb, args = { 'b.lua' } })
    assert.is_nil(c:call('select_instance', { instance_id = b.id }).isError)
    assert.matches('\ncwd: ' .. pb:gsub('%p', '%%%0') .. '\n', read(c, 'vim://state').text)
    assert.are.equal('return "b"', read(c, 'vim://buffer/current').text)
    assert.are.equal(pb .. '/b.lua', read_json(c, 'vim://cursor').path)
    local selected = vim.tbl_map(function(i)
      return i.id .. '=' .. tostring(i.selected)
    end, read_json(c, 'vim://instances').instances)
    -- (Listed by pid, and pids wrap around: compare them as a set.)
    table.sort(selected)
    local expected = { a.id .. '=false', b.id .. '=true' }
    table.sort(expected)
    assert.are.same(expected, selected)

    -- That one exits: the next read says so (1003), then the remaining Neovim answers.
    assert.is_true(b:quit())
    local okl, lost = c:request('resources/read', { uri = 'vim://buffer/current' })
    assert.is_false(okl)
    assert.matches('the connection to Neovim ' .. b.id:gsub('%-', '%%-') .. ' was lost.*%(code 1003%)', lost.message)
    assert.are.equal('return "A unsaved"\nsecond', read(c, 'vim://buffer/current').text)
    assert.are.equal(1, #read_json(c, 'vim://instances').instances)
  end)
end)
