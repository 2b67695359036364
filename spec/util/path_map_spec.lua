-- The path map of a far agent (util/path_map): far folder <-> local folder, both ways, longest folder first,
-- "." and ".." resolved before the folders are compared, a local folder reached through a symbolic link, URIs, and
-- a path outside every folder refused with an error naming the map.
local PathMap = require('claude-ide.util.path_map')

describe('path map', function()
  local root, map

  before_each(function()
    root = vim.fn.resolve(vim.fn.tempname())
    vim.fn.mkdir(root .. '/proj/sub', 'p')
    vim.fn.mkdir(root .. '/lib', 'p')
    map = PathMap.createPathMap({
      { far = '/workspace', near = root .. '/proj' },
      { far = '/workspace/vendor/lib', near = root .. '/lib' },
    })
  end)

  after_each(function()
    vim.fn.delete(root, 'rf')
  end)

  it('maps a far path to the local one, and back', function()
    local r = map:toLocal('/workspace/src/a.ts')
    assert.same({ ok = true, path = root .. '/proj/src/a.ts' }, r)
    assert.equal('/workspace/src/a.ts', map:toFar(root .. '/proj/src/a.ts'))
    assert.same({ ok = true, path = root .. '/proj' }, map:toLocal('/workspace'))
    assert.equal('/workspace', map:toFar(root .. '/proj'))
  end)

  it('takes the longest far folder that holds the path', function()
    assert.same({ ok = true, path = root .. '/lib/x.c' }, map:toLocal('/workspace/vendor/lib/x.c'))
    assert.equal('/workspace/vendor/lib/x.c', map:toFar(root .. '/lib/x.c'))
    assert.same({ ok = true, path = root .. '/proj/vendor/other.c' }, map:toLocal('/workspace/vendor/other.c'))
  end)

  it('resolves "." and ".." before comparing: a path that climbs out is refused, naming the map', function()
    assert.same({ ok = true, path = root .. '/proj/b.ts' }, map:toLocal('/workspace/src/../b.ts'))
    assert.same({ ok = true, path = root .. '/proj/b.ts' }, map:toLocal('/workspace/./b.ts'))
    local out = map:toLocal('/workspace/../etc/passwd')
    assert.is_false(out.ok)
    assert.matches('/workspace/../etc/passwd is outside the folders', out.error, 1, true)
    assert.matches('/workspace → ' .. root .. '/proj', out.error, 1, true)
    -- A folder name that only starts like a mapped one is not inside it.
    assert.is_false(map:toLocal('/workspace2/a').ok)
    assert.is_nil(map:toFar(root .. '/project/a'))
    assert.is_nil(map:toFar('/etc/hosts'))
  end)

  it('maps file:// URIs to URIs, percent-encoding kept', function()
    local r = map:toLocal('file:///workspace/a%20b.ts')
    assert.same({ ok = true, path = vim.uri_from_fname(root .. '/proj/a b.ts') }, r)
    assert.equal('file:///workspace/a%20b.ts', map:toFar(vim.uri_from_fname(root .. '/proj/a b.ts')))
    assert.is_false(map:toLocal('file:///elsewhere/a.ts').ok)
  end)

  it('leaves a relative path as it is (the workspace-relative name is the same over there)', function()
    assert.same({ ok = true, path = 'src/a.ts' }, map:toLocal('src/a.ts'))
    assert.equal('src/a.ts', map:toFar('src/a.ts'))
  end)

  it('maps a local path given through a symbolic link, and a map whose local folder is a link', function()
    local link = root .. '/link'
    assert(vim.uv.fs_symlink(root .. '/proj', link))
    -- The path reaches the mapped folder through a link.
    assert.equal('/workspace/sub/f.txt', map:toFar(link .. '/sub/f.txt') or 'nil')
    -- A map given the link: the folder's real path maps too.
    local via = PathMap.createPathMap({ { far = '/w', near = link } })
    assert.equal('/w/sub', via:toFar(root .. '/proj/sub'))
    assert.equal('/w/sub', via:toFar(link .. '/sub'))
    assert.same({ ok = true, path = link .. '/sub' }, via:toLocal('/w/sub'))
  end)

  it('describes itself and lists its folders', function()
    assert.same({ '/workspace/vendor/lib', '/workspace' }, map:farFolders())
    assert.matches('/workspace → ', map:describe(), 1, true)
  end)
end)
