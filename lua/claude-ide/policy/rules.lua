-- Generated from src/claude-ide/policy/rules.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__StringIncludes = ____lualib.__TS__StringIncludes
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArraySome = ____lualib.__TS__ArraySome
local ____exports = {}
local ____glob = require("claude-ide.policy.glob")
local compileGlob = ____glob.compileGlob
--- Files that are secrets by their name, withheld everywhere (not only in the project). setup()'s
-- privacy.include lifts any of them. Keep in step with the README and :help claude-ide-privacy.
____exports.SECRET_NAMES = {
    ".env",
    ".env.*",
    "*.pem",
    "*.key",
    "*.p12",
    "*.pfx",
    "*.jks",
    "*.keystore",
    "*.kdbx",
    "id_rsa*",
    "id_dsa*",
    "id_ecdsa*",
    "id_ed25519*",
    ".netrc",
    ".pgpass",
    ".git-credentials",
    ".htpasswd",
    "credentials*.json",
    ".aws/credentials",
    ".docker/config.json"
}
--- Names the built-in list would catch that are templates, not secrets: never withheld by the defaults.
____exports.NOT_SECRETS = {".env.example", ".env.sample", ".env.template", ".env.dist"}
--- Expands `~` and makes `path` absolute against `base` (no file-system access).
function ____exports.absoluteFrom(path, base, home)
    if path == "~" then
        return home
    end
    if vim.startswith(path, "~/") then
        return (home .. "/") .. string.sub(path, 3)
    end
    if vim.startswith(path, "/") then
        return path
    end
    return (base .. "/") .. path
end
--- A Claude Code Read() pattern: `//abs` from the file system root, `~/x` from home, `/x` from the settings
-- file's project, `./x` or `x` from the cwd (Claude Code's documented forms); gitignore rules otherwise.
local function claudeGlob(pattern, project, cwd, home)
    if vim.startswith(pattern, "//") then
        return compileGlob(
            string.sub(pattern, 2),
            "/"
        )
    end
    if vim.startswith(pattern, "~/") then
        return compileGlob(
            "/" .. string.sub(pattern, 3),
            home
        )
    end
    if vim.startswith(pattern, "/") then
        return compileGlob(pattern, project)
    end
    return compileGlob(pattern, cwd)
end
--- A setup() pattern: absolute or `~/` anchored there, one with a `/` inside from the cwd, a bare name anywhere.
local function setupGlob(pattern, cwd, home)
    if vim.startswith(pattern, "/") then
        return compileGlob(pattern, "/")
    end
    if vim.startswith(pattern, "~/") then
        return compileGlob(
            "/" .. string.sub(pattern, 3),
            home
        )
    end
    local inner = (string.find((string.gsub(pattern, "/$", "")), "/", 1, true)) ~= nil
    return compileGlob(pattern, inner and cwd or "/")
end
--- The parenthesized part of a `Read(...)` permission rule, or undefined for any other rule.
function ____exports.readRulePattern(entry)
    local inner = string.match(entry, "^%s*Read%((.*)%)%s*$")
    return inner ~= nil and inner ~= "" and inner or nil
end
--- The rule set at one moment: compile once, ask for many paths (a project search asks per file).
____exports.Rules = __TS__Class()
local Rules = ____exports.Rules
Rules.name = "Rules"
function Rules.prototype.____constructor(self, input)
    self.deny = {}
    self.named = {}
    self.lifted = {}
    for ____, file in ipairs(input.settings) do
        for ____, pattern in ipairs(file.deny) do
            local glob = claudeGlob(pattern, file.project, input.cwd, input.home)
            if glob ~= nil then
                local ____self_deny_0 = self.deny
                ____self_deny_0[#____self_deny_0 + 1] = {glob = glob, why = {rule = ("Read(" .. pattern) .. ")", source = "permissions.deny of " .. file.path, lift = ("removing that entry from " .. file.path) .. " (Claude Code's own Read tool honours it too)"}}
            end
        end
    end
    for ____, pattern in ipairs(input.exclude) do
        local glob = setupGlob(pattern, input.cwd, input.home)
        if glob ~= nil then
            local ____self_named_1 = self.named
            ____self_named_1[#____self_named_1 + 1] = {glob = glob, why = {rule = ("the pattern \"" .. pattern) .. "\"", source = "privacy.exclude of setup()", lift = "removing it from privacy.exclude in setup()"}}
        end
    end
    for ____, pattern in ipairs(____exports.SECRET_NAMES) do
        local glob = compileGlob(
            __TS__StringIncludes(pattern, "/") and "**/" .. pattern or pattern,
            "/"
        )
        local ____self_named_2 = self.named
        ____self_named_2[#____self_named_2 + 1] = {glob = glob, why = {rule = ("the built-in pattern \"" .. pattern) .. "\"", source = "claude-ide's secret-file names", lift = ("setup({ privacy = { include = { \"" .. pattern) .. "\" } } })"}}
    end
    local ____array_4 = __TS__SparseArrayNew(unpack(____exports.NOT_SECRETS))
    __TS__SparseArrayPush(
        ____array_4,
        unpack(input.include)
    )
    for ____, pattern in ipairs({__TS__SparseArraySpread(____array_4)}) do
        local glob = setupGlob(pattern, input.cwd, input.home)
        if glob ~= nil then
            local ____self_lifted_3 = self.lifted
            ____self_lifted_3[#____self_lifted_3 + 1] = glob
        end
    end
end
function Rules.prototype.withheld(self, path)
    for ____, c in ipairs(self.deny) do
        if c.glob.matches(path) then
            return c.why
        end
    end
    for ____, c in ipairs(self.named) do
        do
            if not c.glob.matches(path) then
                goto __continue32
            end
            if __TS__ArraySome(
                self.lifted,
                function(____, g) return g.matches(path) end
            ) then
                return nil
            end
            return c.why
        end
        ::__continue32::
    end
    return nil
end
function Rules.prototype.counts(self)
    return {deny = #self.deny, named = #self.named, lifted = #self.lifted}
end
--- The refusal text for a withheld path (`ERROR: ` is put in front by the caller's error rendering).
function ____exports.withheldMessage(display, why)
    return (((((display .. " is withheld from the model by ") .. why.rule) .. " (") .. why.source) .. "); the user can lift it with ") .. why.lift
end
return ____exports
