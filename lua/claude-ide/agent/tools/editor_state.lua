-- Generated from src/claude-ide/agent/tools/editor_state.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local optional = ____schema.optional
local reading = ____schema.reading
local str = ____schema.str
local ____result = require("claude-ide.protocol.result")
local textResult = ____result.textResult
local ____state = require("claude-ide.editor.state")
local render = ____state.render
____exports.editorState = defineTool({
    name = "editor_state",
    title = "Editor state",
    description = (("The user's Neovim in one compact answer: mode, cwd, cursor (path:line:col), the live Visual selection with its text, " .. "tab pages and windows, every listed buffer (b<n> path lines [mod]=unsaved [cur]=current, filetype, diagnostic counts ") .. "E/W/I/H), LSP clients and their buffers, diff reviews waiting for the user, the Claude sessions connected to Neovim (their folders; [yours] is the one you run in). Call it first to see what the user is ") .. "working on. Pass the `state:` token of your last answer as `since` to get only the sections that changed.",
    input = {since = optional(str("The `state:` token of an earlier editor_state answer (e.g. s3)"))},
    closed = true,
    annotations = reading("Editor state"),
    handler = function(args, ctx) return textResult(render(
        ctx.services.agent.snapshots,
        ctx.services.policy,
        args.since,
        {
            hub = ctx.hub,
            own = ctx.hub.ownerOf(ctx.clientId)
        }
    )) end
})
return ____exports
