-- Generated from src/claude-ide/tools/diff_tabs.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____log = require("claude-ide.log")
local Logger = ____log.Logger
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local str = ____schema.str
local ____tool = require("claude-ide.protocol.tool")
local text = ____tool.text
--- The reviews the calling connection may close: its session's, and those that belong to no session.
local function callerScope(ctx)
    local caller = ctx.hub.ownerOf(ctx.clientId) or ctx.clientId
    return function(clientId)
        if clientId == nil then
            return true
        end
        local owner = ctx.hub.ownerOf(clientId)
        return owner == nil or owner == caller
    end
end
____exports.closeAllDiffTabs = defineTool({
    name = "closeAllDiffTabs",
    description = "Close every diff review opened by this Claude session: openDiff's, and the agent endpoint's edit and LSP reviews (pending reviews count as rejected). Answers CLOSED_<n>_DIFF_TABS.",
    input = {},
    handler = function(_args, ctx) return text(("CLOSED_" .. tostring(ctx.services.diff.closeAll(callerScope(ctx)))) .. "_DIFF_TABS") end
})
--- Not listed (the CLI calls it without discovering it); answers TAB_CLOSED also for an unknown tab.
____exports.closeTab = defineTool({
    name = "close_tab",
    description = "",
    listed = false,
    input = {tab_name = str("The tab_name given to openDiff", {text = true})},
    handler = function(args, ctx)
        local name = args.tab_name
        if not ctx.services.diff.closeTab(
            name,
            callerScope(ctx)
        ) then
            __TS__New(Logger, ctx.config.log_level):debug(("close_tab: no open review named \"" .. name) .. "\" in this session")
        end
        return text("TAB_CLOSED")
    end
})
return ____exports
