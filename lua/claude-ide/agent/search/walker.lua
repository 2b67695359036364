-- Generated from src/claude-ide/agent/search/walker.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local root, kind, pattern, maxBytesText, maxFilesText, mode = arg[1], arg[2], arg[3], arg[4], arg[5], arg[6]
local maxBytes = tonumber(maxBytesText) or 1048576
local maxFiles = tonumber(maxFilesText) or 100000
local out = io.stdout
--- The 0-based byte column of the first match in `line`, or undefined.
local firstMatch
if kind == "vim" then
    local re = vim.regex(pattern)
    firstMatch = function(line)
        local from = re:match_str(line)
        return from or nil
    end
else
    firstMatch = function(line)
        local at = string.find(line, pattern, 1, true)
        return at ~= nil and at - 1 or nil
    end
end
local searched = 0
--- Writes the matches of `data` under the name `name`.
local function searchText(name, data)
    searched = searched + 1
    if kind ~= "vim" and (string.find(data, pattern, 1, true)) == nil then
        return
    end
    local binary = (string.find(data, "\0", 1, true)) ~= nil
    local pos = 1
    local lnum = 0
    local size = #data
    while pos <= size do
        local nl = string.find(data, "\n", pos, true)
        local stop = nl or size + 1
        local line = string.sub(data, pos, stop - 1)
        lnum = lnum + 1
        local col = firstMatch(line)
        if col ~= nil then
            if binary then
                out:write(name .. ": binary file matches (found \"\\0\" byte)\n")
                return
            end
            out:write(
                name,
                "\0",
                tostring(lnum),
                ":",
                tostring(col + 1),
                ":",
                line,
                "\n"
            )
        end
        pos = stop + 1
    end
end
local function readFile(path, size)
    local fd = vim.uv.fs_open(path, "r", 0)
    if fd == nil then
        return nil
    end
    local data = vim.uv.fs_read(fd, size, 0)
    vim.uv.fs_close(fd)
    return data
end
local function walk()
    local dirs = {""}
    local files = 0
    while #dirs > 0 do
        do
            local rel = dirs[#dirs]
            dirs[#dirs] = nil
            local handle = vim.uv.fs_scandir(rel == "" and root or (root .. "/") .. rel)
            if handle == nil then
                goto __continue14
            end
            do
                while true do
                    local name, ____type = vim.uv.fs_scandir_next(handle)
                    if name == nil then
                        break
                    end
                    local path = rel == "" and name or (rel .. "/") .. name
                    if ____type == "directory" then
                        if name ~= ".git" and name ~= "node_modules" then
                            dirs[#dirs + 1] = path
                        end
                    elseif ____type == "file" then
                        local st = vim.uv.fs_lstat((root .. "/") .. path)
                        if st ~= nil and st.type == "file" then
                            if st.size > maxBytes then
                                io.stderr:write(((("ignoring ./" .. path) .. ": ") .. tostring(st.size)) .. " bytes\n")
                            else
                                files = files + 1
                                if files > maxFiles then
                                    out:write(("walker: stopped after " .. tostring(maxFiles)) .. " files (max_files)\n")
                                    return
                                end
                                local data = readFile((root .. "/") .. path, st.size)
                                if data ~= nil then
                                    searchText(path, data)
                                end
                            end
                        end
                    end
                end
            end
        end
        ::__continue14::
    end
end
local function docs()
    local input = io.stdin:read("*a") or ""
    local pos = 1
    while pos <= #input do
        local z1 = string.find(input, "\0", pos, true)
        if z1 == nil then
            break
        end
        local z2 = string.find(input, "\0", z1 + 1, true)
        if z2 == nil then
            break
        end
        local name = string.sub(input, pos, z1 - 1)
        local len = tonumber(string.sub(input, z1 + 1, z2 - 1)) or 0
        searchText(
            name,
            string.sub(input, z2 + 1, z2 + len)
        )
        pos = z2 + len + 1
    end
end
if mode == "docs" then
    docs()
else
    walk()
end
out:write(("\n" .. tostring(searched)) .. " files searched\n")
out:flush()
return ____exports
