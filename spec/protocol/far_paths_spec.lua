-- What a far client reads (protocol/far_paths): a plain-text answer's local folder becomes the far one where a
-- path starts, never inside a longer name that starts like it, and the map an error names stays as it is; JSON
-- answers are walked by key, leaving out what the far side cannot see.
local fp = require('claude-ide.protocol.far_paths')
local PathMap = require('claude-ide.util.path_map')

describe('far paths out', function()
  local map = PathMap.createPathMap({ { far = '/workspace', near = '/tmp/p%roj' } })

  it('rewrites the folder where a path starts, not a longer name, and keeps the map an error names', function()
    local text =
      'Opened file: /tmp/p%roj/a.ts\nsee /tmp/p%rojX/b and (/tmp/p%roj)\n/tmp/p%roj/c is outside (/workspace → /tmp/p%roj)'
    local r = fp.resultToFar({ content = { { type = 'text', text = text } } }, map)
    assert.equal(
      'Opened file: /workspace/a.ts\nsee /tmp/p%rojX/b and (/workspace)\n/workspace/c is outside (/workspace → /tmp/p%roj)',
      r.content[1].text
    )
  end)

  it('walks JSON answers by key, leaving out the entries about files the far side cannot see', function()
    local text = vim.json.encode({ tabs = { { uri = 'file:///tmp/p%25roj/a.ts' }, { uri = 'file:///etc/hosts' } } })
    local r = fp.resultToFar({ content = { { type = 'text', text = text } } }, map)
    assert.same({ tabs = { { uri = 'file:///workspace/a.ts' } } }, vim.json.decode(r.content[1].text))
    assert.is_nil(fp.valueToFar({ filePath = '/etc/hosts' }, map))
  end)
end)
