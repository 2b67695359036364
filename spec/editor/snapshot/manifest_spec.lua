-- The manifest format the snapshot worker writes and the editor reads (editor/snapshot/manifest, required by both).
local manifest = require('claude-ide.editor.snapshot.manifest')

describe('a manifest', function()
  it('reads back the records it writes, any byte but NUL in a path', function()
    local e1 = { size = 12, sec = 1700000000, nsec = 5, ino = 42, mode = tonumber('755', 8), key = 'abc' }
    local e2 = { size = 0, sec = 0, nsec = 0, ino = 0, mode = tonumber('644', 8), key = 'def' }
    local odd = 'dir with space/ünï\tcode\n.txt'
    local m = manifest.parse(manifest.record('a.txt', e1) .. manifest.record(odd, e2))
    assert.are.same(e1, m['a.txt'])
    assert.are.same(e2, m[odd])
    assert.is_nil(manifest.parseGitHead(manifest.record('a.txt', e1)))
  end)

  it('reads a file list unparsed: the rest of each record starts with its facts', function()
    local e = { size = 7, sec = 1800000000, nsec = 999999999, ino = 123456789012, mode = 420, key = 'kk' }
    local raw = manifest.parseRaw(manifest.record('p/q.txt', e) .. manifest.record('r', e))
    local rest = raw['p/q.txt']
    local facts = manifest.facts(e.size, e.sec, e.nsec, e.ino, e.mode)
    assert.are.equal(facts, rest:sub(1, #facts))
    assert.are.equal(facts .. 'kk\0', rest)
    assert.are.same(e, manifest.parse('p/q.txt\0' .. rest)['p/q.txt'])
    -- Another mode is another fact (a chmod alone is seen).
    assert.are_not.equal(facts, manifest.facts(e.size, e.sec, e.nsec, e.ino, 493))
    assert.are.same({}, manifest.parseRaw(manifest.gitRecord({ tree = 'ab', files = 1, top = '/t', prefix = '' })))
  end)

  it('tells a git snapshot by its header, whose file list is empty', function()
    local head = { tree = string.rep('a', 40), files = 10001, top = '/repo top', prefix = 'sub/' }
    local text = manifest.gitRecord(head)
    assert.are.same(head, manifest.parseGitHead(text))
    assert.are.same({}, manifest.parse(text))
  end)

  it('writes whole files (0600) and reads them back; a missing one reads as nothing', function()
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir, 'p')
    local path = dir .. '/m'
    -- Undefined (nil) when written; else why not.
    assert.is_nil(
      manifest.writeFile(path, manifest.record('x', { size = 1, sec = 2, nsec = 3, ino = 4, mode = 420, key = 'k' }))
    )
    assert.matches('^open .*/none/m%.tmp%d+: ENOENT', manifest.writeFile(dir .. '/none/m', 'x'))
    assert.are.equal(tonumber('600', 8), vim.uv.fs_stat(path).mode % 512)
    assert.are.equal('k', manifest.readManifest(path)['x'].key)
    assert.are.same({}, manifest.readManifest(dir .. '/none'))
    assert.is_nil(manifest.readGitHead(dir .. '/none'))
    assert.are.same({ 'm' }, vim.fn.readdir(dir))
    vim.fn.delete(dir, 'rf')
  end)
end)
