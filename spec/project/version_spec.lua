-- One version everywhere: src/claude-ide/version.ts (and the lua/ built from it, which MCP's serverInfo and
-- :checkhealth report), package.json, package-lock.json, and CHANGELOG.md's last release, whose rockspec
-- (claude-ide.nvim-<version>-1.rockspec, tagged v<version>) sits beside the development one (scm-1).
-- `make release VERSION=x.y.z` (scripts/release.sh) bumps them all at once.
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')

local function read(rel)
  return table.concat(vim.fn.readfile(root .. '/' .. rel), '\n')
end

describe('the version', function()
  local version = read('src/claude-ide/version.ts'):match('export const VERSION = "([^"]+)";')

  it('is x.y.z in version.ts, and the built module says the same', function()
    assert.is_string(version)
    assert.matches('^%d+%.%d+%.%d+$', version)
    assert.are.equal(version, require('claude-ide.version').VERSION)
  end)

  it('is the one of package.json and package-lock.json', function()
    assert.are.equal(version, vim.json.decode(read('package.json')).version)
    local lock = vim.json.decode(read('package-lock.json'))
    assert.are.equal(version, lock.version)
    assert.are.equal(version, lock.packages[''].version)
  end)

  --- The version of CHANGELOG.md's last release ("## [x.y.z] - YYYY-MM-DD" after "## [Unreleased]"), or nil
  --- before the first one.
  local function released()
    local changelog = read('CHANGELOG.md')
    assert.matches('^# Changelog\n', changelog)
    local headings = {}
    for heading in changelog:gmatch('\n## ([^\n]+)') do
      table.insert(headings, heading)
    end
    assert.are.equal('[Unreleased]', headings[1])
    if headings[2] == nil then
      return nil
    end
    local v = headings[2]:match('^%[(%d+%.%d+%.%d+)%] %- %d%d%d%d%-%d%d%-%d%d$')
    assert.is_string(v, 'a release entry is "## [x.y.z] - YYYY-MM-DD", not "## ' .. headings[2] .. '"')
    return v
  end

  it("is CHANGELOG.md's last release, whose rockspec (tagged v<version>) sits beside the development one", function()
    local scm = read('claude-ide.nvim-scm-1.rockspec')
    assert.matches("\nversion = 'scm%-1'\n", scm)
    local release_rockspecs = vim.fn.glob(root .. '/claude-ide.nvim-[0-9]*.rockspec', false, true)
    local last = released()
    if last == nil then
      -- before the first release: no release's rockspec either
      assert.are.same({}, release_rockspecs)
      return
    end
    assert.are.equal(version, last)
    local file = ('claude-ide.nvim-%s-1.rockspec'):format(version)
    assert.are.same({ root .. '/' .. file }, release_rockspecs)
    local rockspec = read(file)
    local escaped = version:gsub('%.', '%%.')
    assert.matches("\nversion = '" .. escaped .. "%-1'\n", rockspec)
    assert.matches("\n  tag = 'v" .. escaped .. "',\n", rockspec)
    -- the same package otherwise: what is built, from where, under which license
    local function body(text)
      return (text:match('\nrockspec_format.*'):gsub("\nversion = '[^']*'", ''):gsub("\n  tag = '[^']*',", ''))
    end
    assert.are.equal(body(scm), body(rockspec))
  end)
end)
