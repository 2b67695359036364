-- scripts/pictures/render-svg.mjs, the renderer of `make pictures`: a captured screen (text with SGR escapes, as
-- `tmux capture-pane -e -N` gives it) becomes an SVG where every character sits at its cell.
local root = vim.fn.getcwd()
local CELL_W, PAD = 8.4, 10

--- Renders `lines` (a screen of `cols` columns) with extra arguments; returns the exit code, the SVG and stderr.
local function render(lines, cols, extra)
  local cmd =
    { 'node', root .. '/scripts/pictures/render-svg.mjs', '--cols', tostring(cols), '--rows', tostring(#lines) }
  vim.list_extend(cmd, extra or {})
  local r = vim.system(cmd, { stdin = table.concat(lines, '\n') .. '\n', text = true }):wait(60000)
  return r.code, r.stdout or '', r.stderr or ''
end

--- The x of column `col` (0-based).
local function x(col)
  return tostring(math.floor((PAD + col * CELL_W) * 100 + 0.5) / 100)
end

describe('render-svg.mjs', function()
  it('places each character at its cell, a wide one on two cells', function()
    -- 中 takes columns 2-3, so the "x" after it is at column 4.
    local code, svg, err = render({ 'a 中x' .. (' '):rep(5) }, 10)
    assert.are.equal(0, code, err)
    assert.is_truthy(svg:find('<text x="' .. x(0) .. '"', 1, true), svg)
    assert.is_truthy(svg:find('<text x="' .. x(2) .. ' ' .. x(4) .. '"[^>]*>中x</text>'), svg)
  end)

  it('draws bold, italic, underline and colours from SGR, and the default colours for 39/49', function()
    local e = string.char(27)
    local line = e .. '[1;38;2;255;0;0mB' .. e .. '[0;3mI' .. e .. '[4;48;5;21mU' .. e .. '[0;7mR' .. e .. '[0m '
    local code, svg, err = render({ line }, 5, { '--fg', '#eeeeee', '--bg', '#111111' })
    assert.are.equal(0, code, err)
    assert.is_truthy(svg:find('fill="#ff0000" font%-weight="bold">B<'), svg)
    assert.is_truthy(svg:find('fill="#eeeeee" font%-style="italic">IU<'), svg)
    -- I and U: one run of text; U: 256-colour background 21 (#0000ff) and an underline; R: reversed default colours.
    assert.is_truthy(svg:find('<rect x="' .. x(2) .. '" y="10" width="8.4" height="18" fill="#0000ff"/>', 1, true), svg)
    assert.is_truthy(svg:find('<rect x="' .. x(2) .. '" y="25" width="8.4" height="1"', 1, true), svg)
    assert.is_truthy(svg:find('<rect x="' .. x(3) .. '" y="10" width="8.4" height="18" fill="#eeeeee"/>', 1, true), svg)
    assert.is_truthy(svg:find('fill="#111111">R<', 1, true), svg)
    assert.is_truthy(svg:find('<rect width="100%" height="100%" rx="6" fill="#111111"/>', 1, true), svg)
  end)

  it('draws box-drawing characters as lines that reach the cell edges, not as glyphs', function()
    local code, svg, err = render({ '─│' }, 2)
    assert.are.equal(0, code, err)
    assert.is_nil(svg:find('>[─│]<'), svg)
    -- ─ from the centre to both side edges of column 0; │ to the top and bottom of column 1.
    assert.is_truthy(svg:find('x2="' .. x(1) .. '" y2="19"', 1, true), svg)
    assert.is_truthy(svg:find('x2="' .. x(0) .. '" y2="19"', 1, true), svg)
    assert.is_truthy(svg:find('x1="' .. x(1.5) .. '" y1="19" x2="' .. x(1.5) .. '" y2="10"', 1, true), svg)
    assert.is_truthy(svg:find('y2="28"', 1, true), svg)
  end)

  it('fails, naming the row, when the cells of a row do not add up to the width', function()
    local code, _, err = render({ 'abc', '中中中' }, 3)
    assert.are.equal(3, code)
    assert.matches('row 1 has 6 cells, not 3', err)
  end)
end)
