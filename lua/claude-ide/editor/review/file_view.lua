-- Generated from src/claude-ide/editor/review/file_view.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____diff_view = require("claude-ide.editor.review.diff_view")
local DiffView = ____diff_view.DiffView
local ____unified_view = require("claude-ide.editor.review.unified_view")
local UnifiedView = ____unified_view.UnifiedView
--- diff.layout "auto" is side by side from this many columns on (each side then has about 100).
____exports.AUTO_SIDE_BY_SIDE_COLUMNS = 200
--- The layout a review opened now takes: diff.layout, with "auto" decided by the screen's width.
function ____exports.layoutNow(layout)
    if layout ~= "auto" then
        return layout
    end
    return vim.o.columns >= ____exports.AUTO_SIDE_BY_SIDE_COLUMNS and "vertical" or "unified"
end
--- Opens the view of `spec.config.layout`. Throws (leaving nothing behind) when Neovim refuses.
function ____exports.openFileView(spec, events)
    if ____exports.layoutNow(spec.config.layout) == "unified" then
        return __TS__New(UnifiedView, spec, events)
    end
    return __TS__New(DiffView, spec, events)
end
return ____exports
