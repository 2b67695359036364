-- Generated from src/claude-ide/init.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local say, startIfPending, startServer, serverModule, logModule, state
local ____config = require("claude-ide.config")
local validate = ____config.validate
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
local loadedModule = ____modules.loadedModule
function say(msg, level)
    logModule().say(msg, level)
end
function startIfPending()
    if not state.startPending then
        return
    end
    state.startPending = false
    if state.server == nil then
        ____exports.start()
    end
end
--- The validated configuration (defaults when setup was never called).
function ____exports.config()
    if state.config == nil then
        local result = validate(nil)
        if result.ok then
            state.config = result.config
        end
    end
    return state.config
end
--- Starts the server (no-op with a message when already running). Returns whether it is running.
function ____exports.start()
    return startServer(nil)
end
function startServer(toolsBefore)
    state.startPending = false
    if state.server ~= nil then
        say("already running on port " .. tostring(state.server:status().port))
        return true
    end
    local server = serverModule().createServer(
        ____exports.config(),
        {
            reuse = state.endpoint,
            describeClient = function(id)
                local ____opt_2 = state.sessions
                return ____opt_2 and ____opt_2:describe(id)
            end,
            terminalOf = function(id)
                local ____opt_4 = state.sessions
                return ____opt_4 and ____opt_4:terminalOf(id)
            end,
            toolsBefore = toolsBefore
        }
    )
    local started = server:start()
    if not started.ok then
        say("could not start: " .. started.error, "error")
        return false
    end
    server.hub.onSessionsChanged(function()
        local ____opt_6 = state.sessions
        return ____opt_6 and ____opt_6:refresh()
    end)
    state.server = server
    state.endpoint = started.endpoint
    return true
end
--- Stops the server: clients closed (1001), pending calls answered or cancelled, lock file removed.
function ____exports.stop()
    state.startPending = false
    local server = state.server
    if server == nil then
        return false
    end
    state.server = nil
    local ____opt_8 = state.mentions
    if ____opt_8 ~= nil then
        ____opt_8:dispose()
    end
    state.mentions = nil
    server:stop()
    return true
end
local sessionsModule = lazy("claude-ide.sessions")
local mentionsModule = lazy("claude-ide.editor.mentions")
local explorers = lazy("claude-ide.editor.explorers")
local plugins = lazy("claude-ide.editor.plugins")
serverModule = lazy("claude-ide.server")
local userToolsModule = lazy("claude-ide.agent.user_tools")
logModule = lazy("claude-ide.log")
state = {}
--- Validates `opts` over the defaults and, with auto_start, starts the server on the next loop turn (setup()
--- itself stays well under a millisecond; anything that needs the server before then starts it at once). A
--- wrong option is reported with a message naming it (never a stack trace) and leaves the previous setup in
--- place. Returns success.
---
---@param opts? claude-ide.Config Options (:help claude-ide-config); lua/claude-ide/types/config.lua has their types.
---@return boolean
function ____exports.setup(opts)
    local result = validate(opts)
    if not result.ok then
        say(result.error, "error")
        return false
    end
    local tools = result.config.agent.tools
    if #tools > 0 or loadedModule("claude-ide.agent.user_tools") ~= nil then
        local added = userToolsModule().userTools:setFromConfig(tools)
        if not added.ok then
            say(added.error, "error")
            return false
        end
    end
    local restart = state.server ~= nil
    if restart and vim.deep_equal(state.config, result.config) then
        return true
    end
    local ____opt_0 = state.server
    local toolsBefore = ____opt_0 and ____opt_0:listedTools()
    if restart then
        ____exports.stop()
    end
    state.config = result.config
    local wk = result.config.which_key
    if wk.prefix ~= false then
        local prefix = wk.prefix
        vim.schedule(function() return plugins().nameKeyGroup(prefix, wk.name) end)
    end
    if restart then
        startServer(toolsBefore)
    elseif result.config.auto_start and not state.startPending then
        state.startPending = true
        vim.schedule(startIfPending)
    end
    return true
end
--- The running server, for the editor features and commands (undefined when stopped).
function ____exports.server()
    startIfPending()
    return state.server
end
function ____exports.status()
    startIfPending()
    return state.server ~= nil and state.server:status() or ({running = false, clients = 0, cliPids = {}})
end
--- Starts the server unless it runs (quietly: start() says "already running").
local function ensureStarted()
    return state.server ~= nil or ____exports.start()
end
local function sessionList()
    if state.sessions == nil then
        state.sessions = sessionsModule().createSessions({
            hub = function()
                local ____opt_10 = state.server
                return ____opt_10 and ____opt_10.hub
            end,
            diff = function()
                local ____opt_12 = state.server
                return ____opt_12 and ____opt_12:diff()
            end,
            port = function()
                local ____temp_16
                if state.server ~= nil then
                    local ____opt_14 = state.endpoint
                    ____temp_16 = ____opt_14 and ____opt_14.port
                else
                    ____temp_16 = nil
                end
                return ____temp_16
            end,
            companionClients = function()
                local ready = {}
                local ____opt_19 = state.server
                local ____opt_17 = ____opt_19 and ____opt_19:companion()
                for ____, c in ipairs(____opt_17 and ____opt_17:clients() or ({})) do
                    if c.ready then
                        ready[#ready + 1] = {id = c.id, name = c.name or "Gemini CLI"}
                    end
                end
                return ready
            end,
            openGateway = function(paths)
                local ____opt_21 = state.server
                return ____opt_21 and ____opt_21:openGateway(paths)
            end
        })
    end
    return state.sessions
end
--- :ClaudeCode — shows/hides the current session's terminal, starting the server and claude (with `args`) if needed.
function ____exports.toggle(args)
    if args == nil then
        args = ""
    end
    if ensureStarted() then
        sessionList():toggle(
            ____exports.config(),
            args
        )
    end
end
--- :ClaudeCodeFocus — jumps to a diff review that opened behind you (diff.focus) and waits; else focuses the
-- current session's terminal, starting the server and claude if needed.
function ____exports.focus(args)
    if args == nil then
        args = ""
    end
    local ____temp_27 = (vim.g.claude_ide_reviews_waiting or 0) > 0
    if ____temp_27 then
        local ____opt_25 = state.server
        local ____opt_23 = ____opt_25 and ____opt_25:diff()
        ____temp_27 = ____opt_23 and ____opt_23.focusWaiting()
    end
    if ____temp_27 then
        return
    end
    if ensureStarted() then
        sessionList():focus(
            ____exports.config(),
            args
        )
    end
end
--- For statuslines (lualine: `{ function() return require("claude-ide").statusline() end }`): says when diff
-- reviews opened behind you wait (diff.focus), else "". Cheap: reads `vim.g.claude_ide_reviews_waiting`.
function ____exports.statusline()
    local n = vim.g.claude_ide_reviews_waiting or 0
    if n <= 0 then
        return ""
    end
    local who = vim.g.claude_ide_review_client or "Claude"
    return n == 1 and who .. ": a review waits" or ((who .. ": ") .. tostring(n)) .. " reviews wait"
end
--- :ClaudeCodeNew — starts another claude (with `args`) in a terminal of its own: a new session.
function ____exports.new_session(args)
    if args == nil then
        args = ""
    end
    if ensureStarted() then
        sessionList():create(
            ____exports.config(),
            args
        )
    end
end
--- The Claude sessions: each terminal started from Neovim, and each connected CLI started elsewhere. Fields:
-- id, name, cwd, roots (the CLI's folders: cwd and --add-dir), terminal, connected, pid, pending (reviews
-- waiting), current (where
-- 
-- @ -mentions go), buf.
function ____exports.sessions()
    return sessionList():list()
end
--- Shows and focuses the terminal of session `id` (it becomes the current session). Returns success.
function ____exports.switch_session(id)
    return ensureStarted() and sessionList():switchTo(
        ____exports.config(),
        id
    )
end
--- One line per session, as :ClaudeCodeSessions lists them.
function ____exports.describe_session(s)
    local function home(path)
        return vim.fn.fnamemodify(path, ":~")
    end
    local roots = #s.roots > 0 and s.roots or ({s.cwd})
    local dir = roots[1]
    local added = {}
    do
        local i = 1
        while i < #roots do
            added[#added + 1] = home(roots[i + 1])
            i = i + 1
        end
    end
    local more = #added > 0 and " + " .. table.concat(added, ", ") or ""
    local dirs = (dir ~= "" and home(dir) or "directory unknown") .. more
    local where = s.target ~= nil and (dirs .. " on @") .. s.target.name or (s.terminal and dirs or dirs .. " (started outside Neovim)")
    local via = s.protocol == "companion" and " via the companion" or ""
    local connection = s.connected and ("connected" .. via) .. (s.pid ~= nil and (" (pid " .. tostring(s.pid)) .. ")" or "") or "not connected" .. via
    local pending = s.pending > 0 and ((", " .. tostring(s.pending)) .. " pending review") .. (s.pending == 1 and "" or "s") or ""
    return ((((((((s.current and "* " or "  ") .. s.name) .. " [") .. s.client) .. "]  ") .. where) .. "  ") .. connection) .. pending
end
--- :ClaudeCodeSessions — lists the sessions and switches to the one chosen (vim.ui.select).
function ____exports.select_session()
    local list = ____exports.sessions()
    if #list == 0 then
        say("no Claude session: start one with :ClaudeCode or :ClaudeCodeNew")
        return
    end
    local function formatItem(s)
        return ____exports.describe_session(s)
    end
    vim.ui.select(
        list,
        {prompt = "Claude sessions", format_item = formatItem},
        function(choice)
            if choice == nil then
                return
            end
            if not choice.terminal then
                say(choice.name .. " was started outside Neovim: switch to its terminal there")
            else
                ____exports.switch_session(choice.id)
            end
        end
    )
end
--- A file the privacy policy withholds from the model is mentioned only when the user says so (the mention
-- makes Claude read it). Returns whether to go on.
local function confirmWithheld(path)
    local ____opt_30 = state.server
    local ____opt_28 = ____opt_30 and ____opt_30:policy()
    local why = ____opt_28 and ____opt_28:withheld(path)
    if why == nil then
        return true
    end
    local name = vim.fn.fnamemodify(path, ":~:.")
    local answer = vim.fn.confirm(((((name .. " is withheld from the model by ") .. why.rule) .. " (") .. why.source) .. "). Send it to Claude anyway?", "&Send\n&Cancel", 2)
    if answer == 1 then
        return true
    end
    say(name .. " not sent: it is withheld from the model (:help claude-ide-privacy)", "warn")
    return false
end
---
-- @ -mentions `path` (a file or folder) to Claude, with optional 1-based lines as the user counts them: sent
-- now, or queued until Claude connects (the server is started if needed). Returns whether it was accepted.
function ____exports.add(path, startLine, endLine)
    local mentions = mentionsModule()
    local made = mentions.makeMention(path, startLine, endLine)
    if not made.ok then
        say(made.error, "error")
        return false
    end
    if not ensureStarted() then
        return false
    end
    if not confirmWithheld(made.mention.filePath) then
        return false
    end
    local list = sessionList()
    local name = mentions.describeMention(made.mention)
    local typed = list:typeMention(
        made.mention,
        ____exports.config()
    )
    if typed ~= "none" then
        local who = list:currentClient() or "the CLI"
        say(typed == "sent" and ((("typed @" .. name) .. " into ") .. who) .. "'s prompt" or (typed == "settling" and ((("typing @" .. name) .. " into ") .. who) .. "'s prompt" or ((who .. " is not connected yet: @") .. name) .. " will be typed into its prompt when it is ready"))
        return true
    end
    if state.mentions == nil then
        state.mentions = mentions.createMentionQueue(
            ____exports.config(),
            state.server.hub
        )
    end
    local outcome = state.mentions:add(
        made.mention,
        list:mentionRecipients()
    )
    local client = list:currentClient() or "Claude"
    local terminals = 0
    for ____, s in ipairs(____exports.sessions()) do
        if s.terminal then
            terminals = terminals + 1
        end
    end
    local target = terminals > 1 and (list:currentName() or client) or client
    if outcome == "unseen" then
        say(((name .. " is outside the folders ") .. target) .. " sees on its machine (remote.targets' folders): not sent", "warn")
        return false
    end
    say(outcome == "sent" and (("sent " .. name) .. " to ") .. target or ((target .. " is not connected yet: ") .. name) .. " will be sent when it is ready")
    return true
end
--- How long after the paste its Enter is typed (a CLI's prompt takes a paste in as a whole first).
local SUBMIT_DELAY_MS = 150
--- :ClaudeCodeNotesSend — the notes on lines not sent yet, typed into the current session's prompt as one bracketed
-- paste (the user sees it there) and submitted; each is then marked sent. Returns whether they were sent.
function ____exports.send_notes()
    if not ensureStarted() then
        return false
    end
    local ____opt_32 = state.server
    local book = ____opt_32 and ____opt_32:lineNotes()
    local ids = book and book:pending() or ({})
    if book == nil or #ids == 0 then
        say("no note waits to be sent (:ClaudeCodeNote writes one)")
        return false
    end
    local target = sessionList():promptTarget()
    if target == nil then
        say("no agent terminal runs to send the notes to: start one with :ClaudeCode", "warn")
        return false
    end
    local paths = target.paths
    local ____book_take_37 = book.take
    local ____temp_36
    if paths == nil then
        ____temp_36 = nil
    else
        ____temp_36 = function(path) return paths:toFar(path) end
    end
    local message = ____book_take_37(book, ids, ____temp_36)
    if message == nil then
        return false
    end
    local clean = string.gsub(message, "[%z-\b\v-]", "")
    vim.fn.chansend(target.job, ("[200~" .. clean) .. "[201~")
    vim.defer_fn(
        function() return pcall(vim.fn.chansend, target.job, "\r") end,
        SUBMIT_DELAY_MS
    )
    say(((((("sent " .. (#ids == 1 and "a note" or tostring(#ids) .. " notes")) .. " to ") .. target.client) .. " (") .. target.name) .. ")")
    return true
end
--- Mentions the entry under the cursor in neo-tree, nvim-tree, oil or mini.files, else the current file.
function ____exports.add_under_cursor()
    local target = explorers().pathUnderCursor()
    if not target.ok then
        say("nothing to add: " .. target.reason, "warn")
        return false
    end
    return ____exports.add(target.path)
end
--- Your own tools and resources for the model (:help claude-ide-agent-tools). Each function returns true, or
-- false and the reason (also shown with vim.notify).
____exports.agent = {
    add_tool = function(spec)
        local added = userToolsModule().userTools:add(spec)
        if added.ok then
            return true, nil
        end
        say(added.error, "error")
        return false, added.error
    end,
    remove_tool = function(name) return userToolsModule().userTools:remove(name) end,
    add_resource = function(uri, spec)
        local added = userToolsModule().userTools:addResource(uri, spec)
        if added.ok then
            return true, nil
        end
        say(added.error, "error")
        return false, added.error
    end
}
return ____exports
