-- `make pictures` (scripts/pictures/run.sh) in smoke mode: every scenario still drives this Neovim version with the
-- plugin in tmux to the screen its README picture shows (texts that mark that screen), and no image is written.
-- A scenario that no longer gets there (a renamed winbar, a command that stopped opening its view) fails here
-- instead of leaving a stale picture in the README.
local root = vim.fn.getcwd()

--- Runs scripts/pictures/run.sh --smoke (`draw`: without, drawing the pictures) with this Neovim's version and
--- the extra environment `env`.
local function smoke(env, draw)
  local version = vim.fn.has('nvim-0.11') == 1 and '0.12' or '0.10'
  local full = vim.tbl_extend('force', { PICTURES_NVIM = root .. '/.deps/bin/nvim-' .. version }, env or {})
  local cmd = { 'bash', root .. '/scripts/pictures/run.sh' }
  if not draw then
    table.insert(cmd, '--smoke')
  end
  local r = vim.system(cmd, { cwd = root, env = full, text = true }):wait(300000)
  return r.code, (r.stdout or '') .. (r.stderr or '')
end

--- name → modification time of every file under doc/pictures.
local function pictures()
  local times = {}
  for _, f in ipairs(vim.fn.glob(root .. '/doc/pictures/*', false, true)) do
    times[f] = vim.fn.getftime(f)
  end
  return times
end

describe('make pictures #slow', function()
  it('reaches the screen of every scenario, and writes no image in smoke mode', function()
    local before = pictures()
    local code, out = smoke()
    assert.are.equal(0, code, out)
    local scenarios = vim.fn.glob(root .. '/scripts/pictures/scenarios/*.sh', false, true)
    assert.is_true(#scenarios >= 4, out)
    for _, file in ipairs(scenarios) do
      local name = vim.fn.fnamemodify(file, ':t:r'):gsub('^%d+%-', '')
      assert.is_truthy(out:find('ok   ' .. name .. ' (reached its screen', 1, true), name .. ':\n' .. out)
      -- The README shows every picture a scenario makes.
      local readme = table.concat(vim.fn.readfile(root .. '/README.md'), '\n')
      assert.is_truthy(readme:find('doc/pictures/' .. name .. '.svg', 1, true), name .. ' is not in README.md')
      assert.are.equal(1, vim.fn.filereadable(root .. '/doc/pictures/' .. name .. '.svg'), name .. '.svg')
    end
    assert.are.same(before, pictures())
  end)

  it('fails, showing the screen it saw, when a scenario never reaches its screen', function()
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    vim.fn.writefile({
      'mkdir -p "$HOME/project"',
      'start_nvim "$HOME/project"',
      'ex "edit nothing-here.txt"',
      'shoot lost "a text no screen shows"',
    }, dir .. '/10-lost.sh')
    local code, out = smoke({ PICTURES_SCENARIOS = dir, PICTURES_WAIT = '2' })
    assert.are_not.equal(0, code, out)
    assert.is_truthy(out:find('FAIL lost: the screen never showed: a text no screen shows', 1, true), out)
    assert.is_truthy(out:find('  | nothing-here.txt ', 1, true), out) -- its statusline
    assert.is_truthy(out:find('0 passed, 1 failed', 1, true), out)
  end)

  it("fails when a picture no longer shows the screen its scenario reaches (with the pictures' Neovim)", function()
    local dir, out_dir = vim.fn.tempname(), vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    vim.fn.mkdir(out_dir, 'p')
    vim.fn.writefile({
      'mkdir -p "$HOME/project"',
      [[echo 'the words of today, 42 of them' > "$HOME/project/words.txt"]],
      'start_nvim "$HOME/project" words.txt',
      'shoot words "the words of today"',
    }, dir .. '/10-words.sh')
    -- The pictures are made with 0.12, whatever Neovim runs this spec.
    local env = { PICTURES_SCENARIOS = dir, PICTURES_OUT = out_dir, PICTURES_NVIM = root .. '/.deps/bin/nvim-0.12' }
    local code, out = smoke(env, true)
    assert.are.equal(0, code, out)
    local svg = out_dir .. '/words.svg'
    assert.are.equal(1, vim.fn.filereadable(svg), out)
    -- Drawn just now: the smoke run finds the screen in it.
    code, out = smoke(env)
    assert.are.equal(0, code, out)
    assert.is_truthy(out:find('ok   words (reached its screen: the words of today; ', 1, true), out)
    -- A picture of yesterday's words (the view's text changed since the picture was made): the smoke run fails.
    local text = table.concat(vim.fn.readfile(svg), '\n')
    local changed = text:gsub('>today,<', '>yesterday,<')
    assert.are_not.equal(text, changed, 'the picture has no "today," to change: ' .. text)
    vim.fn.writefile(vim.split(changed, '\n'), svg)
    code, out = smoke(env)
    assert.are_not.equal(0, code, out)
    assert.is_truthy(out:find('FAIL words: ' .. out_dir .. '/words.svg no longer shows this screen', 1, true), out)
    assert.is_truthy(out:find('the picture thewordsofyesterday,#ofthem', 1, true), out)
  end)
end)
