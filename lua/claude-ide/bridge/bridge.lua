-- Generated from src/claude-ide/bridge/bridge.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayEvery = ____lualib.__TS__ArrayEvery
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local RESOURCE_NOT_FOUND = ____result.RESOURCE_NOT_FOUND
local argumentError = ____result.argumentError
local Code = ____result.Code
local fail = ____result.fail
local text = ____result.text
local ____declarations = require("claude-ide.agent.declarations")
local INSTANCES_URI = ____declarations.INSTANCES_URI
local INSTRUCTIONS = ____declarations.INSTRUCTIONS
local RESOURCES = ____declarations.RESOURCES
local TEMPLATES = ____declarations.TEMPLATES
local ____tool_list = require("claude-ide.bridge.tool_list")
local TOOL_LIST_JSON = ____tool_list.TOOL_LIST_JSON
local TOOL_NAMES = ____tool_list.TOOL_NAMES
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local ErrorCode = ____jsonrpc.ErrorCode
local decodeMessage = ____jsonrpc.decodeMessage
local errorResponse = ____jsonrpc.errorResponse
local idText = ____jsonrpc.idText
local notification = ____jsonrpc.notification
local rawResultResponse = ____jsonrpc.rawResultResponse
local relayedResponse = ____jsonrpc.relayedResponse
local request = ____jsonrpc.request
local resultResponse = ____jsonrpc.resultResponse
local ____initialize = require("claude-ide.protocol.initialize")
local PID_META = ____initialize.PID_META
local PROTOCOL_VERSIONS = ____initialize.PROTOCOL_VERSIONS
local initializeParams = ____initialize.initializeParams
local initializeResult = ____initialize.initializeResult
local serverInfo = ____initialize.serverInfo
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
local ____revision = require("claude-ide.bridge.revision")
local META_SERVER_INFO = ____revision.META_SERVER_INFO
local META_SUBSCRIPTION = ____revision.META_SUBSCRIPTION
local SUPPORTED_VERSIONS = ____revision.SUPPORTED_VERSIONS
local MODERN_VERSION = ____revision.MODERN_VERSION
local clientInfoOf = ____revision.clientInfoOf
local modernFields = ____revision.modernFields
local modernFieldsJson = ____revision.modernFieldsJson
local revisionOf = ____revision.revisionOf
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
local ____config = require("claude-ide.config")
local DEFAULTS = ____config.DEFAULTS
local registry = lazy("claude-ide.instances.registry")
local wsClient = lazy("claude-ide.transport.client")
--- The agent tools the bridge forwards (declared in tool_list.ts; their modules are loaded only in Neovim).
local FORWARDED = {}
for ____, name in ipairs(TOOL_NAMES) do
    FORWARDED[name] = true
end
--- serverInfo.title of the bridge.
local TITLE = "Neovim (claude-ide.nvim)"
--- How long tools/list and resources/list wait for the editor's user tools before listing the built-ins alone.
local EXTRAS_TIMEOUT_MS = 3000
--- The list-changed notifications, by the SubscriptionFilter field that asks for each.
local FILTER_OF = {["notifications/tools/list_changed"] = "toolsListChanged", ["notifications/resources/list_changed"] = "resourcesListChanged"}
--- The generated tools/list entries of the built-in tools the editor serves, each after a comma: all of them
-- when it did not say (no Neovim, or one of a version that does not tell), else those it names in `builtin`.
local function builtinEntries(extras)
    local ____isObject_result_0
    if isObject(extras) then
        ____isObject_result_0 = extras.builtin
    else
        ____isObject_result_0 = nil
    end
    local served = ____isObject_result_0
    if type(served) ~= "table" or not vim.islist(served) then
        return "," .. string.sub(TOOL_LIST_JSON, 2, -2)
    end
    local names = {}
    for ____, name in ipairs(served) do
        if type(name) == "string" then
            names[name] = true
        end
    end
    if __TS__ArrayEvery(
        TOOL_NAMES,
        function(____, name) return names[name] ~= nil end
    ) then
        return "," .. string.sub(TOOL_LIST_JSON, 2, -2)
    end
    local entries = __TS__ArrayFilter(
        vim.json.decode(TOOL_LIST_JSON),
        function(____, t) return names[t.name] ~= nil end
    )
    return #entries > 0 and "," .. string.sub(
        vim.json.encode(entries),
        2,
        -2
    ) or ""
end
--- The `key` list of a claude-ide/extras answer (empty when there is none).
local function listOf(extras, key)
    local ____isObject_result_1
    if isObject(extras) then
        ____isObject_result_1 = extras[key]
    else
        ____isObject_result_1 = nil
    end
    local list = ____isObject_result_1
    return type(list) == "table" and vim.islist(list) and list or ({})
end
--- The editor's answer to a 2026-07-28 request, as that revision says: a result with its resultType (and cache
-- hints); an unknown resource as -32602 naming the uri (the editor answers the legacy revisions' -32002).
local function modernAnswer(call, msg)
    if isObject(msg.result) then
        return {result = __TS__ObjectAssign(
            {},
            msg.result,
            modernFields(call.method)
        )}
    end
    local err = msg.error
    if call.uri ~= nil and isObject(err) and err.code == RESOURCE_NOT_FOUND then
        return {error = {code = ErrorCode.InvalidParams, message = err.message, data = {uri = call.uri}}}
    end
    return msg
end
____exports.Bridge = __TS__Class()
local Bridge = ____exports.Bridge
Bridge.name = "Bridge"
function Bridge.prototype.____constructor(self, opts)
    self.opts = opts
    self.nextUpId = 1
    self.modern = false
    self.initialized = false
    self.subscriptions = {}
    self.inbox = {}
    self.busy = false
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
    self.tools = __TS__New(Registry, self["local"], DEFAULTS)
    self.requests = {
        initialize = function(id, p)
            self.initialized = true
            self.client = clientInfoOf(p.clientInfo) or self.client
            local result = self:initializeResult(p.protocolVersion)
            self.revision = result.protocolVersion
            self:reply(id, result)
        end,
        ["server/discover"] = function(id) return self.opts.write(resultResponse(
            id,
            __TS__ObjectAssign(
                {},
                modernFields("server/discover"),
                {
                    supportedVersions = SUPPORTED_VERSIONS,
                    capabilities = self:capabilities(),
                    instructions = INSTRUCTIONS,
                    _meta = {[META_SERVER_INFO] = serverInfo(TITLE)},
                    serverInfo = serverInfo(TITLE)
                }
            )
        )) end,
        ping = function(id) return self:reply(
            id,
            dict()
        ) end,
        ["tools/list"] = function(id)
            local modern = self.modern
            self:withExtras(function(extras) return self.opts.write(rawResultResponse(
                id,
                self:toolList(modern, extras)
            )) end)
        end,
        ["tools/call"] = function(id, p) return self:callTool(id, p) end,
        ["resources/list"] = function(id)
            local modern = self.modern
            self:withExtras(function(extras)
                local ____self_reply_4 = self.reply
                local ____id_3 = id
                local ____array_2 = __TS__SparseArrayNew(unpack(RESOURCES))
                __TS__SparseArrayPush(
                    ____array_2,
                    unpack(listOf(extras, "resources"))
                )
                return ____self_reply_4(
                    self,
                    ____id_3,
                    {resources = {__TS__SparseArraySpread(____array_2)}},
                    modern,
                    "resources/list"
                )
            end)
        end,
        ["resources/templates/list"] = function(id) return self:reply(id, {resourceTemplates = TEMPLATES}, self.modern, "resources/templates/list") end,
        ["resources/read"] = function(id, p) return self:readResource(id, p) end,
        ["subscriptions/listen"] = function(id, p) return self:listen(id, p) end
    }
end
function Bridge.prototype.receive(self, line)
    local ____self_inbox_5 = self.inbox
    ____self_inbox_5[#____self_inbox_5 + 1] = line
    if self.busy then
        return
    end
    self.busy = true
    while #self.inbox > 0 do
        local lines = self.inbox
        self.inbox = {}
        for ____, next in ipairs(lines) do
            local ok, err = pcall(function() return self:handle(next) end)
            if not ok then
                self.opts.log("a message failed: " .. tostring(err))
            end
        end
    end
    self.busy = false
end
function Bridge.prototype.handle(self, line)
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
    local params = msg.params or ({})
    local revision = revisionOf(msg.id, msg.method, params)
    if revision.kind == "reject" then
        self.opts.write(revision.reply)
        return
    end
    self.modern = revision.kind == "modern"
    if revision.kind == "modern" then
        self.revision = MODERN_VERSION
        if revision.client ~= nil then
            self.client = revision.client
        end
    end
    local ok, err = pcall(handler, msg.id, params)
    self.modern = false
    if not ok then
        self.opts.log((msg.method .. " failed: ") .. tostring(err))
        self.opts.write(errorResponse(
            msg.id,
            ErrorCode.InternalError,
            "Internal error: " .. tostring(err)
        ))
    end
end
function Bridge.prototype.shutdown(self, reason)
    if reason == nil then
        reason = "the agent bridge exited"
    end
    local up = self.upstream
    self.upstream = nil
    if up == nil then
        return function() return true end
    end
    local client = up.client
    if client == nil then
        self:closed(up, 1001, reason)
        return function() return true end
    end
    client:close(1001, reason)
    return function() return client:isFinished() end
end
function Bridge.prototype.reply(self, id, result, modern, method)
    if modern == nil then
        modern = self.modern
    end
    if method == nil then
        method = ""
    end
    self.opts.write(resultResponse(
        id,
        modern and __TS__ObjectAssign(
            {},
            result,
            modernFields(method)
        ) or result
    ))
end
function Bridge.prototype.listen(self, id, params)
    local asked = params.notifications
    if not isObject(asked) then
        self.opts.write(errorResponse(id, ErrorCode.InvalidParams, "subscriptions/listen: \"notifications\" (a SubscriptionFilter) is required"))
        return
    end
    local sub = {id = id, tools = asked.toolsListChanged == true, resources = asked.resourcesListChanged == true}
    local granted = dict()
    if sub.tools then
        granted.toolsListChanged = true
    end
    if sub.resources then
        granted.resourcesListChanged = true
    end
    self.subscriptions[idText(id)] = sub
    self.opts.write(notification("notifications/subscriptions/acknowledged", {notifications = granted, _meta = {[META_SUBSCRIPTION] = id}}))
end
function Bridge.prototype.listChanged(self, method)
    if self.initialized then
        self.opts.write(notification(
            method,
            dict()
        ))
    end
    local field = FILTER_OF[method]
    for ____, sub in pairs(self.subscriptions) do
        if field == "toolsListChanged" and sub.tools or field == "resourcesListChanged" and sub.resources then
            self.opts.write(notification(method, {_meta = {[META_SUBSCRIPTION] = sub.id}}))
        end
    end
end
function Bridge.prototype.capabilities(self)
    return {tools = {listChanged = true}, resources = {listChanged = true}}
end
function Bridge.prototype.withExtras(self, ____then)
    if self.upstream == nil and (self.lost ~= nil or not self:choose(self:instances()).ok) then
        ____then(nil)
        return
    end
    local answered = false
    local timer = vim.uv.new_timer()
    local function finish(extras)
        if answered then
            return
        end
        answered = true
        timer:stop()
        timer:close()
        ____then(extras)
    end
    timer:start(
        EXTRAS_TIMEOUT_MS,
        0,
        function()
            self.opts.log("the editor did not list its user tools in time: listing the built-in ones")
            finish(nil)
        end
    )
    self:forward(
        nil,
        "claude-ide/extras",
        dict(),
        finish
    )
end
function Bridge.prototype.initializeResult(self, asked)
    local server = {
        capabilities = self:capabilities(),
        instructions = INSTRUCTIONS,
        title = TITLE
    }
    return initializeResult(asked, server)
end
function Bridge.prototype.upstreamClientInfo(self)
    local c = self.client
    if c == nil then
        return {name = "claude-ide-bridge", version = VERSION}
    end
    return {name = c.name, title = c.title, version = c.version or ""}
end
function Bridge.prototype.toolList(self, modern, extras)
    local ____local = vim.json.encode(self.tools:list())
    local head = modern and ("{" .. modernFieldsJson("tools/list")) .. ",\"tools\":[" or "{\"tools\":["
    local user = listOf(extras, "tools")
    local own = #user > 0 and "," .. string.sub(
        vim.json.encode(user),
        2,
        -2
    ) or ""
    return (((head .. string.sub(____local, 2, -2)) .. builtinEntries(extras)) .. own) .. "]}"
end
function Bridge.prototype.instances(self)
    return registry().list(self.opts.lockDir)
end
function Bridge.prototype.choose(self, instances)
    local port = tonumber(self.opts.env.CLAUDE_CODE_SSE_PORT or "")
    return registry().choose(instances, {explicit = self.selected or self.opts.instance, nvimSocket = self.opts.env.NVIM, ssePort = port, cwd = self.opts.cwd})
end
function Bridge.prototype.listInstances(self)
    local instances = self:instances()
    if #instances == 0 then
        return text("no running Neovim with claude-ide.nvim was found (its server writes a lock file when it starts)")
    end
    local ____opt_6 = self.upstream
    local ____temp_10 = ____opt_6 and ____opt_6.instance.id
    if ____temp_10 == nil then
        local ____opt_8 = self:choose(instances).instance
        ____temp_10 = ____opt_8 and ____opt_8.id
    end
    local current = ____temp_10
    return text(table.concat(
        registry().describe(instances, current),
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
        return fail(((("no instance \"" .. id) .. "\" (") .. valid) .. ")", Code.InstanceNotFound)
    end
    local switched = self.upstream ~= nil and self.upstream.instance.id ~= id
    if switched then
        self:shutdown(("another Neovim (" .. hit.id) .. ") was selected")
    end
    self.selected = id
    self.lost = nil
    if switched then
        self:listChanged("notifications/tools/list_changed")
    end
    return text(((((("OK: selected " .. hit.id) .. " (cwd ") .. hit.cwd) .. ", pid ") .. tostring(hit.pid)) .. ")")
end
function Bridge.prototype.failForwarded(self, downId, method, code, message, modern)
    if modern == nil then
        modern = self.modern
    end
    if method == "tools/call" then
        self:reply(
            downId,
            fail(message, code),
            modern
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
    if tool == nil and not (FORWARDED[name] ~= nil) and self.upstream == nil and not self:choose(self:instances()).ok then
        self.opts.write(errorResponse(id, ErrorCode.InvalidParams, ("unknown tool \"" .. name) .. "\""))
        return
    end
    if tool ~= nil then
        local args = (params.arguments == nil or params.arguments == vim.NIL) and dict() or params.arguments
        local problem = self.tools:check(tool, args)
        if problem ~= nil then
            self:reply(
                id,
                argumentError(name, problem)
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
    if type(params.uri) ~= "string" then
        self.opts.write(errorResponse(id, ErrorCode.InvalidParams, "resources/read: \"uri\" must be a string"))
        return
    end
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
        }}},
        self.modern,
        "resources/read"
    )
end
function Bridge.prototype.forward(self, downId, method, params, onAnswer)
    if onAnswer == nil and self.lost ~= nil then
        local lost = self.lost
        self.lost = nil
        local next = self:choose(self:instances())
        local ____then = next.ok and ((("the next call goes to " .. next.instance.id) .. " (") .. next.rule) .. ")" or next.reason .. ": call list_instances and select_instance"
        self:failForwarded(downId, method, Code.ConnectionLost, ((("the connection to Neovim " .. lost) .. " was lost (it exited or stopped its server); ") .. ____then) .. ". Earlier editor_state tokens and buffer numbers are no longer valid.")
        return
    end
    local up = self.upstream or self:connect(downId, method, onAnswer)
    if up == nil then
        return
    end
    local ____self_13, ____nextUpId_14 = self, "nextUpId"
    local ____self_nextUpId_15 = ____self_13[____nextUpId_14]
    ____self_13[____nextUpId_14] = ____self_nextUpId_15 + 1
    local upId = ____self_nextUpId_15
    local uri = method == "resources/read" and type(params.uri) == "string" and params.uri or nil
    up.pending[upId] = {
        downId = downId or 0,
        method = method,
        modern = self.modern,
        uri = uri,
        onAnswer = onAnswer
    }
    if downId ~= nil then
        up.byDown[idText(downId)] = upId
    end
    local message = request(upId, method, params)
    if up.client ~= nil then
        up.client:send(message)
    else
        local ____up_queue_16 = up.queue
        ____up_queue_16[#____up_queue_16 + 1] = message
    end
end
function Bridge.prototype.connect(self, downId, method, onAnswer)
    local instances = self:instances()
    local choice = self:choose(instances)
    if not choice.ok then
        if onAnswer ~= nil or downId == nil then
            if onAnswer ~= nil then
                onAnswer(nil)
            end
            return nil
        end
        local listing = #instances > 0 and ("\nRunning instances:\n" .. table.concat(
            registry().describe(instances),
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
        request(
            0,
            "initialize",
            __TS__ObjectAssign(
                {},
                initializeParams("claude-ide-bridge"),
                {
                    clientInfo = self:upstreamClientInfo(),
                    _meta = {
                        [PID_META] = vim.fn.getpid(),
                        ["claude-ide/clientRevision"] = self.revision or PROTOCOL_VERSIONS[1]
                    }
                }
            )
        ),
        notification(
            "notifications/initialized",
            dict()
        )
    )
    wsClient().WsClient:connect(
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
        end,
        "agent"
    )
    return up
end
function Bridge.prototype.fromEditor(self, up, text)
    local msg = decodeMessage(text)
    if msg.kind == "notification" then
        local method = msg.method
        local relayed = method == "notifications/tools/list_changed" or method == "notifications/resources/list_changed"
        if relayed and self.upstream == up then
            self:listChanged(method)
        end
        return
    end
    if msg.kind ~= "response" or type(msg.id) ~= "number" or msg.id == 0 then
        return
    end
    local call = up.pending[msg.id]
    if call == nil then
        return
    end
    up.pending[msg.id] = nil
    if call.onAnswer ~= nil then
        call.onAnswer(isObject(msg.result) and msg.result or nil)
        return
    end
    up.byDown[idText(call.downId)] = nil
    self.opts.write(relayedResponse(
        call.downId,
        call.modern and modernAnswer(call, msg) or msg
    ))
end
function Bridge.prototype.closed(self, up, code, reason)
    if up.ended then
        return
    end
    up.ended = true
    local current = self.upstream == up
    if current then
        self.upstream = nil
    end
    self.opts.log(((((("connection to Neovim " .. up.instance.id) .. " ended (") .. tostring(code)) .. " ") .. reason) .. ")")
    local message = ((("the connection to Neovim " .. up.instance.id) .. " was lost while this call was running (") .. (reason ~= "" and reason or "close code " .. tostring(code))) .. "); the next call chooses a Neovim again"
    local waiting = up.pending
    up.pending = {}
    up.byDown = {}
    up.queue = {}
    local failed = 0
    for ____, call in pairs(waiting) do
        do
            if call.onAnswer ~= nil then
                call.onAnswer(nil)
                goto __continue123
            end
            self:failForwarded(
                call.downId,
                call.method,
                Code.ConnectionLost,
                message,
                call.modern
            )
            failed = failed + 1
        end
        ::__continue123::
    end
    if not current then
        return
    end
    if self.selected == up.instance.id then
        self.selected = nil
    end
    if failed == 0 then
        self.lost = up.instance.id
    end
end
function Bridge.prototype.cancel(self, params)
    if not isObject(params) then
        return
    end
    local requestId = params.requestId
    if type(requestId) ~= "string" and type(requestId) ~= "number" then
        return
    end
    local key = idText(requestId)
    if self.subscriptions[key] ~= nil then
        self.subscriptions[key] = nil
        return
    end
    local up = self.upstream
    if up == nil then
        return
    end
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
        local ____up_queue_19 = up.queue
        ____up_queue_19[#____up_queue_19 + 1] = text
    end
end
return ____exports
