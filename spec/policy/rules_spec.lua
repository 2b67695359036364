-- The privacy rules as pure functions: gitignore-style globs against absolute paths, Claude Code's Read()
-- pattern forms (//abs, ~/x, /x from the project, ./x and x from the cwd), the built-in secret names with their
-- template exceptions, setup()'s exclude/include, and the real-path helper of the boundary.
local glob = require('claude-ide.policy.glob')
local rules_mod = require('claude-ide.policy.rules')
local new = require('claude-ide.lualib_bundle').__TS__New

local function matches(pattern, base, path)
  local g = glob.compileGlob(pattern, base)
  return g ~= nil and g.matches(path)
end

local function rules(opts)
  return new(rules_mod.Rules, {
    cwd = '/p',
    home = '/h',
    settings = opts.settings or {},
    exclude = opts.exclude or {},
    include = opts.include or {},
  })
end

describe('policy globs', function()
  it('match a bare name at any depth under the base, and only under it', function()
    assert.is_true(matches('.env', '/p', '/p/.env'))
    assert.is_true(matches('.env', '/p', '/p/a/b/.env'))
    assert.is_false(matches('.env', '/p', '/q/.env'))
    assert.is_false(matches('.env', '/p', '/p/.envrc'))
    assert.is_true(matches('*.pem', '/', '/etc/ssl/x.pem'))
  end)

  it('anchor a pattern with a slash to the base; ** spans folders; a matched folder withholds its contents', function()
    assert.is_true(matches('config/prod.yaml', '/p', '/p/config/prod.yaml'))
    assert.is_false(matches('config/prod.yaml', '/p', '/p/x/config/prod.yaml'))
    assert.is_true(matches('/src/*.ts', '/p', '/p/src/a.ts'))
    assert.is_false(matches('/src/*.ts', '/p', '/p/src/deep/a.ts'))
    assert.is_true(matches('src/**/*.ts', '/p', '/p/src/deep/er/a.ts'))
    assert.is_true(matches('src/**/*.ts', '/p', '/p/src/a.ts'))
    assert.is_true(matches('**/private.md', '/p', '/p/notes/private.md'))
    assert.is_true(matches('secrets', '/p', '/p/app/secrets/key.txt'))
    assert.is_true(matches('secrets/', '/p', '/p/secrets/key.txt'))
    assert.is_false(matches('secrets/', '/p', '/p/app/secrets'))
  end)

  it('take ? and [classes], and Lua magic characters literally', function()
    assert.is_true(matches('id_rsa?', '/', '/h/.ssh/id_rsa2'))
    assert.is_true(matches('key[0-9].txt', '/', '/p/key7.txt'))
    assert.is_false(matches('key[!0-9].txt', '/', '/p/key7.txt'))
    assert.is_true(matches('a+b(1)%.txt', '/', '/p/a+b(1)%.txt'))
    assert.is_false(matches('a.b', '/', '/p/axb'))
  end)

  it('tell a path apart by the plain text of the pattern only where the full match would', function()
    -- A class, a wildcard or an escape is not plain text; the base folder is not part of what is matched.
    assert.is_true(matches('[!x]bc.key', '/', '/p/abc.key'))
    assert.is_true(matches('[]x]bc.key', '/', '/p/]bc.key'))
    assert.is_true(matches('a\\*b', '/', '/p/a*b'))
    assert.is_true(matches('credentials*.json', '/', '/h/app/credentials-prod.json'))
    assert.is_false(matches('credentials*.json', '/', '/h/app/credential.json'))
    assert.is_false(matches('secret', '/secret', '/secret/a.txt'))
    assert.is_true(matches('secret', '/secret', '/secret/x/secret'))
    assert.is_true(matches('**/.aws/credentials', '/', '/h/.aws/credentials'))
    assert.is_false(matches('**/.aws/credentials', '/', '/h/aws/credentials'))
  end)
end)

describe('policy rules', function()
  it('withhold the built-in secret names, but not their templates', function()
    local r = rules({})
    for _, p in ipairs({
      '/p/.env',
      '/p/.env.local',
      '/x/server.pem',
      '/p/a.key',
      '/h/.ssh/id_ed25519',
      '/h/.netrc',
      '/p/credentials-prod.json',
      '/h/.aws/credentials',
    }) do
      assert.is_not_nil(r:withheld(p), p)
    end
    for _, p in ipairs({ '/p/.env.example', '/p/.env.sample', '/p/main.lua', '/p/keys.md', '/p/environment.ts' }) do
      assert.is_nil(r:withheld(p), p)
    end
    local why = r:withheld('/p/.env')
    assert.are.equal('the built-in pattern ".env"', why.rule)
    assert.are.equal('setup({ privacy = { include = { ".env" } } })', why.lift)
  end)

  it("read Claude Code's Read() forms relative to the right folder", function()
    local file = {
      path = '/p/.claude/settings.json',
      project = '/p',
      additionalDirectories = {},
      deny = { '//etc/app/**', '~/notes/x.md', '/conf/*.yaml', './db.sqlite' },
    }
    local r = rules({ settings = { file } })
    assert.is_not_nil(r:withheld('/etc/app/a/b.conf'))
    assert.is_not_nil(r:withheld('/h/notes/x.md'))
    assert.is_nil(r:withheld('/p/notes/x.md'))
    assert.is_not_nil(r:withheld('/p/conf/prod.yaml'))
    assert.is_nil(r:withheld('/p/sub/conf/prod.yaml'))
    assert.is_not_nil(r:withheld('/p/db.sqlite'))
    assert.is_not_nil(r:withheld('/p/sub/db.sqlite'))
    assert.is_nil(r:withheld('/q/db.sqlite'))
    assert.are.equal('Read(./db.sqlite)', r:withheld('/p/db.sqlite').rule)
    assert.are.equal('permissions.deny of /p/.claude/settings.json', r:withheld('/p/db.sqlite').source)
  end)

  it('take only Read(...) entries of permissions.deny', function()
    assert.are.equal('./a', rules_mod.readRulePattern('Read(./a)'))
    assert.are.equal('**/x (y).txt', rules_mod.readRulePattern(' Read(**/x (y).txt) '))
    assert.is_nil(rules_mod.readRulePattern('Edit(./a)'))
    assert.is_nil(rules_mod.readRulePattern('Bash(cat .env)'))
    assert.is_nil(rules_mod.readRulePattern('Read'))
    assert.is_nil(rules_mod.readRulePattern('Read()'))
  end)

  it('add setup() excludes; include lifts names and excludes but never a Claude Code deny', function()
    local file = { path = '/h/c/settings.json', project = '/p', additionalDirectories = {}, deny = { './.env.test' } }
    local r = rules({
      settings = { file },
      exclude = { 'secrets/', '/opt/vault/*' },
      include = { '.env.local', '.env.test', 'secrets/ok.txt' },
    })
    assert.is_not_nil(r:withheld('/p/secrets/a.txt'))
    assert.is_nil(r:withheld('/p/secrets/ok.txt'))
    assert.is_not_nil(r:withheld('/opt/vault/token'))
    assert.is_nil(r:withheld('/p/.env.local'))
    assert.is_not_nil(r:withheld('/p/.env'))
    assert.are.equal('Read(./.env.test)', r:withheld('/p/.env.test').rule)
  end)
end)

describe('policy real paths', function()
  it('resolve links, also for a file that does not exist yet', function()
    local dir = vim.uv.fs_realpath(vim.fn.tempname() .. '') or vim.fn.tempname()
    vim.fn.mkdir(dir .. '/real', 'p')
    dir = vim.uv.fs_realpath(dir)
    vim.uv.fs_symlink(dir .. '/real', dir .. '/link')
    local real_path = require('claude-ide.policy.policy').realPath
    assert.are.equal(dir .. '/real/new/file.txt', real_path(dir .. '/link/new/file.txt'))
    vim.fn.writefile({}, dir .. '/real/f')
    assert.are.equal(dir .. '/real/f', real_path(dir .. '/link/f'))
    vim.fn.delete(dir, 'rf')
  end)
end)
