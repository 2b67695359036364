-- Generated from src/claude-ide/util/words.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- `1 file`, `3 files`; `many` for a plural that is not the word plus "s" (`2 matches`).
function ____exports.plural(n, one, many)
    if many == nil then
        many = one .. "s"
    end
    return (tostring(n) .. " ") .. (n == 1 and one or many)
end
return ____exports
