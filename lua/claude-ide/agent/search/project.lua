-- Generated from src/claude-ide/agent/search/project.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local ____exports = {}
local walkerCommand
local ____process = require("claude-ide.util.process")
local backgroundCommand = ____process.backgroundCommand
function walkerCommand(req, mode)
    local kind = req.text ~= nil and "plain" or "vim"
    local pattern = req.text or req.regex.vim
    return {
        req.nvim,
        "--clean",
        "--headless",
        "-l",
        req.walker,
        req.root,
        kind,
        pattern,
        tostring(req.limits.maxFileBytes),
        tostring(req.limits.maxFiles),
        mode
    }
end
local function gitDir(root)
    local dir = root
    do
        while true do
            local st = vim.uv.fs_stat(dir .. "/.git")
            if st ~= nil then
                return true
            end
            local parent = string.match(dir, "^(.*)/[^/]*$")
            if parent == nil or parent == dir then
                return false
            end
            dir = parent == "" and "/" or parent
            if dir == "/" then
                local top = vim.uv.fs_stat("/.git")
                return top ~= nil
            end
        end
    end
end
--- The walker script beside this module (run by a child Neovim; never loaded here).
function ____exports.walkerScript()
    local ____opt_0 = debug.getinfo(1, "S")
    local source = ____opt_0 and ____opt_0.source or ""
    local dir = string.match(source, "^@(.*)/[^/]*$")
    return (dir or ".") .. "/walker.lua"
end
--- Which engine searches `root`: rg when executable, else git grep inside a repository, else the walk.
function ____exports.chooseEngine(root, rg)
    if rg ~= false and vim.fn.executable(rg) == 1 then
        return "rg"
    end
    if vim.fn.executable("git") == 1 and gitDir(root) then
        return "git grep"
    end
    return "walk"
end
--- Whether this git can run -P (PCRE): asked once per editor.
local gitHasPcre
local function gitPcre(root)
    if gitHasPcre == nil then
        local res = vim.system({
            "git",
            "grep",
            "-P",
            "-e",
            "x",
            "--",
            ":(literal)claude-ide-no-such-file"
        }, {text = true, cwd = root}):wait(2000)
        gitHasPcre = (string.find(res.stderr or "", "Perl", 1, true)) == nil
    end
    return gitHasPcre
end
local function commandFor(req)
    if req.engine == "buffers" then
        return nil
    end
    local ____req_2 = req
    local text = ____req_2.text
    local regex = ____req_2.regex
    local limits = ____req_2.limits
    if req.engine == "rg" then
        local cmd = {
            req.rg,
            "--no-config",
            "--null",
            "--line-number",
            "--column",
            "--no-heading",
            "--with-filename",
            "--color=never",
            "--hidden",
            "--glob=!.git",
            "--binary",
            "--stats",
            "--max-columns=" .. tostring(limits.maxFileBytes),
            "--max-count=" .. tostring(req.max + 1)
        }
        if text ~= nil then
            __TS__ArrayPush(cmd, "--fixed-strings", "--regexp", text)
        else
            __TS__ArrayPush(cmd, "--regexp", regex.rust)
        end
        __TS__ArrayPush(cmd, "--", ".")
        return {cmd = cmd, how = "rg"}
    end
    if req.engine == "git grep" then
        local cmd = {
            "git",
            "--no-pager",
            "grep",
            "--untracked",
            "-z",
            "-n",
            "--column",
            "--no-color"
        }
        local how = "git grep"
        if text ~= nil then
            __TS__ArrayPush(cmd, "-F", "-e", text)
        elseif gitPcre(req.root) then
            __TS__ArrayPush(cmd, "-P", "-e", regex.pcre)
            how = "git grep -P"
        else
            __TS__ArrayPush(cmd, "-E", "-e", regex.ere)
            how = "git grep -E"
        end
        cmd[#cmd + 1] = "--"
        return {cmd = cmd, how = how, env = {LC_ALL = "C.UTF-8", GIT_CONFIG_NOSYSTEM = "1"}}
    end
    return {
        cmd = walkerCommand(req, "walk"),
        how = "walk"
    }
end
--- Starts the search; `onDone` gets the summary once every child has exited (never after `cancel`).
-- Called in the editor's loop; the callbacks it registers run in luv callbacks and only parse strings.
function ____exports.start(req, onDone)
    local overlaid = {}
    for ____, doc in ipairs(req.overlay) do
        overlaid[doc.path] = true
    end
    local command = commandFor(req)
    local summary = {
        engine = req.engine,
        how = command and command.how or "buffers",
        hits = {},
        more = false,
        binary = 0,
        oversize = 0,
        timedOut = false,
        outputCut = false,
        maxFilesHit = false,
        errors = {},
        stoppedEarly = false
    }
    local children = {}
    local seenOversize = {}
    local statCache = {}
    local outputBytes = 0
    local stopping = false
    local finished = false
    local cancelled = false
    local timer = vim.uv.new_timer()
    local function absolute(path)
        if path == "" or string.sub(path, 1, 1) == "/" then
            return path
        end
        if string.sub(path, 1, 2) == "./" then
            path = string.sub(path, 3)
        end
        return (req.root .. "/") .. path
    end
    local function finishIfDone()
        if finished or cancelled then
            return
        end
        for ____, c in ipairs(children) do
            if not c.done then
                return
            end
        end
        finished = true
        if not timer:is_closing() then
            timer:close()
        end
        if req.engine == "rg" and summary.filesSearched ~= nil then
            summary.filesSearched = math.max(0, summary.filesSearched - summary.oversize)
        end
        vim.schedule(function() return onDone(summary) end)
    end
    local function stop()
        if stopping then
            return
        end
        stopping = true
        for ____, c in ipairs(children) do
            if not c.done and c.obj ~= nil then
                pcall(function() return c.obj:kill(9) end)
            end
        end
    end
    --- Every hit of every child passes here.
    local function addHit(hit, fromOverlay)
        if stopping then
            return
        end
        if not fromOverlay and overlaid[hit.path] ~= nil then
            return
        end
        if (req.engine == "rg" or req.engine == "git grep") and not fromOverlay then
            local small = statCache[hit.path]
            if small == nil then
                local st = vim.uv.fs_stat(hit.path)
                small = st == nil or st.size <= req.limits.maxFileBytes
                statCache[hit.path] = small
                if not small then
                    summary.oversize = summary.oversize + 1
                end
            end
            if not small then
                return
            end
        end
        if #summary.hits >= req.max then
            summary.more = true
            stop()
            return
        end
        local ____summary_hits_5 = summary.hits
        ____summary_hits_5[#____summary_hits_5 + 1] = hit
    end
    --- Reads one output line of ripgrep, the walker, or git grep (-z).
    local function parseLine(line, fromOverlay, git)
        local z = string.find(line, "\0", 1, true)
        if z ~= nil then
            local path = string.sub(line, 1, z - 1)
            local lnum, col, rest = unpack(
                git and ({string.match(line, "^(%d+)%z(%d+)%z()", z + 1)}) or ({string.match(line, "^(%d+):(%d+):()", z + 1)}),
                1,
                3
            )
            if lnum == nil or col == nil or rest == nil then
                return
            end
            addHit(
                {
                    path = absolute(path),
                    line = tonumber(lnum),
                    byteCol = tonumber(col),
                    text = string.sub(
                        line,
                        tonumber(rest)
                    )
                },
                fromOverlay
            )
            return
        end
        local binaryPath = unpack(
            git and ({string.match(line, "^Binary file (.*) matches$")}) or ({string.match(line, "^(.*): binary file matches %(found")}),
            1,
            1
        )
        if binaryPath ~= nil then
            if not (overlaid[absolute(binaryPath)] ~= nil) then
                summary.binary = summary.binary + 1
            end
            return
        end
        local files = string.match(line, "^(%d+) files searched$")
        if files ~= nil then
            summary.filesSearched = (summary.filesSearched or 0) + tonumber(files)
            return
        end
        if (string.find(line, "^walker: stopped after")) ~= nil then
            summary.maxFilesHit = true
        end
    end
    local function parseErr(line)
        local ignored = string.match(line, "ignoring (.*): %d+ bytes$")
        if ignored ~= nil then
            if not (seenOversize[ignored] ~= nil) then
                seenOversize[ignored] = true
                summary.oversize = summary.oversize + 1
            end
            return
        end
        if line == "" then
            return
        end
        if #summary.errors < 3 then
            local ____summary_errors_6 = summary.errors
            ____summary_errors_6[#____summary_errors_6 + 1] = line
        end
    end
    --- Splits a stream into lines, keeping the unfinished tail.
    local function feed(child, data, err)
        local buf = (err and child.errPending or child.pending) .. data
        local pos = 1
        do
            while true do
                local nl = string.find(buf, "\n", pos, true)
                if nl == nil then
                    break
                end
                if err then
                    child.onErrLine(string.sub(buf, pos, nl - 1))
                else
                    child.onLine(string.sub(buf, pos, nl - 1))
                end
                pos = nl + 1
            end
        end
        buf = string.sub(buf, pos)
        if err then
            child.errPending = buf
        else
            child.pending = buf
        end
    end
    local function spawn(argv, child, stdin, childEnv)
        children[#children + 1] = child
        local ok, obj = pcall(function() return vim.system(
            backgroundCommand(argv),
            {
                cwd = req.root,
                env = childEnv,
                stdin = stdin or false,
                stdout = function(_err, data)
                    if data == nil or stopping then
                        return
                    end
                    outputBytes = outputBytes + #data
                    if outputBytes > req.limits.maxOutputBytes then
                        summary.outputCut = true
                        stop()
                        return
                    end
                    feed(child, data, false)
                end,
                stderr = function(_err, data)
                    if data ~= nil and not stopping then
                        feed(child, data, true)
                    end
                end
            },
            function(res)
                if not stopping then
                    if child.pending ~= "" then
                        child.onLine(child.pending)
                    end
                    if child.errPending ~= "" then
                        child.onErrLine(child.errPending)
                    end
                end
                child.pending = ""
                if stopping and summary.more and res.signal ~= 0 then
                    summary.stoppedEarly = true
                end
                if res.code >= 2 and #summary.hits == 0 and #summary.errors > 0 and not stopping then
                    summary.patternError = table.concat(summary.errors, "\n")
                end
                child.done = true
                finishIfDone()
            end
        ) end)
        if ok then
            child.obj = obj
        else
            local ____summary_errors_7 = summary.errors
            ____summary_errors_7[#____summary_errors_7 + 1] = (("could not start " .. argv[1]) .. ": ") .. tostring(obj)
            child.done = true
        end
    end
    local git = req.engine == "git grep"
    local engineChild = {
        done = false,
        pending = "",
        errPending = "",
        onLine = function(line) return parseLine(line, false, git) end,
        onErrLine = function(line) return parseErr(line) end
    }
    if command ~= nil then
        spawn(command.cmd, engineChild, nil, command.env)
    end
    if #req.overlay > 0 then
        local parts = {}
        for ____, doc in ipairs(req.overlay) do
            __TS__ArrayPush(
                parts,
                doc.path,
                "\0",
                tostring(#doc.text),
                "\0",
                doc.text
            )
        end
        local overlayChild = {
            done = false,
            pending = "",
            errPending = "",
            onLine = function(line)
                if (string.find(line, "^%d+ files searched$")) == nil then
                    parseLine(line, true, false)
                end
            end,
            onErrLine = function(line) return parseErr(line) end
        }
        spawn(
            walkerCommand(req, "docs"),
            overlayChild,
            table.concat(parts, "")
        )
    end
    timer:start(
        req.limits.timeoutMs,
        0,
        function()
            if finished then
                return
            end
            summary.timedOut = true
            stop()
        end
    )
    finishIfDone()
    return {
        cancel = function()
            cancelled = true
            stop()
            if not timer:is_closing() then
                timer:close()
            end
        end,
        pids = function()
            local out = {}
            for ____, c in ipairs(children) do
                if not c.done and c.obj ~= nil then
                    out[#out + 1] = c.obj.pid
                end
            end
            return out
        end
    }
end
return ____exports
