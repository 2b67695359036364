-- Generated from src/claude-ide/editor/review/file_view.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____diff_view = require("claude-ide.editor.review.diff_view")
local DiffView = ____diff_view.DiffView
local ____unified_view = require("claude-ide.editor.review.unified_view")
local UnifiedView = ____unified_view.UnifiedView
--- Opens the view of `spec.config.layout`. Throws (leaving nothing behind) when Neovim refuses.
function ____exports.openFileView(spec, events)
    if spec.config.layout == "unified" then
        return __TS__New(UnifiedView, spec, events)
    end
    return __TS__New(DiffView, spec, events)
end
return ____exports
