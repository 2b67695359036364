-- Runs busted inside a real Neovim, so specs can use the real `vim` API.
--
--   .deps/bin/nvim-0.10 -l spec/runner.lua [busted args]     (cwd = repo root; scripts/test.sh does this)
--
-- busted and its lua-* dependencies come from .deps/busted (installed by scripts/deps.sh); Neovim's LuaJIT
-- is the interpreter. Under `nvim -l`, print() goes to stderr and io.write to stdout.

-- Repo root = parent of the folder holding this file (absolute, so it works from any cwd).
local function repo_root()
  local src = debug.getinfo(1, 'S').source
  local file = src:sub(1, 1) == '@' and src:sub(2) or 'spec/runner.lua'
  local abs = vim.fn.fnamemodify(file, ':p')
  return vim.fn.fnamemodify(abs, ':h:h')
end

local root = repo_root()
local busted_prefix = root .. '/.deps/busted'
local busted_share = busted_prefix .. '/usr/share/lua/5.1'
local busted_lib = busted_prefix .. '/usr/lib/x86_64-linux-gnu/lua/5.1'

if vim.fn.filereadable(busted_share .. '/busted/runner.lua') ~= 1 then
  io.stderr:write('spec/runner.lua: busted is not installed in ' .. busted_prefix .. ': run scripts/deps.sh\n')
  os.exit(2)
end

-- Keep entries of a ';'-separated search path except those pointing into the host's /usr (it may have its
-- own, different busted/penlight/lfs). LuaJIT's own jit.* modules live in the host's /usr/share/luajit-2.1:
-- map that to the copy shipped next to this Neovim (VIMRUNTIME = PREFIX/usr/share/nvim/runtime).
local function filter_path(p)
  local kept = {}
  local nvim_usr = vim.env.VIMRUNTIME and vim.fn.fnamemodify(vim.env.VIMRUNTIME, ':h:h:h') or nil
  for entry in p:gmatch('[^;]+') do
    if entry:match('^/usr/share/luajit%-') and nvim_usr then
      local mapped = nvim_usr .. entry:sub(#'/usr' + 1)
      if vim.fn.isdirectory(vim.fn.fnamemodify(mapped, ':h')) == 1 then
        kept[#kept + 1] = mapped
      end
    elseif not entry:match('^/usr/') and entry ~= './?.so' then
      kept[#kept + 1] = entry
    end
  end
  return table.concat(kept, ';')
end

package.path = table.concat({
  busted_share .. '/?.lua',
  busted_share .. '/?/init.lua',
  root .. '/lua/?.lua',
  root .. '/lua/?/init.lua',
  root .. '/spec/?.lua', -- require('helpers.client')
  filter_path(package.path),
}, ';')
package.cpath = table.concat({
  busted_lib .. '/?.so',
  filter_path(package.cpath),
}, ';')

-- The plugin itself (lua/, plugin/, ...) is found the way Neovim would find it.
vim.opt.rtp:prepend(root)

-- Default output: our summary handler (closing line "N passed, N failed, N skipped"), unless the caller
-- chose one with -o/--output.
local args = {}
local has_output = false
for i = 1, #_G.arg do
  local a = _G.arg[i]
  if a == '-o' or a == '--output' or a:match('^%-%-output=') or (a:match('^%-o.') and not a:match('^%-%-')) then
    has_output = true
  end
  args[#args + 1] = a
end
if not has_output then
  table.insert(args, 1, '--output=' .. root .. '/spec/output/summary.lua')
end
for i = #_G.arg, 1, -1 do
  _G.arg[i] = nil
end
for i, a in ipairs(args) do
  _G.arg[i] = a
end

-- busted.runner ends in one of three ways:
--   * returns normally: every test passed (standalone = false, so it does not exit itself);
--   * raises error() with no value: its exit() helper does that on Lua 5.1 for a non-zero exit code (tests
--     failed/errored, bad arguments). Outside pcall Neovim would report "E5113 ... [NULL]";
--   * raises a real error: busted itself broke.
-- Loaded before busted, so the spec file's helpers get this same module (busted insulates a spec file: what it
-- loads itself is unloaded after it).
local at_exit = require('helpers.at_exit')
local ok, err = pcall(function()
  require('busted.runner')({ standalone = false })
end)
-- The Node drivers the spec file's tests shared, stopped and waited for.
at_exit.run()
io.stdout:flush()
io.stderr:flush()
if ok then
  os.exit(0)
elseif err == nil then
  os.exit(1)
else
  io.stderr:write('spec/runner.lua: busted crashed: ' .. tostring(err) .. '\n')
  os.exit(2)
end
