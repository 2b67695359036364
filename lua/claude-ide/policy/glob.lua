-- Generated from src/claude-ide/policy/glob.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local ____exports = {}
--- One segment of a pattern as a Lua pattern anchored at both ends, or "**".
local function segmentPattern(segment)
    if segment == "**" then
        return "**"
    end
    local out = {"^"}
    local i = 1
    local n = #segment
    while i <= n do
        local c = string.sub(segment, i, i)
        if c == "*" then
            out[#out + 1] = ".*"
        elseif c == "?" then
            out[#out + 1] = "."
        elseif c == "\\" and i < n then
            i = i + 1
            out[#out + 1] = "%" .. string.sub(segment, i, i)
        elseif c == "[" then
            local close = string.find(segment, "]", i + 2, true)
            if close == nil then
                out[#out + 1] = "%["
            else
                local body = string.sub(segment, i + 1, close - 1)
                local negate = string.sub(body, 1, 1) == "!" or string.sub(body, 1, 1) == "^"
                if negate then
                    body = string.sub(body, 2)
                end
                body = string.gsub(body, "([%%%]%^])", "%%%1")
                out[#out + 1] = (("[" .. (negate and "^" or "")) .. body) .. "]"
                i = close
            end
        elseif (string.find(c, "[%^%$%(%)%%%.%[%]%*%+%-%?]")) ~= nil then
            out[#out + 1] = "%" .. c
        else
            out[#out + 1] = c
        end
        i = i + 1
    end
    out[#out + 1] = "$"
    return table.concat(out, "")
end
local function split(path)
    local parts = {}
    for part in string.gmatch(path, "[^/]+") do
        parts[#parts + 1] = part
    end
    return parts
end
--- Does `pats[pi..]` match `segs[si..]` exactly (every remaining segment consumed)?
local function matchFrom(pats, pi, segs, si)
    if pi == #pats then
        return si == #segs
    end
    local p = pats[pi + 1]
    if p == "**" then
        do
            local k = si
            while k <= #segs do
                if matchFrom(pats, pi + 1, segs, k) then
                    return true
                end
                k = k + 1
            end
        end
        return false
    end
    if si == #segs then
        return false
    end
    if (string.find(segs[si + 1], p)) == nil then
        return false
    end
    return matchFrom(pats, pi + 1, segs, si + 1)
end
--- The longest run of plain characters of a pattern (none of `*?[]\\/`, nothing inside a character class):
-- every path a pattern matches holds each such run as it is, so a path without it is told apart by one plain
-- find instead of a segment-by-segment match (a search or an LSP answer asks about hundreds of paths).
local function longestLiteral(body)
    local best = ""
    local run = ""
    local i = 1
    local n = #body
    while i <= n do
        local c = string.sub(body, i, i)
        if c == "[" then
            local close = string.find(body, "]", i + 2, true)
            if close ~= nil then
                i = close
            end
            run = ""
        elseif (string.find(c, "[%*%?%]\\/]")) ~= nil then
            run = ""
        else
            run = run .. c
            if #run > #best then
                best = run
            end
        end
        i = i + 1
    end
    return best
end
--- Compiles `pattern` relative to `base` (an absolute, normalized folder; "/" for a pattern that applies
-- anywhere). Returns undefined for an empty pattern.
function ____exports.compileGlob(pattern, base)
    local body = pattern
    local dirOnly = string.sub(body, -1) == "/"
    if dirOnly then
        body = string.sub(body, 1, -2)
    end
    if vim.startswith(body, "./") then
        body = string.sub(body, 3)
    end
    local leadingSlash = string.sub(body, 1, 1) == "/"
    if leadingSlash then
        body = string.sub(body, 2)
    end
    local pats = __TS__ArrayMap(
        split(body),
        function(____, s) return segmentPattern(s) end
    )
    if #pats == 0 then
        return nil
    end
    local anchored = leadingSlash or #pats > 1
    local prefix = base == "/" and "/" or base .. "/"
    local source = pattern
    local needle = longestLiteral(body)
    return {
        source = source,
        matches = function(path)
            if string.sub(path, 1, #prefix) ~= prefix then
                return false
            end
            if needle ~= "" and (string.find(path, needle, #prefix + 1, true)) == nil then
                return false
            end
            local segs = split(string.sub(path, #prefix + 1))
            local last = dirOnly and #segs - 1 or #segs
            if anchored then
                do
                    local n = 1
                    while n <= last do
                        if matchFrom(
                            pats,
                            0,
                            __TS__ArraySlice(segs, 0, n),
                            0
                        ) then
                            return true
                        end
                        n = n + 1
                    end
                end
                return false
            end
            do
                local i = 0
                while i < last do
                    if (string.find(segs[i + 1], pats[1])) ~= nil then
                        return true
                    end
                    i = i + 1
                end
            end
            return false
        end
    }
end
return ____exports
