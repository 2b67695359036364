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
function ____exports.textResult(text)
    return {content = {{type = "text", text = text}}}
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
            text = code ~= nil and (("ERROR " .. tostring(code)) .. ": ") .. message or "ERROR: " .. message
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
                out[#out + 1] = ((string.sub(line, 1, budget - 40) .. " …[line cut at ") .. tostring(budget - 40)) .. " bytes]"
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
