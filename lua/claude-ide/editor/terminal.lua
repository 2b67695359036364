-- Generated from src/claude-ide/editor/terminal.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____log = require("claude-ide.log")
local say = ____log.say
local ____permission_mode = require("claude-ide.util.permission_mode")
local cliKind = ____permission_mode.cliKind
local programName = ____permission_mode.programName
local ____plugins = require("claude-ide.editor.plugins")
local optionalModule = ____plugins.optionalModule
local ____terminal_buffers = require("claude-ide.editor.terminal_buffers")
local FILETYPE = ____terminal_buffers.FILETYPE
--- Hosts the CLI must reach directly, never through HTTP(S)_PROXY.
local LOOPBACK = "127.0.0.1,localhost,::1"
____exports.FILETYPE = FILETYPE
--- jobstart(cmd, { term = true }) replaces termopen() from 0.11 on (termopen is deprecated there).
local JOBSTART_TERM = vim.fn.has("nvim-0.11") == 1
--- Leaves Visual mode before the terminal takes the focus (a `<Cmd>` mapping runs in Visual mode): the
-- selection then becomes Claude's context (editor/selection keeps it) instead of following into the terminal.
local function leaveVisualMode()
    local mode = vim.fn.mode()
    if mode == "v" or mode == "V" or mode == string.char(22) then
        vim.cmd("normal! ")
    end
end
local function inContainer()
    local ssh = vim.env.SSH_CONNECTION
    if ssh ~= nil and ssh ~= "" then
        return false
    end
    return (vim.uv.fs_stat("/.dockerenv")) ~= nil or (vim.uv.fs_stat("/run/.containerenv")) ~= nil
end
local function withLoopback(value)
    return (value == nil or value == "") and LOOPBACK or (value .. ",") .. LOOPBACK
end
--- The environment of the claude process: config.terminal.env plus what makes it connect to `port`.
function ____exports.claudeEnv(config, port)
    local user = config.terminal.env
    local env = {}
    for k, v in pairs(user) do
        env[k] = v
    end
    env.CLAUDE_CODE_SSE_PORT = tostring(port)
    env.ENABLE_IDE_INTEGRATION = "true"
    env.FORCE_CODE_TERMINAL = "true"
    local name = programName(config.terminal.command)
    if (name == "gemini" or name == "qwen") and inContainer() and user.REMOTE_CONTAINERS == nil then
        env.REMOTE_CONTAINERS = "true"
    end
    env.NO_PROXY = withLoopback(user.NO_PROXY or vim.env.NO_PROXY)
    env.no_proxy = withLoopback(user.no_proxy or vim.env.no_proxy)
    return env
end
--- The shell command line and the environment: the configured command, what the wiring adds for this CLI (Claude
-- Code's --mcp-config/--settings/--permission-mode; Gemini CLI's and Qwen Code's hook settings file, named in
-- the environment, and their --approval-mode; Codex's `-c` overrides), then the arguments given to :ClaudeCode.
local function commandLine(config, port, args, hooks)
    local parts = {config.terminal.command}
    local env = ____exports.claudeEnv(config, port)
    local ____opt_0 = hooks.cliSetup
    local setup = ____opt_0 and ____opt_0(
        config,
        cliKind(config.terminal.command),
        args
    )
    if setup ~= nil then
        if setup.ok then
            if setup.args ~= "" then
                parts[#parts + 1] = setup.args
            end
            for k, v in pairs(setup.env) do
                env[k] = v
            end
        else
            say("this CLI is started without the plugin's settings: " .. setup.error, "warn")
        end
    end
    local extra = vim.trim(args)
    if extra ~= "" then
        parts[#parts + 1] = extra
    end
    return {
        cmd = table.concat(parts, " "),
        env = env
    }
end
--- A size option: a fraction of `total` (< 1) or a number of cells (>= 1), kept within 1..total.
local function cells(size, total)
    local n = size < 1 and math.floor(total * size) or math.floor(size)
    return math.max(
        1,
        math.min(n, total)
    )
end
--- The buffer name of a session's terminal, after the CLI it runs: claude://claude, claude://claude-2,
-- gemini://gemini-3 (spaces would need escaping).
function ____exports.bufferName(session, scheme)
    if scheme == nil then
        scheme = "claude"
    end
    local name = string.gsub(session, "%s+", "-")
    return (scheme .. "://") .. name
end
--- Names `buf`; a name already taken (by the buffer of a session that ended, say) gets a number. Renaming makes
-- an unloaded buffer of the old name (Vim's alternate file, here term://...): it goes again.
local function nameBuffer(buf, name)
    local old = vim.api.nvim_buf_get_name(buf)
    do
        local n = 1
        while n <= 20 do
            if (pcall(
                vim.api.nvim_buf_set_name,
                buf,
                n == 1 and name or (name .. "-") .. tostring(n)
            )) then
                break
            end
            n = n + 1
        end
    end
    if old == "" then
        return
    end
    for ____, b in ipairs(vim.api.nvim_list_bufs()) do
        if b ~= buf and not vim.api.nvim_buf_is_loaded(b) and vim.api.nvim_buf_get_name(b) == old then
            pcall(vim.api.nvim_buf_delete, b, {force = true})
        end
    end
end
--- Window options of a terminal window: every column before the text off (they only waste width there).
local WINDOW_OPTIONS = {
    {"number", false},
    {"relativenumber", false},
    {"signcolumn", "no"},
    {"foldcolumn", "0"},
    {"statuscolumn", ""},
    {"spell", false}
}
--- Sets WINDOW_OPTIONS for the terminal buffer in `win` only (another buffer shown there later is unaffected).
function ____exports.styleWindow(win)
    for ____, ____value in ipairs(WINDOW_OPTIONS) do
        local name = ____value[1]
        local value = ____value[2]
        pcall(vim.api.nvim_set_option_value, name, value, {win = win, scope = "local"})
    end
end
--- Buffer-local Terminal-mode keys (config.terminal.keymaps) of the built-in terminal.
local function setKeymaps(config, buf)
    local keys = config.terminal.keymaps
    if keys.normal ~= false and keys.normal ~= "<C-\\><C-n>" then
        vim.keymap.set("t", keys.normal, "<C-\\><C-n>", {buffer = buf, desc = "claude-ide: leave Terminal mode"})
    end
    local moves = {{keys.window_left, "h", "left"}, {keys.window_down, "j", "below"}, {keys.window_up, "k", "above"}, {keys.window_right, "l", "right"}}
    for ____, ____value in ipairs(moves) do
        local lhs = ____value[1]
        local dir = ____value[2]
        local where = ____value[3]
        do
            if lhs == false then
                goto __continue32
            end
            local function move()
                return vim.api.nvim_win_get_config(0).relative ~= "" and lhs or ("<Cmd>wincmd " .. dir) .. "<CR>"
            end
            vim.keymap.set("t", lhs, move, {buffer = buf, expr = true, desc = "claude-ide: go to the window " .. where})
        end
        ::__continue32::
    end
end
--- Takes snacks.nvim's ExitPre handler off a terminal it opened. snacks closes its terminals on ExitPre
-- (folke/snacks.nvim 2abf208, "close terminals on ExitPre": a running job must not refuse `:qa`), but when the
-- quit was typed in that terminal's window, closing it makes Neovim refuse to quit ("bail out when autocommands
-- closed the window", before_quit_autocmds in ex_docmd.c): `:qa!` only closed the Claude terminal. Both the live
-- autocmd and the entry every show() defines again go; ClaudeTerminal.endForExit does the same work without
-- closing the current window.
local function takeOffSnacksExitPre(win)
    local events = win.events
    if type(events) == "table" then
        local list = events
        do
            local i = #list - 1
            while i >= 0 do
                local ev = list[i + 1].event
                if ev == "ExitPre" or type(ev) == "table" and #ev == 1 and ev[1] == "ExitPre" then
                    __TS__ArraySplice(list, i, 1)
                end
                i = i - 1
            end
        end
    end
    if type(win.augroup) ~= "number" then
        return
    end
    local ok, autocmds = pcall(vim.api.nvim_get_autocmds, {group = win.augroup, event = "ExitPre"})
    if not ok then
        return
    end
    for ____, au in ipairs(autocmds) do
        pcall(vim.api.nvim_del_autocmd, au.id)
    end
end
--- One Claude terminal (owned by sessions.ts, one per session; it outlives server restarts on the same port).
-- `inWindow`: show it in that window (replacing another Claude terminal there) instead of opening one.
____exports.ClaudeTerminal = __TS__Class()
local ClaudeTerminal = ____exports.ClaudeTerminal
ClaudeTerminal.name = "ClaudeTerminal"
function ClaudeTerminal.prototype.____constructor(self, hooks, session, scheme)
    if hooks == nil then
        hooks = {}
    end
    if session == nil then
        session = "claude"
    end
    if scheme == nil then
        scheme = "claude"
    end
    self.hooks = hooks
    self.session = session
    self.scheme = scheme
    self.gone = false
end
function ClaudeTerminal.prototype.processId(self)
    if self.pid ~= nil then
        return self.pid
    end
    local buf = self:buffer()
    local ____temp_2
    if buf ~= nil then
        ____temp_2 = vim.b[buf].terminal_job_id
    else
        ____temp_2 = nil
    end
    local job = ____temp_2
    if job == nil then
        return nil
    end
    local ok, pid = pcall(vim.fn.jobpid, job)
    if ok and pid > 0 then
        self.pid = pid
    end
    return self.pid
end
function ClaudeTerminal.prototype.isRunning(self)
    if self.snacksWin ~= nil then
        return self.snacksWin:buf_valid()
    end
    return self.job ~= nil and self.buf ~= nil and vim.api.nvim_buf_is_valid(self.buf)
end
function ClaudeTerminal.prototype.buffer(self)
    if self.snacksWin ~= nil then
        local ____table_snacksWin_buf_valid_result_3
        if self.snacksWin:buf_valid() then
            ____table_snacksWin_buf_valid_result_3 = self.snacksWin.buf
        else
            ____table_snacksWin_buf_valid_result_3 = nil
        end
        return ____table_snacksWin_buf_valid_result_3
    end
    local ____table_isRunning_result_4
    if self:isRunning() then
        ____table_isRunning_result_4 = self.buf
    else
        ____table_isRunning_result_4 = nil
    end
    return ____table_isRunning_result_4
end
function ClaudeTerminal.prototype.windows(self)
    local buf = self:buffer()
    if buf == nil then
        return {}
    end
    return __TS__ArrayFilter(
        vim.api.nvim_tabpage_list_wins(0),
        function(____, w) return vim.api.nvim_win_get_buf(w) == buf end
    )
end
function ClaudeTerminal.prototype.toggle(self, config, port, args, inWindow)
    leaveVisualMode()
    if not self:isRunning() then
        self:start(config, port, args, inWindow)
        return
    end
    self:warnIgnoredArgs(args)
    if self.snacksWin ~= nil then
        self.snacksWin:toggle()
        return
    end
    local shown = self:windows()
    if #shown > 0 then
        self:hide(shown)
    else
        self:show(config, inWindow)
    end
end
function ClaudeTerminal.prototype.focus(self, config, port, args, inWindow)
    leaveVisualMode()
    if not self:isRunning() then
        self:start(config, port, args, inWindow)
        return
    end
    self:warnIgnoredArgs(args)
    if self.snacksWin ~= nil then
        if not self.snacksWin:win_valid() then
            self.snacksWin:show()
        end
        self.snacksWin:focus()
        return
    end
    local shown = self:windows()
    if #shown == 0 then
        self:show(config, inWindow)
    else
        vim.api.nvim_set_current_win(shown[1])
        vim.cmd("startinsert")
    end
end
function ClaudeTerminal.prototype.warnIgnoredArgs(self, args)
    if vim.trim(args) ~= "" then
        say("Claude is already running: arguments apply when it starts (quit it first to restart)", "warn")
    end
end
function ClaudeTerminal.prototype.start(self, config, port, args, inWindow)
    local ____opt_5 = self.hooks.commandLine
    local far = ____opt_5 and ____opt_5(config, args)
    if far ~= nil and not far.ok then
        say(far.error, "error")
        return
    end
    local ____temp_7 = far ~= nil and far.ok and far or commandLine(config, port, args, self.hooks)
    local cmd = ____temp_7.cmd
    local env = ____temp_7.env
    local program = string.match((far and far.ok) == true and "" or config.terminal.command, "^%s*([^%s'\"]+)")
    if program ~= nil and vim.fn.executable(program) ~= 1 then
        say(("\"" .. program) .. "\" is not executable: install Claude Code or set terminal.command", "error")
        return
    end
    local provider = config.terminal.provider
    if provider ~= "native" and self:startSnacks(config, env, cmd, provider == "snacks") then
        return
    end
    self:startNative(config, env, cmd, inWindow)
end
function ClaudeTerminal.prototype.startSnacks(self, config, env, cmd, asked)
    local snacks = optionalModule("snacks")
    if (snacks and snacks.terminal) == nil then
        if asked then
            say("terminal.provider is \"snacks\" but snacks.nvim is not installed: using the built-in terminal", "warn")
        end
        return false
    end
    local t = config.terminal
    local position = t.side
    local ____pcall_15 = pcall
    local ____snacks_terminal_open_13 = snacks.terminal.open
    local ____cmd_14 = cmd
    local ____temp_12
    if (next(env)) == nil then
        ____temp_12 = nil
    else
        ____temp_12 = env
    end
    local ok, win = ____pcall_15(____snacks_terminal_open_13, ____cmd_14, {env = ____temp_12, auto_close = t.auto_close, win = {position = position, width = t.width, height = t.height}})
    if not ok then
        say(
            ("snacks.nvim terminal failed (" .. tostring(win)) .. "): using the built-in terminal",
            "warn"
        )
        return false
    end
    self.snacksWin = win
    takeOffSnacksExitPre(win)
    local buf = self.snacksWin.buf
    if buf ~= nil and vim.api.nvim_buf_is_valid(buf) then
        vim.api.nvim_set_option_value("filetype", FILETYPE, {buf = buf})
        nameBuffer(
            buf,
            ____exports.bufferName(self.session, self.scheme)
        )
        self:watchBuffer(buf)
        local group = vim.api.nvim_create_augroup(
            "claude-ide.terminal.exit." .. tostring(buf),
            {clear = true}
        )
        vim.api.nvim_create_autocmd(
            "ExitPre",
            {
                group = group,
                desc = "claude-ide: end the snacks.nvim Claude terminal as Neovim quits, never closing the current window",
                callback = function() return self:endForExit(buf) end
            }
        )
        vim.api.nvim_create_autocmd(
            "BufWipeout",
            {
                group = group,
                buffer = buf,
                once = true,
                desc = "claude-ide: the snacks.nvim Claude terminal is gone: nothing to end on ExitPre",
                callback = function()
                    vim.schedule(function() return pcall(vim.api.nvim_del_augroup_by_id, group) end)
                end
            }
        )
    end
    return true
end
function ClaudeTerminal.prototype.endForExit(self, buf)
    if not vim.api.nvim_buf_is_valid(buf) then
        return
    end
    local current = vim.api.nvim_get_current_win()
    for ____, win in ipairs(vim.fn.win_findbuf(buf)) do
        do
            if win ~= current then
                pcall(vim.api.nvim_win_close, win, true)
                goto __continue84
            end
            local eventignore = vim.o.eventignore
            vim.o.eventignore = "all"
            pcall(
                vim.api.nvim_win_set_buf,
                win,
                vim.api.nvim_create_buf(false, true)
            )
            vim.o.eventignore = eventignore
        end
        ::__continue84::
    end
    pcall(vim.api.nvim_buf_delete, buf, {force = true})
end
function ClaudeTerminal.prototype.startNative(self, config, env, cmd, inWindow)
    local buf = vim.api.nvim_create_buf(false, true)
    local win = self:openWindow(config, buf, inWindow)
    local ____temp_16
    if (next(env)) == nil then
        ____temp_16 = nil
    else
        ____temp_16 = env
    end
    local opts = {
        env = ____temp_16,
        on_exit = function(job, code) return self:onExit(config, job, code) end
    }
    local ok, job = pcall(function() return vim.api.nvim_win_call(
        win,
        function() return JOBSTART_TERM and vim.fn.jobstart(
            cmd,
            __TS__ObjectAssign({}, opts, {term = true})
        ) or vim.fn.termopen(cmd, opts) end
    ) end)
    if not ok or job <= 0 then
        pcall(vim.api.nvim_win_close, win, true)
        pcall(vim.api.nvim_buf_delete, buf, {force = true})
        say(
            (("could not start \"" .. cmd) .. "\": ") .. (ok and "job id " .. tostring(job) or tostring(job)),
            "error"
        )
        return
    end
    vim.api.nvim_set_option_value("bufhidden", "hide", {buf = buf})
    vim.api.nvim_buf_set_var(buf, "claude_ide_terminal", true)
    vim.api.nvim_set_option_value("filetype", FILETYPE, {buf = buf})
    nameBuffer(
        buf,
        ____exports.bufferName(self.session, self.scheme)
    )
    setKeymaps(config, buf)
    self.buf = buf
    self.job = job
    self:processId()
    self:watchBuffer(buf)
    vim.cmd("startinsert")
end
function ClaudeTerminal.prototype.watchBuffer(self, buf)
    vim.api.nvim_create_autocmd(
        {"BufUnload", "BufWipeout"},
        {
            buffer = buf,
            once = true,
            desc = "claude-ide: a Claude terminal closed: its session ends",
            callback = function() return self:markGone() end
        }
    )
end
function ClaudeTerminal.prototype.markGone(self, code)
    if self.gone then
        return
    end
    self.gone = true
    local ____opt_17 = self.hooks.onGone
    if ____opt_17 ~= nil then
        ____opt_17(code)
    end
end
function ClaudeTerminal.prototype.onExit(self, config, job, code)
    if job ~= self.job then
        return
    end
    local buf = self.buf
    self.job = nil
    self.buf = nil
    self:markGone(code)
    if not config.terminal.auto_close or code ~= 0 or buf == nil then
        return
    end
    for ____, win in ipairs(vim.fn.win_findbuf(buf)) do
        pcall(vim.api.nvim_win_close, win, true)
    end
    pcall(vim.api.nvim_buf_delete, buf, {force = true})
end
function ClaudeTerminal.prototype.openWindow(self, config, buf, inWindow)
    if inWindow ~= nil and vim.api.nvim_win_is_valid(inWindow) then
        vim.api.nvim_win_set_buf(inWindow, buf)
        vim.api.nvim_set_current_win(inWindow)
        ____exports.styleWindow(inWindow)
        return inWindow
    end
    local win = self:newWindow(config, buf)
    ____exports.styleWindow(win)
    return win
end
function ClaudeTerminal.prototype.newWindow(self, config, buf)
    local t = config.terminal
    if t.side == "float" then
        local width = cells(t.width, vim.o.columns)
        local height = cells(t.height, vim.o.lines - 2)
        return vim.api.nvim_open_win(
            buf,
            true,
            {
                relative = "editor",
                width = width,
                height = height,
                row = math.floor((vim.o.lines - height) / 2) - 1,
                col = math.floor((vim.o.columns - width) / 2),
                border = "rounded",
                title = " Claude "
            }
        )
    end
    local vertical = t.side == "left" or t.side == "right"
    local split = t.side == "top" and "above" or (t.side == "bottom" and "below" or t.side)
    return vim.api.nvim_open_win(
        buf,
        true,
        __TS__ObjectAssign(
            {split = split, win = -1},
            vertical and ({width = cells(t.width, vim.o.columns)}) or ({height = cells(t.height, vim.o.lines)})
        )
    )
end
function ClaudeTerminal.prototype.show(self, config, inWindow)
    if self.buf == nil then
        return
    end
    self:openWindow(config, self.buf, inWindow)
    vim.cmd("startinsert")
end
function ClaudeTerminal.prototype.hide(self, wins)
    for ____, win in ipairs(wins) do
        local closed = pcall(vim.api.nvim_win_close, win, false)
        if not closed then
            vim.api.nvim_win_set_buf(
                win,
                vim.api.nvim_create_buf(true, false)
            )
        end
    end
end
return ____exports
