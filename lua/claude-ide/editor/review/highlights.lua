-- Generated from src/claude-ide/editor/review/highlights.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- An added line, a deleted line, and the changed text inside a changed line.
____exports.DIFF_ADD = "ClaudeIdeDiffAdd"
____exports.DIFF_DELETE = "ClaudeIdeDiffDelete"
____exports.DIFF_TEXT = "ClaudeIdeDiffText"
--- Defines (again) the review's groups as default links to Neovim's diff groups. Cheap: call it freely.
function ____exports.defineHighlights()
    vim.api.nvim_set_hl(0, ____exports.DIFF_ADD, {link = "DiffAdd", default = true})
    vim.api.nvim_set_hl(0, ____exports.DIFF_DELETE, {link = "DiffDelete", default = true})
    vim.api.nvim_set_hl(0, ____exports.DIFF_TEXT, {link = "DiffText", default = true})
end
return ____exports
