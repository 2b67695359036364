-- Generated from src/claude-ide/editor/pacing.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- A check to call often during long work: once the current slice has run `pacing.sliceMs`, it pauses
-- (pacing.pause) and a new slice starts. Without a pacing it does nothing (the work is one stretch).
function ____exports.sliceCheck(pacing)
    if pacing == nil then
        return function() return nil end
    end
    if pacing.sliceStart == nil then
        pacing.sliceStart = vim.uv.hrtime()
    end
    return function()
        if (vim.uv.hrtime() - (pacing.sliceStart or 0)) / 1000000 < pacing.sliceMs then
            return
        end
        pacing.pause()
        pacing.sliceStart = vim.uv.hrtime()
    end
end
return ____exports
