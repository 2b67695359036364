-- Generated from src/claude-ide/companion.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__New = ____lualib.__TS__New
local __TS__ArrayIndexOf = ____lualib.__TS__ArrayIndexOf
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local __TS__ArrayUnshift = ____lualib.__TS__ArrayUnshift
local ____exports = {}
local isObjectLike
local ____config = require("claude-ide.config")
local companionName = ____config.companionName
local discovery = require("claude-ide.discovery.gemini")
local qwenDiscovery = require("claude-ide.discovery.qwen")
local ____lockfile = require("claude-ide.discovery.lockfile")
local randomHex = ____lockfile.randomHex
local workspaceFolders = ____lockfile.workspaceFolders
local ____workspace_context = require("claude-ide.editor.workspace_context")
local WorkspaceContext = ____workspace_context.WorkspaceContext
local ____blocking = require("claude-ide.protocol.blocking")
local Blocking = ____blocking.Blocking
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local errorResponse = ____jsonrpc.errorResponse
local idText = ____jsonrpc.idText
local notification = ____jsonrpc.notification
local ____session = require("claude-ide.protocol.session")
local Session = ____session.Session
local ____companion_diff = require("claude-ide.tools.companion_diff")
local companionTools = ____companion_diff.companionTools
local ____registry = require("claude-ide.protocol.registry")
local Registry = ____registry.Registry
local ____http = require("claude-ide.transport.http")
local listenHttp = ____http.listenHttp
local ____process = require("claude-ide.util.process")
local loopbackClients = ____process.loopbackClients
local socketsOf = ____process.socketsOf
function isObjectLike(v)
    return type(v) == "table"
end
local PATH = "/mcp"
local TOKEN_BYTES = 16
--- Ids of companion sessions, apart from the WebSocket connections' (reviews are owned by these ids).
local FIRST_ID = 1000000
--- Notifications kept for a session whose event stream is not open (yet).
local MAX_QUEUED = 64
--- Client ports a session's requests came from that are remembered (its CLI's connections: sessionOfProcess).
local MAX_PEER_PORTS = 4
local SESSION_LIMITS = {max = 16, streamGraceMs = 10000, idleMs = 120000}
--- How often sessions are checked (while there are any).
local SWEEP_MS = 1000
local ENV_NAMES = {
    "GEMINI_CLI_IDE_SERVER_PORT",
    "GEMINI_CLI_IDE_WORKSPACE_PATH",
    "GEMINI_CLI_IDE_AUTH_TOKEN",
    "GEMINI_CLI_IDE_PID",
    "QWEN_CODE_IDE_SERVER_PORT",
    "QWEN_CODE_IDE_WORKSPACE_PATH"
}
--- One MCP session over HTTP: the protocol Session's Connection.
local HttpSession = __TS__Class()
HttpSession.name = "HttpSession"
function HttpSession.prototype.____constructor(self, id, sid, headers, onClosed)
    self.id = id
    self.sid = sid
    self.onClosed = onClosed
    self.handlers = {
        onMessage = function() return nil end,
        onClose = function() return nil end
    }
    self.open = true
    self.queued = {}
    self.waiting = {}
    self.lastSeen = vim.uv.now()
    self.peerPorts = {}
    self.headers = headers
end
function HttpSession.prototype.sidHeader(self)
    return {"Content-Type: application/json", "Mcp-Session-Id: " .. self.sid}
end
function HttpSession.prototype.post(self, body, message, res)
    self.lastSeen = vim.uv.now()
    local id = message.id
    local isRequest = message.method ~= nil and (type(id) == "string" or type(id) == "number")
    if not isRequest then
        self.handlers.onMessage(body)
        res:respond(202, "", {"Mcp-Session-Id: " .. self.sid})
        return
    end
    if message.method == "initialize" and isObjectLike(message.params) then
        local v = message.params.protocolVersion
        if type(v) == "string" then
            self.protocolVersion = v
        end
    end
    local key = idText(id)
    self.waiting[key] = res
    self.current = res
    self.handlers.onMessage(body)
    if self.current == nil then
        self.waiting[key] = nil
    end
    self.current = nil
end
function HttpSession.prototype.attachStream(self, stream)
    local ____opt_0 = self.stream
    if ____opt_0 ~= nil then
        ____opt_0:close()
    end
    self.stream = stream
    self.streamLostAt = nil
    self.lastSeen = vim.uv.now()
    stream.onClose = function()
        if self.stream ~= stream then
            return
        end
        self.stream = nil
        self.streamLostAt = vim.uv.now()
    end
    local queued = self.queued
    self.queued = {}
    for ____, text in ipairs(queued) do
        stream:send(text)
    end
end
function HttpSession.prototype.hasStream(self)
    local ____opt_2 = self.stream
    return (____opt_2 and ____opt_2:isOpen()) == true
end
function HttpSession.prototype.expired(self, now, limits)
    if self:hasStream() or (next(self.waiting)) ~= nil then
        return nil
    end
    if self.streamLostAt ~= nil then
        return now - self.streamLostAt >= limits.streamGraceMs and "its event stream is gone" or nil
    end
    return now - self.lastSeen >= limits.idleMs and ("no request for " .. tostring(limits.idleMs)) .. " ms" or nil
end
function HttpSession.prototype.isLive(self, now, limits)
    if self:hasStream() then
        return true
    end
    return self.streamLostAt == nil and now - self.lastSeen < limits.idleMs
end
function HttpSession.prototype.send(self, text)
    if not self.open then
        return
    end
    if vim.startswith(text, "{\"jsonrpc\":\"2.0\",\"id\":") then
        for key, res in pairs(self.waiting) do
            if vim.startswith(text, ("{\"jsonrpc\":\"2.0\",\"id\":" .. key) .. ",") then
                self.waiting[key] = nil
                res:respond(
                    200,
                    text,
                    self:sidHeader()
                )
                return
            end
        end
        local res = self.current
        if res ~= nil then
            self.current = nil
            res:respond(
                200,
                text,
                self:sidHeader()
            )
            return
        end
    end
    local ____opt_4 = self.stream
    if (____opt_4 and ____opt_4:isOpen()) == true then
        self.stream:send(text)
    elseif #self.queued < MAX_QUEUED then
        local ____self_queued_6 = self.queued
        ____self_queued_6[#____self_queued_6 + 1] = text
    end
end
function HttpSession.prototype.close(self)
    if not self.open then
        return
    end
    self.open = false
    local ____opt_7 = self.stream
    if ____opt_7 ~= nil then
        ____opt_7:close()
    end
    self.stream = nil
    for ____, res in pairs(self.waiting) do
        res:respond(404, "", {})
    end
    self.handlers.onClose(1000, "session ended")
    self.onClosed(self)
end
function HttpSession.prototype.isOpen(self)
    return self.open
end
--- An HTTP-level JSON-RPC error; `id`: the request's, when it was readable (else the answer's id is null).
local function jsonError(res, status, code, message, id)
    local readable = (type(id) == "string" or type(id) == "number") and id or nil
    res:respond(
        status,
        errorResponse(readable, code, message),
        {"Content-Type: application/json"}
    )
end
____exports.Companion = __TS__Class()
local Companion = ____exports.Companion
Companion.name = "Companion"
function Companion.prototype.____constructor(self, deps)
    self.deps = deps
    self.token = ""
    self.sessions = {}
    self.nextId = FIRST_ID
    self.env = {}
    self.limits = __TS__ObjectAssign({}, SESSION_LIMITS, deps.sessionLimits)
    self.blocking = __TS__New(
        Blocking,
        function(msg, detail) return deps.log:failure(msg, detail) end
    )
    self.registry = __TS__New(
        Registry,
        companionTools({
            notify = function(clientId, method, params) return self:notify(clientId, method, params) end,
            label = function() return companionName(deps.config) end,
            services = function() return deps.services end,
            knowsProcesses = function() return self:knowsProcesses() end,
            tell = function(msg) return deps.log:warn(msg) end,
            alive = function(clientId)
                for ____, s in pairs(self.sessions) do
                    if s.id == clientId then
                        return true
                    end
                end
                return false
            end
        }),
        deps.config
    )
end
function Companion.prototype.start(self)
    local dir = self.deps.dir or discovery.defaultDir()
    for ____, path in ipairs(discovery.sweep(dir)) do
        self.deps.log:debug("removed stale discovery file " .. path)
    end
    for ____, path in ipairs(qwenDiscovery.sweep(qwenDiscovery.defaultDir())) do
        self.deps.log:debug("removed stale Qwen Code lock " .. path)
    end
    self.token = randomHex(TOKEN_BYTES)
    local listened = listenHttp({
        path = PATH,
        methods = {"POST", "GET", "DELETE"},
        token = self.token,
        allowedOrigins = self.deps.config.allowed_origins,
        maxBodyBytes = self.deps.config.max_message_bytes,
        headerTimeoutMs = self.deps.config.handshake_timeout_ms,
        onRequest = function(req, res) return self:onRequest(req, res) end,
        log = function(level, msg) return self.deps.log:log(level, "companion: " .. msg) end
    })
    if not listened.ok then
        return listened
    end
    self.http = listened.server
    local port = listened.server.port
    local written = self:writeDiscovery(dir)
    if not written.ok then
        self.http:close()
        self.http = nil
        return written
    end
    self.augroup = vim.api.nvim_create_augroup(
        "claude-ide.companion." .. tostring(port),
        {clear = true}
    )
    vim.api.nvim_create_autocmd(
        "DirChanged",
        {
            group = self.augroup,
            desc = "claude-ide: keep the companion's workspace path current",
            callback = function() return vim.schedule(function() return self:writeDiscovery(dir) end) end
        }
    )
    self.context = __TS__New(
        WorkspaceContext,
        "claude-ide.companion.context." .. tostring(port),
        self.deps.config.companion.debounce_ms,
        function(state) return self:broadcast("ide/contextUpdate", {workspaceState = state}) end,
        function(path) return self.deps.services.policy:withheld(path) ~= nil end
    )
    return {ok = true, port = port}
end
function Companion.prototype.writeDiscovery(self, dir)
    local http = self.http
    if http == nil then
        return {ok = true}
    end
    local folders = workspaceFolders()
    local written = discovery.write(dir, http.port, self.token, folders)
    if not written.ok then
        return {ok = false, error = "cannot write the companion discovery file: " .. written.error}
    end
    if written.value.path ~= self.file and self.file ~= nil then
        discovery.remove(self.file)
    end
    if written.value.warning ~= nil and written.value.warning ~= self.warning then
        self.deps.log:warn(written.value.warning)
    end
    self.warning = written.value.warning
    self.file = written.value.path
    local qwen = qwenDiscovery.write(
        qwenDiscovery.defaultDir(),
        http.port,
        self.token,
        folders
    )
    if qwen.ok then
        self.qwenFile = qwen.value
    else
        self.deps.log:warn("Qwen Code will not find this Neovim: " .. qwen.error)
    end
    self.env = {
        GEMINI_CLI_IDE_SERVER_PORT = tostring(http.port),
        GEMINI_CLI_IDE_WORKSPACE_PATH = table.concat(folders, ":"),
        GEMINI_CLI_IDE_AUTH_TOKEN = self.token,
        GEMINI_CLI_IDE_PID = tostring(vim.fn.getpid()),
        QWEN_CODE_IDE_SERVER_PORT = tostring(http.port),
        QWEN_CODE_IDE_WORKSPACE_PATH = table.concat(folders, ":")
    }
    for k, v in pairs(self.env) do
        vim.env[k] = v
    end
    return {ok = true}
end
function Companion.prototype.stop(self)
    local all = {}
    for ____, s in pairs(self.sessions) do
        all[#all + 1] = s
    end
    for ____, s in ipairs(all) do
        s:close()
    end
    self:stopSweeping()
    self.blocking:cancelAll("server stopped")
    local ____opt_9 = self.context
    if ____opt_9 ~= nil then
        ____opt_9:dispose()
    end
    self.context = nil
    if self.augroup ~= nil then
        pcall(vim.api.nvim_del_augroup_by_id, self.augroup)
    end
    self.augroup = nil
    local ____opt_11 = self.http
    if ____opt_11 ~= nil then
        ____opt_11:close()
    end
    self.http = nil
    if self.file ~= nil then
        discovery.remove(self.file)
    end
    self.file = nil
    if self.qwenFile ~= nil then
        discovery.remove(self.qwenFile)
    end
    self.qwenFile = nil
    for ____, name in ipairs(ENV_NAMES) do
        if vim.env[name] == self.env[name] then
            vim.env[name] = nil
        end
    end
    self.env = {}
end
function Companion.prototype.port(self)
    local ____opt_13 = self.http
    return ____opt_13 and ____opt_13.port
end
function Companion.prototype.discoveryFile(self)
    return self.file
end
function Companion.prototype.discoveryWarning(self)
    return self.warning
end
function Companion.prototype.clients(self)
    local out = {}
    local now = vim.uv.now()
    for ____, s in pairs(self.sessions) do
        if s:isLive(now, self.limits) then
            out[#out + 1] = {
                id = s.id,
                name = companionName(self.deps.config),
                protocolVersion = s.protocolVersion,
                ready = s.session.ready
            }
        end
    end
    table.sort(
        out,
        function(a, b) return a.id < b.id end
    )
    return out
end
function Companion.prototype.sessionOfProcess(self, pids)
    local http = self.http
    if http == nil or (next(self.sessions)) == nil then
        return nil
    end
    local clients = loopbackClients(http.port)
    if clients == false then
        return nil
    end
    local byPort = {}
    for ____, s in pairs(self.sessions) do
        for ____, port in ipairs(s.peerPorts) do
            byPort[port] = s.id
        end
        if s.streamPort ~= nil and s:hasStream() then
            byPort[s.streamPort] = s.id
        end
    end
    for ____, pid in ipairs(pids) do
        for ____, inode in ipairs(socketsOf(pid)) do
            local port = clients[inode]
            local ____temp_15
            if port ~= nil then
                ____temp_15 = byPort[port]
            else
                ____temp_15 = nil
            end
            local id = ____temp_15
            if id ~= nil then
                return id
            end
        end
    end
    return nil
end
function Companion.prototype.knowsProcesses(self)
    local st = vim.uv.fs_stat("/proc/net/tcp")
    return st ~= nil
end
function Companion.prototype.sawPort(self, s, port)
    if port == nil then
        return
    end
    for ____, other in pairs(self.sessions) do
        local at = __TS__ArrayIndexOf(other.peerPorts, port)
        if at >= 0 then
            __TS__ArraySplice(other.peerPorts, at, 1)
        end
    end
    __TS__ArrayUnshift(s.peerPorts, port)
    if #s.peerPorts > MAX_PEER_PORTS then
        table.remove(s.peerPorts)
    end
end
function Companion.prototype.sweep(self)
    local now = vim.uv.now()
    local ended = {}
    for ____, s in pairs(self.sessions) do
        local why = s:expired(now, self.limits)
        if why ~= nil then
            ended[#ended + 1] = {s, why}
        end
    end
    for ____, ____value in ipairs(ended) do
        local s = ____value[1]
        local why = ____value[2]
        self.deps.log:debug((("companion: session " .. tostring(s.id)) .. " ended: ") .. why)
        s:close()
    end
end
function Companion.prototype.startSweeping(self)
    if self.sweeper ~= nil then
        return
    end
    local timer = vim.uv.new_timer()
    timer:start(
        SWEEP_MS,
        SWEEP_MS,
        function() return vim.schedule(function() return self:sweep() end) end
    )
    self.sweeper = timer
end
function Companion.prototype.stopSweeping(self)
    if self.sweeper == nil then
        return
    end
    if not self.sweeper:is_closing() then
        self.sweeper:close()
    end
    self.sweeper = nil
end
function Companion.prototype.makeRoom(self)
    local count = 0
    local oldest
    for ____, s in pairs(self.sessions) do
        count = count + 1
        if not s:hasStream() and (oldest == nil or s.lastSeen < oldest.lastSeen) then
            oldest = s
        end
    end
    if count < self.limits.max then
        return true
    end
    if oldest == nil then
        return false
    end
    self.deps.log:debug(((("companion: session " .. tostring(oldest.id)) .. " ended: more than ") .. tostring(self.limits.max)) .. " sessions")
    oldest:close()
    return true
end
function Companion.prototype.notify(self, clientId, method, params)
    for ____, s in pairs(self.sessions) do
        if s.id == clientId then
            s:send(notification(method, params))
        end
    end
end
function Companion.prototype.broadcast(self, method, params)
    local text = notification(method, params)
    for ____, s in pairs(self.sessions) do
        if s.session.ready then
            s:send(text)
        end
    end
end
function Companion.prototype.onRequest(self, req, res)
    local sid = req.headers["mcp-session-id"]
    local ____temp_16
    if sid ~= nil then
        ____temp_16 = self.sessions[sid]
    else
        ____temp_16 = nil
    end
    local session = ____temp_16
    if req.method == "GET" then
        if sid ~= nil and session == nil then
            return jsonError(res, 404, -32001, "Session not found")
        end
        if session == nil then
            return jsonError(res, 400, -32000, "Bad Request: no session id")
        end
        if not (string.find(req.headers.accept or "", "text/event-stream", 1, true)) then
            return jsonError(res, 406, -32000, "Not Acceptable: the client must accept text/event-stream")
        end
        session.streamPort = req.peerPort
        session:attachStream(res:stream({"Mcp-Session-Id: " .. session.sid}))
        local ____opt_17 = self.context
        if ____opt_17 ~= nil then
            ____opt_17:listen(true)
        end
        local ____opt_19 = self.context
        if ____opt_19 ~= nil then
            ____opt_19:changed()
        end
        return
    end
    if req.method == "DELETE" then
        if sid ~= nil and session == nil then
            return jsonError(res, 404, -32001, "Session not found")
        end
        if session == nil then
            return jsonError(res, 400, -32000, "Bad Request: no session id")
        end
        session:close()
        res:respond(200, "", {})
        return
    end
    local ok, message = pcall(vim.json.decode, req.body, {luanil = {object = true, array = true}})
    if not ok then
        return jsonError(res, 400, -32700, "Parse error: the body is not JSON")
    end
    if type(message) ~= "table" or vim.islist(message) then
        return jsonError(res, 400, -32600, "Invalid Request: one JSON-RPC message object expected (no batches)")
    end
    local msg = message
    if sid ~= nil and session == nil then
        return jsonError(
            res,
            404,
            -32001,
            "Session not found",
            msg.id
        )
    end
    if session ~= nil then
        self:sawPort(session, req.peerPort)
        session:post(req.body, msg, res)
        return
    end
    if msg.method ~= "initialize" then
        return jsonError(
            res,
            400,
            -32000,
            "Bad Request: no session id",
            msg.id
        )
    end
    if not self:makeRoom() then
        return jsonError(
            res,
            503,
            -32000,
            ("Service Unavailable: " .. tostring(self.limits.max)) .. " sessions are open",
            msg.id
        )
    end
    local created = self:newSession(req)
    self:sawPort(created, req.peerPort)
    created:post(req.body, msg, res)
end
function Companion.prototype.newSession(self, req)
    local ____self_21, ____nextId_22 = self, "nextId"
    local ____self_nextId_23 = ____self_21[____nextId_22]
    ____self_21[____nextId_22] = ____self_nextId_23 + 1
    local id = ____self_nextId_23
    local s = __TS__New(
        HttpSession,
        id,
        randomHex(16),
        req.headers,
        function(closed)
            self.sessions[closed.sid] = nil
            self.deps.services.diff.rejectFor({closed.id})
            self.blocking:cancelOwner(closed.id, "session ended")
            if (next(self.sessions)) == nil then
                local ____opt_24 = self.context
                if ____opt_24 ~= nil then
                    ____opt_24:listen(false)
                end
                self:stopSweeping()
            end
        end
    )
    s.session = __TS__New(
        Session,
        s,
        {
            role = {name = "companion", registry = self.registry, capabilities = {tools = {listChanged = false}}, argumentErrorsAsResults = false},
            blocking = self.blocking,
            config = self.deps.config,
            hub = self.deps.hub,
            services = self.deps.services,
            log = self.deps.log,
            onChange = function() return nil end
        }
    )
    self.sessions[s.sid] = s
    self:startSweeping()
    return s
end
return ____exports
