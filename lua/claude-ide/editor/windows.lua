-- Generated from src/claude-ide/editor/windows.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local isAgentFile = ____buffers.isAgentFile
local isSidebarFiletype = ____buffers.isSidebarFiletype
--- A window that may show a file the user edits (an unnamed empty buffer counts, e.g. at startup).
function ____exports.isEditorWindow(win)
    if not vim.api.nvim_win_is_valid(win) then
        return false
    end
    if vim.api.nvim_win_get_config(win).relative ~= "" then
        return false
    end
    if vim.api.nvim_get_option_value("diff", {win = win}) == true then
        return false
    end
    if vim.api.nvim_get_option_value("previewwindow", {win = win}) == true then
        return false
    end
    local buf = vim.api.nvim_win_get_buf(win)
    if vim.api.nvim_get_option_value("buftype", {buf = buf}) ~= "" then
        return false
    end
    return not isSidebarFiletype(vim.api.nvim_get_option_value("filetype", {buf = buf})) and not isAgentFile(buf)
end
--- The main editor window of the current tab page: the current window when it qualifies, else the previous
-- window (`wincmd p`), else the largest qualifying window. Undefined when there is none.
function ____exports.mainEditorWindow()
    local current = vim.api.nvim_get_current_win()
    if ____exports.isEditorWindow(current) then
        return current
    end
    local previousNr = vim.fn.winnr("#")
    local previous = previousNr == 0 and 0 or vim.fn.win_getid(previousNr)
    if previous ~= 0 and ____exports.isEditorWindow(previous) then
        return previous
    end
    local best
    local bestArea = -1
    for ____, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
        do
            if not ____exports.isEditorWindow(win) then
                goto __continue11
            end
            local area = vim.api.nvim_win_get_width(win) * vim.api.nvim_win_get_height(win)
            if area > bestArea then
                best = win
                bestArea = area
            end
        end
        ::__continue11::
    end
    return best
end
--- Shows `buf` in `win`. A modified buffer the window showed is hidden, never abandoned, also with
-- 'nohidden' (where nvim_win_set_buf would refuse): its unsaved changes stay in memory.
function ____exports.showBuffer(win, buf)
    local previous = vim.api.nvim_win_get_buf(win)
    if previous == buf then
        return
    end
    if vim.api.nvim_get_option_value("modified", {buf = previous}) ~= true then
        vim.api.nvim_win_set_buf(win, buf)
        return
    end
    local bufhidden = vim.api.nvim_get_option_value("bufhidden", {buf = previous})
    vim.api.nvim_set_option_value("bufhidden", "hide", {buf = previous})
    local ok, err = pcall(vim.api.nvim_win_set_buf, win, buf)
    if vim.api.nvim_buf_is_valid(previous) then
        vim.api.nvim_set_option_value("bufhidden", bufhidden, {buf = previous})
    end
    if not ok then
        error(
            tostring(err),
            0
        )
    end
end
--- Byte column where the character ending just before byte `col` starts (UTF-8 continuation bytes skipped).
local function previousCharStart(line, col)
    local i = math.min(col, #line) - 1
    while i > 0 do
        local b = string.byte(line, i + 1)
        if b < 128 or b >= 192 then
            break
        end
        i = i - 1
    end
    return math.max(i, 0)
end
--- mode() values from which Visual mode may be started (Normal, Normal in a terminal buffer, Visual).
local function canSelectFrom(mode)
    return mode == "n" or mode == "nt" or mode == "v" or mode == "V" or mode == string.char(22)
end
--- Shows `range` in `win`: with `enter`, the window becomes current and a non-empty range is selected in
-- characterwise Visual mode (as an editor "selects" text); without, only the window's cursor moves to the
-- start. Visual mode is not started from Insert mode (the user is typing somewhere).
function ____exports.revealRange(win, range, enter)
    local buf = vim.api.nvim_win_get_buf(win)
    local select = false
    if enter then
        vim.api.nvim_set_current_win(win)
        local mode = vim.api.nvim_get_mode().mode
        select = canSelectFrom(mode) and not (range.startRow == range.endRow and range.startCol == range.endCol)
        if select and mode ~= "n" and mode ~= "nt" then
            vim.cmd("normal! ")
        end
    end
    vim.api.nvim_win_set_cursor(win, {range.startRow + 1, range.startCol})
    vim.api.nvim_win_call(
        win,
        function() return vim.cmd("normal! zv") end
    )
    if not select then
        return
    end
    local row, col = range.endRow, range.endCol
    if col == 0 and row > range.startRow then
        row = row - 1
        col = #(vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1] or "")
    end
    local endLine = vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1] or ""
    vim.cmd("normal! v")
    vim.api.nvim_win_set_cursor(
        win,
        {
            row + 1,
            previousCharStart(endLine, col)
        }
    )
end
--- The main editor window, creating one when the tab page has none (a full-height split on the side away
-- from `avoidSide`, e.g. the Claude terminal's side). The new window shows `buf`; it is not entered.
function ____exports.ensureEditorWindow(buf, avoidSide)
    local existing = ____exports.mainEditorWindow()
    if existing ~= nil then
        return existing
    end
    local side = avoidSide == "left" and "right" or "left"
    return vim.api.nvim_open_win(buf, false, {split = side, win = -1})
end
return ____exports
