-- setup() costs next to nothing: it binds, writes the lock file and tracks the selection, and loads only the
-- modules that needs. Everything else (the tools, the MCP session, diff reviews, the agent, terminals,
-- vim.lsp, vim.fs) loads on first use. A fresh child Neovim is set up and its package.loaded is read.
local child_nvim = require('helpers.child_nvim')
local client = require('helpers.client')

--- What setup() may load. A module joining this list must be needed before the first connection.
local AT_SETUP = {
  ['claude-ide'] = true,
  -- 40 lines: sweeps the MCP config files of Neovims that are gone (one scandir).
  ['claude-ide.discovery.cli_files'] = true,
  ['claude-ide.config'] = true,
  ['claude-ide.discovery.lockfile'] = true,
  ['claude-ide.editor.plugins'] = true, -- tiny: names the which-key group (when which-key is installed)
  ['claude-ide.editor.selection'] = true,
  ['claude-ide.services'] = true,
  ['claude-ide.log'] = true,
  ['claude-ide.lualib_bundle'] = true,
  ['claude-ide.server'] = true,
  ['claude-ide.transport.tcp'] = true,
  ['claude-ide.transport.types'] = true,
  ['claude-ide.transport.websocket'] = true,
  ['claude-ide.util.clock'] = true, -- the keepalive and selection timers tick on it
  ['claude-ide.util.fs'] = true,
  ['claude-ide.util.json'] = true,
  ['claude-ide.util.modules'] = true,
}
--- Costly Neovim modules nobody asked for (vim.lsp alone took 6.6 ms of the old setup()).
local NOT_AT_SETUP = { 'vim.lsp', 'vim.fs', 'vim.treesitter' }

describe('startup', function()
  local child, c

  after_each(function()
    if c then
      c:close()
      c = nil
    end
    if child then
      child:kill()
      child = nil
    end
  end)

  local function loaded()
    return vim.rpcrequest(
      child:rpc(),
      'nvim_exec_lua',
      [[
      local names = {}
      for name in pairs(package.loaded) do names[#names + 1] = name end
      table.sort(names)
      return names
    ]],
      {}
    )
  end

  it('setup() loads only what the server needs before its first connection', function()
    child = child_nvim.spawn({ setup = true })
    local st = vim.rpcrequest(child:rpc(), 'nvim_exec_lua', 'return require("claude-ide").status()', {})
    assert.is_true(st.running)
    local extra, present = {}, {}
    for _, name in ipairs(loaded()) do
      present[name] = true
      if name:match('^claude%-ide') and not AT_SETUP[name] then
        extra[#extra + 1] = name
      end
    end
    assert.are.same({}, extra, 'loaded by setup() although not needed yet')
    for _, name in ipairs(NOT_AT_SETUP) do
      assert.is_nil(present[name], name .. ' loaded by setup()')
    end
    assert.is_true(present['claude-ide.editor.selection'], 'selection tracking starts with setup()')
  end)

  it('setup() binds the server on the next loop turn, not while the user config runs', function()
    child = child_nvim.spawn()
    local at_setup = vim.rpcrequest(
      child:rpc(),
      'nvim_exec_lua',
      [[
      local before = {}
      for name in pairs(package.loaded) do before[name] = true end
      local ok = require('claude-ide').setup({})
      -- still inside the caller's turn: nothing bound, the server's modules not even loaded
      local new = {}
      for name in pairs(package.loaded) do
        if not before[name] then new[#new + 1] = name end
      end
      table.sort(new)
      return { ok = ok, server_loaded = package.loaded['claude-ide.server'] ~= nil, new = new }
    ]],
      {}
    )
    assert.is_true(at_setup.ok)
    assert.is_false(at_setup.server_loaded)
    -- What the user's config pays for: the API, the options and the lazy require helper; not the messages,
    -- not TypeScript's Lua library (lualib_bundle, 23 KB to parse).
    assert.are.same({ 'claude-ide', 'claude-ide.config', 'claude-ide.util.modules' }, at_setup.new)
    -- nothing asks for the server: the deferred start alone binds it
    assert(
      vim.wait(5000, function()
        return vim.rpcrequest(child:rpc(), 'nvim_exec_lua', "return package.loaded['claude-ide.server'] ~= nil", {})
      end, 20),
      'the deferred start never ran'
    )
    local st = vim.rpcrequest(child:rpc(), 'nvim_exec_lua', 'return require("claude-ide").status()', {})
    assert.is_true(st.running)
    assert.are.equal(1, vim.fn.filereadable(st.lockFile))
  end)

  it('a server needed before the next loop turn starts at once (status right after setup)', function()
    child = child_nvim.spawn()
    local st = vim.rpcrequest(
      child:rpc(),
      'nvim_exec_lua',
      'require("claude-ide").setup({}) return require("claude-ide").status()',
      {}
    )
    assert.is_true(st.running)
  end)

  it('loads the rest on first use: a client connects and calls tools', function()
    child = child_nvim.spawn({ setup = true })
    local port = vim.rpcrequest(child:rpc(), 'nvim_exec_lua', 'return require("claude-ide").status().port', {})
    c = client.connect(client.endpoint(port))
    c:initialize()
    local tools = c:request('tools/list').result.tools
    assert.is_true(#tools > 5)
    local res = c:call_tool('closeAllDiffTabs', vim.empty_dict())
    assert.are.equal('CLOSED_0_DIFF_TABS', res.result.content[1].text)
    local present = {}
    for _, name in ipairs(loaded()) do
      present[name] = true
    end
    for _, name in ipairs({
      'claude-ide.protocol.session',
      'claude-ide.protocol.registry',
      'claude-ide.transport.frame',
      'claude-ide.editor.review.diff',
    }) do
      assert.is_true(present[name], name)
    end
  end)
end)
