-- Generated from src/claude-ide/editor/review_marks.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- Buffer variable on both buffers of a review (for :ClaudeCodeDiffAccept/Deny, statuslines and hooks).
____exports.REVIEW_VAR = "claude_ide_diff"
return ____exports
