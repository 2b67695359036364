--[[ Generated with https://github.com/TypeScriptToLua/TypeScriptToLua ]]
local ____exports = {}
--- Until the diff review exists: nothing is ever open, and the tools say so honestly.
local noDiffs = {
    closeAll = function() return 0 end,
    closeTab = function() return false end,
    dispose = function()
    end
}
function ____exports.createServices(_config, _hub)
    return {diff = noDiffs}
end
--- Ends every feature's work (pending reviews answered, autocmds removed). Called on server stop.
function ____exports.disposeServices(services)
    services.diff.dispose()
end
return ____exports
