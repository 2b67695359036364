-- Generated from src/claude-ide/editor/external_editor.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local ____exports = {}
local ____process = require("claude-ide.util.process")
local ancestors = ____process.ancestors
local ____buffers = require("claude-ide.editor.buffers")
local AGENT_FILE_VAR = ____buffers.AGENT_FILE_VAR
--- How far above the editor command its terminal's process may be (terminal → shell → cli → sh → nvim -l).
local MAX_DEPTH = 12
--- The command that cancels (`:cq` in the buffer becomes it).
local CANCEL = "ClaudeIdeEditorCancel"
--- The window of the current tab page showing a terminal whose process is an ancestor of `pid`.
local function terminalWindow(pid)
    if pid == nil then
        return nil
    end
    local chain = ancestors(pid, MAX_DEPTH)
    for ____, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
        do
            local buf = vim.api.nvim_win_get_buf(win)
            if vim.bo[buf].buftype ~= "terminal" then
                goto __continue4
            end
            local job = vim.b[buf].terminal_job_id
            if job == nil then
                goto __continue4
            end
            local ok, jobPid = pcall(vim.fn.jobpid, job)
            if ok and __TS__ArrayIncludes(chain, jobPid) then
                return win
            end
        end
        ::__continue4::
    end
    return nil
end
--- Opens `buf` in a new window for `layout`, above `near` (a split) when given.
local function openWindow(buf, layout, near)
    if layout == "tab" then
        vim.cmd("tab sbuffer " .. tostring(buf))
        return vim.api.nvim_get_current_win()
    end
    if layout == "float" then
        local width = math.max(
            20,
            math.floor(vim.o.columns * 0.8)
        )
        local height = math.max(
            5,
            math.floor(vim.o.lines * 0.7)
        )
        return vim.api.nvim_open_win(
            buf,
            true,
            {
                relative = "editor",
                width = width,
                height = height,
                row = math.floor((vim.o.lines - height) / 2),
                col = math.floor((vim.o.columns - width) / 2),
                border = "rounded"
            }
        )
    end
    return vim.api.nvim_open_win(buf, true, {split = "above", win = near or 0})
end
--- The winbar of the file's window: whose text it is, and the two ways out.
function ____exports.editorWinbar(who)
    return ("%#Title# " .. who) .. "'s prompt %*  :wq send  ·  :cq cancel"
end
--- Opens `file` for the editor command run as `pid` and returns the session, or the reason it cannot open.
-- `line`: the line the CLI asked for (`+N`), if any. `who`: the CLI as the user reads its name (the winbar).
function ____exports.openExternalEditor(file, layout, pid, line, who)
    if who == nil then
        who = "the agent"
    end
    if vim.fn.filereadable(file) ~= 1 and vim.fn.isdirectory(vim.fs.dirname(file)) ~= 1 then
        return {ok = false, error = "no such file: " .. file}
    end
    local terminal = terminalWindow(pid)
    local buf = vim.fn.bufadd(file)
    vim.b[buf][AGENT_FILE_VAR] = true
    vim.bo[buf].swapfile = false
    vim.fn.bufload(buf)
    vim.bo[buf].buflisted = true
    local opened, win = pcall(openWindow, buf, layout, terminal)
    if not opened then
        return {
            ok = false,
            error = "cannot open a window: " .. tostring(win)
        }
    end
    local winbar = ____exports.editorWinbar(who)
    local winbarBefore = vim.api.nvim_get_option_value("winbar", {win = win, scope = "local"})
    vim.api.nvim_set_option_value("winbar", winbar, {win = win, scope = "local"})
    vim.bo[buf].bufhidden = "wipe"
    vim.bo[buf].filetype = "markdown"
    if line ~= nil then
        pcall(vim.api.nvim_win_set_cursor, win, {line, 0})
    end
    local written = false
    local status
    local waiting = {}
    local group = vim.api.nvim_create_augroup(
        "claude-ide.external-editor." .. tostring(buf),
        {clear = true}
    )
    local function finish(s)
        if status ~= nil then
            return
        end
        status = s
        pcall(vim.api.nvim_del_augroup_by_id, group)
        if vim.api.nvim_win_is_valid(win) and vim.api.nvim_get_option_value("winbar", {win = win}) == winbar then
            vim.api.nvim_set_option_value("winbar", winbarBefore, {win = win, scope = "local"})
        end
        vim.schedule(function()
            if terminal ~= nil and vim.api.nvim_win_is_valid(terminal) then
                vim.api.nvim_set_current_win(terminal)
                vim.cmd("startinsert")
            end
        end)
        for ____, cb in ipairs(waiting) do
            cb(s)
        end
    end
    vim.api.nvim_create_autocmd(
        "BufWritePost",
        {
            group = group,
            buffer = buf,
            desc = "claude-ide: the agent's file was written (the CLI reads it)",
            callback = function()
                written = true
            end
        }
    )
    vim.api.nvim_create_autocmd(
        {"BufWipeout", "BufUnload"},
        {
            group = group,
            buffer = buf,
            desc = "claude-ide: the agent's file was closed (the CLI goes on)",
            callback = function() return finish(written and 0 or 1) end
        }
    )
    vim.api.nvim_buf_create_user_command(
        buf,
        CANCEL,
        function()
            finish(1)
            pcall(vim.api.nvim_buf_delete, buf, {force = true})
        end,
        {desc = "claude-ide: close the agent's file without giving it back (the CLI keeps its text)"}
    )
    vim.cmd(("cnoreabbrev <buffer> <expr> cq (getcmdtype() ==# ':' && getcmdline() ==# 'cq') ? '" .. CANCEL) .. "' : 'cq'")
    return {
        ok = true,
        session = {
            onDone = function(cb)
                if status ~= nil then
                    cb(status)
                else
                    waiting[#waiting + 1] = cb
                end
            end,
            cancel = function()
                if status ~= nil then
                    return
                end
                finish(1)
                pcall(vim.api.nvim_buf_delete, buf, {force = true})
            end
        }
    }
end
return ____exports
