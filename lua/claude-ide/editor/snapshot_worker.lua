-- Generated from src/claude-ide/editor/snapshot_worker.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local root, store, sessionDir, name, maxBytesText, maxFilesText, keepText, previous = arg[1], arg[2], arg[3], arg[4], arg[5], arg[6], arg[7], arg[8]
local maxBytes = tonumber(maxBytesText) or 1048576
local maxFiles = tonumber(maxFilesText) or 200000
local keep = tonumber(keepText) or 20
local objects = store .. "/objects"
local function mkdir(path)
    local st = vim.uv.fs_stat(path)
    if st == nil then
        vim.uv.fs_mkdir(path, 448)
    end
end
local function readAll(path)
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
--- A manifest's records by path (empty when there is none).
local function readManifest(path)
    local out = {}
    if path == "" or path == "-" then
        return out
    end
    local data = readAll(path)
    if data == nil then
        return out
    end
    for p, size, sec, nsec, ino, mode, key in string.gmatch(data, "([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z([^%z]*)%z") do
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
--- The files under root (relative paths) and who listed them.
local function list()
    local git = vim.system({
        "git",
        "-C",
        root,
        "ls-files",
        "-z",
        "-co",
        "--exclude-standard"
    }, {text = true, env = {GIT_OPTIONAL_LOCKS = "0"}}):wait()
    if git.code == 0 and git.stdout ~= nil then
        local files = {}
        for p in string.gmatch(git.stdout, "([^%z]+)%z") do
            files[#files + 1] = p
        end
        return {files = files, by = "git"}
    end
    local files = {}
    local dirs = {""}
    while #dirs > 0 and #files < maxFiles do
        do
            local rel = dirs[#dirs]
            dirs[#dirs] = nil
            local handle = vim.uv.fs_scandir(rel == "" and root or (root .. "/") .. rel)
            if handle == nil then
                goto __continue13
            end
            do
                while true do
                    local entry, kind = vim.uv.fs_scandir_next(handle)
                    if entry == nil then
                        break
                    end
                    local p = rel == "" and entry or (rel .. "/") .. entry
                    if kind == "directory" then
                        if entry ~= ".git" and entry ~= "node_modules" then
                            dirs[#dirs + 1] = p
                        end
                    elseif kind == "file" then
                        files[#files + 1] = p
                    end
                end
            end
        end
        ::__continue13::
    end
    return {files = files, by = "walk"}
end
--- Copies `path` into the store as `key` (a temp file renamed: a reader never sees half an object).
local function store_(path, key)
    local target = (objects .. "/") .. key
    if (vim.uv.fs_stat(target)) ~= nil then
        return true
    end
    local tmp = (target .. ".tmp") .. tostring(vim.uv.os_getpid())
    local ok = vim.uv.fs_copyfile(path, tmp)
    if ok == nil then
        return false
    end
    vim.uv.fs_chmod(tmp, 384)
    return (vim.uv.fs_rename(tmp, target)) ~= nil
end
local function keyOf(path, e)
    return string.sub(
        vim.fn.sha256((((((((tostring(e.size) .. ":") .. tostring(e.sec)) .. ":") .. tostring(e.nsec)) .. ":") .. tostring(e.ino)) .. ":") .. path),
        1,
        40
    )
end
local started = vim.uv.hrtime()
mkdir(store)
mkdir(objects)
mkdir(sessionDir)
local before = readManifest(previous)
local ____list_result_0 = list()
local files = ____list_result_0.files
local by = ____list_result_0.by
local records = {}
--- This snapshot's record and key by path (for the delta against the previous one).
local now = {}
local copied = 0
local skipped = 0
local count = 0
for ____, rel in ipairs(files) do
    do
        if count >= maxFiles then
            break
        end
        local path = (root .. "/") .. rel
        local st = vim.uv.fs_lstat(path)
        if st == nil or st.type ~= "file" then
            goto __continue25
        end
        if st.size > maxBytes then
            skipped = skipped + 1
            goto __continue25
        end
        local facts = {size = st.size, sec = st.mtime.sec, nsec = st.mtime.nsec, ino = st.ino}
        local old = before[rel]
        local key
        if old ~= nil and old.size == facts.size and old.sec == facts.sec and old.nsec == facts.nsec and old.ino == facts.ino then
            key = old.key
        else
            key = keyOf(rel, facts)
            if not store_(path, key) then
                goto __continue25
            end
            local again = vim.uv.fs_lstat(path)
            if again == nil or again.size ~= st.size or again.mtime.sec ~= st.mtime.sec or again.mtime.nsec ~= st.mtime.nsec then
                vim.uv.fs_unlink((objects .. "/") .. key)
                goto __continue25
            end
            copied = copied + 1
        end
        count = count + 1
        local record = ((((((((((((rel .. "\0") .. tostring(facts.size)) .. "\0") .. tostring(facts.sec)) .. "\0") .. tostring(facts.nsec)) .. "\0") .. tostring(facts.ino)) .. "\0") .. tostring(st.mode % 4096)) .. "\0") .. key) .. "\0"
        records[#records + 1] = record
        now[rel] = {record = record, key = key}
    end
    ::__continue25::
end
--- Written whole, then renamed: the editor never reads half a manifest.
local function writeManifest(path, data)
    local fd = vim.uv.fs_open(path .. ".tmp", "w", 384)
    if fd == nil then
        return
    end
    vim.uv.fs_write(fd, data, 0)
    vim.uv.fs_close(fd)
    vim.uv.fs_rename(path .. ".tmp", path)
end
local manifest = (sessionDir .. "/") .. name
local deltaBefore = {}
local deltaAfter = {}
for p, e in pairs(before) do
    local n = now[p]
    if n == nil or n.key ~= e.key then
        deltaBefore[#deltaBefore + 1] = ((((((((((((p .. "\0") .. tostring(e.size)) .. "\0") .. tostring(e.sec)) .. "\0") .. tostring(e.nsec)) .. "\0") .. tostring(e.ino)) .. "\0") .. tostring(e.mode)) .. "\0") .. e.key) .. "\0"
    end
end
for p, n in pairs(now) do
    local e = before[p]
    if e == nil or e.key ~= n.key then
        deltaAfter[#deltaAfter + 1] = n.record
    end
end
writeManifest(
    manifest .. ".before",
    table.concat(deltaBefore, "")
)
writeManifest(
    manifest .. ".after",
    table.concat(deltaAfter, "")
)
writeManifest(
    manifest,
    table.concat(records, "")
)
--- The turn numbers of a session's manifests (`<turn>.start`, `<turn>.end`), oldest first.
local function sweep()
    local turns = {}
    local seen = {}
    local h = vim.uv.fs_scandir(sessionDir)
    if h == nil then
        return
    end
    do
        while true do
            local entry = vim.uv.fs_scandir_next(h)
            if entry == nil then
                break
            end
            local n = tonumber((string.match(entry, "^(%d+)%.")))
            if n ~= nil and not (seen[n] ~= nil) then
                seen[n] = true
                turns[#turns + 1] = n
            end
        end
    end
    table.sort(turns)
    if #turns <= keep then
        return
    end
    local gone = {}
    do
        local i = 0
        while i < #turns - keep do
            gone[turns[i + 1]] = true
            i = i + 1
        end
    end
    local dh = vim.uv.fs_scandir(sessionDir)
    if dh ~= nil then
        do
            while true do
                local entry = vim.uv.fs_scandir_next(dh)
                if entry == nil then
                    break
                end
                local n = tonumber((string.match(entry, "^(%d+)%.")))
                if n ~= nil and gone[n] ~= nil then
                    vim.uv.fs_unlink((sessionDir .. "/") .. entry)
                end
            end
        end
    end
    local used = {}
    local sessions = vim.uv.fs_scandir(store)
    if sessions == nil then
        return
    end
    do
        while true do
            do
                local dir, kind = vim.uv.fs_scandir_next(sessions)
                if dir == nil then
                    break
                end
                if kind ~= "directory" or dir == "objects" then
                    goto __continue56
                end
                local mh = vim.uv.fs_scandir((store .. "/") .. dir)
                if mh == nil then
                    goto __continue56
                end
                do
                    while true do
                        do
                            local m = vim.uv.fs_scandir_next(mh)
                            if m == nil then
                                break
                            end
                            if (string.match(m, "%.tmp$")) ~= nil or (string.match(m, "%.before$")) ~= nil then
                                goto __continue61
                            end
                            for ____, e in pairs(readManifest((((store .. "/") .. dir) .. "/") .. m)) do
                                used[e.key] = true
                            end
                        end
                        ::__continue61::
                    end
                end
            end
            ::__continue56::
        end
    end
    local oh = vim.uv.fs_scandir(objects)
    if oh == nil then
        return
    end
    do
        while true do
            local o = vim.uv.fs_scandir_next(oh)
            if o == nil then
                break
            end
            if not (used[o] ~= nil) then
                vim.uv.fs_unlink((objects .. "/") .. o)
            end
        end
    end
end
sweep()
local ms = (vim.uv.hrtime() - started) / 1000000
io.stdout:write(((((((((("files " .. tostring(count)) .. " copied ") .. tostring(copied)) .. " skipped ") .. tostring(skipped)) .. " listed-by ") .. by) .. " ms ") .. tostring(math.floor(ms))) .. "\n")
io.stdout:flush()
return ____exports
