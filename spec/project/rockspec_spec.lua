-- The rockspecs (claude-ide.nvim-scm-1.rockspec, and the last release's claude-ide.nvim-<version>-1.rockspec)
-- pass `luarocks lint` and install with Debian's luarocks (.deps/bin/luarocks from scripts/deps.sh, run by
-- Neovim's LuaJIT) into a private tree; a Neovim with only that tree on package.path and, besides its own
-- runtime, on the runtimepath (the rock's folder: plugin/ and doc/; and a folder whose lua/ is the tree's
-- share/lua/5.1, since :checkhealth searches the runtimepath only) loads the plugin from there, sets it up and
-- answers :checkhealth claude-ide.
local child_nvim = require('helpers.child_nvim')

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')
local LUAROCKS = root .. '/.deps/bin/luarocks'

local function luarocks(args)
  local r = vim.system(vim.list_extend({ LUAROCKS }, args), { cwd = root, text = true }):wait(120000)
  return r.code, (r.stdout or '') .. (r.stderr or '')
end

--- Every rockspec at the top of the repository, with the version it declares.
local function rockspecs()
  local found = {}
  for _, path in ipairs(vim.fn.glob(root .. '/*.rockspec', false, true)) do
    local text = table.concat(vim.fn.readfile(path), '\n')
    table.insert(found, { file = vim.fn.fnamemodify(path, ':t'), version = text:match("\nversion = '([^']+)'") })
  end
  return found
end

--- A Neovim of this version that knows only `tree` (installed from the rock `version`): its RPC channel.
local function neovim_on(tree, version)
  local share = tree .. '/share/lua/5.1'
  local rock = ('%s/lib/luarocks/rocks-5.1/claude-ide.nvim/%s'):format(tree, version)
  local lua_dir = tree .. '/rtp'
  vim.fn.mkdir(lua_dir, 'p')
  assert(vim.uv.fs_symlink(share, lua_dir .. '/lua'))
  local init = tree .. '/init.lua'
  vim.fn.writefile({
    -- Neovim's own runtime as `--clean` leaves it (its parsers too), then the rock.
    ('vim.opt.runtimepath:append(%q)'):format(rock),
    ('vim.opt.runtimepath:append(%q)'):format(lua_dir),
    "vim.o.packpath = ''",
    ('package.path = %q'):format(share .. '/?.lua;' .. share .. '/?/init.lua'),
    "package.cpath = ''",
  }, init)
  local child = child_nvim.spawn({ cmd = { vim.v.progpath, '--clean', '--cmd', 'luafile ' .. init } })
  return child, child:rpc()
end

describe('the rockspecs', function()
  local specs = rockspecs()

  it('are the development one and at most one release', function()
    local names = vim.tbl_map(function(s)
      return s.file
    end, specs)
    assert.is_true(vim.tbl_contains(names, 'claude-ide.nvim-scm-1.rockspec'), vim.inspect(names))
    assert.is_true(#specs <= 2, vim.inspect(names))
    for _, s in ipairs(specs) do
      assert.are.equal(('claude-ide.nvim-%s.rockspec'):format(s.version), s.file)
    end
  end)

  for _, spec in ipairs(specs) do
    describe(spec.file, function()
      local child

      after_each(function()
        if child then
          child:quit()
          child:kill()
        end
      end)

      it('passes luarocks lint', function()
        local code, out = luarocks({ 'lint', spec.file })
        assert.are.equal(0, code, out)
      end)

      it('installs into a private tree, from which Neovim loads, sets up and checks the plugin', function()
        local tree = vim.fn.tempname()
        local code, out = luarocks({ '--lua-version=5.1', 'make', '--tree', tree, spec.file })
        assert.are.equal(0, code, out)
        assert.matches('claude-ide.nvim ' .. spec.version .. ' is now installed', out, 1, true)
        assert.are.equal(1, vim.fn.filereadable(tree .. '/share/lua/5.1/claude-ide/init.lua'))

        local chan
        child, chan = neovim_on(tree, spec.version)
        local function eval(lua)
          return vim.rpcrequest(chan, 'nvim_exec_lua', lua, {})
        end
        -- plugin/ came from the rock: the commands exist before anything is required.
        assert.are.equal(2, eval('return vim.fn.exists(":ClaudeCode")'))
        -- the modules come from the tree, and nothing of this checkout is on either path.
        local where = eval([[
          local ide = require('claude-ide')
          return {
            searched = package.searchpath('claude-ide', package.path),
            loaded = debug.getinfo(ide.setup, 'S').source,
            rtp = vim.o.runtimepath,
            path = package.path,
          }
        ]])
        assert.are.equal(tree .. '/share/lua/5.1/claude-ide/init.lua', where.searched)
        assert.is_truthy(where.loaded:find(tree, 1, true), where.loaded)
        -- nothing of the checkout itself (its Neovim under .deps may be there: it is the binary under test)
        for _, p in ipairs({ where.rtp, where.path }) do
          for entry in p:gmatch('[^,;]+') do
            local ours = entry == root
              or vim.startswith(entry, root .. '/lua')
              or vim.startswith(entry, root .. '/plugin')
            assert.is_false(ours, entry)
          end
        end

        assert.is_true(eval([[
          assert(require('claude-ide').setup({}))
          return vim.wait(10000, function() return require('claude-ide').status().running end, 20)
        ]]))
        local health = eval([[
          vim.cmd('checkhealth claude-ide')
          return vim.api.nvim_buf_get_lines(0, 0, -1, false)
        ]])
        local text = table.concat(health, '\n')
        assert.matches('claude-ide.nvim ' .. require('claude-ide.version').VERSION .. ')', text, 1, true)
        assert.matches('configuration is valid', text, 1, true)
        assert.is_falsy(text:find('No healthcheck found', 1, true), text)
        assert.is_falsy(text:find('Failed to run healthcheck', 1, true), text)

        -- :help finds the rock's doc/ (its tags come with it).
        local help = eval([[
          vim.cmd.help('claude-ide')
          return vim.api.nvim_buf_get_name(0)
        ]])
        assert.are.equal(
          tree .. '/lib/luarocks/rocks-5.1/claude-ide.nvim/' .. spec.version .. '/doc/claude-ide.txt',
          help
        )
      end)
    end)
  end
end)
