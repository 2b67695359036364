-- Generated from src/claude-ide/transport/probe.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____handshake = require("claude-ide.transport.handshake")
local acceptKey = ____handshake.acceptKey
local ____frame = require("claude-ide.transport.frame")
local Decoder = ____frame.Decoder
local Opcode = ____frame.Opcode
local closePayload = ____frame.closePayload
local encodeFrame = ____frame.encodeFrame
local REQUESTS = {{jsonrpc = "2.0", id = 1, method = "initialize", params = {protocolVersion = "2025-11-25", capabilities = {}, clientInfo = {name = "claude-ide.nvim health check", version = "1"}}}, {jsonrpc = "2.0", id = 2, method = "tools/list", params = {}}}
local function randomBytes(n)
    return vim.uv.random(n) or string.rep("\0", n)
end
--- Connects to 127.0.0.1:`port` with `token`; gives up after `timeoutMs`. Never throws.
function ____exports.probe(port, token, timeoutMs)
    local started = vim.uv.hrtime()
    local function elapsed()
        return (vim.uv.hrtime() - started) / 1000000
    end
    local tcp = vim.uv.new_tcp()
    local key = vim.base64.encode(randomBytes(16))
    local decoder = __TS__New(Decoder, {maxMessageBytes = 16 * 1024 * 1024, expectMasked = false})
    local answers = {}
    local head = ""
    local failure
    local function send(opcode, payload)
        return tcp:write(encodeFrame(
            opcode,
            payload,
            {mask = randomBytes(4)}
        ))
    end
    local function onFrames(chunk)
        for ____, ev in ipairs(decoder:push(chunk)) do
            if ev.kind == "text" then
                local ok, msg = pcall(vim.json.decode, ev.data)
                if ok and type(msg) == "table" and type(msg.id) == "number" then
                    answers[msg.id] = msg
                end
            elseif ev.kind == "close" or ev.kind == "error" then
                failure = failure or ((("the server closed the connection (" .. tostring(ev.code)) .. " ") .. ev.reason) .. ")"
            end
        end
    end
    local function onData(chunk)
        if head == nil then
            return onFrames(chunk)
        end
        head = head .. chunk
        local stop = string.find(head, "\r\n\r\n", 1, true)
        if stop == nil then
            return
        end
        local response = string.sub(head, 1, stop - 1)
        local rest = string.sub(head, stop + 4)
        head = nil
        local status = string.match(response, "^HTTP/1%.1 (%d+)")
        local accept = (string.match(
            string.lower(response),
            "\r\nsec%-websocket%-accept: *([^\r]+)"
        ))
        if status ~= "101" then
            failure = "the upgrade was refused: " .. (string.match(response, "^[^\r]*"))
        elseif accept ~= string.lower(acceptKey(key)) then
            failure = "the upgrade answer has a wrong Sec-WebSocket-Accept"
        else
            for ____, r in ipairs(REQUESTS) do
                send(
                    Opcode.Text,
                    vim.json.encode(r)
                )
            end
            if rest ~= "" then
                onFrames(rest)
            end
        end
    end
    tcp:connect(
        "127.0.0.1",
        port,
        function(err)
            if err ~= nil then
                failure = (("cannot connect to 127.0.0.1:" .. tostring(port)) .. ": ") .. err
                return
            end
            tcp:read_start(function(readErr, data)
                if readErr ~= nil or data == nil then
                    failure = failure or ("the connection ended (" .. (readErr or "EOF")) .. ")"
                else
                    onData(data)
                end
            end)
            tcp:write(table.concat(
                {
                    "GET / HTTP/1.1",
                    "Host: 127.0.0.1:" .. tostring(port),
                    "Upgrade: websocket",
                    "Connection: Upgrade",
                    "Sec-WebSocket-Version: 13",
                    "Sec-WebSocket-Key: " .. key,
                    "Sec-WebSocket-Protocol: mcp",
                    "X-Claude-Code-Ide-Authorization: " .. token,
                    "",
                    ""
                },
                "\r\n"
            ))
        end
    )
    local done = vim.wait(
        timeoutMs,
        function() return failure ~= nil or answers[2] ~= nil end,
        1
    )
    local ms = elapsed()
    if failure == nil and answers[2] ~= nil then
        pcall(
            send,
            Opcode.Close,
            closePayload(1000, "health check done")
        )
    end
    vim.defer_fn(
        function()
            if not tcp:is_closing() then
                tcp:close()
            end
        end,
        100
    )
    if failure ~= nil then
        return {ok = false, ms = ms, tools = 0, error = failure}
    end
    if not done then
        return {
            ok = false,
            ms = ms,
            tools = 0,
            error = ("no answer within " .. tostring(timeoutMs)) .. " ms"
        }
    end
    local init = answers[1]
    local ____opt_0 = init and init.result
    if (____opt_0 and ____opt_0.serverInfo) == nil then
        return {
            ok = false,
            ms = ms,
            tools = 0,
            error = "initialize failed: " .. vim.inspect(init)
        }
    end
    local list = answers[2]
    local ____opt_4 = list.result
    if (____opt_4 and ____opt_4.tools) == nil then
        return {
            ok = false,
            ms = ms,
            tools = 0,
            error = "tools/list failed: " .. vim.inspect(list)
        }
    end
    return {ok = true, ms = ms, tools = #list.result.tools}
end
return ____exports
