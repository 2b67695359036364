-- Generated from src/claude-ide/discovery/lockfile.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySome = ____lualib.__TS__ArraySome
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local readSmallFile = ____fs.readSmallFile
local writeFileAtomic = ____fs.writeFileAtomic
local ____json = require("claude-ide.util.json")
local decode = ____json.decode
local encode = ____json.encode
local isObject = ____json.isObject
local ____modules = require("claude-ide.util.modules")
local loadedModule = ____modules.loadedModule
____exports.IDE_NAME = "Neovim"
local FILE_MODE = 384
local DIR_MODE = 448
--- Lock files are a few hundred bytes; anything much larger is not one of ours.
local MAX_LOCK_BYTES = 64 * 1024
--- vim.fs.joinpath of two parts, without loading vim.fs.
local function join(dir, name)
    local joined = string.gsub((dir .. "/") .. name, "//+", "/")
    return joined
end
--- The facts of this Neovim, now.
function ____exports.instanceFacts()
    local args = vim.fn.argv()
    local first = #args > 0 and vim.fn.fnamemodify(args[1], ":p") or ""
    return {
        cwd = normalize(vim.fn.getcwd()),
        mainFile = first,
        socket = vim.v.servername or "",
        agent = true
    }
end
--- `$CLAUDE_CONFIG_DIR/ide` when set, else `~/.claude/ide`.
function ____exports.defaultDir()
    local base = vim.env.CLAUDE_CONFIG_DIR
    local root = base ~= nil and base ~= "" and base or join(
        vim.uv.os_homedir(),
        ".claude"
    )
    return join(
        normalize(root),
        "ide"
    )
end
function ____exports.lockPath(dir, port)
    return join(
        dir,
        tostring(port) .. ".lock"
    )
end
--- `path` is `dir` or below it (both normalized).
local function isWithin(path, dir)
    return path == dir or vim.startswith(path, dir == "/" and "/" or dir .. "/")
end
--- The folders the CLI matches its cwd against (it connects on its own only when exactly one editor's folder
-- equals or contains its cwd): Neovim's global cwd, then the tab-local and window-local cwds in use, then the
-- workspace folders (or root directories) of attached LSP clients that lie inside one of those cwds. An LSP
-- root elsewhere is left out: lua_ls roots a loose file at $HOME, and a lock "containing" every folder under
-- $HOME makes this Neovim match every `claude` started there, so none of them auto-connects to the editor that
-- really has the project open. $HOME and / are never added through an LSP root.
function ____exports.workspaceFolders()
    local seen = {}
    local folders = {}
    local function add(path)
        if path == "" then
            return
        end
        local norm = normalize(path)
        if seen[norm] ~= nil then
            return
        end
        seen[norm] = true
        folders[#folders + 1] = norm
    end
    add(vim.fn.getcwd(-1, -1))
    for ____, tab in ipairs(vim.api.nvim_list_tabpages()) do
        local tabnr = vim.api.nvim_tabpage_get_number(tab)
        if vim.fn.haslocaldir(-1, tabnr) == 1 then
            add(vim.fn.getcwd(-1, tabnr))
        end
        for ____, win in ipairs(vim.api.nvim_tabpage_list_wins(tab)) do
            local winnr = vim.fn.win_id2tabwin(win)[2]
            if vim.fn.haslocaldir(winnr, tabnr) == 1 then
                add(vim.fn.getcwd(winnr, tabnr))
            end
        end
    end
    local cwds = {unpack(folders)}
    local home = normalize(vim.uv.os_homedir())
    local function addRoot(path)
        local norm = normalize(path)
        if norm == "/" or norm == home or not __TS__ArraySome(
            cwds,
            function(____, cwd) return isWithin(norm, cwd) end
        ) then
            return
        end
        add(norm)
    end
    local lsp = loadedModule("vim.lsp")
    for ____, client in ipairs(lsp ~= nil and lsp.get_clients() or ({})) do
        local wsf = client.workspace_folders
        if type(wsf) == "table" and wsf ~= nil and wsf ~= nil then
            for ____, f in ipairs(wsf) do
                if type(f.uri) == "string" and vim.startswith(f.uri, "file://") then
                    addRoot(vim.uri_to_fname(f.uri))
                end
            end
        elseif type(client.root_dir) == "string" and client.root_dir ~= "" then
            addRoot(client.root_dir)
        end
    end
    return folders
end
function ____exports.contents(token, folders)
    return {
        pid = vim.fn.getpid(),
        workspaceFolders = folders,
        ideName = ____exports.IDE_NAME,
        transport = "ws",
        runningInWindows = vim.fn.has("win32") == 1,
        authToken = token,
        nvim = ____exports.instanceFacts()
    }
end
--- mkdir -p with 0700 for the directories it creates. An existing directory of ours that others may write (the
-- CLI made it under a umask of 002) loses those write bits: the agent bridge trusts lock files only in a
-- folder nobody else can write (instances/registry untrusted).
function ____exports.ensureDir(dir)
    if vim.fn.isdirectory(dir) == 1 then
        local stat = vim.uv.fs_stat(dir)
        if stat ~= nil and stat.uid == vim.uv.getuid() and bit.band(stat.mode, 18) ~= 0 then
            vim.uv.fs_chmod(
                dir,
                bit.band(
                    stat.mode % 4096,
                    bit.bnot(18)
                )
            )
        end
        return {ok = true, value = dir}
    end
    local ok, err = pcall(vim.fn.mkdir, dir, "p", DIR_MODE)
    if not ok or vim.fn.isdirectory(dir) ~= 1 then
        return {ok = false, error = ("cannot create the lock directory " .. dir) .. (ok and "" or ": " .. err)}
    end
    return {ok = true, value = dir}
end
--- Writes `data` to `path` atomically (util/fs): a 0600 temp file in the same directory, renamed over it. No
-- fsync: the CLI needs the rename's atomicity (it never sees half a file), not durability (after a crash the
-- lock file is stale anyway: its pid is gone), and the fsync was a quarter of setup()'s time.
function ____exports.writeAtomic(path, data)
    local written = writeFileAtomic(path, data, FILE_MODE, {durable = false})
    return written.ok and ({ok = true, value = path}) or written
end
--- Creates the directory if needed and writes `<dir>/<port>.lock`. Returns its path.
function ____exports.write(dir, port, token, folders)
    local made = ____exports.ensureDir(dir)
    if not made.ok then
        return made
    end
    return ____exports.writeAtomic(
        ____exports.lockPath(dir, port),
        encode(____exports.contents(token, folders))
    )
end
--- Removes a lock file; a missing file is fine.
function ____exports.remove(path)
    vim.uv.fs_unlink(path)
end
--- Reads and decodes a lock file; undefined when unreadable, too large or not a JSON object.
function ____exports.read(path)
    local data = readSmallFile(path, MAX_LOCK_BYTES)
    if data == nil then
        return nil
    end
    local decoded = decode(data)
    return decoded.ok and isObject(decoded.value) and decoded.value or nil
end
--- True unless the process is known to be gone (kill(pid, 0) fails with ESRCH; EPERM means it lives).
function ____exports.isAlive(pid)
    local ok, ____, name = vim.uv.kill(pid, 0)
    return ok ~= nil or name ~= "ESRCH"
end
--- Every parseable file in `dir` whose name matches the Lua pattern `pattern` (default: `*.lock`, any IDE's),
-- with its path. Claude Code's locks, Qwen Code's locks and Gemini CLI's discovery files are all listed here.
function ____exports.list(dir, pattern)
    if pattern == nil then
        pattern = "%.lock$"
    end
    local found = {}
    local handle = vim.uv.fs_scandir(dir)
    if handle == nil then
        return found
    end
    while true do
        do
            local name = vim.uv.fs_scandir_next(handle)
            if name == nil then
                break
            end
            if (string.find(name, pattern)) == nil then
                goto __continue41
            end
            local path = join(dir, name)
            local lock = ____exports.read(path)
            if lock ~= nil then
                found[#found + 1] = {path = path, name = name, lock = lock}
            end
        end
        ::__continue41::
    end
    return found
end
--- Removes the files of `found` whose Neovim is gone: `ownerPid` reads the pid of the Neovim of this plugin that
-- wrote one (anything else: not ours, kept). Files of live or unusable pids are kept. Returns the removed paths.
function ____exports.sweep(found, ownerPid)
    local removed = {}
    for ____, f in ipairs(found) do
        do
            local pid = ownerPid(f)
            if type(pid) ~= "number" or pid <= 0 or math.floor(pid) ~= pid or ____exports.isAlive(pid) then
                goto __continue46
            end
            local ok = vim.uv.fs_unlink(f.path)
            if ok then
                removed[#removed + 1] = f.path
            end
        end
        ::__continue46::
    end
    return removed
end
--- Removes lock files left behind by Neovim processes that no longer exist. Never touches lock files of
-- other IDEs, unparseable files, or files of live processes. Returns the removed paths.
function ____exports.removeStale(dir)
    return ____exports.sweep(
        ____exports.list(dir),
        function(f)
            local ____temp_0
            if f.lock.ideName == ____exports.IDE_NAME then
                ____temp_0 = f.lock.pid
            else
                ____temp_0 = nil
            end
            return ____temp_0
        end
    )
end
--- `n` random bytes as hex (vim.uv.random reads the OS CSPRNG).
function ____exports.randomHex(n)
    local bytes = vim.uv.random(n)
    if bytes == nil then
        error("vim.uv.random failed")
    end
    local hex = {}
    do
        local i = 1
        while i <= #bytes do
            hex[#hex + 1] = string.format(
                "%02x",
                string.byte(bytes, i)
            )
            i = i + 1
        end
    end
    return table.concat(hex, "")
end
return ____exports
