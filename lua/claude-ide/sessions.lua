-- Generated from src/claude-ide/sessions.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__New = ____lualib.__TS__New
local __TS__ArrayFindIndex = ____lualib.__TS__ArrayFindIndex
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local ____exports = {}
local ____terminal = require("claude-ide.editor.terminal")
local ClaudeTerminal = ____terminal.ClaudeTerminal
local ____log = require("claude-ide.log")
local say = ____log.say
local ____process = require("claude-ide.util.process")
local parentPid = ____process.parentPid
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
--- Loaded when a terminal starts with agent.in_terminal on (it lists the agent tools).
local cliConfig = lazy("claude-ide.bridge.cli_config")
local hookSettings = lazy("claude-ide.hooks.settings")
local configFile = lazy("claude-ide.bridge.config_file")
--- What a CLI :ClaudeCode starts gets besides its command: Claude Code the agent endpoint (agent.in_terminal),
-- the hooks (hooks.enabled) and terminal.permission_mode on its command line; Gemini CLI and Qwen Code the
-- hooks through a system-defaults settings file named in their environment.
local function cliSetup(config, cli)
    if cli == "claude" then
        local made = cliConfig().cliArguments({agent = config.agent.in_terminal, hooks = config.hooks.enabled, permissionMode = config.terminal.permission_mode})
        return made.ok and ({ok = true, args = made.args, env = {}}) or made
    end
    if not config.hooks.enabled then
        return {ok = true, args = "", env = {}}
    end
    local made = hookSettings().systemDefaultsEnv(
        cli,
        configFile().configDir()
    )
    if not made.ok then
        return made
    end
    configFile().removeOnExit({made.path}, "claude-ide.hooks-" .. cli)
    return {ok = true, args = "", env = made.env}
end
--- How far up the process tree a CLI may sit below its terminal's process (shell → wrapper → claude).
local MAX_DEPTH = 16
--- Ids of sessions without a terminal start here, so that they never collide with terminal sessions.
local EXTERNAL_BASE = 1000
____exports.Sessions = __TS__Class()
local Sessions = ____exports.Sessions
Sessions.name = "Sessions"
function Sessions.prototype.____constructor(self, link)
    self.link = link
    self.terms = {}
    self.nextId = 1
    self.owners = {}
end
function Sessions.prototype.refresh(self)
    local clients = self:clients()
    for id in pairs(self.owners) do
        if not __TS__ArraySome(
            clients,
            function(____, c) return c.id == id end
        ) then
            self.owners[id] = nil
        end
    end
    for ____, c in ipairs(clients) do
        self:ownerOf(c)
    end
end
function Sessions.prototype.list(self)
    local current = self:current()
    local diff = self.link.diff()
    local hub = self.link.hub()
    local function pendingOf(ids)
        return #ids == 0 and 0 or (diff and diff.pendingFor(function(client) return client ~= nil and __TS__ArrayIncludes(
            ids,
            hub and hub.ownerOf(client) or client
        ) end) or 0)
    end
    local clients = self:clients()
    local out = __TS__ArrayMap(
        self:running(),
        function(____, t)
            local mine = __TS__ArrayFilter(
                clients,
                function(____, c) return self:ownerOf(c) == t.id or self:ownerOf(c) == nil and self:isSoleTerminal(t) end
            )
            local ____t_id_8 = t.id
            local ____t_name_9 = t.name
            local ____t_cwd_10 = t.cwd
            local ____temp_11 = #mine > 0
            local ____opt_4 = __TS__ArrayFind(
                mine,
                function(____, c) return c.roots ~= nil end
            )
            local ____temp_12 = ____opt_4 and ____opt_4.roots or ({})
            local ____opt_6 = __TS__ArrayFind(
                mine,
                function(____, c) return c.pid ~= nil end
            )
            return {
                id = ____t_id_8,
                name = ____t_name_9,
                cwd = ____t_cwd_10,
                terminal = true,
                connected = ____temp_11,
                roots = ____temp_12,
                pid = ____opt_6 and ____opt_6.pid,
                pending = pendingOf(__TS__ArrayMap(
                    mine,
                    function(____, c) return c.id end
                )),
                current = current == t,
                buf = t.terminal:buffer()
            }
        end
    )
    for ____, c in ipairs(clients) do
        do
            if self:ownerOf(c) ~= 0 then
                goto __continue21
            end
            local ____temp_15 = EXTERNAL_BASE + c.id
            local ____temp_16 = self:externalName(c)
            local ____opt_13 = c.roots
            out[#out + 1] = {
                id = ____temp_15,
                name = ____temp_16,
                cwd = ____opt_13 and ____opt_13[1] or "",
                roots = c.roots or ({}),
                terminal = false,
                connected = true,
                pid = c.pid,
                pending = pendingOf({c.id}),
                current = false
            }
        end
        ::__continue21::
    end
    return out
end
function Sessions.prototype.toggle(self, config, args)
    local port = self.link.port()
    if port == nil then
        return
    end
    local t = self:current() or self:create()
    t.terminal:toggle(config, port, args)
    self:afterStart(t)
end
function Sessions.prototype.focus(self, config, args)
    local port = self.link.port()
    if port == nil then
        return
    end
    local t = self:current() or self:create()
    t.terminal:focus(
        config,
        port,
        args,
        self:claudeWindow(t)
    )
    self:afterStart(t)
end
function Sessions.prototype.create(self, config, args)
    if args == nil then
        args = ""
    end
    local ____self_17, ____nextId_18 = self, "nextId"
    local ____self_nextId_19 = ____self_17[____nextId_18]
    ____self_17[____nextId_18] = ____self_nextId_19 + 1
    local id = ____self_nextId_19
    local name = id == 1 and "claude" or "claude " .. tostring(id)
    local t = {
        id = id,
        name = name,
        cwd = vim.fn.getcwd(),
        terminal = __TS__New(
            ClaudeTerminal,
            {
                onGone = function() return self:ended(id) end,
                cliSetup = function(c, cli) return cliSetup(c, cli) end
            },
            name
        ),
        recipients = function() return self:recipientsOf(id) end
    }
    local ____self_terms_20 = self.terms
    ____self_terms_20[#____self_terms_20 + 1] = t
    self:watchFocus()
    local port = self.link.port()
    if config ~= nil and port ~= nil then
        t.terminal:focus(
            config,
            port,
            args,
            self:claudeWindow(t)
        )
        self:afterStart(t)
    end
    return t
end
function Sessions.prototype.switchTo(self, config, id)
    local t = __TS__ArrayFind(
        self:running(),
        function(____, s) return s.id == id end
    )
    local port = self.link.port()
    if t == nil or port == nil then
        return false
    end
    t.terminal:focus(
        config,
        port,
        "",
        self:claudeWindow(t)
    )
    self.lastFocused = t.id
    return true
end
function Sessions.prototype.mentionRecipients(self)
    local ____opt_21 = self:current()
    return ____opt_21 and ____opt_21.recipients
end
function Sessions.prototype.currentName(self)
    local ____opt_23 = self:current()
    return ____opt_23 and ____opt_23.name
end
function Sessions.prototype.describe(self, clientId)
    local client = __TS__ArrayFind(
        self:clients(),
        function(____, c) return c.id == clientId end
    )
    if client == nil then
        return nil
    end
    local owner = self:ownerOf(client)
    local ____temp_25
    if owner == nil then
        ____temp_25 = nil
    else
        ____temp_25 = __TS__ArrayFind(
            self:running(),
            function(____, s) return s.id == owner end
        )
    end
    local t = ____temp_25
    return t and t.name or self:externalName(client)
end
function Sessions.prototype.terminalOf(self, clientId)
    local ____opt_28 = self.link.hub()
    local owner = ____opt_28 and ____opt_28.ownerOf(clientId) or clientId
    local client = __TS__ArrayFind(
        self:clients(),
        function(____, c) return c.id == owner end
    )
    if client == nil then
        return nil
    end
    local id = self:ownerOf(client)
    local t = __TS__ArrayFind(
        self:running(),
        function(____, s) return s.id == id or id == nil and self:isSoleTerminal(s) end
    )
    return t and t.terminal:buffer()
end
function Sessions.prototype.externalName(self, c)
    return c.pid ~= nil and ("claude (pid " .. tostring(c.pid)) .. ")" or ((c.name or "client") .. " #") .. tostring(c.id)
end
function Sessions.prototype.running(self)
    return __TS__ArrayFilter(
        self.terms,
        function(____, t) return t.terminal:isRunning() end
    )
end
function Sessions.prototype.isSoleTerminal(self, t)
    local running = self:running()
    return #running == 1 and running[1] == t
end
function Sessions.prototype.current(self)
    local running = self:running()
    local buf = vim.api.nvim_get_current_buf()
    return __TS__ArrayFind(
        running,
        function(____, t) return t.terminal:buffer() == buf end
    ) or __TS__ArrayFind(
        running,
        function(____, t) return t.id == self.lastFocused end
    ) or running[#running]
end
function Sessions.prototype.clients(self)
    local ____opt_32 = self.link.hub()
    return ____opt_32 and ____opt_32.clients() or ({})
end
function Sessions.prototype.ownerOf(self, c)
    local known = self.owners[c.id]
    if known ~= nil then
        return known
    end
    if c.pid == nil then
        return nil
    end
    local byPid = {}
    for ____, t in ipairs(self:running()) do
        local pid = t.terminal:processId()
        if pid ~= nil then
            byPid[pid] = t.id
        end
    end
    local owner = 0
    local pid = c.pid
    do
        local depth = 0
        while pid ~= nil and depth < MAX_DEPTH do
            local t = byPid[pid]
            if t ~= nil then
                owner = t
                break
            end
            pid = parentPid(pid)
            depth = depth + 1
        end
    end
    self.owners[c.id] = owner
    return owner
end
function Sessions.prototype.recipientsOf(self, id)
    local t = __TS__ArrayFind(
        self:running(),
        function(____, s) return s.id == id end
    )
    if t == nil then
        return {}
    end
    return __TS__ArrayMap(
        __TS__ArrayFilter(
            self:clients(),
            function(____, c) return self:ownerOf(c) == id or self:ownerOf(c) == nil and self:isSoleTerminal(t) end
        ),
        function(____, c) return c.id end
    )
end
function Sessions.prototype.afterStart(self, t)
    if not t.terminal:isRunning() then
        self:drop(t.id)
        return
    end
    self.lastFocused = t.id
end
function Sessions.prototype.ended(self, id)
    local mine = {}
    for client, owner in pairs(self.owners) do
        if owner == id then
            mine[#mine + 1] = client
        end
    end
    if #__TS__ArrayFilter(
        self.terms,
        function(____, t) return t.id ~= id and t.terminal:isRunning() end
    ) == 0 then
        for ____, c in ipairs(self:clients()) do
            if c.pid == nil then
                mine[#mine + 1] = c.id
            end
        end
    end
    local ____temp_36
    if #mine > 0 then
        local ____opt_34 = self.link.diff()
        ____temp_36 = ____opt_34 and ____opt_34.rejectFor(mine) or 0
    else
        ____temp_36 = 0
    end
    local rejected = ____temp_36
    local t = __TS__ArrayFind(
        self.terms,
        function(____, s) return s.id == id end
    )
    if rejected > 0 and t ~= nil then
        say(
            ((t.name .. " closed: ") .. tostring(rejected)) .. " pending diff review(s) rejected",
            "warn"
        )
    end
    self:drop(id)
end
function Sessions.prototype.drop(self, id)
    local i = __TS__ArrayFindIndex(
        self.terms,
        function(____, t) return t.id == id end
    )
    if i >= 0 then
        __TS__ArraySplice(self.terms, i, 1)
    end
    if self.lastFocused == id then
        self.lastFocused = nil
    end
    for client, owner in pairs(self.owners) do
        if owner == id then
            self.owners[client] = 0
        end
    end
end
function Sessions.prototype.claudeWindow(self, t)
    if #t.terminal:windows() > 0 then
        return nil
    end
    for ____, other in ipairs(self:running()) do
        do
            if other == t then
                goto __continue88
            end
            local wins = other.terminal:windows()
            if #wins > 0 then
                return wins[1]
            end
        end
        ::__continue88::
    end
    return nil
end
function Sessions.prototype.watchFocus(self)
    if self.augroup ~= nil then
        return
    end
    self.augroup = vim.api.nvim_create_augroup("claude-ide.sessions", {clear = true})
    vim.api.nvim_create_autocmd(
        "BufEnter",
        {
            group = self.augroup,
            desc = "claude-ide: remember the last focused Claude terminal (where @-mentions go)",
            callback = function()
                local buf = vim.api.nvim_get_current_buf()
                local t = __TS__ArrayFind(
                    self.terms,
                    function(____, s) return s.terminal:buffer() == buf end
                )
                if t ~= nil then
                    self.lastFocused = t.id
                end
            end
        }
    )
end
return ____exports
