-- Generated from src/claude-ide/policy/health.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____policy = require("claude-ide.policy.policy")
local Policy = ____policy.Policy
local userSettingsPath = ____policy.userSettingsPath
local ____rules = require("claude-ide.policy.rules")
local NOT_SECRETS = ____rules.NOT_SECRETS
local SECRET_NAMES = ____rules.SECRET_NAMES
local ____fs = require("claude-ide.util.fs")
local shown = ____fs.shown
local ____words = require("claude-ide.util.words")
local plural = ____words.plural
function ____exports.checkPolicy(config)
    local policy = __TS__New(Policy, config)
    local files = policy:settings()
    local found = {}
    for ____, f in ipairs(files) do
        found[f.path] = true
        local what = ((plural(#f.deny, "Read() deny pattern") .. (#f.deny > 0 and (" (" .. table.concat(f.deny, ", ")) .. ")" or "")) .. ", ") .. plural(#f.additionalDirectories, "additional directory", "additional directories")
        if f.error ~= nil then
            vim.health.warn(
                ((shown(f.path) .. ": not used (") .. f.error) .. ")",
                "Claude Code reads it as strict JSON: fix it there"
            )
        else
            vim.health.ok((shown(f.path) .. ": ") .. what)
        end
    end
    local cwd = vim.fn.getcwd()
    for ____, path in ipairs({
        userSettingsPath(),
        cwd .. "/.claude/settings.json",
        cwd .. "/.claude/settings.local.json"
    }) do
        if not (found[path] ~= nil) then
            vim.health.info(shown(path) .. ": not present")
        end
    end
    vim.health.info((((("built-in secret names (" .. tostring(#SECRET_NAMES)) .. "): ") .. table.concat(SECRET_NAMES, " ")) .. "; never withheld: ") .. table.concat(NOT_SECRETS, " "))
    local p = config.privacy
    vim.health.info((("setup() privacy.exclude: " .. (#p.exclude > 0 and table.concat(p.exclude, " ") or "none")) .. "; privacy.include: ") .. (#p.include > 0 and table.concat(p.include, " ") or "none"))
    for ____, root in ipairs(policy:roots()) do
        vim.health.ok(((("workspace root " .. shown(root.path)) .. " (") .. root.why) .. ")")
    end
    vim.health.info("and every file open in a listed buffer; anything else is outside the workspace for the model")
end
return ____exports
