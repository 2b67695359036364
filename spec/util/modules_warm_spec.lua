-- util/modules warmModules: a module with many plugin dependencies (the agent endpoint) is loaded a few modules
-- per turn of the editor's loop, dependencies first, so that no require runs more than its own module's body.
-- Checked in a fresh Neovim (the spec's own has most modules loaded already).
local child_nvim = require('helpers.child_nvim')

describe('warmModules', function()
  local child

  after_each(function()
    if child then
      child:quit()
      child = nil
    end
  end)

  it('loads the agent endpoint one module per require, dependencies first, over several loop turns', function()
    child = child_nvim.spawn({ setup = true })
    local stats = vim.rpcrequest(
      child:rpc(),
      'nvim_exec_lua',
      [[
      local function plugin_modules()
        local n = 0
        for name in pairs(package.loaded) do
          if name:find('^claude%-ide') then n = n + 1 end
        end
        return n
      end
      local before = plugin_modules()
      assert(package.loaded['claude-ide.bridge.endpoint'] == nil, 'the endpoint is loaded already')
      -- Every require the warm-up makes itself (depth 0, a plugin module, through pcall: a lazy() getter that
      -- other code calls meanwhile requires from Lua), with the plugin modules it added.
      local real, depth, most, calls = require, 0, 0, 0
      local turns, counting, during = 0, false, {}
      _G.require = function(name)
        local warm = depth == 0 and name:find('^claude%-ide') and debug.getinfo(2, 'S').what == 'C'
        depth = depth + 1
        local n = plugin_modules()
        local ok, mod = pcall(real, name)
        depth = depth - 1
        if warm then
          calls = calls + 1
          during[turns] = true
          most = math.max(most, plugin_modules() - n)
        end
        if not ok then error(mod, 0) end
        return mod
      end
      counting = true
      local function count()
        if counting then
          turns = turns + 1
          vim.defer_fn(count, 1)
        end
      end
      count()
      require('claude-ide.util.modules').warmModules('claude-ide.bridge.endpoint')
      local done = vim.wait(10000, function() return package.loaded['claude-ide.bridge.endpoint'] ~= nil end, 1)
      counting = false
      _G.require = real
      local slices = vim.tbl_count(during)
      return { done = done, added = plugin_modules() - before, most = most, calls = calls, slices = slices }
    ]],
      {}
    )
    assert.is_true(stats.done, 'the endpoint was not loaded')
    assert.is_true(stats.added > 30, vim.inspect(stats))
    assert.are.equal(1, stats.most, 'a require loaded more than its own module: ' .. vim.inspect(stats))
    assert.is_true(stats.calls >= stats.added - 20, vim.inspect(stats))
    assert.is_true(stats.slices > 2, 'the loop ran between the slices: ' .. vim.inspect(stats))
  end)

  it('does nothing for a module already loaded', function()
    child = child_nvim.spawn({ setup = true })
    local n = vim.rpcrequest(
      child:rpc(),
      'nvim_exec_lua',
      [[
      require('claude-ide.util.modules')
      local calls, real = 0, require
      _G.require = function(name)
        if name:find('^claude%-ide') and debug.getinfo(2, 'S').what == 'C' then calls = calls + 1 end
        return real(name)
      end
      require('claude-ide.util.modules').warmModules('claude-ide.util.modules')
      -- Its first slice would run 1 ms from now, before this.
      local later = false
      vim.defer_fn(function() later = true end, 20)
      vim.wait(5000, function() return later end, 1)
      _G.require = real
      return calls
    ]],
      {}
    )
    assert.are.equal(0, n)
  end)
end)
