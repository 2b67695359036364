-- Generated from src/claude-ide/far/session.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____config = require("claude-ide.config")
local remoteTarget = ____config.remoteTarget
local ____path_map = require("claude-ide.util.path_map")
local createPathMap = ____path_map.createPathMap
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local readSmallFile = ____fs.readSmallFile
local ____cksum = require("claude-ide.util.cksum")
local cksum = ____cksum.cksum
local ____permission_mode = require("claude-ide.util.permission_mode")
local modeArguments = ____permission_mode.modeArguments
local ____launch = require("claude-ide.far.launch")
local farCommandLine = ____launch.farCommandLine
local farInput = ____launch.farInput
local ____log = require("claude-ide.log")
local say = ____log.say
local ____settings = require("claude-ide.hooks.settings")
local httpHookSettings = ____settings.httpHookSettings
local ____cli_config = require("claude-ide.bridge.cli_config")
local allowedTools = ____cli_config.allowedTools
local httpMcpConfig = ____cli_config.httpMcpConfig
--- The drops of this Neovim's far sessions, the latest last (a few are kept).
local drops = {}
local DROPS_KEPT = 8
--- The far sessions whose connection dropped, the latest last.
function ____exports.farDrops()
    return {unpack(drops)}
end
--- Ports of far sessions whose door is open, and of those that ended, per target (their files may be left over there).
local openPorts = {}
local endedPorts = {}
--- How many ended ports a target remembers.
local ENDED_KEPT = 16
--- What the far CLI is given: the settings (the agent tools allowed without a prompt, as beside Neovim) and the
-- agent tools' MCP entry, both through the far session's door.
function ____exports.farCliSetup(config, far)
    local ____far_target_0 = far.target
    local host = ____far_target_0.host
    local ____far_gateway_1 = far.gateway
    local port = ____far_gateway_1.port
    local token = ____far_gateway_1.token
    local settings = {}
    if config.hooks.enabled then
        settings.hooks = httpHookSettings(host, port, token).hooks
    end
    if config.agent.in_terminal then
        settings.permissions = {allow = allowedTools()}
    end
    local other = __TS__ObjectAssign({}, settings)
    if settings.hooks ~= nil then
        local plan = {}
        for event, groups in pairs(settings.hooks) do
            local kept = __TS__ArrayFilter(
                groups,
                function(____, g) return g.matcher ~= nil and (string.find(g.matcher, "ExitPlanMode", 1, true)) ~= nil end
            )
            if #kept > 0 then
                plan[event] = kept
            end
        end
        other.hooks = (next(plan)) ~= nil and plan or nil
    end
    return {
        settings = (next(settings)) ~= nil and settings or nil,
        settingsOther = (next(other)) ~= nil and other or nil,
        mcp = config.agent.in_terminal and httpMcpConfig(host, port, token) or nil
    }
end
--- How many of the folder's files the far shell compares, and how big each may be (the CRC is computed here).
local CHECK_FILES = 8
local CHECK_MAX_BYTES = 64 * 1024
--- Up to CHECK_FILES small regular files at the top of `folder` (by name; no dot files) and their cksum CRC.
function ____exports.folderCheck(folder)
    local dir = vim.uv.fs_scandir(folder)
    if dir == nil then
        return {}
    end
    local names = {}
    do
        while true do
            local name, kind = vim.uv.fs_scandir_next(dir)
            if name == nil then
                break
            end
            if kind == "file" and string.sub(name, 1, 1) ~= "." and (string.find(name, "[%c]")) == nil then
                names[#names + 1] = name
            end
        end
    end
    __TS__ArraySort(names)
    local out = {}
    for ____, name in ipairs(names) do
        if #out >= CHECK_FILES then
            break
        end
        local data = readSmallFile((folder .. "/") .. name, CHECK_MAX_BYTES)
        if data ~= nil then
            out[#out + 1] = {
                name = name,
                crc = cksum(data)
            }
        end
    end
    return out
end
--- The leading `@name` of :ClaudeCode's arguments, when it names a target; the rest of the arguments.
function ____exports.splitTarget(config, args)
    local name, rest = string.match(args, "^%s*@([%w_.-]+)%s*(.-)%s*$")
    if name ~= nil and config.remote.targets[name] ~= nil then
        return {target = name, rest = rest}
    end
    return {rest = args}
end
--- The target's folders as pairs, local folders expanded ("~").
function ____exports.folderPairs(target)
    local out = {}
    for far, near in pairs(target.folders) do
        out[#out + 1] = {
            far = far,
            near = normalize(near)
        }
    end
    return out
end
--- Opens the door of an agent at target `name`.
function ____exports.openFarSession(config, name, openGateway)
    local session
    local target = remoteTarget(config, name)
    if target == nil then
        return {ok = false, error = ("no target \"" .. name) .. "\" in remote.targets"}
    end
    local opened = openGateway(createPathMap(____exports.folderPairs(target)))
    if not opened.ok then
        return {ok = false, error = (("cannot open the door for @" .. name) .. ": ") .. opened.error}
    end
    local gateway = opened.gateway
    local job
    local closed = false
    if type(target.forward) == "table" then
        local port = tostring(gateway.port)
        local words = __TS__ArrayMap(
            target.forward,
            function(____, w) return (string.gsub(w, "{port}", port)) end
        )
        local ok, started = pcall(
            vim.fn.jobstart,
            words,
            {on_exit = function(_job, code)
                if not closed then
                    session.dropped("the forward exited with code " .. tostring(code))
                end
            end}
        )
        if not ok or started <= 0 then
            gateway.close()
            return {
                ok = false,
                error = (((("@" .. name) .. ": the forward (") .. table.concat(words, " ")) .. ") did not start: ") .. (ok and "job " .. tostring(started) or tostring(started))
            }
        end
        job = started
    end
    openPorts[gateway.port] = true
    local armed
    local function close()
        if closed then
            return
        end
        closed = true
        armed = nil
        if job ~= nil then
            pcall(vim.fn.jobstop, job)
        end
        gateway.close()
        openPorts[gateway.port] = nil
        local ____endedPorts_2, ____name_3 = endedPorts, name
        if ____endedPorts_2[____name_3] == nil then
            ____endedPorts_2[____name_3] = {}
        end
        local ended = endedPorts[name]
        ended[#ended + 1] = gateway.port
        if #ended > ENDED_KEPT then
            table.remove(ended, 1)
        end
    end
    local function arm(input)
        local ____closed_5
        if closed then
            ____closed_5 = nil
        else
            ____closed_5 = input
        end
        armed = ____closed_5
    end
    local function deliver(terminalJob)
        if armed == nil then
            return false
        end
        local input = armed
        armed = nil
        local ok = pcall(vim.fn.chansend, terminalJob, input)
        return ok
    end
    local function dropped(why)
        if closed then
            return
        end
        local label = ((("@" .. name) .. " (door ") .. tostring(gateway.port)) .. ")"
        drops[#drops + 1] = {
            session = label,
            target = name,
            port = gateway.port,
            at = os.date("%H:%M:%S"),
            why = why
        }
        if #drops > DROPS_KEPT then
            table.remove(drops, 1)
        end
        say(((((label .. ": the connection dropped (") .. why) .. "); its door is closed, its reviews stay open; :ClaudeCode @") .. name) .. " starts again", "error")
        close()
        local ____opt_6 = session.onDrop
        if ____opt_6 ~= nil then
            ____opt_6()
        end
    end
    session = {
        name = name,
        target = target,
        gateway = gateway,
        close = close,
        arm = arm,
        deliver = deliver,
        dropped = dropped
    }
    return {ok = true, session = session}
end
--- The local command line that starts the far CLI, in the far folder of Neovim's cwd.
function ____exports.farCommand(config, far, setup, extra)
    local ____far_8 = far
    local target = ____far_8.target
    local gateway = ____far_8.gateway
    local cwd = vim.fn.getcwd()
    local farCwd = gateway.paths:toFar(cwd)
    if farCwd == nil then
        return {
            ok = false,
            error = ((((((("@" .. far.name) .. ": this folder (") .. cwd) .. ") is outside remote.targets.") .. far.name) .. ".folders (") .. gateway.paths:describe()) .. "): :cd into a mapped folder first"
        }
    end
    local port = gateway.port
    local env = {}
    for k, v in pairs(target.env) do
        env[k] = v
    end
    env.CLAUDE_CODE_SSE_PORT = tostring(port)
    env.ENABLE_IDE_INTEGRATION = "true"
    env.FORCE_CODE_TERMINAL = "true"
    if target.host ~= "127.0.0.1" then
        env.CLAUDE_CODE_IDE_HOST_OVERRIDE = target.host
    end
    env.NO_PROXY = target.host == "127.0.0.1" and "127.0.0.1,localhost" or target.host .. ",127.0.0.1,localhost"
    env.no_proxy = env.NO_PROXY
    local words = {target.cli}
    local mode = modeArguments("claude", config.terminal.permission_mode, (target.cli .. " ") .. extra)
    for w in string.gmatch(mode, "%S+") do
        words[#words + 1] = w
    end
    local stale = __TS__ArrayFilter(
        endedPorts[far.name] or ({}),
        function(____, p) return not (openPorts[p] ~= nil) end
    )
    local input = farInput({
        port = port,
        token = gateway.token,
        folders = gateway.paths:farFolders(),
        cwd = farCwd,
        host = target.host,
        env = env,
        words = words,
        extra = extra,
        settings = setup.settings ~= nil and vim.json.encode(setup.settings) or nil,
        settingsOther = setup.settingsOther ~= nil and vim.json.encode(setup.settingsOther) or nil,
        mcp = setup.mcp ~= nil and vim.json.encode(setup.mcp) or nil,
        stale = stale,
        check = ____exports.folderCheck(cwd)
    })
    far.arm(input)
    return {
        ok = true,
        cmd = farCommandLine(target, port),
        env = {}
    }
end
return ____exports
