-- tools/import-graph.mjs (run by every `make build`) fails on an import that points up a layer or sideways
-- between sibling families, type-only imports included, on a circle of folders, and on a module the layer
-- table does not place; it passes on src/ and on a tree whose imports point down. Fixtures: spec/fixtures/import-graph/<case>/.
local FIXTURES = 'spec/fixtures/import-graph/'

local function check(src)
  local cmd = { 'node', 'tools/import-graph.mjs' }
  if src then
    vim.list_extend(cmd, { '--src', FIXTURES .. src })
  end
  local r = vim.system(cmd, { text = true }):wait()
  return r.code, r.stderr
end

describe('import-graph layers #slow', function()
  it('passes on src/', function()
    local code, err = check()
    assert.are.equal(0, code, err)
    assert.matches('every import points down', err)
    assert.matches('no folder circle', err)
  end)

  it('passes on a tree whose imports point down', function()
    local code, err = check('clean')
    assert.are.equal(0, code, err)
  end)

  it('fails on an upward import, even type-only, and names it', function()
    local code, err = check('upward')
    assert.are.equal(1, code, err)
    assert.matches('util/clock %(base%) → editor/windows %(editor%): points up', err)
  end)

  it('fails on an import between sibling families', function()
    local code, err = check('sideways')
    assert.are.equal(1, code, err)
    assert.matches('agent/tool %(capabilities/agent%) → lsp/hover %(capabilities/lsp%): sideways', err)
  end)

  it("places a module by its longest folder: editor's floor, review and write rooms are layers", function()
    local code, err = check('rooms')
    assert.are.equal(1, code, err)
    assert.matches('editor/buffers %(editor%) → editor/review/view %(review%): points up', err)
    assert.matches('editor/review/view %(review%) → editor/write/apply %(write%): points up', err)
    assert.matches('editor/review/view %(review/review%) → editor/snapshot/snap %(review/snapshot%): sideways', err)
  end)

  it('fails on two folders that import each other through different modules, and names the imports', function()
    local code, err = check('folder-circle')
    assert.are.equal(1, code, err)
    assert.matches('folder circle bridge/ → hooks/ → bridge/', err, 1, true)
    assert.matches('bridge/ → hooks/: bridge/cli_config → hooks/settings', err, 1, true)
    assert.matches('hooks/ → bridge/: hooks/settings → bridge/config_file', err, 1, true)
    assert.not_matches('circle%(s%) in src/ %(move the shared types', err)
  end)

  it('fails on a module the layer table does not place', function()
    local code, err = check('unplaced')
    assert.are.equal(1, code, err)
    assert.matches('misc/thing: not in the layer table', err)
  end)
end)
