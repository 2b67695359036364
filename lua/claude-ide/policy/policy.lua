-- Generated from src/claude-ide/policy/policy.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____lockfile = require("claude-ide.discovery.lockfile")
local workspaceFolders = ____lockfile.workspaceFolders
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local readSmallFile = ____fs.readSmallFile
local ____rules = require("claude-ide.policy.rules")
local absoluteFrom = ____rules.absoluteFrom
local readRulePattern = ____rules.readRulePattern
local Rules = ____rules.Rules
local withheldMessage = ____rules.withheldMessage
--- Settings files are small; a larger one is not read (and says so in :checkhealth).
local MAX_SETTINGS_BYTES = 1024 * 1024
--- The home folder, normalized.
local function home()
    return normalize(vim.uv.os_homedir() or "/")
end
--- Claude Code's user settings: `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`.
function ____exports.userSettingsPath()
    local dir = vim.env.CLAUDE_CONFIG_DIR
    return dir ~= nil and dir ~= "" and normalize(dir) .. "/settings.json" or home() .. "/.claude/settings.json"
end
--- The real path of `path`, also for one that does not exist yet (a file edit may create): the real path of
-- its deepest existing folder with the rest appended.
function ____exports.realPath(path)
    local real = vim.uv.fs_realpath(path)
    if real ~= nil then
        return real
    end
    local parent, name = string.match(path, "^(.*)/([^/]+)$")
    if parent == nil or name == nil then
        return path
    end
    local realParent = ____exports.realPath(parent == "" and "/" or parent)
    return realParent == "/" and "/" .. name or (realParent .. "/") .. name
end
local function under(path, root)
    return path == root or root == "/" or string.sub(path, 1, #root + 1) == root .. "/"
end
local function stringList(value)
    if type(value) ~= "table" or not vim.islist(value) then
        return {}
    end
    return __TS__ArrayFilter(
        value,
        function(____, v) return type(v) == "string" end
    )
end
local function parseSettings(path, project, data)
    local file = {path = path, project = project, deny = {}, additionalDirectories = {}}
    local ok, decoded = pcall(vim.json.decode, data, {luanil = {object = true, array = true}})
    if not ok or type(decoded) ~= "table" then
        file.error = ok and "not a JSON object" or tostring(decoded)
        return file
    end
    local perms = decoded.permissions
    if type(perms) ~= "table" then
        return file
    end
    local p = perms
    for ____, entry in ipairs(stringList(p.deny)) do
        local pattern = readRulePattern(entry)
        if pattern ~= nil then
            local ____file_deny_0 = file.deny
            ____file_deny_0[#____file_deny_0 + 1] = pattern
        end
    end
    file.additionalDirectories = stringList(p.additionalDirectories)
    return file
end
____exports.Policy = __TS__Class()
local Policy = ____exports.Policy
Policy.name = "Policy"
function Policy.prototype.____constructor(self, config)
    self.config = config
    self.cache = {}
end
function Policy.prototype.settings(self, cwd)
    if cwd == nil then
        cwd = normalize(vim.fn.getcwd())
    end
    local out = {}
    local candidates = {
        {"/etc/claude-code/managed-settings.json", cwd},
        {"/Library/Application Support/ClaudeCode/managed-settings.json", cwd},
        {
            ____exports.userSettingsPath(),
            cwd
        },
        {cwd .. "/.claude/settings.json", cwd},
        {cwd .. "/.claude/settings.local.json", cwd}
    }
    for ____, ____value in ipairs(candidates) do
        local path = ____value[1]
        local project = ____value[2]
        do
            local stat = vim.uv.fs_stat(path)
            if stat == nil then
                self.cache[path] = nil
                goto __continue19
            end
            local stamp = (((((((project .. "|") .. tostring(stat.mtime.sec)) .. ".") .. tostring(stat.mtime.nsec)) .. "|") .. tostring(stat.size)) .. "|") .. tostring(stat.ino)
            local hit = self.cache[path]
            if hit ~= nil and hit.stamp == stamp then
                out[#out + 1] = hit.file
                goto __continue19
            end
            local data = readSmallFile(path, MAX_SETTINGS_BYTES)
            local file = data == nil and ({
                path = path,
                project = project,
                deny = {},
                additionalDirectories = {},
                error = "not a readable file of at most 1 MiB"
            }) or parseSettings(path, project, data)
            self.cache[path] = {stamp = stamp, file = file}
            out[#out + 1] = file
        end
        ::__continue19::
    end
    return out
end
function Policy.prototype.rules(self)
    local cwd = normalize(vim.fn.getcwd())
    local now = vim.uv.now()
    if self.compiled ~= nil and self.compiled.checked == now and self.compiled.cwd == cwd then
        return self.compiled.rules
    end
    local settings = self:settings(cwd)
    local key = (cwd .. "\n") .. table.concat(
        __TS__ArrayMap(
            settings,
            function(____, s) return self.cache[s.path].stamp end
        ),
        "\n"
    )
    local ____opt_1 = self.compiled
    if (____opt_1 and ____opt_1.key) == key then
        self.compiled.checked = now
        return self.compiled.rules
    end
    local rules = __TS__New(
        Rules,
        {
            cwd = cwd,
            home = home(),
            settings = settings,
            exclude = self.config.privacy.exclude,
            include = self.config.privacy.include
        }
    )
    self.compiled = {key = key, rules = rules, cwd = cwd, checked = now}
    return rules
end
function Policy.prototype.withheld(self, path, rules, real)
    if rules == nil then
        rules = self:rules()
    end
    local why = rules:withheld(path)
    if why ~= nil then
        return why
    end
    if real == nil then
        real = ____exports.realPath(path)
    end
    local ____temp_3
    if real ~= path then
        ____temp_3 = rules:withheld(real)
    else
        ____temp_3 = nil
    end
    return ____temp_3
end
function Policy.prototype.roots(self)
    local cwd = normalize(vim.fn.getcwd())
    local h = home()
    local out = {}
    local seen = {}
    local function add(path, why)
        local real = ____exports.realPath(normalize(path))
        if seen[real] ~= nil then
            return
        end
        seen[real] = true
        out[#out + 1] = {path = real, why = why}
    end
    add(cwd, "Neovim's cwd")
    for ____, folder in ipairs(workspaceFolders()) do
        add(folder, "an LSP workspace folder")
    end
    for ____, file in ipairs(self:settings(cwd)) do
        for ____, dir in ipairs(file.additionalDirectories) do
            add(
                absoluteFrom(dir, file.project, h),
                "permissions.additionalDirectories of " .. file.path
            )
        end
    end
    for ____, dir in ipairs(self.config.privacy.folders) do
        add(
            absoluteFrom(dir, cwd, h),
            "privacy.folders of setup()"
        )
    end
    return out
end
function Policy.prototype.inside(self, path, roots)
    if roots == nil then
        roots = self:roots()
    end
    local real = ____exports.realPath(path)
    for ____, r in ipairs(roots) do
        if under(real, r.path) then
            return true
        end
    end
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        do
            if vim.api.nvim_get_option_value("buflisted", {buf = buf}) ~= true then
                goto __continue44
            end
            local name = vim.api.nvim_buf_get_name(buf)
            if name ~= "" and (name == path or ____exports.realPath(normalize(name)) == real) then
                return true
            end
        end
        ::__continue44::
    end
    return false
end
function Policy.prototype.refusal(self, path, display)
    if display == nil then
        display = path
    end
    if path == "" then
        return nil
    end
    local roots = self:roots()
    if not self:inside(path, roots) then
        local names = table.concat(
            __TS__ArrayMap(
                roots,
                function(____, r) return r.path end
            ),
            ", "
        )
        return ((display .. " is outside the workspace (") .. names) .. "); the user can add it with setup({ privacy = { folders = { ... } } }), a permissions.additionalDirectories entry in Claude Code's settings, or by opening the file in Neovim"
    end
    local why = self:withheld(path)
    return why ~= nil and withheldMessage(display, why) or nil
end
return ____exports
