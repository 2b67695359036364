-- Generated from src/claude-ide/log.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
local VIM_LEVEL
--- A message the user asked for (a command's answer): always shown, whatever log_level says.
function ____exports.say(msg, level)
    if level == nil then
        level = "info"
    end
    local text = "claude-ide: " .. msg
    if vim.in_fast_event() then
        vim.schedule(function() return vim.notify(text, VIM_LEVEL[level]) end)
    else
        vim.notify(text, VIM_LEVEL[level])
    end
end
local ORDER = {
    trace = 0,
    debug = 1,
    info = 2,
    warn = 3,
    error = 4,
    off = 5
}
VIM_LEVEL = {
    trace = vim.log.levels.TRACE,
    debug = vim.log.levels.DEBUG,
    info = vim.log.levels.INFO,
    warn = vim.log.levels.WARN,
    error = vim.log.levels.ERROR,
    off = vim.log.levels.OFF
}
____exports.Logger = __TS__Class()
local Logger = ____exports.Logger
Logger.name = "Logger"
function Logger.prototype.____constructor(self, threshold)
    self.threshold = threshold
end
function Logger.prototype.log(self, level, msg)
    if ORDER[level] < ORDER[self.threshold] or level == "off" then
        return
    end
    ____exports.say(msg, level)
end
function Logger.prototype.debug(self, msg)
    self:log("debug", msg)
end
function Logger.prototype.info(self, msg)
    self:log("info", msg)
end
function Logger.prototype.warn(self, msg)
    self:log("warn", msg)
end
function Logger.prototype.error(self, msg)
    self:log("error", msg)
end
function Logger.prototype.failure(self, msg, detail)
    self:log("error", msg)
    if detail ~= nil then
        self:log("trace", detail)
    end
end
return ____exports
