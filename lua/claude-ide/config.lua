-- Generated from src/claude-ide/config.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local allStrings, describe, distance, suggest, targetsError, RULES, GROUPS, TARGET_KEYS
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
function allStrings(t)
    for ____, s in pairs(t) do
        if type(s) ~= "string" then
            return false
        end
    end
    return true
end
function describe(value)
    if type(value) == "string" then
        return ("\"" .. value) .. "\""
    end
    if type(value) == "table" then
        return "a table"
    end
    return tostring(value)
end
function distance(a, b)
    local prev = {}
    do
        local j = 0
        while j <= #b do
            prev[j + 1] = j
            j = j + 1
        end
    end
    do
        local i = 1
        while i <= #a do
            local cur = {i}
            do
                local j = 1
                while j <= #b do
                    local cost = string.sub(a, i, i) == string.sub(b, j, j) and 0 or 1
                    cur[j + 1] = math.min(prev[j + 1] + 1, cur[j] + 1, prev[j] + cost)
                    j = j + 1
                end
            end
            prev = cur
            i = i + 1
        end
    end
    return prev[#b + 1]
end
function suggest(path)
    local best
    local bestDistance = math.max(
        2,
        math.floor(#path / 3)
    ) + 1
    for ____, names in ipairs({RULES, GROUPS}) do
        for candidate in pairs(names) do
            local d = distance(path, candidate)
            if d < bestDistance then
                best = candidate
                bestDistance = d
            end
        end
    end
    return best ~= nil and (" (did you mean \"" .. best) .. "\"?)" or ""
end
function targetsError(v)
    if type(v) ~= "table" or vim.islist(v) and not vim.tbl_isempty(v) then
        return "option \"remote.targets\" must be a table of named targets, got " .. describe(v)
    end
    for name, t in pairs(v) do
        local at = "remote.targets." .. tostring(name)
        if type(name) ~= "string" or (string.find(name, "^[%w_.-]+$")) == nil then
            return ("option \"remote.targets\" has a target named " .. describe(name)) .. ": names are letters, digits, \"_\", \".\" and \"-\""
        end
        if type(t) ~= "table" or vim.islist(t) then
            return (("option \"" .. at) .. "\" must be a table, got ") .. describe(t)
        end
        for key in pairs(t) do
            if TARGET_KEYS[key] ~= true then
                return ((("unknown option \"" .. at) .. ".") .. tostring(key)) .. "\""
            end
        end
        local target = t
        local command = target.command
        if type(command) ~= "table" or not vim.islist(command) or vim.tbl_isempty(command) or not allStrings(command) then
            return ("option \"" .. at) .. ".command\" must be a non-empty list of words, e.g. { \"ssh\", \"-t\", \"devbox\" }"
        end
        local folders = target.folders
        if type(folders) ~= "table" or vim.tbl_isempty(folders) or vim.islist(folders) then
            return ("option \"" .. at) .. ".folders\" must be a table far folder = local folder, e.g. { [\"/workspace\"] = \"~/proj\" }"
        end
        for far, near in pairs(folders) do
            if type(far) ~= "string" or string.sub(far, 1, 1) ~= "/" then
                return ((("option \"" .. at) .. ".folders\" must have absolute far folders (got ") .. describe(far)) .. ")"
            end
            if type(near) ~= "string" or near == "" then
                return ((((("option \"" .. at) .. ".folders\" must map ") .. tostring(far)) .. " to a local folder (got ") .. describe(near)) .. ")"
            end
        end
        local forward = target.forward
        local words = type(forward) == "table" and vim.islist(forward) and not vim.tbl_isempty(forward) and allStrings(forward)
        if forward ~= nil and forward ~= "ssh" and forward ~= "none" and not words then
            return (("option \"" .. at) .. ".forward\" must be \"ssh\", \"none\" or a command's words with {port}, got ") .. describe(forward)
        end
        for ____, key in ipairs({"host", "cli"}) do
            if target[key] ~= nil and (type(target[key]) ~= "string" or target[key] == "") then
                return (((("option \"" .. at) .. ".") .. key) .. "\" must be a non-empty string, got ") .. describe(target[key])
            end
        end
        if target.env ~= nil and (type(target.env) ~= "table" or not allStrings(target.env)) then
            return ("option \"" .. at) .. ".env\" must be a table of string values"
        end
    end
    return nil
end
--- Loaded only to check a permission mode that not every CLI has (setup() loads no more than it needs).
local permissionMode = lazy("claude-ide.util.permission_mode")
--- The terminal.permission_mode values every CLI has (util/permission_mode MODES).
local EVERY_CLI_MODE = {default = true, manual = true}
---
-- @defaults-start (the block up to
-- @defaults-end is copied verbatim into the help file)
____exports.DEFAULTS = {
    auto_start = true,
    port_range = nil,
    log_level = "warn",
    max_message_bytes = 64 * 1024 * 1024,
    handshake_timeout_ms = 5000,
    keepalive = {interval_ms = 30000, timeout_ms = 60000},
    allowed_origins = {},
    selection = {enabled = true, debounce_ms = 100},
    mentions = {queue_ttl_ms = 5 * 60 * 1000, settle_ms = 1000},
    which_key = {prefix = "<leader>a", name = "ai"},
    terminal = {
        command = "claude",
        provider = "auto",
        side = "right",
        width = 0.4,
        height = 0.3,
        auto_close = true,
        env = {},
        permission_mode = "default",
        editor = "split",
        keymaps = {
            normal = "<C-\\><C-n>",
            window_left = "<C-h>",
            window_down = "<C-j>",
            window_up = "<C-k>",
            window_right = "<C-l>"
        }
    },
    diff = {layout = "auto", keymaps = {
        accept = false,
        open = "<CR>",
        reject = "q",
        reject_with_reason = "Q",
        note = "gn",
        request_changes = "gQ",
        take_hunk = "gh",
        drop_hunk = "gH",
        next_hunk = "]c",
        prev_hunk = "[c"
    }, open_in_new_tab = true, focus = "auto"},
    agent = {
        in_terminal = true,
        review = true,
        execute = "off",
        lsp_timeout_ms = 5000,
        tools = {},
        search = {
            rg = "rg",
            timeout_ms = 10000,
            max_file_bytes = 1024 * 1024,
            max_files = 100000,
            max_output_bytes = 8 * 1024 * 1024
        }
    },
    companion = {enabled = "auto", name = nil, debounce_ms = 50},
    hooks = {enabled = true},
    remote = {targets = {}, target = false},
    review = {turn = "auto", keep_turns = 20, max_file_bytes = 1024 * 1024, inline = false},
    privacy = {exclude = {}, include = {}, folders = {}},
    execute_code = false,
    execute_code_opts = {interpreter = {"python3"}, timeout_ms = 30000, log_file = nil}
}
---
-- @defaults-end
local LOG_LEVELS = {
    "trace",
    "debug",
    "info",
    "warn",
    "error",
    "off"
}
local function isInt(v)
    return type(v) == "number" and math.floor(v) == v
end
local function between(lo, hi)
    return function(v) return isInt(v) and v >= lo and v <= hi end
end
local function oneOf(values)
    return function(v) return type(v) == "string" and vim.list_contains(values, v) end
end
local bool = {
    expected = "a boolean",
    check = function(v) return type(v) == "boolean" end
}
local positiveMs = {
    expected = "a positive integer (milliseconds)",
    check = between(1, 2 ^ 31)
}
local nonEmptyString = {
    expected = "a non-empty string",
    check = function(v) return type(v) == "string" and v ~= "" end
}
local optionalKey = {
    expected = "a key (non-empty string) or false",
    check = function(v) return v == false or type(v) == "string" and v ~= "" end
}
local size = {
    expected = "a positive number (fraction < 1 or cells >= 1)",
    check = function(v) return type(v) == "number" and v > 0 end
}
local stringList = {
    expected = "a list of strings",
    check = function(v) return type(v) == "table" and vim.islist(v) and allStrings(v) end
}
local stringMap = {
    expected = "a table of string values",
    check = function(v) return type(v) == "table" and not (vim.islist(v) and not vim.tbl_isempty(v)) and allStrings(v) end
}
RULES = {
    auto_start = bool,
    port_range = {
        expected = "nil or a list { min, max } of ports with 1024 <= min <= max <= 65535",
        optional = true,
        check = function(v)
            if type(v) ~= "table" or not vim.islist(v) or #v ~= 2 then
                return false
            end
            local lo, hi = unpack(v, 1, 2)
            return between(1024, 65535)(lo) and between(1024, 65535)(hi) and lo <= hi
        end
    },
    log_level = {
        expected = ("one of \"" .. table.concat(LOG_LEVELS, "\", \"")) .. "\"",
        check = oneOf(LOG_LEVELS)
    },
    max_message_bytes = {
        expected = "an integer between 1024 and 2147483647",
        check = between(1024, 2 ^ 31 - 1)
    },
    handshake_timeout_ms = positiveMs,
    ["keepalive.interval_ms"] = positiveMs,
    ["keepalive.timeout_ms"] = positiveMs,
    allowed_origins = stringList,
    ["selection.enabled"] = bool,
    ["selection.debounce_ms"] = {
        expected = "an integer >= 0 (milliseconds)",
        check = between(0, 2 ^ 31)
    },
    ["mentions.queue_ttl_ms"] = positiveMs,
    ["mentions.settle_ms"] = {
        expected = "an integer >= 0 (milliseconds)",
        check = between(0, 2 ^ 31)
    },
    ["which_key.prefix"] = optionalKey,
    ["which_key.name"] = nonEmptyString,
    ["terminal.command"] = nonEmptyString,
    ["terminal.provider"] = {
        expected = "\"auto\", \"native\" or \"snacks\"",
        check = oneOf({"auto", "native", "snacks"})
    },
    ["terminal.side"] = {
        expected = "\"left\", \"right\", \"top\", \"bottom\" or \"float\"",
        check = oneOf({
            "left",
            "right",
            "top",
            "bottom",
            "float"
        })
    },
    ["terminal.width"] = size,
    ["terminal.height"] = size,
    ["terminal.auto_close"] = bool,
    ["terminal.env"] = stringMap,
    ["terminal.permission_mode"] = {
        expected = "a permission mode name or false",
        check = function(v) return v == false or type(v) == "string" and (string.match(v, "^[%w_-]+$")) ~= nil end
    },
    ["terminal.editor"] = {
        expected = "\"split\", \"float\", \"tab\" or false",
        check = function(v) return v == false or oneOf({"split", "float", "tab"})(v) end
    },
    ["terminal.keymaps.normal"] = optionalKey,
    ["terminal.keymaps.window_left"] = optionalKey,
    ["terminal.keymaps.window_down"] = optionalKey,
    ["terminal.keymaps.window_up"] = optionalKey,
    ["terminal.keymaps.window_right"] = optionalKey,
    ["diff.layout"] = {
        expected = "\"vertical\", \"horizontal\", \"unified\" or \"auto\"",
        check = oneOf({"vertical", "horizontal", "unified", "auto"})
    },
    ["diff.keymaps.accept"] = optionalKey,
    ["diff.keymaps.open"] = optionalKey,
    ["diff.keymaps.reject"] = nonEmptyString,
    ["diff.keymaps.reject_with_reason"] = optionalKey,
    ["diff.keymaps.note"] = optionalKey,
    ["diff.keymaps.request_changes"] = optionalKey,
    ["diff.keymaps.take_hunk"] = optionalKey,
    ["diff.keymaps.drop_hunk"] = optionalKey,
    ["diff.keymaps.next_hunk"] = optionalKey,
    ["diff.keymaps.prev_hunk"] = optionalKey,
    ["diff.open_in_new_tab"] = bool,
    ["diff.focus"] = {
        expected = "\"auto\", \"always\" or \"never\"",
        check = oneOf({"auto", "always", "never"})
    },
    ["agent.in_terminal"] = bool,
    ["agent.review"] = bool,
    ["agent.execute"] = {
        expected = "\"off\", \"ask\" or \"allow\"",
        check = oneOf({"off", "ask", "allow"})
    },
    ["agent.lsp_timeout_ms"] = positiveMs,
    ["agent.search.rg"] = {
        expected = "a command or path (non-empty string) or false",
        check = function(v) return v == false or type(v) == "string" and v ~= "" end
    },
    ["agent.search.timeout_ms"] = positiveMs,
    ["agent.search.max_file_bytes"] = {
        expected = "a positive integer (bytes)",
        check = between(1, 2 ^ 31)
    },
    ["agent.search.max_files"] = {
        expected = "a positive integer",
        check = between(1, 2 ^ 31)
    },
    ["agent.search.max_output_bytes"] = {
        expected = "a positive integer (bytes)",
        check = between(1, 2 ^ 31)
    },
    ["companion.enabled"] = {
        expected = "true, false or \"auto\"",
        check = function(v) return type(v) == "boolean" or v == "auto" end
    },
    ["companion.name"] = {expected = "nil or a non-empty string", optional = true, check = nonEmptyString.check},
    ["companion.debounce_ms"] = {
        expected = "an integer >= 0 (milliseconds)",
        check = between(0, 2 ^ 31)
    },
    ["agent.tools"] = {
        expected = "a list of tool specs (:help claude-ide-agent-tools)",
        check = function(v) return type(v) == "table" and vim.islist(v) end
    },
    ["hooks.enabled"] = bool,
    ["remote.targets"] = {
        expected = "a table of targets: name = { command = { words }, folders = { [far] = local }, ... }",
        check = function(v) return targetsError(v) == nil end
    },
    ["remote.target"] = optionalKey,
    ["review.turn"] = {
        expected = "\"auto\", \"manual\" or false",
        check = function(v) return v == "auto" or v == "manual" or v == false end
    },
    ["review.keep_turns"] = {
        expected = "an integer between 1 and 1000",
        check = between(1, 1000)
    },
    ["review.max_file_bytes"] = {
        expected = "a positive integer (bytes)",
        check = between(1, 2 ^ 31)
    },
    ["review.inline"] = bool,
    ["privacy.exclude"] = stringList,
    ["privacy.include"] = stringList,
    ["privacy.folders"] = stringList,
    execute_code = bool,
    ["execute_code_opts.interpreter"] = {
        expected = "a non-empty list of strings",
        check = function(v) return stringList.check(v) and #v > 0 end
    },
    ["execute_code_opts.timeout_ms"] = positiveMs,
    ["execute_code_opts.log_file"] = {
        expected = "nil or a path string",
        optional = true,
        check = function(v) return type(v) == "string" end
    }
}
GROUPS = {}
for path in pairs(RULES) do
    local from = 1
    do
        while true do
            local dot = string.find(path, ".", from, true)
            if dot == nil then
                break
            end
            GROUPS[string.sub(path, 1, dot - 1)] = true
            from = dot + 1
        end
    end
end
--- Walks the user's table; returns an error message naming the first wrong key, or undefined.
local function check(user, prefix)
    for key, value in pairs(user) do
        do
            if type(key) ~= "string" then
                return (("option keys must be strings (got " .. tostring(key)) .. (prefix == "" and "" or (" in \"" .. prefix) .. "\"")) .. ")"
            end
            local path = prefix == "" and key or (prefix .. ".") .. key
            if GROUPS[path] then
                if type(value) ~= "table" or vim.islist(value) and not vim.tbl_isempty(value) then
                    return (("option \"" .. path) .. "\" must be a table, got ") .. describe(value)
                end
                local err = check(value, path)
                if err ~= nil then
                    return err
                end
                goto __continue35
            end
            local rule = RULES[path]
            if rule == nil then
                return (("unknown option \"" .. path) .. "\"") .. suggest(path)
            end
            if value == vim.NIL and rule.optional then
                goto __continue35
            end
            if not rule.check(value) then
                return (((("option \"" .. path) .. "\" must be ") .. rule.expected) .. ", got ") .. describe(value)
            end
        end
        ::__continue35::
    end
    return nil
end
TARGET_KEYS = {
    command = true,
    folders = true,
    forward = true,
    host = true,
    cli = true,
    env = true
}
--- remote.targets.<name> with every key filled in (forward "ssh" for an ssh command, else "none").
function ____exports.remoteTarget(config, name)
    local t = config.remote.targets[name]
    if t == nil or t.command == nil then
        return nil
    end
    local program = string.match(t.command[1], "([^/]+)$")
    return {
        command = t.command,
        folders = t.folders or ({}),
        forward = t.forward or (program == "ssh" and "ssh" or "none"),
        host = t.host or "127.0.0.1",
        cli = t.cli or "claude",
        env = t.env or ({})
    }
end
--- Merges `user` over DEFAULTS. Never throws: a wrong option yields `{ ok: false, error }` naming it.
function ____exports.validate(user)
    if user == nil then
        return {
            ok = true,
            config = vim.deepcopy(____exports.DEFAULTS)
        }
    end
    if type(user) ~= "table" or vim.islist(user) and not vim.tbl_isempty(user) then
        return {
            ok = false,
            error = "setup() expects a table of options, got " .. describe(user)
        }
    end
    local ____opt_0 = user.remote
    local targets = ____opt_0 and ____opt_0.targets
    if targets ~= nil then
        local wrong = targetsError(targets)
        if wrong ~= nil then
            return {ok = false, error = wrong}
        end
    end
    local err = check(user, "")
    if err ~= nil then
        return {ok = false, error = err}
    end
    local merged = vim.tbl_deep_extend(
        "force",
        vim.deepcopy(____exports.DEFAULTS),
        user
    )
    local u = user
    if u.allowed_origins ~= nil then
        merged.allowed_origins = vim.list_slice(u.allowed_origins)
    end
    if u.port_range ~= nil then
        local ____temp_2
        if u.port_range == vim.NIL then
            ____temp_2 = nil
        else
            ____temp_2 = {u.port_range[1], u.port_range[2]}
        end
        merged.port_range = ____temp_2
    end
    local ____opt_3 = u.agent
    if (____opt_3 and ____opt_3.tools) ~= nil then
        merged.agent.tools = vim.list_slice(u.agent.tools)
    end
    for ____, key in ipairs({"exclude", "include", "folders"}) do
        local ____opt_5 = u.privacy
        local list = ____opt_5 and ____opt_5[key]
        if list ~= nil then
            merged.privacy[key] = vim.list_slice(list)
        end
    end
    local ____opt_7 = u.execute_code_opts
    local interp = ____opt_7 and ____opt_7.interpreter
    if interp ~= nil then
        merged.execute_code_opts.interpreter = vim.list_slice(interp)
    end
    local mode = merged.terminal.permission_mode
    if mode ~= false and EVERY_CLI_MODE[mode] ~= true then
        local wrong = permissionMode().modeError(merged.terminal.command, mode)
        if wrong ~= nil then
            return {ok = false, error = wrong}
        end
    end
    if merged.remote.target ~= false and merged.remote.targets[merged.remote.target] == nil then
        return {ok = false, error = ("option \"remote.target\" names \"" .. merged.remote.target) .. "\", which remote.targets does not have"}
    end
    return {ok = true, config = merged}
end
--- The program terminal.command runs (its first word, without folders).
local function terminalProgram(config)
    local first = string.match(config.terminal.command, "^%s*(%S+)")
    return first ~= nil and vim.fn.fnamemodify(first, ":t") or ""
end
--- companion.enabled resolved: "auto" is on when terminal.command runs gemini or qwen.
function ____exports.companionEnabled(config)
    local enabled = config.companion.enabled
    if enabled ~= "auto" then
        return enabled
    end
    local program = terminalProgram(config)
    return program == "gemini" or program == "qwen"
end
--- The companion CLI's name as review titles show it.
function ____exports.companionName(config)
    if config.companion.name ~= nil then
        return config.companion.name
    end
    return terminalProgram(config) == "qwen" and "Qwen Code" or "Gemini CLI"
end
return ____exports
