-- Generated from src/claude-ide/health.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArraySome = ____lualib.__TS__ArraySome
local ____exports = {}
local selfTest, PROBE_TIMEOUT_MS
local ____health = require("claude-ide.hooks.health")
local checkHooks = ____health.checkHooks
local ____health = require("claude-ide.bridge.health")
local checkAgent = ____health.checkAgent
local ____config = require("claude-ide.config")
local validate = ____config.validate
local lockfile = require("claude-ide.discovery.lockfile")
local ide = require("claude-ide")
local ____probe = require("claude-ide.transport.probe")
local PROBE_CLIENT_NAME = ____probe.PROBE_CLIENT_NAME
local probe = ____probe.probe
local ____version = require("claude-ide.version")
local VERSION = ____version.VERSION
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local shown = ____fs.shown
local ____health = require("claude-ide.policy.health")
local checkPolicy = ____health.checkPolicy
local ____client_name = require("claude-ide.util.client_name")
local commandClient = ____client_name.commandClient
local ____health = require("claude-ide.far.health")
local checkRemote = ____health.checkRemote
local remoteOnly = ____health.remoteOnly
local ____store = require("claude-ide.editor.notes.store")
local readStore = ____store.readStore
local storeFile = ____store.storeFile
local storeFolder = ____store.storeFolder
function selfTest(port, token)
    if type(token) ~= "string" then
        vim.health.error("the lock file has no authToken: the CLI cannot connect", "restart the server: :ClaudeCodeStop, then :ClaudeCodeStart")
        return
    end
    local r = probe(port, token, PROBE_TIMEOUT_MS)
    local ms = string.format("%.1f", r.ms)
    if r.ok then
        vim.health.ok(((("live self-test: connected with the lock file's token, initialize + tools/list answered in " .. ms) .. " ms (") .. tostring(r.tools)) .. " tools)")
    else
        vim.health.error(
            (("live self-test failed after " .. ms) .. " ms: ") .. tostring(r.error),
            {"the CLI will not be able to connect either", "restart the server: :ClaudeCodeStop, then :ClaudeCodeStart"}
        )
    end
end
PROBE_TIMEOUT_MS = 3000
local function octal(mode)
    return string.format("%o", mode % 512)
end
--- Mode bits of `path` (permission part only), or undefined when it does not exist.
local function permissions(path)
    local stat = vim.uv.fs_stat(path)
    local ____temp_0
    if stat == nil then
        ____temp_0 = nil
    else
        ____temp_0 = stat.mode % 512
    end
    return ____temp_0
end
local function checkNeovim()
    local v = vim.version()
    local text = (((("Neovim " .. tostring(v.major)) .. ".") .. tostring(v.minor)) .. ".") .. tostring(v.patch)
    if vim.fn.has("nvim-0.10") == 1 then
        vim.health.ok(((text .. " (claude-ide.nvim ") .. VERSION) .. ")")
    else
        vim.health.error(text .. " is too old", "claude-ide.nvim needs Neovim 0.10 or later")
    end
end
local function checkConfig()
    local result = validate(ide.config())
    if result.ok then
        vim.health.ok("configuration is valid")
    else
        vim.health.error("configuration is invalid: " .. result.error, "fix the option named above in your setup() call")
    end
end
local function checkServer()
    local s = ide.status()
    if not s.running then
        local advice = ide.config().auto_start and "call require('claude-ide').setup({}) in your config" or "run :ClaudeCodeStart"
        vim.health.warn("the server is not running", advice)
        return
    end
    local ____opt_1 = ide.server()
    if ____opt_1 ~= nil then
        local ____opt_2 = ide.server()
        ____opt_1 = #__TS__ArrayFilter(
            ____opt_2 and ____opt_2:connectedClients(),
            function(____, c) return c.name ~= PROBE_CLIENT_NAME end
        )
    end
    local n = ____opt_1 or s.clients
    vim.health.ok(((((("server listening on 127.0.0.1:" .. tostring(s.port)) .. " (") .. tostring(n)) .. " client") .. (n == 1 and "" or "s")) .. " connected)")
    local path = s.lockFile
    local lock = lockfile.read(path)
    if lock == nil then
        vim.health.error(
            ("lock file " .. shown(path)) .. " is missing or unreadable",
            "restart the server: :ClaudeCodeStop, then :ClaudeCodeStart"
        )
        return
    end
    if lock.pid ~= vim.fn.getpid() then
        vim.health.error(((("lock file " .. shown(path)) .. " names pid ") .. tostring(lock.pid)) .. ", not this Neovim")
    else
        vim.health.ok("lock file " .. shown(path))
    end
    local mode = permissions(path)
    if mode ~= nil and mode ~= 384 then
        vim.health.warn(("lock file mode is " .. octal(mode)) .. ", expected 600")
    end
    selfTest(s.port, lock.authToken)
end
local function checkLockDir()
    local dir = lockfile.defaultDir()
    local mode = permissions(dir)
    if mode == nil then
        vim.health.info(("lock directory " .. shown(dir)) .. " does not exist yet (created with mode 700 on start)")
        return
    end
    if vim.fn.filewritable(dir) ~= 2 then
        vim.health.error(
            ("lock directory " .. shown(dir)) .. " is not writable",
            "fix its owner or permissions"
        )
    elseif mode % 64 ~= 0 then
        vim.health.warn(
            ((("lock directory " .. shown(dir)) .. " has mode ") .. octal(mode)) .. ": other users can list it",
            "chmod 700 " .. dir
        )
    else
        vim.health.ok(((("lock directory " .. shown(dir)) .. " (mode ") .. octal(mode)) .. ")")
    end
end
--- folder equals `dir` or contains it (the CLI's matching rule).
local function contains(folder, dir)
    return dir == folder or vim.startswith(dir, folder == "/" and "/" or folder .. "/")
end
--- The CLI auto-connects only when exactly one live IDE claims its cwd: report the others claiming ours.
local function checkRivals()
    local own = ide.status().lockFile
    local cwd = normalize(vim.fn.getcwd())
    local rivals = {}
    for ____, ____value in ipairs(lockfile.list(lockfile.defaultDir())) do
        local path = ____value.path
        local lock = ____value.lock
        do
            local folders = lock.workspaceFolders
            if path == own or type(lock.pid) ~= "number" or not lockfile.isAlive(lock.pid) or type(folders) ~= "table" then
                goto __continue28
            end
            if __TS__ArraySome(
                folders,
                function(____, f) return type(f) == "string" and contains(
                    normalize(f),
                    cwd
                ) end
            ) then
                rivals[#rivals + 1] = ((((tostring(lock.ideName) .. " (pid ") .. tostring(lock.pid)) .. ", ") .. vim.fs.basename(path)) .. ")"
            end
        end
        ::__continue28::
    end
    if #rivals == 0 then
        vim.health.ok("no other running IDE claims this directory")
        return
    end
    vim.health.warn(
        (("other running IDEs also claim " .. cwd) .. ": ") .. table.concat(rivals, ", "),
        {"a claude started elsewhere will not auto-connect; choose the IDE with /ide in claude", "claude started with :ClaudeCode always connects to this Neovim"}
    )
end
--- How to install each CLI :ClaudeCode knows (commandClient ids).
local INSTALL = {claude = "npm install -g @anthropic-ai/claude-code", gemini = "npm install -g @google/gemini-cli", qwen = "npm install -g @qwen-code/qwen-code"}
local function checkClaude(remote)
    local command = ide.config().terminal.command
    local exe = vim.split(
        vim.trim(command),
        " ",
        {plain = true, trimempty = true}
    )[1] or ""
    if exe ~= "" and vim.fn.executable(exe) == 1 then
        vim.health.ok((exe .. " found: ") .. vim.fn.exepath(exe))
    elseif remote ~= nil then
        vim.health.info((((exe == "" and "terminal.command" or exe) .. " is not checked here: it does not apply, the CLI runs at ") .. remote) .. " (checked below)")
    else
        local cli = commandClient(command)
        local install = INSTALL[cli.id]
        vim.health.warn(
            (exe == "" and "terminal.command" or exe) .. " is not found or not executable",
            {
                install ~= nil and (("install " .. cli.label) .. ": ") .. install or "install " .. cli.label,
                ("or set terminal.command to the " .. (exe == "" and "CLI's" or vim.fn.fnamemodify(exe, ":t"))) .. " executable"
            }
        )
    end
end
--- What to do when a session's CLI has not connected, in the words of the protocol it speaks.
local function notConnectedAdvice(s)
    if s.protocol == "companion" then
        local cli = s.client
        local advice = {("/ide status in " .. cli) .. " shows why; /ide enable turns IDE mode on"}
        local ____opt_5 = ide.server()
        if (____opt_5 and ____opt_5:companion()) == nil then
            advice[#advice + 1] = "the companion is off: setup({ companion = { enabled = true } })"
        end
        return advice
    end
    return {("the CLI in this terminal has not connected: /ide in " .. s.client) .. " shows why"}
end
--- Each Claude session: connected or not, pending reviews.
local function checkSessions()
    local list = ide.sessions()
    if #list == 0 then
        vim.health.info("no session (start one with :ClaudeCode)")
        return
    end
    for ____, s in ipairs(list) do
        local line = vim.trim(ide.describe_session(s))
        if s.connected then
            vim.health.ok("session " .. line)
        else
            vim.health.warn(
                "session " .. line,
                notConnectedAdvice(s)
            )
        end
    end
end
--- Who is connected, by the name each client gave and the MCP revision it speaks.
local function checkClients()
    local server = ide.server()
    if server == nil then
        return
    end
    local clients = __TS__ArrayFilter(
        server:connectedClients(),
        function(____, c) return c.name ~= PROBE_CLIENT_NAME end
    )
    if #clients == 0 then
        vim.health.info("no client connected")
    end
    for ____, c in ipairs(clients) do
        vim.health.ok((((("connected: " .. c.name) .. " — ") .. c.kind) .. ", MCP ") .. (c.revision or "revision unknown"))
    end
    local companion = server:companion()
    local warning = companion and companion:discoveryWarning()
    if companion ~= nil and warning ~= nil then
        vim.health.warn((("Gemini CLI / Qwen Code companion on 127.0.0.1:" .. tostring(companion:port())) .. ": ") .. warning)
    elseif companion ~= nil then
        vim.health.ok(((("Gemini CLI / Qwen Code companion on 127.0.0.1:" .. tostring(companion:port())) .. " (discovery file ") .. (companion:discoveryFile() or "not written")) .. ")")
    else
        vim.health.info("Gemini CLI / Qwen Code companion is off: setup({ companion = { enabled = true } }) (or terminal.command = \"gemini\")")
    end
end
--- The notes for the agent kept for this folder (read from the store: nothing is made or shown).
local function checkNotes()
    local file = storeFile(vim.fn.getcwd())
    local kept = readStore(file)
    if kept.error ~= nil then
        vim.health.warn("notes for the agent: " .. kept.error, "remove the file: the notes in it are lost")
        return
    end
    if #kept.notes == 0 then
        vim.health.info("notes for the agent: none kept for this folder (:ClaudeCodeNote writes one)")
        return
    end
    local pending = #__TS__ArrayFilter(
        kept.notes,
        function(____, n) return not n.sent end
    )
    local mode = permissions(storeFolder())
    local text = ((((("notes for the agent: " .. tostring(#kept.notes)) .. " kept for this folder, ") .. tostring(pending)) .. " not sent yet (") .. shown(file)) .. ")"
    if mode ~= nil and mode ~= 448 then
        vim.health.warn(
            (text .. "; its folder is ") .. octal(mode),
            "chmod 700 " .. shown(storeFolder())
        )
    else
        vim.health.ok(text)
    end
end
function ____exports.check()
    local remote = remoteOnly(
        ide.config(),
        ide.sessions()
    )
    vim.health.start("claude-ide")
    checkNeovim()
    checkConfig()
    checkServer()
    checkSessions()
    checkNotes()
    checkClients()
    checkLockDir()
    checkRivals()
    checkClaude(remote)
    vim.health.start("claude-ide agent endpoint (mcp__nvim__* tools for the model)")
    checkAgent(ide.config().agent.search.rg)
    vim.health.start("claude-ide hooks and the turn review (:help claude-ide-turn-review)")
    checkHooks(
        ide.config(),
        remote
    )
    vim.health.start("claude-ide privacy: what the model may read (:help claude-ide-privacy)")
    checkPolicy(ide.config())
    vim.health.start("claude-ide remote agents: in a container or on another machine (:help claude-ide-remote)")
    checkRemote(
        ide.config(),
        ide.server(),
        ide.sessions()
    )
end
return ____exports
