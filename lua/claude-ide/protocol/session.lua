-- Generated from src/claude-ide/protocol/session.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local __TS__Class = ____lualib.__TS__Class
local __TS__StringSubstring = ____lualib.__TS__StringSubstring
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__SetDescriptor = ____lualib.__TS__SetDescriptor
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local asRpcError = ____result.asRpcError
local outgoingResult = ____result.outgoingResult
local outgoingText = ____result.outgoingText
local outgoingValue = ____result.outgoingValue
local rpcError = ____result.rpcError
local settle = ____result.settle
local argumentError = ____result.argumentError
local ____client_name = require("claude-ide.util.client_name")
local clientLabel = ____client_name.clientLabel
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local isObject = ____json.isObject
local ____initialize = require("claude-ide.protocol.initialize")
local initializeResult = ____initialize.initializeResult
local negotiate = ____initialize.negotiate
local PID_META = ____initialize.PID_META
local ____far_paths = require("claude-ide.protocol.far_paths")
local resultToFar = ____far_paths.resultToFar
local toLocal = ____far_paths.toLocal
local valueToFar = ____far_paths.valueToFar
local ____blocking = require("claude-ide.protocol.blocking")
local CLIENT_GONE = ____blocking.CLIENT_GONE
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local BigId = ____jsonrpc.BigId
local ErrorCode = ____jsonrpc.ErrorCode
local decodeMessage = ____jsonrpc.decodeMessage
local errorResponse = ____jsonrpc.errorResponse
local notification = ____jsonrpc.notification
local request = ____jsonrpc.request
local resultResponse = ____jsonrpc.resultResponse
local textResultResponse = ____jsonrpc.textResultResponse
do
    local ____initialize = require("claude-ide.protocol.initialize")
    ____exports.PID_META = ____initialize.PID_META
    ____exports.PROTOCOL_VERSIONS = ____initialize.PROTOCOL_VERSIONS
end
--- Raised by a role's request handler for bad params: answered as JSON-RPC -32602 with the message.
function ____exports.invalidRequestParams(message)
    rpcError(ErrorCode.InvalidParams, message)
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
    self.offersRoots = false
    self.nextRequest = 1
    self.waiting = {}
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
            self:askRoots()
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
        end,
        ["notifications/roots/list_changed"] = function() return self:askRoots() end
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
    if not self:isOpen() then
        return false
    end
    local paths = self.deps.paths
    local ____temp_1
    if paths ~= nil then
        ____temp_1 = valueToFar(params, paths)
    else
        ____temp_1 = params
    end
    local mapped = ____temp_1
    if mapped == nil then
        return false
    end
    self.conn:send(notification(
        method,
        outgoingValue(mapped, "notification", self.deps.config)
    ))
    return true
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
        local ____temp_2
        if type(msg.id) == "string" then
            ____temp_2 = self.waiting[msg.id]
        else
            ____temp_2 = nil
        end
        local waiter = ____temp_2
        if waiter == nil then
            return
        end
        self.waiting[msg.id] = nil
        local ok, err = pcall(waiter, msg.result, msg.error)
        if not ok then
            self.deps.log:error((("client " .. tostring(self.id)) .. ": handling an answer failed: ") .. tostring(err))
        end
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
    local ____opt_3 = self.deps.role.parkingRequests
    local parking = ____opt_3 and ____opt_3[method]
    if parking ~= nil then
        self:startParking(id, parking, params)
        return
    end
    local handler = self.requests[method]
    if handler == nil then
        self:send(errorResponse(id, ErrorCode.MethodNotFound, "Method not found: " .. method))
        return
    end
    local ok, result = pcall(handler, params, id)
    if ok then
        self:send(resultResponse(
            id,
            outgoingValue(result, "response", self.deps.config)
        ))
        return
    end
    local settled = settle(result)
    if settled == nil then
        error(result, 0)
    end
    local answer = asRpcError(settled)
    self:sendError(id, answer.code, answer.message)
end
function Session.prototype.startParking(self, id, handler, rawParams)
    local params = objectParams(rawParams)
    local key = idKey(id)
    if self.calls[key] ~= nil then
        rpcError(
            ErrorCode.InvalidRequest,
            ("request id " .. __TS__StringSubstring(key, 1)) .. " is already in use"
        )
    end
    local finished = false
    local handle = self.deps.blocking:run(
        self.id,
        function(park) return handler(params, {clientId = self.id, park = park}) end,
        function(outcome)
            finished = true
            self.calls[key] = nil
            if outcome.ok then
                local ____self_send_8 = self.send
                local ____resultResponse_7 = resultResponse
                local ____id_6 = id
                local ____outcome_value_5 = outcome.value
                if ____outcome_value_5 == nil then
                    ____outcome_value_5 = dict()
                end
                ____self_send_8(
                    self,
                    ____resultResponse_7(____id_6, ____outcome_value_5)
                )
            else
                self:sendError(id, outcome.code, outcome.message)
            end
        end
    )
    if not finished then
        self.calls[key] = handle
    end
end
function Session.prototype.initialize(self, params)
    local asked = params.protocolVersion
    local info = params.clientInfo
    local version = negotiate(asked)
    local caps = params.capabilities
    self.offersRoots = isObject(caps) and type(caps.roots) == "table"
    local meta = params._meta
    local ____isObject_result_9
    if isObject(meta) then
        ____isObject_result_9 = meta["claude-ide/clientRevision"]
    else
        ____isObject_result_9 = nil
    end
    local relayed = ____isObject_result_9
    self.protocolVersion = type(relayed) == "string" and relayed or version
    if isObject(info) and type(info.name) == "string" then
        self.clientName = info.name
        self.clientLabel = clientLabel(
            info.name,
            type(info.title) == "string" and info.title or nil
        )
    end
    local ____isObject_result_10
    if isObject(meta) then
        ____isObject_result_10 = meta[PID_META]
    else
        ____isObject_result_10 = nil
    end
    local pid = ____isObject_result_10
    if type(pid) == "number" and pid > 0 and math.floor(pid) == pid then
        self.processId = pid
    end
    local ____self_deps_role_11 = self.deps.role
    local capabilities = ____self_deps_role_11.capabilities
    local instructions = ____self_deps_role_11.instructions
    return initializeResult(asked, {capabilities = capabilities, instructions = instructions})
end
function Session.prototype.ping(self, onAnswer)
    if not self:isOpen() then
        onAnswer("the connection is closed")
        return
    end
    self:requestClient(
        "ping",
        dict(),
        function(_result, ____error) return onAnswer(____error) end
    )
end
function Session.prototype.requestClient(self, method, params, onAnswer)
    if not self:isOpen() then
        return
    end
    local ____self_12, ____nextRequest_13 = self, "nextRequest"
    local ____self_nextRequest_14 = ____self_12[____nextRequest_13]
    ____self_12[____nextRequest_13] = ____self_nextRequest_14 + 1
    local id = "nvim-" .. tostring(____self_nextRequest_14)
    self.waiting[id] = onAnswer
    self.conn:send(request(id, method, params))
end
function Session.prototype.askRoots(self)
    if not self.offersRoots then
        return
    end
    self:requestClient(
        "roots/list",
        dict(),
        function(result, err)
            if err ~= nil or not isObject(result) or type(result.roots) ~= "table" then
                local ____self_18 = self.deps.log
                local ____self_18_debug_19 = ____self_18.debug
                local ____self_id_17 = self.id
                local ____vim_inspect_16 = vim.inspect
                local ____err_15 = err
                if ____err_15 == nil then
                    ____err_15 = result
                end
                ____self_18_debug_19(
                    ____self_18,
                    ((("client " .. tostring(____self_id_17)) .. ": no roots (") .. ____vim_inspect_16(____err_15)) .. ")"
                )
                return
            end
            local roots = {}
            for ____, root in ipairs(result.roots) do
                do
                    local ____isObject_result_20
                    if isObject(root) then
                        ____isObject_result_20 = root.uri
                    else
                        ____isObject_result_20 = nil
                    end
                    local uri = ____isObject_result_20
                    if type(uri) ~= "string" or not vim.startswith(uri, "file://") then
                        goto __continue67
                    end
                    local ok, far = pcall(vim.uri_to_fname, uri)
                    if not ok then
                        goto __continue67
                    end
                    local ____local = self.deps.paths ~= nil and self.deps.paths:toLocal(far) or ({ok = true, path = far})
                    if ____local.ok and not __TS__ArrayIncludes(roots, ____local.path) then
                        roots[#roots + 1] = ____local.path
                    end
                end
                ::__continue67::
            end
            if vim.deep_equal(roots, self.roots) then
                return
            end
            self.roots = roots
            if self.ready and self.open then
                self.deps.onChange(self)
            end
        end
    )
end
function Session.prototype.markReady(self)
    if self.ready or not self.open then
        return
    end
    self.ready = true
    self.deps.onChange(self)
end
function Session.prototype.cancelRequest(self, params)
    local ____isObject_result_21
    if isObject(params) then
        ____isObject_result_21 = idKey(params.requestId)
    else
        ____isObject_result_21 = nil
    end
    local key = ____isObject_result_21
    local ____temp_22
    if key ~= nil then
        ____temp_22 = self.calls[key]
    else
        ____temp_22 = nil
    end
    local call = ____temp_22
    if call == nil or key == nil then
        return
    end
    self.calls[key] = nil
    local reason = isObject(params) and type(params.reason) == "string" and params.reason or "cancelled by the client"
    call.cancel(reason)
end
function Session.prototype.callTool(self, id, rawParams)
    local ok, thrown = pcall(self.startCall, self, id, rawParams)
    if ok then
        return
    end
    local settled = settle(thrown)
    if settled == nil then
        error(thrown, 0)
    end
    local answer = asRpcError(settled)
    self:sendError(id, answer.code, answer.message)
end
function Session.prototype.startCall(self, id, rawParams)
    local params = objectParams(rawParams)
    local name = params.name
    if type(name) ~= "string" then
        ____exports.invalidRequestParams("tools/call: \"name\" must be a string")
    end
    local ____self_deps_23 = self.deps
    local role = ____self_deps_23.role
    local tool = role.registry:find(name)
    if tool == nil then
        ____exports.invalidRequestParams(("unknown tool \"" .. name) .. "\"")
    end
    local args = (params.arguments == nil or params.arguments == vim.NIL) and dict() or params.arguments
    local key = idKey(id)
    if self.calls[key] ~= nil then
        rpcError(
            ErrorCode.InvalidRequest,
            ("request id " .. __TS__StringSubstring(key, 1)) .. " is already in use"
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
    local ____self_deps_24 = self.deps
    local config = ____self_deps_24.config
    local hub = ____self_deps_24.hub
    local services = ____self_deps_24.services
    local paths = ____self_deps_24.paths
    local callArgs = args
    if paths ~= nil then
        local mapped = toLocal(args, paths, true)
        if not mapped.ok then
            if not role.argumentErrorsAsResults then
                ____exports.invalidRequestParams((name .. ": ") .. mapped.error)
            end
            self:sendToolResult(
                id,
                name,
                argumentError(name, mapped.error)
            )
            return
        end
        callArgs = mapped.value
    end
    local finished = false
    local handle = self.deps.blocking:run(
        self.id,
        function(park) return tool.handler(callArgs, {
            clientId = self.id,
            client = self.clientLabel,
            clientName = self.clientName,
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
                self:sendError(id, outcome.code, outcome.message)
            end
        end,
        "tool " .. name
    )
    if not finished then
        self.calls[key] = handle
    end
end
function Session.prototype.sendError(self, id, code, message)
    self:send(errorResponse(
        id,
        code,
        outgoingText(message, "error", self.deps.config)
    ))
end
function Session.prototype.sendToolResult(self, id, name, raw)
    if not isObject(raw) or type(raw.content) ~= "table" or not vim.islist(raw.content) then
        self.deps.log:error((("tool " .. name) .. " returned an invalid result: ") .. vim.inspect(raw))
        self:send(errorResponse(id, ErrorCode.InternalError, ("Internal error: tool " .. name) .. " returned an invalid result"))
        return
    end
    local paths = self.deps.paths
    local result = outgoingResult(
        paths ~= nil and resultToFar(raw, paths) or raw,
        self.deps.config
    )
    local fast = textResultResponse(id, result.content, result.isError == true)
    if fast ~= nil then
        self:send(fast)
        return
    end
    local ____result_content_26 = result.content
    local ____temp_25
    if result.isError == true then
        ____temp_25 = true
    else
        ____temp_25 = nil
    end
    local body = {content = ____result_content_26, isError = ____temp_25}
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
    self.waiting = {}
    self.deps.blocking:cancelOwner(self.id, CLIENT_GONE)
    self.ready = false
    self.deps.onChange(self)
end
__TS__SetDescriptor(
    Session.prototype,
    "paths",
    {get = function(self)
        return self.deps.paths
    end},
    true
)
__TS__SetDescriptor(
    Session.prototype,
    "door",
    {get = function(self)
        return self.deps.door
    end},
    true
)
return ____exports
