-- Generated from src/claude-ide/protocol/session.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__StringSubstring = ____lualib.__TS__StringSubstring
local ____exports = {}
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local isObject = ____json.isObject
local ____version = require("claude-ide.version")
local VERSION = ____version.VERSION
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local BigId = ____jsonrpc.BigId
local ErrorCode = ____jsonrpc.ErrorCode
local decodeMessage = ____jsonrpc.decodeMessage
local errorResponse = ____jsonrpc.errorResponse
local notification = ____jsonrpc.notification
local resultResponse = ____jsonrpc.resultResponse
local textResultResponse = ____jsonrpc.textResultResponse
--- initialize `_meta` key under which the agent bridge tells its own pid.
____exports.PID_META = "claude-ide.nvim/pid"
--- MCP protocol versions this server speaks, newest first. A client asking for another one gets the newest.
____exports.PROTOCOL_VERSIONS = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}
--- A JSON-RPC error raised while handling a request, answered as such.
local RpcError = __TS__Class()
RpcError.name = "RpcError"
function RpcError.prototype.____constructor(self, code, message)
    self.code = code
    self.message = message
end
--- Raised by a request handler: answered as a JSON-RPC error with this code and message.
function ____exports.rpcError(code, message)
    error(
        __TS__New(RpcError, code, message),
        0
    )
end
--- Raised by a role's request handler for bad params: answered as JSON-RPC -32602 with the message.
function ____exports.invalidRequestParams(message)
    error(
        __TS__New(RpcError, ErrorCode.InvalidParams, message),
        0
    )
end
--- A map key for a request id: 1 and "1" are different ids.
local function idKey(id)
    if __TS__InstanceOf(id, BigId) then
        return "n" .. id.text
    end
    if type(id) == "number" then
        return "n" .. (id % 1 == 0 and math.abs(id) < 100000000000000 and tostring(id) or string.format("%.17g", id))
    end
    if type(id) == "string" then
        return "s" .. id
    end
    return nil
end
--- A bad argument as the model reads it: what was wrong, and that the call can be made again.
local function argumentError(tool, problem)
    return {content = {{type = "text", text = ((((("ERROR: " .. tool) .. ": ") .. problem) .. ". Fix the arguments and call ") .. tool) .. " again."}}, isError = true}
end
local function objectParams(params)
    if params == nil then
        return {}
    end
    if not isObject(params) then
        ____exports.invalidRequestParams("params must be an object")
    end
    return params
end
____exports.Session = __TS__Class()
local Session = ____exports.Session
Session.name = "Session"
function Session.prototype.____constructor(self, conn, deps)
    self.conn = conn
    self.deps = deps
    self.ready = false
    self.open = true
    self.calls = {}
    self.id = conn.id
    self.role = deps.role.name
    self.requests = {
        initialize = function(params) return self:initialize(objectParams(params)) end,
        ping = function() return dict() end,
        ["tools/list"] = function() return {tools = self.deps.role.registry:list()} end
    }
    for method, handler in pairs(deps.role.requests or ({})) do
        self.requests[method] = function(params) return handler(objectParams(params)) end
    end
    self.notifications = {
        ["notifications/initialized"] = function() return self:markReady() end,
        ["notifications/cancelled"] = function(params) return self:cancelRequest(params) end,
        ide_connected = function(params)
            local ____isObject_result_0
            if isObject(params) then
                ____isObject_result_0 = params.pid
            else
                ____isObject_result_0 = nil
            end
            local pid = ____isObject_result_0
            if type(pid) ~= "number" or pid == self.cliPid then
                return
            end
            self.cliPid = pid
            if self.ready then
                self.deps.onChange(self)
            end
        end
    }
    conn.handlers = {
        onMessage = function(text) return self:receive(text) end,
        onClose = function(code, reason) return self:closed(code, reason) end
    }
end
function Session.prototype.isOpen(self)
    return self.open and self.conn:isOpen()
end
function Session.prototype.notify(self, method, params)
    if self:isOpen() then
        self.conn:send(notification(method, params))
    end
end
function Session.prototype.deliver(self, text)
    self:send(text)
end
function Session.prototype.close(self, code, reason)
    self.conn:close(code, reason)
end
function Session.prototype.receive(self, text)
    local msg = decodeMessage(text)
    if msg.kind == "invalid" then
        self.deps.log:debug((("client " .. tostring(self.id)) .. ": ") .. msg.reason)
        if msg.reply ~= nil then
            self:send(msg.reply)
        end
        return
    end
    if msg.kind == "response" then
        return
    end
    local ok
    local err
    if msg.kind == "notification" then
        ok, err = pcall(self.onNotification, self, msg.method, msg.params)
    else
        ok, err = pcall(
            self.onRequest,
            self,
            msg.id,
            msg.method,
            msg.params
        )
    end
    if not ok then
        self.deps.log:error((((("client " .. tostring(self.id)) .. ": ") .. msg.method) .. " failed: ") .. tostring(err))
        if msg.kind == "request" then
            self:send(errorResponse(
                msg.id,
                ErrorCode.InternalError,
                "Internal error: " .. tostring(err)
            ))
        end
    end
end
function Session.prototype.onNotification(self, method, params)
    local handler = self.notifications[method]
    if handler ~= nil then
        handler(params)
    end
end
function Session.prototype.onRequest(self, id, method, params)
    if method == "tools/call" then
        self:callTool(id, params)
        return
    end
    local handler = self.requests[method]
    if handler == nil then
        self:send(errorResponse(id, ErrorCode.MethodNotFound, "Method not found: " .. method))
        return
    end
    local ok, result = pcall(handler, params, id)
    local err = result
    if ok then
        self:send(resultResponse(id, result))
    elseif __TS__InstanceOf(err, RpcError) then
        self:send(errorResponse(id, err.code, err.message))
    else
        error(err, 0)
    end
end
function Session.prototype.initialize(self, params)
    local asked = params.protocolVersion
    local info = params.clientInfo
    if isObject(info) and type(info.name) == "string" then
        self.clientName = info.name
    end
    local meta = params._meta
    local ____isObject_result_1
    if isObject(meta) then
        ____isObject_result_1 = meta[____exports.PID_META]
    else
        ____isObject_result_1 = nil
    end
    local pid = ____isObject_result_1
    if type(pid) == "number" and pid > 0 and math.floor(pid) == pid then
        self.processId = pid
    end
    return {
        protocolVersion = type(asked) == "string" and __TS__ArrayIncludes(____exports.PROTOCOL_VERSIONS, asked) and asked or ____exports.PROTOCOL_VERSIONS[1],
        capabilities = self.deps.role.capabilities,
        serverInfo = {name = "claude-ide.nvim", version = VERSION},
        instructions = self.deps.role.instructions
    }
end
function Session.prototype.markReady(self)
    if self.ready or not self.open then
        return
    end
    self.ready = true
    self.deps.onChange(self)
end
function Session.prototype.cancelRequest(self, params)
    local ____isObject_result_2
    if isObject(params) then
        ____isObject_result_2 = idKey(params.requestId)
    else
        ____isObject_result_2 = nil
    end
    local key = ____isObject_result_2
    local ____temp_3
    if key ~= nil then
        ____temp_3 = self.calls[key]
    else
        ____temp_3 = nil
    end
    local call = ____temp_3
    if call == nil or key == nil then
        return
    end
    self.calls[key] = nil
    local reason = isObject(params) and type(params.reason) == "string" and params.reason or "cancelled by the client"
    call.cancel(reason)
end
function Session.prototype.callTool(self, id, rawParams)
    local ok, thrown = pcall(self.startCall, self, id, rawParams)
    local err = thrown
    if not ok then
        if not __TS__InstanceOf(err, RpcError) then
            error(err, 0)
        end
        self:send(errorResponse(id, err.code, err.message))
    end
end
function Session.prototype.startCall(self, id, rawParams)
    local params = objectParams(rawParams)
    local name = params.name
    if type(name) ~= "string" then
        ____exports.invalidRequestParams("tools/call: \"name\" must be a string")
    end
    local ____self_deps_4 = self.deps
    local role = ____self_deps_4.role
    local tool = role.registry:find(name)
    if tool == nil then
        ____exports.invalidRequestParams(("unknown tool \"" .. name) .. "\"")
    end
    local args = (params.arguments == nil or params.arguments == vim.NIL) and dict() or params.arguments
    local key = idKey(id)
    if self.calls[key] ~= nil then
        error(
            __TS__New(
                RpcError,
                ErrorCode.InvalidRequest,
                ("request id " .. __TS__StringSubstring(key, 1)) .. " is already in use"
            ),
            0
        )
    end
    local problem = role.registry:check(tool, args)
    if problem ~= nil then
        if not role.argumentErrorsAsResults then
            ____exports.invalidRequestParams((name .. ": ") .. problem)
        end
        self:sendToolResult(
            id,
            name,
            argumentError(name, problem)
        )
        return
    end
    local ____self_deps_5 = self.deps
    local config = ____self_deps_5.config
    local hub = ____self_deps_5.hub
    local services = ____self_deps_5.services
    local finished = false
    local handle = self.deps.blocking:run(
        self.id,
        function(park) return tool.handler(args, {
            clientId = self.id,
            config = config,
            hub = hub,
            services = services,
            park = park
        }) end,
        function(outcome)
            finished = true
            self.calls[key] = nil
            if outcome.ok then
                self:sendToolResult(id, name, outcome.value)
            elseif outcome.code == ErrorCode.InvalidParams and role.argumentErrorsAsResults then
                self:sendToolResult(
                    id,
                    name,
                    argumentError(name, outcome.message)
                )
            else
                self:send(errorResponse(id, outcome.code, outcome.message))
            end
        end
    )
    if not finished then
        self.calls[key] = handle
    end
end
function Session.prototype.sendToolResult(self, id, name, result)
    if not isObject(result) or type(result.content) ~= "table" or not vim.islist(result.content) then
        self.deps.log:error((("tool " .. name) .. " returned an invalid result: ") .. vim.inspect(result))
        self:send(errorResponse(id, ErrorCode.InternalError, ("Internal error: tool " .. name) .. " returned an invalid result"))
        return
    end
    local fast = textResultResponse(id, result.content, result.isError == true)
    if fast ~= nil then
        self:send(fast)
        return
    end
    local ____result_content_7 = result.content
    local ____temp_6
    if result.isError == true then
        ____temp_6 = true
    else
        ____temp_6 = nil
    end
    local body = {content = ____result_content_7, isError = ____temp_6}
    local ok, text = pcall(resultResponse, id, body)
    if ok then
        self:send(text)
    else
        self:send(errorResponse(
            id,
            ErrorCode.InternalError,
            (("Internal error: tool " .. name) .. " result is not JSON: ") .. tostring(text)
        ))
    end
end
function Session.prototype.send(self, text)
    if self:isOpen() then
        self.conn:send(text)
    end
end
function Session.prototype.closed(self, code, reason)
    if not self.open then
        return
    end
    self.open = false
    self.deps.log:debug((((("client " .. tostring(self.id)) .. " closed (") .. tostring(code)) .. (reason ~= "" and " " .. reason or "")) .. ")")
    self.calls = {}
    self.deps.blocking:cancelOwner(self.id, "client disconnected")
    self.ready = false
    self.deps.onChange(self)
end
return ____exports
