-- The privacy policy and the workspace boundary through the bridge (the MCP SDK's stdio client): every agent
-- road refused or redacted for a built-in secret (.env), a file denied in .claude/settings.json and one denied
-- in the user settings; .env.example readable; privacy.include; a settings file changed while Neovim runs;
-- reads outside every root refused (absolute, `..`, `~`, a symlink out, a vim:// uri) and the ways in
-- (additionalDirectories, privacy.folders, a file the user opened).
local bridge = require('helpers.bridge')

local SECRET = 'API_KEY=sk-live-1234567890'

local function text(c, tool, args)
  local res = c:call(tool, args)
  return bridge.text(res), res.isError == true
end

local function refused(c, tool, args, pattern)
  local out, is_error = text(c, tool, args)
  assert.is_true(is_error, tool .. ' answered: ' .. out)
  assert.matches(pattern, out)
  assert.is_nil(out:find('sk%-live'), out)
  return out
end

describe('privacy through the bridge', function()
  local dir, root, project, outside

  before_each(function()
    dir = bridge.config_dir()
    root = bridge.tempdir()
    outside =
      bridge.project({ ['far.txt'] = 'far away text\n', ['open.txt'] = 'opened by the user\n' }, root, 'outside')
    project = bridge.project({
      ['.env'] = SECRET .. '\n',
      ['.env.example'] = 'API_KEY=your-key-here\n',
      ['.env.test'] = 'API_KEY=sk-live-test\n',
      ['config/prod.yaml'] = 'password: sk-live-prod\n',
      ['notes/private.md'] = 'diary sk-live-diary\n',
      ['main.lua'] = 'local key = os.getenv("API_KEY")\n',
      ['.claude/settings.json'] = vim.json.encode({ permissions = { deny = { 'Read(./config/prod.yaml)' } } }),
    }, root, 'project')
    bridge.write(
      dir .. '/settings.json',
      vim.json.encode({
        permissions = { deny = { 'Read(**/private.md)' }, additionalDirectories = { root .. '/extra' } },
      })
    )
    bridge.write(root .. '/extra/shared.txt', 'shared folder text\n')
  end)
  after_each(bridge.cleanup)

  it('withholds .env, settings-denied files and user-denied files on every agent road', function()
    local nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    local c = bridge.start({ config_dir = dir, cwd = project })

    -- read_buffer: the three kinds, each naming its rule and where it comes from.
    local out = refused(
      c,
      'read_buffer',
      { path = '.env' },
      '^ERROR: %.env is withheld from the model by the built%-in pattern "%.env"'
    )
    assert.matches('the user can lift it with setup%({ privacy = { include = { "%.env" } } }%)', out)
    out = refused(
      c,
      'read_buffer',
      { path = 'config/prod.yaml' },
      'withheld from the model by Read%(%./config/prod%.yaml%)'
    )
    assert.matches('permissions%.deny of ' .. vim.pesc(project) .. '/%.claude/settings%.json', out)
    out = refused(c, 'read_buffer', { path = project .. '/notes/private.md' }, 'by Read%(%*%*/private%.md%)')
    assert.matches('permissions%.deny of ' .. vim.pesc(dir) .. '/settings%.json', out)
    -- .env.example is a template, not a secret.
    out = text(c, 'read_buffer', { path = '.env.example' })
    assert.matches('API_KEY=your%-key%-here', out)

    -- search: the project and the buffers; matches in withheld files dropped, the answer says how many and why.
    out = text(c, 'search', { pattern = 'sk-live' })
    assert.matches('^0 matches', out)
    assert.matches('4 files withheld from the model', out)
    assert.matches('by the built%-in pattern "%.env"', out)
    assert.matches('by Read%(%./config/prod%.yaml%)', out)
    out = text(c, 'search', { pattern = 'API_KEY' })
    assert.matches('main%.lua:1:', out)
    assert.matches('%.env%.example:1:', out)
    assert.is_nil(out:find('\n%.env:1'), out)
    refused(c, 'search', { pattern = 'sk', path = '.env' }, 'withheld from the model')

    -- The user opens .env and selects its line: editor_state lists the buffer, withholds the text.
    nvim:lua('vim.cmd.edit(".env"); vim.cmd("normal! V")')
    out = text(c, 'editor_state', {})
    assert.matches('\n  b%d+ %.env 1L', out)
    assert.matches('selection: %.env 1%-1 %(lines, 1 lines%)\n  %(text not shown: %.env is withheld', out)
    assert.is_nil(out:find('sk%-live'), out)
    -- search of the loaded buffers drops it too.
    out = text(c, 'search', { pattern = 'sk-live', scope = 'buffers' })
    assert.matches('^0 matches', out)
    assert.matches('1 file withheld', out)
    -- A diagnostic quoting the secret: its place stays, its message goes (get_diagnostics, vim://diagnostics).
    nvim:lua([[vim.diagnostic.set(vim.api.nvim_create_namespace('p'), vim.fn.bufnr('.env'),
      { { lnum = 0, col = 8, severity = 1, message = "bad key 'sk-live-1234567890'" } })]])
    out = text(c, 'get_diagnostics', {})
    assert.matches('%.env:1:9: error: %(message withheld from the model%)', out)
    local okd, diags = c:request('resources/read', { uri = 'vim://diagnostics' })
    assert.is_true(okd)
    assert.is_nil(diags.contents[1].text:find('sk%-live'), diags.contents[1].text)
    assert.matches('withheld', diags.contents[1].text)
    nvim:lua('vim.cmd("normal! \\27")')

    -- The resources: the current buffer (.env) and the buffer by number.
    local ok, err = c:request('resources/read', { uri = 'vim://buffer/current' })
    assert.is_false(ok)
    assert.matches('ERROR: %.env is withheld from the model', err.message)
    local envbuf = nvim:lua('return vim.fn.bufnr(".env")')
    ok, err = c:request('resources/read', { uri = 'vim://buffer/' .. envbuf })
    assert.is_false(ok)
    assert.matches('withheld', err.message)
    ok = c:request('resources/read', { uri = 'vim://state' })
    assert.is_true(ok)

    -- edit: refused (the model cannot see the file), the file untouched; by buffer number too.
    refused(c, 'edit', { path = '.env', edits = { { old_text = 'sk', new_text = 'xx' } } }, 'withheld from the model')
    refused(c, 'read_buffer', { buffer = envbuf }, 'withheld from the model')
    refused(c, 'navigate', { path = 'config/prod.yaml' }, 'withheld from the model')
    assert.are.equal(SECRET .. '\n', bridge.read(project .. '/.env'))
    -- A symbolic link with an innocent name pointing at the secret: the real path counts.
    vim.uv.fs_symlink(project .. '/.env', project .. '/innocent.txt')
    refused(c, 'read_buffer', { path = 'innocent.txt' }, 'withheld from the model by the built%-in pattern "%.env"')
  end)

  it('re-reads a settings file changed while Neovim runs', function()
    bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    assert.matches('os%.getenv', (text(c, 'read_buffer', { path = 'main.lua' })))
    bridge.write(
      project .. '/.claude/settings.local.json',
      vim.json.encode({ permissions = { deny = { 'Read(./main.lua)' } } })
    )
    refused(
      c,
      'read_buffer',
      { path = 'main.lua' },
      'by Read%(%./main%.lua%) %(permissions%.deny of .*settings%.local%.json%)'
    )
    -- The entry removed again (same size, other mtime): readable again.
    vim.uv.sleep(20)
    bridge.write(
      project .. '/.claude/settings.local.json',
      vim.json.encode({ permissions = { deny = { 'Read(./nain.lua)' } } })
    )
    assert.matches('os%.getenv', (text(c, 'read_buffer', { path = 'main.lua' })))
  end)

  it('privacy.include lifts a default; privacy.exclude adds one', function()
    bridge.editor({
      config_dir = dir,
      cwd = project,
      args = { 'main.lua' },
      setup = { privacy = { include = { '.env.test' }, exclude = { 'main.lua' } } },
    })
    local c = bridge.start({ config_dir = dir, cwd = project })
    assert.matches('sk%-live%-test', (text(c, 'read_buffer', { path = '.env.test' })))
    refused(c, 'read_buffer', { path = '.env' }, 'withheld')
    refused(c, 'read_buffer', { path = 'main.lua' }, 'by the pattern "main%.lua" %(privacy%.exclude of setup%(%)%)')
  end)

  it('keeps the model inside the workspace', function()
    local far = outside .. '/far.txt'
    local nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' }, env = { HOME = outside } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    local pattern = 'is outside the workspace %(' .. vim.pesc(project)
    local out = refused(c, 'read_buffer', { path = far }, '^ERROR: ' .. vim.pesc(far) .. ' ' .. pattern)
    assert.matches('the user can add it with setup%({ privacy = { folders = ', out)
    refused(c, 'read_buffer', { path = '../outside/far.txt' }, pattern)
    refused(c, 'read_buffer', { path = '~/far.txt' }, pattern)
    refused(c, 'search', { pattern = 'far', path = far }, pattern)
    refused(c, 'edit', { path = far, edits = { { old_text = 'far', new_text = 'near' } } }, pattern)
    refused(
      c,
      'edit',
      { path = outside .. '/new.txt', edits = { { start_line = 1, end_line = 0, new_text = 'x' } } },
      pattern
    )
    assert.is_nil(vim.uv.fs_stat(outside .. '/new.txt'))
    -- A symbolic link inside the project pointing out: the real path counts, for a read and for a search.
    vim.uv.fs_symlink(far, project .. '/link.txt')
    vim.uv.fs_symlink(outside, project .. '/linkdir')
    vim.uv.fs_symlink('/', project .. '/rootlink')
    refused(c, 'read_buffer', { path = 'link.txt' }, pattern)
    refused(c, 'read_buffer', { path = 'linkdir/far.txt' }, pattern)
    out = text(c, 'search', { pattern = 'far away' })
    assert.matches('^0 matches', out)
    refused(c, 'read_buffer', { path = 'rootlink/etc/passwd' }, 'is outside the workspace')
    -- A vim:// uri of a buffer the plugin (not the user) loaded from outside: refused.
    local hidden = nvim:lua('local b = vim.fn.bufadd(...); vim.fn.bufload(b); return b', far)
    local ok, err = c:request('resources/read', { uri = 'vim://buffer/' .. hidden })
    assert.is_false(ok)
    assert.matches('outside the workspace', err.message)

    -- The ways in: an additionalDirectories entry of the user settings, a file the user opened.
    assert.matches('shared folder text', (text(c, 'read_buffer', { path = root .. '/extra/shared.txt' })))
    nvim:lua('vim.cmd.edit(vim.fn.fnameescape(...))', outside .. '/open.txt')
    assert.matches('opened by the user', (text(c, 'read_buffer', { path = outside .. '/open.txt' })))
    ok = c:request('resources/read', { uri = 'vim://buffer/current' })
    assert.is_true(ok)
    -- The other file of that folder is still out.
    refused(c, 'read_buffer', { path = far }, pattern)
  end)

  it('reads a folder added with privacy.folders, and the project one of .claude/settings.json', function()
    bridge.write(
      project .. '/.claude/settings.json',
      vim.json.encode({ permissions = { additionalDirectories = { '../outside' } } })
    )
    bridge.write(root .. '/third/t.txt', 'third text\n')
    bridge.editor({
      config_dir = dir,
      cwd = project,
      args = { 'main.lua' },
      setup = { privacy = { folders = { root .. '/third' } } },
    })
    local c = bridge.start({ config_dir = dir, cwd = project })
    assert.matches('far away text', (text(c, 'read_buffer', { path = outside .. '/far.txt' })))
    assert.matches('third text', (text(c, 'read_buffer', { path = root .. '/third/t.txt' })))
  end)

  it('a project search passes a FIFO and a link to /dev/zero without opening them', function()
    assert.are.equal(0, vim.fn.system({ 'mkfifo', project .. '/pipe' }) == '' and 0 or 1)
    vim.uv.fs_symlink('/dev/zero', project .. '/zero')
    local nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    local out = text(c, 'search', { pattern = 'getenv' })
    assert.matches('^1 match', out)
    assert.matches('main%.lua:1:', out)
    -- The editor still answers.
    assert.are.equal(2, nvim:lua('return 1 + 1'))
  end)

  it('refuses a project search at / or the home folder', function()
    bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' }, env = { HOME = project } })
    local c = bridge.start({ config_dir = dir, cwd = project })
    refused(c, 'search', { pattern = 'x' }, 'a project search would walk all of it')
  end)
end)
