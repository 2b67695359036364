-- Generated from src/claude-ide/hooks/health.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local snapshot = require("claude-ide.editor.snapshot")
local ____settings = require("claude-ide.hooks.settings")
local geminiRefuses = ____settings.geminiRefuses
local hookScript = ____settings.hookScript
local missingGeminiHooks = ____settings.missingGeminiHooks
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
local function cliOf(config)
    local program = string.match(config.terminal.command, "^%s*(%S+)")
    local name = program ~= nil and vim.fn.fnamemodify(program, ":t") or ""
    return name == "gemini" and "gemini" or (name == "qwen" and "qwen" or "claude")
end
function ____exports.checkHooks(config)
    if not config.hooks.enabled then
        vim.health.info("hooks are off (hooks.enabled = false): no turn review, the CLIs get no hooks from the plugin")
        return
    end
    local script = hookScript()
    if vim.fn.filereadable(script) ~= 1 then
        vim.health.error("the hook script is missing: " .. script, "reinstall the plugin (lua/ is part of it)")
        return
    end
    local cli = cliOf(config)
    local cwd = normalize(vim.fn.getcwd())
    if cli == "claude" then
        vim.health.ok("Claude Code started by :ClaudeCode gets the hooks in its --settings file (UserPromptSubmit, Stop, PostToolUse)")
        local settings = readJson(vim.uv.os_homedir() .. "/.claude/settings.json")
        if (settings and settings.disableAllHooks) == true then
            vim.health.warn("~/.claude/settings.json has disableAllHooks: Claude Code runs no hook (no turn review)")
        end
        if ____exports.claudeTrusts(cwd) then
            vim.health.ok(("Claude Code trusts " .. cwd) .. ": its hooks run here")
        else
            vim.health.warn(("Claude Code has not trusted " .. cwd) .. " yet: it runs no hook here until you accept its trust dialog", {"start :ClaudeCode and answer its trust dialog (or run claude once in this folder)"})
        end
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
            local missing = missingGeminiHooks(user)
            if #missing == 0 then
                vim.health.ok(("Gemini CLI will not read the plugin's system-defaults file (" .. refused) .. "), but ~/.gemini/settings.json has the plugin's hooks: they run")
            else
                vim.health.warn(
                    (("Gemini CLI will not read the plugin's system-defaults file (" .. refused) .. "): the gemini :ClaudeCode starts runs none of the plugin's hooks (no turn review, no plan review, no refusal reasons)") .. (#missing < #missingGeminiHooks(nil) and "; ~/.gemini/settings.json lacks " .. table.concat(missing, ", ") or ""),
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
        if cli == "gemini" then
            local trusted = readJson(vim.uv.os_homedir() .. "/.gemini/trustedFolders.json")
            local ____temp_7
            if trusted ~= nil then
                ____temp_7 = __TS__ArrayFind(
                    __TS__ArrayMap(
                        ancestry(cwd),
                        function(____, d) return trusted[d] end
                    ),
                    function(____, v) return v ~= nil end
                )
            else
                ____temp_7 = nil
            end
            local rule = ____temp_7
            if rule == "TRUST_FOLDER" or rule == "TRUST_PARENT" then
                vim.health.ok(("Gemini CLI trusts " .. cwd) .. ": its hooks run here")
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
            vim.health.ok(((((("turn review: " .. config.review.turn) .. ", snapshots in ") .. snapshot.defaultBase()) .. " (the last ") .. tostring(config.review.keep_turns)) .. " turns per session)")
        end
    end
    vim.health.info("for a CLI started outside Neovim, :ClaudeCodeHooks prints the settings to merge")
end
return ____exports
