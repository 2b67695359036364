-- Generated from src/claude-ide/transport/probe.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local outcome
local ____client = require("claude-ide.transport.client")
local WsClient = ____client.WsClient
function outcome(done, ms, timeoutMs, failure, answers)
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
--- The clientInfo.name of the self-test's connection (:checkhealth leaves it out of the clients it lists).
____exports.PROBE_CLIENT_NAME = "claude-ide.nvim health check"
local REQUESTS = {{jsonrpc = "2.0", id = 1, method = "initialize", params = {protocolVersion = "2025-11-25", capabilities = {}, clientInfo = {name = ____exports.PROBE_CLIENT_NAME, version = "1"}}}, {jsonrpc = "2.0", id = 2, method = "tools/list", params = {}}}
--- Connects to 127.0.0.1:`port` with `token`; gives up after `timeoutMs`. Never throws.
function ____exports.probe(port, token, timeoutMs)
    local started = vim.uv.hrtime()
    local function elapsed()
        return (vim.uv.hrtime() - started) / 1000000
    end
    local answers = {}
    local failure
    local client
    local abort = WsClient:connect(
        port,
        token,
        {
            onMessage = function(text)
                local ok, msg = pcall(vim.json.decode, text)
                if ok and type(msg) == "table" and type(msg.id) == "number" then
                    answers[msg.id] = msg
                end
            end,
            onClose = function(code, reason)
                failure = failure or ((("the server closed the connection (" .. tostring(code)) .. " ") .. reason) .. ")"
            end
        },
        function(open, err)
            if open == nil then
                failure = failure or err
                return
            end
            client = open
            for ____, r in ipairs(REQUESTS) do
                open:send(vim.json.encode(r))
            end
        end
    )
    local done = vim.wait(
        timeoutMs,
        function() return failure ~= nil or answers[2] ~= nil end,
        1
    )
    local ms = elapsed()
    local result = outcome(
        done,
        ms,
        timeoutMs,
        failure,
        answers
    )
    if client ~= nil then
        client:close(1000, "health check done")
    else
        abort()
    end
    return result
end
return ____exports
