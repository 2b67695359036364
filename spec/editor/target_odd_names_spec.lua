-- Paths from the model never reach an Ex command as text: files named with a space, `|`, `%`, `#` and a
-- leading `+cmd` are read, searched, edited (applied without a review) and shown by navigate through the
-- bridge, each exactly that file, and none of the Ex commands hidden in the names runs. A path with a control
-- character (a newline) is refused by name before any tool runs (protocol/registry), so its hidden command
-- never runs either.
local bridge = require('helpers.bridge')

describe('odd file names through the bridge', function()
  after_each(bridge.cleanup)

  it('reads, searches, edits and navigates each one exactly', function()
    local dir = bridge.config_dir()
    local project = bridge.project({ ['main.lua'] = 'return 1\n' })
    local pwned = project .. '/pwned'
    local names = {
      'sp ace.txt',
      'a|call writefile(["x"], "' .. pwned .. '").txt',
      '100%.txt',
      '#1.txt',
      '+call writefile(["x"], "' .. pwned .. '")',
      '++ff=dos.txt',
    }
    local newline = 'new\ncall writefile(["x"], "' .. pwned .. '")\n.txt'
    for i, name in ipairs(names) do
      bridge.write(project .. '/' .. name, 'line of file ' .. i .. '\n')
    end
    bridge.write(project .. '/' .. newline, 'line of the newline file\n')
    local nvim =
      bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' }, setup = { agent = { review = false } } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    for i, name in ipairs(names) do
      local path = project .. '/' .. name
      local res = c:call('read_buffer', { path = name })
      assert.is_not_true(res.isError, bridge.text(res))
      assert.matches('line of file ' .. i, bridge.text(res))
      res = c:call('search', { pattern = 'line of file ' .. i, path = path })
      assert.matches('^1 match', bridge.text(res))
      res = c:call('edit', { path = name, edits = { { old_text = 'file ' .. i, new_text = 'edited ' .. i } } })
      assert.is_not_true(res.isError, bridge.text(res))
      assert.are.equal('line of edited ' .. i .. '\n', bridge.read(path))
      res = c:call('navigate', { path = path, line = 1 })
      assert.is_not_true(res.isError, bridge.text(res))
      assert.are.equal(path, nvim:lua('return vim.api.nvim_buf_get_name(0)'))
      assert.are.equal('line of edited ' .. i, nvim:lua('return vim.api.nvim_get_current_line()'))
    end
    for _, call in ipairs({
      { 'read_buffer', { path = newline } },
      { 'search', { pattern = 'line', path = project .. '/' .. newline } },
      { 'edit', { path = newline, edits = { { old_text = 'line', new_text = 'edited' } } } },
      { 'navigate', { path = newline, line = 1 } },
    }) do
      local res = c:call(call[1], call[2])
      assert.is_true(res.isError, call[1])
      assert.matches('"path" must not contain control characters: found U+000A', bridge.text(res), 1, true)
    end
    assert.are.equal('line of the newline file\n', bridge.read(project .. '/' .. newline))
    assert.is_nil(vim.uv.fs_stat(pwned))
    -- Nothing else was created in the project (a name cut at a special character would make another file).
    local entries = {}
    for name in vim.fs.dir(project) do
      table.insert(entries, name)
    end
    assert.are.equal(#names + 2, #entries, vim.inspect(entries))
  end)
end)
