-- Run as `nvim -l spec/helpers/bridge_modules.lua <lua root>` (a fresh process, like the real bridge): the
-- agent bridge answers initialize and tools/list; writes, as JSON on stdout, the tools/list answer and the
-- names of this plugin's modules that were loaded (package.loaded).
local root = arg[1]
package.path = root .. '/?.lua;' .. root .. '/?/init.lua;' .. package.path
local out = {}
local new = require('claude-ide.lualib_bundle').__TS__New
local Bridge = require('claude-ide.bridge.bridge').Bridge
local bridge = new(Bridge, {
  write = function(line)
    table.insert(out, line)
  end,
  log = function() end,
  env = {},
  cwd = vim.fn.getcwd(),
})
bridge:receive(
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"spec","version":"1"}}}'
)
bridge:receive('{"jsonrpc":"2.0","id":2,"method":"tools/list"}')
local loaded = {}
for name in pairs(package.loaded) do
  if name == 'claude-ide' or name:match('^claude%-ide%.') then
    table.insert(loaded, name)
  end
end
table.sort(loaded)
io.write(vim.json.encode({ list = vim.json.decode(out[2]), loaded = loaded }))
