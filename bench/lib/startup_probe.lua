-- Helper of bench/startup_memory.lua (not an entry point): run in a fresh `nvim --clean --headless -l`.
-- Times sourcing plugin/claude-ide.lua and then require("claude-ide").setup({}) as a user's config would,
-- then the start setup() defers to the next loop turn (bind, lock file, selection tracking), and counts the modules setup() loaded. Prints one JSON line. LOADER=1: with vim.loader enabled.
local root = assert(vim.env.CLAUDE_IDE_ROOT, 'CLAUDE_IDE_ROOT')
vim.opt.rtp:prepend(root)
if vim.env.LOADER == '1' then
  vim.loader.enable() -- the byte code cache (lazy.nvim turns it on by default)
end
local hr = vim.uv.hrtime
assert(not vim.g.loaded_claude_ide, 'plugin/claude-ide.lua ran already')
local t0 = hr()
vim.cmd.source(vim.fn.fnameescape(root .. '/plugin/claude-ide.lua'))
local t1 = hr()
local before = {}
for name in pairs(package.loaded) do
  before[name] = true
end
local t2 = hr()
local ok = require('claude-ide').setup({})
local t3 = hr()
local modules, plugin_modules = 0, 0
for name in pairs(package.loaded) do
  if not before[name] then
    modules = modules + 1
    if name:match('^claude%-ide') then
      plugin_modules = plugin_modules + 1
    end
  end
end
-- setup() binds on the next loop turn: the callback scheduled after its own runs once the bind is done.
local t4
vim.schedule(function()
  t4 = hr()
end)
vim.wait(5000, function()
  return t4 ~= nil
end, 1)
io.stdout:write(
  vim.json.encode({
    ok = ok and require('claude-ide').status().running,
    plugin_ms = (t1 - t0) / 1e6,
    setup_ms = (t3 - t2) / 1e6,
    bind_ms = (t4 - t3) / 1e6,
    modules = modules,
    plugin_modules = plugin_modules,
  }),
  '\n'
)
require('claude-ide').stop()
vim.cmd('qa!')
