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
            local function num(v)
                return type(v) == "number" and v or nil
            end
            local ____n_path_1 = n.path
            local ____n_first_2 = n.first
            local ____n_last_3 = n.last
            local ____lines_4 = lines
            local ____n_text_5 = n.text
            local ____temp_6 = n.sent == true
            local ____num_result_7 = num(n.sentFirst)
            local ____num_result_8 = num(n.sentLast)
            local ____temp_0
            if type(n.answered) == "boolean" then
                ____temp_0 = n.answered
            else
                ____temp_0 = nil
            end
            notes[#notes + 1] = {
                path = ____n_path_1,
                first = ____n_first_2,
                last = ____n_last_3,
                lines = ____lines_4,
                text = ____n_text_5,
                sent = ____temp_6,
                sentFirst = ____num_result_7,
                sentLast = ____num_result_8,
                answered = ____temp_0
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
