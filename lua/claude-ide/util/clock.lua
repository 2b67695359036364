-- Generated from src/claude-ide/util/clock.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIndexOf = ____lualib.__TS__ArrayIndexOf
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local ____exports = {}
--- Neovim's own clock: vim.uv.now and vim.uv timers (their callbacks run in a fast event, as before).
____exports.realClock = {
    now = function() return vim.uv.now() end,
    newTimer = function()
        local timer = vim.uv.new_timer()
        return {
            start = function(ms, ____repeat, fn)
                timer:start(ms, ____repeat, fn)
            end,
            stop = function()
                timer:stop()
            end,
            isActive = function() return timer:is_active() end,
            close = function()
                if not timer:is_closing() then
                    timer:close()
                end
            end
        }
    end
}
function ____exports.manualClock(start)
    if start == nil then
        start = 0
    end
    local time = start
    local seq = 0
    local timers = {}
    local function nextDue(____until)
        local best
        for ____, t in ipairs(timers) do
            if t.due ~= nil and t.due <= ____until and (best == nil or t.due < best.due or t.due == best.due and t.seq < best.seq) then
                best = t
            end
        end
        return best
    end
    return {
        now = function() return time end,
        newTimer = function()
            local t = {["repeat"] = 0, seq = 0}
            timers[#timers + 1] = t
            return {
                start = function(ms, ____repeat, fn)
                    t.due = time + ms
                    t["repeat"] = ____repeat
                    t.fn = fn
                    seq = seq + 1
                    t.seq = seq
                end,
                stop = function()
                    t.due = nil
                end,
                isActive = function() return t.due ~= nil end,
                close = function()
                    t.due = nil
                    local i = __TS__ArrayIndexOf(timers, t)
                    if i >= 0 then
                        __TS__ArraySplice(timers, i, 1)
                    end
                end
            }
        end,
        advance = function(ms)
            local target = time + ms
            do
                local t = nextDue(target)
                while t ~= nil do
                    time = math.max(time, t.due)
                    t.due = t["repeat"] > 0 and time + t["repeat"] or nil
                    t.fn()
                    t = nextDue(target)
                end
            end
            time = target
        end,
        jump = function(ms)
            time = time + ms
        end
    }
end
return ____exports
