-- Generated from src/claude-ide/editor/manifest.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local RECORD = "([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z"
local GIT_HEAD = "^git%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z"
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
--- Written whole, then renamed (0600): a reader never sees half a file.
function ____exports.writeFile(path, data)
    local tmp = (path .. ".tmp") .. tostring(vim.uv.os_getpid())
    local fd = vim.uv.fs_open(tmp, "w", 384)
    if fd == nil then
        return false
    end
    local written = vim.uv.fs_write(fd, data, 0)
    vim.uv.fs_close(fd)
    if written == nil then
        vim.uv.fs_unlink(tmp)
        return false
    end
    return (vim.uv.fs_rename(tmp, path)) ~= nil
end
--- One record of a file list.
function ____exports.record(path, e)
    return ((((((((((((path .. "\0") .. tostring(e.size)) .. "\0") .. tostring(e.sec)) .. "\0") .. tostring(e.nsec)) .. "\0") .. tostring(e.ino)) .. "\0") .. tostring(e.mode)) .. "\0") .. e.key) .. "\0"
end
--- The header of a git manifest.
function ____exports.gitRecord(head)
    return ((((((("git\0" .. head.tree) .. "\0") .. tostring(head.files)) .. "\0") .. head.top) .. "\0") .. head.prefix) .. "\0"
end
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
