-- A separate headless Neovim (vim.v.progpath, so the same version as the specs) with this checkout on its
-- runtimepath, listening on a socket; the specs drive it over RPC like a user at the keyboard.
--
--   local child = require('helpers.child_nvim').spawn({ setup = true })  -- setup = true: claude-ide set up
--   vim.rpcrequest(child:rpc(), 'nvim_get_mode')                           -- connect (waits for the socket)
--   child:quit()                                                           -- :qa! and wait for the exit
local M = {}

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

local Child = {}
Child.__index = Child

--- `env` for vim.system with clear_env = true: Neovim 0.10 hands that table to uv.spawn as it is (which wants
--- "NAME=value" strings), 0.11+ converts it.
function M.clear_env(env)
  if vim.fn.has('nvim-0.11') == 1 then
    return env
  end
  local list = {}
  for k, v in pairs(env) do
    table.insert(list, ('%s=%s'):format(k, tostring(v)))
  end
  return list
end

--- opts.setup: claude-ide set up (true: with no options; a table: with these options). opts.cmd: a command that starts Neovim instead (given the arguments
--- --headless --listen <socket>); opts.env: its extra environment (its whole environment with
--- opts.clear_env); opts.cwd: its working directory; opts.args: file arguments.
function M.spawn(opts)
  opts = opts or {}
  local self = setmetatable({ socket = vim.fn.tempname(), exited = false }, Child)
  local cmd = {
    vim.v.progpath,
    '--headless',
    '--clean',
    '--listen',
    self.socket,
    '--cmd',
    'set rtp^=' .. vim.fn.fnameescape(root),
  }
  if opts.cmd then
    cmd = vim.list_extend(vim.deepcopy(opts.cmd), { '--headless', '--listen', self.socket })
  end
  if opts.setup then
    local setup_opts = type(opts.setup) == 'table' and vim.inspect(opts.setup, { newline = ' ', indent = '' }) or '{}'
    vim.list_extend(cmd, { '-c', ('lua require("claude-ide").setup(%s)'):format(setup_opts) })
  end
  if opts.args then
    vim.list_extend(cmd, vim.list_extend({ '--' }, opts.args))
  end
  self.proc = vim.system(cmd, {
    text = true,
    env = opts.clear_env and M.clear_env(opts.env) or opts.env,
    clear_env = opts.clear_env,
    cwd = opts.cwd,
  }, function()
    self.exited = true
  end)
  self.pid = self.proc.pid
  return self
end

--- The RPC channel to the child, connecting once its socket exists.
function Child:rpc()
  if self.chan then
    return self.chan
  end
  assert(
    vim.wait(10000, function()
      local ok, chan = pcall(vim.fn.sockconnect, 'pipe', self.socket, { rpc = true })
      self.chan = ok and chan > 0 and chan or nil
      return self.chan ~= nil
    end, 20),
    'could not connect to the child Neovim'
  )
  return self.chan
end

--- Waits until the child has exited; false on timeout.
function Child:wait_exit(ms)
  return vim.wait(ms or 10000, function()
    return self.exited
  end, 20)
end

--- :qa! over RPC, then waits for the exit. Returns whether it exited.
function Child:quit()
  if not self.exited then
    pcall(vim.rpcnotify, self:rpc(), 'nvim_command', 'qa!')
  end
  local exited = self:wait_exit()
  if self.chan then
    pcall(vim.fn.chanclose, self.chan)
  end
  return exited
end

--- Cleanup for after_each: a child that is still running is killed.
function Child:kill()
  if not self.exited then
    self.proc:kill(9)
    self:wait_exit(2000)
  end
end

return M
