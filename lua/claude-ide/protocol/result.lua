-- Generated from src/claude-ide/protocol/result.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local ____exports = {}
--- Error codes the bridge and the tools put after `ERROR ` (seed 001).
____exports.Code = {NoInstance = 1001, InstanceNotFound = 1002, ConnectionLost = 1003, CommandFailed = 1004}
--- Characters one result may hold: far under Claude Code's limit (25,000 tokens by default, about 100 KB of
-- code; results over ~50,000 characters may be spilled to a file), so a page never gets cut.
____exports.RESULT_BUDGET = 24000
--- A line of a file is cut at this many characters in every answer: `… (N more characters)`.
____exports.MAX_LINE_CHARS = 2000
--- Room for what a tool puts in front of a file's line (a line number, a path): capText cuts only lines longer
-- than MAX_LINE_CHARS + this, so a line a tool already cut is not cut again.
local LINE_ROOM = 256
--- No answer holds more characters than this; what is over is cut with a line saying how much.
____exports.MAX_ANSWER_CHARS = 30000
--- `line` cut at `max` characters, with how many more there were.
function ____exports.cutLine(line, max)
    if max == nil then
        max = ____exports.MAX_LINE_CHARS
    end
    if #line <= max then
        return line
    end
    local total = vim.fn.strchars(line)
    if total <= max then
        return line
    end
    return ((vim.fn.strcharpart(line, 0, max) .. " … (") .. tostring(total - max)) .. " more characters)"
end
--- `text` within the caps: no line much over MAX_LINE_CHARS characters (one longer than that plus LINE_ROOM is
-- cut at MAX_LINE_CHARS), all of it at most MAX_ANSWER_CHARS characters.
function ____exports.capText(text)
    local out = text
    local longest = ____exports.MAX_LINE_CHARS + LINE_ROOM
    if #out > longest then
        local lines = vim.split(out, "\n", {plain = true})
        local cut = false
        do
            local i = 0
            while i < #lines do
                if #lines[i + 1] > longest and vim.fn.strchars(lines[i + 1]) > longest then
                    local shorter = ____exports.cutLine(lines[i + 1])
                    if shorter ~= lines[i + 1] then
                        lines[i + 1] = shorter
                        cut = true
                    end
                end
                i = i + 1
            end
        end
        if cut then
            out = table.concat(lines, "\n")
        end
    end
    if #out > ____exports.MAX_ANSWER_CHARS then
        local total = vim.fn.strchars(out)
        if total > ____exports.MAX_ANSWER_CHARS then
            out = ((((vim.fn.strcharpart(out, 0, ____exports.MAX_ANSWER_CHARS) .. "\n… (") .. tostring(total - ____exports.MAX_ANSWER_CHARS)) .. " more characters not shown: an answer holds at most ") .. tostring(____exports.MAX_ANSWER_CHARS)) .. " characters)"
        end
    end
    return out
end
function ____exports.textResult(text)
    return {content = {{
        type = "text",
        text = ____exports.capText(text)
    }}}
end
--- The user rejected `what` in the review: nothing changed (`detail` says what was undone), and no retry.
function ____exports.rejectedResult(what, detail)
    if detail == nil then
        detail = ""
    end
    return ____exports.textResult(((("REJECTED: the user rejected " .. what) .. " in Neovim's review; nothing changed") .. detail) .. ". Do not retry the same edit: ask the user what they want instead.")
end
function ____exports.ok(what)
    return ____exports.textResult("OK: " .. what)
end
--- `ERROR: <message>` (or `ERROR <code>: <message>`), marked isError.
function ____exports.fail(message, code)
    return {
        content = {{
            type = "text",
            text = ____exports.capText(code ~= nil and (("ERROR " .. tostring(code)) .. ": ") .. message or "ERROR: " .. message)
        }},
        isError = true
    }
end
--- Thrown by helpers deep in a tool (resolving a target, parsing a position): caught by `guarded`.
____exports.ToolFailure = __TS__Class()
local ToolFailure = ____exports.ToolFailure
ToolFailure.name = "ToolFailure"
function ToolFailure.prototype.____constructor(self, message, code)
    self.message = message
    self.code = code
end
function ____exports.failWith(message, code)
    error(
        __TS__New(____exports.ToolFailure, message, code),
        0
    )
end
--- Runs a tool body; a ToolFailure becomes its `ERROR:` result, anything else propagates (-32603).
function ____exports.guarded(body)
    local okRun, value = pcall(body)
    if okRun then
        return value
    end
    local err = value
    if __TS__InstanceOf(err, ____exports.ToolFailure) then
        return ____exports.fail(err.message, err.code)
    end
    error(err, 0)
end
--- Lines that fit the budget, starting at `lines[0]`: as many whole lines as fit (at least one, cut when a
-- single line alone is over budget). Returns how many were taken.
function ____exports.fitLines(lines, budget)
    if budget == nil then
        budget = ____exports.RESULT_BUDGET
    end
    local out = {}
    local size = 0
    for ____, line in ipairs(lines) do
        if size + #line + 1 > budget then
            if #out == 0 then
                out[#out + 1] = ____exports.cutLine(
                    line,
                    math.min(____exports.MAX_LINE_CHARS, budget - 40)
                )
            end
            break
        end
        out[#out + 1] = line
        size = size + (#line + 1)
    end
    return {
        text = table.concat(out, "\n"),
        taken = math.max(#out, #lines > 0 and 1 or 0)
    }
end
return ____exports
