-- Generated from src/claude-ide/editor/snapshot/snapshot.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFindIndex = ____lualib.__TS__ArrayFindIndex
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local ____exports = {}
local hash, mkdirPrivate, sameFacts, live, warming
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local ____process = require("claude-ide.util.process")
local runInBackground = ____process.runInBackground
local ____modules = require("claude-ide.util.modules")
local childLuaPath = ____modules.childLuaPath
local pluginScript = ____modules.pluginScript
local ____manifest = require("claude-ide.editor.snapshot.manifest")
local readGitHead = ____manifest.readGitHead
local readManifest = ____manifest.readManifest
function hash(text)
    return string.sub(
        vim.fn.sha256(text),
        1,
        16
    )
end
function ____exports.defaultBase()
    return vim.fn.stdpath("state") .. "/claude-ide/turns"
end
--- The store of `root` (objects/ and the sessions' folders).
function ____exports.storeOf(root, base)
    if base == nil then
        base = ____exports.defaultBase()
    end
    return (base .. "/") .. hash(normalize(root))
end
--- The folder holding a session's manifests.
function ____exports.sessionDirOf(root, session, base)
    if base == nil then
        base = ____exports.defaultBase()
    end
    return (____exports.storeOf(root, base) .. "/") .. hash(session)
end
--- Why `root` is not snapshotted, or undefined: the filesystem root and the home folder (a snapshot would copy
-- all of it; the project search refuses them for the same reason), or a folder that does not exist.
function ____exports.refusal(root)
    local dir = normalize(root)
    local home = normalize(vim.uv.os_homedir() or "/")
    if dir == "/" then
        return "the folder is / (a snapshot would copy all of it)"
    end
    if dir == home then
        return "the folder is your home folder (a snapshot would copy all of it): :cd into a project"
    end
    local st = vim.uv.fs_stat(dir)
    if st == nil or st.type ~= "directory" then
        return dir .. " is not a folder"
    end
    return nil
end
--- The worker script beside this module (run by a child Neovim; never loaded here).
function ____exports.workerScript()
    return pluginScript("editor/snapshot/snapshot_worker.lua")
end
function mkdirPrivate(path)
    if vim.fn.isdirectory(path) ~= 1 then
        vim.fn.mkdir(path, "p", 448)
    end
end
--- Why a worker that gave no answer failed: killed by a signal (a `kill -9`, the OOM killer: vim.system then
-- says exit 0) or its exit code, and its stderr (what failed, its path and errno: snapshot_worker's die).
function ____exports.failure(code, signal, stderr)
    local how = signal ~= 0 and "killed by signal " .. tostring(signal) or "exit " .. tostring(code)
    local words = vim.trim(stderr or "")
    return (("the snapshot failed (" .. how) .. "): ") .. (words ~= "" and words or "no message from the worker")
end
--- Takes a snapshot in a child process; `done` is called on the main loop with the result. Returns at once (the
-- editor never waits for the folder's files), with the worker's pid when one was started now.
function ____exports.take(req, done)
    local why = ____exports.refusal(req.root)
    if why ~= nil then
        done({ok = false, error = why})
        return nil
    end
    local root = normalize(req.root)
    local ____temp_0
    if req.session ~= ____exports.WARM_SESSION then
        ____temp_0 = warming[root]
    else
        ____temp_0 = nil
    end
    local waiting = ____temp_0
    if waiting ~= nil then
        waiting[#waiting + 1] = function() return ____exports.take(req, done) end
        return nil
    end
    local base = req.base or ____exports.defaultBase()
    local store = ____exports.storeOf(root, base)
    local sessionDir = ____exports.sessionDirOf(root, req.session, base)
    local made, err = pcall(function()
        mkdirPrivate(base)
        mkdirPrivate(store)
        mkdirPrivate(sessionDir)
    end)
    if not made then
        done({
            ok = false,
            error = (("the snapshot failed: cannot make " .. sessionDir) .. ": ") .. tostring(err)
        })
        return nil
    end
    local cmd = {
        vim.v.progpath,
        "--clean",
        "--headless",
        "-l",
        ____exports.workerScript(),
        root,
        store,
        sessionDir,
        req.name,
        tostring(req.maxFileBytes),
        tostring(____exports.MAX_FILES),
        tostring(req.keep),
        type(req.previous) == "string" and req.previous ~= "" and req.previous or "-"
    }
    local out = ""
    local settled = false
    local function settle(result)
        if settled then
            return
        end
        settled = true
        vim.schedule(function() return done(result) end)
    end
    local ok, proc = pcall(function() return vim.system(
        cmd,
        {
            text = true,
            cwd = root,
            env = {LUA_PATH = childLuaPath()},
            stdout = function(_err, data)
                if data == nil or settled then
                    return
                end
                out = out .. data
                local files, copied, skipped, by, ms, phases = string.match(out, "files (%d+) copied (%d+) skipped (%d+) listed%-by (%S+) ms (%d+) phases (%S*)\n")
                if files == nil then
                    return
                end
                settle({
                    ok = true,
                    manifest = (sessionDir .. "/") .. req.name,
                    files = tonumber(files) or 0,
                    copied = tonumber(copied) or 0,
                    skipped = tonumber(skipped) or 0,
                    by = by or "?",
                    ms = tonumber(ms) or 0,
                    phases = phases or ""
                })
            end
        },
        function(r)
            live = live - 1
            settle({
                ok = false,
                error = ____exports.failure(r.code, r.signal, r.stderr)
            })
        end
    ) end)
    if ok then
        live = live + 1
        runInBackground(proc.pid)
        return proc.pid
    end
    settle({
        ok = false,
        error = "cannot start the snapshot: " .. tostring(proc)
    })
    return nil
end
--- The stored bytes of an entry (undefined when the object is gone: swept).
function ____exports.objectBytes(store, e)
    local fd = vim.uv.fs_open((store .. "/objects/") .. e.key, "r", 0)
    if fd == nil then
        return nil
    end
    local data = vim.uv.fs_read(fd, e.size, 0)
    vim.uv.fs_close(fd)
    return data
end
function sameFacts(a, b)
    return a.key == b.key
end
--- What changed from `before` to `after` (both of `store`), sorted by path. A deleted file whose bytes a created
-- file has is a rename (one of them; the others stay deleted and created).
function ____exports.compare(before, after, store)
    local changes = {}
    local deleted = {}
    local created = {}
    for path, b in pairs(before) do
        do
            local a = after[path]
            if a == nil then
                deleted[#deleted + 1] = {path = path, kind = "deleted", before = b}
            elseif not sameFacts(a, b) then
                if a.size == b.size and ____exports.objectBytes(store, a) == ____exports.objectBytes(store, b) then
                    goto __continue41
                end
                changes[#changes + 1] = {path = path, kind = "modified", before = b, after = a}
            end
        end
        ::__continue41::
    end
    for path, a in pairs(after) do
        if not (before[path] ~= nil) then
            created[#created + 1] = {path = path, kind = "created", after = a}
        end
    end
    for ____, d in ipairs(deleted) do
        local bytes = ____exports.objectBytes(store, d.before)
        local at = __TS__ArrayFindIndex(
            created,
            function(____, c) return c.kind == "created" and c.after.size == d.before.size and ____exports.objectBytes(store, c.after) == bytes end
        )
        if bytes ~= nil and at >= 0 then
            local c = created[at + 1]
            __TS__ArraySplice(created, at, 1)
            changes[#changes + 1] = {
                path = c.path,
                kind = "renamed",
                from = d.path,
                before = d.before,
                after = c.after
            }
        else
            changes[#changes + 1] = d
        end
    end
    for ____, c in ipairs(created) do
        changes[#changes + 1] = c
    end
    __TS__ArraySort(
        changes,
        function(____, x, y) return x.path < y.path and -1 or (x.path > y.path and 1 or 0) end
    )
    return changes
end
do
    local ____manifest = require("claude-ide.editor.snapshot.manifest")
    ____exports.DAMAGED = ____manifest.DAMAGED
    ____exports.readGitHead = ____manifest.readGitHead
    ____exports.readManifest = ____manifest.readManifest
end
--- Most files a snapshot takes (the rest are left out, and the answer says how many were taken).
____exports.MAX_FILES = 200000
live = 0
warming = {}
--- Folders warmed up (or being warmed) by this Neovim: once each.
local warmed = {}
--- The session name of the warm-ups (a CLI session is named `<client>:<id>`: never this).
____exports.WARM_SESSION = "warm-up"
--- Starts a snapshot of `root` in the background when a CLI starts working there, so that the first turn's
-- snapshot reads only what changed since (a turn waits for its snapshot: the first one in a big repository
-- reads every file, 6 s for 10,000). Only in a git repository, where the next session takes this one's
-- index as its stat cache; once per folder per Neovim. A snapshot of that folder asked meanwhile waits for it.
-- False when nothing was started.
function ____exports.warm(req)
    local root = normalize(req.root)
    if warmed[root] ~= nil or ____exports.refusal(root) ~= nil then
        return false
    end
    warmed[root] = true
    if #vim.fs.find(".git", {path = root, upward = true, limit = 1}) == 0 then
        return false
    end
    warming[root] = {}
    ____exports.take(
        {
            root = root,
            session = ____exports.WARM_SESSION,
            name = "0.warm",
            maxFileBytes = req.maxFileBytes,
            keep = 1,
            base = req.base
        },
        function()
            local waiting = warming[root] or ({})
            warming[root] = nil
            for ____, go in ipairs(waiting) do
                go()
            end
        end
    )
    return true
end
--- Workers still running (their answer may be in: the housekeeping after it).
function ____exports.running()
    return live
end
--- What changed from the previous snapshot (the `previous` of its request) to the manifest `manifest`, from the
-- small delta manifests the worker wrote beside it: the editor never reads two whole manifests of a large tree.
function ____exports.changesOf(manifest, store)
    return ____exports.compare(
        readManifest(manifest .. ".before"),
        readManifest(manifest .. ".after"),
        store
    )
end
--- Options of the git commands keepBaselines runs (as the worker's: no daemon, no gc, paths taken literally).
local KEEP_GIT = {
    "git",
    "--literal-pathspecs",
    "-c",
    "core.fsmonitor=false",
    "-c",
    "gc.auto=0"
}
--- Keeps the "before" bytes of `paths` (absolute: files the agent's edit tools just changed) in the store, before
-- the user's gc can take them: their blobs in the turn's start snapshot `manifest` that the private repository
-- lacks (a snapshot seeded from the user's index names their blobs, never copied: see snapshot_worker) are
-- packed into it from the user's objects (`pack-objects --stdout`: their repository is only read). Otherwise an
-- amend, an expired reflog and a `git gc --prune=now` before the turn ends take the file's text before the turn
-- with them, and the turn's review fails. Nothing to do for a snapshot of copies (its objects are the copies).
-- Three or four short git commands off the loop; `done` (on the main loop) gets why it failed, or undefined.
function ____exports.keepBaselines(req, done)
    local function finish(why)
        return vim.schedule(function() return done(why) end)
    end
    local head = readGitHead(req.manifest)
    if head == nil then
        return finish()
    end
    local rels = {}
    for ____, p in ipairs(req.paths) do
        if vim.startswith(p, head.top .. "/") then
            rels[#rels + 1] = string.sub(p, #head.top + 2)
        end
    end
    if #rels == 0 then
        return finish()
    end
    local gitDir = ____exports.storeOf(req.root, req.base) .. "/git"
    local env = {GIT_DIR = gitDir, GIT_OBJECT_DIRECTORY = gitDir .. "/objects", GIT_ALTERNATE_OBJECT_DIRECTORIES = ""}
    local function run(cmd, opts, next)
        local ok, err = pcall(function() return vim.system(
            cmd,
            {text = false, cwd = opts.cwd, env = opts.env, stdin = opts.stdin or false},
            function(r)
                if r.code ~= 0 then
                    finish(((((cmd[#cmd] .. ": ") .. vim.trim(r.stderr or "")) .. " (exit ") .. tostring(r.code)) .. ")")
                else
                    next(r.stdout or "")
                end
            end
        ) end)
        if not ok then
            finish(tostring(err))
        end
    end
    local store = ____exports.storeOf(req.root, req.base)
    local ____array_1 = __TS__SparseArrayNew(unpack(KEEP_GIT))
    __TS__SparseArrayPush(
        ____array_1,
        "ls-tree",
        "-r",
        "-z",
        "--full-tree",
        head.tree,
        "--",
        unpack(rels)
    )
    run(
        {__TS__SparseArraySpread(____array_1)},
        {env = env, cwd = store},
        function(listed)
            local ids = {}
            for mode, id in string.gmatch(listed, "(%d+) blob (%x+)\t[^%z]*%z") do
                if string.sub(mode, 1, 3) == "100" then
                    ids[#ids + 1] = id
                end
            end
            if #ids == 0 then
                return finish()
            end
            local ____array_2 = __TS__SparseArrayNew(unpack(KEEP_GIT))
            __TS__SparseArrayPush(____array_2, "cat-file", "--batch-check")
            run(
                {__TS__SparseArraySpread(____array_2)},
                {
                    env = env,
                    cwd = store,
                    stdin = table.concat(ids, "\n") .. "\n"
                },
                function(checked)
                    local missing = {}
                    for id in string.gmatch(checked, "(%x+) missing\n") do
                        missing[#missing + 1] = id
                    end
                    if #missing == 0 then
                        return finish()
                    end
                    local ____array_3 = __TS__SparseArrayNew(unpack(KEEP_GIT))
                    __TS__SparseArrayPush(____array_3, "pack-objects", "--stdout", "-q")
                    run(
                        {__TS__SparseArraySpread(____array_3)},
                        {
                            env = {GIT_OPTIONAL_LOCKS = "0"},
                            cwd = head.top,
                            stdin = table.concat(missing, "\n") .. "\n"
                        },
                        function(pack)
                            local ____array_4 = __TS__SparseArrayNew(unpack(KEEP_GIT))
                            __TS__SparseArrayPush(____array_4, "index-pack", "--stdin")
                            return run(
                                {__TS__SparseArraySpread(____array_4)},
                                {env = env, cwd = store, stdin = pack},
                                function() return finish() end
                            )
                        end
                    )
                end
            )
        end
    )
end
return ____exports
