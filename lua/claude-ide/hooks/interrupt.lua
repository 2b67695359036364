-- Generated from src/claude-ide/hooks/interrupt.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- What the CLI writes into its transcript when the user interrupts a turn (Claude Code 2.1.330).
____exports.INTERRUPT_MARK = "[Request interrupted by user"
--- How often the transcript's size is looked at while a turn runs (a stat; the new bytes read only when it grew).
local POLL_MS = 300
--- The most read at once from a transcript that grew (a tool's long answer is skipped past, not read whole).
local MAX_READ = 1024 * 1024
--- The transcript path of a hook's input, when it names a local file.
function ____exports.transcriptOf(input)
    local path = input.transcript_path
    return type(path) == "string" and path ~= "" and vim.startswith(path, "/") and path or nil
end
--- Watches `path` from its present end for INTERRUPT_MARK; calls `interrupted` once when it appears. Returns the
-- watch's stop (also stops itself after calling).
function ____exports.watchInterrupt(path, interrupted)
    local timer = vim.uv.new_timer()
    local ____opt_0 = (vim.uv.fs_stat(path))
    local offset = ____opt_0 and ____opt_0.size or 0
    local tail = ""
    local stopped = false
    local function stop()
        if stopped then
            return
        end
        stopped = true
        timer:stop()
        if not timer:is_closing() then
            timer:close()
        end
    end
    local function look()
        if stopped then
            return
        end
        local stat = vim.uv.fs_stat(path)
        if stat == nil then
            return
        end
        if stat.size < offset then
            offset = 0
        end
        if stat.size == offset then
            return
        end
        local from = math.max(offset, stat.size - MAX_READ)
        local fd = vim.uv.fs_open(path, "r", 0)
        if fd == nil then
            return
        end
        local chunk = vim.uv.fs_read(fd, stat.size - from, from)
        vim.uv.fs_close(fd)
        if type(chunk) ~= "string" then
            return
        end
        offset = from + #chunk
        local text = tail .. chunk
        tail = string.sub(text, -#____exports.INTERRUPT_MARK)
        if (string.find(text, ____exports.INTERRUPT_MARK, 1, true)) ~= nil then
            stop()
            interrupted()
        end
    end
    timer:start(
        POLL_MS,
        POLL_MS,
        vim.schedule_wrap(look)
    )
    return stop
end
return ____exports
