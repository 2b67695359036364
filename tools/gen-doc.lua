-- Regenerates the generated sections of doc/claude-ide.txt from the code, so the help never drifts:
--   *claude-ide-defaults*  the DEFAULTS block of src/claude-ide/config.ts (its comments are the docs)
--   *claude-ide-tools*     name and description of every tool (from the compiled descriptors)
-- and doc/tags (what :helptags doc writes), committed so that :help claude-ide works in any install that does
-- not build help tags itself (a plain runtimepath entry, `make run`); lazy.nvim rewrites it identically.
-- Run: nvim --clean --headless -l tools/gen-doc.lua [--check]   (make doc; make test checks it)
local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
package.path = root .. '/lua/?.lua;' .. root .. '/lua/?/init.lua;' .. package.path
local check_only = _G.arg[1] == '--check'

local function read(path)
  local f = assert(io.open(root .. '/' .. path, 'r'))
  local s = f:read('*a')
  f:close()
  return s
end

--- The DEFAULTS object literal, rewritten as the Lua table a user would pass to setup().
local function defaults_block()
  local src = read('src/claude-ide/config.ts')
  local body = src:match('export const DEFAULTS: Config = {\n(.-)\n};')
  assert(body, 'DEFAULTS not found in config.ts')
  local out = { 'require("claude-ide").setup({' }
  for line in (body .. '\n'):gmatch('(.-)\n') do
    line = line:gsub('^(%s*)//', '%1--')
    if not line:match('^%s*%-%-') then
      line = line:gsub('^(%s*)([%w_]+): ', '%1%2 = '):gsub('([{,]%s*)([%w_]+): ', '%1%2 = ')
      -- Brackets outside string literals only (a key like "]c" stays as it is).
      line = line:gsub('undefined', 'nil')
      local parts, pos = {}, 1
      while pos <= #line do
        local q1 = line:find('"', pos, true)
        local q2 = q1 and line:find('"', q1 + 1, true)
        local code = line:sub(pos, (q2 and q1 - 1) or #line)
        table.insert(parts, (code:gsub('%[', '{ '):gsub('%]', ' }')))
        if not q2 then
          break
        end
        table.insert(parts, line:sub(q1, q2))
        pos = q2 + 1
      end
      line = table.concat(parts)
    end
    table.insert(out, line)
  end
  table.insert(out, '})')
  return out
end

local function wrap(text, width, indent)
  local lines, cur = {}, indent
  for word in text:gmatch('%S+') do
    if #cur + #word + 1 > width and cur ~= indent then
      table.insert(lines, cur)
      cur = indent
    end
    cur = cur == indent and (indent .. word) or (cur .. ' ' .. word)
  end
  if cur ~= indent then
    table.insert(lines, cur)
  end
  return lines
end

local function tools_block()
  local out = {}
  local config = require('claude-ide.config').DEFAULTS
  for _, tool in ipairs(require('claude-ide.tools.index').ALL_TOOLS) do
    local flags = {}
    if tool.listed == false then
      table.insert(flags, 'not listed')
    end
    if tool.enabled and not tool.enabled(config) then
      table.insert(flags, 'off by default')
    end
    table.insert(out, tool.name .. (#flags > 0 and (' (' .. table.concat(flags, ', ') .. ')') or ''))
    vim.list_extend(out, wrap(tool.description, 110, '    '))
  end
  if #out == 0 then
    out = { '(none yet)' }
  end
  return out
end

--- Replaces the lines between the line holding `tag` and the next line that is exactly `<` (a code block)
--- or, for a plain section, up to the next line of `=`.
local function replace_section(lines, tag, new)
  for i, line in ipairs(lines) do
    if line:find(tag, 1, true) then
      local start = i + 1
      while lines[start] and not lines[start]:match('>%a*$') do
        start = start + 1
      end
      assert(lines[start], 'no code block after ' .. tag)
      local stop = start + 1
      while lines[stop] and lines[stop] ~= '<' do
        stop = stop + 1
      end
      assert(lines[stop], 'unterminated code block after ' .. tag)
      local result = vim.list_slice(lines, 1, start)
      for _, l in ipairs(new) do
        table.insert(result, l == '' and '' or ('    ' .. l))
      end
      vim.list_extend(result, vim.list_slice(lines, stop))
      return result
    end
  end
  error('section ' .. tag .. ' not found in doc/claude-ide.txt')
end

local path = root .. '/doc/claude-ide.txt'
local current = read('doc/claude-ide.txt')
local lines = vim.split(current, '\n', { plain = true })
lines = replace_section(lines, '*claude-ide-defaults*', defaults_block())
lines = replace_section(lines, '*claude-ide-tools-list*', tools_block())
local updated = table.concat(lines, '\n')

--- What :helptags writes for `text` as doc/claude-ide.txt (built in a temp folder).
local function tags_for(text)
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local f = assert(io.open(dir .. '/claude-ide.txt', 'w'))
  f:write(text)
  f:close()
  vim.cmd.helptags(vim.fn.fnameescape(dir))
  local t = assert(io.open(dir .. '/tags', 'r'))
  local tags = t:read('*a')
  t:close()
  vim.fn.delete(dir, 'rf')
  return tags
end

local tags_path = root .. '/doc/tags'
local tags_file = io.open(tags_path, 'r')
local current_tags = tags_file and tags_file:read('*a')
if tags_file then
  tags_file:close()
end
local updated_tags = tags_for(updated)

if updated == current and updated_tags == current_tags then
  io.write('doc/claude-ide.txt and doc/tags are up to date\n')
  os.exit(0)
end
if check_only then
  local stale = updated ~= current and 'doc/claude-ide.txt' or 'doc/tags'
  io.stderr:write(('error: %s is out of date with the code: run `make doc` and commit it\n'):format(stale))
  os.exit(1)
end
for file, text in pairs({ [path] = updated, [tags_path] = updated_tags }) do
  local f = assert(io.open(file, 'w'))
  f:write(text)
  f:close()
end
io.write('doc/claude-ide.txt and doc/tags regenerated\n')
