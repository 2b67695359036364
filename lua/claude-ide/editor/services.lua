local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____selection = require("claude-ide.editor.selection")
local SelectionTracker = ____selection.SelectionTracker
--- Until the diff review exists: nothing is ever open, and the tools say so honestly.
local noDiffs = {
    closeAll = function() return 0 end,
    closeTab = function() return false end,
    dispose = function()
    end
}
function ____exports.createServices(config, hub)
    return {
        diff = noDiffs,
        selection = __TS__New(SelectionTracker, config, hub)
    }
end
--- Ends every feature's work (pending reviews answered, autocmds removed). Called on server stop.
function ____exports.disposeServices(services)
    services.diff.dispose()
    services.selection:dispose()
end
return ____exports
