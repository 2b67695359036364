-- Generated from src/claude-ide/agent/quickfix.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local fn = vim.fn
local TYPES = {
    e = "error",
    w = "warning",
    i = "info",
    n = "note",
    h = "hint"
}
--- The window whose location list is meant: the current one, or (when the user is in a window without one,
-- e.g. the Claude terminal) the previous window, as `:lopen` after `:wincmd p` would show it.
local function loclistWindow()
    local current = vim.api.nvim_get_current_win()
    if #(fn.getloclist(current, {title = 1, items = 1, idx = 0}).items or ({})) > 0 then
        return current
    end
    local previous = fn.win_getid(fn.winnr("#"))
    return previous ~= 0 and previous or current
end
local function entryLine(item, cwd)
    local text = (string.gsub(
        vim.trim(item.text),
        "\n%s*",
        " "
    ))
    if item.valid ~= 1 or item.bufnr == 0 and item.lnum == 0 then
        return "  " .. text
    end
    local path = item.module ~= nil and item.module ~= "" and item.module or displayPath(
        bufferPath(item.bufnr),
        cwd
    )
    local where = {path}
    if item.lnum > 0 then
        where[#where + 1] = tostring(item.lnum)
    end
    if item.lnum > 0 and item.col > 0 then
        local buf = item.bufnr
        local line = item.vcol == 0 and vim.api.nvim_buf_is_loaded(buf) and vim.api.nvim_buf_get_lines(buf, item.lnum - 1, item.lnum, false)[1] or nil
        where[#where + 1] = tostring(line ~= nil and byteToCharColumn(line, item.col - 1) or item.col)
    end
    local kind = TYPES[string.lower(item.type or "")]
    return ((table.concat(where, ":") .. ": ") .. (kind ~= nil and kind .. ": " or "")) .. text
end
--- The entries of the quickfix list, or of the location list of the current (else previous) window.
function ____exports.listing(kind)
    local what = {title = 1, items = 1, idx = 0}
    local name = "quickfix list"
    local list
    if kind == "loclist" then
        local win = loclistWindow()
        list = fn.getloclist(win, what)
        name = "location list of window " .. tostring(vim.api.nvim_win_get_number(win))
    else
        list = fn.getqflist(what)
    end
    local cwd = normalize(vim.fn.getcwd())
    return {
        name = name,
        title = list.title or "",
        current = list.idx or 0,
        lines = __TS__ArrayMap(
            list.items or ({}),
            function(____, item) return entryLine(item, cwd) end
        )
    }
end
--- The header line: `quickfix list ":make" (12 entries, current 3)`.
function ____exports.header(l)
    local n = #l.lines
    local title = l.title ~= "" and " " .. vim.json.encode(l.title) or ""
    local current = l.current > 0 and n > 0 and ", current " .. tostring(l.current) or ""
    return ((((((l.name .. title) .. " (") .. tostring(n)) .. " entr") .. (n == 1 and "y" or "ies")) .. current) .. ")"
end
return ____exports
