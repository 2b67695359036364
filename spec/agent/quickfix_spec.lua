-- The quickfix tool and the vim://quickfix resource through the bridge (the SDK's stdio client): a list filled
-- by :cexpr read back as `path:line:col: type: text` under its title, the location list, paging, empty lists.
local bridge = require('helpers.bridge')

describe('quickfix through the bridge', function()
  local project, nvim, c

  setup(function()
    local dir = bridge.config_dir()
    project = bridge.project({ ['a.txt'] = 'héllo wörld\nsecond\n', ['b.txt'] = 'one\ntwo\n' })
    nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'a.txt' } })
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  teardown(bridge.cleanup)

  local function ok_text(name, args)
    local res = c:call(name, args or vim.empty_dict())
    assert.is_nil(res.isError, bridge.text(res))
    return bridge.text(res)
  end

  it('reads back a list filled by :cexpr, with its title, types and character columns', function()
    assert.are.equal('quickfix list (0 entries): empty', ok_text('quickfix'))
    nvim:lua([==[
      vim.o.errorformat = '%f:%l:%c: %t%*[a-z]: %m,%f:%l: %m'
      vim.cmd([=[cexpr ['a.txt:1:10: error: bad wörld', 'b.txt:2:1: warning: meh', 'b.txt:1: no column here', 'just text']]=])
      vim.fn.setqflist({}, 'a', { title = 'make build' })
    ]==])
    -- Column 10 is the byte of "w" after "héllo " (é is two bytes): character 9.
    assert.are.equal(
      table.concat({
        'quickfix list "make build" (4 entries, current 1):',
        'a.txt:1:9: error: bad wörld',
        'b.txt:2:1: warning: meh',
        'b.txt:1: no column here',
        '  just text',
      }, '\n'),
      ok_text('quickfix')
    )
    local ok, res = c:request('resources/read', { uri = 'vim://quickfix' })
    assert.is_true(ok, vim.inspect(res))
    assert.are.equal('text/plain', res.contents[1].mimeType)
    assert.matches(
      '^quickfix list "make build" %(4 entries, current 1%):\na%.txt:1:9: error: bad wörld\n',
      res.contents[1].text
    )
    local okl, list = c:request('resources/list', vim.empty_dict())
    assert.is_true(okl)
    local uris = {}
    for _, r in ipairs(list.resources) do
      uris[r.uri] = true
    end
    assert.is_true(uris['vim://quickfix'])
  end)

  it('reads the location list of the current window, or of the previous one from a window without one', function()
    nvim:lua([==[
      vim.o.errorformat = '%f:%l:%c: %m'
      vim.cmd([=[lexpr ['b.txt:2:2: only in the location list']]=])
    ]==])
    local text = ok_text('quickfix', { list = 'loclist' })
    assert.matches(
      '^location list of window 1 ".-" %(1 entry, current 1%):\nb%.txt:2:2: only in the location list$',
      text
    )
    -- The user is in another window (say, the Claude terminal): the previous window's list is meant.
    nvim:lua([[vim.cmd('botright new')]])
    assert.matches('only in the location list', ok_text('quickfix', { list = 'loclist' }), 1, true)
    nvim:lua([[vim.cmd('close')]])
  end)

  it('pages a long list: the answer says where the next page starts', function()
    nvim:lua([[
      local items = {}
      for i = 1, 3000 do
        items[i] = { filename = 'b.txt', lnum = 1, col = 1, text = ('entry %04d '):format(i) .. string.rep('x', 40), type = 'W' }
      end
      vim.fn.setqflist({}, ' ', { title = 'many', items = items })
    ]])
    local first = ok_text('quickfix')
    assert.matches('^quickfix list "many" %(3000 entries, current 1%):\n', first)
    local next_start = tonumber(first:match('call quickfix again with start=(%d+)$'))
    assert.is_not_nil(next_start, first:sub(-200))
    assert.is_true(#first < 25000)
    local second = ok_text('quickfix', { start = next_start })
    assert.matches(('b%%.txt:1:1: warning: entry %04d '):format(next_start), second)
    local res = c:call('quickfix', { start = 5000 })
    assert.is_true(res.isError)
    assert.matches('start 5000 is past the end: the quickfix list has 3000 entries', bridge.text(res), 1, true)
    res = c:call('quickfix', { list = 'errors' })
    assert.is_true(res.isError)
    assert.matches('"list" must be one of "quickfix", "loclist"', bridge.text(res), 1, true)
  end)
end)
