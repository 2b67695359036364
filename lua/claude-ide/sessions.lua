-- Generated from src/claude-ide/sessions.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__Class = ____lualib.__TS__Class
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ArrayFindIndex = ____lualib.__TS__ArrayFindIndex
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local ____exports = {}
local editorEnv, hooksSetup, cliConfig, hookSettings, configFile
local ____terminal = require("claude-ide.editor.terminal")
local ClaudeTerminal = ____terminal.ClaudeTerminal
local ____permission_mode = require("claude-ide.util.permission_mode")
local modeArguments = ____permission_mode.modeArguments
local ____log = require("claude-ide.log")
local say = ____log.say
local ____process = require("claude-ide.util.process")
local parentPid = ____process.parentPid
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
local warmModules = ____modules.warmModules
local ____client_name = require("claude-ide.util.client_name")
local clientLabel = ____client_name.clientLabel
local commandClient = ____client_name.commandClient
function editorEnv(config, cli)
    if config.terminal.editor == false then
        return {}
    end
    local words = {
        vim.v.progpath,
        "-l",
        hookSettings().hookScript(),
        cli,
        "editor",
        "--instance",
        tostring(vim.fn.getpid())
    }
    for ____, w in ipairs(words) do
        if (string.find(w, "%s")) ~= nil then
            return {}
        end
    end
    local command = table.concat(words, " ")
    local user = config.terminal.env
    local own = user.VISUAL or vim.env.VISUAL or user.EDITOR or vim.env.EDITOR
    local env = {VISUAL = command, EDITOR = command}
    if own ~= nil and own ~= "" and own ~= command then
        env.CLAUDE_IDE_EDITOR_FALLBACK = own
    end
    return env
end
function hooksSetup(config, cli)
    if cli == "claude" then
        local made = cliConfig().cliArguments({agent = config.agent.in_terminal, hooks = config.hooks.enabled})
        return made.ok and ({ok = true, args = made.args, env = {}}) or made
    end
    if not config.hooks.enabled then
        return {ok = true, args = "", env = {}}
    end
    if cli == "codex" then
        return {
            ok = true,
            args = hookSettings().codexArguments(),
            env = {}
        }
    end
    local made = hookSettings().systemDefaultsEnv(
        cli,
        hookSettings().settingsDir()
    )
    if not made.ok then
        return made
    end
    configFile().removeOnExit({made.path}, "claude-ide.hooks-" .. cli)
    return {ok = true, args = "", env = made.env}
end
cliConfig = lazy("claude-ide.bridge.cli_config")
hookSettings = lazy("claude-ide.hooks.settings")
configFile = lazy("claude-ide.discovery.cli_files")
local snapshotModule = lazy("claude-ide.editor.snapshot.snapshot")
local farSession = lazy("claude-ide.far.session")
local farLaunch = lazy("claude-ide.far.launch")
--- What a CLI :ClaudeCode starts gets besides its command: Claude Code the agent endpoint (agent.in_terminal) and
-- the hooks (hooks.enabled) on its command line; Gemini CLI and Qwen Code the hooks through a system-defaults
-- settings file named in their environment; Codex its notify program and hooks as `-c` overrides on its command
-- line (hooks/settings codexArguments); each terminal.permission_mode as its own flags (util/permission_mode).
local function cliSetup(config, cli, extra)
    local mode = modeArguments(cli, config.terminal.permission_mode, (config.terminal.command .. " ") .. extra)
    local made = hooksSetup(config, cli)
    if not made.ok then
        return made
    end
    for k, v in pairs(editorEnv(config, cli)) do
        made.env[k] = v
    end
    if mode == "" then
        return made
    end
    return {ok = true, args = made.args == "" and mode or (made.args .. " ") .. mode, env = made.env}
end
--- How far up the process tree a CLI may sit below its terminal's process (shell → wrapper → claude).
local MAX_DEPTH = 16
--- Ids of sessions without a terminal start here, so that they never collide with terminal sessions.
local EXTERNAL_BASE = 1000
--- The companion's first connection id (companion.ts FIRST_ID): its CLIs are numbered from 1 in names.
local COMPANION_FIRST_ID = 1000000
--- How often references waiting for a Gemini CLI / Qwen Code to connect check whether it has.
local TYPE_POLL_MS = 200
--- New Sessions (for init, which loads without TypeScript's class library and so cannot say `new`).
function ____exports.createSessions(link)
    return __TS__New(____exports.Sessions, link)
end
____exports.Sessions = __TS__Class()
local Sessions = ____exports.Sessions
Sessions.name = "Sessions"
function Sessions.prototype.____constructor(self, link)
    self.link = link
    self.terms = {}
    self.nextId = 1
    self.owners = {}
    self.companionOwners = {}
    self.farClients = {}
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
    local companion = self:companionPeers()
    local out = __TS__ArrayMap(
        self:running(),
        function(____, t)
            local mine = __TS__ArrayFilter(
                clients,
                function(____, c) return self:ownerOf(c) == t.id or self:ownerOf(c) == nil and self:isSoleTerminal(t) end
            )
            if t.client.companion then
                local peers = __TS__ArrayFilter(
                    companion,
                    function(____, p) return self:companionOwnerOf(p.id) == t.id end
                )
                return {
                    id = t.id,
                    name = t.name,
                    cwd = t.cwd,
                    terminal = true,
                    connected = #peers > 0,
                    roots = {},
                    pending = pendingOf(__TS__ArrayMap(
                        peers,
                        function(____, p) return p.id end
                    )),
                    current = current == t,
                    buf = t.terminal:buffer(),
                    client = t.client.label,
                    protocol = "companion"
                }
            end
            local ____t_id_11 = t.id
            local ____t_name_12 = t.name
            local ____t_cwd_13 = t.cwd
            local ____temp_14 = #mine > 0
            local ____opt_4 = __TS__ArrayFind(
                mine,
                function(____, c) return c.roots ~= nil end
            )
            local ____temp_15 = ____opt_4 and ____opt_4.roots or ({})
            local ____opt_6 = __TS__ArrayFind(
                mine,
                function(____, c) return c.pid ~= nil end
            )
            local ____temp_16 = ____opt_6 and ____opt_6.pid
            local ____pendingOf_result_17 = pendingOf(__TS__ArrayMap(
                mine,
                function(____, c) return c.id end
            ))
            local ____temp_18 = current == t
            local ____temp_19 = t.terminal:buffer()
            local ____clientLabel_10 = clientLabel
            local ____opt_8 = __TS__ArrayFind(
                mine,
                function(____, c) return c.name ~= nil end
            )
            return {
                id = ____t_id_11,
                name = ____t_name_12,
                cwd = ____t_cwd_13,
                terminal = true,
                connected = ____temp_14,
                roots = ____temp_15,
                pid = ____temp_16,
                pending = ____pendingOf_result_17,
                current = ____temp_18,
                buf = ____temp_19,
                client = ____clientLabel_10(____opt_8 and ____opt_8.name) or t.client.label,
                protocol = "ide",
                target = t.far ~= nil and ({name = t.far.name, port = t.far.gateway.port}) or nil
            }
        end
    )
    for ____, c in ipairs(clients) do
        do
            if self:ownerOf(c) ~= 0 then
                goto __continue37
            end
            local ____temp_22 = EXTERNAL_BASE + c.id
            local ____temp_23 = self:externalName(c)
            local ____opt_20 = c.roots
            out[#out + 1] = {
                id = ____temp_22,
                name = ____temp_23,
                cwd = ____opt_20 and ____opt_20[1] or "",
                roots = c.roots or ({}),
                terminal = false,
                connected = true,
                pid = c.pid,
                pending = pendingOf({c.id}),
                current = false,
                client = clientLabel(c.name) or "Claude Code",
                protocol = "ide"
            }
        end
        ::__continue37::
    end
    for ____, p in ipairs(companion) do
        do
            if self:companionOwnerOf(p.id) ~= 0 then
                goto __continue40
            end
            out[#out + 1] = {
                id = EXTERNAL_BASE + p.id,
                name = self:companionName(p),
                cwd = "",
                roots = {},
                terminal = false,
                connected = true,
                pending = pendingOf({p.id}),
                current = false,
                client = p.name,
                protocol = "companion"
            }
        end
        ::__continue40::
    end
    return out
end
function Sessions.prototype.toggle(self, config, args)
    local port = self.link.port()
    if port == nil then
        return
    end
    local t, rest = self:sessionFor(config, args)
    if t == nil then
        return
    end
    t.terminal:toggle(config, port, rest)
    self:afterStart(config, t)
end
function Sessions.prototype.focus(self, config, args)
    local port = self.link.port()
    if port == nil then
        return
    end
    local t, rest = self:sessionFor(config, args)
    if t == nil then
        return
    end
    t.terminal:focus(
        config,
        port,
        rest,
        self:claudeWindow(t)
    )
    self:afterStart(config, t)
end
function Sessions.prototype.sessionFor(self, config, args)
    if (string.find(args, "^%s*@")) ~= nil then
        local ____farSession_result_splitTarget_result_24 = farSession().splitTarget(config, args)
        local target = ____farSession_result_splitTarget_result_24.target
        local rest = ____farSession_result_splitTarget_result_24.rest
        if target ~= nil then
            local running = __TS__ArrayFind(
                self:running(),
                function(____, s)
                    local ____opt_25 = s.far
                    return (____opt_25 and ____opt_25.name) == target
                end
            )
            if running ~= nil then
                return running, rest
            end
            return self:create(config, args, false), args
        end
    end
    return self:current() or self:create(config, args, false), args
end
function Sessions.prototype.create(self, config, args, start)
    if args == nil then
        args = ""
    end
    if start == nil then
        start = true
    end
    local far = self:openFar(config, args)
    if far == false then
        return nil
    end
    local ____self_27, ____nextId_28 = self, "nextId"
    local ____self_nextId_29 = ____self_27[____nextId_28]
    ____self_27[____nextId_28] = ____self_nextId_29 + 1
    local id = ____self_nextId_29
    local client = commandClient(far ~= nil and far.target.cli or config.terminal.command)
    local base = far ~= nil and (client.id .. "@") .. far.name or client.id
    local name = id == 1 and base or (base .. " ") .. tostring(id)
    local t = {
        id = id,
        name = name,
        cwd = vim.fn.getcwd(),
        terminal = __TS__New(
            ClaudeTerminal,
            {
                onGone = function(code) return self:ended(id, code) end,
                cliSetup = function(c, cli, extra) return cliSetup(c, cli, extra) end,
                commandLine = far ~= nil and (function(c, extra) return farSession().farCommand(
                    c,
                    far,
                    farSession().farCliSetup(c, far),
                    farSession().splitTarget(c, extra).rest
                ) end) or nil
            },
            name,
            client.id
        ),
        client = client,
        typing = {},
        recipients = function() return self:recipientsOf(id) end,
        far = far
    }
    local ____self_terms_30 = self.terms
    ____self_terms_30[#____self_terms_30 + 1] = t
    self:watchFocus()
    if far ~= nil then
        far.onDrop = function()
            local ____t_terminal_isRunning_result_31
            if t.terminal:isRunning() then
                ____t_terminal_isRunning_result_31 = vim.b[t.terminal:buffer()].terminal_job_id
            else
                ____t_terminal_isRunning_result_31 = nil
            end
            local job = ____t_terminal_isRunning_result_31
            if job ~= nil then
                pcall(vim.fn.jobstop, job)
            end
        end
        local ____opt_32 = self.link.diff()
        if ____opt_32 ~= nil then
            ____opt_32.setOrphanRule(function(client)
                local name = self.farClients[client]
                return name ~= nil and name .. " is gone" or nil
            end)
        end
    end
    local port = self.link.port()
    if start and port ~= nil then
        t.terminal:focus(
            config,
            port,
            args,
            self:claudeWindow(t)
        )
        self:afterStart(config, t)
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
    local ____opt_34 = self:current()
    return ____opt_34 and ____opt_34.recipients
end
function Sessions.prototype.currentName(self)
    local ____opt_36 = self:current()
    return ____opt_36 and ____opt_36.name
end
function Sessions.prototype.describe(self, clientId)
    local peer = __TS__ArrayFind(
        self:companionPeers(),
        function(____, p) return p.id == clientId end
    )
    if peer ~= nil then
        local owner = self:companionOwnerOf(peer.id)
        local ____opt_38 = __TS__ArrayFind(
            self:running(),
            function(____, s) return s.id == owner end
        )
        return ____opt_38 and ____opt_38.name or self:companionName(peer)
    end
    local client = __TS__ArrayFind(
        self:clients(),
        function(____, c) return c.id == clientId end
    )
    if client == nil then
        return nil
    end
    local owner = self:ownerOf(client)
    local ____temp_40
    if owner == nil then
        ____temp_40 = nil
    else
        ____temp_40 = __TS__ArrayFind(
            self:running(),
            function(____, s) return s.id == owner end
        )
    end
    local t = ____temp_40
    return t and t.name or self:externalName(client)
end
function Sessions.prototype.terminalOf(self, clientId)
    if __TS__ArraySome(
        self:companionPeers(),
        function(____, p) return p.id == clientId end
    ) then
        local id = self:companionOwnerOf(clientId)
        local ____opt_43 = __TS__ArrayFind(
            self:running(),
            function(____, s) return s.id == id end
        )
        return ____opt_43 and ____opt_43.terminal:buffer()
    end
    local ____opt_45 = self.link.hub()
    local owner = ____opt_45 and ____opt_45.ownerOf(clientId) or clientId
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
function Sessions.prototype.currentClient(self)
    local t = self:current()
    if t == nil then
        return nil
    end
    local ____opt_49 = __TS__ArrayFind(
        self:list(),
        function(____, s) return s.id == t.id end
    )
    return ____opt_49 and ____opt_49.client or t.client.label
end
function Sessions.prototype.promptTarget(self)
    local t = self:current()
    local buf = t and t.terminal:buffer()
    if t == nil or buf == nil then
        return nil
    end
    local job = vim.b[buf].terminal_job_id
    if job == nil then
        return nil
    end
    local ____job_55 = job
    local ____t_name_56 = t.name
    local ____temp_57 = self:currentClient() or t.client.label
    local ____opt_53 = t.far
    return {job = ____job_55, name = ____t_name_56, client = ____temp_57, paths = ____opt_53 and ____opt_53.gateway.paths}
end
function Sessions.prototype.currentIsCompanion(self)
    local ____opt_58 = self:current()
    return (____opt_58 and ____opt_58.client.companion) == true
end
function Sessions.prototype.typeMention(self, mention, config)
    local t = self:current()
    if t == nil or not t.client.companion then
        return "none"
    end
    local root = t.cwd .. "/"
    local path = vim.startswith(mention.filePath, root) and string.sub(mention.filePath, #root + 1) or mention.filePath
    path = string.gsub(path, "([%s\\])", "\\%1")
    local text = ("@" .. path) .. " "
    if mention.lineStart ~= nil then
        local a, b = mention.lineStart + 1, (mention.lineEnd or mention.lineStart) + 1
        text = text .. (a == b and ("(line " .. tostring(a)) .. ") " or ((("(lines " .. tostring(a)) .. "-") .. tostring(b)) .. ") ")
    end
    local queued = #t.typing > 0
    local ____t_typing_60 = t.typing
    ____t_typing_60[#____t_typing_60 + 1] = {
        text = text,
        expires = vim.uv.now() + config.mentions.queue_ttl_ms
    }
    self:typeWaiting(t, config)
    if not queued and #t.typing == 0 then
        return "sent"
    end
    return t.connectedAt ~= nil and "settling" or "queued"
end
function Sessions.prototype.typeWaiting(self, t, config)
    local now = vim.uv.now()
    local connected = __TS__ArraySome(
        self:companionPeers(),
        function(____, p) return self:companionOwnerOf(p.id) == t.id end
    )
    if not connected then
        t.connectedAt = nil
    else
        if t.connectedAt == nil then
            t.connectedAt = now
        end
    end
    local running = t.terminal:isRunning()
    local ready = running and t.connectedAt ~= nil and now - t.connectedAt >= config.mentions.settle_ms
    local ____running_61
    if running then
        ____running_61 = vim.b[t.terminal:buffer()].terminal_job_id
    else
        ____running_61 = nil
    end
    local job = ____running_61
    if ready and job ~= nil then
        local texts = __TS__ArrayMap(
            t.typing,
            function(____, q) return q.text end
        )
        t.typing = {}
        pcall(
            vim.fn.chansend,
            job,
            table.concat(texts, "")
        )
        return
    end
    local expired = running and __TS__ArrayFilter(
        t.typing,
        function(____, q) return q.expires <= now end
    ) or t.typing
    if #expired > 0 then
        t.typing = __TS__ArrayFilter(
            t.typing,
            function(____, q) return not __TS__ArrayIncludes(expired, q) end
        )
        local what = table.concat(
            __TS__ArrayMap(
                expired,
                function(____, q) return vim.trim(q.text) end
            ),
            " "
        )
        say((((t.client.label .. " (") .. t.name) .. ") did not connect in time: not typed into its prompt: ") .. what, "warn")
    end
    if #t.typing == 0 then
        return
    end
    local wait = t.connectedAt ~= nil and config.mentions.settle_ms - (now - t.connectedAt) + 1 or TYPE_POLL_MS
    vim.defer_fn(
        function() return self:typeWaiting(t, config) end,
        math.max(
            1,
            math.min(wait, TYPE_POLL_MS)
        )
    )
end
function Sessions.prototype.companionPeers(self)
    return self.link.companionClients()
end
function Sessions.prototype.companionName(self, p)
    return (p.name .. " #") .. tostring(p.id - COMPANION_FIRST_ID + 1)
end
function Sessions.prototype.companionOwnerOf(self, id)
    local peers = self:companionPeers()
    for known in pairs(self.companionOwners) do
        if not __TS__ArraySome(
            peers,
            function(____, p) return p.id == known end
        ) then
            self.companionOwners[known] = nil
        end
    end
    local known = self.companionOwners[id]
    if known ~= nil then
        return known
    end
    local terms = __TS__ArrayFilter(
        self:running(),
        function(____, t) return t.client.companion end
    )
    local taken = {}
    for ____, owner in pairs(self.companionOwners) do
        taken[owner] = true
    end
    local ____temp_64
    if #terms == 1 then
        ____temp_64 = terms[1].id
    else
        local ____opt_62 = __TS__ArrayFind(
            terms,
            function(____, t) return not (taken[t.id] ~= nil) end
        )
        ____temp_64 = ____opt_62 and ____opt_62.id or 0
    end
    local owner = ____temp_64
    self.companionOwners[id] = owner
    return owner
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
    local ____opt_65 = self.link.hub()
    return ____opt_65 and ____opt_65.clients() or ({})
end
function Sessions.prototype.ownerOf(self, c)
    local known = self.owners[c.id]
    if known ~= nil then
        return known
    end
    if c.door ~= nil then
        local t = __TS__ArrayFind(
            self:running(),
            function(____, s)
                local ____opt_67 = s.far
                return (____opt_67 and ____opt_67.gateway.port) == c.door
            end
        )
        if t ~= nil then
            self.farClients[c.id] = t.name
        end
        self.owners[c.id] = t and t.id or 0
        return t and t.id or 0
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
function Sessions.prototype.afterStart(self, config, t)
    if not t.terminal:isRunning() then
        self:drop(t.id)
        return
    end
    self.lastFocused = t.id
    if config.hooks.enabled and config.review.turn ~= false then
        snapshotModule().warm({root = t.cwd, maxFileBytes = config.review.max_file_bytes})
    end
    if config.agent.in_terminal then
        warmModules("claude-ide.bridge.endpoint")
    end
end
function Sessions.prototype.openFar(self, config, args)
    local named = config.remote.target ~= false or (string.find(args, "^%s*@")) ~= nil
    if not named then
        return nil
    end
    local ____farSession_result_splitTarget_result_73 = farSession().splitTarget(config, args)
    local target = ____farSession_result_splitTarget_result_73.target
    local name = target or (config.remote.target ~= false and config.remote.target or nil)
    if name == nil then
        return nil
    end
    local ____string_match_76 = string.match
    local ____opt_74 = config.remote.targets[name]
    local program = ____string_match_76(____opt_74 and ____opt_74.cli or "claude", "([^/%s]+)%s*$")
    if program == "gemini" or program == "qwen" or program == "codex" then
        say(((("@" .. name) .. ": a remote target runs Claude Code (its lock file, HTTP hooks and HTTP MCP entries reach this Neovim through the target's forward); ") .. program) .. " finds the editor through files and hooks of its own machine: run it beside Neovim", "error")
        return false
    end
    local opened = farSession().openFarSession(
        config,
        name,
        function(paths)
            local door = self.link.openGateway(paths)
            return door or ({ok = false, error = "the IDE server is not running"})
        end
    )
    if not opened.ok then
        say(opened.error, "error")
        return false
    end
    return opened.session
end
function Sessions.prototype.ended(self, id, code)
    local mine = {}
    for client, owner in pairs(self.owners) do
        if owner == id then
            mine[#mine + 1] = client
        end
    end
    for client, owner in pairs(self.companionOwners) do
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
    local t = __TS__ArrayFind(
        self.terms,
        function(____, s) return s.id == id end
    )
    if (t and t.far) ~= nil then
        if code ~= nil and code ~= 0 then
            t.far.dropped("its command exited with code " .. tostring(code))
        end
        if #mine > 0 then
            local ____opt_79 = self.link.diff()
            if ____opt_79 ~= nil then
                ____opt_79.orphanFor(mine, t.name .. " is gone")
            end
        end
        self:drop(id)
        return
    end
    local ____temp_83
    if #mine > 0 then
        local ____opt_81 = self.link.diff()
        ____temp_83 = ____opt_81 and ____opt_81.rejectFor(mine) or 0
    else
        ____temp_83 = 0
    end
    local rejected = ____temp_83
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
        local ____opt_84 = self.terms[i + 1].far
        if ____opt_84 ~= nil then
            ____opt_84.close()
        end
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
    for client, owner in pairs(self.companionOwners) do
        if owner == id then
            self.companionOwners[client] = 0
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
                goto __continue177
            end
            local wins = other.terminal:windows()
            if #wins > 0 then
                return wins[1]
            end
        end
        ::__continue177::
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
    local function otherFiles(ev)
        local t = __TS__ArrayFind(
            self.terms,
            function(____, s) return s.far ~= nil and s.terminal:buffer() == ev.buf end
        )
        local request = vim.v.termrequest
        if (t and t.far) == nil or type(request) ~= "string" then
            return
        end
        if vim.startswith(
            request,
            "]" .. farLaunch().READY_OSC
        ) then
            local job = vim.b[ev.buf].terminal_job_id
            if job ~= nil then
                t.far.deliver(job)
            end
            return
        end
        local prefix = "]" .. farLaunch().OTHER_FILES_OSC
        if not vim.startswith(request, prefix) or t.otherFiles ~= nil then
            return
        end
        t.otherFiles = string.sub(request, #prefix + 1)
        local far = t.far.gateway.paths:farFolders()[1]
        say(((((("@" .. t.far.name) .. ": ") .. far) .. " over there is not the files here (") .. t.otherFiles) .. " differs): no turn review; reviews show this machine's files (:help claude-ide-remote)", "warn")
    end
    vim.api.nvim_create_autocmd("TermRequest", {group = self.augroup, desc = "claude-ide: a far session's shell ready for its script, or saying its folder is not the files here (far/launch)", callback = otherFiles})
end
return ____exports
