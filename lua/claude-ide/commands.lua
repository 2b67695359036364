-- Generated from src/claude-ide/commands.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local isFileBuffer = ____buffers.isFileBuffer
local ____diff = require("claude-ide.editor.review.diff")
local decideFromCommand = ____diff.decideFromCommand
local requestChanges = ____diff.requestChanges
local ____overview = require("claude-ide.editor.review.overview")
local overviewOf = ____overview.overviewOf
local ide = require("claude-ide")
local ____log = require("claude-ide.log")
local say = ____log.say
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
local hookSettings = lazy("claude-ide.hooks.settings")
local function formatUptime(ms)
    local s = math.floor(ms / 1000)
    if s < 60 then
        return tostring(s) .. "s"
    end
    if s < 3600 then
        return ((tostring(math.floor(s / 60)) .. "m ") .. tostring(s % 60)) .. "s"
    end
    return ((tostring(math.floor(s / 3600)) .. "h ") .. tostring(math.floor(s % 3600 / 60))) .. "m"
end
--- The lines of an active Visual selection (a `<Cmd>` mapping passes no range), or undefined.
local function visualLines()
    local mode = vim.fn.mode()
    if mode ~= "v" and mode ~= "V" and mode ~= string.char(22) then
        return nil
    end
    local a = vim.fn.getpos("v")[2]
    local b = vim.fn.line(".")
    vim.cmd("normal! ")
    return a <= b and ({a, b}) or ({b, a})
end
--- :ClaudeCodeSend — the range (or Visual lines, or the current line) of the current file; in a file
-- explorer, the entry under the cursor.
local function send(args)
    local buf = vim.api.nvim_get_current_buf()
    if not isFileBuffer(buf) then
        ide.add_under_cursor()
        return
    end
    local cursor = vim.fn.line(".")
    local first, last = unpack(
        args.range > 0 and ({args.line1, args.line2}) or (visualLines() or ({cursor, cursor})),
        1,
        2
    )
    ide.add(
        vim.api.nvim_buf_get_name(buf),
        first,
        last
    )
end
--- :ClaudeCodeAdd {file} [start] [end] — lines as the user counts them (1-based).
local function addFile(args)
    local file, startArg, endArg = unpack(args.fargs, 1, 3)
    local ____temp_0
    if startArg == nil then
        ____temp_0 = nil
    else
        ____temp_0 = tonumber(startArg)
    end
    local start = ____temp_0
    local ____temp_1
    if endArg == nil then
        ____temp_1 = nil
    else
        ____temp_1 = tonumber(endArg)
    end
    local ____end = ____temp_1
    if #args.fargs > 3 or startArg ~= nil and start == nil or endArg ~= nil and ____end == nil then
        say("usage: :ClaudeCodeAdd {file} [start-line] [end-line] (escape spaces in the file name with a backslash)", "error")
        return
    end
    ide.add(file, start, ____end)
end
--- The running server's turn review, or undefined (and a message) when the server is stopped.
local function turns()
    local ____opt_2 = ide.server()
    local channel = ____opt_2 and ____opt_2:channel()
    if channel == nil then
        say("the server is not running (:ClaudeCodeStart)", "warn")
    end
    return channel and channel.turns
end
--- :ClaudeCodeReview [n]
local function review(args)
    local arg = vim.trim(args.args)
    local ____temp_6
    if arg == "" then
        ____temp_6 = nil
    else
        ____temp_6 = tonumber(arg)
    end
    local n = ____temp_6
    if arg ~= "" and (n == nil or n < 1 or math.floor(n) ~= n) then
        say("usage: :ClaudeCodeReview [turn number]", "error")
        return
    end
    local ____opt_7 = turns()
    if ____opt_7 ~= nil then
        ____opt_7:reviewAgain(n)
    end
end
--- The running server's notes on lines, or undefined (and a message) when the server is stopped.
local function noteBook()
    local ____opt_9 = ide.server()
    local book = ____opt_9 and ____opt_9:lineNotes()
    if book == nil then
        say("the server is not running (:ClaudeCodeStart)", "warn")
    end
    return book
end
--- :[range]ClaudeCodeNote[!] [text] — a note for the agent on the range (or the Visual lines, or the cursor's line):
-- edits the note already there, else adds one; `!` removes the notes on those lines.
local function note(args)
    local book = noteBook()
    if book == nil then
        return
    end
    local buf = vim.api.nvim_get_current_buf()
    local cursor = vim.fn.line(".")
    local ____temp_11
    if args.range > 0 then
        ____temp_11 = nil
    else
        ____temp_11 = visualLines()
    end
    local visual = ____temp_11
    local first, last = unpack(args.range > 0 and ({args.line1, args.line2}) or (visual or ({cursor, cursor})), 1, 2)
    if args.bang then
        local n = book:removeAt(buf, first, last)
        local where = first == last and "line " .. tostring(first) or (("lines " .. tostring(first)) .. "-") .. tostring(last)
        say(n == 0 and "no note on " .. where or (("removed " .. (n == 1 and "the note" or tostring(n) .. " notes")) .. " on ") .. where)
        return
    end
    local ranged = args.range > 0 or visual ~= nil
    local ____temp_12
    if args.args == "" then
        ____temp_12 = nil
    else
        ____temp_12 = args.args
    end
    local text = ____temp_12
    local overview = overviewOf(buf)
    if overview ~= nil then
        local shown = overview:noteLines(first, last)
        if type(shown) == "string" then
            say("no note here: " .. shown, "warn")
        else
            book:noteOnLines(
                buf,
                {first, last},
                shown,
                ranged,
                text
            )
        end
        return
    end
    book:note(
        buf,
        first,
        last,
        ranged,
        text
    )
end
--- What :ClaudeCodeNotes lists.
local NOTE_LISTS = {"all", "pending", "sent"}
--- :ClaudeCodeNotes [all|pending|sent] — the notes in the quickfix list; `!` removes the notes already sent.
local function notes(args)
    local book = noteBook()
    if book == nil then
        return
    end
    if args.bang then
        local n = book:removeSent()
        say(n == 0 and "no note was sent: none removed" or ("removed " .. (n == 1 and "the note" or tostring(n) .. " notes")) .. " already sent")
        return
    end
    local which = vim.trim(args.args) == "" and "all" or vim.trim(args.args)
    if not __TS__ArrayIncludes(NOTE_LISTS, which) then
        say(
            ("usage: :ClaudeCodeNotes [" .. table.concat(NOTE_LISTS, "|")) .. "]",
            "error"
        )
        return
    end
    local items = book:quickfixItems(which)
    if #items == 0 then
        say(which == "all" and "no notes (:ClaudeCodeNote writes one)" or ("no " .. which) .. " notes")
        return
    end
    vim.fn.setqflist({}, " ", {title = ("Claude notes (" .. which) .. ")", items = items})
    vim.cmd("botright copen")
end
local HANDLERS = {
    ClaudeCodeNote = note,
    ClaudeCodeNotes = notes,
    ClaudeCodeNotesSend = function() return ide.send_notes() end,
    ClaudeCodeRequestChanges = function()
        local book = noteBook()
        if book ~= nil then
            requestChanges(book)
        end
    end,
    ClaudeCodeReview = review,
    ClaudeCodeCheckpoint = function()
        local ____opt_13 = turns()
        return ____opt_13 and ____opt_13:checkpoint()
    end,
    ClaudeCodeHooks = function(args) return say(hookSettings().printable(vim.trim(args.args))) end,
    ClaudeCode = function(args) return ide.toggle(args.args) end,
    ClaudeCodeFocus = function() return ide.focus() end,
    ClaudeCodeNew = function(args) return ide.new_session(args.args) end,
    ClaudeCodeSessions = function() return ide.select_session() end,
    ClaudeCodeSend = send,
    ClaudeCodeAdd = addFile,
    ClaudeCodeDiffAccept = function() return decideFromCommand("accept") end,
    ClaudeCodeDiffDeny = function(args) return decideFromCommand("reject", args.args) end,
    ClaudeCodeStart = function()
        local before = ide.status()
        if before.running then
            say("already running on 127.0.0.1:" .. tostring(before.port))
        elseif ide.start() then
            say("listening on 127.0.0.1:" .. tostring(ide.status().port))
        end
    end,
    ClaudeCodeStop = function()
        if ide.stop() then
            say("stopped")
        else
            say("not running")
        end
    end,
    ClaudeCodeStatus = function()
        local s = ide.status()
        if not s.running then
            say("not running (start with :ClaudeCodeStart)")
            return
        end
        local lines = {
            (("running on 127.0.0.1:" .. tostring(s.port)) .. ", up ") .. formatUptime(s.uptimeMs or 0),
            "lock file: " .. tostring(s.lockFile),
            ("clients: " .. tostring(s.clients)) .. (#s.cliPids > 0 and (" (Claude CLI pid " .. table.concat(s.cliPids, ", ")) .. ")" or "")
        }
        say(table.concat(lines, "\n"))
    end
}
--- Options of `claude` worth completing after :ClaudeCode / :ClaudeCodeNew (claude --help has them all).
local CLAUDE_OPTIONS = {
    "--add-dir",
    "--agent",
    "--allowedTools",
    "--continue",
    "--debug",
    "--disallowedTools",
    "--effort",
    "--fork-session",
    "--model",
    "--name",
    "--permission-mode",
    "--resume",
    "--settings",
    "--verbose"
}
--- Completion of :ClaudeCode / :ClaudeCodeNew arguments (declared in plugin/claude-ide.lua): the CLI's options, and
-- `@name` for each remote target as the first argument.
function ____exports.complete_args(lead, line, pos)
    local options = __TS__ArrayFilter(
        CLAUDE_OPTIONS,
        function(____, o) return vim.startswith(o, lead) end
    )
    local first = string.match(
        string.sub(line, 1, pos),
        "^%s*%S+%s+(%S*)$"
    )
    if first == nil then
        return options
    end
    local targets = {}
    for name in pairs(ide.config().remote.targets) do
        targets[#targets + 1] = "@" .. name
    end
    __TS__ArraySort(targets)
    local ____array_15 = __TS__SparseArrayNew(unpack(__TS__ArrayFilter(
        targets,
        function(____, t) return vim.startswith(t, lead) end
    )))
    __TS__SparseArrayPush(
        ____array_15,
        unpack(options)
    )
    return {__TS__SparseArraySpread(____array_15)}
end
--- Completion of :ClaudeCodeReview: the turns kept of the session whose turn ended last.
function ____exports.complete_turns(lead)
    local ____opt_18 = ide.server()
    local ____opt_16 = ____opt_18 and ____opt_18:channel()
    local numbers = ____opt_16 and ____opt_16.turns:turnNumbers() or ({})
    return __TS__ArrayFilter(
        __TS__ArrayMap(
            numbers,
            function(____, n) return tostring(n) end
        ),
        function(____, n) return vim.startswith(n, lead) end
    )
end
--- Completion of :ClaudeCodeHooks: the CLIs it prints the hooks of.
function ____exports.complete_clients(lead)
    return __TS__ArrayFilter(
        hookSettings().PRINTABLE_CLIENTS,
        function(____, c) return vim.startswith(c, lead) end
    )
end
--- Completion of :ClaudeCodeNotes: which notes it lists.
function ____exports.complete_notes(lead)
    return __TS__ArrayFilter(
        NOTE_LISTS,
        function(____, w) return vim.startswith(w, lead) end
    )
end
--- Runs a command by name. Errors are reported as messages, never as stack traces.
function ____exports.run(name, args)
    local handler = HANDLERS[name]
    if handler == nil then
        say((":" .. name) .. " is not available yet", "warn")
        return
    end
    local ok, err = pcall(handler, args)
    if not ok then
        say(
            ((":" .. name) .. " failed: ") .. tostring(err),
            "error"
        )
    end
end
return ____exports
