-- discovery/gemini: the folder that holds the Gemini CLI discovery file must be this user's and writable by no
-- one else (a shared /tmp: another user who owns or may write `$TMPDIR/gemini/ide` could delete or swap the file
-- and point the CLI at their own port). A folder of ours loses group/other write bits; any other folder is not
-- used: the file goes to a private folder and the answer says why.
local gemini = require('claude-ide.discovery.gemini')

local function mode_of(path)
  return vim.uv.fs_stat(path).mode % 512
end

describe('discovery.gemini write', function()
  local base

  before_each(function()
    base = vim.fn.tempname()
    vim.fn.mkdir(base, 'p', tonumber('700', 8))
  end)

  after_each(function()
    vim.fn.delete(base, 'rf')
    vim.fn.delete(gemini.privateDir(), 'rf')
  end)

  it('writes into a new folder it makes 0700, the file 0600', function()
    local dir = base .. '/gemini/ide'
    local res = gemini.write(dir, 4242, 'tok', { '/p' })
    assert.is_true(res.ok, vim.inspect(res))
    assert.are.equal(vim.fs.dirname(res.value.path), dir)
    assert.is_nil(res.value.warning)
    assert.are.equal(tonumber('700', 8), mode_of(dir))
    assert.are.equal(tonumber('600', 8), mode_of(res.value.path))
  end)

  it('takes group and other write access away from a folder of ours (0777) and writes there', function()
    local dir = base .. '/gemini/ide'
    vim.fn.mkdir(dir, 'p')
    vim.uv.fs_chmod(base .. '/gemini', tonumber('777', 8))
    vim.uv.fs_chmod(dir, tonumber('777', 8))
    local res = gemini.write(dir, 4242, 'tok', { '/p' })
    assert.is_true(res.ok, vim.inspect(res))
    assert.are.equal(dir, vim.fs.dirname(res.value.path))
    assert.are.equal(tonumber('755', 8), mode_of(dir))
    assert.are.equal(tonumber('755', 8), mode_of(base .. '/gemini'))
  end)

  it('never writes through a link: the file goes to a private folder, and the answer says why', function()
    local elsewhere = base .. '/elsewhere'
    vim.fn.mkdir(elsewhere, 'p')
    vim.fn.mkdir(base .. '/gemini', 'p')
    assert(vim.uv.fs_symlink(elsewhere, base .. '/gemini/ide'))
    local res = gemini.write(base .. '/gemini/ide', 4242, 'tok', { '/p' })
    assert.is_true(res.ok, vim.inspect(res))
    assert.are.equal(gemini.privateDir(), vim.fs.dirname(res.value.path))
    assert.matches('is not a directory', res.value.warning)
    assert.matches('Gemini CLI does not look', res.value.warning)
    assert.are.same({}, vim.fn.readdir(elsewhere))
  end)

  it("never writes into another user's folder", function()
    if vim.uv.getuid() ~= 0 then
      pending('needs root to give a folder to another user')
      return
    end
    local dir = base .. '/gemini/ide'
    vim.fn.mkdir(dir, 'p')
    vim.uv.fs_chmod(base .. '/gemini', tonumber('777', 8))
    vim.uv.fs_chmod(dir, tonumber('777', 8))
    assert(vim.uv.fs_chown(dir, 65534, 65534))
    local res = gemini.write(dir, 4242, 'tok', { '/p' })
    assert.is_true(res.ok, vim.inspect(res))
    assert.are.equal(gemini.privateDir(), vim.fs.dirname(res.value.path))
    assert.matches('belongs to another user', res.value.warning)
    assert.are.same({}, vim.fn.readdir(dir))
    assert.are.equal(tonumber('700', 8), mode_of(gemini.privateDir()))
  end)
end)
