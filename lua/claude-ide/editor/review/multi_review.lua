-- Generated from src/claude-ide/editor/review/multi_review.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__New = ____lualib.__TS__New
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local ____exports = {}
local ____contracts = require("claude-ide.contracts")
local WHOLE_FILE_KEY = ____contracts.WHOLE_FILE_KEY
local ____diff_text = require("claude-ide.editor.review.diff_text")
local linesText = ____diff_text.linesText
local reviewText = ____diff_text.reviewText
local textLines = ____diff_text.textLines
local ____file_view = require("claude-ide.editor.review.file_view")
local openFileView = ____file_view.openFileView
local ____model = require("claude-ide.editor.review.model")
local Life = ____model.Life
local ____inline_view = require("claude-ide.editor.review.inline_view")
local InlineView = ____inline_view.InlineView
local ____buffers = require("claude-ide.editor.buffers")
local findBuffer = ____buffers.findBuffer
local ____overview = require("claude-ide.editor.review.overview")
local NEXT_FILE_KEY = ____overview.NEXT_FILE_KEY
local Overview = ____overview.Overview
local PREV_FILE_KEY = ____overview.PREV_FILE_KEY
local ____log = require("claude-ide.log")
local say = ____log.say
____exports.NEXT_FILE_KEY = NEXT_FILE_KEY
____exports.PREV_FILE_KEY = PREV_FILE_KEY
--- How long one slice of showing a turn's files in their buffers may hold the editor.
local INLINE_SLICE_MS = 5
--- Reviews shown in the user's buffers so far (each its own augroup).
local inlineReviews = 0
____exports.MultiReview = __TS__Class()
local MultiReview = ____exports.MultiReview
MultiReview.name = "MultiReview"
function MultiReview.prototype.____constructor(self, config, title, files, home, onDecision, extraKeys, client, words, note, inline)
    if extraKeys == nil then
        extraKeys = {}
    end
    if words == nil then
        words = "proposal"
    end
    if inline == nil then
        inline = false
    end
    self.config = config
    self.title = title
    self.files = files
    self.home = home
    self.onDecision = onDecision
    self.extraKeys = extraKeys
    self.client = client
    self.words = words
    self.note = note
    self.inline = inline
    self.index = 0
    self.life = __TS__New(Life)
    self.inlines = {}
    self.texts = __TS__ArrayMap(
        files,
        function(____, f) return f.proposal end
    )
end
function MultiReview.prototype.show(self)
    if #self.files < 2 and not self.inline then
        self:openFile(0)
        return
    end
    self.overview = __TS__New(
        Overview,
        {
            title = self.title,
            words = self.words,
            files = self.files,
            proposals = self.texts,
            config = self.config.diff,
            client = self.client,
            home = self.home,
            note = self.note,
            keys = __TS__ArrayMap(
                self.extraKeys,
                function(____, k) return {
                    lhs = k.lhs,
                    desc = k.desc,
                    fn = function(index) return vim.schedule(function() return self:runKey(k, index) end) end
                } end
            )
        },
        {
            accept = function() return self["end"](self, true) end,
            reject = function(reason) return self["end"](self, false, false, reason) end,
            openFile = function(index, hunk) return vim.schedule(function() return self:openFromOverview(index, hunk) end) end,
            wholeFile = function(index)
                local key = __TS__ArrayFind(
                    self.extraKeys,
                    function(____, k) return k.lhs == WHOLE_FILE_KEY end
                )
                if key ~= nil then
                    vim.schedule(function() return self:runKey(key, index) end)
                else
                    local ____opt_0 = self.overview
                    if ____opt_0 ~= nil then
                        ____opt_0:dropFile(index)
                    end
                end
            end,
            decided = function(index) return self:inlineChanged(index) end,
            inline = self.words == "turn" and (function(index, hunk) return vim.schedule(function() return self:openInline(index, hunk) end) end) or nil
        }
    )
    if self.inline and self.words == "turn" then
        self:showInline()
    end
end
function MultiReview.prototype.showInline(self)
    local overview = self.overview
    if overview == nil then
        return
    end
    local next = 0
    overview:highlightAfter(function() return next < #self.files and not self.life.settled end)
    local step
    step = function()
        if self.life.settled then
            return
        end
        if not overview:isPrepared() then
            vim.defer_fn(step, 0)
            return
        end
        local start = vim.uv.hrtime()
        while next < #self.files and (vim.uv.hrtime() - start) / 1000000 < INLINE_SLICE_MS do
            local buf = findBuffer(self.files[next + 1].path, true)
            if buf ~= nil and self.inlines[next] == nil then
                self:attachInline(next, buf, false)
            end
            next = next + 1
        end
        if next < #self.files then
            vim.defer_fn(step, 0)
        end
    end
    step()
    local byName = {}
    __TS__ArrayForEach(
        self.files,
        function(____, f, index)
            byName[vim.fs.normalize(vim.fn.fnamemodify(f.path, ":p"))] = index
            return nil
        end
    )
    inlineReviews = inlineReviews + 1
    self.inlineGroup = vim.api.nvim_create_augroup(
        "claude-ide.inline-review." .. tostring(inlineReviews),
        {clear = true}
    )
    local function opened(buf)
        local index = byName[vim.fs.normalize(vim.fn.fnamemodify(
            vim.api.nvim_buf_get_name(buf),
            ":p"
        ))]
        if index ~= nil and not self.life.settled and self.inlines[index] == nil then
            self:attachInline(index, buf, false)
        end
    end
    vim.api.nvim_create_autocmd(
        "BufWinEnter",
        {
            group = self.inlineGroup,
            desc = "claude-ide: a file of the turn's review, opened, shows its hunks in its buffer",
            callback = function(ev)
                opened(ev.buf)
            end
        }
    )
end
function MultiReview.prototype.attachInline(self, index, buf, loud)
    local overview = self.overview
    if overview == nil or self.life.settled then
        return nil
    end
    local f = self.files[index + 1]
    if f.deletes == true then
        if loud then
            say(f.label .. ": deleted by the turn, no buffer holds it (the overview shows it)", "warn")
        end
        return nil
    end
    if vim.api.nvim_get_option_value("modified", {buf = buf}) ~= true then
        pcall(
            vim.cmd,
            "silent! checktime " .. tostring(buf)
        )
    end
    local ____opt_2 = self.inlines[index]
    if ____opt_2 ~= nil then
        ____opt_2:close()
    end
    self.inlines[index] = nil
    local ok, made = pcall(function() return __TS__New(
        InlineView,
        buf,
        {
            file = function() return overview:docFile(index) end,
            decide = function(picks, pressed, tag) return overview:decideFrom(index, picks, pressed, tag) end,
            lastTag = function(which) return overview:lastTag(which) end,
            undo = function() return overview:undo() end,
            redo = function() return overview:redo() end
        },
        self.config.diff,
        f.label,
        loud
    ) end)
    if not ok then
        if loud then
            say(
                tostring(made),
                "warn"
            )
        end
        return nil
    end
    self.inlines[index] = made
    return made
end
function MultiReview.prototype.inlineChanged(self, index)
    local view = self.inlines[index]
    if view == nil then
        return
    end
    if view:refresh() then
        return
    end
    view:close()
    self.inlines[index] = nil
    if vim.api.nvim_buf_is_valid(view.buf) then
        self:attachInline(index, view.buf, false)
    end
end
function MultiReview.prototype.openInline(self, index, hunk)
    local overview = self.overview
    if overview == nil or self.life.settled then
        return
    end
    local path = self.files[index + 1].path
    local origin = overview.origin:window()
    local tab = vim.api.nvim_win_is_valid(origin) and vim.api.nvim_win_get_tabpage(origin) or 0
    local found = findBuffer(path, true)
    local wins = vim.api.nvim_tabpage_list_wins(tab)
    local function isFile(w)
        return vim.api.nvim_win_get_config(w).relative == "" and vim.api.nvim_get_option_value(
            "buftype",
            {buf = vim.api.nvim_win_get_buf(w)}
        ) == "" and w ~= overview.win
    end
    local ____temp_4
    if found == nil then
        ____temp_4 = nil
    else
        ____temp_4 = __TS__ArrayFind(
            wins,
            function(____, w) return vim.api.nvim_win_get_buf(w) == found end
        )
    end
    local win = ____temp_4
    local edit = win == nil
    if win == nil then
        win = vim.api.nvim_win_is_valid(origin) and isFile(origin) and origin or __TS__ArrayFind(
            wins,
            function(____, w) return isFile(w) end
        )
    end
    if win == nil then
        vim.api.nvim_set_current_win(vim.api.nvim_win_is_valid(origin) and origin or overview.win)
        vim.cmd("leftabove vsplit " .. vim.fn.fnameescape(path))
    else
        vim.api.nvim_set_current_win(win)
        if edit then
            vim.cmd("edit " .. vim.fn.fnameescape(path))
        end
    end
    local buf = vim.api.nvim_get_current_buf()
    local ____temp_7
    local ____opt_5 = self.inlines[index]
    if (____opt_5 and ____opt_5.buf) == buf and not self.inlines[index]:isClosed() then
        ____temp_7 = self.inlines[index]
    else
        ____temp_7 = self:attachInline(index, buf, true)
    end
    local view = ____temp_7
    if view ~= nil then
        view:whenShown(function() return view:showHunk(math.max(0, hunk)) end)
    end
end
function MultiReview.prototype.closeInline(self)
    for index, view in pairs(self.inlines) do
        view:close()
        self.inlines[index] = nil
    end
    if self.inlineGroup ~= nil then
        pcall(vim.api.nvim_del_augroup_by_id, self.inlineGroup)
    end
    self.inlineGroup = nil
end
function MultiReview.prototype.focusIfWaiting(self)
    if self.overview ~= nil then
        return self.overview:isWaiting() and self.overview:focus()
    end
    return self.view ~= nil and self.view:isWaiting() and self.view:focus()
end
function MultiReview.prototype.reject(self)
    self["end"](self, false, true)
end
function MultiReview.prototype.cancel(self)
    if not self.life:settle() then
        return
    end
    self:closeInline()
    self:closeAll()
end
function MultiReview.prototype.runKey(self, key, index)
    if self.life.settled then
        return
    end
    key.fn(
        index,
        function(lines) return self:setProposal(index, lines, true) end
    )
end
function MultiReview.prototype.setProposal(self, index, lines, replaced)
    if replaced == nil then
        replaced = false
    end
    if self.life.settled then
        return
    end
    self.texts[index + 1] = lines
    if self.overview == nil then
        self:replaceSingle()
        return
    end
    self:closeFile()
    self.overview:setProposal(index, lines, replaced)
end
function MultiReview.prototype.replaceSingle(self)
    local old = self.view
    local stay = (old and old:hasFocus()) == true
    if old ~= nil then
        old:settle()
    end
    local ok, err = pcall(function() return self:openFile(0, old and old.origin, stay) end)
    if old ~= nil then
        old:close(not ok)
    end
    if not ok then
        error(err, 0)
    end
    if stay and vim.startswith(
        vim.api.nvim_get_mode().mode,
        "i"
    ) then
        vim.cmd("stopinsert")
    end
end
function MultiReview.prototype.openFromOverview(self, index, hunk)
    local overview = self.overview
    if self.life.settled or overview == nil then
        return
    end
    self:closeFile()
    local ok, err = pcall(function() return self:openFile(
        index,
        nil,
        true,
        overview:decided(index)
    ) end)
    if not ok then
        self.view = nil
        overview:enter()
        say(
            (("cannot open " .. self.files[index + 1].label) .. "'s review: ") .. tostring(err),
            "error"
        )
        return
    end
    local line = overview:lineOf(
        index,
        math.max(0, hunk)
    )
    local ____opt_18 = self.view
    if (____opt_18 and ____opt_18:hasFocus()) == true then
        pcall(
            vim.api.nvim_win_set_cursor,
            0,
            {
                math.min(
                    line,
                    vim.api.nvim_buf_line_count(0)
                ),
                0
            }
        )
    end
end
function MultiReview.prototype.backToOverview(self, keep)
    local view = self.view
    local overview = self.overview
    if view == nil or overview == nil then
        return
    end
    local lines = keep and textLines(view:proposalText()) or nil
    local line = view:cursorLine()
    view:settle()
    vim.schedule(function()
        if self.view ~= view or self.life.settled then
            return
        end
        local focused = view:hasFocus()
        self.view = nil
        view:close(false)
        if focused then
            overview:enter()
        end
        if lines ~= nil then
            overview:setProposal(self.index, lines)
        end
        overview:showHunkAt(self.index, line)
    end)
end
function MultiReview.prototype.closeFile(self)
    local view = self.view
    if view == nil or self.overview == nil then
        return
    end
    local focused = view:hasFocus()
    self.view = nil
    view:settle()
    view:close(false)
    if focused then
        self.overview:enter()
    end
end
function MultiReview.prototype.openFile(self, i, origin, enter, lines)
    if lines == nil then
        lines = self.texts[i + 1]
    end
    self.index = i
    local f = self.files[i + 1]
    local n = #self.files
    local text = linesText(lines)
    local fromOverview = self.overview ~= nil
    local keys = __TS__ArrayMap(
        self.extraKeys,
        function(____, k) return {
            lhs = k.lhs,
            desc = k.desc,
            fn = function() return vim.schedule(function() return self:runKey(k, i) end) end
        } end
    )
    local ____openFileView_39 = openFileView
    local ____temp_22 = fromOverview and ((((self.title .. " [") .. tostring(i + 1)) .. "/") .. tostring(n)) .. "]" or self.title
    local ____f_path_23 = f.path
    local ____f_current_24 = f.current
    local ____f_dirty_25 = f.dirty
    local ____reviewText_result_26 = reviewText(text)
    local ____temp_27 = #text
    local ____f_filetype_28 = f.filetype
    local ____f_renamedFrom_29 = f.renamedFrom
    local ____f_deletes_30 = f.deletes
    local ____self_config_diff_31 = self.config.diff
    local ____self_home_32 = self.home
    local ____self_client_33 = self.client
    local ____enter_34 = enter
    local ____origin_35 = origin
    local ____temp_36 = fromOverview and ({
        (("File " .. tostring(i + 1)) .. "/") .. tostring(n),
        ("(" .. f.summary) .. ")",
        self:heading()
    }) or ({
        ("(" .. f.summary) .. ")",
        self:heading()
    })
    local ____self_words_37 = self.words
    local ____fromOverview_38 = fromOverview
    local ____opt_20 = self.overview
    self.view = ____openFileView_39(
        {
            tabName = ____temp_22,
            path = ____f_path_23,
            current = ____f_current_24,
            dirty = ____f_dirty_25,
            proposal = ____reviewText_result_26,
            bytes = ____temp_27,
            filetype = ____f_filetype_28,
            renamedFrom = ____f_renamedFrom_29,
            deletes = ____f_deletes_30,
            config = ____self_config_diff_31,
            home = ____self_home_32,
            client = ____self_client_33,
            enter = ____enter_34,
            origin = ____origin_35,
            note = ____temp_36,
            words = ____self_words_37,
            fromOverview = ____fromOverview_38,
            overview = ____opt_20 and ____opt_20.buf,
            answered = f.answered,
            currentLabel = f.baseLabel,
            keys = keys
        },
        fromOverview and ({
            accept = function() return self:backToOverview(true) end,
            reject = function(reason)
                if reason == nil then
                    self:backToOverview(false)
                elseif type(self.note) == "function" then
                    self.note(reason)
                else
                    self["end"](self, false, false, reason)
                end
            end
        }) or ({
            accept = function() return self["end"](self, true) end,
            reject = function(reason) return self["end"](self, false, false, reason) end
        })
    )
end
function MultiReview.prototype.heading(self)
    local bare = string.gsub(self.title, "^✻ %[[^%]]*%] ", "")
    return bare
end
MultiReview.prototype["end"] = function(self, accepted, closeNow, reason)
    if closeNow == nil then
        closeNow = false
    end
    if not self.life:settle() then
        return
    end
    if accepted then
        if self.overview == nil then
            if self.view ~= nil then
                self.texts[self.index + 1] = textLines(self.view:proposalText())
            end
        else
            self:closeFileKeeping()
        end
    end
    local ____accepted_42
    if accepted then
        local ____opt_40 = self.overview
        ____accepted_42 = ____opt_40 and ____opt_40:finals() or self.texts
    else
        ____accepted_42 = {}
    end
    local files = ____accepted_42
    self:closeInline()
    local ____opt_43 = self.view
    if ____opt_43 ~= nil then
        ____opt_43:settle()
    end
    local ____opt_45 = self.overview
    if ____opt_45 ~= nil then
        ____opt_45:settle()
    end
    if closeNow and not vim.in_fast_event() then
        self:closeAll()
    else
        vim.schedule(function() return self:closeAll() end)
    end
    self.onDecision(accepted and ({accepted = true, files = files}) or ({accepted = false, reason = reason}))
end
function MultiReview.prototype.closeFileKeeping(self)
    local view = self.view
    if view == nil or self.overview == nil then
        return
    end
    self.overview:setProposal(
        self.index,
        textLines(view:proposalText())
    )
end
function MultiReview.prototype.closeAll(self)
    local ____opt_47 = self.view
    local ____temp_51 = (____opt_47 and ____opt_47:hasFocus()) == true
    if not ____temp_51 then
        local ____opt_49 = self.overview
        ____temp_51 = (____opt_49 and ____opt_49:hasFocus()) == true
    end
    local focused = ____temp_51
    local overview = self.overview
    local ____opt_52 = self.view
    if ____opt_52 ~= nil then
        ____opt_52:settle()
    end
    if overview ~= nil then
        overview:settle()
    end
    if overview == nil then
        local ____opt_56 = self.view
        if ____opt_56 ~= nil then
            ____opt_56:close()
        end
        return
    end
    local ____opt_58 = self.view
    if ____opt_58 ~= nil then
        ____opt_58:close(false)
    end
    overview:close(false)
    if focused then
        overview.origin:restore()
    end
end
return ____exports
