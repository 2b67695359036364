-- Generated from src/claude-ide/editor/selection.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____log = require("claude-ide.log")
local Logger = ____log.Logger
local ____clock = require("claude-ide.util.clock")
local realClock = ____clock.realClock
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
local buffers = lazy("claude-ide.editor.buffers")
local positions = lazy("claude-ide.editor.positions")
local windows = lazy("claude-ide.editor.windows")
--- mode() for blockwise Visual (CTRL-V) and blockwise Select (CTRL-S).
local CTRL_V = string.char(22)
local CTRL_S = string.char(19)
--- Vim's MAXCOL: 'curswant' after `$`, and the column of '> after linewise Visual.
local MAXCOL = 2147483647
--- The Visual mode behind mode() ("v", "V", CTRL-V; Select mode maps to its Visual twin), or undefined.
local function visualKind(mode)
    if mode == "v" or mode == "s" then
        return "v"
    end
    if mode == "V" or mode == "S" then
        return "V"
    end
    if mode == CTRL_V or mode == CTRL_S then
        return CTRL_V
    end
    return nil
end
--- A window whose selection is tracked: a non-floating window showing a file buffer.
function ____exports.isTrackedWindow(win)
    return vim.api.nvim_win_is_valid(win) and vim.fn.win_gettype(win) ~= "popup" and buffers().isFileBuffer(vim.api.nvim_win_get_buf(win))
end
--- The editor window a selection question is about: the current window when it shows a file, else the main
-- editor window (the user is in the Claude terminal or a sidebar). Undefined when no file is shown.
function ____exports.activeEditorWindow()
    local current = vim.api.nvim_get_current_win()
    if ____exports.isTrackedWindow(current) then
        return current
    end
    local main = windows().mainEditorWindow()
    return main ~= nil and ____exports.isTrackedWindow(main) and main or nil
end
local function info(buf, start, ____end, text)
    local filePath = buffers().bufferPath(buf)
    local isEmpty = start.line == ____end.line and start.character == ____end.character
    return {
        text = text,
        filePath = filePath,
        fileUrl = positions().toUri(filePath),
        selection = {start = start, ["end"] = ____end, isEmpty = isEmpty}
    }
end
--- Cursor only: an empty selection at the cursor of `win`.
function ____exports.cursorSelection(win)
    local buf = vim.api.nvim_win_get_buf(win)
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(win),
        1,
        2
    )
    local at = {
        line = row - 1,
        character = positions().byteToUtf16(
            buffers().getLine(buf, row - 1),
            col
        )
    }
    return info(buf, at, {line = at.line, character = at.character}, "")
end
--- Byte column where the character covering screen column `vcol` starts (line end when past it).
local function byteAtVcol(win, lnum, line, vcol)
    if line == "" or vcol > vim.fn.strdisplaywidth(line) then
        return #line
    end
    return vim.fn.virtcol2col(win, lnum, vcol) - 1
end
--- Byte column just after the character covering screen column `vcol` (line end when past it).
local function byteAfterVcol(win, lnum, line, vcol)
    if line == "" or vcol >= vim.fn.strdisplaywidth(line) then
        return #line
    end
    local col = vim.fn.virtcol2col(win, lnum, vcol) - 1
    return col + positions().charLength(line, col)
end
local function ordered(a, b)
    return (a[1] < b[1] or a[1] == b[1] and a[2] <= b[2]) and ({a, b}) or ({b, a})
end
--- The selection between Visual corners `a` and `b` of window `win` in Visual mode `kind`. Characterwise
-- honours 'selection' (exclusive leaves the last character out); linewise spans whole lines; blockwise
-- takes the same screen columns on every line (to each line's end after `$`).
local function regionSelection(win, kind, a, b, blockToEol)
    local buf = vim.api.nvim_win_get_buf(win)
    local s, e = unpack(
        ordered(a, b),
        1,
        2
    )
    local lines = vim.api.nvim_buf_get_lines(buf, s[1] - 1, e[1], false)
    if #lines == 0 then
        return ____exports.cursorSelection(win)
    end
    local first = lines[1]
    local last = lines[#lines]
    local top = s[1] - 1
    local bottom = e[1] - 1
    if kind == "V" then
        return info(
            buf,
            {line = top, character = 0},
            {
                line = bottom,
                character = positions().utf16Length(last)
            },
            table.concat(lines, "\n")
        )
    end
    if kind == "v" then
        local startByte = math.min(s[2], #first)
        local endCol = math.min(e[2], #last)
        local endByte = vim.o.selection == "exclusive" and endCol or endCol + positions().charLength(last, endCol)
        if #lines == 1 then
            lines[1] = string.sub(first, startByte + 1, endByte)
        else
            lines[1] = string.sub(first, startByte + 1)
            lines[#lines] = string.sub(last, 1, endByte)
        end
        local text = table.concat(lines, "\n")
        local start = {
            line = top,
            character = positions().byteToUtf16(first, startByte)
        }
        return info(
            buf,
            start,
            {
                line = bottom,
                character = positions().byteToUtf16(last, endByte)
            },
            text
        )
    end
    local aFirst, aLast = unpack(
        vim.fn.virtcol({a[1], a[2] + 1}, 1, win),
        1,
        2
    )
    local bFirst, bLast = unpack(
        vim.fn.virtcol({b[1], b[2] + 1}, 1, win),
        1,
        2
    )
    local left = math.min(aFirst, bFirst)
    local right = math.max(aLast, bLast)
    local pieces = {}
    local startByte = 0
    local endByte = 0
    __TS__ArrayForEach(
        lines,
        function(____, line, i)
            local lnum = s[1] + i
            local from = byteAtVcol(win, lnum, line, left)
            local to = blockToEol and #line or math.max(
                from,
                byteAfterVcol(win, lnum, line, right)
            )
            pieces[#pieces + 1] = string.sub(line, from + 1, to)
            if i == 0 then
                startByte = from
            end
            if i == #lines - 1 then
                endByte = to
            end
        end
    )
    local start = {
        line = top,
        character = positions().byteToUtf16(first, startByte)
    }
    return info(
        buf,
        start,
        {
            line = bottom,
            character = positions().byteToUtf16(last, endByte)
        },
        table.concat(pieces, "\n")
    )
end
--- The live selection of the current window `win`: its Visual selection, or the cursor.
function ____exports.liveSelection(win)
    local kind = visualKind(vim.fn.mode())
    if kind == nil or win ~= vim.api.nvim_get_current_win() then
        return ____exports.cursorSelection(win)
    end
    local v = vim.fn.getpos("v")
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(win),
        1,
        2
    )
    local toEol = kind == CTRL_V and vim.fn.winsaveview().curswant == MAXCOL
    return regionSelection(
        win,
        kind,
        {v[2], v[3] - 1},
        {row, col},
        toEol
    )
end
--- The last Visual selection of `win`'s buffer (marks '< and '>), or undefined when there was none.
function ____exports.markedSelection(win)
    local buf = vim.api.nvim_win_get_buf(win)
    local from = vim.api.nvim_buf_get_mark(buf, "<")
    local to = vim.api.nvim_buf_get_mark(buf, ">")
    if from[1] == 0 or to[1] == 0 then
        return nil
    end
    local kind = visualKind(vim.api.nvim_buf_call(
        buf,
        function() return vim.fn.visualmode() end
    )) or "v"
    return regionSelection(
        win,
        kind,
        {from[1], from[2]},
        {to[1], to[2]},
        false
    )
end
local function sameSelection(a, b)
    local p, q = a.selection, b.selection
    return a.filePath == b.filePath and p.start.line == q.start.line and p.start.character == q.start.character and p["end"].line == q["end"].line and p["end"].character == q["end"].character and a.text == b.text
end
--- Selection state of one running server (Services.selection).
____exports.SelectionTracker = __TS__Class()
local SelectionTracker = ____exports.SelectionTracker
SelectionTracker.name = "SelectionTracker"
function SelectionTracker.prototype.____constructor(self, config, hub, policy, clock)
    if clock == nil then
        clock = realClock
    end
    self.config = config
    self.hub = hub
    self.policy = policy
    self.clock = clock
    self.cursorAutocmds = {}
    self.sessions = 0
    self.flushSoon = function()
        vim.schedule(function() return self:guard(function() return self:flush() end) end)
    end
    self.log = __TS__New(Logger, config.log_level)
    self.group = vim.api.nvim_create_augroup("claude-ide.selection", {clear = true})
    if config.selection.enabled then
        self:watchVisualMode()
    end
    self.unsubscribe = hub.onSessionsChanged(function() return self:onSessionsChanged() end)
    self:onSessionsChanged()
end
function SelectionTracker.prototype.current(self)
    local win = ____exports.activeEditorWindow()
    local ____temp_0
    if win == nil then
        ____temp_0 = nil
    else
        ____temp_0 = self:redact(____exports.liveSelection(win))
    end
    return ____temp_0
end
function SelectionTracker.prototype.latest(self)
    return self.latestSeen ~= nil and self:redact(self.latestSeen) or self:current()
end
function SelectionTracker.prototype.redact(self, sel)
    if self.policy == nil or sel.text == "" or sel.filePath == "" then
        return sel
    end
    local policy = self.policy()
    local rules = policy:rules()
    local v = self.verdict
    local withheld
    if v ~= nil and v.path == sel.filePath and v.rules == rules then
        withheld = v.withheld
    else
        withheld = policy:withheld(sel.filePath, rules) ~= nil
        self.verdict = {path = sel.filePath, rules = rules, withheld = withheld}
    end
    return withheld and __TS__ObjectAssign({}, sel, {text = ""}) or sel
end
function SelectionTracker.prototype.dispose(self)
    self.unsubscribe()
    self:stopCursorTracking()
    vim.api.nvim_del_augroup_by_id(self.group)
end
function SelectionTracker.prototype.guard(self, fn)
    local ok, err = pcall(fn)
    if not ok then
        self.log:warn("selection tracking: " .. tostring(err))
    end
end
function SelectionTracker.prototype.watchVisualMode(self)
    local visual = (("[vVsS" .. CTRL_V) .. CTRL_S) .. "]"
    vim.api.nvim_create_autocmd(
        "ModeChanged",
        {
            group = self.group,
            pattern = ("*:" .. visual) .. "*",
            desc = "claude-ide: remember the window where Visual mode started",
            callback = function()
                self.visualWin = vim.api.nvim_get_current_win()
                self.kept = nil
            end
        }
    )
    vim.api.nvim_create_autocmd(
        "ModeChanged",
        {
            group = self.group,
            pattern = (((visual .. "*:[^vVsS") .. CTRL_V) .. CTRL_S) .. "]*",
            desc = "claude-ide: send the Visual selection at once when Visual mode ends, and keep it",
            callback = function() return self:guard(function() return self:onVisualLeft() end) end
        }
    )
end
function SelectionTracker.prototype.onSessionsChanged(self)
    if vim.in_fast_event() then
        vim.schedule(function() return self:onSessionsChanged() end)
        return
    end
    local count = self.hub.sessionCount()
    local joined = count > self.sessions
    self.sessions = count
    if count == 0 or not self.config.selection.enabled then
        self:stopCursorTracking()
        return
    end
    self:startCursorTracking()
    if joined then
        self:guard(function() return self:announce() end)
    end
end
function SelectionTracker.prototype.announce(self)
    local current = vim.api.nvim_get_current_win()
    local sel
    if self.kept ~= nil and self:keptStillValid() then
        sel = self.latestSeen
    elseif ____exports.isTrackedWindow(current) then
        sel = ____exports.liveSelection(current)
    else
        sel = self.latestSeen or self:current()
    end
    if sel == nil then
        return
    end
    self.lastSent = nil
    self:publish(sel)
end
function SelectionTracker.prototype.startCursorTracking(self)
    if self.timer ~= nil then
        return
    end
    self.timer = self.clock.newTimer()
    local group = self.group
    self.cursorAutocmds = {
        vim.api.nvim_create_autocmd(
            {"CursorMoved", "CursorMovedI", "BufEnter"},
            {
                group = group,
                desc = "claude-ide: send selection_changed (debounced) when the cursor or selection moves",
                callback = function() return self:onMove() end
            }
        ),
        vim.api.nvim_create_autocmd(
            "WinLeave",
            {
                group = group,
                desc = "claude-ide: flush a pending selection_changed before leaving the window",
                callback = function()
                    if self.timer ~= nil and self.timer.isActive() then
                        self:guard(function() return self:flush() end)
                    end
                end
            }
        )
    }
end
function SelectionTracker.prototype.stopCursorTracking(self)
    for ____, id in ipairs(self.cursorAutocmds) do
        pcall(vim.api.nvim_del_autocmd, id)
    end
    self.cursorAutocmds = {}
    if self.timer ~= nil then
        self.timer.stop()
        self.timer.close()
        self.timer = nil
    end
end
function SelectionTracker.prototype.onMove(self)
    local timer = self.timer
    if timer == nil then
        return
    end
    local delay = self.config.selection.debounce_ms
    if delay == 0 then
        self:guard(function() return self:flush() end)
    else
        timer.start(delay, 0, self.flushSoon)
    end
end
function SelectionTracker.prototype.keptStillValid(self)
    local kept = self.kept
    if not vim.api.nvim_win_is_valid(kept.win) then
        return false
    end
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(kept.win),
        1,
        2
    )
    return row == kept.row and col == kept.col
end
function SelectionTracker.prototype.flush(self)
    local ____opt_1 = self.timer
    if ____opt_1 ~= nil then
        ____opt_1.stop()
    end
    local win = vim.api.nvim_get_current_win()
    if not ____exports.isTrackedWindow(win) then
        return
    end
    local inVisual = visualKind(vim.fn.mode()) ~= nil
    if self.kept ~= nil then
        if not inVisual and self.kept.win == win and self:keptStillValid() then
            return
        end
        self.kept = nil
    end
    self:publish(____exports.liveSelection(win))
end
function SelectionTracker.prototype.onVisualLeft(self)
    local ____opt_3 = self.timer
    if ____opt_3 ~= nil then
        ____opt_3.stop()
    end
    local win = self.visualWin or vim.api.nvim_get_current_win()
    self.visualWin = nil
    if not ____exports.isTrackedWindow(win) then
        return
    end
    local sel = ____exports.markedSelection(win)
    if sel == nil then
        return
    end
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(win),
        1,
        2
    )
    self.kept = {win = win, row = row, col = col}
    self:publish(sel)
end
function SelectionTracker.prototype.publish(self, raw)
    local sel = self:redact(raw)
    self.latestSeen = sel
    if self.sessions == 0 or self.lastSent ~= nil and sameSelection(self.lastSent, sel) then
        return
    end
    self.lastSent = sel
    self.hub.broadcast("selection_changed", sel)
end
return ____exports
