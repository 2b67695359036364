-- Generated from src/claude-ide/util/process.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The parent of process `pid` from Linux's /proc/<pid>/stat: `pid (comm) state ppid …`, where comm may hold
-- spaces and parentheses (the last ")" ends it). undefined when there is no such file (not Linux, or gone).
local function procParent(pid)
    local file = io.open(
        ("/proc/" .. tostring(pid)) .. "/stat",
        "r"
    )
    if file == nil then
        local ____temp_0
        if vim.fn.isdirectory("/proc/self") == 1 then
            ____temp_0 = nil
        else
            ____temp_0 = false
        end
        return ____temp_0
    end
    local stat = file:read("*a")
    file:close()
    if type(stat) ~= "string" then
        return nil
    end
    local ppid = tonumber((string.match(stat, "^.*%)%s+%S+%s+(%d+)")))
    return ppid ~= nil and ppid > 0 and ppid or nil
end
--- The parent of process `pid`, or undefined when it is gone or unknown. Read from /proc where there is one:
-- nvim_get_proc starts a `ps` for each call (about 15 ms, with the editor waiting), and a bridge's ancestry is
-- several of them.
function ____exports.parentPid(pid)
    local fromProc = procParent(pid)
    if fromProc ~= false then
        return fromProc
    end
    local ok, info = pcall(vim.api.nvim_get_proc, pid)
    if not ok or info == nil or info == vim.NIL then
        return nil
    end
    local ppid = info.ppid
    return type(ppid) == "number" and ppid > 0 and ppid or nil
end
--- The ancestors of process `pid`, its parent first, at most `max` of them (pid 1 included).
function ____exports.ancestors(pid, max)
    local out = {}
    local p = ____exports.parentPid(pid)
    while p ~= nil and #out < max do
        out[#out + 1] = p
        if p == 1 then
            break
        end
        p = ____exports.parentPid(p)
    end
    return out
end
--- RLIMIT_NOFILE's number where /proc is missing (macOS and the BSDs); Linux's is 7.
local RLIMIT_NOFILE_BSD = 8
--- The soft limit from Linux's /proc/self/limits ("Max open files  <soft>  <hard>  files").
local function procDescriptorLimit()
    local file = io.open("/proc/self/limits", "r")
    if file == nil then
        return nil
    end
    local text = file:read("*a")
    file:close()
    if type(text) ~= "string" then
        return nil
    end
    local soft = string.match(text, "Max open files%s+(%S+)")
    if soft == nil then
        return nil
    end
    return soft == "unlimited" and math.huge or tonumber(soft)
end
--- The soft limit from getrlimit(2) through LuaJIT's ffi (where there is no /proc).
local function ffiDescriptorLimit()
    local hasFfi, ffiModule = pcall(_G.require, "ffi")
    if not hasFfi then
        return nil
    end
    local ffi = ffiModule
    if ffi.os == "Linux" or ffi.os == "Windows" then
        return nil
    end
    pcall(ffi.cdef, "struct claude_ide_rlimit { uint64_t cur; uint64_t max; };")
    pcall(ffi.cdef, "int getrlimit(int resource, void *rlp);")
    local limit = ffi.new("struct claude_ide_rlimit[1]")
    local libc = ffi.C
    local ok, rc = pcall(function() return libc.getrlimit(RLIMIT_NOFILE_BSD, limit) end)
    if not ok or rc ~= 0 then
        return nil
    end
    local cur = tonumber(limit[1].cur)
    local ____temp_1
    if cur == nil or cur < 0 then
        ____temp_1 = nil
    else
        ____temp_1 = cur
    end
    return ____temp_1
end
--- How many files (descriptors) this process may have open at once: the soft RLIMIT_NOFILE (`ulimit -n`), or
-- undefined when it cannot be read. math.huge when unlimited.
function ____exports.descriptorLimit()
    return procDescriptorLimit() or ffiDescriptorLimit()
end
--- The open TCP sockets 127.0.0.1:<any port> → 127.0.0.1:`remotePort` (every process's: the clients of a local
-- server on that port), as inode → local port, from Linux's /proc/net/tcp. false where there is no such file.
-- A line: `sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...`, addresses in hex.
function ____exports.loopbackClients(remotePort)
    local file = io.open("/proc/net/tcp", "r")
    if file == nil then
        return false
    end
    local text = file:read("*a")
    file:close()
    local found = {}
    if type(text) ~= "string" then
        return found
    end
    local remote = string.format("0100007F:%04X", remotePort)
    for ____local, rem, inode in string.gmatch(text, "\n%s*%d+:%s+0100007F:(%x+)%s+(%x+:%x+)%s+%x+%s+%S+%s+%S+%s+%S+%s+%d+%s+%d+%s+(%d+)") do
        local port = tonumber(____local, 16)
        local id = tonumber(inode)
        if rem == remote and port ~= nil and id ~= nil and id > 0 then
            found[id] = port
        end
    end
    return found
end
--- The inodes of the sockets process `pid` holds (its /proc/<pid>/fd links read `socket:[inode]`).
function ____exports.socketsOf(pid)
    local out = {}
    local dir = ("/proc/" .. tostring(pid)) .. "/fd"
    local handle = vim.uv.fs_scandir(dir)
    if handle == nil then
        return out
    end
    while true do
        do
            local name = vim.uv.fs_scandir_next(handle)
            if name == nil then
                return out
            end
            local target = vim.uv.fs_readlink((dir .. "/") .. name)
            if target == nil then
                goto __continue28
            end
            local inode = string.match(target, "^socket:%[(%d+)%]$")
            local ____temp_2
            if inode ~= nil then
                ____temp_2 = tonumber(inode)
            else
                ____temp_2 = nil
            end
            local id = ____temp_2
            if id ~= nil then
                out[#out + 1] = id
            end
        end
        ::__continue28::
    end
end
--- The niceness of the work the plugin runs in child processes for the editor (snapshots, big writes): on a busy
-- machine (a CLI, its hooks, git and a language server on two cores) the editor, where the user types, gets the
-- CPU first, and the children take what is left.
local BACKGROUND_NICENESS = 10
--- Lowers the CPU priority of our child process `pid` to BACKGROUND_NICENESS (never above the editor's own: a
-- niceness is only raised); the processes it starts afterwards inherit it. Best effort: nothing happens where
-- the system refuses.
function ____exports.runInBackground(pid)
    local own = vim.uv.os_getpriority(vim.uv.os_getpid())
    pcall(function() return vim.uv.os_setpriority(
        pid,
        math.min(
            19,
            math.max(own or 0, BACKGROUND_NICENESS)
        )
    ) end)
end
local niceProgram
--- `argv` started at BACKGROUND_NICENESS (above the editor's own) through `nice`, for a child that starts threads at
-- once (ripgrep): a priority set after the start (runInBackground) reaches only its first thread. Unchanged where
-- there is no `nice`.
function ____exports.backgroundCommand(argv)
    if niceProgram == nil then
        niceProgram = vim.fn.executable("nice") == 1
    end
    return niceProgram and ({
        "nice",
        "-n",
        tostring(BACKGROUND_NICENESS),
        unpack(argv)
    }) or argv
end
return ____exports
