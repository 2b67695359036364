-- Generated from src/claude-ide/util/fs.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The first `size` bytes of the file `path` (its size known from a stat: the whole of it); undefined when unreadable.
function ____exports.readBytes(path, size)
    local fd = vim.uv.fs_open(path, "r", 0)
    if fd == nil then
        return nil
    end
    local data = vim.uv.fs_read(fd, size, 0)
    vim.uv.fs_close(fd)
    return data
end
--- `path` as the user reads it in messages: under the home folder as `~/…` (never for a path to act on).
function ____exports.shown(path)
    return vim.fn.fnamemodify(path, ":~")
end
function ____exports.normalize(path)
    local special = string.find(path, "[~\\]")
    local dots = string.find(path, "/%.%.?/")
    local dotsAtEnd = string.find(path, "/%.%.?$")
    if string.sub(path, 1, 1) ~= "/" or special ~= nil or dots ~= nil or dotsAtEnd ~= nil then
        return vim.fs.normalize(path, {expand_env = false})
    end
    local collapsed = path
    if (string.find(path, "//", 1, true)) ~= nil then
        collapsed = string.gsub(path, "//+", "/")
    end
    return collapsed ~= "/" and string.sub(collapsed, -1) == "/" and string.sub(collapsed, 1, -2) or collapsed
end
--- Size, modification time and inode of a file (`size:sec:nsec:ino`; undefined: none), to tell whether it changed
-- since it was read. The editor and the child that writes a big file (editor/write/disk_write_worker) compare it.
function ____exports.fileStamp(file)
    local st = vim.uv.fs_stat(file)
    if st == nil then
        return nil
    end
    return (((((tostring(st.size) .. ":") .. tostring(st.mtime.sec)) .. ":") .. tostring(st.mtime.nsec)) .. ":") .. tostring(st.ino)
end
--- The whole content of the regular file `path` when it is at most `maxBytes`; undefined otherwise.
function ____exports.readSmallFile(path, maxBytes)
    local stat = vim.uv.fs_stat(path)
    if stat == nil or stat.type ~= "file" or stat.size > maxBytes then
        return nil
    end
    return ____exports.readBytes(path, stat.size)
end
--- Writes `data` to `path` atomically with `mode`; without it an existing file keeps its permissions and a
-- new one gets 0644 (the umask does not apply: the mode is set exactly). `durable: false` skips the fsync:
-- readers still never see half a file (the rename is atomic), only a crash may lose the new content.
function ____exports.writeFileAtomic(path, data, mode, opts)
    local stat = vim.uv.fs_stat(path)
    if mode == nil then
        mode = stat ~= nil and stat.mode % 4096 or 420
    end
    local dir, name = string.match(path, "^(.*)/([^/]*)$")
    local tmp = (((((((dir or ".") .. "/.") .. (name or path)) .. ".") .. tostring(vim.fn.getpid())) .. ".") .. string.format(
        "%x",
        vim.uv.hrtime() % 2147483647
    )) .. ".tmp"
    local fd, openErr = vim.uv.fs_open(tmp, "wx", mode)
    if fd == nil then
        return {
            ok = false,
            error = (("cannot create " .. tmp) .. ": ") .. tostring(openErr)
        }
    end
    local failure
    local chmodOk, chmodErr = vim.uv.fs_chmod(tmp, mode)
    if not chmodOk then
        failure = (("chmod " .. tmp) .. ": ") .. tostring(chmodErr)
    end
    if failure == nil then
        local written, writeErr = vim.uv.fs_write(fd, data, 0)
        if written ~= #data then
            failure = (("write " .. tmp) .. ": ") .. (writeErr or "short write")
        end
    end
    if failure == nil and (opts and opts.durable) ~= false then
        local synced, syncErr = vim.uv.fs_fsync(fd)
        if not synced then
            failure = (("fsync " .. tmp) .. ": ") .. tostring(syncErr)
        end
    end
    vim.uv.fs_close(fd)
    if failure == nil then
        local renamed, renameErr = vim.uv.fs_rename(tmp, path)
        if not renamed then
            failure = (("rename to " .. path) .. ": ") .. tostring(renameErr)
        end
    end
    if failure ~= nil then
        vim.uv.fs_unlink(tmp)
        return {ok = false, error = failure}
    end
    return {ok = true}
end
return ____exports
