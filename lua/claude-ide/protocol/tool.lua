-- Generated from src/claude-ide/protocol/tool.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
do
    local ____result = require("claude-ide.protocol.result")
    ____exports.invalidParams = ____result.invalidParams
    ____exports.jsonText = ____result.jsonText
    ____exports.text = ____result.text
    ____exports.toolError = ____result.toolError
end
--- Parks the call until the user decides `review`; a cancelled call closes the review instead.
function ____exports.decisionOf(ctx, review)
    return ctx.park(
        function(resume) return review.onDecision(resume) end,
        function(reason) return review.cancel(reason) end
    )
end
return ____exports
