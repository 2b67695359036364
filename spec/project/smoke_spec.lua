-- Proves the specs run inside a real Neovim (>= 0.10) with its real API, not a stub.
describe('test harness', function()
  it('runs inside Neovim 0.10 or later', function()
    assert.are.equal(1, vim.fn.has('nvim-0.10'))
    assert.are.equal('table', type(vim.uv))
    assert.are.equal('function', type(vim.uv.hrtime))
  end)

  it('can create a real buffer, write lines and read them back', function()
    local buf = vim.api.nvim_create_buf(false, true)
    assert.is_true(vim.api.nvim_buf_is_valid(buf))
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, { 'hello', 'claude-ide' })
    assert.are.same({ 'hello', 'claude-ide' }, vim.api.nvim_buf_get_lines(buf, 0, -1, true))
    assert.are.equal(2, vim.api.nvim_buf_line_count(buf))
    vim.api.nvim_buf_delete(buf, { force = true })
    assert.is_false(vim.api.nvim_buf_is_valid(buf))
  end)

  it('loads busted from .deps, not from the host', function()
    local src = debug.getinfo(require('busted.runner'), 'S').source
    assert.is_truthy(src:find('/.deps/busted/', 1, true))
  end)
end)
