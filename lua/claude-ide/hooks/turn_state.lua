-- Generated from src/claude-ide/hooks/turn_state.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The session of :ClaudeCodeCheckpoint's snapshots (no CLI).
____exports.CHECKPOINT = "checkpoint"
--- A new turn `n` of folder `root`, its start snapshot `start` ("" while it is being taken).
function ____exports.newTurn(n, root, start, promptId)
    return {
        n = n,
        promptId = promptId,
        root = root,
        start = start,
        reviewed = {},
        userSaved = {},
        toolFiles = {},
        kept = {}
    }
end
--- `path` is `folder` or inside it.
function ____exports.contains(folder, path)
    return folder == "/" or path == folder or vim.startswith(path, folder .. "/")
end
--- The wait for a snapshot given up after `ms`.
function ____exports.late(ms)
    return {
        ok = false,
        error = ("no answer within " .. tostring(ms / 1000)) .. " s",
        lateSeconds = ms / 1000
    }
end
--- Parks hook `ev` until `start` calls its `done` (once: later calls do nothing), or `ms` pass: then `late()` runs
-- and its value is the answer.
function ____exports.parkAtMost(ev, ms, start, late)
    return ev.park(function(resume)
        local settled = false
        local function finish(value)
            if settled then
                return
            end
            settled = true
            resume(value)
        end
        vim.defer_fn(
            function()
                if not settled then
                    finish(late())
                end
            end,
            ms
        )
        start(finish)
    end)
end
return ____exports
