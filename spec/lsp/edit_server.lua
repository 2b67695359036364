-- A real, minimal language server (run with `nvim -l edit_server.lua <answer file>`) whose rename answers a
-- WorkspaceEdit chosen by the spec: the JSON in <answer file>, read again for each request. Servers do send
-- file operations with a rename (rust-analyzer renames the file of a renamed module); typescript-language-server
-- cannot be made to. It publishes empty diagnostics for every document it is told about (so that the tools'
-- bounded wait for diagnostics ends at once) and answers every other request with null.
local answer_file = assert(arg[1], 'usage: nvim -l edit_server.lua <answer file>')
local serve = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/stdio_server.lua')

local function read_answer()
  local f = io.open(answer_file, 'rb')
  if not f then
    return vim.NIL
  end
  local text = f:read('*a')
  f:close()
  return vim.json.decode(text)
end

serve(function(msg, send)
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
    return true
  elseif msg.id ~= nil and msg.method ~= nil then
    send({ jsonrpc = '2.0', id = msg.id, result = vim.NIL })
  end
end)
