-- getDiagnostics against real buffers and vim.diagnostic.set.
local h = require('helpers.tools')

describe('getDiagnostics', function()
  local ctx, ns

  before_each(function()
    ctx = h.context()
    ns = vim.api.nvim_create_namespace('claude-ide-spec-diagnostics')
  end)

  after_each(function()
    ctx.dispose()
    h.reset_editor()
  end)

  local function open(path)
    vim.cmd.edit(vim.fn.fnameescape(path))
    return vim.api.nvim_get_current_buf()
  end

  it('reports one file by URI with severity names, source, code and UTF-16 ranges', function()
    local path = h.file('dir with space/naïve 🎉.lua', { 'local s = "é🎉" .. x', 'return s' })
    local buf = open(path)
    -- "x" is at byte 22 (é = 2 bytes, 🎉 = 4) but UTF-16 column 19.
    vim.diagnostic.set(ns, buf, {
      {
        lnum = 0,
        col = 21,
        end_col = 22,
        severity = vim.diagnostic.severity.ERROR,
        message = 'undefined x',
        source = 'lua_ls',
        code = 'undefined-global',
      },
      { lnum = 1, col = 0, severity = vim.diagnostic.severity.HINT, message = 'hint' },
      { lnum = 0, col = 0, severity = vim.diagnostic.severity.WARN, message = 'warn', code = 42 },
      { lnum = 0, col = 1, severity = vim.diagnostic.severity.INFO, message = 'info' },
    })
    local out = h.json(h.call(ctx, 'getDiagnostics', { uri = vim.uri_from_fname(path) }))
    assert.are.equal(1, #out)
    assert.are.equal(vim.uri_from_fname(path), out[1].uri)
    local d = out[1].diagnostics
    assert.are.same(
      { 'Warning', 'Information', 'Error', 'Hint' },
      vim.tbl_map(function(x)
        return x.severity
      end, d)
    )
    assert.are.same({ start = { line = 0, character = 18 }, ['end'] = { line = 0, character = 19 } }, d[3].range)
    assert.are.equal('lua_ls', d[3].source)
    assert.are.equal('undefined-global', d[3].code)
    assert.are.equal(42, d[1].code)
    assert.is_nil(d[2].source)
    assert.is_nil(d[2].code)
    assert.are.same({ line = 1, character = 0 }, d[4].range['end'])
  end)

  it('accepts the URI unencoded and a plain path', function()
    local path = h.file('a b/é.txt', { 'x' })
    local buf = open(path)
    vim.diagnostic.set(ns, buf, { { lnum = 0, col = 0, message = 'm', severity = 1 } })
    for _, uri in ipairs({ 'file://' .. path, path }) do
      local out = h.json(h.call(ctx, 'getDiagnostics', { uri = uri }))
      assert.are.equal(1, #out[1].diagnostics, uri)
    end
  end)

  -- The CLI asks with `file://` + the raw path and compares each answer's uri, `file://` stripped and not
  -- decoded, with that path: the asked uri must come back verbatim, whatever spelling found the buffer.
  it('answers the asked uri verbatim for a path with a space and é (raw or encoded)', function()
    local path = h.file('my file é.ts', { 'let x: number = "no"' })
    vim.diagnostic.set(ns, open(path), { { lnum = 0, col = 4, message = 'type error', severity = 1 } })
    for _, uri in ipairs({ 'file://' .. path, vim.uri_from_fname(path), path }) do
      local out = h.json(h.call(ctx, 'getDiagnostics', { uri = uri }))
      assert.are.equal(1, #out, uri)
      assert.are.equal(uri, out[1].uri)
      assert.are.equal('type error', out[1].diagnostics[1].message)
    end
  end)

  it('finds the buffer through a symlink (either way) and answers the asked uri', function()
    local real = h.file('real dir/real é.ts', { 'bad' })
    local link = vim.fs.dirname(vim.fs.dirname(real)) .. '/link é.ts'
    assert(vim.uv.fs_symlink(real, link))
    vim.diagnostic.set(ns, open(real), { { lnum = 0, col = 0, message = 'via real', severity = 1 } })
    local asked = 'file://' .. link
    local out = h.json(h.call(ctx, 'getDiagnostics', { uri = asked }))
    assert.are.same({ asked }, { out[1].uri })
    assert.are.equal('via real', out[1].diagnostics[1].message)
    -- The all-files answer (the CLI's after-edit call) names the file as the CLI asked for it...
    assert.are.same({ asked }, { h.json(h.call(ctx, 'getDiagnostics', vim.empty_dict()))[1].uri })
    -- ...until it asks by the buffer's own path again.
    h.call(ctx, 'getDiagnostics', { uri = 'file://' .. real })
    assert.are.same({ 'file://' .. real }, { h.json(h.call(ctx, 'getDiagnostics', vim.empty_dict()))[1].uri })

    h.reset_editor()
    vim.diagnostic.set(ns, open(link), { { lnum = 0, col = 0, message = 'via link', severity = 2 } })
    asked = 'file://' .. real
    out = h.json(h.call(ctx, 'getDiagnostics', { uri = asked }))
    assert.are.same({ asked }, { out[1].uri })
    assert.are.equal('via link', out[1].diagnostics[1].message)
  end)

  it('without uri answers file:// + the raw path (not percent-encoded)', function()
    local path = h.file('my file é.ts', { 'x' })
    vim.diagnostic.set(ns, open(path), { { lnum = 0, col = 0, message = 'm', severity = 1 } })
    local out = h.json(h.call(ctx, 'getDiagnostics', vim.empty_dict()))
    assert.are.same({ 'file://' .. path }, { out[1].uri })
  end)

  it('answers an empty list for a file that is not loaded (not an error)', function()
    local path = h.file('closed.txt', { 'x' })
    local res = h.call(ctx, 'getDiagnostics', { uri = vim.uri_from_fname(path) })
    assert.are.same({}, h.json(res))
    assert.are.equal('[]', res.content[1].text)
    res = h.call(ctx, 'getDiagnostics', { uri = 'file:///does/not/exist.ts' })
    assert.are.equal('[]', res.content[1].text)
  end)

  it('lists only files with diagnostics when no uri is given, in buffer order', function()
    local a = open(h.file('a.txt', { 'aaa' }))
    open(h.file('clean.txt', { 'ok' }))
    local c = open(h.file('c.txt', { 'ccc' }))
    vim.diagnostic.set(ns, c, { { lnum = 0, col = 1, message = 'in c', severity = 2 } })
    vim.diagnostic.set(ns, a, { { lnum = 0, col = 2, message = 'in a', severity = 1 } })
    -- A scratch buffer without a file name has no URI: left out.
    local scratch = vim.api.nvim_create_buf(false, true)
    vim.diagnostic.set(ns, scratch, { { lnum = 0, col = 0, message = 'scratch', severity = 1 } })
    local out = h.json(h.call(ctx, 'getDiagnostics', vim.empty_dict()))
    assert.are.same(
      { vim.uri_from_fname(vim.api.nvim_buf_get_name(a)), vim.uri_from_fname(vim.api.nvim_buf_get_name(c)) },
      {
        out[1].uri,
        out[2].uri,
      }
    )
    assert.are.equal('in a', out[1].diagnostics[1].message)
  end)

  it('answers [] with no diagnostics anywhere, and ignores _meta', function()
    local res = h.call(ctx, 'getDiagnostics', { _meta = { progressToken = 3 } })
    assert.are.equal('[]', res.content[1].text)
  end)

  it('rejects a non-string uri naming the argument', function()
    local res = h.call(ctx, 'getDiagnostics', { uri = 5 })
    assert.matches('"uri" must be a string', res.invalid, 1, true)
  end)
end)
