-- Generated from src/claude-ide/protocol/tool.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local ____exports = {}
--- Thrown by `invalidParams`; the protocol layer turns it into JSON-RPC error -32602.
____exports.InvalidParamsError = __TS__Class()
local InvalidParamsError = ____exports.InvalidParamsError
InvalidParamsError.name = "InvalidParamsError"
function InvalidParamsError.prototype.____constructor(self, message)
    self.message = message
end
--- Aborts the handler with JSON-RPC -32602 (protocol-level misuse). The message names the argument.
function ____exports.invalidParams(message)
    error(
        __TS__New(____exports.InvalidParamsError, message),
        0
    )
end
--- Parks the call until the user decides `review`; a cancelled call closes the review instead.
function ____exports.decisionOf(ctx, review)
    return ctx.park(
        function(resume) return review.onDecision(resume) end,
        function() return review.cancel() end
    )
end
--- A single-text result.
function ____exports.text(s)
    return {content = {{type = "text", text = s}}}
end
--- A result whose text is JSON (the form doc/protocol.md gives for most IDE tools).
function ____exports.jsonText(value)
    return ____exports.text(vim.json.encode(value))
end
--- A failure while doing the work: `isError: true` with a message saying what went wrong.
function ____exports.toolError(message)
    return {content = {{type = "text", text = message}}, isError = true}
end
return ____exports
