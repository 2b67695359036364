-- Generated from src/claude-ide/util/path_map.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__New = ____lualib.__TS__New
local ____exports = {}
--- An absolute path with "." and ".." resolved and no repeated or trailing slash; undefined for a relative one. A
-- ".." above the root stays at the root, as the kernel resolves it.
function ____exports.lexical(path)
    if string.sub(path, 1, 1) ~= "/" then
        return nil
    end
    local out = {}
    for segment in string.gmatch(path, "[^/]+") do
        do
            if segment == "." then
                goto __continue4
            end
            if segment == ".." then
                if #out > 0 then
                    table.remove(out)
                end
            else
                out[#out + 1] = segment
            end
        end
        ::__continue4::
    end
    return "/" .. table.concat(out, "/")
end
--- `path` is `folder` or below it (both lexical).
local function under(path, folder)
    if folder == "/" then
        return true
    end
    return path == folder or vim.startswith(path, folder .. "/")
end
local function rebase(path, from, to)
    if path == from then
        return to
    end
    local rest = from == "/" and string.sub(path, 2) or string.sub(path, #from + 2)
    return to == "/" and "/" .. rest or (to .. "/") .. rest
end
local function realpath(path)
    local real = vim.uv.fs_realpath(path)
    return real or nil
end
--- The real path of `path`, through its longest existing ancestor when it does not exist (a file to create).
local function realpathOfAncestor(path)
    local head = path
    local rest = ""
    while head ~= "/" and head ~= "" do
        local real = realpath(head)
        if real ~= nil then
            return rest == "" and real or ((real == "/" and "" or real) .. "/") .. rest
        end
        local parent, name = string.match(head, "^(.*)/([^/]+)$")
        if parent == nil then
            return nil
        end
        rest = rest == "" and name or (name .. "/") .. rest
        head = parent == "" and "/" or parent
    end
    return nil
end
local FILE_SCHEME = "file://"
____exports.PathMap = __TS__Class()
local PathMap = ____exports.PathMap
PathMap.name = "PathMap"
function PathMap.prototype.____constructor(self, ____pairs)
    self.pairs = {}
    for ____, p in ipairs(____pairs) do
        do
            local far = ____exports.lexical(p.far)
            local near = ____exports.lexical(p.near)
            if far == nil or near == nil then
                goto __continue19
            end
            local real = realpath(near)
            local ____self_pairs_0 = self.pairs
            ____self_pairs_0[#____self_pairs_0 + 1] = {far = far, near = near, real = real ~= nil and real ~= near and real or nil}
        end
        ::__continue19::
    end
    __TS__ArraySort(
        self.pairs,
        function(____, a, b) return #b.far - #a.far end
    )
end
function PathMap.prototype.describe(self)
    return table.concat(
        __TS__ArrayMap(
            self.pairs,
            function(____, p) return (p.far .. " → ") .. p.near end
        ),
        ", "
    )
end
function PathMap.prototype.farFolders(self)
    return __TS__ArrayMap(
        self.pairs,
        function(____, p) return p.far end
    )
end
function PathMap.prototype.localFolders(self)
    return __TS__ArrayMap(
        self.pairs,
        function(____, p) return p.near end
    )
end
function PathMap.prototype.toLocal(self, value)
    if vim.startswith(value, FILE_SCHEME) then
        local ok, decoded = pcall(vim.uri_to_fname, value)
        if not ok then
            return {ok = false, error = value .. " is not a file URI this editor can read"}
        end
        local mapped = self:toLocal(decoded)
        if mapped.ok then
            return {
                ok = true,
                path = vim.uri_from_fname(mapped.path)
            }
        end
        return {
            ok = false,
            error = ((value .. " is outside the folders this agent's path map covers (") .. self:describe()) .. ")"
        }
    end
    if string.sub(value, 1, 1) ~= "/" then
        return {ok = true, path = value}
    end
    local path = ____exports.lexical(value)
    for ____, p in ipairs(self.pairs) do
        if under(path, p.far) then
            return {
                ok = true,
                path = rebase(path, p.far, p.near)
            }
        end
    end
    return {
        ok = false,
        error = ((value .. " is outside the folders this agent's path map covers (") .. self:describe()) .. ")"
    }
end
function PathMap.prototype.toFar(self, value)
    if vim.startswith(value, FILE_SCHEME) then
        local ok, decoded = pcall(vim.uri_to_fname, value)
        if not ok then
            return nil
        end
        local mapped = self:toFar(decoded)
        return mapped ~= nil and vim.uri_from_fname(mapped) or nil
    end
    if string.sub(value, 1, 1) ~= "/" then
        return value
    end
    local path = ____exports.lexical(value)
    local byLongestLocal = __TS__ArraySort(
        {unpack(self.pairs)},
        function(____, a, b) return #b.near - #a.near end
    )
    for ____, p in ipairs(byLongestLocal) do
        if under(path, p.near) then
            return rebase(path, p.near, p.far)
        end
    end
    for ____, p in ipairs(byLongestLocal) do
        if p.real ~= nil and under(path, p.real) then
            return rebase(path, p.real, p.far)
        end
    end
    local real = realpathOfAncestor(path)
    if real ~= nil and real ~= path then
        for ____, p in ipairs(byLongestLocal) do
            if under(real, p.near) then
                return rebase(real, p.near, p.far)
            end
            if p.real ~= nil and under(real, p.real) then
                return rebase(real, p.real, p.far)
            end
        end
    end
    return nil
end
--- A new PathMap (for callers that load without TypeScript's class library).
function ____exports.createPathMap(____pairs)
    return __TS__New(____exports.PathMap, ____pairs)
end
return ____exports
