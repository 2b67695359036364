-- Generated from src/claude-ide/editor/state.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local __TS__StringSplit = ____lualib.__TS__StringSplit
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__StringIncludes = ____lualib.__TS__StringIncludes
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local bufOption = ____buffers.bufOption
local bufferPath = ____buffers.bufferPath
local isAgentFile = ____buffers.isAgentFile
local isDirty = ____buffers.isDirty
local isFileBuffer = ____buffers.isFileBuffer
local isListed = ____buffers.isListed
local isSidebarFiletype = ____buffers.isSidebarFiletype
local ____review_marks = require("claude-ide.editor.review_marks")
local REVIEW_VAR = ____review_marks.REVIEW_VAR
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local charLength = ____positions.charLength
local ____windows = require("claude-ide.editor.windows")
local mainEditorWindow = ____windows.mainEditorWindow
local ____terminal_buffers = require("claude-ide.editor.terminal_buffers")
local isClaudeTerminal = ____terminal_buffers.isClaudeTerminal
local terminalLabel = ____terminal_buffers.terminalLabel
local terminalLines = ____terminal_buffers.terminalLines
local ____modules = require("claude-ide.util.modules")
local loadedModule = ____modules.loadedModule
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local ____rules = require("claude-ide.policy.rules")
local withheldMessage = ____rules.withheldMessage
--- Text of the live Visual selection kept in the state (the rest: read_buffer with the range).
local SELECTION_BUDGET = 2000
--- Buffers listed before the list is cut (vim://buffers has them all).
local MAX_BUFFERS = 300
local SECTIONS = {
    "mode",
    "cwd",
    "cursor",
    "selection",
    "tabs",
    "buffers",
    "lsp",
    "reviews",
    "sessions"
}
local CTRL_V = string.char(22)
--- A path as the model should read it: relative to the cwd when inside it, else absolute.
function ____exports.displayPath(path, cwd)
    if cwd == nil then
        cwd = normalize(vim.fn.getcwd())
    end
    if path == "" then
        return "[No Name]"
    end
    if string.sub(path, 1, #cwd + 1) == cwd .. "/" then
        return string.sub(path, #cwd + 2)
    end
    return path
end
--- The file path of a buffer named `name`. Neovim keeps buffer names absolute and clean, so only a name that
-- may not be (relative, `//`, `/.`, `~`, `$`, a trailing `/`) is normalized: editor_state lists every buffer,
-- and normalizing each one was most of its cost with a few hundred buffers.
local function filePath(buf, name)
    if name == "" then
        return ""
    end
    local clean = string.sub(name, 1, 1) == "/" and string.sub(name, -1) ~= "/" and (string.find(name, "//", 1, true)) == nil and (string.find(name, "/.", 1, true)) == nil and (string.find(name, "[~$]")) == nil
    return clean and name or bufferPath(buf)
end
--- How a CLI's external-editor file (its prompt, a plan, being written: editor/external_editor) is named.
local AGENT_FILE_LABEL = "[prompt] being written for a CLI"
local function labelOf(buf, cwd, bt, name)
    if bt == "terminal" then
        return "[terminal] " .. terminalLabel(buf)
    end
    if bt ~= "" then
        return (("[" .. bt) .. "] ") .. (name ~= "" and vim.fn.fnamemodify(name, ":t") or "-")
    end
    if isAgentFile(buf) then
        return AGENT_FILE_LABEL
    end
    return ____exports.displayPath(
        filePath(buf, name),
        cwd
    )
end
--- What a buffer shows, for the model: its file (relative), or `[terminal]`, `[help] name`, ...
function ____exports.bufferLabel(buf, cwd)
    return labelOf(
        buf,
        cwd,
        bufOption(buf, "buftype"),
        vim.api.nvim_buf_get_name(buf)
    )
end
local SEVERITY_LETTERS = {"E", "W", "I", "H"}
local function diagnosticCounts(buf)
    local diagnostic = loadedModule("vim.diagnostic")
    if diagnostic == nil then
        return ""
    end
    local counts = diagnostic.count(buf)
    local parts = {}
    __TS__ArrayForEach(
        SEVERITY_LETTERS,
        function(____, letter, i)
            local n = counts[i + 1] or 0
            if n > 0 then
                parts[#parts + 1] = letter .. tostring(n)
            end
        end
    )
    return table.concat(parts, " ")
end
--- The live Visual selection of the current window: range and text (cut to a budget), or undefined.
local function visualSelection(cwd, policy)
    local mode = vim.api.nvim_get_mode().mode
    local kind = string.sub(mode, 1, 1)
    if kind ~= "v" and kind ~= "V" and kind ~= CTRL_V then
        return nil
    end
    local win = vim.api.nvim_get_current_win()
    local buf = vim.api.nvim_win_get_buf(win)
    if isAgentFile(buf) then
        return nil
    end
    local v = vim.fn.getpos("v")
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(win),
        1,
        2
    )
    local l1, c1, l2, c2 = v[2], v[3] - 1, row, col
    if l1 > l2 or l1 == l2 and c1 > c2 then
        l1, c1, l2, c2 = l2, c2, l1, c1
    end
    local lines = vim.api.nvim_buf_get_lines(buf, l1 - 1, l2, false)
    local text
    if kind == "v" then
        local last = #lines - 1
        lines[last + 1] = string.sub(
            lines[last + 1] or "",
            1,
            c2 + math.max(
                1,
                charLength(lines[last + 1] or "", c2)
            )
        )
        lines[1] = string.sub(lines[1] or "", c1 + 1)
        text = table.concat(lines, "\n")
    else
        text = table.concat(lines, "\n")
    end
    local first = vim.api.nvim_buf_get_lines(buf, l1 - 1, l1, false)[1] or ""
    local lastLine = vim.api.nvim_buf_get_lines(buf, l2 - 1, l2, false)[1] or ""
    local from = kind == "V" and tostring(l1) or (tostring(l1) .. ":") .. tostring(byteToCharColumn(first, c1))
    local to = kind == "V" and tostring(l2) or (tostring(l2) .. ":") .. tostring(byteToCharColumn(lastLine, c2))
    local what = kind == "V" and "lines" or (kind == "v" and "chars" or "block")
    local head = ((((((((("selection: " .. ____exports.displayPath(
        bufferPath(buf),
        cwd
    )) .. " ") .. from) .. "-") .. to) .. " (") .. what) .. ", ") .. tostring(l2 - l1 + 1)) .. " lines)"
    local ____temp_0
    if bufferPath(buf) ~= "" then
        ____temp_0 = policy:withheld(bufferPath(buf))
    else
        ____temp_0 = nil
    end
    local why = ____temp_0
    if why ~= nil then
        return ((head .. "\n  (text not shown: ") .. withheldMessage(
            ____exports.displayPath(
                bufferPath(buf),
                cwd
            ),
            why
        )) .. ")"
    end
    local cut = #text > SELECTION_BUDGET
    local shown = cut and string.sub(text, 1, SELECTION_BUDGET) or text
    local body = table.concat(
        __TS__ArrayMap(
            __TS__StringSplit(shown, "\n"),
            function(____, l) return "  | " .. l end
        ),
        "\n"
    )
    local more = cut and ((((((((("\n  …cut at " .. tostring(SELECTION_BUDGET)) .. " of ") .. tostring(#text)) .. " bytes: read_buffer ") .. ____exports.displayPath(
        bufferPath(buf),
        cwd
    )) .. " lines ") .. tostring(l1)) .. "-") .. tostring(l2)) .. " for all" or ""
    return ((head .. "\n") .. body) .. more
end
local function windowLine(win, current, cwd)
    local buf = vim.api.nvim_win_get_buf(win)
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(win),
        1,
        2
    )
    local marks = {}
    if win == current then
        marks[#marks + 1] = "[cur]"
    end
    if vim.fn.getwinvar(win, "&diff") == 1 then
        marks[#marks + 1] = "[diff]"
    end
    if vim.fn.win_gettype(win) == "popup" then
        marks[#marks + 1] = "[float]"
    end
    local line = vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[1] or ""
    local at = bufOption(buf, "buftype") == "" and not isAgentFile(buf) and ((":" .. tostring(row)) .. ":") .. tostring(byteToCharColumn(line, col)) or ""
    return (((((("w" .. tostring(win)) .. " b") .. tostring(buf)) .. " ") .. ____exports.bufferLabel(buf, cwd)) .. at) .. (#marks > 0 and " " .. table.concat(marks, " ") or "")
end
--- The pending diff reviews (of every server of this Neovim): tab name and file.
function ____exports.pendingReviews()
    local found = {}
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        do
            if not vim.api.nvim_buf_is_loaded(buf) then
                goto __continue29
            end
            local v = vim.fn.getbufvar(buf, REVIEW_VAR)
            if type(v) ~= "table" or v.role ~= "proposal" then
                goto __continue29
            end
            local review = v
            found[#found + 1] = {
                tabName = review.tab_name,
                buf = buf,
                file = vim.api.nvim_buf_get_name(buf)
            }
        end
        ::__continue29::
    end
    return found
end
--- The Claude sessions connected to this Neovim: name, pid and folders (roots/list: cwd, then --add-dir).
local function sessionsSection(context)
    local hub = context and context.hub
    local clients = hub and hub.clients() or ({})
    if hub == nil or #clients == 0 then
        return "sessions: none"
    end
    local lines = __TS__ArrayMap(
        clients,
        function(____, c)
            local name = hub.describe(c.id) or c.name or "client " .. tostring(c.id)
            local pid = c.pid ~= nil and not __TS__StringIncludes(
                name,
                "pid " .. tostring(c.pid)
            ) and (" (pid " .. tostring(c.pid)) .. ")" or ""
            local dirs = c.roots ~= nil and #c.roots > 0 and table.concat(c.roots, ", ") or "folders not known"
            return (((("  " .. name) .. pid) .. ": ") .. dirs) .. (c.id == (context and context.own) and " [yours]" or "")
        end
    )
    return (("sessions (" .. tostring(#clients)) .. ", Claude CLIs connected to this Neovim):\n") .. table.concat(lines, "\n")
end
--- Every section of the state, now.
function ____exports.collect(policy, context)
    local cwd = normalize(vim.fn.getcwd())
    local mode = vim.api.nvim_get_mode()
    local current = vim.api.nvim_get_current_win()
    local curBuf = vim.api.nvim_get_current_buf()
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(current),
        1,
        2
    )
    local curLine = vim.api.nvim_buf_get_lines(curBuf, row - 1, row, false)[1] or ""
    local cursor = isAgentFile(curBuf) and "cursor: " .. AGENT_FILE_LABEL or (((("cursor: " .. ____exports.bufferLabel(curBuf, cwd)) .. ":") .. tostring(row)) .. ":") .. tostring(byteToCharColumn(curLine, col))
    if not isFileBuffer(curBuf) then
        local main = mainEditorWindow()
        if main ~= nil then
            local buf = vim.api.nvim_win_get_buf(main)
            local r, c = unpack(
                vim.api.nvim_win_get_cursor(main),
                1,
                2
            )
            local text = vim.api.nvim_buf_get_lines(buf, r - 1, r, false)[1] or ""
            cursor = cursor .. ((((((("\nediting: " .. ____exports.bufferLabel(buf, cwd)) .. ":") .. tostring(r)) .. ":") .. tostring(byteToCharColumn(text, c))) .. " (w") .. tostring(main)) .. ", the window the user edits in)"
        end
    end
    local tabLines = {}
    local curTab = vim.api.nvim_get_current_tabpage()
    for ____, tab in ipairs(vim.api.nvim_list_tabpages()) do
        local nr = vim.api.nvim_tabpage_get_number(tab)
        tabLines[#tabLines + 1] = (("  tab " .. tostring(nr)) .. (tab == curTab and " [cur]" or "")) .. ":"
        for ____, win in ipairs(vim.api.nvim_tabpage_list_wins(tab)) do
            tabLines[#tabLines + 1] = "    " .. windowLine(win, current, cwd)
        end
    end
    local bufLines = {}
    local listed = 0
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        do
            if not isListed(buf) then
                goto __continue43
            end
            listed = listed + 1
            if listed > MAX_BUFFERS then
                goto __continue43
            end
            local loaded = vim.api.nvim_buf_is_loaded(buf)
            local bt = bufOption(buf, "buftype")
            if bt == "terminal" and isClaudeTerminal(buf) then
                listed = listed - 1
                goto __continue43
            end
            local name = vim.api.nvim_buf_get_name(buf)
            local parts = {(("  b" .. tostring(buf)) .. " ") .. labelOf(buf, cwd, bt, name)}
            local count = bt == "terminal" and #terminalLines(buf) or vim.api.nvim_buf_line_count(buf)
            parts[#parts + 1] = loaded and tostring(count) .. "L" or "(not loaded)"
            if loaded and isDirty(buf) then
                parts[#parts + 1] = "[mod]"
            end
            if buf == curBuf then
                parts[#parts + 1] = "[cur]"
            end
            local ft = bufOption(buf, "filetype")
            if ft ~= "" then
                parts[#parts + 1] = ft
            end
            if loaded and bt == "" and name ~= "" and not isSidebarFiletype(ft) and not isAgentFile(buf) then
                local counts = diagnosticCounts(buf)
                if counts ~= "" then
                    parts[#parts + 1] = counts
                end
            end
            bufLines[#bufLines + 1] = table.concat(parts, " ")
        end
        ::__continue43::
    end
    if listed > MAX_BUFFERS then
        bufLines[#bufLines + 1] = ("  …" .. tostring(listed - MAX_BUFFERS)) .. " more: resources/read vim://buffers lists all"
    end
    local lspLines = {}
    local lsp = loadedModule("vim.lsp")
    if lsp ~= nil then
        for ____, client in ipairs(lsp.get_clients()) do
            local attached = {}
            for buf in pairs(client.attached_buffers or ({})) do
                attached[#attached + 1] = "b" .. tostring(buf)
            end
            lspLines[#lspLines + 1] = (((("  " .. client.name) .. " (id ") .. tostring(client.id)) .. "): ") .. (#attached > 0 and table.concat(attached, " ") or "no buffers")
        end
    end
    local reviews = __TS__ArrayMap(
        ____exports.pendingReviews(),
        function(____, r) return ((("  " .. ____exports.displayPath(r.file, cwd)) .. "  \"") .. r.tabName) .. "\"" end
    )
    return {
        mode = ("mode: " .. mode.mode) .. (mode.blocking and " (blocked: waiting for input)" or ""),
        cwd = "cwd: " .. cwd,
        cursor = cursor,
        selection = visualSelection(cwd, policy) or "selection: none",
        tabs = "tabs:\n" .. table.concat(tabLines, "\n"),
        buffers = (("buffers (" .. tostring(listed)) .. "):") .. (#bufLines > 0 and "\n" .. table.concat(bufLines, "\n") or " none"),
        lsp = #lspLines > 0 and "lsp:\n" .. table.concat(lspLines, "\n") or "lsp: none",
        reviews = #reviews > 0 and (("reviews (" .. tostring(#reviews)) .. ", waiting for the user):\n") .. table.concat(reviews, "\n") or "reviews: none",
        sessions = sessionsSection(context)
    }
end
--- Earlier answers by token, so that `since` can name one (a few are kept; older tokens get the full state).
____exports.Snapshots = __TS__Class()
local Snapshots = ____exports.Snapshots
Snapshots.name = "Snapshots"
function Snapshots.prototype.____constructor(self, capacity)
    if capacity == nil then
        capacity = 16
    end
    self.capacity = capacity
    self.kept = {}
    self.order = {}
    self.serial = 0
end
function Snapshots.prototype.remember(self, sections)
    self.serial = self.serial + 1
    local token = "s" .. tostring(self.serial)
    self.kept[token] = sections
    local ____self_order_7 = self.order
    ____self_order_7[#____self_order_7 + 1] = token
    while #self.order > self.capacity do
        self.kept[table.remove(self.order, 1)] = nil
    end
    return token
end
function Snapshots.prototype.get(self, token)
    return self.kept[token]
end
--- The state text. With `since` (a token this store gave out), sections equal to that answer's are one line
-- `<section>: unchanged`; an unknown token gets the full state and a line saying so.
function ____exports.render(store, policy, since, context)
    local now = ____exports.collect(policy, context)
    local ____temp_8
    if since ~= nil then
        ____temp_8 = store:get(since)
    else
        ____temp_8 = nil
    end
    local before = ____temp_8
    local token = store:remember(now)
    local lines = {("state: " .. token) .. (before ~= nil and (" (changes since " .. tostring(since)) .. ")" or "")}
    if since ~= nil and before == nil then
        lines[#lines + 1] = ("note: unknown or expired token \"" .. since) .. "\": full state follows"
    end
    for ____, section in ipairs(SECTIONS) do
        lines[#lines + 1] = before ~= nil and before[section] == now[section] and section .. ": unchanged" or now[section]
    end
    return table.concat(lines, "\n")
end
return ____exports
