-- Generated from src/claude-ide/protocol/result.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local ErrorCode = ____jsonrpc.ErrorCode
--- Error codes the bridge and the tools put after `ERROR ` (seed 001).
____exports.Code = {NoInstance = 1001, InstanceNotFound = 1002, ConnectionLost = 1003, CommandFailed = 1004}
--- Characters one result may hold: far under Claude Code's limit (25,000 tokens by default, about 100 KB of
-- code; results over ~50,000 characters may be spilled to a file), so a page never gets cut.
____exports.RESULT_BUDGET = 24000
--- A single-text result.
function ____exports.text(s)
    return {content = {{type = "text", text = s}}}
end
--- A result whose text is JSON (the form doc/protocol.md gives for most IDE tools).
function ____exports.jsonText(value)
    return ____exports.text(vim.json.encode(value))
end
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
--- A single-text result, within the caps (the agent tools' answers).
function ____exports.textResult(s)
    return ____exports.text(____exports.capText(s))
end
--- `OK: <what was done>`.
function ____exports.ok(what)
    return ____exports.textResult("OK: " .. what)
end
--- The user rejected `what` in the review: nothing changed (`detail` says what was undone), and no retry. With
-- the user's `reason`, it is quoted verbatim (on lines of its own, after the sentence that introduces it).
function ____exports.rejectedResult(what, detail, reason)
    if detail == nil then
        detail = ""
    end
    local head = ((("REJECTED: the user rejected " .. what) .. " in Neovim's review; nothing changed") .. detail) .. "."
    if reason == nil then
        return ____exports.textResult(head .. " Do not retry the same edit: ask the user what they want instead.")
    end
    return ____exports.textResult((head .. " Do not retry the same edit; the user's reason for rejecting it, in their words:\n") .. reason)
end
--- The one rendering of an agent-side failure: `ERROR: <message>` (or `ERROR <code>: <message>`), then the hint.
function ____exports.renderError(message, code, hint)
    local head = code ~= nil and (("ERROR " .. tostring(code)) .. ": ") .. message or "ERROR: " .. message
    return hint ~= nil and (head .. " ") .. hint or head
end
--- `ERROR: <message>` (or `ERROR <code>: <message>`), marked isError.
function ____exports.fail(message, code, hint)
    return {
        content = {{
            type = "text",
            text = ____exports.capText(____exports.renderError(message, code, hint))
        }},
        isError = true
    }
end
--- An IDE tool's failure while doing the work: `isError: true` with the plain message (doc/protocol.md).
function ____exports.toolError(message)
    return {content = {{type = "text", text = message}}, isError = true}
end
--- A bad argument as the model reads it: what was wrong, and that the call can be made again.
function ____exports.argumentError(tool, problem)
    return ____exports.fail(((tool .. ": ") .. problem) .. ".", nil, ("Fix the arguments and call " .. tool) .. " again.")
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
--- Thrown by a handler (or anything it calls) to end the call with a failure the model reads. `rpc` set: the
-- request itself was wrong (bad params, unknown resource) and the answer is that JSON-RPC error; otherwise the
-- answer is an `isError` result rendered by `fail` (code and hint included).
____exports.ToolError = __TS__Class()
local ToolError = ____exports.ToolError
ToolError.name = "ToolError"
function ToolError.prototype.____constructor(self, message, code, rpc, hint)
    self.message = message
    self.code = code
    self.rpc = rpc
    self.hint = hint
end
--- Ends the tool call with `ERROR: <message>` (or `ERROR <code>: …`).
function ____exports.failWith(message, code, hint)
    error(
        __TS__New(
            ____exports.ToolError,
            message,
            code,
            nil,
            hint
        ),
        0
    )
end
--- Ends the call with JSON-RPC -32602 (protocol-level misuse; an agent session answers it as an `ERROR:`
-- result the model can correct). The message names the argument.
function ____exports.invalidParams(message)
    error(
        __TS__New(____exports.ToolError, message, nil, ErrorCode.InvalidParams),
        0
    )
end
--- MCP's JSON-RPC error for an unknown resource up to 2025-11-25 (2026-07-28 says -32602 with `data.uri`: the
-- agent bridge turns one into the other for a client of that revision).
____exports.RESOURCE_NOT_FOUND = -32002
--- Ends the request with this JSON-RPC error (e.g. RESOURCE_NOT_FOUND).
function ____exports.rpcError(code, message)
    error(
        __TS__New(____exports.ToolError, message, nil, code),
        0
    )
end
--- The one place a thrown ToolError is turned into an answer.
function ____exports.settle(err)
    if not __TS__InstanceOf(err, ____exports.ToolError) then
        return nil
    end
    if err.rpc == ErrorCode.InvalidParams then
        return {kind = "invalid-arguments", message = err.message}
    end
    if err.rpc ~= nil then
        return {kind = "rpc", code = err.rpc, message = err.message}
    end
    return {
        kind = "result",
        result = ____exports.fail(err.message, err.code, err.hint)
    }
end
--- A settled failure answered as a JSON-RPC error (a request that is not a tool call, or a malformed call).
function ____exports.asRpcError(settled)
    if settled.kind == "rpc" then
        return {code = settled.code, message = settled.message}
    end
    if settled.kind == "invalid-arguments" then
        return {code = ErrorCode.InvalidParams, message = settled.message}
    end
    return {code = ErrorCode.InternalError, message = settled.result.content[1].text}
end
--- Runs a tool body; a failure (failWith) becomes its `ERROR:` result, anything else propagates (rpc, -32603).
function ____exports.guarded(body)
    local okRun, value = pcall(body)
    if okRun then
        return value
    end
    local settled = ____exports.settle(value)
    if (settled and settled.kind) == "result" then
        return settled.result
    end
    error(value, 0)
end
--- The rules, in order (none yet: every text passes unchanged, at no cost).
local RULES = {}
--- A text through every rule.
function ____exports.outgoingText(s, road, config)
    for ____, rule in ipairs(RULES) do
        s = rule(s, road, config)
    end
    return s
end
--- A tool result with every text content through the rules (the same table when there are none).
function ____exports.outgoingResult(result, config)
    if #RULES == 0 then
        return result
    end
    local content = __TS__ArrayMap(
        result.content,
        function(____, c) return c.type == "text" and type(c.text) == "string" and __TS__ObjectAssign(
            {},
            c,
            {text = ____exports.outgoingText(c.text, "tool", config)}
        ) or c end
    )
    return {content = content, isError = result.isError}
end
--- Any JSON value (a response, notification params) with every string in it through the rules.
function ____exports.outgoingValue(value, road, config)
    if #RULES == 0 then
        return value
    end
    local walk
    walk = function(v)
        if type(v) == "string" then
            return ____exports.outgoingText(v, road, config)
        end
        if type(v) ~= "table" or getmetatable(v) ~= nil then
            return v
        end
        local out = vim.islist(v) and ({}) or vim.empty_dict()
        for k, item in pairs(v) do
            out[k] = walk(item)
        end
        return out
    end
    return walk(value)
end
return ____exports
