-- Generated from src/claude-ide/hooks/settings.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local writeFileAtomic = ____fs.writeFileAtomic
local ____cli_files = require("claude-ide.discovery.cli_files")
local hooksDir = ____cli_files.hooksDir
local ____router = require("claude-ide.hooks.router")
local CLIENT_TITLES = ____router.CLIENT_TITLES
--- The plan-exit tool of each CLI that has one (the plan hook's matcher, hooks/plan).
____exports.PLAN_TOOLS = {claude = "ExitPlanMode", gemini = "exit_plan_mode", qwen = "exit_plan_mode"}
--- The tools of each CLI that change files: edit tools and shell commands. Each waits in the turn's gate hook
-- (hooks/turn) until the turn's start snapshot is taken, so the prompt itself goes to the model at once. A CLI
-- without a gate (Codex: its hooks run only once trusted) waits for the snapshot in its prompt hook instead.
____exports.MUTATING_TOOLS = {claude = {
    "Edit",
    "Write",
    "MultiEdit",
    "NotebookEdit",
    "Bash"
}, gemini = {"write_file", "replace", "run_shell_command"}, qwen = {"edit", "write_file", "replace", "run_shell_command"}}
--- How long a CLI waits for the turn's gate (the start snapshot's wait is bounded below it, hooks/turn).
local GATE_TIMEOUT_SEC = 30
--- How long a CLI waits for the plan hook, in seconds, while the user reads, edits and decides: a day. The CLIs
-- have no practical maximum, and the CLI's own dialog takes over at once whenever Neovim goes away.
____exports.PLAN_TIMEOUT_SEC = 24 * 3600
--- Every hook the plugin adds: the turn's start (a snapshot, taken off the editor's loop; Claude Code bounds
-- UserPromptSubmit at 30 s anyway), its gate (the tools that change files wait for that snapshot) and end (the
-- turn review), and the agent's edit tools (which files they changed: the others were changed by shell commands). A feature that needs another event adds its line here.
____exports.HOOK_ENTRIES = {
    {client = "claude", event = "UserPromptSubmit", timeoutSec = 30},
    {client = "claude", event = "Stop", timeoutSec = 30},
    {client = "claude", event = "StopFailure", timeoutSec = 30},
    {client = "claude", event = "PostToolUse", matcher = "Edit|Write|NotebookEdit|MultiEdit", timeoutSec = 10},
    {client = "gemini", event = "BeforeAgent", timeoutSec = 30},
    {client = "gemini", event = "AfterAgent", timeoutSec = 30},
    {client = "gemini", event = "AfterTool", matcher = "write_file|replace", timeoutSec = 10},
    {client = "qwen", event = "UserPromptSubmit", timeoutSec = 30},
    {client = "qwen", event = "Stop", timeoutSec = 30},
    {client = "qwen", event = "PostToolUse", matcher = "edit|write_file|replace", timeoutSec = 10},
    {client = "codex", event = "UserPromptSubmit", timeoutSec = 30},
    {client = "codex", event = "Stop", timeoutSec = 30},
    {
        client = "claude",
        event = "PreToolUse",
        matcher = table.concat(____exports.MUTATING_TOOLS.claude, "|"),
        timeoutSec = GATE_TIMEOUT_SEC
    },
    {
        client = "gemini",
        event = "BeforeTool",
        matcher = table.concat(____exports.MUTATING_TOOLS.gemini, "|"),
        timeoutSec = GATE_TIMEOUT_SEC
    },
    {
        client = "qwen",
        event = "PreToolUse",
        matcher = table.concat(____exports.MUTATING_TOOLS.qwen, "|"),
        timeoutSec = GATE_TIMEOUT_SEC
    },
    {client = "claude", event = "PreToolUse", matcher = ____exports.PLAN_TOOLS.claude, timeoutSec = ____exports.PLAN_TIMEOUT_SEC},
    {client = "gemini", event = "BeforeTool", matcher = ____exports.PLAN_TOOLS.gemini, timeoutSec = ____exports.PLAN_TIMEOUT_SEC},
    {client = "qwen", event = "PreToolUse", matcher = ____exports.PLAN_TOOLS.qwen, timeoutSec = ____exports.PLAN_TIMEOUT_SEC}
}
--- The environment variable naming a CLI's system-defaults settings file, and where it is otherwise.
local SYSTEM_DEFAULTS = {gemini = {env = "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", path = "/etc/gemini-cli/system-defaults.json"}, qwen = {env = "QWEN_CODE_SYSTEM_DEFAULTS_PATH", path = "/etc/qwen-code/system-defaults.json"}}
--- The environment variable through which `client` reads the plugin's settings (none: Claude Code's --settings).
function ____exports.settingsEnvName(client)
    local ____opt_0 = SYSTEM_DEFAULTS[client]
    return ____opt_0 and ____opt_0.env
end
--- Absolute path of lua/claude-ide/hook.lua in this installation.
function ____exports.hookScript()
    local source = debug.getinfo(1, "S").source
    return vim.fn.fnamemodify(
        string.sub(source, 2),
        ":p:h:h"
    ) .. "/hook.lua"
end
--- The command a CLI runs for `event`: this Neovim's binary running hook.lua (a shell command line: every CLI
-- takes one). `instance`: the Neovim to reach (its pid); none: the hook chooses like the agent bridge does.
function ____exports.hookCommand(client, event, instance)
    local parts = {
        vim.fn.shellescape(vim.v.progpath),
        "-l",
        vim.fn.shellescape(____exports.hookScript()),
        client,
        event
    }
    if instance ~= nil then
        __TS__ArrayPush(
            parts,
            "--instance",
            tostring(instance)
        )
    end
    return table.concat(parts, " ")
end
--- `{ <Event> = { { matcher?, hooks = { hook(entry) } } } }` for every HOOK_ENTRIES entry of `client`.
local function groupsOf(client, hook)
    local out = {}
    for ____, entry in ipairs(____exports.HOOK_ENTRIES) do
        do
            if entry.client ~= client then
                goto __continue7
            end
            local group = {hooks = {hook(entry)}}
            if entry.matcher ~= nil then
                group.matcher = entry.matcher
            end
            local ____out_2, ____entry_event_3 = out, entry.event
            if ____out_2[____entry_event_3] == nil then
                ____out_2[____entry_event_3] = {}
            end
            local ____out_entry_event_4 = out[entry.event]
            ____out_entry_event_4[#____out_entry_event_4 + 1] = group
        end
        ::__continue7::
    end
    return out
end
--- The `hooks` settings value for `client`: `{ <Event> = { { matcher?, hooks = { {type, command, timeout} } } } }`.
function ____exports.hooksFor(client, instance)
    return groupsOf(
        client,
        function(entry)
            local hook = {
                type = "command",
                command = ____exports.hookCommand(client, entry.event, instance),
                timeout = client == "gemini" and entry.timeoutSec * 1000 or entry.timeoutSec
            }
            if client == "gemini" then
                hook.name = "claude-ide.nvim " .. entry.event
            end
            return hook
        end
    )
end
--- The header a far session's door reads its token from (transport/handshake AUTH_HEADER, as the CLI spells it).
local DOOR_TOKEN_HEADER = "X-Claude-Code-IDE-Authorization"
--- The URL of a far Claude Code's HTTP hook for `event`, at a far session's door (server.ts openGateway).
function ____exports.httpHookUrl(host, port, event)
    return (((("http://" .. (host or "127.0.0.1")) .. ":") .. tostring(port)) .. "/hooks/claude/") .. event
end
--- The Claude Code settings for a CLI that runs somewhere else (a container, another machine) and reaches this
-- Neovim through a far session's door at `host:port` (its forward over there; default 127.0.0.1) with `token`:
-- the same hooks as hooksFor("claude") (events, matchers, timeouts), each an HTTP hook to the door
-- (`/hooks/claude/<Event>`, hooks/http), so that nothing over there needs Neovim. `on_failure: "continue"`: the
-- CLI's default, `block`, would stop the agent whenever the editor cannot be reached.
function ____exports.httpHookSettings(host, port, token)
    return {hooks = groupsOf(
        "claude",
        function(entry) return {
            type = "http",
            url = ____exports.httpHookUrl(host, port, entry.event),
            headers = {[DOOR_TOKEN_HEADER] = token},
            timeout = entry.timeoutSec,
            on_failure = "continue"
        } end
    )}
end
--- A TOML string: a literal string ('…', no escapes) when it can be one, else a basic string ("…").
local function tomlString(value)
    if (string.find(value, "[%c']")) == nil then
        return ("'" .. value) .. "'"
    end
    local escaped = string.gsub(
        value,
        "[%c\"\\]",
        function(c) return c == "\"" and "\\\"" or (c == "\\" and "\\\\" or string.format(
            "\\u%04X",
            string.byte(c)
        )) end
    )
    return ("\"" .. escaped) .. "\""
end
--- A TOML value of JSON-like data (strings, numbers, booleans, lists, tables as inline tables).
function ____exports.tomlValue(value)
    if type(value) == "string" then
        return tomlString(value)
    end
    if type(value) == "number" or type(value) == "boolean" then
        return tostring(value)
    end
    if type(value) ~= "table" then
        return "''"
    end
    local t = value
    if vim.islist(t) then
        return ("[" .. table.concat(
            __TS__ArrayMap(
                t,
                function(____, v) return ____exports.tomlValue(v) end
            ),
            ", "
        )) .. "]"
    end
    local keys = {}
    for k in pairs(t) do
        keys[#keys + 1] = k
    end
    table.sort(keys)
    return ("{ " .. table.concat(
        __TS__ArrayMap(
            keys,
            function(____, k) return (((string.match(k, "^[%w_-]+$")) ~= nil and k or tomlString(k)) .. " = ") .. ____exports.tomlValue(t[k]) end
        ),
        ", "
    )) .. " }"
end
--- The Codex config file of this user: $CODEX_HOME/config.toml, else ~/.codex/config.toml.
function ____exports.codexConfigFile()
    local home = vim.env.CODEX_HOME
    return home ~= nil and home ~= "" and home .. "/config.toml" or (vim.env.HOME or "") .. "/.codex/config.toml"
end
--- Whether the user's Codex config sets its own `notify` program (a top-level key: ours would replace it).
function ____exports.codexHasNotify(file)
    if file == nil then
        file = ____exports.codexConfigFile()
    end
    local handle = io.open(file, "r")
    if handle == nil then
        return false
    end
    local text = handle:read("*a")
    handle:close()
    if type(text) ~= "string" then
        return false
    end
    for ____, line in ipairs(vim.split(text, "\n", {plain = true})) do
        if (string.match(line, "^%s*%[")) ~= nil then
            return false
        end
        if (string.match(line, "^%s*notify%s*=")) ~= nil then
            return true
        end
    end
    return false
end
--- The `-c key=value` overrides (TOML values) that give the `codex` :ClaudeCode starts the plugin's hooks:
-- `notify` (this Neovim's hook.lua, run at each turn's end with the event as its last argument: no trust step;
-- left out when the user's config has a notify program of its own, which it would replace) and the
-- UserPromptSubmit / Stop hooks, which run once the user trusts them in Codex's "Hooks need review" prompt. The
-- commands name no instance (the hook finds this Neovim through the terminal's environment): Codex keys its
-- trust by the command, so it stays the same from one start to the next.
function ____exports.codexOverrides(hasNotify)
    if hasNotify == nil then
        hasNotify = ____exports.codexHasNotify()
    end
    local out = {}
    if not hasNotify then
        out[#out + 1] = "notify=" .. ____exports.tomlValue({
            vim.v.progpath,
            "-l",
            ____exports.hookScript(),
            "codex",
            "notify"
        })
    end
    local hooks = ____exports.hooksFor("codex")
    local events = {}
    for event in pairs(hooks) do
        events[#events + 1] = event
    end
    table.sort(events)
    for ____, event in ipairs(events) do
        out[#out + 1] = (("hooks." .. event) .. "=") .. ____exports.tomlValue(hooks[event])
    end
    return out
end
--- codexOverrides as arguments of a shell command line: `-c '<override>'` each.
function ____exports.codexArguments(hasNotify)
    return table.concat(
        __TS__ArrayMap(
            ____exports.codexOverrides(hasNotify),
            function(____, o) return "-c " .. vim.fn.shellescape(o) end
        ),
        " "
    )
end
--- Adds `hooks` to a settings table, concatenating with hook arrays already there.
function ____exports.mergeHooks(settings, hooks)
    local existing = type(settings.hooks) == "table" and settings.hooks or ({})
    for event, groups in pairs(hooks) do
        local before = existing[event]
        local ____event_7 = event
        local ____temp_6
        if type(before) == "table" and vim.islist(before) then
            local ____array_5 = __TS__SparseArrayNew(unpack(before))
            __TS__SparseArrayPush(
                ____array_5,
                unpack(groups)
            )
            ____temp_6 = {__TS__SparseArraySpread(____array_5)}
        else
            ____temp_6 = groups
        end
        existing[____event_7] = ____temp_6
    end
    settings.hooks = existing
end
--- The user's own system-defaults settings of `client` (the file the variable names, else the default place).
local function userSystemDefaults(client, ownFile)
    local spec = SYSTEM_DEFAULTS[client]
    if spec == nil then
        return {}
    end
    local fromEnv = vim.env[spec.env]
    local path = fromEnv ~= nil and fromEnv ~= "" and fromEnv ~= ownFile and fromEnv or spec.path
    local file = io.open(path, "r")
    if file == nil then
        return {}
    end
    local text = file:read("*a")
    file:close()
    if type(text) ~= "string" then
        return {}
    end
    local ok, value = pcall(vim.json.decode, text, {luanil = {object = true, array = true}})
    return ok and type(value) == "table" and not vim.islist(value) and value or ({})
end
--- Why `path` (a folder, or the file) fails Gemini CLI's check, or undefined (its isPathSecureSync on POSIX).
local function geminiPathRefusal(path, what)
    local link = vim.uv.fs_lstat(path)
    if link == nil then
        return nil
    end
    if link.type == "link" and link.uid ~= 0 then
        return ((what .. " ") .. path) .. " is a symlink that root does not own"
    end
    local st = vim.uv.fs_stat(path)
    if st == nil then
        return nil
    end
    if st.uid ~= 0 then
        return ((((what .. " ") .. path) .. " belongs to uid ") .. tostring(st.uid)) .. ", not root"
    end
    if bit.band(st.mode, 18) ~= 0 then
        return ((what .. " ") .. path) .. " is writable by group or others"
    end
    return nil
end
--- `dir` and every folder above it, deepest first.
local function foldersUp(dir)
    local out = {}
    local d = dir
    do
        while true do
            out[#out + 1] = d
            local parent = vim.fs.dirname(d)
            if parent == d or parent == "" then
                return out
            end
            d = parent
        end
    end
end
--- Why Gemini CLI would refuse `path` as its system-defaults file, or undefined. Gemini CLI 0.61's rule
-- (isFileAndDirectorySecureSync, POSIX): the file and every folder above it, as named and as resolved
-- (realpath), belong to root (uid 0) and nobody else may write them (no g+w, o+w); a symlink on the way must
-- belong to root too. Else it warns "Security Warning: Skipping system defaults file" at each start and reads
-- nothing from it. A file not written yet will belong to this Neovim's user: only a Neovim run by root whose
-- state folder lies below such folders (not /tmp, not a user's home) passes. `uid`: whose the file would be.
function ____exports.geminiRefuses(path, uid)
    if uid == nil then
        uid = vim.uv.getuid()
    end
    local exists = vim.uv.fs_lstat(path)
    if exists == nil and uid ~= 0 then
        return ("the file would belong to you (uid " .. tostring(uid)) .. "); Gemini CLI reads a system-defaults file only when root owns it"
    end
    local real = vim.uv.fs_realpath(path)
    local named = {
        path,
        unpack(foldersUp(vim.fs.dirname(path)))
    }
    local resolved = real ~= nil and real ~= path and ({
        real,
        unpack(foldersUp(vim.fs.dirname(real)))
    }) or ({})
    local ____array_8 = __TS__SparseArrayNew(unpack(named))
    __TS__SparseArrayPush(
        ____array_8,
        unpack(resolved)
    )
    for ____, p in ipairs({__TS__SparseArraySpread(____array_8)}) do
        local isFile = p == path or p == real
        local why = geminiPathRefusal(p, isFile and "the file" or "its folder")
        if why ~= nil then
            return isFile and why or why .. " (Gemini CLI reads a system-defaults file only below folders root owns and nobody else can write)"
        end
    end
    return nil
end
--- The plugin's hooks for `client` missing from a settings file's `hooks` value: each needs a group of its event
-- whose command runs hook.lua for that client and event, and (`matchers`) the plugin's matcher on that group.
-- Named "<Event>" or "<Event> (<matcher>)". The one check of hook settings: the file :ClaudeCode wrote for Claude
-- Code (matchers as written) and a user's ~/.gemini/settings.json (`matchers` false: whatever matcher the user
-- gave an event) both go through it.
function ____exports.missingHooks(client, hooks, matchers)
    if matchers == nil then
        matchers = true
    end
    local missing = {}
    for ____, e in ipairs(____exports.HOOK_ENTRIES) do
        do
            if e.client ~= client then
                goto __continue65
            end
            local ____temp_9
            if type(hooks) == "table" then
                ____temp_9 = hooks[e.event]
            else
                ____temp_9 = nil
            end
            local groups = ____temp_9
            local found = type(groups) == "table" and __TS__ArraySome(
                groups,
                function(____, g) return type(g) == "table" and (not matchers or g.matcher == e.matcher) and type(g.hooks) == "table" and __TS__ArraySome(
                    g.hooks or ({}),
                    function(____, h) return type(h) == "table" and type(h.command) == "string" and (string.find(h.command, "hook.lua", 1, true)) ~= nil and (string.find(h.command, ((" " .. client) .. " ") .. e.event, 1, true)) ~= nil end
                ) end
            )
            local name = matchers and e.matcher ~= nil and ((e.event .. " (") .. e.matcher) .. ")" or e.event
            if not found and not __TS__ArrayIncludes(missing, name) then
                missing[#missing + 1] = name
            end
        end
        ::__continue65::
    end
    return missing
end
--- The folder of the system-defaults files: the plugin's own state folder (0700).
function ____exports.settingsDir()
    return hooksDir()
end
--- Writes `dir/<client>-<pid>.json` (0600): the user's own system defaults plus the plugin's hooks, and returns
-- the environment that points `client` at it. Gemini CLI / Qwen Code only. Gemini CLI gets nothing (an empty
-- environment and the reason in `skipped`) where it would refuse the file (geminiRefuses): it would warn at
-- every start and run no hook anyway.
function ____exports.systemDefaultsEnv(client, dir)
    local name = ____exports.settingsEnvName(client)
    if name == nil then
        return {ok = false, error = CLIENT_TITLES[client] .. " reads no system-defaults file"}
    end
    if vim.fn.isdirectory(dir) ~= 1 then
        pcall(vim.fn.mkdir, dir, "p", 448)
    end
    local path = ((((dir .. "/") .. client) .. "-") .. tostring(vim.fn.getpid())) .. ".json"
    local settings = userSystemDefaults(client, path)
    ____exports.mergeHooks(
        settings,
        ____exports.hooksFor(
            client,
            vim.fn.getpid()
        )
    )
    local written = writeFileAtomic(
        path,
        vim.json.encode(settings),
        384
    )
    if not written.ok then
        return {ok = false, error = written.error}
    end
    local ____temp_10
    if client == "gemini" then
        ____temp_10 = ____exports.geminiRefuses(path)
    else
        ____temp_10 = nil
    end
    local refused = ____temp_10
    if refused ~= nil then
        vim.uv.fs_unlink(path)
        return {ok = true, env = {}, path = path, skipped = refused}
    end
    return {ok = true, env = {[name] = path}, path = path}
end
--- The CLIs :ClaudeCodeHooks takes (completion).
____exports.PRINTABLE_CLIENTS = {"claude", "gemini", "qwen", "codex"}
--- The text :ClaudeCodeHooks prints: each CLI's settings to add by hand for a CLI started outside Neovim (or one
-- Gemini CLI would not read from the plugin's system-defaults file); only `only`'s when given.
function ____exports.printable(only)
    local lines = {"Hooks for a CLI started outside Neovim (the CLIs :ClaudeCode starts get them by themselves).", "Merge the `hooks` of your CLI into its settings file; the hook finds this Neovim like the agent bridge does", "(the Neovim whose terminal runs the CLI, else the one whose folder holds the CLI's cwd)."}
    local files = {{"claude", "~/.claude/settings.json"}, {"gemini", "~/.gemini/settings.json"}, {"qwen", "~/.qwen/settings.json"}}
    for ____, ____value in ipairs(files) do
        local client = ____value[1]
        local file = ____value[2]
        do
            if only ~= nil and only ~= "" and only ~= client then
                goto __continue78
            end
            __TS__ArrayPush(lines, "", ((CLIENT_TITLES[client] .. " (") .. file) .. "):")
            lines[#lines + 1] = vim.json.encode({hooks = ____exports.hooksFor(client)})
        end
        ::__continue78::
    end
    if only == nil or only == "" or only == "codex" then
        __TS__ArrayPush(lines, "", "Codex (~/.codex/config.toml, at the top; or each line as `codex -c '<line>'`):")
        for ____, o in ipairs(____exports.codexOverrides(false)) do
            lines[#lines + 1] = o
        end
    end
    return table.concat(lines, "\n")
end
return ____exports
