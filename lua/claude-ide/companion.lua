-- Generated from src/claude-ide/companion.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__New = ____lualib.__TS__New
local ____exports = {}
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
local notification = ____jsonrpc.notification
local ____session = require("claude-ide.protocol.session")
local Session = ____session.Session
local ____http_sessions = require("claude-ide.protocol.http_sessions")
local HttpSessions = ____http_sessions.HttpSessions
local SESSION_LIMITS = ____http_sessions.SESSION_LIMITS
local ____companion_diff = require("claude-ide.tools.companion_diff")
local companionTools = ____companion_diff.companionTools
local ____registry = require("claude-ide.protocol.registry")
local Registry = ____registry.Registry
local ____http = require("claude-ide.transport.http")
local listenHttp = ____http.listenHttp
local ____process = require("claude-ide.util.process")
local loopbackClients = ____process.loopbackClients
local socketsOf = ____process.socketsOf
local PATH = "/mcp"
local TOKEN_BYTES = 16
--- Ids of companion sessions, apart from the WebSocket connections' (reviews are owned by these ids).
local FIRST_ID = 1000000
local ENV_NAMES = {
    "GEMINI_CLI_IDE_SERVER_PORT",
    "GEMINI_CLI_IDE_WORKSPACE_PATH",
    "GEMINI_CLI_IDE_AUTH_TOKEN",
    "GEMINI_CLI_IDE_PID",
    "QWEN_CODE_IDE_SERVER_PORT",
    "QWEN_CODE_IDE_WORKSPACE_PATH"
}
____exports.Companion = __TS__Class()
local Companion = ____exports.Companion
Companion.name = "Companion"
function Companion.prototype.____constructor(self, deps)
    self.deps = deps
    self.token = ""
    self.env = {}
    self.limits = __TS__ObjectAssign({}, SESSION_LIMITS, deps.sessionLimits)
    self.mcp = __TS__New(
        HttpSessions,
        {
            firstId = FIRST_ID,
            limits = self.limits,
            log = function(msg) return deps.log:debug("companion: " .. msg) end,
            makeSession = function(conn) return self:makeSession(conn) end,
            onStreamOpened = function()
                local ____opt_0 = self.context
                if ____opt_0 ~= nil then
                    ____opt_0:listen(true)
                end
                local ____opt_2 = self.context
                if ____opt_2 ~= nil then
                    ____opt_2:changed()
                end
            end,
            onClosed = function(closed, none)
                self.deps.services.diff.rejectFor({closed.id})
                self.blocking:cancelOwner(closed.id, "session ended")
                if none then
                    local ____opt_4 = self.context
                    if ____opt_4 ~= nil then
                        ____opt_4:listen(false)
                    end
                end
            end
        }
    )
    self.sessions = self.mcp.sessions
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
    self.mcp:closeAll()
    self.blocking:cancelAll("server stopped")
    local ____opt_6 = self.context
    if ____opt_6 ~= nil then
        ____opt_6:dispose()
    end
    self.context = nil
    if self.augroup ~= nil then
        pcall(vim.api.nvim_del_augroup_by_id, self.augroup)
    end
    self.augroup = nil
    local ____opt_8 = self.http
    if ____opt_8 ~= nil then
        ____opt_8:close()
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
    local ____opt_10 = self.http
    return ____opt_10 and ____opt_10.port
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
            local ____temp_12
            if port ~= nil then
                ____temp_12 = byPort[port]
            else
                ____temp_12 = nil
            end
            local id = ____temp_12
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
    self.mcp:onRequest(req, res)
end
function Companion.prototype.makeSession(self, s)
    return __TS__New(
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
end
return ____exports
