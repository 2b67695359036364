-- Generated from src/claude-ide/far/launch.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
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
    local ____TS__ArrayMap_result_0 = __TS__ArrayMap(
        s.words,
        function(____, w) return ____exports.shellWord(w) end
    )
    local cli = ____TS__ArrayMap_result_0[1]
    local rest = __TS__ArraySlice(____TS__ArrayMap_result_0, 1)
    local command = table.concat(
        {
            cli,
            "\"$@\"",
            unpack(rest)
        },
        " "
    ) .. (vim.trim(s.extra) ~= "" and " " .. vim.trim(s.extra) or "")
    local settings = s.settings ~= nil and "set -- --settings " .. ____exports.shellWord(s.settings) or "set --"
    local other = s.settingsOther ~= nil and "set -- --settings " .. ____exports.shellWord(s.settingsOther) or settings
    local check = s.check or ({})
    local pairs_ = table.concat(
        __TS__ArrayMap(
            check,
            function(____, c) return ____exports.shellWord((c.name .. " ") .. tostring(c.crc)) end
        ),
        " "
    )
    local compare = #check == 0 and ({settings}) or ({"same=1", ("for p in " .. pairs_) .. "; do f=\"${p% *}\"; w=\"${p##* }\"; g=\"$(cksum < \"$f\" 2>/dev/null)\" || g=\"\"; g=\"${g%% *}\"; if [ \"$g\" != \"$w\" ]; then same=0; other=\"$f\"; break; fi; done", ((((("if [ \"$same\" = 1 ]; then " .. settings) .. "; else printf '\\033]") .. ____exports.OTHER_FILES_OSC) .. "%s\\007' \"$other\"; ") .. other) .. "; fi"})
    local ____array_1 = __TS__SparseArrayNew(
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
        unpack(compare)
    )
    __TS__SparseArrayPush(____array_1, command)
    return table.concat(
        __TS__ArrayFilter(
            {__TS__SparseArraySpread(____array_1)},
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
        local tty = __TS__ArraySome(
            words,
            function(____, w) return (string.find(w, "^%-%a*[tT]%a*$")) ~= nil end
        )
        __TS__ArraySplice(
            words,
            1,
            0,
            "-R",
            (tostring(port) .. ":127.0.0.1:") .. tostring(port),
            "-o",
            "ExitOnForwardFailure=yes",
            unpack(tty and ({}) or ({"-t"}))
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
