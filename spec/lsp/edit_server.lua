-- A real, minimal language server (run with `nvim -l edit_server.lua <answer file>`) whose rename answers a
-- WorkspaceEdit chosen by the spec: the JSON in <answer file>, read again for each request. Servers do send
-- file operations with a rename (rust-analyzer renames the file of a renamed module); typescript-language-server
-- cannot be made to. It publishes empty diagnostics for every document it is told about (so that the tools'
-- bounded wait for diagnostics ends at once) and answers every other request with null.
local answer_file = assert(arg[1], 'usage: nvim -l edit_server.lua <answer file>')
local stdin = vim.uv.new_pipe(false)
stdin:open(0)
local buffer = ''

local function send(msg)
  local body = vim.json.encode(msg)
  io.stdout:write('Content-Length: ' .. #body .. '\r\n\r\n' .. body)
  io.stdout:flush()
end

local function read_answer()
  local f = io.open(answer_file, 'rb')
  if not f then
    return vim.NIL
  end
  local text = f:read('*a')
  f:close()
  return vim.json.decode(text)
end

local done = false
local function handle(msg)
  if msg.method == 'initialize' then
    send({
      jsonrpc = '2.0',
      id = msg.id,
      result = { capabilities = { renameProvider = true, textDocumentSync = 1 } },
    })
  elseif msg.method == 'textDocument/rename' then
    send({ jsonrpc = '2.0', id = msg.id, result = read_answer() })
  elseif
    msg.method == 'textDocument/didOpen'
    or msg.method == 'textDocument/didChange'
    or msg.method == 'textDocument/didSave'
  then
    send({
      jsonrpc = '2.0',
      method = 'textDocument/publishDiagnostics',
      params = { uri = msg.params.textDocument.uri, diagnostics = {} },
    })
  elseif msg.method == 'shutdown' then
    send({ jsonrpc = '2.0', id = msg.id, result = vim.NIL })
  elseif msg.method == 'exit' then
    done = true
  elseif msg.id ~= nil and msg.method ~= nil then
    send({ jsonrpc = '2.0', id = msg.id, result = vim.NIL })
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
