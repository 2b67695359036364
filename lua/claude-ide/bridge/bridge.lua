-- Generated from src/claude-ide/bridge/bridge.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__New = ____lualib.__TS__New
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local ____exports = {}
local registry = require("claude-ide.instances.registry")
local ____result = require("claude-ide.protocol.result")
local Code = ____result.Code
local ____resources = require("claude-ide.agent.resources")
local INSTANCES_URI = ____resources.INSTANCES_URI
local RESOURCES = ____resources.RESOURCES
local TEMPLATES = ____resources.TEMPLATES
local ____endpoint = require("claude-ide.bridge.endpoint")
local INSTRUCTIONS = ____endpoint.INSTRUCTIONS
local ____tools = require("claude-ide.bridge.tools")
local ENDPOINT_TOOLS = ____tools.ENDPOINT_TOOLS
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local ErrorCode = ____jsonrpc.ErrorCode
local decodeMessage = ____jsonrpc.decodeMessage
local errorResponse = ____jsonrpc.errorResponse
local idText = ____jsonrpc.idText
local notification = ____jsonrpc.notification
local resultResponse = ____jsonrpc.resultResponse
local ____session = require("claude-ide.protocol.session")
local PID_META = ____session.PID_META
local PROTOCOL_VERSIONS = ____session.PROTOCOL_VERSIONS
local ____registry = require("claude-ide.protocol.registry")
local Registry = ____registry.Registry
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local str = ____schema.str
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local isObject = ____json.isObject
local ____version = require("claude-ide.version")
local VERSION = ____version.VERSION
local ____ws_client = require("claude-ide.bridge.ws_client")
local WsClient = ____ws_client.WsClient
local ____config = require("claude-ide.config")
local DEFAULTS = ____config.DEFAULTS
--- The stateless revision whose server/discover the bridge answers (Claude Code probes it first).
local DISCOVER_VERSION = "2026-07-28"
local function toolText(text, isError)
    if isError == nil then
        isError = false
    end
    local ____temp_1 = {{type = "text", text = text}}
    local ____isError_0
    if isError then
        ____isError_0 = true
    else
        ____isError_0 = nil
    end
    return {content = ____temp_1, isError = ____isError_0}
end
____exports.Bridge = __TS__Class()
local Bridge = ____exports.Bridge
Bridge.name = "Bridge"
function Bridge.prototype.____constructor(self, opts)
    self.opts = opts
    self.nextUpId = 1
    self["local"] = {
        defineTool({
            name = "list_instances",
            title = "List Neovim instances",
            description = "The running Neovims this server can work in: id, cwd, main file, pid; [selected] marks the one in use.",
            input = {},
            closed = true,
            annotations = {
                title = "List Neovim instances",
                readOnlyHint = true,
                destructiveHint = false,
                idempotentHint = true,
                openWorldHint = false
            },
            handler = function() return self:listInstances() end
        }),
        defineTool({
            name = "select_instance",
            title = "Select a Neovim instance",
            description = "Work in the Neovim with this id (from list_instances) from now on. Needed only when several run and none was chosen.",
            input = {instance_id = str("An id from list_instances", {minLength = 1})},
            closed = true,
            annotations = {
                title = "Select a Neovim instance",
                readOnlyHint = false,
                destructiveHint = false,
                idempotentHint = true,
                openWorldHint = false
            },
            handler = function(args) return self:selectInstance(args.instance_id) end
        })
    }
    local ____Registry_3 = Registry
    local ____array_2 = __TS__SparseArrayNew(unpack(self["local"]))
    __TS__SparseArrayPush(
        ____array_2,
        unpack(ENDPOINT_TOOLS)
    )
    self.tools = __TS__New(
        ____Registry_3,
        {__TS__SparseArraySpread(____array_2)},
        DEFAULTS
    )
    self.requests = {
        initialize = function(id, p) return self:reply(
            id,
            self:initializeResult(p.protocolVersion)
        ) end,
        ["server/discover"] = function(id) return self:reply(
            id,
            {
                supportedVersions = {
                    DISCOVER_VERSION,
                    unpack(PROTOCOL_VERSIONS)
                },
                capabilities = self:capabilities(),
                serverInfo = self:serverInfo(),
                instructions = INSTRUCTIONS
            }
        ) end,
        ping = function(id) return self:reply(
            id,
            dict()
        ) end,
        ["tools/list"] = function(id) return self:reply(
            id,
            {tools = self.tools:list()}
        ) end,
        ["tools/call"] = function(id, p) return self:callTool(id, p) end,
        ["resources/list"] = function(id) return self:reply(id, {resources = RESOURCES}) end,
        ["resources/templates/list"] = function(id) return self:reply(id, {resourceTemplates = TEMPLATES}) end,
        ["resources/read"] = function(id, p) return self:readResource(id, p) end
    }
end
function Bridge.prototype.receive(self, line)
    if vim.trim(line) == "" then
        return
    end
    local msg = decodeMessage(line)
    if msg.kind == "invalid" then
        if msg.reply ~= nil then
            self.opts.write(msg.reply)
        end
        return
    end
    if msg.kind == "response" then
        return
    end
    if msg.kind == "notification" then
        if msg.method == "notifications/cancelled" then
            self:cancel(msg.params)
        end
        return
    end
    local handler = self.requests[msg.method]
    if handler == nil then
        self.opts.write(errorResponse(msg.id, ErrorCode.MethodNotFound, "Method not found: " .. msg.method))
        return
    end
    if msg.params ~= nil and not isObject(msg.params) then
        self.opts.write(errorResponse(msg.id, ErrorCode.InvalidParams, msg.method .. ": params must be an object"))
        return
    end
    local ok, err = pcall(handler, msg.id, msg.params or ({}))
    if not ok then
        self.opts.log((msg.method .. " failed: ") .. tostring(err))
        self.opts.write(errorResponse(
            msg.id,
            ErrorCode.InternalError,
            "Internal error: " .. tostring(err)
        ))
    end
end
function Bridge.prototype.shutdown(self)
    local up = self.upstream
    self.upstream = nil
    local client = up and up.client
    if client == nil then
        return function() return true end
    end
    client:close(1001, "the agent bridge exited")
    return function() return client:isFinished() end
end
function Bridge.prototype.reply(self, id, result)
    self.opts.write(resultResponse(id, result))
end
function Bridge.prototype.capabilities(self)
    return {tools = {listChanged = false}, resources = {listChanged = false}}
end
function Bridge.prototype.serverInfo(self)
    return {name = "claude-ide.nvim", title = "Neovim (claude-ide.nvim)", version = VERSION}
end
function Bridge.prototype.initializeResult(self, asked)
    return {
        protocolVersion = type(asked) == "string" and __TS__ArrayIncludes(PROTOCOL_VERSIONS, asked) and asked or PROTOCOL_VERSIONS[1],
        capabilities = self:capabilities(),
        serverInfo = self:serverInfo(),
        instructions = INSTRUCTIONS
    }
end
function Bridge.prototype.instances(self)
    return registry.list(self.opts.lockDir)
end
function Bridge.prototype.choose(self, instances)
    local port = tonumber(self.opts.env.CLAUDE_CODE_SSE_PORT or "")
    return registry.choose(instances, {explicit = self.selected or self.opts.instance, nvimSocket = self.opts.env.NVIM, ssePort = port, cwd = self.opts.cwd})
end
function Bridge.prototype.listInstances(self)
    local instances = self:instances()
    if #instances == 0 then
        return toolText("no running Neovim with claude-ide.nvim was found (its server writes a lock file when it starts)")
    end
    local ____opt_6 = self.upstream
    local ____temp_10 = ____opt_6 and ____opt_6.instance.id
    if ____temp_10 == nil then
        local ____opt_8 = self:choose(instances).instance
        ____temp_10 = ____opt_8 and ____opt_8.id
    end
    local current = ____temp_10
    return toolText(table.concat(
        registry.describe(instances, current),
        "\n"
    ))
end
function Bridge.prototype.selectInstance(self, id)
    local instances = self:instances()
    local hit = __TS__ArrayFind(
        instances,
        function(____, i) return i.id == id end
    )
    if hit == nil then
        local valid = #instances > 0 and "valid ids: " .. table.concat(
            __TS__ArrayMap(
                instances,
                function(____, i) return i.id end
            ),
            ", "
        ) or "no Neovim is running"
        return toolText(
            ((((("ERROR " .. tostring(Code.InstanceNotFound)) .. ": no instance \"") .. id) .. "\" (") .. valid) .. ")",
            true
        )
    end
    if self.upstream ~= nil and self.upstream.instance.id ~= id then
        self:shutdown()
    end
    self.selected = id
    self.lost = nil
    return toolText(((((("OK: selected " .. hit.id) .. " (cwd ") .. hit.cwd) .. ", pid ") .. tostring(hit.pid)) .. ")")
end
function Bridge.prototype.failForwarded(self, downId, method, code, message)
    if method == "tools/call" then
        self:reply(
            downId,
            toolText(
                (("ERROR " .. tostring(code)) .. ": ") .. message,
                true
            )
        )
    else
        self.opts.write(errorResponse(
            downId,
            ErrorCode.InternalError,
            ((message .. " (code ") .. tostring(code)) .. ")"
        ))
    end
end
function Bridge.prototype.callTool(self, id, params)
    local name = params.name
    if type(name) ~= "string" then
        self.opts.write(errorResponse(id, ErrorCode.InvalidParams, "tools/call: \"name\" must be a string"))
        return
    end
    local tool = self.tools:find(name)
    if tool == nil then
        self.opts.write(errorResponse(id, ErrorCode.InvalidParams, ("unknown tool \"" .. name) .. "\""))
        return
    end
    if __TS__ArrayIncludes(self["local"], tool) then
        local args = (params.arguments == nil or params.arguments == vim.NIL) and dict() or params.arguments
        local problem = self.tools:check(tool, args)
        if problem ~= nil then
            self:reply(
                id,
                toolText(((((("ERROR: " .. name) .. ": ") .. problem) .. ". Fix the arguments and call ") .. name) .. " again.", true)
            )
        else
            self:reply(
                id,
                tool.handler(args, nil)
            )
        end
        return
    end
    self:forward(id, "tools/call", params)
end
function Bridge.prototype.readResource(self, id, params)
    if params.uri ~= INSTANCES_URI then
        self:forward(id, "resources/read", params)
        return
    end
    local instances = self:instances()
    local ____opt_11 = self.upstream
    local current = ____opt_11 and ____opt_11.instance.id
    local list = __TS__ArrayMap(
        instances,
        function(____, i) return {
            id = i.id,
            pid = i.pid,
            cwd = i.cwd,
            mainFile = i.mainFile,
            port = i.port,
            selected = i.id == current
        } end
    )
    self:reply(
        id,
        {contents = {{
            uri = INSTANCES_URI,
            mimeType = "application/json",
            text = vim.json.encode({instances = list})
        }}}
    )
end
function Bridge.prototype.forward(self, downId, method, params)
    if self.lost ~= nil then
        local lost = self.lost
        self.lost = nil
        local next = self:choose(self:instances())
        local ____then = next.ok and ((("the next call goes to " .. next.instance.id) .. " (") .. next.rule) .. ")" or next.reason .. ": call list_instances and select_instance"
        self:failForwarded(downId, method, Code.ConnectionLost, ((("the connection to Neovim " .. lost) .. " was lost (it exited or stopped its server); ") .. ____then) .. ". Earlier editor_state tokens and buffer numbers are no longer valid.")
        return
    end
    local up = self.upstream or self:connect(downId, method)
    if up == nil then
        return
    end
    local ____self_13, ____nextUpId_14 = self, "nextUpId"
    local ____self_nextUpId_15 = ____self_13[____nextUpId_14]
    ____self_13[____nextUpId_14] = ____self_nextUpId_15 + 1
    local upId = ____self_nextUpId_15
    up.pending[upId] = {downId = downId, method = method}
    up.byDown[idText(downId)] = upId
    local text = ((((("{\"jsonrpc\":\"2.0\",\"id\":" .. tostring(upId)) .. ",\"method\":") .. vim.json.encode(method)) .. ",\"params\":") .. vim.json.encode(params)) .. "}"
    if up.client ~= nil then
        up.client:send(text)
    else
        local ____up_queue_16 = up.queue
        ____up_queue_16[#____up_queue_16 + 1] = text
    end
end
function Bridge.prototype.connect(self, downId, method)
    local instances = self:instances()
    local choice = self:choose(instances)
    if not choice.ok then
        local listing = #instances > 0 and ("\nRunning instances:\n" .. table.concat(
            registry.describe(instances),
            "\n"
        )) .. "\nCall select_instance with one of these ids." or "\nStart Neovim with claude-ide.nvim (setup() starts its server), then call again."
        self:failForwarded(downId, method, choice.code, (("no Neovim instance selected: " .. choice.reason) .. ".") .. listing)
        return nil
    end
    local instance = choice.instance
    self.opts.log(((("using Neovim " .. instance.id) .. " (") .. choice.rule) .. ")")
    local up = {instance = instance, queue = {}, pending = {}, byDown = {}}
    self.upstream = up
    __TS__ArrayPush(
        up.queue,
        ("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":" .. vim.json.encode({
            protocolVersion = PROTOCOL_VERSIONS[1],
            capabilities = dict(),
            clientInfo = {name = "claude-ide-bridge", version = VERSION},
            _meta = {[PID_META] = vim.fn.getpid()}
        })) .. "}",
        notification(
            "notifications/initialized",
            dict()
        )
    )
    WsClient:connect(
        instance.port,
        instance.token,
        {
            onMessage = function(text) return self:fromEditor(up, text) end,
            onClose = function(code, reason) return self:closed(up, code, reason) end
        },
        function(client, err)
            if client == nil then
                self:closed(up, 1006, err or "cannot connect")
                return
            end
            if self.upstream ~= up then
                client:close(1001, "no longer used")
                return
            end
            up.client = client
            for ____, text in ipairs(up.queue) do
                client:send(text)
            end
            up.queue = {}
        end
    )
    return up
end
function Bridge.prototype.fromEditor(self, up, text)
    local ____, ____, upIdText, rest = string.find(text, "^{\"jsonrpc\":\"2%.0\",\"id\":(%d+),(.*)$")
    local upId = tonumber(upIdText)
    if upId == nil or upId == 0 then
        return
    end
    local call = up.pending[upId]
    if call == nil then
        return
    end
    up.pending[upId] = nil
    up.byDown[idText(call.downId)] = nil
    self.opts.write((("{\"jsonrpc\":\"2.0\",\"id\":" .. idText(call.downId)) .. ",") .. tostring(rest))
end
function Bridge.prototype.closed(self, up, code, reason)
    if self.upstream ~= up then
        return
    end
    self.upstream = nil
    self.opts.log(((((("connection to Neovim " .. up.instance.id) .. " ended (") .. tostring(code)) .. " ") .. reason) .. ")")
    if self.selected == up.instance.id then
        self.selected = nil
    end
    local message = ((("the connection to Neovim " .. up.instance.id) .. " was lost while this call was running (") .. (reason ~= "" and reason or "close code " .. tostring(code))) .. "); the next call chooses a Neovim again"
    local failed = 0
    for ____, call in pairs(up.pending) do
        self:failForwarded(call.downId, call.method, Code.ConnectionLost, message)
        failed = failed + 1
    end
    if failed == 0 then
        self.lost = up.instance.id
    end
end
function Bridge.prototype.cancel(self, params)
    local up = self.upstream
    if up == nil or not isObject(params) then
        return
    end
    local requestId = params.requestId
    if type(requestId) ~= "string" and type(requestId) ~= "number" then
        return
    end
    local key = idText(requestId)
    local upId = up.byDown[key]
    if upId == nil then
        return
    end
    up.byDown[key] = nil
    up.pending[upId] = nil
    local text = notification("notifications/cancelled", {requestId = upId, reason = params.reason})
    if up.client ~= nil then
        up.client:send(text)
    else
        local ____up_queue_17 = up.queue
        ____up_queue_17[#____up_queue_17 + 1] = text
    end
end
return ____exports
