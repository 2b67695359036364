-- Generated from src/claude-ide/protocol/far_paths.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____json = require("claude-ide.util.json")
local isObject = ____json.isObject
--- Keys whose string values are paths or file:// URIs, in every message of every role.
local PATH_KEYS = {
    filePath = true,
    fileUrl = true,
    file_path = true,
    path = true,
    uri = true,
    rootPath = true,
    old_file_path = true,
    new_file_path = true,
    notebook_path = true,
    planFilePath = true,
    cwd = true
}
local function looksLikePath(s)
    return string.sub(s, 1, 1) == "/" or vim.startswith(s, "file://")
end
--- `value` with every path under a path key mapped to the local side. `strict`: a path outside the map fails
-- (tool arguments); otherwise it is kept (a hook's transcript_path).
function ____exports.toLocal(value, paths, strict, where)
    if where == nil then
        where = ""
    end
    if type(value) ~= "table" then
        return {ok = true, value = value}
    end
    local t = value
    if vim.islist(t) then
        local out = {}
        do
            local i = 0
            while i < #t do
                local r = ____exports.toLocal(
                    t[i + 1],
                    paths,
                    strict,
                    ((where .. "[") .. tostring(i + 1)) .. "]"
                )
                if not r.ok then
                    return r
                end
                out[#out + 1] = r.value
                i = i + 1
            end
        end
        return {ok = true, value = out}
    end
    local out = {}
    local any = false
    for k, v in pairs(t) do
        any = true
        local key = k
        local name = where == "" and key or (where .. ".") .. key
        if type(v) == "string" and PATH_KEYS[key] == true and looksLikePath(v) then
            local mapped = paths:toLocal(v)
            if mapped.ok then
                out[key] = mapped.path
            elseif strict then
                return {ok = false, error = (("\"" .. name) .. "\": ") .. mapped.error}
            else
                out[key] = v
            end
        elseif type(v) == "table" then
            local r = ____exports.toLocal(v, paths, strict, name)
            if not r.ok then
                return r
            end
            out[key] = r.value
        else
            out[key] = v
        end
    end
    return {ok = true, value = any and out or value}
end
--- Sentinel: the value names a local file the far side cannot see.
local UNSEEN = "\0unseen"
local function walkOut(value, paths)
    if type(value) ~= "table" then
        return value
    end
    local t = value
    if vim.islist(t) then
        local list = t
        if #list == 0 then
            return value
        end
        local out = {}
        for ____, item in ipairs(list) do
            local mapped = walkOut(item, paths)
            if mapped ~= UNSEEN then
                out[#out + 1] = mapped
            end
        end
        return out
    end
    local out = {}
    local any = false
    for k, v in pairs(t) do
        any = true
        local key = k
        if type(v) == "string" and PATH_KEYS[key] == true and looksLikePath(v) then
            local mapped = paths:toFar(v)
            if mapped == nil then
                return UNSEEN
            end
            out[key] = mapped
        else
            local mapped = walkOut(v, paths)
            if mapped == UNSEEN then
                return UNSEEN
            end
            out[key] = mapped
        end
    end
    return any and out or value
end
--- A notification's (or an answer's) params for a far client; undefined: about a file it cannot see.
function ____exports.valueToFar(value, paths)
    local mapped = walkOut(value, paths)
    local ____temp_0
    if mapped == UNSEEN then
        ____temp_0 = nil
    else
        ____temp_0 = mapped
    end
    return ____temp_0
end
--- Each local folder's prefix in plain text, where a path starts (line start, space, quote, "(" or ":").
function ____exports.textToFar(text, paths)
    local out = text
    for ____, ____local in ipairs(paths:localFolders()) do
        do
            local far = paths:toFar(____local)
            if far == nil or far == ____local then
                goto __continue31
            end
            local escaped = vim.pesc(____local)
            local ends = "%f[^%w%-_.~+@]"
            local keep = "claude-ide-map"
            local kept = string.gsub(out, ("→ " .. escaped) .. ends, "→ " .. keep)
            local first = string.gsub(
                kept,
                ("^" .. escaped) .. ends,
                function() return far end
            )
            local rest = string.gsub(
                first,
                ("([%s\"'(:=\n])" .. escaped) .. ends,
                function(lead) return lead .. far end
            )
            local back = string.gsub(
                rest,
                vim.pesc(keep),
                function() return ____local end
            )
            out = back
        end
        ::__continue31::
    end
    return out
end
--- A tool result for a far client: JSON text walked, plain text's folder prefixes replaced.
function ____exports.resultToFar(result, paths)
    if not isObject(result) or type(result.content) ~= "table" then
        return result
    end
    local content = __TS__ArrayMap(
        result.content,
        function(____, item)
            if not isObject(item) or item.type ~= "text" or type(item.text) ~= "string" then
                return item
            end
            local first = (string.match(item.text, "^%s*(.)"))
            if first == "{" or first == "[" then
                local ok, decoded = pcall(vim.json.decode, item.text, {luanil = {object = false, array = false}})
                if ok and type(decoded) == "table" then
                    local mapped = walkOut(decoded, paths)
                    if mapped ~= UNSEEN then
                        local encoded, text = pcall(vim.json.encode, mapped)
                        if encoded then
                            return __TS__ObjectAssign({}, item, {text = text})
                        end
                    end
                end
            end
            return __TS__ObjectAssign(
                {},
                item,
                {text = ____exports.textToFar(item.text, paths)}
            )
        end
    )
    return __TS__ObjectAssign({}, result, {content = content})
end
return ____exports
