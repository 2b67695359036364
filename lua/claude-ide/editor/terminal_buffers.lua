-- Generated from src/claude-ide/editor/terminal_buffers.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The filetype of Claude terminal buffers (`:autocmd FileType claude-ide`, statuslines).
____exports.FILETYPE = "claude-ide"
function ____exports.isTerminal(buf)
    return vim.api.nvim_buf_is_valid(buf) and vim.api.nvim_get_option_value("buftype", {buf = buf}) == "terminal"
end
--- A terminal running `claude` started by this plugin.
function ____exports.isClaudeTerminal(buf)
    return ____exports.isTerminal(buf) and vim.api.nvim_get_option_value("filetype", {buf = buf}) == ____exports.FILETYPE
end
--- The command of a terminal buffer, from its name `term://{cwd}//{pid}:{command}`.
function ____exports.terminalCommand(buf)
    local name = vim.api.nvim_buf_get_name(buf)
    local ____, ____, command = string.find(name, "^term://.-//%d+:(.*)$")
    return command ~= nil and tostring(command) or name
end
--- The buffer's lines without the empty rows below the last output (the unused part of the screen).
function ____exports.terminalLines(buf)
    if not vim.api.nvim_buf_is_loaded(buf) then
        return {}
    end
    local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    while #lines > 0 and (string.find(lines[#lines], "^%s*$")) ~= nil do
        table.remove(lines)
    end
    return lines
end
--- Buffer variable holding the exit status of the terminal's job (set on TermClose).
local EXIT_VAR = "claude_ide_exit_status"
--- TermClose (editor/services): keeps the job's exit status on its buffer.
function ____exports.recordExit(buf)
    local status = vim.v.event.status
    if status ~= nil and vim.api.nvim_buf_is_valid(buf) then
        vim.b[buf][EXIT_VAR] = status
    end
end
--- `running`, `exit N` (from TermClose, or the `[Process exited N]` line Neovim 0.10 writes) or `exited`.
function ____exports.terminalState(buf)
    local job = vim.b[buf].terminal_job_id
    if job ~= nil and vim.fn.jobwait({job}, 0)[1] == -1 then
        return "running"
    end
    local status = vim.b[buf][EXIT_VAR]
    if status ~= nil then
        return "exit " .. tostring(status)
    end
    local lines = ____exports.terminalLines(buf)
    do
        local i = #lines - 1
        while i >= math.max(0, #lines - 3) do
            local ____, ____, code = string.find(lines[i + 1], "%[Process exited (%-?%d+)%]")
            if code ~= nil then
                return "exit " .. tostring(code)
            end
            i = i - 1
        end
    end
    return "exited"
end
--- `make test [running]`: what editor_state shows for a terminal buffer.
function ____exports.terminalLabel(buf)
    return ((____exports.terminalCommand(buf) .. " [") .. ____exports.terminalState(buf)) .. "]"
end
return ____exports
