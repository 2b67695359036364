-- Helper of the benchmarks (not an entry point): the generated repository the project search and the turn
-- snapshot are measured on, and the child editor they talk to.
--
-- The tree: TypeScript-like files in nested folders (packages/pkgNN/src/modNNN/fileNNNNN.ts), two rare markers
-- for the search's queries (every `every`-th file), mixed sizes (most files `lines` long, every 37th five times
-- that), three large files (about 600 KB), one of 2 MB (over the 1 MiB limits: skipped by the search and the
-- snapshot), four binary files (NUL bytes, one marker each), and .gitignore'd folders (build/, *.log) full of
-- markers that no engine must report and no snapshot take; in a fresh git repository, untracked.
local M = {}

local WORDS = { 'value', 'request', 'handler', 'state', 'config', 'buffer', 'result', 'option', 'token', 'client' }

function M.write(path, text)
  local fh = assert(io.open(path, 'wb'))
  fh:write(text)
  fh:close()
end

--- The text of file number `f`: `n` lines, the markers in it when `f` is a multiple of `every`.
function M.body(f, n, every)
  local lines = {}
  for l = 1, n do
    local w1, w2 = WORDS[(f + l) % 10 + 1], WORDS[(f * 7 + l * 3) % 10 + 1]
    lines[l] = ('  const %s%d = %s_%d(%s, "%s line %d of file %d");'):format(w1, l, w2, f % 97, w1, w2, l, f)
  end
  if f % every == 0 and n >= 3 then
    lines[math.floor(n / 2)] = '  // findMeLiteral: the literal query matches here'
    lines[n - 1] = '  export function findXmlRegex(input: string) { return input; }'
  end
  return table.concat(lines, '\n') .. '\n'
end

--- The relative path of file number `f`.
function M.file(f)
  return ('packages/pkg%02d/src/mod%03d/file%05d.ts'):format(f % 40, f % 250, f)
end

--- Generates the tree in `repo` (see above); `big_lines`: the large files' length (8000 in the full run).
--- Returns the number of lines written and the seconds it took.
function M.generate(repo, files, lines, every, big_lines)
  local t0 = vim.uv.hrtime()
  local total, made = 0, {}
  for f = 1, files do
    local dir = vim.fs.dirname(repo .. '/' .. M.file(f))
    if not made[dir] then
      vim.fn.mkdir(dir, 'p')
      made[dir] = true
    end
    local n = f % 37 == 0 and lines * 5 or lines
    M.write(repo .. '/' .. M.file(f), M.body(f, n, every))
    total = total + n
  end
  vim.fn.mkdir(repo .. '/assets', 'p')
  for i = 1, 3 do
    M.write(('%s/assets/large%d.ts'):format(repo, i), M.body(every * i, big_lines, every))
  end
  M.write(repo .. '/assets/huge.js', M.body(every, math.floor(big_lines * 13 / 4), every))
  for i = 1, 4 do
    M.write(
      ('%s/assets/blob%d.bin'):format(repo, i),
      ('\0\1\2binary'):rep(2000) .. 'findMeLiteral findXmlRegex(' .. ('\0'):rep(100)
    )
  end
  M.write(repo .. '/.gitignore', 'build/\n*.log\n')
  vim.fn.mkdir(repo .. '/build/out', 'p')
  for i = 1, math.max(1, math.floor(files / 100)) do
    M.write(('%s/build/out/gen%04d.ts'):format(repo, i), M.body(every, 10, 1))
  end
  M.write(repo .. '/debug.log', M.body(every, 50, 1))
  vim.system({ 'git', 'init', '-q', repo }):wait()
  return total, (vim.uv.hrtime() - t0) / 1e9
end

--- The environment for a child Neovim (a list of "K=V" on 0.10, whose vim.system wants that with clear_env).
function M.env(extra)
  local env = vim.fn.environ()
  for _, k in ipairs({
    'NVIM',
    'VIMRUNTIME',
    'VIM',
    'NVIM_APPNAME',
    'MYVIMRC',
    'CLAUDE_IDE_INSTANCE',
    'CLAUDE_CODE_SSE_PORT',
  }) do
    env[k] = nil
  end
  for k, v in pairs(extra or {}) do
    env[k] = v
  end
  local list = {}
  for k, v in pairs(env) do
    table.insert(list, k .. '=' .. v)
  end
  return env, list
end

--- Starts the editor: a child Neovim with the plugin (`root`) set up by `setup` (Lua), in `cwd`, listening on
--- `socket`, idle in its own main loop. Returns its RPC channel and a stop() function.
function M.editor(root, cwd, socket, setup, env)
  local map, list = M.env(env)
  local proc = vim.system({
    vim.v.progpath,
    '--clean',
    '--headless',
    '--listen',
    socket,
    '--cmd',
    'set rtp^=' .. vim.fn.fnameescape(root),
    '-c',
    'lua ' .. setup,
  }, { cwd = cwd, env = vim.fn.has('nvim-0.11') == 1 and map or list, clear_env = true, stdin = true })
  local chan
  assert(
    vim.wait(10000, function()
      local ok, c = pcall(vim.fn.sockconnect, 'pipe', socket, { rpc = true })
      if ok and c > 0 then
        chan = c
        return true
      end
      return false
    end, 20),
    'the editor did not start'
  )
  assert(vim.wait(10000, function()
    return vim.rpcrequest(chan, 'nvim_exec_lua', 'return require("claude-ide").status().running', {}) == true
  end, 20))
  return chan, function()
    pcall(vim.fn.chanclose, chan)
    proc:kill('sigterm')
    proc:wait(3000)
  end
end

return M
