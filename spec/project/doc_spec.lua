-- The help file is valid vimdoc: :helptags accepts it (no duplicate tags) and every |link| resolves.
describe('doc/claude-ide.txt', function()
  it('generates tags without errors and every link points to a tag', function()
    local dir = vim.fn.tempname()
    vim.fn.mkdir(dir .. '/doc', 'p')
    local lines = vim.fn.readfile('doc/claude-ide.txt')
    vim.fn.writefile(lines, dir .. '/doc/claude-ide.txt')
    vim.cmd.helptags(dir .. '/doc') -- raises on duplicate tags
    local tags = {}
    for _, line in ipairs(vim.fn.readfile(dir .. '/doc/tags')) do
      tags[line:match('^([^\t]+)')] = true
    end
    assert.is_true(tags['claude-ide'])
    assert.is_true(tags['claude-ide-defaults'])
    local missing = {}
    for _, line in ipairs(lines) do
      for link in line:gmatch('|([^|%s]+)|') do
        -- links into Neovim's own help are resolved against its tags
        if not tags[link] and not vim.tbl_contains(vim.fn.getcompletion(link, 'help'), link) then
          table.insert(missing, link)
        end
      end
    end
    assert.are.same({}, missing)
    -- doc/tags is committed (a plain runtimepath install and `make run` build no tags): it must be exactly
    -- what :helptags writes for the committed help file.
    assert.are.same(vim.fn.readfile(dir .. '/doc/tags'), vim.fn.readfile('doc/tags'))
    vim.fn.delete(dir, 'rf')
  end)

  it(':help claude-ide resolves with only this checkout on the runtimepath (no :helptags run)', function()
    local child = require('helpers.child_nvim').spawn()
    local chan = child:rpc()
    vim.rpcrequest(chan, 'nvim_command', 'help claude-ide')
    local name = vim.rpcrequest(chan, 'nvim_buf_get_name', 0)
    local line = vim.rpcrequest(chan, 'nvim_get_current_line')
    child:quit()
    assert.are.equal('claude-ide.txt', vim.fs.basename(name))
    assert.matches('*claude-ide*', line, 1, true)
  end)

  -- Where a model-facing tool shows up besides its own file (CONTRIBUTING.md, "Adding an agent tool"): a tool
  -- added without its docs fails here, saying where to add it.
  it(
    "names every agent and LSP tool in the README's features, in :help, and every tool taking a path in the privacy list",
    function()
      local tools = vim.list_extend(
        vim.deepcopy(require('claude-ide.agent.declarations').BRIDGE_TOOL_NAMES),
        require('claude-ide.agent.tool_names').ENDPOINT_TOOL_NAMES
      )
      local readme = table.concat(vim.fn.readfile('README.md'), '\n')
      local features = readme:match('\n## Features\n(.-)\n## ') or ''
      local help = vim.fn.readfile('doc/claude-ide.txt')
      --- The lines of the help section under `tag` (to the next section's tag line).
      local function section(tag)
        local out, inside = {}, false
        for _, line in ipairs(help) do
          if line:find('*' .. tag .. '*', 1, true) then
            inside = true
          elseif inside and (line:match('%*claude%-ide%-[%w-]+%*%s*$') or line:match('^====')) then
            break
          end
          if inside then
            table.insert(out, line)
          end
        end
        return table.concat(out, '\n')
      end
      local listed_help = section('claude-ide-agent-tools')
        .. section('claude-ide-agent-instance')
        .. section('claude-ide-agent-lsp')
      local privacy = section('claude-ide-privacy')
      local schemas = {}
      for _, t in ipairs(require('claude-ide.bridge.tools').ENDPOINT_TOOLS) do
        schemas[t.name] = t.inputSchema
      end
      local missing = {}
      for _, name in ipairs(tools) do
        -- The README's feature list names every tool, in backticks.
        if not features:find('`' .. name .. '`', 1, true) then
          table.insert(missing, ('README.md: `%s` in the Features list'):format(name))
        end
        if not listed_help:find('%f[%w_]' .. name .. '%f[^%w_]') then
          table.insert(missing, ('doc/claude-ide.txt: %s under *claude-ide-agent-tools* (or -lsp)'):format(name))
        end
        local props = schemas[name] and schemas[name].properties or {}
        local covered = privacy:find('%f[%w_]' .. name .. '%f[^%w_]')
          or (name:match('^lsp_') and privacy:find('lsp_*', 1, true))
        if props.path ~= nil and not covered then
          table.insert(
            missing,
            ('doc/claude-ide.txt: %s in the list of *claude-ide-privacy* (it takes a path)'):format(name)
          )
        end
      end
      assert.are.same({}, missing)
    end
  )
end)
