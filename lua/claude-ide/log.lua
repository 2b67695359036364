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
local noticeCount = 0
--- A message that stays until `done()` is called when a notifier that can keep one shows the messages (snacks.nvim's
-- notifier, nvim-notify: `timeout = false`); otherwise a plain message (it stays until another one replaces it).
-- Returns `done`, which removes it (no-op for a plain one).
function ____exports.notice(msg)
    local text = "claude-ide: " .. msg
    local level = vim.log.levels.INFO
    local loaded = _G.package.loaded
    local snacks = loaded.snacks
    local notifyModule = loaded.notify
    if vim.in_fast_event() or (snacks and snacks.notifier) == nil and notifyModule == nil then
        ____exports.say(msg)
        return function() return nil end
    end
    noticeCount = noticeCount + 1
    local id = "claude-ide-notice-" .. tostring(noticeCount)
    local keep = vim.notify
    local ok, record = pcall(keep, text, level, {timeout = false, id = id, title = "claude-ide"})
    if not ok then
        ____exports.say(msg)
        return function() return nil end
    end
    return function()
        if (snacks and snacks.notifier) ~= nil then
            pcall(snacks.notifier.hide, id)
        elseif record ~= nil then
            pcall(vim.notify, text, level, {replace = record, timeout = 1})
        end
    end
end
return ____exports
