-- Benches that cannot rot: every bench/*.lua runs here in its smoke mode (BENCH_SMOKE=1, bench/lib/report.lua:
-- tiny sizes, every step still taken, no figure judged) and fails when it errors, when a call it measures
-- answered ERROR (report.answer), or when it does not take the smoke mode at all (it would run at full size).
-- The one against a real language server (lsp_tools) is #slow, like the other specs that start one.
local root = vim.fn.getcwd()

local SLOW = { ['lsp_tools.lua'] = true }

--- Runs one bench as `make bench` does (`nvim --clean --headless -l FILE` from the repo root), in the smoke
--- mode; returns its exit code and its output (stdout and stderr).
local function run_bench(file)
  local res = vim
    .system({ vim.v.progpath, '--clean', '--headless', '-l', file }, {
      cwd = root,
      env = { BENCH_SMOKE = '1' },
      stdin = false,
      text = true,
    })
    :wait(300000)
  return res.code, (res.stdout or '') .. (res.stderr or '')
end

local function benches(slow)
  local out = {}
  for _, file in ipairs(vim.fn.glob(root .. '/bench/*.lua', false, true)) do
    if (SLOW[vim.fs.basename(file)] == true) == slow then
      table.insert(out, file)
    end
  end
  return out
end

local function smoke(file)
  local source = table.concat(vim.fn.readfile(file), '\n')
  assert(
    source:find("require('lib.report')", 1, true),
    vim.fs.basename(file) .. ' does not take the smoke mode (bench/lib/report.lua)'
  )
  local code, output = run_bench(file)
  assert(code == 0, ('%s failed in its smoke run (exit %d):\n%s'):format(vim.fs.basename(file), code, output))
  assert.is_nil(output:find('answered an error', 1, true), output)
end

describe('bench smoke runs #slow', function()
  it('finds the benches', function()
    assert.is_true(#benches(false) >= 6, vim.inspect(benches(false)))
  end)

  for _, file in ipairs(benches(false)) do
    it(vim.fs.basename(file) .. ' runs through in its smoke mode', function()
      smoke(file)
    end)
  end

  it('fails a bench that errors, and one that measured an ERROR answer', function()
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    local head = ("package.path = %q .. '/bench/?.lua;' .. package.path\nlocal report = require('lib.report')\n"):format(
      root
    )
    vim.fn.writefile(
      vim.split(head .. "assert(report.SMOKE, 'not in smoke mode')\nerror('broken bench')", '\n'),
      dir .. '/broken.lua'
    )
    vim.fn.writefile(
      vim.split(head .. "report.answer('search', 'ERROR: outside the workspace')\nprint('figure 1 ms')", '\n'),
      dir .. '/refused.lua'
    )
    vim.fn.writefile(
      vim.split(head .. "report.answer('search', '3 matches')\nprint(report.goal(3, 16, ' ms'))", '\n'),
      dir .. '/fine.lua'
    )
    local code, output = run_bench(dir .. '/broken.lua')
    assert.are_not.equal(0, code)
    assert.matches('broken bench', output)
    code, output = run_bench(dir .. '/refused.lua')
    assert.are_not.equal(0, code)
    assert.matches('search answered an error, not the work to measure: ERROR: outside the workspace', output, 1, true)
    assert.is_nil(output:find('figure 1 ms', 1, true))
    code, output = run_bench(dir .. '/fine.lua')
    assert.are.equal(0, code, output)
    assert.matches('goal <= 16 ms: smoke run, not judged', output, 1, true)
    vim.fn.delete(dir, 'rf')
  end)
end)

describe('bench smoke runs against a real language server #slow', function()
  for _, file in ipairs(benches(true)) do
    it(vim.fs.basename(file) .. ' runs through in its smoke mode', function()
      smoke(file)
    end)
  end
end)
