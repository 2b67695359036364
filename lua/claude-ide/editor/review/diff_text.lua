-- Generated from src/claude-ide/editor/review/diff_text.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local CR = 13
--- The lines of a whole text as a review or an edit produces it: a final newline ends the last line, it adds none.
function ____exports.textLines(text)
    local out = vim.split(text, "\n", {plain = true})
    if vim.endswith(text, "\n") then
        table.remove(out)
    end
    return out
end
--- The inverse of textLines: every line ended with "\n", and no lines the empty file "" (never a lone "\n",
-- which is one empty line). Every text made from a target's or a change's lines is made here.
function ____exports.linesText(lines)
    return #lines > 0 and table.concat(lines, "\n") .. "\n" or ""
end
--- Cuts `text` at "\n". With CRLF endings the "\r" before each "\n" is removed from the lines.
function ____exports.splitText(text)
    local lines = {}
    local crlfCount = 0
    local pos = 1
    do
        while true do
            local nl = string.find(text, "\n", pos, true)
            if nl == nil then
                break
            end
            if nl > pos and string.byte(text, nl - 1) == CR then
                crlfCount = crlfCount + 1
            end
            lines[#lines + 1] = string.sub(text, pos, nl - 1)
            pos = nl + 1
        end
    end
    local terminated = #lines
    local eol = pos > #text and terminated > 0
    if not eol then
        lines[#lines + 1] = string.sub(text, pos)
    end
    local crlf = crlfCount * 2 > terminated
    if crlf then
        do
            local i = 0
            while i < terminated do
                local line = lines[i + 1]
                if string.byte(line, -1) == CR then
                    lines[i + 1] = string.sub(line, 1, -2)
                end
                i = i + 1
            end
        end
    end
    return {lines = lines, eol = eol, crlf = crlf}
end
--- At this size and above reviewText leaves a text whole, for Neovim to cut (Lua cuts ~20 ms per 10 MiB).
local WHOLE_MIN_BYTES = 256 * 1024
--- `text` for a review buffer: splitText's lines, or a big text left whole (its CRLF endings made LF, when they
-- are the majority). A text with a NUL byte is always cut here: a Vim string cannot hold one.
function ____exports.reviewText(text)
    if #text < WHOLE_MIN_BYTES then
        return ____exports.splitText(text)
    end
    local nul = string.find(text, "\0", 1, true)
    if nul ~= nil then
        return ____exports.splitText(text)
    end
    local eol = vim.endswith(text, "\n")
    local cr = string.find(text, "\r", 1, true)
    if cr == nil then
        return {lines = text, eol = eol, crlf = false}
    end
    local lf, crlfCount = string.gsub(text, "\r\n", "\n")
    local ____, terminated = string.gsub(text, "\n", "\n")
    local crlf = crlfCount * 2 > terminated
    return {lines = crlf and lf or text, eol = eol, crlf = crlf}
end
--- The inverse of splitText.
function ____exports.joinText(lines, eol, crlf)
    local sep = crlf and "\r\n" or "\n"
    local body = table.concat(lines, sep)
    return eol and body .. sep or body
end
--- "\r\n" → "\n": how the Claude CLI compares texts (it reads files with CRLF normalized).
function ____exports.normalizeEol(text)
    local out = string.gsub(text, "\r\n", "\n")
    return out
end
--- Reads a whole file. `text` undefined: the file does not exist (nothing at that path). A directory, a
-- special file or an unreadable file is an error saying so.
function ____exports.readFile(path)
    local stat, ____, code = vim.uv.fs_stat(path)
    if stat == nil then
        if code == "ENOENT" then
            return {ok = true, text = nil}
        end
        return {
            ok = false,
            error = ((("cannot access " .. path) .. " (") .. tostring(code)) .. ")"
        }
    end
    if stat.type == "directory" then
        return {ok = false, error = path .. " is a directory"}
    end
    if stat.type ~= "file" then
        return {ok = false, error = ((path .. " is not a regular file (") .. stat.type) .. ")"}
    end
    local fd, openErr = vim.uv.fs_open(path, "r", 0)
    if fd == nil then
        return {
            ok = false,
            error = (("cannot read " .. path) .. ": ") .. tostring(openErr)
        }
    end
    local chunks = {}
    local ____error
    do
        while true do
            local data, readErr = vim.uv.fs_read(fd, 1024 * 1024)
            if data == nil then
                ____error = (("cannot read " .. path) .. ": ") .. tostring(readErr)
                break
            end
            if data == "" then
                break
            end
            chunks[#chunks + 1] = data
        end
    end
    vim.uv.fs_close(fd)
    return ____error ~= nil and ({ok = false, error = ____error}) or ({
        ok = true,
        text = table.concat(chunks)
    })
end
--- A UTF-8 byte order mark, which readfile() drops.
local READFILE_BOM = "﻿"
--- The lines of a whole file's text as readfile() cuts them (NL; a CR before it dropped; no empty last line).
function ____exports.splitLikeReadfile(data)
    local out = {}
    local pos = string.sub(data, 1, 3) == READFILE_BOM and 4 or 1
    do
        while true do
            local nl = string.find(data, "\n", pos, true)
            if nl == nil then
                break
            end
            local line = string.sub(data, pos, nl - 1)
            out[#out + 1] = string.sub(line, -1) == "\r" and string.sub(line, 1, -2) or line
            pos = nl + 1
        end
    end
    if pos <= #data then
        out[#out + 1] = string.sub(data, pos)
    end
    return out
end
return ____exports
