-- Shared by the LSP tool specs: a TypeScript fixture project made in a temp dir, the real
-- typescript-language-server (npm dev dependency) attached the way a user's config does it (a FileType
-- autocmd calling vim.lsp.start), and agent tool calls run like the agent endpoint runs them (arguments
-- checked against the schema, handler in a coroutine that may park), waited for on the main loop.
local h = require('helpers.tools')
local M = {}

-- busted runs each spec file insulated: modules first loaded in one file are unloaded after it. Neovim's own
-- runtime modules must stay: on 0.12 vim.lsp.client holds the client list and the id counter, and a second
-- copy loaded by a later file hands out ids that the first copy (still behind vim.lsp) cannot find, so no
-- client ever attaches. They are kept (in a field of `vim`, which insulation does not restore) and put back.
local pinned = rawget(vim, '_spec_pinned_modules') or {}
rawset(vim, '_spec_pinned_modules', pinned)
for name, mod in pairs(pinned) do
  if package.loaded[name] == nil then
    package.loaded[name] = mod
  end
end

local function pin_runtime_modules()
  for name, mod in pairs(package.loaded) do
    if name:match('^vim%.') then
      pinned[name] = mod
    end
  end
end

M.root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h:h')
M.server = M.root .. '/node_modules/.bin/typescript-language-server'
M.tsserver = M.root .. '/node_modules/typescript-lsp/lib/tsserver.js'

M.FILES = {
  ['tsconfig.json'] = {
    '{ "compilerOptions": { "strict": true, "target": "ES2020", "module": "commonjs" }, "include": ["src"] }',
  },
  ['src/shape.ts'] = {
    'export interface Shape {',
    '  area(): number;',
    '}',
    '',
    'export function double(x: number): number {',
    '  return x * 2;',
    '}',
  },
  ['src/square.ts'] = {
    'import { Shape, double } from "./shape";',
    '',
    'export class Square implements Shape {',
    '  constructor(private side: number) {}',
    '  area(): number {',
    '    return double(this.side) * this.side / 2;',
    '  }',
    '}',
  },
  ['src/circle.ts'] = {
    'import { Shape } from "./shape";',
    '',
    'export class Circle implements Shape {',
    '  constructor(private r: number) {}',
    '  area(): number {',
    '    return 3.14 * this.r * this.r;',
    '  }',
    '}',
  },
  ['src/main.ts'] = {
    'import { Square } from "./square";',
    'import { Circle } from "./circle";',
    'import { double } from "./shape";',
    '',
    'const shapes = [new Square(2), new Circle(1)];',
    'export const total = shapes.reduce((sum, s) => sum + s.area(), 0);',
    'export const twice = double(total);',
  },
  ['src/unused.ts'] = {
    'import { double } from "./shape";',
    'import { Circle } from "./circle";',
    '',
    'export const c = new Circle(2);',
  },
  ['src/ugly.ts'] = {
    'export function  ugly( a:number ){',
    'return a+1}',
  },
  ['src/fixme.ts'] = {
    'export const four = double(2);',
  },
}

--- A fresh fixture project (its own copy of every file); returns its absolute, real path.
function M.fixture()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  dir = vim.uv.fs_realpath(dir)
  for name, lines in pairs(M.FILES) do
    vim.fn.mkdir(vim.fs.dirname(dir .. '/' .. name), 'p')
    vim.fn.writefile(lines, dir .. '/' .. name)
  end
  return dir
end

--- The user's config, as a FileType autocmd: typescript buffers under `dir` get ts_ls (one client, reused).
function M.configure(dir)
  vim.cmd('filetype on')
  local group = vim.api.nvim_create_augroup('spec-lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'typescript',
    callback = function(ev)
      -- Like lspconfig: file buffers only (not the review's scratch buffers, which get the filetype too).
      if vim.bo[ev.buf].buftype ~= '' then
        return
      end
      vim.lsp.start({
        name = 'ts_ls',
        cmd = { M.server, '--stdio' },
        root_dir = dir,
        init_options = { tsserver = { path = M.tsserver } },
      }, { bufnr = ev.buf })
    end,
  })
  M.cd(dir)
end

--- Changes Neovim's cwd for a spec; stop_all() changes it back (later spec files find the repo by the cwd).
function M.cd(dir)
  M.saved_cwd = M.saved_cwd or vim.fn.getcwd()
  vim.cmd('cd ' .. vim.fn.fnameescape(dir))
end

--- Stops every client and waits until they exited; removes the config autocmd.
function M.stop_all()
  if M.saved_cwd then
    vim.cmd('cd ' .. vim.fn.fnameescape(M.saved_cwd))
    M.saved_cwd = nil
  end
  pin_runtime_modules()
  pcall(vim.api.nvim_del_augroup_by_name, 'spec-lsp')
  -- Politely first (shutdown + exit), then by force.
  for _, force in ipairs({ false, true }) do
    for _, c in ipairs(vim.lsp.get_clients()) do
      if vim.fn.has('nvim-0.11') == 1 then
        c:stop(force)
      else
        c.stop(force)
      end
    end
    if vim.wait(3000, function()
      return #vim.lsp.get_clients() == 0
    end, 20) then
      return
    end
  end
end

local function tool(name)
  for _, t in ipairs(require('claude-ide.bridge.tools').ENDPOINT_TOOLS) do
    if t.name == name then
      return t
    end
  end
  error('no agent tool named ' .. name)
end

--- Starts an agent tool call; returns a poll function () -> finished, result. Bad arguments become the
--- `ERROR:` result the agent endpoint answers.
function M.start(ctx, name, args)
  local t = tool(name)
  args = args or vim.empty_dict()
  local err = require('claude-ide.protocol.registry').checkValue(t.inputSchema, args, '')
  if err then
    return function()
      return true, { content = { { type = 'text', text = 'ERROR: ' .. err } }, isError = true }
    end
  end
  local finished, result = false, nil
  local co = coroutine.create(function()
    local ok, res = pcall(t.handler, args, ctx)
    assert(ok, res)
    result, finished = res, true
  end)
  local ok, e = coroutine.resume(co)
  assert(ok, e)
  return function()
    return finished, result
  end
end

--- Calls a tool and waits (up to `ms`) for its result; returns its text and whether it is an error.
function M.call(ctx, name, args, ms)
  local poll = M.start(ctx, name, args)
  assert(
    vim.wait(ms or 60000, function()
      return (poll())
    end, 10),
    name .. ' did not finish'
  )
  local _, result = poll()
  return result.content[1].text, result.isError == true, result
end

--- Like call, but the answer must not be an error.
function M.ok(ctx, name, args, ms)
  local text, is_error = M.call(ctx, name, args, ms)
  assert(not is_error, name .. ' failed: ' .. text)
  return text
end

--- A context with real services (config overrides in opts). Requests get 60 s (the default 5 s is for a
--- user's warm server; the test machine may be busy and the server cold).
function M.context(opts)
  return h.context(vim.tbl_deep_extend('force', { agent = { lsp_timeout_ms = 60000 } }, opts or {}))
end

--- Opens `rel` of the fixture in the current window and waits until ts_ls is attached and done indexing.
function M.open_ready(ctx, dir, rel)
  vim.cmd.edit(vim.fn.fnameescape(dir .. '/' .. rel))
  M.ok(ctx, 'wait_for_lsp_ready', { path = rel, timeout_ms = 60000 }, 65000)
  return vim.api.nvim_get_current_buf()
end

--- Lines of a file on disk.
function M.disk(dir, rel)
  return vim.fn.readfile(dir .. '/' .. rel)
end

M.reset_editor = h.reset_editor

return M
