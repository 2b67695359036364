-- Specs wait on conditions, never on the clock alone: a bare vim.wait(N) is a sleep that is too short on a loaded
-- machine and wasted time on a quiet one. This reads every spec file and names each bare wait it finds.
local function spec_files()
  local files = vim.fs.find(function(name)
    return name:match('_spec%.lua$') ~= nil
  end, { path = 'spec', type = 'file', limit = math.huge })
  table.sort(files)
  return files
end

--- Every `vim.wait(<number or name>)` call with no second argument in a text, as "line: text".
local function bare_waits(text)
  local found = {}
  local n = 0
  for line in (text .. '\n'):gmatch('(.-)\n') do
    n = n + 1
    local code = line:gsub('%-%-.*$', '')
    for args in code:gmatch('vim%.wait(%b())') do
      if not args:find(',', 1, true) then
        found[#found + 1] = ('%d: %s'):format(n, vim.trim(line))
      end
    end
  end
  return found
end

describe('spec waits', function()
  it('finds a bare wait and lets a condition wait pass (the check itself)', function()
    assert.are.same(
      { '1: vim.wait(300)' },
      bare_waits('vim.wait(300)\nvim.wait(300, function() return x end) -- vim.wait(1)')
    )
  end)

  it('no spec file sleeps with a bare vim.wait(N)', function()
    local files = spec_files()
    assert.is_true(#files > 50, 'the spec files were not found (run from the repository root)')
    local bad = {}
    for _, file in ipairs(files) do
      -- This file names the pattern in its own strings; comments are skipped everywhere.
      if file == 'spec/project/spec_waits_spec.lua' then
        goto continue
      end
      local f = assert(io.open(file, 'rb'))
      local text = f:read('*a')
      f:close()
      for _, hit in ipairs(bare_waits(text)) do
        bad[#bad + 1] = file .. ':' .. hit
      end
      ::continue::
    end
    assert.are.same({}, bad)
  end)
end)
