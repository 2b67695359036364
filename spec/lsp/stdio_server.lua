-- What the minimal language servers of the LSP specs share (silent_server.lua, edit_server.lua; each run with
-- `nvim -l`): LSP base-protocol framing on stdin/stdout and the loop that keeps the process alive.
--   local serve = dofile(<this file>)
--   serve(function(msg, send) ... end)   -- handle(msg, send); return true once `exit` is received
return function(handle)
  local stdin = vim.uv.new_pipe(false)
  stdin:open(0)
  local buffer = ''
  local done = false

  local function send(msg)
    local body = vim.json.encode(msg)
    io.stdout:write('Content-Length: ' .. #body .. '\r\n\r\n' .. body)
    io.stdout:flush()
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
        if handle(vim.json.decode(body), send) then
          done = true
        end
      end)
    end
  end)

  while not done do
    vim.wait(100, function()
      return done
    end, 20)
  end
end
