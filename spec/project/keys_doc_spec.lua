-- Every key of every review view (editor/review/keys.keyTables: the tables the views map, show in their winbar
-- and list in their g? float) is in the README's key table (its first column) and in :help's key lists (a line
-- of doc/claude-ide.txt that starts with the key), with the default options.
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

describe('the review keys', function()
  local config = require('claude-ide.config').validate(nil).config
  local tables = require('claude-ide.editor.review.keys').keyTables(config)

  --- The README's key table: the text of the first cell of every row under "## Keys".
  local function readme_keys()
    local text = table.concat(vim.fn.readfile(root .. '/README.md'), '\n')
    local keys = text:match('\n## Keys\n(.-)\n## ') or ''
    local cells = {}
    for cell in keys:gmatch('\n| ([^|\n]+) |') do
      table.insert(cells, cell)
    end
    return table.concat(cells, '\n')
  end

  --- The keys :help lists: on a line that starts with two spaces, the words before a run of three spaces (the
  --- description), or the whole line when it holds only short words (keys whose description is on the next line).
  local function help_keys()
    local found = {}
    for _, line in ipairs(vim.fn.readfile(root .. '/doc/claude-ide.txt')) do
      local keys = line:match('^  (%S.-)%s%s%s+%S')
      if keys == nil and line:match('^  %S') and not line:match('%S%S%S%S%S%S') then
        keys = line
      end
      for key in (keys or ''):gmatch('%S+') do
        found[key] = true
      end
    end
    return found
  end

  it('has a table for each view', function()
    for _, view in ipairs({ 'proposal', 'turn_file', 'file_from_overview', 'overview', 'turn_overview', 'plan' }) do
      assert.is_true(#(tables[view] or {}) > 0, view)
    end
  end)

  it("are all in the README's key table and in :help", function()
    local readme = readme_keys()
    local help = help_keys()
    local help_text = table.concat(vim.fn.readfile(root .. '/doc/claude-ide.txt'), '\n')
    local missing = {}
    for view, entries in pairs(tables) do
      for _, e in ipairs(entries) do
        if not readme:find('`' .. e.lhs .. '`', 1, true) then
          table.insert(missing, ('README.md key table: `%s` (%s)'):format(e.lhs, view))
        end
        local in_help = e.lhs:find(' ') and help_text:find(e.lhs:match('^%S+'), 1, true) or help[e.lhs]
        if not in_help then
          table.insert(missing, ('doc/claude-ide.txt: a key list line for %s (%s)'):format(e.lhs, view))
        end
      end
    end
    table.sort(missing)
    assert.are.same({}, vim.fn.uniq(missing))
  end)
end)
