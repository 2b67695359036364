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
return ____exports
