-- `make lint` reads every hand-written Lua file: each *.lua the repository tracks outside lua/ (generated from
-- src/) lies under a folder of the Makefile's LUA_SOURCES, which stylua and luacheck are given; .luacheckrc
-- knows Neovim's `vim` and, in spec/, busted's globals; luacheck finds what it is there to find.
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

local function sources()
  for line in io.lines(root .. '/Makefile') do
    local list = line:match('^LUA_SOURCES := %$%(wildcard (.-)%)$')
    if list then
      return vim.split(list, ' ', { trimempty = true })
    end
  end
end

--- luacheck with the repository's .luacheckrc, run in `dir` on `files` (paths relative to it, as `make lint` gives).
local function luacheck(dir, files)
  local cmd = { root .. '/.deps/bin/luacheck', '--config', root .. '/.luacheckrc', '--formatter', 'plain' }
  return vim.system(vim.list_extend(cmd, files), { cwd = dir, text = true }):wait()
end

describe('the Lua linter and formatter', function()
  it('are given every hand-written Lua file of the repository', function()
    local dirs = sources()
    assert.is_table(dirs, 'no LUA_SOURCES := $(wildcard ...) line in the Makefile')
    local tracked = vim.system({ 'git', 'ls-files', '*.lua' }, { cwd = root, text = true }):wait()
    assert.are.equal(0, tracked.code, tracked.stderr)
    local outside = {}
    local count = 0
    for _, file in ipairs(vim.split(tracked.stdout, '\n', { trimempty = true })) do
      if not vim.startswith(file, 'lua/') then
        count = count + 1
        local covered = false
        for _, dir in ipairs(dirs) do
          covered = covered or vim.startswith(file, dir .. '/')
        end
        if not covered then
          table.insert(outside, file)
        end
      end
    end
    assert.is_true(count > 100, ('only %d hand-written Lua files found'):format(count))
    assert.are.same({}, outside)
  end)

  it("knows vim everywhere and busted's globals in spec/, and reports an unknown global and an unused local", function()
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir .. '/spec', 'p')
    vim.fn.mkdir(dir .. '/plugin', 'p')
    vim.fn.writefile(
      { "describe('x', function() it('y', function() assert.is_true(vim ~= nil) end) end)" },
      dir .. '/spec/ok_spec.lua'
    )
    vim.fn.writefile({ 'vim.g.x = 1' }, dir .. '/plugin/ok.lua')
    vim.fn.writefile({ 'local unused = 1', 'describe()' }, dir .. '/plugin/bad.lua')
    local ok = luacheck(dir, { 'spec/ok_spec.lua', 'plugin/ok.lua' })
    assert.are.equal(0, ok.code, ok.stdout .. ok.stderr)
    local bad = luacheck(dir, { 'plugin/bad.lua' })
    assert.are_not.equal(0, bad.code)
    assert.matches("unused variable 'unused'", bad.stdout, 1, true)
    assert.matches("accessing undefined variable 'describe'", bad.stdout, 1, true)
  end)
end)
