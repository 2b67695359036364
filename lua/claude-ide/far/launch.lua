-- Generated from src/claude-ide/far/launch.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local ____exports = {}
--- A word for a POSIX shell: single-quoted unless it needs nothing.
function ____exports.shellWord(word)
    if word ~= "" and (string.find(word, "^[%w%-_./=:@,+]+$")) ~= nil then
        return word
    end
    local escaped = string.gsub(word, "'", "'\\''")
    return ("'" .. escaped) .. "'"
end
--- The lock file over there, after its `{"pid":` (the far shell's own pid goes first).
local function lockRest(s)
    local body = vim.json.encode({
        workspaceFolders = s.folders,
        ideName = "Neovim",
        transport = "ws",
        runningInWindows = false,
        authToken = s.token
    })
    return "," .. string.sub(body, 2)
end
--- The script the far shell runs (sh -c).
function ____exports.farScript(s)
    local env = {}
    local names = {}
    for k in pairs(s.env) do
        names[#names + 1] = k
    end
    __TS__ArraySort(names)
    for ____, name in ipairs(names) do
        env[#env + 1] = (name .. "=") .. ____exports.shellWord(s.env[name])
    end
    local command = table.concat(
        __TS__ArrayMap(
            s.words,
            function(____, w) return ____exports.shellWord(w) end
        ),
        " "
    ) .. (vim.trim(s.extra) ~= "" and " " .. vim.trim(s.extra) or "")
    return table.concat(
        __TS__ArrayFilter(
            {
                "umask 077",
                "d=\"${CLAUDE_CONFIG_DIR:-$HOME/.claude}/ide\"",
                "mkdir -p \"$d\" || exit 1",
                ("l=\"$d/" .. tostring(s.port)) .. ".lock\"",
                "trap 'rm -f \"$l\" \"$l.tmp\"' EXIT",
                "trap 'exit 129' HUP",
                "trap 'exit 130' INT",
                "trap 'exit 143' TERM",
                ("printf '{\"pid\":%s%s\\n' \"$$\" " .. ____exports.shellWord(lockRest(s))) .. " > \"$l.tmp\" && mv -f \"$l.tmp\" \"$l\" || exit 1",
                ("cd " .. ____exports.shellWord(s.cwd)) .. " || exit 1",
                #env > 0 and "export " .. table.concat(env, " ") or "",
                command
            },
            function(____, line) return line ~= "" end
        ),
        "\n"
    )
end
--- The local command line (for the terminal's shell) that runs `script` over there through `target.command`: an
-- ssh target gets the port forward (`-R port:127.0.0.1:port`, failing rather than running without it) and the
-- script as one remote command string; any other target gets `sh -c <script>` as words (docker exec and the like
-- run their arguments without a shell).
function ____exports.farCommandLine(target, port, script)
    local words = {unpack(target.command)}
    if target.forward == "ssh" then
        __TS__ArraySplice(
            words,
            1,
            0,
            "-R",
            (tostring(port) .. ":127.0.0.1:") .. tostring(port),
            "-o",
            "ExitOnForwardFailure=yes"
        )
        words[#words + 1] = "sh -c " .. ____exports.shellWord(script)
    else
        __TS__ArrayPush(words, "sh", "-c", script)
    end
    return table.concat(
        __TS__ArrayMap(
            words,
            function(____, w) return vim.fn.shellescape(w) end
        ),
        " "
    )
end
return ____exports
