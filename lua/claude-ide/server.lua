local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
____exports.Server = __TS__Class()
local Server = ____exports.Server
Server.name = "Server"
function Server.prototype.____constructor(self, config, opts)
    if opts == nil then
        opts = {}
    end
    self.config = config
    self.opts = opts
end
function Server.prototype.start(self)
    return {
        ok = false,
        error = ((("not implemented yet (" .. self.config.log_level) .. ", ") .. tostring(self.opts.reuse ~= nil)) .. ")"
    }
end
function Server.prototype.stop(self)
end
function Server.prototype.status(self)
    return {running = false, clients = 0, cliPids = {}}
end
return ____exports
