-- Generated from src/claude-ide/util/process.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The parent of process `pid`, or undefined when it is gone or unknown.
function ____exports.parentPid(pid)
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
