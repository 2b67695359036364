-- A real, minimal language server (run with `nvim -l`) for the cases typescript-language-server cannot be
-- made to produce on demand: it answers `initialize` (hover and references offered), reports `$/progress`
-- work that never ends ("Indexing forever"), and never answers any other request.
local stdin = vim.uv.new_pipe(false)
stdin:open(0)
local buffer = ''

local function send(msg)
  local body = vim.json.encode(msg)
  io.stdout:write('Content-Length: ' .. #body .. '\r\n\r\n' .. body)
  io.stdout:flush()
end

local done = false
local function handle(msg)
  if msg.method == 'initialize' then
    send({
      jsonrpc = '2.0',
      id = msg.id,
      result = { capabilities = { hoverProvider = true, referencesProvider = true, textDocumentSync = 1 } },
    })
  elseif msg.method == 'initialized' then
    send({
      jsonrpc = '2.0',
      method = '$/progress',
      params = { token = 'forever', value = { kind = 'begin', title = 'Indexing forever' } },
    })
  elseif msg.method == 'shutdown' then
    send({ jsonrpc = '2.0', id = msg.id, result = vim.NIL })
  elseif msg.method == 'exit' then
    done = true
  end
end

stdin:read_start(function(err, data)
  if err or not data then
    done = true
    return
  end
  buffer = buffer .. data
  while true do
    local header_end = buffer:find('\r\n\r\n', 1, true)
    if not header_end then
      break
    end
    local len = tonumber(buffer:sub(1, header_end):match('Content%-Length: (%d+)'))
    if #buffer < header_end + 3 + len then
      break
    end
    local body = buffer:sub(header_end + 4, header_end + 3 + len)
    buffer = buffer:sub(header_end + 4 + len)
    vim.schedule(function()
      handle(vim.json.decode(body))
    end)
  end
end)

while not done do
  vim.wait(100, function()
    return done
  end, 20)
end
