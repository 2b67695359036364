-- Generated from src/claude-ide/instances/registry.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__StringSplit = ____lualib.__TS__StringSplit
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local lockfile = require("claude-ide.discovery.lockfile")
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
--- The instance id of seed 001: main file stem, project folder name, pid ("nvim" stands for no main file).
function ____exports.instanceId(mainFile, cwd, pid)
    local stem = mainFile ~= "" and vim.fn.fnamemodify(mainFile, ":t:r") or "nvim"
    local project = vim.fn.fnamemodify(cwd, ":t")
    return ((((stem ~= "" and stem or "nvim") .. "-") .. (project ~= "" and project or "root")) .. "-") .. tostring(pid)
end
local function stringList(value)
    if type(value) ~= "table" then
        return {}
    end
    return __TS__ArrayFilter(
        value,
        function(____, v) return type(v) == "string" end
    )
end
--- An instance from a lock file's contents; undefined when it is not a Neovim with the agent endpoint.
local function fromLock(path, lock)
    if lock.ideName ~= lockfile.IDE_NAME or lock.transport ~= "ws" then
        return nil
    end
    local pid = lock.pid
    local token = lock.authToken
    local facts = lock.nvim
    if type(pid) ~= "number" or type(token) ~= "string" or type(facts) ~= "table" then
        return nil
    end
    local f = facts
    if f.agent ~= true then
        return nil
    end
    local ____, ____, portText = string.find(
        vim.fs.basename(path),
        "^(%d+)%.lock$"
    )
    local port = tonumber(portText)
    if port == nil then
        return nil
    end
    local folders = stringList(lock.workspaceFolders)
    local cwd = type(f.cwd) == "string" and f.cwd ~= "" and f.cwd or (folders[1] or "")
    local mainFile = type(f.mainFile) == "string" and f.mainFile or ""
    return {
        id = ____exports.instanceId(mainFile, cwd, pid),
        pid = pid,
        port = port,
        token = token,
        cwd = cwd,
        mainFile = mainFile,
        socket = type(f.socket) == "string" and f.socket or "",
        workspaceFolders = folders,
        lockPath = path
    }
end
--- True when something accepts connections on 127.0.0.1:`port` (a refused connection is known within
-- milliseconds on loopback). Runs the event loop briefly.
function ____exports.listening(port, timeoutMs)
    if timeoutMs == nil then
        timeoutMs = 500
    end
    local tcp = vim.uv.new_tcp()
    local result
    tcp:connect(
        "127.0.0.1",
        port,
        function(err)
            result = err == nil
        end
    )
    vim.wait(
        timeoutMs,
        function() return result ~= nil end,
        5
    )
    if not tcp:is_closing() then
        tcp:close()
    end
    return result == true
end
--- Group- or other-writable (mode bits 0o022).
local WRITABLE_BY_OTHERS = 18
--- Why a lock file (or its folder) is not to be trusted, or undefined when it is: it must belong to the user
-- running the bridge and be writable by nobody else (the file: a regular file, not a link), else another
-- local user could pose as the editor and feed the model.
function ____exports.untrusted(path, kind)
    local stat = unpack(
        kind == "file" and ({vim.uv.fs_lstat(path)}) or ({vim.uv.fs_stat(path)}),
        1,
        1
    )
    if stat == nil then
        return "it does not exist"
    end
    if stat.type ~= kind then
        return "it is not a " .. (kind == "file" and "regular file" or "folder")
    end
    if stat.uid ~= vim.uv.getuid() then
        return ("it belongs to another user (uid " .. tostring(stat.uid)) .. ")"
    end
    if bit.band(stat.mode, WRITABLE_BY_OTHERS) ~= 0 then
        return ("others can write it (mode " .. string.format("%04o", stat.mode % 4096)) .. ")"
    end
    return nil
end
--- Every live Neovim instance with the agent endpoint, ordered by pid. Only lock files the current user owns
-- and nobody else can write, in such a folder, are read (see untrusted). Lock files of dead instances (pid
-- gone, or connection refused) are removed on the way; other IDEs' files are never touched.
function ____exports.list(dir)
    if dir == nil then
        dir = lockfile.defaultDir()
    end
    local found = {}
    if ____exports.untrusted(dir, "directory") ~= nil then
        return found
    end
    for ____, ____value in ipairs(lockfile.list(dir)) do
        local path = ____value.path
        local lock = ____value.lock
        do
            if ____exports.untrusted(path, "file") ~= nil then
                goto __continue22
            end
            local instance = fromLock(path, lock)
            if instance == nil then
                goto __continue22
            end
            if not lockfile.isAlive(instance.pid) or not ____exports.listening(instance.port) then
                lockfile.remove(path)
                goto __continue22
            end
            found[#found + 1] = instance
        end
        ::__continue22::
    end
    __TS__ArraySort(
        found,
        function(____, a, b) return a.pid - b.pid end
    )
    return found
end
--- Is `path` equal to `folder` or inside it? Both normalized absolute paths.
local function contains(folder, path)
    if folder == "/" then
        return true
    end
    return path == folder or vim.startswith(path, folder .. "/")
end
--- The depth (in path components) of the deepest of `instance`'s folders containing `cwd`, or -1.
local function containmentDepth(instance, cwd)
    local best = -1
    for ____, folder in ipairs({
        instance.cwd,
        unpack(instance.workspaceFolders)
    }) do
        do
            if folder == "" or not contains(folder, cwd) then
                goto __continue31
            end
            local depth = folder == "/" and 0 or #__TS__StringSplit(folder, "/") - 1
            if depth > best then
                best = depth
            end
        end
        ::__continue31::
    end
    return best
end
--- The first rule that applies: the explicit id; the Neovim whose terminal runs the client ($NVIM); the one on
-- CLAUDE_CODE_SSE_PORT; the one instance whose workspace folder contains the cwd (deepest wins); the only
-- running instance. Otherwise nothing is chosen and the reason says so.
function ____exports.choose(instances, ctx)
    if ctx.explicit ~= nil and ctx.explicit ~= "" then
        local wanted = ctx.explicit
        local hit = __TS__ArrayFind(
            instances,
            function(____, i) return i.id == wanted or tostring(i.pid) == wanted end
        )
        if hit ~= nil then
            return {ok = true, instance = hit, rule = "the instance id given"}
        end
        return {ok = false, code = 1002, reason = ("instance \"" .. wanted) .. "\" is not running"}
    end
    if ctx.nvimSocket ~= nil and ctx.nvimSocket ~= "" then
        local hit = __TS__ArrayFind(
            instances,
            function(____, i) return i.socket == ctx.nvimSocket end
        )
        if hit ~= nil then
            return {ok = true, instance = hit, rule = "the Neovim whose terminal runs the client ($NVIM)"}
        end
    end
    if ctx.ssePort ~= nil then
        local hit = __TS__ArrayFind(
            instances,
            function(____, i) return i.port == ctx.ssePort end
        )
        if hit ~= nil then
            return {ok = true, instance = hit, rule = "the Neovim the CLI is connected to (CLAUDE_CODE_SSE_PORT)"}
        end
    end
    local cwd = normalize(ctx.cwd)
    local best
    local bestDepth = -1
    local tie = false
    for ____, instance in ipairs(instances) do
        do
            local depth = containmentDepth(instance, cwd)
            if depth < 0 then
                goto __continue45
            end
            if depth > bestDepth then
                best = instance
                bestDepth = depth
                tie = false
            elseif depth == bestDepth then
                tie = true
            end
        end
        ::__continue45::
    end
    if best ~= nil and not tie then
        return {ok = true, instance = best, rule = "its workspace contains the cwd " .. cwd}
    end
    if #instances == 1 then
        return {ok = true, instance = instances[1], rule = "the only running Neovim"}
    end
    if #instances == 0 then
        return {ok = false, code = 1001, reason = "no Neovim with claude-ide.nvim running was found"}
    end
    return {
        ok = false,
        code = 1001,
        reason = tie and (tostring(#instances) .. " Neovims are running and more than one contains the cwd ") .. cwd or (tostring(#instances) .. " Neovims are running and none contains the cwd ") .. cwd
    }
end
--- One line per instance, as list_instances shows them.
function ____exports.describe(instances, selected)
    return __TS__ArrayMap(
        instances,
        function(____, i)
            local main = i.mainFile ~= "" and i.mainFile or "-"
            return ((((((i.id .. "  cwd=") .. i.cwd) .. "  main=") .. main) .. "  pid=") .. tostring(i.pid)) .. (i.id == selected and "  [selected]" or "")
        end
    )
end
return ____exports
