-- The spec tree mirrors src/: spec/<folder>/<module>[_<aspect>]_spec.lua tests src/claude-ide/<folder>/<module>.ts
-- (spec/<module>[_<aspect>]_spec.lua a module at the top of src/claude-ide/). Only these folders hold specs of no
-- single module: project/ (the repository as a whole), integration/ and conformance/ (independent clients).
-- A newcomer finds a module's specs by its path, and a spec for a module that was renamed or removed fails here.

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')
local FREE = { project = true, integration = true, conformance = true }

--- The src module a spec file stands for, or nil and why not.
local function module_of(rel)
  local dir, name = rel:match('^spec/(.-)/?([^/]+)_spec%.lua$')
  if FREE[dir:match('^[^/]+') or ''] then
    return true
  end
  local src = root .. '/src/claude-ide/' .. (dir ~= '' and dir .. '/' or '')
  if vim.fn.isdirectory(src) ~= 1 then
    return nil, ('no folder src/claude-ide/%s'):format(dir)
  end
  -- The longest name of a module in that folder that the spec's name is, or starts with followed by "_".
  local words = vim.split(name, '_', { plain = true })
  for n = #words, 1, -1 do
    local module = table.concat(words, '_', 1, n)
    if vim.fn.filereadable(src .. module .. '.ts') == 1 then
      return module
    end
  end
  return nil,
    ('no module src/claude-ide/%s%s.ts (nor one its name starts with)'):format(dir ~= '' and dir .. '/' or '', name)
end

describe('spec layout', function()
  it('every spec file is named after the src module it tests, in the same folder', function()
    local files = vim.fn.globpath(root .. '/spec', '**/*_spec.lua', false, true)
    assert.is_true(#files > 50, ('only %d spec files found under %s/spec'):format(#files, root))
    local wrong = {}
    for _, f in ipairs(files) do
      local rel = f:sub(#root + 2)
      local ok, why = module_of(rel)
      if not ok then
        wrong[#wrong + 1] = rel .. ': ' .. why
      end
    end
    assert.are.same({}, wrong)
  end)

  it('tells a spec named after no module apart (the check can fail)', function()
    assert.are.equal('diff', module_of('spec/editor/review/diff_focus_spec.lua'))
    assert.are.equal('diff_view', module_of('spec/editor/review/diff_view_hunks_spec.lua'))
    assert.are.equal('server', module_of('spec/server_goodbye_spec.lua'))
    assert.are.equal('project', module_of('spec/agent/search/project_spec.lua'))
    assert.is_true(module_of('spec/project/anything_spec.lua'))
    local none, why = module_of('spec/editor/nothing_here_spec.lua')
    assert.is_nil(none)
    assert.matches('no module src/claude%-ide/editor/nothing_here%.ts', why)
    assert.is_nil((module_of('spec/diff/review_spec.lua')))
    assert.is_nil((module_of('spec/agent/bounded_spec.lua')))
  end)
end)
