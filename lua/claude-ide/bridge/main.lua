-- Generated from src/claude-ide/bridge/main.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____bridge = require("claude-ide.bridge.bridge")
local Bridge = ____bridge.Bridge
local USAGE = "usage: nvim -l .../lua/claude-ide/bridge.lua [--instance ID]"
local function parseArgs(argv)
    local out = {}
    do
        local i = 0
        while i < #argv do
            local a = argv[i + 1]
            if a == "--instance" and i + 1 < #argv then
                local ____argv_0 = argv
                i = i + 1
                out.instance = ____argv_0[i + 1]
            elseif vim.startswith(a, "--instance=") then
                out.instance = string.sub(a, 12)
            elseif a == "--help" or a == "-h" then
                return USAGE
            else
                return (("unknown argument \"" .. a) .. "\"\n") .. USAGE
            end
            i = i + 1
        end
    end
    return out
end
local function log(msg)
    io.stderr:write(("[claude-ide bridge] " .. msg) .. "\n")
end
--- Reads stdin line by line through libuv (a pipe, a tty or a file), calling `onLine` and then `onEnd`.
local function readLines(onLine, onEnd)
    local kind = vim.uv.guess_handle(0)
    local pending = ""
    local function feed(data)
        pending = pending .. data
        do
            while true do
                local at = string.find(pending, "\n", 1, true)
                if at == nil then
                    break
                end
                local line = string.sub(pending, 1, at - 1)
                pending = string.sub(pending, at + 1)
                onLine(vim.endswith(line, "\r") and string.sub(line, 1, -2) or line)
            end
        end
    end
    local function finish()
        if pending ~= "" then
            onLine(pending)
        end
        pending = ""
        onEnd()
    end
    if kind == "file" then
        local data = io.read("*a")
        if type(data) == "string" then
            feed(data)
        end
        vim.schedule(finish)
        return nil
    end
    local ____temp_1
    if kind == "tty" then
        ____temp_1 = vim.uv.new_tty(0, true)
    else
        ____temp_1 = (function()
            local pipe = vim.uv.new_pipe(false)
            pipe:open(0)
            return pipe
        end)()
    end
    local stream = ____temp_1
    if stream == nil then
        finish()
        return nil
    end
    stream:read_start(function(err, data)
        if err ~= nil or data == nil then
            stream:read_stop()
            vim.schedule(finish)
            return
        end
        vim.schedule(function() return feed(data) end)
    end)
    return stream
end
--- Ends the process with `status` at once (libc _exit: stdout is flushed first; there is nothing else to save
-- in the bridge). Without LuaJIT's ffi it returns, and the caller's loop ends the normal way.
local function exitNow(status)
    io.stdout:flush()
    local hasFfi, ffiModule = pcall(_G.require, "ffi")
    if not hasFfi then
        return
    end
    local ffi = ffiModule
    pcall(ffi.cdef, "void _exit(int status);")
    ffi.C._exit(status)
end
function ____exports.main(argv)
    local args = parseArgs(argv)
    if type(args) == "string" then
        log(args)
        return 2
    end
    local done = false
    local ____Bridge_6 = Bridge
    local function ____temp_4(line)
        io.stdout:write(line, "\n")
        io.stdout:flush()
    end
    local ____log_5 = log
    local ____args_instance_3 = args.instance
    if ____args_instance_3 == nil then
        local ____temp_2
        if vim.env.CLAUDE_IDE_INSTANCE ~= "" then
            ____temp_2 = vim.env.CLAUDE_IDE_INSTANCE
        else
            ____temp_2 = nil
        end
        ____args_instance_3 = ____temp_2
    end
    local bridge = __TS__New(
        ____Bridge_6,
        {
            write = ____temp_4,
            log = ____log_5,
            instance = ____args_instance_3,
            env = {NVIM = vim.env.NVIM, CLAUDE_CODE_SSE_PORT = vim.env.CLAUDE_CODE_SSE_PORT},
            cwd = vim.uv.cwd()
        }
    )
    local stdin = readLines(
        function(line) return bridge:receive(line) end,
        function()
            done = true
        end
    )
    local signals = {}
    for ____, name in ipairs({"sigint", "sigterm", "sighup"}) do
        local signal = vim.uv.new_signal()
        signal:start(
            name,
            function()
                done = true
                bridge:shutdown()
                exitNow(0)
            end
        )
        signals[#signals + 1] = signal
    end
    while not done do
        vim.wait(
            60000,
            function() return done end,
            50
        )
    end
    local closed = bridge:shutdown()
    vim.wait(500, closed, 5)
    for ____, s in ipairs(signals) do
        s:close()
    end
    if stdin ~= nil and not stdin:is_closing() then
        stdin:close()
    end
    return 0
end
return ____exports
