-- Generated from src/claude-ide/server.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local ____exports = {}
local ____config = require("claude-ide.config")
local companionEnabled = ____config.companionEnabled
local lockfile = require("claude-ide.discovery.lockfile")
local ____cli_files = require("claude-ide.discovery.cli_files")
local hooksDir = ____cli_files.hooksDir
local sweepStaleConfigs = ____cli_files.sweepStale
local ____services = require("claude-ide.services")
local createServices = ____services.createServices
local disposeServices = ____services.disposeServices
local ____log = require("claude-ide.log")
local Logger = ____log.Logger
local ____types = require("claude-ide.transport.types")
local CloseCode = ____types.CloseCode
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
local ____websocket = require("claude-ide.transport.websocket")
local listen = ____websocket.listen
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local blockingModule = lazy("claude-ide.protocol.blocking")
local jsonrpc = lazy("claude-ide.protocol.jsonrpc")
local sessionModule = lazy("claude-ide.protocol.session")
local agentEndpoint = lazy("claude-ide.bridge.endpoint")
local toolsModule = lazy("claude-ide.tools.index")
local registryModule = lazy("claude-ide.protocol.registry")
local processModule = lazy("claude-ide.util.process")
local companionModule = lazy("claude-ide.companion")
local road = lazy("claude-ide.protocol.result")
local hooksModule = lazy("claude-ide.hooks.index")
local hooksHttp = lazy("claude-ide.hooks.http")
local httpSessions = lazy("claude-ide.protocol.http_sessions")
--- 128 bits from the OS CSPRNG, hex.
local TOKEN_BYTES = 16
--- On VimLeavePre, how long Neovim waits at most for its clients to finish the close handshake (it returns as soon
-- as they have): a reply still being written (32 MiB in spec/server_goodbye_spec.lua) needs more than 100 ms on a
-- loaded machine, and once Neovim exits the rest is lost.
local LEAVE_DRAIN_MS = 500
--- Ids of a far session's door: its WebSocket connections from base + 1, its MCP sessions (agent tools over HTTP)
-- from base + GATEWAY_IDS / 10, its hook calls from base + 2 * GATEWAY_IDS / 10; base = GATEWAY_IDS × the door's
-- number. Apart from the local listener's and the companion's, and from each other's (calls and reviews are owned
-- by ids; every session of the server is in one table).
local GATEWAY_IDS = 10000000
--- How far above an agent bridge its Claude CLI may be (claude → bridge; claude → sh → npx → bridge).
local MAX_BRIDGE_DEPTH = 8
--- A new Server (for init, which loads without TypeScript's class library and so cannot say `new`).
function ____exports.createServer(config, opts)
    if opts == nil then
        opts = {}
    end
    return __TS__New(____exports.Server, config, opts)
end
____exports.Server = __TS__Class()
local Server = ____exports.Server
Server.name = "Server"
function Server.prototype.____constructor(self, config, opts)
    if opts == nil then
        opts = {}
    end
    self.config = config
    self.opts = opts
    self.hubListeners = {}
    self.nextListenerId = 1
    self.gatewayCount = 0
    self.hub = {
        broadcast = function(method, params)
            local all = self:readySessions()
            if #all == 0 then
                return "absent"
            end
            local sessions = {}
            local farSent = false
            for ____, s in ipairs(all) do
                if s.paths == nil then
                    sessions[#sessions + 1] = s
                else
                    self:step(
                        (method .. " to far client ") .. tostring(s.id),
                        function()
                            if s:notify(method, params) then
                                farSent = true
                            end
                        end
                    )
                end
            end
            if #sessions == 0 then
                return farSent and "sent" or "unseen"
            end
            local ok, text = pcall(
                jsonrpc().notification,
                method,
                road().outgoingValue(params, "notification", self.config)
            )
            if not ok then
                self.log:error((("cannot send " .. method) .. ": ") .. tostring(text))
                return "sent"
            end
            for ____, s in ipairs(sessions) do
                s:deliver(text)
            end
            return "sent"
        end,
        sessionCount = function() return #self:readySessions() end,
        clients = function() return __TS__ArrayMap(
            self:readySessions(),
            function(____, s) return {
                id = s.id,
                pid = s.cliPid,
                name = s.clientName,
                roots = s.roots,
                door = s.door
            } end
        ) end,
        send = function(clientId, method, params)
            local session = __TS__ArrayFind(
                self:readySessions(),
                function(____, s) return s.id == clientId end
            )
            if session == nil then
                return "absent"
            end
            if session:notify(method, params) then
                return "sent"
            end
            return session:isOpen() and "unseen" or "absent"
        end,
        describe = function(clientId)
            local ____opt_0 = self.opts.describeClient
            return ____opt_0 and ____opt_0(clientId)
        end,
        ownerOf = function(clientId) return self:ownerOf(clientId) end,
        companionSessionOf = function(pids)
            local ____opt_4 = self.running
            local ____opt_2 = ____opt_4 and ____opt_4.companion
            return ____opt_2 and ____opt_2:sessionOfProcess(pids)
        end,
        terminalOf = function(clientId)
            local ____opt_6 = self.opts.terminalOf
            return ____opt_6 and ____opt_6(clientId)
        end,
        onSessionsChanged = function(listener)
            local ____self_8, ____nextListenerId_9 = self, "nextListenerId"
            local ____self_nextListenerId_10 = ____self_8[____nextListenerId_9]
            ____self_8[____nextListenerId_9] = ____self_nextListenerId_10 + 1
            local id = ____self_nextListenerId_10
            self.hubListeners[id] = listener
            return function()
                self.hubListeners[id] = nil
            end
        end
    }
    self.log = __TS__New(Logger, config.log_level)
end
function Server.prototype.start(self)
    if self.running ~= nil then
        return {ok = true, endpoint = self.running.endpoint}
    end
    local lockDir = self.opts.lockDir or lockfile.defaultDir()
    for ____, path in ipairs(lockfile.removeStale(lockDir)) do
        self.log:debug("removed stale lock file " .. path)
    end
    for ____, path in ipairs(sweepStaleConfigs()) do
        self.log:debug("removed stale MCP config " .. path)
    end
    for ____, path in ipairs(sweepStaleConfigs(hooksDir())) do
        self.log:debug("removed stale hook settings " .. path)
    end
    local sessions = {}
    local opened = self:openListener(sessions)
    if not opened.ok then
        return opened
    end
    local listener = opened.listener
    local token = opened.token
    local endpoint = {port = listener.port, token = token}
    local ok, services = pcall(createServices, self.config, self.hub)
    if not ok then
        listener:close(CloseCode.GoingAway, "server failed to start")
        return {
            ok = false,
            error = "editor services failed to start: " .. tostring(services)
        }
    end
    local folders = lockfile.workspaceFolders()
    local written = lockfile.write(lockDir, endpoint.port, token, folders)
    if not written.ok then
        pcall(disposeServices, services)
        listener:close(CloseCode.GoingAway, "server failed to start")
        return {ok = false, error = "cannot write the lock file: " .. written.error}
    end
    self.running = {
        endpoint = endpoint,
        listener = listener,
        lockPath = written.value,
        lockDir = lockDir,
        startedAt = vim.uv.now(),
        sessions = sessions,
        services = services,
        augroup = self:createAutocmds(endpoint.port),
        ancestry = {},
        folders = folders,
        toldTools = {},
        gateways = {}
    }
    if companionEnabled(self.config) then
        self:startCompanion(self.running)
    end
    self.log:info("listening on 127.0.0.1:" .. tostring(endpoint.port))
    return {ok = true, endpoint = endpoint}
end
function Server.prototype.stop(self)
    local r = self.running
    if r == nil then
        return
    end
    self.running = nil
    self:step(
        "deleting autocmds",
        function() return vim.api.nvim_del_augroup_by_id(r.augroup) end
    )
    self:step(
        "stopping the companion",
        function()
            local ____opt_11 = r.companion
            return ____opt_11 and ____opt_11:stop()
        end
    )
    self:step(
        "closing the hook channel",
        function()
            local ____opt_13 = r.channel
            return ____opt_13 and ____opt_13.dispose()
        end
    )
    self:step(
        "disposing editor services",
        function() return disposeServices(r.services) end
    )
    self:step(
        "cancelling pending calls",
        function()
            local ____opt_15 = r.blocking
            return ____opt_15 and ____opt_15:cancelAll("server stopped")
        end
    )
    self:step(
        "closing connections",
        function() return r.listener:close(CloseCode.GoingAway, "Neovim IDE server stopped") end
    )
    for ____, g in pairs(r.gateways) do
        self:step("closing a far session's listener", g.close)
    end
    self:step(
        "removing the lock file",
        function() return lockfile.remove(r.lockPath) end
    )
    for ____, s in pairs(r.sessions) do
        s.ready = false
    end
    self:notifySessionsChanged()
end
function Server.prototype.startCompanion(self, r)
    local companion = __TS__New(
        companionModule().Companion,
        {
            config = self.config,
            services = r.services,
            hub = self.hub,
            log = self.log,
            dir = self.opts.companionDir
        }
    )
    local started = companion:start()
    if not started.ok then
        self.log:warn("the Gemini CLI companion did not start: " .. started.error)
        return
    end
    r.companion = companion
    self.log:info("companion listening on 127.0.0.1:" .. tostring(started.port))
end
function Server.prototype.connectedClients(self)
    local out = {}
    local r = self.running
    if r == nil then
        return out
    end
    for ____, s in pairs(r.sessions) do
        do
            if not s:isOpen() then
                goto __continue56
            end
            local kind = s.role == "agent" and "agent tools (bridge)" or "IDE (WebSocket)"
            out[#out + 1] = {kind = kind, name = s.clientLabel or s.clientName or "unnamed client", revision = s.protocolVersion}
        end
        ::__continue56::
    end
    local ____opt_17 = r.companion
    for ____, c in ipairs(____opt_17 and ____opt_17:clients() or ({})) do
        out[#out + 1] = {kind = "companion (HTTP)", name = c.name or "unnamed client", revision = c.protocolVersion}
    end
    return out
end
function Server.prototype.companion(self)
    local ____opt_19 = self.running
    return ____opt_19 and ____opt_19.companion
end
function Server.prototype.diff(self)
    local ____opt_21 = self.running
    return ____opt_21 and ____opt_21.services.diff
end
function Server.prototype.notes(self)
    local ____opt_23 = self.running
    return ____opt_23 and ____opt_23.services.notes
end
function Server.prototype.lineNotes(self)
    local ____opt_25 = self.running
    return ____opt_25 and ____opt_25.services.lineNotes
end
function Server.prototype.policy(self)
    local ____opt_27 = self.running
    return ____opt_27 and ____opt_27.services.policy
end
function Server.prototype.status(self)
    local r = self.running
    if r == nil then
        return {running = false, clients = 0, cliPids = {}}
    end
    local cliPids = {}
    local agents = 0
    for ____, s in pairs(r.sessions) do
        if s:isOpen() and s.cliPid ~= nil then
            cliPids[#cliPids + 1] = s.cliPid
        end
        if s:isOpen() and s.role == "agent" then
            agents = agents + 1
        end
    end
    return {
        running = true,
        port = r.endpoint.port,
        lockFile = r.lockPath,
        clients = #r.listener:connections(),
        uptimeMs = vim.uv.now() - r.startedAt,
        cliPids = cliPids,
        agents = agents
    }
end
function Server.prototype.openListener(self, sessions)
    local reuse = self.opts.reuse
    if reuse ~= nil then
        local result = self:tryListen(sessions, reuse.token, reuse.port)
        if result.ok and result.listener.port == reuse.port then
            return {ok = true, listener = result.listener, token = reuse.token}
        end
        if result.ok then
            result.listener:close(CloseCode.GoingAway, "")
        end
        self.log:debug(("port " .. tostring(reuse.port)) .. " is taken: using a new port and token")
    end
    local token = lockfile.randomHex(TOKEN_BYTES)
    local result = self:tryListen(sessions, token, nil)
    return result.ok and ({ok = true, listener = result.listener, token = token}) or result
end
function Server.prototype.tryListen(self, sessions, token, port)
    local c = self.config
    local opts = {
        port = port,
        portRange = c.port_range,
        token = token,
        allowedOrigins = c.allowed_origins,
        maxMessageBytes = c.max_message_bytes,
        handshakeTimeoutMs = c.handshake_timeout_ms,
        keepalive = {intervalMs = c.keepalive.interval_ms, timeoutMs = c.keepalive.timeout_ms},
        onConnection = function(conn) return self:accept(sessions, conn) end,
        onLog = function(level, msg) return self.log:log(level, msg) end
    }
    return listen(opts)
end
function Server.prototype.openGateway(self, paths)
    local r = self.running
    if r == nil then
        return {ok = false, error = "the IDE server is not running"}
    end
    local token = lockfile.randomHex(TOKEN_BYTES)
    local c = self.config
    local doorPort = 0
    local ____self_29, ____gatewayCount_30 = self, "gatewayCount"
    local ____self_gatewayCount_31 = ____self_29[____gatewayCount_30] + 1
    ____self_29[____gatewayCount_30] = ____self_gatewayCount_31
    local base = GATEWAY_IDS * ____self_gatewayCount_31
    local mcp
    local nextHook = base + 2 * GATEWAY_IDS / 10
    local function onRequest(req, res)
        local path = string.match(req.target, "^([^?#]*)")
        if path == "/mcp" then
            if mcp == nil then
                mcp = __TS__New(
                    httpSessions().HttpSessions,
                    {
                        firstId = base + GATEWAY_IDS / 10,
                        limits = httpSessions().SESSION_LIMITS,
                        log = function(msg) return self.log:debug("far session: " .. msg) end,
                        makeSession = function(conn) return self:accept(
                            r.sessions,
                            conn,
                            paths,
                            doorPort,
                            "agent"
                        ) or error("the IDE server stopped") end
                    }
                )
            end
            mcp:onRequest(req, res)
            return
        end
        if r.blocking == nil then
            r.blocking = __TS__New(
                blockingModule().Blocking,
                function(msg, detail) return self.log:failure(msg, detail) end
            )
        end
        hooksHttp().hookRequest(
            {
                router = self:channelOf(r).router,
                hub = self.hub,
                blocking = r.blocking,
                paths = paths,
                owner = function() return self:farOwner(r, paths) end,
                nextId = function()
                    local ____nextHook_32 = nextHook
                    nextHook = ____nextHook_32 + 1
                    return ____nextHook_32
                end,
                log = function(msg) return self.log:warn("far session: " .. msg) end
            },
            req,
            res
        )
    end
    local listened = listen({
        firstId = base + 1,
        http = {
            methods = {"POST", "GET", "DELETE"},
            paths = {"/mcp"},
            prefixes = {hooksHttp().HOOKS_PREFIX},
            maxBodyBytes = c.max_message_bytes,
            onRequest = onRequest
        },
        token = token,
        allowedOrigins = c.allowed_origins,
        maxMessageBytes = c.max_message_bytes,
        handshakeTimeoutMs = c.handshake_timeout_ms,
        keepalive = {intervalMs = c.keepalive.interval_ms, timeoutMs = c.keepalive.timeout_ms},
        onConnection = function(conn) return self:accept(r.sessions, conn, paths, doorPort) end,
        onLog = function(level, msg) return self.log:log(level, "far session: " .. msg) end
    })
    if not listened.ok then
        return listened
    end
    local listener = listened.listener
    doorPort = listener.port
    local gateway = {
        port = listener.port,
        token = token,
        paths = paths,
        close = function()
            r.gateways[listener.port] = nil
            if mcp ~= nil then
                mcp:closeAll()
            end
            listener:close(CloseCode.GoingAway, "the far session ended")
        end,
        clients = function() return #listener:connections() end
    }
    r.gateways[listener.port] = gateway
    self.log:info(((("far session door on 127.0.0.1:" .. tostring(listener.port)) .. " (") .. paths:describe()) .. ")")
    return {ok = true, gateway = gateway}
end
function Server.prototype.doorRoundTrip(self, port, timeoutMs)
    local r = self.running
    local g = r and r.gateways[port]
    if r == nil or g == nil then
        return {ok = false, error = "no such door"}
    end
    local owner = self:farOwner(r, g.paths)
    local ____temp_37
    if owner ~= nil then
        ____temp_37 = r.sessions[owner]
    else
        ____temp_37 = nil
    end
    local client = ____temp_37
    if client == nil then
        return {ok = false, error = "no CLI has connected through it"}
    end
    local started = vim.uv.hrtime()
    local answer
    client:ping(function(____error)
        answer = {error = ____error}
    end)
    vim.wait(
        timeoutMs,
        function() return answer ~= nil end,
        1
    )
    if answer == nil then
        return {
            ok = false,
            error = ("no answer to a ping within " .. tostring(timeoutMs)) .. " ms"
        }
    end
    if answer.error ~= nil and answer.error ~= vim.NIL then
        return {
            ok = false,
            error = "the CLI answered the ping with an error: " .. vim.inspect(answer.error)
        }
    end
    return {
        ok = true,
        ms = (vim.uv.hrtime() - started) / 1000000
    }
end
function Server.prototype.gateways(self)
    local out = {}
    local ____opt_38 = self.running
    for ____, g in pairs(____opt_38 and ____opt_38.gateways or ({})) do
        out[#out + 1] = g
    end
    return out
end
function Server.prototype.farOwner(self, r, paths)
    for ____, s in pairs(r.sessions) do
        if s.role == "ide" and s.ready and s:isOpen() and s.paths == paths then
            return s.id
        end
    end
    return nil
end
function Server.prototype.accept(self, sessions, conn, paths, door, role)
    local r = self.running
    if r == nil or r.sessions ~= sessions then
        conn:close(CloseCode.GoingAway, "server stopped")
        return nil
    end
    local wanted = role or conn.headers["x-claude-ide-role"]
    local ____temp_50
    if wanted == "agent" then
        local ____r_40, ____agent_41 = r, "agent"
        if ____r_40[____agent_41] == nil then
            ____r_40[____agent_41] = agentEndpoint().createAgentRole(
                self.config,
                function() return r.services end,
                self.hub,
                function(method) return self:notifyAgents(r, method) end
            )
        end
        ____temp_50 = r.agent
    else
        local ____temp_49
        if wanted == "hook" then
            local ____r_43, ____hook_44 = r, "hook"
            if ____r_43[____hook_44] == nil then
                ____r_43[____hook_44] = hooksModule().hookRole(
                    self.config,
                    self:channelOf(r).router,
                    self.hub
                )
            end
            ____temp_49 = r.hook
        else
            local ____r_46, ____ide_47 = r, "ide"
            if ____r_46[____ide_47] == nil then
                ____r_46[____ide_47] = self:ideRole()
            end
            ____temp_49 = r.ide
        end
        ____temp_50 = ____temp_49
    end
    local served = ____temp_50
    if r.blocking == nil then
        r.blocking = __TS__New(
            blockingModule().Blocking,
            function(msg, detail) return self.log:failure(msg, detail) end
        )
    end
    local session = __TS__New(
        sessionModule().Session,
        conn,
        {
            role = served,
            blocking = r.blocking,
            config = self.config,
            hub = self.hub,
            services = r.services,
            log = self.log,
            paths = paths,
            door = door,
            onChange = function(s)
                if s.ready and s.role == "ide" then
                    self:toldToolsChanged(s)
                end
                if not s:isOpen() then
                    sessions[s.id] = nil
                    r.ancestry[s.id] = nil
                    r.toldTools[s.id] = nil
                end
                local ____opt_51 = self.running
                if (____opt_51 and ____opt_51.sessions) == sessions then
                    self:notifySessionsChanged()
                end
            end
        }
    )
    sessions[conn.id] = session
    self.log:debug(((("client " .. tostring(conn.id)) .. " connected (") .. (conn.headers["user-agent"] or "no user-agent")) .. ")")
    return session
end
function Server.prototype.hooks(self)
    local r = self.running
    return r ~= nil and self:channelOf(r).router or nil
end
function Server.prototype.channel(self)
    local r = self.running
    return r ~= nil and self:channelOf(r) or nil
end
function Server.prototype.channelOf(self, r)
    if r.channel == nil then
        r.channel = hooksModule().createChannel({config = self.config, services = r.services, hub = self.hub, log = self.log})
    end
    return r.channel
end
function Server.prototype.ideRole(self)
    return {
        name = "ide",
        registry = __TS__New(
            registryModule().Registry,
            self.opts.tools or toolsModule().ALL_TOOLS,
            self.config
        ),
        capabilities = {tools = {listChanged = true}},
        argumentErrorsAsResults = false
    }
end
function Server.prototype.listedTools(self)
    local ____opt_59 = self.running
    local ____opt_53 = ____opt_59 and ____opt_59.ide
    if ____opt_53 ~= nil then
        local ____opt_56 = self.running
        local ____opt_54 = ____opt_56 and ____opt_56.ide
        ____opt_53 = __TS__ArrayMap(
            ____opt_54 and ____opt_54.registry:list(),
            function(____, t) return t.name end
        )
    end
    return ____opt_53
end
function Server.prototype.toldToolsChanged(self, s)
    local r = self.running
    local before = self.opts.toolsBefore
    if r == nil or before == nil or r.toldTools[s.id] ~= nil then
        return
    end
    r.toldTools[s.id] = true
    if not vim.deep_equal(
        before,
        self:listedTools()
    ) then
        s:notify(
            "notifications/tools/list_changed",
            dict()
        )
    end
end
function Server.prototype.ownerOf(self, clientId)
    local r = self.running
    local s = r and r.sessions[clientId]
    if r == nil or s == nil or not s:isOpen() then
        return nil
    end
    if s.role == "ide" then
        return s.id
    end
    if s.paths ~= nil then
        return self:farOwner(r, s.paths)
    end
    if s.processId == nil then
        return nil
    end
    local cliByPid = {}
    for ____, other in pairs(r.sessions) do
        if other.role == "ide" and other:isOpen() and other.cliPid ~= nil then
            cliByPid[other.cliPid] = other.id
        end
    end
    local own = cliByPid[s.processId]
    if own ~= nil then
        return own
    end
    local chain = r.ancestry[s.id]
    if chain == nil then
        chain = processModule().ancestors(s.processId, MAX_BRIDGE_DEPTH)
        r.ancestry[s.id] = chain
    end
    for ____, pid in ipairs(chain) do
        local owner = cliByPid[pid]
        if owner ~= nil then
            return owner
        end
    end
    return nil
end
function Server.prototype.notifyAgents(self, r, method)
    if self.running ~= r then
        return false
    end
    for ____, s in pairs(r.sessions) do
        if s.ready and s:isOpen() and s.role == "agent" then
            s:notify(
                method,
                dict()
            )
        end
    end
    return true
end
function Server.prototype.readySessions(self)
    local ready = {}
    local r = self.running
    if r ~= nil then
        for ____, s in pairs(r.sessions) do
            if s.ready and s:isOpen() and s.role == "ide" then
                ready[#ready + 1] = s
            end
        end
    end
    return ready
end
function Server.prototype.notifySessionsChanged(self)
    for ____, listener in pairs(self.hubListeners) do
        self:step("a sessions-changed listener", listener)
    end
end
function Server.prototype.createAutocmds(self, port)
    local group = vim.api.nvim_create_augroup(
        "claude-ide.server." .. tostring(port),
        {clear = true}
    )
    vim.api.nvim_create_autocmd(
        "VimLeavePre",
        {
            group = group,
            desc = "claude-ide: answer pending calls, close clients, remove the lock file",
            callback = function()
                local r = self.running
                self:stop()
                if r ~= nil then
                    r.listener:drain(LEAVE_DRAIN_MS)
                end
            end
        }
    )
    vim.api.nvim_create_autocmd(
        {
            "DirChanged",
            "LspAttach",
            "LspDetach",
            "TabClosed",
            "WinClosed"
        },
        {
            group = group,
            desc = "claude-ide: keep the lock file's workspaceFolders current",
            callback = function() return vim.schedule(function() return self:rewriteLock() end) end
        }
    )
    return group
end
function Server.prototype.rewriteLock(self)
    local r = self.running
    if r == nil then
        return
    end
    local folders = lockfile.workspaceFolders()
    if vim.deep_equal(folders, r.folders) then
        return
    end
    local written = lockfile.write(r.lockDir, r.endpoint.port, r.endpoint.token, folders)
    if not written.ok then
        self.log:warn("could not update the lock file: " .. written.error)
    else
        r.folders = folders
    end
end
function Server.prototype.step(self, what, fn)
    local ok, err = pcall(fn)
    if not ok then
        self.log:error((what .. " failed: ") .. tostring(err))
    end
end
return ____exports
