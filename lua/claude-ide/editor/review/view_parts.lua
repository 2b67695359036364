-- Generated from src/claude-ide/editor/review/view_parts.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ClassExtends = ____lualib.__TS__ClassExtends
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____notes = require("claude-ide.editor.notes.notes")
local NOTE_HL = ____notes.NOTE_HL
local NOTE_SIGN_HL = ____notes.NOTE_SIGN_HL
local ____log = require("claude-ide.log")
local notice = ____log.notice
local say = ____log.say
local ____review_marks = require("claude-ide.editor.review_marks")
local REVIEW_VAR = ____review_marks.REVIEW_VAR
local ____keys = require("claude-ide.editor.review.keys")
local askClosing = ____keys.askClosing
local escapeBar = ____keys.escapeBar
local fitWinbar = ____keys.fitWinbar
local ____model = require("claude-ide.editor.review.model")
local Life = ____model.Life
local ____reason = require("claude-ide.editor.review.reason")
local askReason = ____reason.askReason
function ____exports.setOpt(name, value, scope)
    vim.api.nvim_set_option_value(name, value, scope)
end
--- Virtual lines saying that `notes`, sent with the prompt, were answered by the hunk they are beside.
function ____exports.answeredLines(notes)
    local out = {}
    for ____, n in ipairs(notes) do
        __TS__ArrayForEach(
            vim.split(n.text, "\n", {plain = true}),
            function(____, line, i)
                out[#out + 1] = {{i == 0 and "✎ (answered) " or "  ", NOTE_SIGN_HL}, {line, NOTE_HL}}
            end
        )
    end
    return out
end
--- Shows `notes` above their lines of a file's proposal buffer `buf` (a turn's: the file as the turn left it).
function ____exports.showAnswered(buf, notes)
    local count = vim.api.nvim_buf_line_count(buf)
    local byLine = {}
    for ____, n in ipairs(notes) do
        local line = math.min(
            math.max(1, n.line),
            count
        )
        local here = byLine[line] or ({})
        here[#here + 1] = n
        byLine[line] = here
    end
    for line, here in pairs(byLine) do
        vim.api.nvim_buf_set_extmark(
            buf,
            ____exports.ANSWERED_NS,
            line - 1,
            0,
            {
                virt_lines = ____exports.answeredLines(here),
                virt_lines_above = true
            }
        )
    end
end
--- Detected on the buffer rather than a list of lines: the detectors then read only the lines they need.
function ____exports.detectFiletype(buf, path)
    local ft = vim.filetype.match({buf = buf, filename = path})
    return ft
end
--- The file views' autocmds (every server's, every review's, whatever the layout). It exists while a review is
-- open: the last view to close deletes it, so a stopped server leaves no group behind.
____exports.AUGROUP = "claude-ide.diff"
--- Tab page variable of a review's own tab page: its tab_name.
____exports.TAB_VAR = "claude_ide_diff"
--- Above this size the buffers get 'syntax' instead of 'filetype': highlighting without FileType handlers
-- (ftplugins, LSP, treesitter), which can take seconds on a big file (0.10's Lua ftplugin parses the whole
-- buffer with treesitter, ~0.2 s per MiB, for each of the two buffers).
____exports.BIG_PROPOSAL_BYTES = 512 * 1024
--- How many reviews wait unseen (opened behind the user), for statuslines: `vim.g.claude_ide_reviews_waiting`.
____exports.WAITING_VAR = "claude_ide_reviews_waiting"
--- The client whose review waited last (`vim.g.claude_ide_review_client`), for statusline(): "Gemini CLI".
____exports.WAITING_CLIENT_VAR = "claude_ide_review_client"
--- Counts reviews opened behind the user (vim.g.claude_ide_reviews_waiting) and redraws the statuslines.
function ____exports.addWaiting(delta, client)
    if client ~= nil then
        vim.g[____exports.WAITING_CLIENT_VAR] = client
    end
    local now = vim.g[____exports.WAITING_VAR] or 0
    vim.g[____exports.WAITING_VAR] = math.max(0, now + delta)
    pcall(vim.cmd, "redrawstatus!")
end
--- Whether a view waits: opened behind the user and not visited yet, counted in vim.g.claude_ide_reviews_waiting
-- (addWaiting) and told by a message that a notifier keeps until the user comes (or the view ends).
____exports.Waiting = __TS__Class()
local Waiting = ____exports.Waiting
Waiting.name = "Waiting"
function Waiting.prototype.____constructor(self)
    self.on = false
end
function Waiting.prototype.begin(self, behind, client)
    self.on = behind
    if behind then
        ____exports.addWaiting(1, client)
    end
end
function Waiting.prototype.tell(self, message)
    if self.on then
        self.unnotice = notice(message)
    end
end
function Waiting.prototype.is(self)
    return self.on
end
function Waiting.prototype.seen(self)
    if not self.on then
        return false
    end
    self.on = false
    local ____opt_0 = self.unnotice
    if ____opt_0 ~= nil then
        ____opt_0()
    end
    self.unnotice = nil
    ____exports.addWaiting(-1)
    return true
end
--- How the user brings a waiting review: their own mapping of :ClaudeCodeFocus (a Normal- or Terminal-mode key whose
-- right-hand side runs it, or a callback whose description names it; the leader shown as `<leader>`), else the
-- command itself.
function ____exports.focusHint()
    local leader = vim.g.mapleader or "\\"
    for ____, mode in ipairs({"n", "t"}) do
        do
            local ok, maps = pcall(vim.api.nvim_get_keymap, mode)
            if not ok then
                goto __continue13
            end
            for ____, m in ipairs(maps) do
                do
                    local function names(t)
                        return t ~= nil and (string.find(t, "ClaudeCodeFocus", 1, true)) ~= nil
                    end
                    if not names(m.rhs) and not (m.callback ~= nil and names(m.desc)) then
                        goto __continue15
                    end
                    local raw = m.lhsraw or m.lhs
                    if leader ~= "" and vim.startswith(raw, leader) and #raw > #leader then
                        return "<leader>" .. vim.fn.keytrans(string.sub(raw, #leader + 1))
                    end
                    return m.lhs
                end
                ::__continue15::
            end
        end
        ::__continue13::
    end
    return ":ClaudeCodeFocus"
end
--- What a file's view waiting behind the user says: `Claude proposes a change to a.ts [s1]: <leader>af shows the review`.
function ____exports.proposesChange(spec)
    local source = spec.source ~= nil and (" [" .. spec.source) .. "]" or ""
    return ((((((spec.client or "Claude") .. " proposes a change to ") .. vim.fn.fnamemodify(spec.path, ":t")) .. source) .. ": ") .. ____exports.focusHint()) .. " shows the review"
end
--- Marks `buf` as a review's (b:claude_ide_diff = `value`, with `waiting` when the view waits).
function ____exports.markReview(buf, value, waiting)
    if waiting then
        value.waiting = true
    end
    vim.api.nvim_buf_set_var(buf, REVIEW_VAR, value)
end
--- `bufs` stop looking like an open review's (b:claude_ide_diff gone), whichever are still there.
function ____exports.unmarkReview(bufs)
    for ____, buf in ipairs(bufs) do
        if vim.api.nvim_buf_is_valid(buf) then
            pcall(vim.api.nvim_buf_del_var, buf, REVIEW_VAR)
        end
    end
end
--- Closes a view's window. The last window of Neovim cannot close: it gets an empty buffer instead, without the
-- view's winbar and after `reset` (what else the view set on it: 'diff', its 'signcolumn'). Never throws.
function ____exports.closeViewWindow(win, reset)
    if not vim.api.nvim_win_is_valid(win) then
        return
    end
    if (pcall(vim.api.nvim_win_close, win, true)) then
        return
    end
    pcall(function()
        if reset ~= nil then
            reset(win)
        end
        ____exports.setOpt("winbar", "", {win = win})
        vim.api.nvim_win_set_buf(
            win,
            vim.api.nvim_create_buf(true, false)
        )
    end)
end
--- Removes a view from the screen, its windows (closeViewWindow, `reset`) and then its buffers, and when `back` (the
-- user was in it, and no next view of the same review takes them on) returns them where they were. Never throws.
function ____exports.removeView(wins, bufs, origin, back, reset)
    for ____, win in ipairs(wins) do
        ____exports.closeViewWindow(win, reset)
    end
    for ____, buf in ipairs(bufs) do
        if vim.api.nvim_buf_is_valid(buf) then
            pcall(vim.api.nvim_buf_delete, buf, {force = true})
        end
    end
    if back then
        origin:restore()
    end
end
--- Visual modes and Select modes (nvim_get_mode): charwise, linewise, blockwise.
____exports.VISUAL_MODES = {
    "v",
    "V",
    string.char(22)
}
____exports.SELECT_MODES = {
    "s",
    "S",
    string.char(19)
}
--- Whether a review arriving now may take the focus. "auto": only from the terminal of the agent that proposed
-- it (`home`: the user talks to that agent and waits for its answer), and only with nothing typed pending. From
-- any other window, in any mode (Normal included: a user reading there presses `o` a moment later), it opens
-- behind and says so. "always": whenever no typed key waits; "never": never.
function ____exports.takesFocus(policy, home)
    if policy == "never" then
        return false
    end
    local m = vim.api.nvim_get_mode()
    local typeahead = m.blocking or vim.fn.getchar(1) ~= 0
    if typeahead then
        return false
    end
    if policy == "always" then
        return true
    end
    if home == nil or vim.api.nvim_get_current_buf() ~= home then
        return false
    end
    return m.mode == "t" or m.mode == "nt" or m.mode == "n"
end
function ____exports.getOpt(name, scope)
    return vim.api.nvim_get_option_value(name, scope)
end
do
    local ____keys = require("claude-ide.editor.review.keys")
    ____exports.escapeBar = ____keys.escapeBar
end
--- A review buffer's name, `claude-ide://<label>`, the label whole in its last component: Neovim's default tab line
-- shortens every component but the last to one letter (`claude-ide://proposal/greet.lua` read `c//p/greet.lua`),
-- so a path in the label keeps only its tail. A scheme it must have: a name without one is a file of the current
-- folder (Neovim makes it absolute), which `:w` could write. The CLI's `✻` mark is left out (a box in many fonts).
function ____exports.reviewName(label)
    local unmarked = string.gsub(label, "^✻%s*", "")
    local tails = string.gsub(unmarked, "[^%s\"'`]*/", "")
    return "claude-ide://" .. tails
end
--- A name already taken (by a user's buffer, say) gets a number.
function ____exports.setUniqueName(buf, name)
    do
        local n = 1
        while n <= 100 do
            local ok = pcall(
                vim.api.nvim_buf_set_name,
                buf,
                n == 1 and name or ((name .. " (") .. tostring(n)) .. ")"
            )
            if ok then
                return
            end
            n = n + 1
        end
    end
end
--- Holds a whole text while `:put` reads it (fillBuffer).
____exports.WHOLE_VAR = "claude_ide_whole_text"
--- Puts `lines` into the empty buffer `buf`: a list of lines, or a whole text (ReviewText) that Neovim cuts
-- itself with `:put =`, twice as fast on a 10 MiB text as cutting it in Lua and handing 127,000 strings to
-- nvim_buf_set_lines. The expression register's last expression, which `:put =` replaces, is put back.
function ____exports.fillBuffer(buf, lines)
    if type(lines) ~= "string" then
        vim.api.nvim_buf_set_lines(
            buf,
            0,
            -1,
            true,
            lines
        )
        return
    end
    vim.api.nvim_buf_call(
        buf,
        function()
            local expression = vim.fn.getreg("=", 1)
            vim.api.nvim_buf_set_var(buf, ____exports.WHOLE_VAR, lines)
            local ok, err = pcall(function()
                vim.cmd("silent keepjumps 0put =b:" .. ____exports.WHOLE_VAR)
                vim.cmd("silent keepjumps $delete _")
            end)
            vim.api.nvim_buf_del_var(buf, ____exports.WHOLE_VAR)
            vim.fn.setreg("=", expression)
            if not ok then
                error(err, 0)
            end
        end
    )
end
--- A scratch buffer holding `lines` (see fillBuffer), wiped when its last window closes. The initial text is
-- not an undo step (`u` never empties the proposal) and the buffer starts unmodified.
function ____exports.scratchBuffer(name, lines)
    local buf = vim.api.nvim_create_buf(false, true)
    ____exports.setOpt("bufhidden", "wipe", {buf = buf})
    ____exports.setOpt("undolevels", -1, {buf = buf})
    ____exports.fillBuffer(buf, lines)
    ____exports.setOpt("undolevels", vim.go.undolevels, {buf = buf})
    ____exports.setUniqueName(buf, name)
    ____exports.setOpt("modified", false, {buf = buf})
    return buf
end
--- The proposal's buffer of a file's view (side by side or unified): `<file> (proposal)`, an 'acwrite' buffer (`:w`
-- accepts, the view says how), its final newline and line endings as proposed, highlighted as its file (`option`:
-- 'syntax' above BIG_PROPOSAL_BYTES, else 'filetype'; `filetype` undefined when none was found), unmodified. A
-- deletion is all or nothing: there is no text to change in it.
function ____exports.proposalBuffer(spec)
    local file = vim.fn.fnamemodify(spec.path, ":t")
    local buf = ____exports.scratchBuffer(
        ____exports.reviewName(file .. " (proposal)"),
        spec.proposal.lines
    )
    ____exports.setOpt("buftype", "acwrite", {buf = buf})
    ____exports.setOpt("fixendofline", false, {buf = buf})
    ____exports.setOpt("endofline", spec.proposal.eol, {buf = buf})
    ____exports.setOpt("fileformat", spec.proposal.crlf and "dos" or "unix", {buf = buf})
    local filetype = spec.filetype or ____exports.detectFiletype(buf, spec.path)
    local option = spec.bytes > ____exports.BIG_PROPOSAL_BYTES and "syntax" or "filetype"
    if filetype ~= nil and filetype ~= "" then
        ____exports.setOpt(option, filetype, {buf = buf})
    end
    ____exports.setOpt("modified", false, {buf = buf})
    if spec.deletes == true then
        ____exports.setOpt("modifiable", false, {buf = buf})
    end
    ____exports.showAnswered(buf, spec.answered or ({}))
    return {buf = buf, filetype = filetype, option = option}
end
--- The namespace of the answered notes shown in a review (their own: a view's redraws leave them).
____exports.ANSWERED_NS = vim.api.nvim_create_namespace("claude-ide.answered")
--- Where the user was when a review arrived, and the way back (every review view: this one and the plan's). The
-- view opens with `open` (in a tab page of its own or a band across the top, entered or behind), takes the user
-- there with `enter`, and after it closed `restore` brings them back, to Terminal mode when they were in it.
____exports.ReviewOrigin = __TS__Class()
local ReviewOrigin = ____exports.ReviewOrigin
ReviewOrigin.name = "ReviewOrigin"
function ReviewOrigin.prototype.____constructor(self)
    self.win = vim.api.nvim_get_current_win()
    self.mode = vim.api.nvim_get_mode().mode
    self.terminalMode = self.mode == "t"
end
function ReviewOrigin.prototype.window(self)
    return self.win
end
function ReviewOrigin.prototype.open(self, buf, enter, newTab, tabName)
    local originTab = vim.api.nvim_get_current_tabpage()
    if newTab then
        vim.cmd("tab sbuffer " .. tostring(buf))
        vim.api.nvim_tabpage_set_var(0, ____exports.TAB_VAR, tabName)
        return {
            win = vim.api.nvim_get_current_win(),
            originTab = originTab
        }
    end
    return {
        win = vim.api.nvim_open_win(buf, enter, {split = "above", win = -1}),
        originTab = originTab
    }
end
function ReviewOrigin.prototype.settle(self, enter, originTab)
    if enter then
        if vim.startswith(
            vim.api.nvim_get_mode().mode,
            "i"
        ) then
            vim.cmd("stopinsert")
        end
        return
    end
    if vim.api.nvim_tabpage_is_valid(originTab) then
        vim.api.nvim_set_current_tabpage(originTab)
    end
    if vim.api.nvim_win_is_valid(self.win) then
        vim.api.nvim_set_current_win(self.win)
    end
    if vim.api.nvim_get_current_win() == self.win then
        if __TS__ArrayIncludes(____exports.VISUAL_MODES, self.mode) then
            vim.api.nvim_feedkeys("gv", "ni", false)
        elseif __TS__ArrayIncludes(____exports.SELECT_MODES, self.mode) then
            vim.api.nvim_feedkeys(
                "gv" .. string.char(7),
                "ni",
                false
            )
        end
    end
end
function ReviewOrigin.prototype.enter(self, target, ours)
    local here = vim.api.nvim_get_current_win()
    if not __TS__ArrayIncludes(ours, here) then
        self.win = here
        self.terminalMode = vim.api.nvim_get_mode().mode == "t"
    end
    vim.api.nvim_set_current_win(target)
    if vim.startswith(
        vim.api.nvim_get_mode().mode,
        "i"
    ) then
        vim.cmd("stopinsert")
    end
end
function ReviewOrigin.prototype.restore(self)
    if not vim.api.nvim_win_is_valid(self.win) then
        return
    end
    vim.api.nvim_set_current_win(self.win)
    local buf = vim.api.nvim_win_get_buf(self.win)
    if self.terminalMode and ____exports.getOpt("buftype", {buf = buf}) == "terminal" then
        vim.cmd("startinsert")
    end
end
--- Sets `win`'s winbar to `title` and as many of `parts` as fit, dropped from the last (keys.ts fitWinbar).
function ____exports.fitBar(win, title, parts)
    fitWinbar(
        win,
        title,
        __TS__ArrayMap(
            parts,
            function(____, text, i) return {text = text, rank = i} end
        )
    )
end
--- Every window-local option of `win` and its value.
function ____exports.windowLocals(win)
    local values = {}
    for name, info in pairs(vim.api.nvim_get_all_options_info()) do
        do
            if info.scope ~= "win" then
                goto __continue89
            end
            local ok, value = pcall(vim.api.nvim_get_option_value, name, {win = win, scope = "local"})
            if ok then
                values[name] = value
            end
        end
        ::__continue89::
    end
    return values
end
--- Puts back the window-local options of `win` that changed since `before` was taken.
function ____exports.restoreWindowLocals(win, before)
    for name, value in pairs(before) do
        local ok, now = pcall(vim.api.nvim_get_option_value, name, {win = win, scope = "local"})
        if ok and now ~= value then
            pcall(vim.api.nvim_set_option_value, name, value, {win = win, scope = "local"})
        end
    end
end
--- ViewSpec.note as winbar parts (ranked after what decides, moves and is left: keys.ts), each dropped whole, the last
-- first: ` · File 2/3`, ` (changed by a shell command)`, ....
function ____exports.noteParts(note, rank)
    if note == nil then
        return {}
    end
    local pieces = type(note) == "string" and ({note}) or note
    return __TS__ArrayMap(
        pieces,
        function(____, p, i) return {
            text = (i == 0 or not vim.startswith(p, "(")) and " · " .. escapeBar(p) or " " .. escapeBar(p),
            rank = rank + i / 10
        } end
    )
end
--- Buffer `buf` as a file: what `:w` would write (its lines, 'fileformat', 'eol' / 'fixeol').
function ____exports.fileText(buf)
    local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, true)
    local ff = ____exports.getOpt("fileformat", {buf = buf})
    local sep = ff == "dos" and "\r\n" or (ff == "mac" and "\r" or "\n")
    local finalNewline = ____exports.getOpt("endofline", {buf = buf}) or ____exports.getOpt("fixendofline", {buf = buf}) and not ____exports.getOpt("binary", {buf = buf})
    return table.concat(lines, sep) .. (finalNewline and sep or "")
end
--- Asks for the reason (the model reads it verbatim), then rejects, unless the view (its `life`) was decided
-- meanwhile; cancelled, the view stays open.
function ____exports.askRejectReason(life, reject)
    askReason(
        "Reason for rejecting (sent to the model): ",
        function(reason)
            if not life.settled then
                reject(reason)
            end
        end
    )
end
--- `q` in a file's view: with no decisions made (`decided` false) it closes as `events.reject` says (a proposal
-- rejected, a turn's file kept, from an overview: back); with decisions it asks first (askClosing) and each answer
-- does what it says: accept / apply / back keeping (`events.accept`), reject / discard / back without them
-- (`events.reject`), or go back to the view.
function ____exports.closeFileView(spec, decided, events)
    if not decided then
        events.reject()
        return
    end
    if spec.fromOverview == true then
        askClosing(
            "You decided hunks of this file here. Back to the overview keeping them, or discarding them?",
            {
                {
                    label = "Keep",
                    run = function() return events.accept() end
                },
                {
                    label = "Discard",
                    run = function() return events.reject() end
                }
            }
        )
    elseif spec.words == "turn" then
        askClosing(
            "You decided hunks of this turn's file. Apply them, or discard them (the file stays as the turn left it)?",
            {
                {
                    label = "Apply",
                    run = function() return events.accept() end
                },
                {
                    label = "Discard",
                    run = function() return events.reject() end
                }
            }
        )
    else
        askClosing(
            "You decided hunks of this proposal. Accept it as decided, or reject it?",
            {
                {
                    label = "Accept",
                    run = function() return events.accept() end
                },
                {
                    label = "Reject",
                    run = function() return events.reject() end
                }
            }
        )
    end
end
--- b:claude_ide_accept_now: set while writeToAccept writes a review's buffer from elsewhere.
local ACCEPT_NOW_VAR = "claude_ide_accept_now"
--- Writes review buffer `buf` from wherever the user is (:ClaudeCodeDiffAccept): its `:w`, asked for.
function ____exports.writeToAccept(buf)
    vim.b[buf][ACCEPT_NOW_VAR] = true
    local ok, err = pcall(
        vim.api.nvim_buf_call,
        buf,
        function() return vim.cmd("write") end
    )
    if vim.api.nvim_buf_is_valid(buf) then
        vim.b[buf][ACCEPT_NOW_VAR] = nil
    end
    if not ok then
        error(err, 0)
    end
end
--- A view's autocmds, in the group every open view of its kind shares (`group`): added one by one while the view
-- is open, deleted together when it settles; the last view to settle deletes the group, so a stopped server leaves
-- none behind.
____exports.ViewAutocmds = __TS__Class()
local ViewAutocmds = ____exports.ViewAutocmds
ViewAutocmds.name = "ViewAutocmds"
function ViewAutocmds.prototype.____constructor(self, group)
    self.group = group
    self.ids = {}
end
function ViewAutocmds.prototype.add(self, event, opts, desc, callback)
    local group = vim.api.nvim_create_augroup(self.group, {clear = false})
    local ____self_ids_4 = self.ids
    ____self_ids_4[#____self_ids_4 + 1] = vim.api.nvim_create_autocmd(
        event,
        __TS__ObjectAssign(
            {group = group},
            opts,
            {
                desc = desc,
                callback = function() return callback() end
            }
        )
    )
end
function ViewAutocmds.prototype.watchLife(self, wins, bufs, says, on)
    local pattern = __TS__ArrayMap(
        wins,
        function(____, win) return tostring(win) end
    )
    self:add("WinClosed", {pattern = pattern}, says.closed, on.closed)
    for ____, buffer in ipairs(bufs) do
        self:add("BufUnload", {buffer = buffer}, says.unloaded, on.closed)
    end
    local seen = says.seen or "claude-ide: a review the user visits no longer waits"
    for ____, buffer in ipairs(bufs) do
        self:add("BufEnter", {buffer = buffer}, seen, on.seen)
    end
    self:add("WinResized", {pattern = pattern}, says.resized, on.resized)
end
function ViewAutocmds.prototype.acceptOnWrite(self, buf, desc, accept)
    self:add(
        "BufWriteCmd",
        {buffer = buf},
        desc,
        function()
            if vim.fn.win_gettype() == "autocmd" and vim.b[buf][ACCEPT_NOW_VAR] ~= true then
                local name = vim.fn.fnamemodify(
                    vim.api.nvim_buf_get_name(buf),
                    ":t"
                )
                vim.schedule(function() return say(name .. " is a review: a write of every buffer does not apply it; :w in it applies, :q! there discards", "warn") end)
                return
            end
            ____exports.setOpt("modified", false, {buf = buf})
            accept()
        end
    )
end
function ViewAutocmds.prototype.clear(self)
    for ____, id in ipairs(self.ids) do
        pcall(vim.api.nvim_del_autocmd, id)
    end
    self.ids = {}
    local ok, left = pcall(vim.api.nvim_get_autocmds, {group = self.group})
    if ok and #left == 0 then
        pcall(vim.api.nvim_del_augroup_by_name, self.group)
    end
end
--- What every review view's life has, whatever it shows: where the user was (`origin`), whether it waits unseen
-- (`waiting`), its autocmds, and the two ends of every review's Life (model.ts): settled, the view is decided, stops
-- reporting and stops looking like an open review, while its windows may still be on screen; closed, it is off the
-- screen too.
____exports.ViewLife = __TS__Class()
local ViewLife = ____exports.ViewLife
ViewLife.name = "ViewLife"
__TS__ClassExtends(ViewLife, Life)
function ViewLife.prototype.____constructor(self, group, origin, mark)
    Life.prototype.____constructor(self)
    self.origin = origin
    self.mark = mark
    self.waiting = __TS__New(____exports.Waiting)
    self.autocmds = __TS__New(____exports.ViewAutocmds, group)
end
function ViewLife.prototype.seen(self)
    if self.waiting:seen() and not self.settled then
        self.mark()
    end
end
function ViewLife.prototype.focus(self, target, ours)
    if not vim.api.nvim_win_is_valid(target) then
        return false
    end
    self.origin:enter(target, ours)
    self:seen()
    return true
end
function ViewLife.prototype.close(self, settle, remove)
    if not Life.prototype.close(self) then
        return false
    end
    if settle ~= nil then
        settle()
    end
    if remove ~= nil then
        remove()
    end
    return true
end
function ViewLife.prototype.settle(self, bufs)
    if bufs == nil then
        bufs = {}
    end
    if not Life.prototype.settle(self) then
        return false
    end
    self:seen()
    self.autocmds:clear()
    ____exports.unmarkReview(bufs)
    return true
end
return ____exports
