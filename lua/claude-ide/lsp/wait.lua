-- Generated from src/claude-ide/lsp/wait.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- Parks until `ready()` is true (checked now, then every `interval` ms on the main loop) or `timeoutMs`
-- passed. Returns whether it became ready. A cancelled call stops the timer.
function ____exports.waitUntil(ctx, ready, timeoutMs, interval)
    if interval == nil then
        interval = 50
    end
    if ready() then
        return true
    end
    if timeoutMs <= 0 then
        return false
    end
    local timer = vim.uv.new_timer()
    local function stop()
        if not timer:is_closing() then
            timer:close()
        end
    end
    local started = vim.uv.now()
    return ctx.park(
        function(resume)
            timer:start(
                interval,
                interval,
                vim.schedule_wrap(function()
                    if timer:is_closing() then
                        return
                    end
                    vim.uv.update_time()
                    local done = ready()
                    if done or vim.uv.now() - started >= timeoutMs then
                        stop()
                        resume(done)
                    end
                end)
            )
        end,
        function() return stop() end
    )
end
return ____exports
