-- Generated from src/claude-ide/editor/review/reason.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- Buffer variable on a review's proposal buffer: the reason the refusal under way carries. :ClaudeCodeDiffDeny
-- sets it and then deletes the buffer (the one way in for a refusal), and the view reads it as it rejects.
____exports.REASON_VAR = "claude_ide_reject_reason"
--- A reason as typed, trimmed; undefined when there is nothing in it.
function ____exports.cleanReason(reason)
    if reason == nil then
        return nil
    end
    local trimmed = vim.trim(reason)
    local ____temp_0
    if trimmed == "" then
        ____temp_0 = nil
    else
        ____temp_0 = trimmed
    end
    return ____temp_0
end
--- The reason waiting on `buf` (REASON_VAR), if any.
function ____exports.reasonOn(buf)
    if not vim.api.nvim_buf_is_valid(buf) then
        return nil
    end
    local ok, value = pcall(vim.api.nvim_buf_get_var, buf, ____exports.REASON_VAR)
    local ____temp_1
    if ok and type(value) == "string" then
        ____temp_1 = ____exports.cleanReason(value)
    else
        ____temp_1 = nil
    end
    return ____temp_1
end
--- Asks for a reason (vim.ui.input, so a user's input UI shows it). `done` gets the reason, or undefined for an
-- empty answer (a refusal without one); cancelling (<Esc>) calls nothing: the review stays open.
function ____exports.askReason(prompt, done)
    vim.ui.input(
        {prompt = prompt},
        function(input)
            if input == nil then
                return
            end
            done(____exports.cleanReason(input))
        end
    )
end
return ____exports
