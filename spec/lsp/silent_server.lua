-- A real, minimal language server (run with `nvim -l`) for the cases typescript-language-server cannot be
-- made to produce on demand: it answers `initialize` (hover and references offered), reports `$/progress`
-- work that never ends ("Indexing forever"), and never answers any other request.
local serve = dofile(vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h') .. '/stdio_server.lua')

serve(function(msg, send)
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
    return true
  end
end)
