-- Generated from src/claude-ide/hooks/health.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local shown = ____fs.shown
local snapshot = require("claude-ide.editor.snapshot.snapshot")
local ____cli_files = require("claude-ide.discovery.cli_files")
local configDir = ____cli_files.configDir
local ____permission_mode = require("claude-ide.util.permission_mode")
local cliKind = ____permission_mode.cliKind
local ____settings = require("claude-ide.hooks.settings")
local codexConfigFile = ____settings.codexConfigFile
local codexHasNotify = ____settings.codexHasNotify
local geminiRefuses = ____settings.geminiRefuses
local HOOK_ENTRIES = ____settings.HOOK_ENTRIES
local hookScript = ____settings.hookScript
local missingHooks = ____settings.missingHooks
local settingsDir = ____settings.settingsDir
local settingsEnvName = ____settings.settingsEnvName
local function readJson(path)
    local file = io.open(path, "r")
    if file == nil then
        return nil
    end
    local text = file:read("*a")
    file:close()
    if type(text) ~= "string" then
        return nil
    end
    local ok, value = pcall(vim.json.decode, text, {luanil = {object = true, array = true}})
    return ok and type(value) == "table" and value or nil
end
--- The folder and its parents, deepest first.
local function ancestry(dir)
    local out = {}
    local d = normalize(dir)
    do
        while true do
            out[#out + 1] = d
            local parent = vim.fs.dirname(d)
            if parent == d or parent == "" then
                break
            end
            d = parent
        end
    end
    return out
end
--- Claude Code's trust of `dir` (~/.claude.json, or $CLAUDE_CONFIG_DIR/.claude.json): the folder or a parent.
function ____exports.claudeTrusts(dir, configFile)
    local base = vim.env.CLAUDE_CONFIG_DIR
    local file = configFile or (base ~= nil and base ~= "" and base .. "/.claude.json" or vim.uv.os_homedir() .. "/.claude.json")
    local ____opt_0 = readJson(file)
    local projects = ____opt_0 and ____opt_0.projects
    if type(projects) ~= "table" then
        return false
    end
    for ____, d in ipairs(ancestry(dir)) do
        local p = projects[d]
        if type(p) == "table" and p.hasTrustDialogAccepted == true then
            return true
        end
    end
    return false
end
--- The hooks the plugin gives `client`, as the user reads them: `Stop, PreToolUse (ExitPlanMode)`.
function ____exports.hookNames(client)
    return table.concat(
        __TS__ArrayMap(
            __TS__ArrayFilter(
                HOOK_ENTRIES,
                function(____, e) return e.client == client end
            ),
            function(____, e) return e.matcher ~= nil and ((e.event .. " (") .. e.matcher) .. ")" or e.event end
        ),
        ", "
    )
end
--- Claude Code: the hooks in the --settings file :ClaudeCode writes, disableAllHooks, the folder's trust. `remote`:
-- where the CLI runs when none runs here (far/health remoteOnly): the trust lives over there, not checked here.
local function checkClaude(cwd, remote)
    local file = ((configDir() .. "/settings-") .. tostring(vim.fn.getpid())) .. ".json"
    local written = readJson(file)
    if written == nil then
        vim.health.ok("Claude Code started by :ClaudeCode gets these hooks in its --settings file: " .. ____exports.hookNames("claude"))
    else
        local missing = missingHooks("claude", written.hooks)
        if #missing == 0 then
            vim.health.ok("the claude :ClaudeCode started has every hook in its --settings file: " .. ____exports.hookNames("claude"))
        else
            vim.health.warn(
                (("the --settings file of the claude :ClaudeCode started (" .. file) .. ") lacks the hooks ") .. table.concat(missing, ", "),
                "close its terminal and start :ClaudeCode again: the file is written at each start"
            )
        end
    end
    local home = vim.uv.os_homedir()
    for ____, path in ipairs({home .. "/.claude/settings.json", cwd .. "/.claude/settings.json", cwd .. "/.claude/settings.local.json"}) do
        local ____opt_2 = readJson(path)
        if (____opt_2 and ____opt_2.disableAllHooks) == true then
            vim.health.warn(vim.fn.fnamemodify(path, ":~") .. " has disableAllHooks: Claude Code runs no hook (no turn review, no plan review)")
        end
    end
    if ____exports.claudeTrusts(cwd) then
        vim.health.ok(("Claude Code trusts " .. shown(cwd)) .. ": its hooks run here")
    elseif remote ~= nil then
        vim.health.info(((("Claude Code's trust of " .. shown(cwd)) .. " is not checked here: it does not apply, the CLI runs at ") .. remote) .. " and trusts the far folder there")
    else
        vim.health.warn(
            ("Claude Code has not trusted " .. shown(cwd)) .. " yet: it runs no hook here until you accept its trust dialog",
            {"start :ClaudeCode and answer its trust dialog (or run claude once in this folder)"}
        )
    end
end
--- The text of the user's Codex config.toml, or "".
local function codexConfig()
    local file = io.open(
        codexConfigFile(),
        "r"
    )
    if file == nil then
        return ""
    end
    local text = file:read("*a")
    file:close()
    return type(text) == "string" and text or ""
end
--- The lines of `[header]`'s table in a TOML text (up to the next header).
local function tomlTable(text, header)
    local inside = false
    local found
    for ____, line in ipairs(vim.split(text, "\n", {plain = true})) do
        local trimmed = vim.trim(line)
        if vim.startswith(trimmed, "[") then
            inside = trimmed == header
            if inside then
                found = {}
            end
        elseif inside and found ~= nil then
            found[#found + 1] = trimmed
        end
    end
    return found
end
--- Codex: notify and the hooks on its command line, whether they may run (trusted, not turned off), the folder.
local function checkCodex(cwd)
    local ownNotify = codexHasNotify()
    vim.health.ok(((("Codex started by :ClaudeCode gets " .. (ownNotify and "" or "notify (the turn's end) and ")) .. "the hooks ") .. ____exports.hookNames("codex")) .. " as -c overrides on its command line")
    if ownNotify then
        vim.health.info(vim.fn.fnamemodify(
            codexConfigFile(),
            ":~"
        ) .. " sets notify: the plugin leaves it, and the turn's end comes from the Stop hook")
    end
    local text = codexConfig()
    local features = tomlTable(text, "[features]") or ({})
    if __TS__ArraySome(
        features,
        function(____, l) return (string.match(l, "^hooks%s*=%s*false")) ~= nil or (string.match(l, "^codex_hooks%s*=%s*false")) ~= nil end
    ) then
        vim.health.warn(vim.fn.fnamemodify(
            codexConfigFile(),
            ":~"
        ) .. " turns hooks off ([features] hooks = false): no turn review")
    end
    local trusted = __TS__ArrayFilter(
        {"user_prompt_submit", "stop"},
        function(____, event) return __TS__ArraySome(
            tomlTable(text, ("[hooks.state.\"/<session-flags>/config.toml:" .. event) .. ":0:0\"]") or ({}),
            function(____, l) return vim.startswith(l, "trusted_hash") end
        ) end
    )
    if #trusted == 2 then
        vim.health.ok("Codex has trusted hooks given on its command line (UserPromptSubmit, Stop): they run")
    else
        vim.health.info("Codex runs the UserPromptSubmit / Stop hooks only once you trust them in its \"Hooks need review\" prompt (once: the commands stay the same from one start to the next); until then no turn is snapshotted, so no turn review")
    end
    local rule = __TS__ArrayFind(
        __TS__ArrayMap(
            ancestry(cwd),
            function(____, d) return tomlTable(text, ("[projects.\"" .. d) .. "\"]") end
        ),
        function(____, t) return t ~= nil end
    )
    if rule ~= nil and __TS__ArraySome(
        rule,
        function(____, l) return (string.match(l, "^trust_level%s*=%s*\"trusted\"")) ~= nil end
    ) then
        vim.health.ok("Codex trusts " .. shown(cwd))
    else
        vim.health.info(("Codex has not trusted " .. shown(cwd)) .. " yet: it asks when it starts here")
    end
end
--- `remote`: where the CLI runs when none runs beside this Neovim (far/health remoteOnly).
function ____exports.checkHooks(config, remote)
    if not config.hooks.enabled then
        vim.health.info("hooks are off (hooks.enabled = false): no turn review, the CLIs get no hooks from the plugin")
        return
    end
    local script = hookScript()
    if vim.fn.filereadable(script) ~= 1 then
        vim.health.error("the hook script is missing: " .. script, "reinstall the plugin (lua/ is part of it)")
        return
    end
    local cli = cliKind(config.terminal.command)
    local cwd = normalize(vim.fn.getcwd())
    if cli == "claude" then
        checkClaude(cwd, remote)
    elseif cli == "codex" then
        checkCodex(cwd)
    else
        local user = readJson(((vim.uv.os_homedir() .. "/.") .. cli) .. "/settings.json")
        local ____temp_4
        if cli == "gemini" then
            ____temp_4 = geminiRefuses(((settingsDir() .. "/gemini-") .. tostring(vim.fn.getpid())) .. ".json")
        else
            ____temp_4 = nil
        end
        local refused = ____temp_4
        if refused ~= nil then
            local missing = missingHooks("gemini", user and user.hooks, false)
            if #missing == 0 then
                vim.health.ok(("Gemini CLI will not read the plugin's system-defaults file (" .. refused) .. "), but ~/.gemini/settings.json has the plugin's hooks: they run")
            else
                vim.health.warn(
                    (("Gemini CLI will not read the plugin's system-defaults file (" .. refused) .. "): the gemini :ClaudeCode starts runs none of the plugin's hooks (no turn review, no plan review, no refusal reasons)") .. (#missing < #missingHooks("gemini", nil, false) and "; ~/.gemini/settings.json lacks " .. table.concat(missing, ", ") or ""),
                    ":ClaudeCodeHooks gemini prints the hooks: merge its `hooks` into ~/.gemini/settings.json"
                )
            end
        else
            vim.health.ok(((cli == "gemini" and "Gemini CLI" or "Qwen Code") .. " started by :ClaudeCode gets the hooks through ") .. tostring(settingsEnvName(cli)))
        end
        local hooksConfig = user and user.hooksConfig
        if type(hooksConfig) == "table" and hooksConfig.enabled == false then
            vim.health.warn(("~/." .. cli) .. "/settings.json has hooksConfig.enabled = false: no hook runs (no turn review)")
        end
        if cli == "qwen" then
            vim.health.info("Qwen Code runs these hooks whether or not it trusts the folder")
        end
        if cli == "gemini" then
            local trusted = readJson(vim.uv.os_homedir() .. "/.gemini/trustedFolders.json")
            local ____temp_9
            if trusted ~= nil then
                ____temp_9 = __TS__ArrayFind(
                    __TS__ArrayMap(
                        ancestry(cwd),
                        function(____, d) return trusted[d] end
                    ),
                    function(____, v) return v ~= nil end
                )
            else
                ____temp_9 = nil
            end
            local rule = ____temp_9
            if rule == "TRUST_FOLDER" or rule == "TRUST_PARENT" then
                vim.health.ok(("Gemini CLI trusts " .. shown(cwd)) .. ": its hooks run here")
            else
                vim.health.info(("Gemini CLI runs hooks only in a trusted folder; " .. cwd) .. " is not in ~/.gemini/trustedFolders.json")
            end
        end
    end
    if config.review.turn == false then
        vim.health.info("the turn review is off (review.turn = false)")
    else
        local why = snapshot.refusal(cwd)
        if why ~= nil then
            vim.health.warn("no turn review in this folder: " .. why)
        else
            vim.health.ok(((((("turn review: " .. config.review.turn) .. ", snapshots in ") .. shown(snapshot.defaultBase())) .. " (the last ") .. tostring(config.review.keep_turns)) .. " turns per session)")
        end
    end
    vim.health.info("for a CLI started outside Neovim, :ClaudeCodeHooks prints the settings to merge")
end
return ____exports
