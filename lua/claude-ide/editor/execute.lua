-- Generated from src/claude-ide/editor/execute.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayPush = ____lualib.__TS__ArrayPush
local __TS__Class = ____lualib.__TS__Class
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____pty = require("claude-ide.editor.pty")
local ptyStarted = ____pty.ptyStarted
local whenSafeToHangUp = ____pty.whenSafeToHangUp
--- Output kept for the answer (the terminal buffer shows everything).
local MAX_OUTPUT_BYTES = 100 * 1024
local JOBSTART_TERM = vim.fn.has("nvim-0.11") == 1
local ESC = string.char(27)
--- The log file: execute_code_opts.log_file, else stdpath("log")/claude-ide-execute.log.
function ____exports.logPath(config)
    return config.execute_code_opts.log_file or vim.fs.joinpath(
        vim.fn.stdpath("log"),
        "claude-ide-execute.log"
    )
end
--- Appends one record to the log (created 0600: it holds code and output). Never throws.
function ____exports.appendLog(config, code, outcome, output)
    local path = ____exports.logPath(config)
    local parts = {
        (((("=== " .. os.date("%Y-%m-%d %H:%M:%S")) .. " ") .. table.concat(config.execute_code_opts.interpreter, " ")) .. ": ") .. outcome,
        "--- code",
        code
    }
    if output ~= nil then
        __TS__ArrayPush(parts, "--- output", output)
    end
    local record = table.concat(parts, "\n") .. "\n\n"
    pcall(function()
        vim.fn.mkdir(
            vim.fs.dirname(path),
            "p"
        )
        local fd = vim.uv.fs_open(path, "a", 384)
        if fd == nil then
            return
        end
        vim.uv.fs_write(fd, record)
        vim.uv.fs_close(fd)
    end)
end
--- Terminal output as plain text: CR LF → LF, ANSI escape sequences (CSI) removed.
local function plain(raw)
    local noCsi = string.gsub(raw, ESC .. "%[[0-9;?]*[ -/]*[@-~]", "")
    local noCr = string.gsub(noCsi, "\r", "")
    return noCr
end
local function centeredFloat(buf, title, height)
    local width = math.max(
        20,
        math.floor(vim.o.columns * 0.8)
    )
    local h = math.max(
        3,
        math.min(
            height,
            math.floor(vim.o.lines * 0.6)
        )
    )
    return vim.api.nvim_open_win(
        buf,
        true,
        {
            relative = "editor",
            width = width,
            height = h,
            row = math.floor((vim.o.lines - h) / 2) - 1,
            col = math.floor((vim.o.columns - width) / 2),
            border = "rounded",
            title = (" " .. title) .. " ",
            zindex = 60
        }
    )
end
--- One executeCode call: ask, then run. Owns its float and its job; `close` ends both.
____exports.CodeRun = __TS__Class()
local CodeRun = ____exports.CodeRun
CodeRun.name = "CodeRun"
function CodeRun.prototype.____constructor(self, config, code)
    self.config = config
    self.code = code
    self.decided = false
    self.previousWin = vim.api.nvim_get_current_win()
end
function CodeRun.prototype.ask(self, answer)
    local interpreter = table.concat(self.config.execute_code_opts.interpreter, " ")
    local buf = vim.api.nvim_create_buf(false, true)
    local lines = vim.split(self.code, "\n", {plain = true})
    table.insert(lines, 1, "")
    table.insert(lines, 1, ("Claude wants to run this code with " .. interpreter) .. ":")
    __TS__ArrayPush(lines, "", "y: run it    n, q, <Esc>: refuse")
    vim.api.nvim_buf_set_lines(
        buf,
        0,
        -1,
        false,
        lines
    )
    vim.api.nvim_set_option_value("modifiable", false, {buf = buf})
    vim.api.nvim_set_option_value("bufhidden", "wipe", {buf = buf})
    self.win = centeredFloat(buf, "Claude: executeCode", #lines)
    local function decide(run)
        if self.decided then
            return
        end
        self.decided = true
        answer(run)
    end
    vim.keymap.set(
        "n",
        "y",
        function() return decide(true) end,
        {buffer = buf, nowait = true, desc = "claude-ide: run Claude's code"}
    )
    for ____, lhs in ipairs({"n", "q", "<Esc>"}) do
        vim.keymap.set(
            "n",
            lhs,
            function()
                decide(false)
                self:close()
            end,
            {buffer = buf, nowait = true, desc = "claude-ide: refuse to run Claude's code"}
        )
    end
    vim.api.nvim_create_autocmd(
        "BufWipeout",
        {
            buffer = buf,
            once = true,
            desc = "claude-ide: closing the executeCode window refuses the run",
            callback = function() return decide(false) end
        }
    )
end
function CodeRun.prototype.start(self, done)
    local opts = self.config.execute_code_opts
    local file = vim.fn.tempname()
    vim.fn.writefile(
        vim.split(self.code, "\n", {plain = true}),
        file
    )
    local buf = vim.api.nvim_create_buf(false, true)
    if self.win == nil or not vim.api.nvim_win_is_valid(self.win) then
        self.win = centeredFloat(buf, "Claude: executeCode", 20)
    else
        vim.api.nvim_win_set_buf(self.win, buf)
    end
    vim.api.nvim_set_option_value("bufhidden", "wipe", {buf = buf})
    vim.keymap.set(
        "n",
        "q",
        function() return self:close() end,
        {buffer = buf, nowait = true, desc = "claude-ide: close the executeCode window"}
    )
    local chunks = {}
    local size = 0
    local timedOut = false
    local started = vim.uv.now()
    local function finish(exitCode)
        self:stopTimer()
        self.job = nil
        vim.uv.fs_unlink(file)
        local output = plain(table.concat(chunks, ""))
        if size > MAX_OUTPUT_BYTES then
            output = ((string.sub(output, 1, MAX_OUTPUT_BYTES) .. "\n[output truncated at ") .. tostring(MAX_OUTPUT_BYTES)) .. " bytes]"
        end
        self:setTitle(timedOut and "timed out (q closes)" or ("exit code " .. tostring(exitCode)) .. " (q closes)")
        local ____done_1 = done
        local ____timedOut_0
        if timedOut then
            ____timedOut_0 = nil
        else
            ____timedOut_0 = exitCode
        end
        ____done_1({
            exitCode = ____timedOut_0,
            timedOut = timedOut,
            output = output,
            durationMs = vim.uv.now() - started
        })
    end
    local jobOpts = {
        on_stdout = function(_job, data)
            if size > MAX_OUTPUT_BYTES then
                return
            end
            local text = table.concat(data, "\n")
            chunks[#chunks + 1] = text
            size = size + #text
        end,
        on_exit = function(_job, code) return finish(code) end
    }
    local cmd = vim.deepcopy(opts.interpreter)
    cmd[#cmd + 1] = file
    local ok, job = pcall(function() return vim.api.nvim_win_call(
        self.win,
        function() return JOBSTART_TERM and vim.fn.jobstart(
            cmd,
            __TS__ObjectAssign({}, jobOpts, {term = true})
        ) or vim.fn.termopen(cmd, jobOpts) end
    ) end)
    if not ok or job <= 0 then
        vim.uv.fs_unlink(file)
        chunks[#chunks + 1] = (("could not start " .. opts.interpreter[1]) .. ": ") .. (ok and "job id " .. tostring(job) or tostring(job))
        finish(-1)
        return
    end
    self.job = job
    ptyStarted(self.job)
    self:setTitle("running " .. table.concat(opts.interpreter, " "))
    self.timer = vim.uv.new_timer()
    self.timer:start(
        opts.timeout_ms,
        0,
        function() return vim.schedule(function()
            timedOut = true
            self:stop()
        end) end
    )
end
function CodeRun.prototype.stop(self)
    self:stopTimer()
    local job = self.job
    if job ~= nil then
        whenSafeToHangUp(
            job,
            function() return pcall(vim.fn.jobstop, job) end
        )
    end
end
function CodeRun.prototype.close(self)
    self:stopTimer()
    local job = self.job
    local win = self.win
    self.win = nil
    local function closeWin()
        if job ~= nil then
            pcall(vim.fn.jobstop, job)
        end
        if win ~= nil and vim.api.nvim_win_is_valid(win) then
            pcall(vim.api.nvim_win_close, win, true)
        end
    end
    if job ~= nil then
        whenSafeToHangUp(job, closeWin)
    else
        closeWin()
    end
    if vim.api.nvim_win_is_valid(self.previousWin) then
        pcall(vim.api.nvim_set_current_win, self.previousWin)
    end
end
function CodeRun.prototype.setTitle(self, status)
    if self.win == nil or not vim.api.nvim_win_is_valid(self.win) then
        return
    end
    pcall(vim.api.nvim_win_set_config, self.win, {title = (" Claude: executeCode — " .. status) .. " "})
end
function CodeRun.prototype.stopTimer(self)
    if self.timer == nil then
        return
    end
    self.timer:stop()
    self.timer:close()
    self.timer = nil
end
return ____exports
