-- Generated from src/claude-ide/agent/tools/common.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____schema = require("claude-ide.protocol.schema")
local int = ____schema.int
local optional = ____schema.optional
local str = ____schema.str
--- `path` | `buffer`, as every tool that works on one file takes them.
____exports.targetInput = {
    path = optional(str("File path, absolute or relative to Neovim's cwd", {minLength = 1})),
    buffer = optional(int("Buffer number (b<n> in editor_state)", {minimum = 1}))
}
--- A reading tool: plan mode and auto-approval may call it freely.
function ____exports.reading(title)
    return {
        title = title,
        readOnlyHint = true,
        destructiveHint = false,
        idempotentHint = true,
        openWorldHint = false
    }
end
--- A tool that changes the editor or files.
function ____exports.writing(title, destructive, idempotent)
    if idempotent == nil then
        idempotent = false
    end
    return {
        title = title,
        readOnlyHint = false,
        destructiveHint = destructive,
        idempotentHint = idempotent,
        openWorldHint = false
    }
end
return ____exports
