-- Generated from src/claude-ide/hooks/editor.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____external_editor = require("claude-ide.editor.external_editor")
local openExternalEditor = ____external_editor.openExternalEditor
local ____log = require("claude-ide.log")
local say = ____log.say
local ____router = require("claude-ide.hooks.router")
local CLIENT_TITLES = ____router.CLIENT_TITLES
--- The event name of the editor command's request.
____exports.EDITOR_EVENT = "editor"
function ____exports.editorHandler(config)
    return function(ev)
        local file = ev.input.file
        if type(file) ~= "string" or file == "" then
            return nil
        end
        local layout = config().terminal.editor
        if layout == false then
            return nil
        end
        local line = type(ev.input.line) == "number" and ev.input.line or nil
        local opened = openExternalEditor(
            file,
            layout,
            ev.hookPid,
            line,
            CLIENT_TITLES[ev.client]
        )
        if not opened.ok then
            say("cannot open the agent's file: " .. opened.error, "error")
            return nil
        end
        local session = opened.session
        local status = ev.park(
            function(resume) return session.onDone(resume) end,
            function() return session.cancel() end
        )
        return {status = status}
    end
end
return ____exports
