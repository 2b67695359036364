-- Generated from src/claude-ide/editor/snapshot/manifest.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local GIT_HEAD
--- The git header of a manifest's text, or undefined (a file list).
function ____exports.parseGitHead(data)
    local tree, files, top, prefix = string.match(data, GIT_HEAD)
    if tree == nil then
        return nil
    end
    return {
        tree = tree,
        files = tonumber(files) or 0,
        top = top or "",
        prefix = prefix or ""
    }
end
--- What the worker's failure says when the previous snapshot it was given is cut short, garbled or gone (a crash
-- while it was written): hooks/turn tells it apart from other failures.
____exports.DAMAGED = "is damaged"
local RECORD = "([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z"
local RAW_RECORD = "([^%z]*)%z([^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z)"
GIT_HEAD = "^git%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z"
--- The whole file, or undefined.
function ____exports.readFile(path)
    local fd = vim.uv.fs_open(path, "r", 0)
    if fd == nil then
        return nil
    end
    local st = vim.uv.fs_fstat(fd)
    local data = unpack(
        st ~= nil and ({vim.uv.fs_read(fd, st.size, 0)}) or ({nil}),
        1,
        1
    )
    vim.uv.fs_close(fd)
    return data
end
--- Written whole, then renamed (0600): a reader never sees half a file. Undefined when written, else why not
-- (the call that failed, its path and errno, e.g. `write /store/3.start.tmp12: ENOSPC: no space left on device`):
-- a short write, a failed close (where a network file system reports a full disk) and a failed rename are
-- failures too, and leave no temporary file behind.
function ____exports.writeFile(path, data)
    local tmp = (path .. ".tmp") .. tostring(vim.uv.os_getpid())
    local fd, openErr = vim.uv.fs_open(tmp, "w", 384)
    if fd == nil then
        return (("open " .. tmp) .. ": ") .. (openErr or "?")
    end
    local written, writeErr = vim.uv.fs_write(fd, data, 0)
    local closed, closeErr = vim.uv.fs_close(fd)
    local why
    if written == nil then
        why = (("write " .. tmp) .. ": ") .. (writeErr or "?")
    elseif written ~= #data then
        why = ((((("write " .. tmp) .. ": ") .. tostring(written)) .. " of ") .. tostring(#data)) .. " bytes written (disk full?)"
    elseif closed == nil then
        why = (("close " .. tmp) .. ": ") .. (closeErr or "?")
    else
        local renamed, renameErr = vim.uv.fs_rename(tmp, path)
        if renamed ~= nil then
            return nil
        end
        why = (((("rename " .. tmp) .. " to ") .. path) .. ": ") .. (renameErr or "?")
    end
    vim.uv.fs_unlink(tmp)
    return why
end
--- One record of a file list. (string.format: a template literal's tostring() of each number stops LuaJIT's
-- compiler, and 10,000 records cost the worker tens of ms.)
function ____exports.record(path, e)
    return string.format(
        "%s\0%d\0%d\0%d\0%d\0%d\0%s\0",
        path,
        e.size,
        e.sec,
        e.nsec,
        e.ino,
        e.mode,
        e.key
    )
end
--- The start of a record after its path: `size\0sec\0nsec\0ino\0mode\0` (what tells an unchanged file).
function ____exports.facts(size, sec, nsec, ino, mode)
    return string.format(
        "%d\0%d\0%d\0%d\0%d\0",
        size,
        sec,
        nsec,
        ino,
        mode
    )
end
--- A file list as path → the rest of its record (facts and key, unparsed): what the worker compares a new stat
-- with, and copies into the next manifest as it is when the file did not change.
function ____exports.parseRaw(data)
    local out = {}
    if ____exports.parseGitHead(data) ~= nil then
        return out
    end
    for p, rest in string.gmatch(data, RAW_RECORD) do
        out[p] = rest
    end
    return out
end
--- The header of a git manifest.
function ____exports.gitRecord(head)
    return ((((((("git\0" .. head.tree) .. "\0") .. tostring(head.files)) .. "\0") .. head.top) .. "\0") .. head.prefix) .. "\0"
end
--- The file list of a manifest's text (empty for a git manifest: its files are in its tree).
function ____exports.parse(data)
    local out = {}
    if ____exports.parseGitHead(data) ~= nil then
        return out
    end
    for p, size, sec, nsec, ino, mode, key in string.gmatch(data, RECORD) do
        out[p] = {
            size = tonumber(size) or -1,
            sec = tonumber(sec) or -1,
            nsec = tonumber(nsec) or -1,
            ino = tonumber(ino) or -1,
            mode = tonumber(mode) or 420,
            key = key
        }
    end
    return out
end
--- A manifest's file list by path (empty when it cannot be read, or for a git manifest).
function ____exports.readManifest(path)
    local data = ____exports.readFile(path)
    return data == nil and ({}) or ____exports.parse(data)
end
--- A manifest's git header, or undefined (a file list, or no manifest).
function ____exports.readGitHead(path)
    local data = ____exports.readFile(path)
    local ____temp_0
    if data == nil then
        ____temp_0 = nil
    else
        ____temp_0 = ____exports.parseGitHead(data)
    end
    return ____temp_0
end
return ____exports
