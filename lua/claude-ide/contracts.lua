-- Generated from src/claude-ide/contracts.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The key of a multi-file review that refuses (reverts) the whole file under the cursor. A MultiKey of this lhs (the
-- turn review's revert) is what it does there, and `gH` on a file's header does the same.
____exports.WHOLE_FILE_KEY = "gR"
return ____exports
