-- Helper of the benchmarks (not an entry point): a Neovim with the plugin set up as a user's config does
-- (`require("claude-ide").setup({})`, the server started), in its own process and idle in Neovim's normal
-- main loop: the editor a client talks to, not a server running inside a benchmark's `vim.wait`.
-- A buffer with a file is open, so getCurrentSelection answers about a real file.
local M = {}

--- Starts the editor; returns its port, its auth token and a stop() function.
function M.start(root)
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local out = dir .. '/endpoint'
  vim.fn.writefile({ 'local answer = { "ok" }', 'return answer' }, dir .. '/main.lua')
  local script = table
    .concat({
      'require("claude-ide").setup({})',
      'vim.cmd.edit(vim.fn.fnameescape(%q))',
      'local s = require("claude-ide").status()',
      'local lock = vim.json.decode(table.concat(vim.fn.readfile(s.lockFile), "\\n"))',
      'vim.fn.writefile({ s.port .. " " .. lock.authToken }, %q)',
    }, '\n')
    :format(dir .. '/main.lua', out)
  vim.fn.writefile(vim.split(script, '\n'), dir .. '/start.lua')
  local proc = vim.system({
    vim.v.progpath,
    '--clean',
    '--headless',
    '--cmd',
    'set rtp^=' .. vim.fn.fnameescape(root),
    '-c',
    'luafile ' .. vim.fn.fnameescape(dir .. '/start.lua'),
  }, { stdin = true, cwd = dir })
  local line
  assert(
    vim.wait(10000, function()
      line = vim.fn.filereadable(out) == 1 and vim.fn.readfile(out)[1] or nil
      return line ~= nil
    end, 5),
    'the editor did not start its server'
  )
  local port, token = line:match('^(%d+) (%S+)$')
  return tonumber(port),
    token,
    function()
      proc:kill('sigterm')
      proc:wait(2000)
      vim.fn.delete(dir, 'rf')
    end
end

return M
