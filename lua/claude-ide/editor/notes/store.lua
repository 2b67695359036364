-- Generated from src/claude-ide/editor/notes/store.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____fs = require("claude-ide.util.fs")
local writeFileAtomic = ____fs.writeFileAtomic
local ____json = require("claude-ide.util.json")
local isObject = ____json.isObject
--- The store's folder (specs point XDG_STATE_HOME elsewhere).
function ____exports.storeFolder()
    return vim.fn.stdpath("state") .. "/claude-ide/notes"
end
--- The file of the notes made in working directory `cwd`.
function ____exports.storeFile(cwd)
    return ((____exports.storeFolder() .. "/") .. string.sub(
        vim.fn.sha256(cwd),
        1,
        16
    )) .. ".json"
end
local function isNote(v)
    if not isObject(v) then
        return false
    end
    return type(v.path) == "string" and type(v.first) == "number" and type(v.last) == "number" and v.first >= 1 and v.last >= v.first and type(v.text) == "string" and type(v.lines) == "table"
end
--- The notes kept in `file` ([] when there is none); a broken file is reported by `error`, never thrown.
function ____exports.readStore(file)
    local stat = vim.uv.fs_stat(file)
    if stat == nil then
        return {notes = {}}
    end
    local fd = vim.uv.fs_open(file, "r", 384)
    if fd == nil then
        return {notes = {}, error = "cannot read " .. file}
    end
    local data = vim.uv.fs_read(fd, stat.size, 0)
    vim.uv.fs_close(fd)
    local ok, value = pcall(vim.json.decode, data or "", {luanil = {object = true, array = true}})
    if not ok or not isObject(value) or type(value.notes) ~= "table" then
        return {notes = {}, error = file .. " is not a notes file: left as it is"}
    end
    local notes = {}
    for ____, n in ipairs(value.notes) do
        do
            if not isNote(n) then
                goto __continue10
            end
            local lines = {}
            for ____, l in ipairs(n.lines) do
                if type(l) == "string" then
                    lines[#lines + 1] = l
                end
            end
            notes[#notes + 1] = {
                path = n.path,
                first = n.first,
                last = n.last,
                lines = lines,
                text = n.text,
                sent = n.sent == true
            }
        end
        ::__continue10::
    end
    return {notes = notes}
end
--- Writes `notes` for working directory `cwd` (the file goes when none is left).
function ____exports.writeStore(file, cwd, notes)
    if #notes == 0 then
        vim.uv.fs_unlink(file)
        return {ok = true}
    end
    local folder = ____exports.storeFolder()
    if vim.fn.isdirectory(folder) ~= 1 then
        pcall(vim.fn.mkdir, folder, "p", 448)
    end
    local body = vim.json.encode({folder = cwd, notes = notes})
    return writeFileAtomic(file, body, 384, {durable = false})
end
return ____exports
