-- The README is read in two minutes: at most 250 lines, pictures first, then the sections a user looks for in the
-- order gitsigns, mini.nvim and snacks use; every :help it names exists, and what it points to is in the tree.
-- (doc_spec checks that it names every agent tool, pictures_spec that it shows every picture.)
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')
local lines = vim.fn.readfile(root .. '/README.md')
local text = table.concat(lines, '\n')

--- The text of the README's section `title` (to the next "## ").
local function section(title)
  local from = text:find('\n## ' .. title .. '\n', 1, true)
  assert(from, 'no "## ' .. title .. '" section')
  local to = text:find('\n## ', from + 1, true)
  return text:sub(from, to)
end

describe('README.md', function()
  it(
    "is at most 250 lines, and so is ARCHITECTURE.md (what it outgrows goes to the modules' header comments)",
    function()
      assert.is_true(#lines <= 250, ('README.md: %d lines'):format(#lines))
      local architecture = #vim.fn.readfile(root .. '/ARCHITECTURE.md')
      assert.is_true(architecture <= 250, ('ARCHITECTURE.md: %d lines'):format(architecture))
    end
  )

  it('leads with pictures, then the sections in the order a user reads them', function()
    local headings = {}
    for _, line in ipairs(lines) do
      local h = line:match('^## (.+)$')
      if h then
        table.insert(headings, h)
      end
    end
    assert.are.same({
      'Features',
      'Requirements',
      'Install',
      'Quick start',
      'Keys',
      'Configuration',
      'Other CLIs',
      'Remote agents',
      'Troubleshooting',
      'Similar plugins',
      'Contributing',
      'License',
    }, headings)
    local picture = text:find('![', 1, true)
    assert.is_true(picture ~= nil and picture < text:find('\n## Features', 1, true), 'a picture before Features')
  end)

  it('installs with lazy.nvim, luarocks or rocks.nvim, and as a plain package', function()
    local install = section('Install')
    for _, word in ipairs({ 'lazy.nvim', 'luarocks', 'rocks.nvim', 'claude-ide.nvim-scm-1.rockspec', 'pack/' }) do
      assert.is_truthy(install:find(word, 1, true), word)
    end
    assert.are.equal(1, vim.fn.filereadable(root .. '/claude-ide.nvim-scm-1.rockspec'))
  end)

  it('starts in three steps', function()
    local steps = {}
    for step in section('Quick start'):gmatch('\n(%d+)%. ') do
      table.insert(steps, tonumber(step))
    end
    assert.are.same({ 1, 2, 3 }, steps)
  end)

  it('answers the five problems users meet, after :checkhealth', function()
    local trouble = section('Troubleshooting')
    assert.is_truthy(trouble:find(':checkhealth claude-ide', 1, true))
    for _, problem in ipairs({ 'trust dialog', 'Hooks do not run', 'Gemini CLI', 'outside Neovim', 'remote session' }) do
      assert.is_truthy(trouble:find(problem, 1, true), problem)
    end
  end)

  it('configures with options setup() accepts', function()
    local code = section('Configuration'):match('```lua\nrequire%("claude%-ide"%)%.setup%((.-)%)\n```')
    assert.is_string(code, 'a require("claude-ide").setup({ ... }) block')
    local opts = assert(loadstring('return ' .. code))()
    local result = require('claude-ide.config').validate(opts)
    assert.is_true(result.ok, result.error)
  end)

  it('names only :help tags that exist, and files that are in the tree', function()
    local tags = {}
    for _, line in ipairs(vim.fn.readfile(root .. '/doc/tags')) do
      tags[line:match('^([^\t]+)')] = true
    end
    local missing = {}
    for tag in text:gmatch(':help ([%w_-]+)') do
      if not tags[tag] then
        table.insert(missing, ':help ' .. tag)
      end
    end
    for target in text:gmatch('%]%(([^):#]+)%)') do
      if not target:find('^https?://') and vim.fn.filereadable(root .. '/' .. target) ~= 1 then
        table.insert(missing, target)
      end
    end
    assert.are.same({}, missing)
    for _, file in ipairs({ 'LICENSE', 'CHANGELOG.md', 'CONTRIBUTING.md' }) do
      assert.is_truthy(text:find('(' .. file .. ')', 1, true), file)
    end
  end)
end)
