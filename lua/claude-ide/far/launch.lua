-- Generated from src/claude-ide/far/launch.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArraySome = ____lualib.__TS__ArraySome
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
--- The OSC sequence's text (after ESC ]) the bootstrap prints once the far terminal no longer echoes.
____exports.READY_OSC = "5522;claude-ide;ready"
--- The line the editor sends first, after the bootstrap's READY_OSC: what the terminal held before is skipped.
____exports.GO_LINE = "claude-ide-go"
--- The far command: saves the terminal's modes, turns echo and line editing off (so neither the script nor a
-- secret is ever shown, and no line length limit applies), says it is ready, skips every line up to GO_LINE (what
-- the user typed before), reads one line and runs it (farScript). No single quote, newline, "!" or backslash pair:
-- any login shell passes it to sh unchanged inside single quotes.
____exports.BOOTSTRAP = table.concat({
    "t=$(stty -g 2>/dev/null)",
    "stty -echo -icanon min 1 time 0 2>/dev/null",
    ("printf \"\\033]" .. ____exports.READY_OSC) .. "\\007\"",
    ("while IFS= read -r s; do case \"$s\" in *" .. ____exports.GO_LINE) .. ") break;; esac; done",
    "IFS= read -r s",
    "eval \"$s\""
}, "; ")
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
--- The OSC sequence's text (after ESC ]) the far shell prints when its folder is not the files here.
____exports.OTHER_FILES_OSC = "5522;claude-ide;other-files;"
--- A word for the one-line script: a newline inside becomes "$n" (the script defines it).
local function lineWord(word)
    if word == "" then
        return "''"
    end
    local parts = vim.split(word, "\n", {plain = true})
    return table.concat(
        __TS__ArrayMap(
            parts,
            function(____, p) return p == "" and "" or ____exports.shellWord(p) end
        ),
        "\"$n\""
    )
end
--- The files of the session at `port` over there, after `$d/` (the lock file's folder).
local function files(port)
    return table.concat(
        __TS__ArrayMap(
            {
                ".lock",
                ".lock.tmp",
                ".settings.json",
                ".other.json",
                ".mcp.json"
            },
            function(____, x) return (("\"$d/" .. tostring(port)) .. x) .. "\"" end
        ),
        " "
    )
end
--- The script the far shell runs (one line, read by BOOTSTRAP), which then reads its data lines: the lock file's
-- JSON after `{"pid":`, the settings, the other settings and the MCP config (each one line, empty: none).
function ____exports.farScript(s)
    local env = {}
    local names = {}
    for k in pairs(s.env) do
        names[#names + 1] = k
    end
    __TS__ArraySort(names)
    for ____, name in ipairs(names) do
        env[#env + 1] = (name .. "=") .. lineWord(s.env[name])
    end
    local ____TS__ArrayMap_result_0 = __TS__ArrayMap(
        s.words,
        function(____, w) return lineWord(w) end
    )
    local cli = ____TS__ArrayMap_result_0[1]
    local rest = __TS__ArraySlice(____TS__ArrayMap_result_0, 1)
    local extra = vim.trim((string.gsub(s.extra, "\n", " ")))
    local command = table.concat(
        {
            cli,
            "\"$@\"",
            unpack(rest)
        },
        " "
    ) .. (extra ~= "" and " " .. extra or "")
    local settings = s.settings ~= nil and "set -- --settings \"$f.settings.json\"" or "set --"
    local other = s.settingsOther ~= nil and "set -- --settings \"$f.other.json\"" or settings
    local mcp = s.mcp ~= nil and "set -- \"$@\" --mcp-config \"$f.mcp.json\"" or ""
    local check = s.check or ({})
    local pairs_ = table.concat(
        __TS__ArrayMap(
            check,
            function(____, c) return lineWord((c.name .. " ") .. tostring(c.crc)) end
        ),
        " "
    )
    local compare = #check == 0 and ({settings}) or ({"same=1", ("for p in " .. pairs_) .. "; do f_=\"${p% *}\"; w=\"${p##* }\"; g=\"$(cksum < \"$f_\" 2>/dev/null)\" || g=\"\"; g=\"${g%% *}\"; if [ \"$g\" != \"$w\" ]; then same=0; other=\"$f_\"; break; fi; done", ((((("if [ \"$same\" = 1 ]; then " .. settings) .. "; else printf '\\033]") .. ____exports.OTHER_FILES_OSC) .. "%s\\007' \"$other\"; ") .. other) .. "; fi"})
    local function save(file)
        return ("IFS= read -r x; if [ -n \"$x\" ]; then printf '%s\\n' \"$x\" > \"" .. file) .. "\" || exit 1; fi"
    end
    local stale = __TS__ArrayMap(
        __TS__ArrayFilter(
            s.stale or ({}),
            function(____, p) return p ~= s.port end
        ),
        function(____, p) return files(p) end
    )
    local ____array_1 = __TS__SparseArrayNew(
        "n=$(printf '\\nx'); n=${n%x}",
        "umask 077",
        "d=\"${CLAUDE_CONFIG_DIR:-$HOME/.claude}/ide\"",
        "mkdir -p \"$d\" || exit 1",
        ("l=\"$d/" .. tostring(s.port)) .. ".lock\"",
        ("f=\"$d/" .. tostring(s.port)) .. "\"",
        ("trap 'rm -f " .. files(s.port)) .. "' EXIT",
        "trap 'exit 129' HUP",
        "trap 'exit 130' INT",
        "trap 'exit 143' TERM",
        unpack(#stale > 0 and ({"rm -f " .. table.concat(stale, " ")}) or ({}))
    )
    __TS__SparseArrayPush(
        ____array_1,
        "IFS= read -r x; printf '{\"pid\":%s%s\\n' \"$$\" \"$x\" > \"$l.tmp\" && mv -f \"$l.tmp\" \"$l\" || exit 1",
        save("$f.settings.json"),
        save("$f.other.json"),
        save("$f.mcp.json"),
        "if [ -n \"$t\" ]; then stty \"$t\" 2>/dev/null; fi",
        ("cd " .. lineWord(s.cwd)) .. " || exit 1",
        #env > 0 and "export " .. table.concat(env, " ") or "",
        unpack(compare)
    )
    __TS__SparseArrayPush(____array_1, mcp, command)
    return table.concat(
        __TS__ArrayFilter(
            {__TS__SparseArraySpread(____array_1)},
            function(____, line) return line ~= "" end
        ),
        "; "
    )
end
--- What the editor sends on the terminal's input once the bootstrap is ready: GO_LINE, the script, and its data
-- lines (the lock file's JSON, the settings, the other settings, the MCP config).
function ____exports.farInput(s)
    return table.concat(
        {
            "",
            ____exports.GO_LINE,
            ____exports.farScript(s),
            lockRest(s),
            s.settings or "",
            s.settingsOther or "",
            s.mcp or "",
            ""
        },
        "\n"
    )
end
--- A target reached through ssh: its command is ssh, or it forwards with ssh.
function ____exports.throughSsh(target)
    local program = string.match(target.command[1], "([^/]+)$")
    return target.forward == "ssh" or program == "ssh"
end
--- The local command line (for the terminal's shell) that runs BOOTSTRAP over there through `target.command`: an
-- ssh target gets the port forward when it forwards with ssh (`-R port:127.0.0.1:port`, failing rather than
-- running without it), a terminal (-t) unless it names one, and the bootstrap as one remote command word (the far
-- login shell runs it); any other target gets `sh -c <bootstrap>` as words (docker exec and the like run their
-- arguments without a shell).
function ____exports.farCommandLine(target, port)
    local words = {unpack(target.command)}
    if ____exports.throughSsh(target) then
        local tty = __TS__ArraySome(
            words,
            function(____, w) return (string.find(w, "^%-%a*[tT]%a*$")) ~= nil end
        )
        local forward = target.forward == "ssh" and ({
            "-R",
            (tostring(port) .. ":127.0.0.1:") .. tostring(port),
            "-o",
            "ExitOnForwardFailure=yes"
        }) or ({})
        local ____array_2 = __TS__SparseArrayNew(
            1,
            0,
            unpack(forward)
        )
        __TS__SparseArrayPush(
            ____array_2,
            unpack(tty and ({}) or ({"-t"}))
        )
        __TS__ArraySplice(
            words,
            __TS__SparseArraySpread(____array_2)
        )
        words[#words + 1] = ("sh -c '" .. ____exports.BOOTSTRAP) .. "'"
    else
        __TS__ArrayPush(words, "sh", "-c", ____exports.BOOTSTRAP)
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
