-- Generated from src/claude-ide/editor/snapshot/snapshot_worker.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local die, runGit, userGit, privateGit, withExcludes, privateEnv, fail, importTrees, damaged, root, store, sessionDir, name, maxBytesText, maxFilesText, keepText, previous, gitDir, index, GIT_OPTIONS, excludesFile, userObjects
local ____manifest = require("claude-ide.editor.snapshot.manifest")
local DAMAGED = ____manifest.DAMAGED
local facts = ____manifest.facts
local gitRecord = ____manifest.gitRecord
local parseGitHead = ____manifest.parseGitHead
local parseRaw = ____manifest.parseRaw
local readFile = ____manifest.readFile
local readManifest = ____manifest.readManifest
local record = ____manifest.record
local writeFile = ____manifest.writeFile
function die(why)
    io.stderr:write(why .. "\n")
    io.stderr:flush()
    os.exit(1)
    error(why, 0)
end
function runGit(args, opts)
    local ok, r = pcall(function()
        local ____vim_system_1 = vim.system
        local ____array_0 = __TS__SparseArrayNew(
            "git",
            unpack(GIT_OPTIONS)
        )
        __TS__SparseArrayPush(
            ____array_0,
            unpack(args)
        )
        return ____vim_system_1(
            {__TS__SparseArraySpread(____array_0)},
            opts
        ):wait()
    end)
    if not ok then
        return {
            code = -1,
            stdout = "",
            stderr = tostring(r)
        }
    end
    return {code = r.code, stdout = r.stdout or "", stderr = r.stderr or ""}
end
function userGit(args, stdin)
    return runGit(args, {cwd = root, text = false, env = {GIT_OPTIONAL_LOCKS = "0"}, stdin = stdin or false})
end
function privateGit(top, args, stdin, readUserObjects)
    if readUserObjects == nil then
        readUserObjects = false
    end
    args = withExcludes(args)
    local env = privateEnv(top, readUserObjects)
    do
        local attempt = 0
        while true do
            local r = runGit(args, {cwd = root, text = false, env = env, stdin = stdin or false})
            local held = (string.find(r.stderr, ".lock", 1, true)) ~= nil and (string.find(r.stderr, "File exists", 1, true)) ~= nil
            if r.code == 0 or attempt >= 250 or not held then
                return r
            end
            local lock = vim.uv.fs_stat(index .. ".lock")
            if lock ~= nil and os.time() - lock.mtime.sec > 120 then
                vim.uv.fs_unlink(index .. ".lock")
            end
            vim.uv.sleep(20)
            attempt = attempt + 1
        end
    end
end
function withExcludes(args)
    return excludesFile ~= nil and ({
        "-c",
        "core.excludesFile=" .. excludesFile,
        unpack(args)
    }) or args
end
function privateEnv(top, readUserObjects)
    return {
        GIT_DIR = gitDir,
        GIT_COMMON_DIR = gitDir,
        GIT_WORK_TREE = top,
        GIT_INDEX_FILE = index,
        GIT_OBJECT_DIRECTORY = gitDir .. "/objects",
        GIT_ALTERNATE_OBJECT_DIRECTORIES = readUserObjects and userObjects ~= nil and userObjects or ""
    }
end
function fail(what, r)
    return die((((((what .. " failed (exit ") .. tostring(r.code)) .. ", store ") .. gitDir) .. "): ") .. vim.trim(r.stderr))
end
function importTrees(top)
    local ids = {}
    local head = userGit({"rev-parse", "--verify", "-q", "HEAD^{tree}"})
    if head.code == 0 then
        local listed = userGit({
            "ls-tree",
            "-r",
            "-d",
            "-z",
            "--full-tree",
            "HEAD"
        })
        if listed.code ~= 0 then
            return
        end
        ids[#ids + 1] = vim.trim(head.stdout)
        for id in string.gmatch(listed.stdout, "%d+ tree (%x+)\t[^%z]*%z") do
            ids[#ids + 1] = id
        end
        local staged = userGit({
            "diff-index",
            "--cached",
            "-z",
            "--no-renames",
            "HEAD"
        })
        if staged.code == 0 then
            for mode, id in string.gmatch(staged.stdout, ":%d+ (%d+) %x+ (%x+) %a%z[^%z]*%z") do
                if string.sub(mode, 1, 3) == "100" and (string.match(id, "^0+$")) == nil then
                    ids[#ids + 1] = id
                end
            end
        end
    else
        local staged = userGit({"ls-files", "-s", "-z"})
        if staged.code ~= 0 then
            return
        end
        local seen = {}
        for mode, id in string.gmatch(staged.stdout, "(%d+) (%x+) %d\t[^%z]*%z") do
            if string.sub(mode, 1, 3) == "100" and not (seen[id] ~= nil) then
                seen[id] = true
                ids[#ids + 1] = id
            end
        end
        if #ids == 0 then
            return
        end
    end
    local pack = userGit(
        {"pack-objects", "--stdout", "-q"},
        table.concat(ids, "\n") .. "\n"
    )
    if pack.code ~= 0 then
        return
    end
    local r = privateGit(top, {"index-pack", "--stdin"}, pack.stdout)
    if r.code ~= 0 then
        fail("git index-pack", r)
    end
end
function damaged(why)
    return die(((((("the previous snapshot " .. previous) .. " ") .. DAMAGED) .. " (") .. why) .. ")")
end
root, store, sessionDir, name, maxBytesText, maxFilesText, keepText, previous = arg[1], arg[2], arg[3], arg[4], arg[5], arg[6], arg[7], arg[8]
local maxBytes = tonumber(maxBytesText) or 1048576
local maxFiles = tonumber(maxFilesText) or 200000
local keep = tonumber(keepText) or 20
local objects = store .. "/objects"
gitDir = store .. "/git"
index = sessionDir .. "/index"
local manifestPath = (sessionDir .. "/") .. name
local started = vim.uv.hrtime()
--- Where the time went (ms, in order): shown in the answer, for `make bench`.
local phases = {}
local mark = started
local function phase(what)
    local now = vim.uv.hrtime()
    phases[#phases + 1] = (what .. ":") .. tostring(math.floor((now - mark) / 1000000))
    mark = now
end
--- Dies when a write into the store failed (`why`: writeFile's answer).
local function check(why)
    if why ~= nil then
        die(why)
    end
end
local function mkdir(path)
    local st = vim.uv.fs_stat(path)
    if st ~= nil then
        return
    end
    local ok, err = vim.uv.fs_mkdir(path, 448)
    if ok == nil and (vim.uv.fs_stat(path)) == nil then
        die((("mkdir " .. path) .. ": ") .. (err or "?"))
    end
end
local function exists(path)
    return (vim.uv.fs_stat(path)) ~= nil
end
GIT_OPTIONS = {
    "-c",
    "core.fsmonitor=false",
    "-c",
    "core.untrackedCache=false",
    "-c",
    "core.splitIndex=false",
    "-c",
    "gc.auto=0",
    "-c",
    "maintenance.auto=false",
    "-c",
    "core.preloadIndex=false",
    "-c",
    "core.autocrlf=false",
    "-c",
    "core.safecrlf=false",
    "-c",
    "core.logAllRefUpdates=false",
    "-c",
    "advice.addEmbeddedRepo=false"
}
--- Writes the turn's delta (`<name>.before`, `<name>.after`), then its manifest (last, in both methods: the
-- git one and the copies).
local function writeTurn(deltaBefore, deltaAfter, manifest)
    check(writeFile(manifestPath .. ".before", deltaBefore))
    check(writeFile(manifestPath .. ".after", deltaAfter))
    check(writeFile(manifestPath, manifest))
end
--- Reading git commands on the private repository run side by side (each waits for the disk or one core: a
-- listing's lstat of every tracked file and its walk for untracked ones overlap on two cores). No lock is
-- taken by them (no retry).
local function privateGitTogether(top, commands)
    local env = privateEnv(top, false)
    local running = __TS__ArrayMap(
        commands,
        function(____, args)
            local ok, obj = pcall(function()
                local ____vim_system_3 = vim.system
                local ____array_2 = __TS__SparseArrayNew(
                    "git",
                    unpack(GIT_OPTIONS)
                )
                __TS__SparseArrayPush(
                    ____array_2,
                    unpack(withExcludes(args))
                )
                return ____vim_system_3(
                    {__TS__SparseArraySpread(____array_2)},
                    {cwd = root, text = false, env = env}
                )
            end)
            return ok and obj or tostring(obj)
        end
    )
    return __TS__ArrayMap(
        running,
        function(____, r)
            if type(r) == "string" then
                return {code = -1, stdout = "", stderr = r}
            end
            local done = r:wait()
            return {code = done.code, stdout = done.stdout or "", stderr = done.stderr or ""}
        end
    )
end
--- The private repository, made once per store: no hooks, no templates, every conversion off.
local function ensureGitDir()
    if not exists(gitDir .. "/HEAD") then
        local r = vim.system({
            "git",
            "init",
            "-q",
            "--bare",
            "--template=",
            gitDir
        }, {text = true, cwd = store}):wait()
        if r.code ~= 0 then
            fail("git init", {code = r.code, stdout = "", stderr = r.stderr or ""})
        end
    end
    mkdir(gitDir .. "/info")
    local attributes = "* -text -filter -ident -eol -crlf -working-tree-encoding\n"
    if readFile(gitDir .. "/info/attributes") ~= attributes then
        check(writeFile(gitDir .. "/info/attributes", attributes))
    end
end
--- The user's info/exclude, mirrored into the private repository (its rules apply to the snapshot too).
local function mirrorExclude(commonDir)
    if commonDir == nil then
        return
    end
    local theirs = readFile(commonDir .. "/info/exclude") or ""
    if (readFile(gitDir .. "/info/exclude") or "") ~= theirs then
        check(writeFile(gitDir .. "/info/exclude", theirs))
    end
end
--- Copies an index file to `to` (through a temporary file), keeping its modification time (floored to the
-- second): git takes an entry whose file changed in the same second as the index was written as "racily clean"
-- and compares its bytes, and that test is made against the index file's own mtime. A copy with a newer mtime
-- would let such a change pass as unchanged. Undefined when copied, else why not.
local function copyIndex(from, to)
    local tmp = (to .. ".copy") .. tostring(vim.uv.os_getpid())
    local st = vim.uv.fs_stat(from)
    local copied, err = vim.uv.fs_copyfile(from, tmp)
    local why
    if st == nil or copied == nil then
        why = (((("copy " .. from) .. " to ") .. tmp) .. ": ") .. (err or "gone")
    else
        local timed, timeErr = vim.uv.fs_utime(tmp, st.mtime.sec, st.mtime.sec)
        if timed == nil then
            why = (("utime " .. tmp) .. ": ") .. (timeErr or "?")
        else
            local renamed, renameErr = vim.uv.fs_rename(tmp, to)
            if renamed ~= nil then
                return nil
            end
            why = (((("rename " .. tmp) .. " to ") .. to) .. ": ") .. (renameErr or "?")
        end
    end
    vim.uv.fs_unlink(tmp)
    return why
end
--- The newest index of another session of this folder (a new session starts from its stat cache).
local function newestIndex()
    local h = vim.uv.fs_scandir(store)
    if h == nil then
        return nil
    end
    local best
    local bestTime = -1
    do
        while true do
            do
                local dir, kind = vim.uv.fs_scandir_next(h)
                if dir == nil then
                    break
                end
                if kind ~= "directory" or dir == "objects" or dir == "git" then
                    goto __continue44
                end
                local st = vim.uv.fs_stat(((store .. "/") .. dir) .. "/index")
                if st ~= nil and st.mtime.sec > bestTime then
                    bestTime = st.mtime.sec
                    best = ((store .. "/") .. dir) .. "/index"
                end
            end
            ::__continue44::
        end
    end
    return best
end
--- Every "\0"-ended field of `out`.
local function fields(out)
    local list = {}
    for p in string.gmatch(out, "([^%z]+)%z") do
        list[#list + 1] = p
    end
    return list
end
--- The permission bits of a git mode ("100755" → 0o755).
local function permissions(gitMode)
    return (tonumber(gitMode, 8) or 33188) % 4096
end
--- A session's first snapshot in a repository nobody snapshotted yet starts from what git already knows: the
-- user's index, COPIED (their file is only read) as the private index. Its entries carry the stat data and blob
-- ids of every tracked file, so the listing below reads only the files that differ from it (and the untracked
-- ones) instead of every file: the unchanged files' blobs stay in the user's objects, never copied, and the
-- private tree names them (write-tree --missing-ok). The flags that would hide a change from the listing
-- (assume-unchanged, skip-worktree) are cleared in the copy; in a subfolder of the repository, the entries outside
-- it are dropped from the copy (its tree holds that folder's files alone, as the listing does). False when there
-- is nothing to seed from, or the copy is not usable.
local function seedIndex(top, prefix, userIndex)
    if not exists(userIndex) then
        return false
    end
    local why = copyIndex(userIndex, index)
    if why ~= nil then
        if (string.find(why, "ENOSPC", 1, true)) ~= nil then
            die(why)
        end
        return false
    end
    local flagged = privateGit(top, {
        "-C",
        top,
        "ls-files",
        "-z",
        "-v"
    })
    if flagged.code ~= 0 then
        vim.uv.fs_unlink(index)
        return false
    end
    local hidden = {}
    local outside = {}
    for ____, field in ipairs(fields(flagged.stdout)) do
        local tag = string.sub(field, 1, 1)
        local path = string.sub(field, 3)
        if prefix ~= "" and not vim.startswith(path, prefix) then
            outside[#outside + 1] = path
        elseif tag == "S" or (string.match(tag, "^%l$")) ~= nil then
            hidden[#hidden + 1] = path
        end
    end
    if #outside > 0 then
        local r = privateGit(
            top,
            {
                "-C",
                top,
                "update-index",
                "-z",
                "--force-remove",
                "--stdin"
            },
            table.concat(outside, "\0") .. "\0"
        )
        if r.code ~= 0 then
            fail("git update-index", r)
        end
    end
    if #hidden > 0 then
        local r = privateGit(
            top,
            {
                "-C",
                top,
                "update-index",
                "-z",
                "--no-assume-unchanged",
                "--no-skip-worktree",
                "--stdin"
            },
            table.concat(hidden, "\0") .. "\0"
        )
        if r.code ~= 0 then
            fail("git update-index", r)
        end
    end
    importTrees(top)
    return true
end
--- Exports the blobs `ids` as plain files (objects/<id>) for the review; their sizes, the blobs over max_file_bytes
-- left out (neither read nor exported). A blob of a seeded entry is read from the user's objects (reading only:
-- cat-file writes nothing, and objects are only "freshened" by writes). A blob found nowhere fails the snapshot.
local function exportBlobs(top, ids)
    local sizes = {}
    if #ids == 0 then
        return sizes
    end
    local checked = privateGit(
        top,
        {"cat-file", "--batch-check"},
        table.concat(ids, "\n") .. "\n",
        true
    )
    if checked.code ~= 0 then
        fail("git cat-file", checked)
    end
    local wanted = {}
    for id, kind, size in string.gmatch(checked.stdout, "(%x+) (%a+) ?(%d*)\n") do
        do
            if kind == "missing" then
                die((((("the blob " .. id) .. " is in neither the store (") .. gitDir) .. ") nor ") .. (userObjects or "?"))
            end
            local n = tonumber(size) or 0
            if n > maxBytes then
                goto __continue81
            end
            sizes[id] = n
            if not exists((objects .. "/") .. id) then
                wanted[#wanted + 1] = id
            end
        end
        ::__continue81::
    end
    if #wanted == 0 then
        return sizes
    end
    local c = privateGit(
        top,
        {"cat-file", "--batch"},
        table.concat(wanted, "\n") .. "\n",
        true
    )
    if c.code ~= 0 then
        fail("git cat-file", c)
    end
    local at = 1
    local out = c.stdout
    do
        while true do
            do
                local stop = string.find(out, "\n", at, true)
                if stop == nil then
                    break
                end
                local id, size = string.match(
                    string.sub(out, at, stop - 1),
                    "^(%x+) blob (%d+)$"
                )
                if id == nil then
                    at = stop + 1
                    goto __continue88
                end
                local n = tonumber(size) or 0
                if stop + n > #out then
                    die(((((("git cat-file: the blob " .. id) .. " is cut short (") .. tostring(#out - stop)) .. " of ") .. tostring(n)) .. " bytes)")
                end
                check(writeFile(
                    (objects .. "/") .. id,
                    string.sub(out, stop + 1, stop + n)
                ))
                at = stop + n + 2
            end
            ::__continue88::
        end
    end
    return sizes
end
local function snapshotGit(head, commonDir, prev, userIndex)
    local top = head.top
    ensureGitDir()
    mirrorExclude(commonDir)
    local ex = userGit({"config", "--type=path", "--get", "core.excludesFile"})
    if ex.code == 0 and vim.trim(ex.stdout) ~= "" then
        excludesFile = vim.trim(ex.stdout)
    end
    local function listChanged()
        if not exists(index) then
            local other = newestIndex()
            if other ~= nil then
                local why = copyIndex(other, index)
                if why ~= nil and (string.find(why, "ENOSPC", 1, true)) ~= nil then
                    die(why)
                end
            elseif userIndex ~= nil then
                seedIndex(top, head.prefix, userIndex)
            end
        end
        if exists(index) or commonDir == nil then
            local changed, untracked = unpack(
                privateGitTogether(top, {{
                    "diff-files",
                    "--name-only",
                    "-z",
                    "--relative",
                    "--ignore-submodules=all"
                }, {
                    "ls-files",
                    "-z",
                    "-t",
                    "-o",
                    "--exclude-standard"
                }}),
                1,
                2
            )
            if changed.code ~= 0 then
                return changed
            end
            if untracked.code ~= 0 then
                return untracked
            end
            local tagged = {}
            for ____, rel in ipairs(fields(changed.stdout)) do
                tagged[#tagged + 1] = ("C " .. rel) .. "\0"
            end
            return {
                listed = table.concat(tagged, "") .. untracked.stdout,
                tagged = true
            }
        end
        local r = userGit({
            "ls-files",
            "-z",
            "-c",
            "-o",
            "--exclude-standard"
        })
        if r.code ~= 0 then
            fail("git ls-files", r)
        end
        return {listed = r.stdout, tagged = false}
    end
    local skipped = 0
    local copied = 0
    --- The index brought up to date with the folder, and its tree; or the git command that failed.
    local function indexTree()
        local got = listChanged()
        if got.code ~= nil then
            return {what = "git ls-files", r = got}
        end
        local listed = got.listed
        local tagged = got.tagged
        phase("list")
        local update = {}
        local drop = {}
        local seen = {}
        skipped = 0
        copied = 0
        for ____, field in ipairs(fields(listed)) do
            do
                local rel = tagged and string.sub(field, 3) or field
                if seen[rel] ~= nil then
                    goto __continue107
                end
                seen[rel] = true
                local inIndex = tagged and string.sub(field, 1, 1) ~= "?"
                local st = vim.uv.fs_lstat((root .. "/") .. rel)
                if st == nil then
                    update[#update + 1] = rel
                elseif st.type == "file" and st.size <= maxBytes then
                    update[#update + 1] = rel
                    copied = copied + 1
                else
                    if st.type == "file" then
                        skipped = skipped + 1
                    end
                    if inIndex then
                        drop[#drop + 1] = rel
                    end
                end
            end
            ::__continue107::
        end
        if #update > 0 then
            local r = privateGit(
                top,
                {
                    "update-index",
                    "-z",
                    "--add",
                    "--remove",
                    "--stdin"
                },
                table.concat(update, "\0") .. "\0"
            )
            if r.code ~= 0 then
                return {what = "git update-index", r = r}
            end
        end
        if #drop > 0 then
            local r = privateGit(
                top,
                {"update-index", "-z", "--force-remove", "--stdin"},
                table.concat(drop, "\0") .. "\0"
            )
            if r.code ~= 0 then
                return {what = "git update-index", r = r}
            end
        end
        phase("hash")
        local wt = privateGit(top, {"write-tree", "--missing-ok"})
        if wt.code ~= 0 then
            return {what = "git write-tree", r = wt}
        end
        return {tree = vim.trim(wt.stdout)}
    end
    local built = indexTree()
    if built.r ~= nil and exists(index) and (string.find(built.r.stderr, ".lock", 1, true)) == nil then
        io.stderr:write(((((built.what .. ": ") .. vim.trim(built.r.stderr)) .. "; the session's index ") .. index) .. " went, started again\n")
        vim.uv.fs_unlink(index)
        built = indexTree()
    end
    if built.r ~= nil then
        return fail(built.what, built.r)
    end
    head.tree = built.tree
    phase("tree")
    local before = {}
    local after = {}
    local files = prev ~= nil and prev.files or 0
    if prev ~= nil and prev.tree ~= head.tree then
        local d = privateGit(top, {
            "diff-tree",
            "-r",
            "-z",
            "--no-renames",
            prev.tree,
            head.tree
        })
        if d.code ~= 0 then
            damaged((("its tree " .. prev.tree) .. " cannot be read: ") .. vim.trim(d.stderr))
        end
        local rows = {}
        local ids = {}
        local want = {}
        for a, b, x, y, status, path in string.gmatch(d.stdout, ":(%d+) (%d+) (%x+) (%x+) (%a)%d*%z([^%z]*)%z") do
            local function isFile(mode)
                return string.sub(mode, 1, 3) == "100"
            end
            rows[#rows + 1] = {
                a = isFile(a) and a or "",
                b = isFile(b) and b or "",
                x = x,
                y = y,
                path = path
            }
            if status == "A" then
                files = files + 1
            elseif status == "D" then
                files = files - 1
            end
            for ____, ____value in ipairs({{a, x}, {b, y}}) do
                local mode = ____value[1]
                local id = ____value[2]
                if isFile(mode) and not (want[id] ~= nil) then
                    want[id] = true
                    ids[#ids + 1] = id
                end
            end
        end
        local sizes = exportBlobs(top, ids)
        local prefix = head.prefix
        for ____, row in ipairs(rows) do
            do
                if prefix ~= "" and not vim.startswith(row.path, prefix) then
                    goto __continue131
                end
                local rel = string.sub(row.path, #prefix + 1)
                local function entry(mode, id)
                    return {
                        size = sizes[id] or 0,
                        sec = 0,
                        nsec = 0,
                        ino = 0,
                        mode = permissions(mode),
                        key = id
                    }
                end
                if row.a ~= "" and sizes[row.x] ~= nil then
                    before[#before + 1] = record(
                        rel,
                        entry(row.a, row.x)
                    )
                end
                if row.b ~= "" and sizes[row.y] ~= nil then
                    after[#after + 1] = record(
                        rel,
                        entry(row.b, row.y)
                    )
                end
            end
            ::__continue131::
        end
    end
    if prev == nil then
        local all = privateGit(top, {"ls-files", "-z"})
        if all.code ~= 0 then
            fail("git ls-files", all)
        end
        files = #fields(all.stdout)
    end
    head.files = files
    writeTurn(
        table.concat(before, ""),
        table.concat(after, ""),
        gitRecord(head)
    )
    phase("delta")
    return {files = files, copied = copied, skipped = skipped, by = "git"}
end
--- The files under root (relative paths) and who listed them.
local function list()
    local git = userGit({"ls-files", "-z", "-co", "--exclude-standard"})
    if git.code == 0 then
        return {
            files = fields(git.stdout),
            by = "ls-files"
        }
    end
    local files = {}
    local dirs = {""}
    while #dirs > 0 and #files < maxFiles do
        do
            local rel = dirs[#dirs]
            dirs[#dirs] = nil
            local handle = vim.uv.fs_scandir(rel == "" and root or (root .. "/") .. rel)
            if handle == nil then
                goto __continue141
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
        ::__continue141::
    end
    return {files = files, by = "walk"}
end
--- Copies `path` into the store as `key` (a temp file renamed: a reader never sees half an object). False when
-- the file went meanwhile; a copy that fails otherwise (a full store, a file that cannot be read) fails the
-- snapshot.
local function copyIn(path, key)
    local target = (objects .. "/") .. key
    if exists(target) then
        return true
    end
    local tmp = (target .. ".tmp") .. tostring(vim.uv.os_getpid())
    local ok, err = vim.uv.fs_copyfile(path, tmp)
    if ok == nil then
        vim.uv.fs_unlink(tmp)
        if (vim.uv.fs_lstat(path)) == nil then
            return false
        end
        die((((("copy " .. path) .. " to ") .. tmp) .. ": ") .. (err or "?"))
    end
    local modeOk, modeErr = vim.uv.fs_chmod(tmp, 384)
    if modeOk == nil then
        die((("chmod " .. tmp) .. ": ") .. (modeErr or "?"))
    end
    local renamed, renameErr = vim.uv.fs_rename(tmp, target)
    if renamed == nil then
        die((((("rename " .. tmp) .. " to ") .. target) .. ": ") .. (renameErr or "?"))
    end
    return true
end
local function keyOf(path, size, sec, nsec, ino)
    return string.sub(
        vim.fn.sha256(string.format(
            "%d:%d:%d:%d:%s",
            size,
            sec,
            nsec,
            ino,
            path
        )),
        1,
        40
    )
end
local function snapshotCopies()
    local before = previous == "-" and ({}) or parseRaw(readFile(previous) or "")
    local ____list_result_4 = list()
    local files = ____list_result_4.files
    local by = ____list_result_4.by
    phase("list")
    local records = {}
    local deltaBefore = {}
    local deltaAfter = {}
    local seen = {}
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
                goto __continue157
            end
            if st.size > maxBytes then
                skipped = skipped + 1
                goto __continue157
            end
            local mode = st.mode % 4096
            local now = facts(
                st.size,
                st.mtime.sec,
                st.mtime.nsec,
                st.ino,
                mode
            )
            local old = before[rel]
            local line
            if old ~= nil and string.sub(old, 1, #now) == now then
                line = (rel .. "\0") .. old
            else
                local key = keyOf(
                    rel,
                    st.size,
                    st.mtime.sec,
                    st.mtime.nsec,
                    st.ino
                )
                if not copyIn(path, key) then
                    goto __continue157
                end
                local again = vim.uv.fs_lstat(path)
                if again == nil or again.size ~= st.size or again.mtime.sec ~= st.mtime.sec or again.mtime.nsec ~= st.mtime.nsec then
                    vim.uv.fs_unlink((objects .. "/") .. key)
                    goto __continue157
                end
                copied = copied + 1
                line = (((rel .. "\0") .. now) .. key) .. "\0"
                deltaAfter[#deltaAfter + 1] = line
                if old ~= nil then
                    deltaBefore[#deltaBefore + 1] = (rel .. "\0") .. old
                end
            end
            count = count + 1
            seen[rel] = true
            records[#records + 1] = line
        end
        ::__continue157::
    end
    phase("copy")
    for p, rest in pairs(before) do
        if not (seen[p] ~= nil) then
            deltaBefore[#deltaBefore + 1] = (p .. "\0") .. rest
        end
    end
    writeTurn(
        table.concat(deltaBefore, ""),
        table.concat(deltaAfter, ""),
        table.concat(records, "")
    )
    phase("delta")
    return {files = count, copied = copied, skipped = skipped, by = by}
end
--- Every manifest and delta of every session of this folder (their paths).
local function manifests()
    local out = {}
    local sessions = vim.uv.fs_scandir(store)
    if sessions == nil then
        return out
    end
    do
        while true do
            do
                local dir, kind = vim.uv.fs_scandir_next(sessions)
                if dir == nil then
                    break
                end
                if kind ~= "directory" or dir == "objects" or dir == "git" then
                    goto __continue172
                end
                local mh = vim.uv.fs_scandir((store .. "/") .. dir)
                if mh == nil then
                    goto __continue172
                end
                do
                    while true do
                        local m = vim.uv.fs_scandir_next(mh)
                        if m == nil then
                            break
                        end
                        if (string.match(m, "^%d+%.")) ~= nil and (string.match(m, "%.tmp%d*$")) == nil then
                            out[#out + 1] = (((store .. "/") .. dir) .. "/") .. m
                        end
                    end
                end
            end
            ::__continue172::
        end
    end
    return out
end
--- Drops the session's turns beyond the last `keep`; true when any went.
local function dropOldTurns()
    local turns = {}
    local seen = {}
    local h = vim.uv.fs_scandir(sessionDir)
    if h == nil then
        return false
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
        return false
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
    return true
end
--- Sessions and folders nobody snapshotted for this long go (:help claude-ide-turn-review): a session's folder
-- lives as long as its CLI runs and a while after (:ClaudeCodeReview {n} of a quit session), not forever.
local STALE_SECONDS = 14 * 86400
--- A store's folder name: 16 hex digits (editor/snapshot/snapshot's hash); nothing else in the store is ever removed.
local function isHashName(name)
    return (string.match(name, "^%x+$")) ~= nil and #name == 16
end
--- The newest modification time (seconds) of `dir` and of the entries right below it, -1 if it is gone.
local function newestMtime(dir)
    local st = vim.uv.fs_stat(dir)
    if st == nil then
        return -1
    end
    local newest = st.mtime.sec
    local h = vim.uv.fs_scandir(dir)
    if h ~= nil then
        do
            while true do
                local entry = vim.uv.fs_scandir_next(h)
                if entry == nil then
                    break
                end
                local es = vim.uv.fs_stat((dir .. "/") .. entry)
                if es ~= nil and es.mtime.sec > newest then
                    newest = es.mtime.sec
                end
            end
        end
    end
    return newest
end
--- Removes a folder of the store and everything in it (a link is removed, never followed).
local function removeTree(path)
    local h = vim.uv.fs_scandir(path)
    if h ~= nil then
        do
            while true do
                local entry, kind = vim.uv.fs_scandir_next(h)
                if entry == nil then
                    break
                end
                if kind == "directory" then
                    removeTree((path .. "/") .. entry)
                else
                    vim.uv.fs_unlink((path .. "/") .. entry)
                end
            end
        end
    end
    vim.uv.fs_rmdir(path)
end
--- The folders right below `dir` that have a store's hash name (sessions below a store, stores below the base).
local function hashDirs(dir)
    local out = {}
    local h = vim.uv.fs_scandir(dir)
    if h == nil then
        return out
    end
    do
        while true do
            local entry, kind = vim.uv.fs_scandir_next(h)
            if entry == nil then
                break
            end
            if kind == "directory" and isHashName(entry) then
                out[#out + 1] = entry
            end
        end
    end
    return out
end
--- The other sessions of this folder untouched for STALE_SECONDS go; true when any went.
local function dropStaleSessions(now)
    local any = false
    local ours = vim.fn.fnamemodify(sessionDir, ":t")
    for ____, dir in ipairs(hashDirs(store)) do
        local path = (store .. "/") .. dir
        if dir ~= ours and newestMtime(path) < now - STALE_SECONDS then
            removeTree(path)
            any = true
        end
    end
    return any
end
--- The stores of other folders (beside this one) whose every session is older than STALE_SECONDS go whole: a
-- project not worked on for that long keeps no snapshot. Only folders that look like stores (a hash name with an
-- `objects` folder) are touched.
local function dropStaleFolders(now)
    local parent = vim.fn.fnamemodify(store, ":h")
    local ours = vim.fn.fnamemodify(store, ":t")
    for ____, dir in ipairs(hashDirs(parent)) do
        do
            local path = (parent .. "/") .. dir
            if dir == ours or vim.fn.isdirectory(path .. "/objects") ~= 1 then
                goto __continue220
            end
            local newest = newestMtime(path)
            for ____, s in ipairs(hashDirs(path)) do
                newest = math.max(
                    newest,
                    newestMtime((path .. "/") .. s)
                )
            end
            if newest < now - STALE_SECONDS then
                removeTree(path)
            end
        end
        ::__continue220::
    end
end
--- The plain objects no manifest or delta names go; so do the private repository's unreachable objects.
local function sweepObjects(top)
    local used = {}
    local trees = {}
    for ____, m in ipairs(manifests()) do
        local data = readFile(m) or ""
        local head = parseGitHead(data)
        if head ~= nil then
            trees[#trees + 1] = head.tree
        else
            for ____, e in pairs(readManifest(m)) do
                used[e.key] = true
            end
        end
    end
    local oh = vim.uv.fs_scandir(objects)
    if oh ~= nil then
        do
            while true do
                local o = vim.uv.fs_scandir_next(oh)
                if o == nil then
                    break
                end
                if not (used[o] ~= nil) and (string.match(o, "%.tmp%d*$")) == nil then
                    vim.uv.fs_unlink((objects .. "/") .. o)
                end
            end
        end
    end
    if top ~= nil and exists(gitDir .. "/HEAD") then
        privateGit(
            top,
            {
                "prune",
                "--expire=1.hour.ago",
                unpack(trees)
            }
        )
    end
end
mkdir(store)
mkdir(objects)
mkdir(sessionDir)
--- `data` is a whole file list: its records cover it to its last byte (a cut one leaves a piece over).
local function wholeFileList(data)
    local covered = 0
    for p, rest in string.gmatch(data, "([^%z]*)%z([^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z[^%z]*%z)") do
        covered = covered + (#p + 1 + #rest)
    end
    return covered == #data
end
--- The method: the previous snapshot's (a session keeps its method), or git when the folder is in a repository.
local function choose()
    local ____temp_5
    if previous ~= "-" then
        ____temp_5 = readFile(previous)
    else
        ____temp_5 = nil
    end
    local prevData = ____temp_5
    if previous ~= "-" and prevData == nil then
        damaged("it is gone")
    end
    local ____temp_6
    if prevData ~= nil then
        ____temp_6 = parseGitHead(prevData)
    else
        ____temp_6 = nil
    end
    local prev = ____temp_6
    if prevData ~= nil and prev == nil then
        if exists(index) or string.sub(prevData, 1, 4) == "git\0" then
            damaged("not a whole git snapshot")
        end
        if not wholeFileList(prevData) then
            damaged("not a whole file list")
        end
        return {}
    end
    local r = userGit({
        "rev-parse",
        "--show-toplevel",
        "--git-common-dir",
        "--show-prefix",
        "--git-path",
        "index",
        "--git-path",
        "objects"
    })
    if r.code == 0 then
        local top, common, prefix, indexPath, objectsPath = string.match(r.stdout, "^([^\n]*)\n([^\n]*)\n([^\n]*)\n([^\n]*)\n([^\n]*)")
        if top ~= nil and top ~= "" then
            local function absolute(p)
                return string.sub(p, 1, 1) == "/" and p or (root .. "/") .. p
            end
            local commonDir = absolute(common)
            userObjects = objectsPath ~= nil and objectsPath ~= "" and absolute(objectsPath) or nil
            local userIndex = indexPath ~= nil and indexPath ~= "" and absolute(indexPath) or nil
            if prev ~= nil then
                return {
                    git = __TS__ObjectAssign({}, prev),
                    commonDir = commonDir,
                    prev = prev
                }
            end
            return {git = {tree = "", files = 0, top = top, prefix = prefix or ""}, commonDir = commonDir, userIndex = userIndex}
        end
    end
    if prev ~= nil then
        return {
            git = __TS__ObjectAssign({}, prev),
            prev = prev
        }
    end
    return {}
end
local method = choose()
phase("start")
local taken = method.git ~= nil and snapshotGit(method.git, method.commonDir, method.prev, method.userIndex) or snapshotCopies()
--- The CPU time this process and the git commands it waited for used (ms; Linux /proc, else -1): a figure the
-- machine's load does not inflate, as it does the wall time.
local function cpuMs()
    local fh = io.open("/proc/self/stat", "r")
    if fh == nil then
        return -1
    end
    local stat = fh:read("*a")
    fh:close()
    if type(stat) ~= "string" then
        return -1
    end
    local rest = string.match(stat, "%) (.*)$")
    if rest == nil then
        return -1
    end
    local f = {}
    for n in string.gmatch(rest, "(%S+)") do
        f[#f + 1] = tonumber(n) or 0
    end
    return (f[12] + f[13] + f[14] + f[15]) * 10
end
phases[#phases + 1] = "cpu:" .. tostring(cpuMs())
local ms = (vim.uv.hrtime() - started) / 1000000
io.stdout:write(((((((((((("files " .. tostring(taken.files)) .. " copied ") .. tostring(taken.copied)) .. " skipped ") .. tostring(taken.skipped)) .. " listed-by ") .. taken.by) .. " ms ") .. tostring(math.floor(ms))) .. " phases ") .. table.concat(phases, ",")) .. "\n")
io.stdout:flush()
local nowSec = os.time()
local droppedTurns = dropOldTurns()
local droppedSessions = dropStaleSessions(nowSec)
if droppedTurns or droppedSessions then
    local ____sweepObjects_9 = sweepObjects
    local ____opt_7 = method.git
    ____sweepObjects_9(____opt_7 and ____opt_7.top)
end
dropStaleFolders(nowSec)
return ____exports
