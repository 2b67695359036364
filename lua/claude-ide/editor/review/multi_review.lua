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
    __TS__ArrayForEach(
        self.files,
        function(____, f, index)
            local buf = findBuffer(f.path, true)
            if buf ~= nil then
                self:attachInline(index, buf, false)
            end
        end
    )
    local byName = {}
    __TS__ArrayForEach(
        self.files,
        function(____, f, index)
            byName[vim.fs.normalize(vim.fn.fnamemodify(f.path, ":p"))] = index
            return nil
        end
    )
    local ____vim_api_nvim_create_augroup_4 = vim.api.nvim_create_augroup
    local ____opt_2 = self.files[1]
    self.inlineGroup = ____vim_api_nvim_create_augroup_4("claude-ide.inline-review." .. (____opt_2 and ____opt_2.path or ""), {clear = true})
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
    if vim.api.nvim_get_option_value("modified", {buf = buf}) ~= true then
        pcall(
            vim.api.nvim_buf_call,
            buf,
            function() return vim.cmd("silent! checktime") end
        )
    end
    local ____opt_5 = self.inlines[index]
    if ____opt_5 ~= nil then
        ____opt_5:close()
    end
    self.inlines[index] = nil
    local ok, made = pcall(function() return __TS__New(
        InlineView,
        buf,
        {
            file = function() return overview:docFile(index) end,
            decide = function(hunk, decision) return overview:decide(index, hunk, decision) end
        },
        self.config.diff,
        f.label
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
    local ____temp_7
    if found == nil then
        ____temp_7 = nil
    else
        ____temp_7 = __TS__ArrayFind(
            wins,
            function(____, w) return vim.api.nvim_win_get_buf(w) == found end
        )
    end
    local win = ____temp_7
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
    local ____temp_10
    local ____opt_8 = self.inlines[index]
    if (____opt_8 and ____opt_8.buf) == buf and not self.inlines[index]:isClosed() then
        ____temp_10 = self.inlines[index]
    else
        ____temp_10 = self:attachInline(index, buf, true)
    end
    local view = ____temp_10
    if view ~= nil then
        view:showHunk(math.max(0, hunk))
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
    local ____opt_21 = self.view
    if (____opt_21 and ____opt_21:hasFocus()) == true then
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
    local ____openFileView_42 = openFileView
    local ____temp_25 = fromOverview and ((((self.title .. " [") .. tostring(i + 1)) .. "/") .. tostring(n)) .. "]" or self.title
    local ____f_path_26 = f.path
    local ____f_current_27 = f.current
    local ____f_dirty_28 = f.dirty
    local ____reviewText_result_29 = reviewText(text)
    local ____temp_30 = #text
    local ____f_filetype_31 = f.filetype
    local ____f_renamedFrom_32 = f.renamedFrom
    local ____f_deletes_33 = f.deletes
    local ____self_config_diff_34 = self.config.diff
    local ____self_home_35 = self.home
    local ____self_client_36 = self.client
    local ____enter_37 = enter
    local ____origin_38 = origin
    local ____temp_39 = fromOverview and ({
        (("File " .. tostring(i + 1)) .. "/") .. tostring(n),
        ("(" .. f.summary) .. ")",
        self:heading()
    }) or ({
        ("(" .. f.summary) .. ")",
        self:heading()
    })
    local ____self_words_40 = self.words
    local ____fromOverview_41 = fromOverview
    local ____opt_23 = self.overview
    self.view = ____openFileView_42(
        {
            tabName = ____temp_25,
            path = ____f_path_26,
            current = ____f_current_27,
            dirty = ____f_dirty_28,
            proposal = ____reviewText_result_29,
            bytes = ____temp_30,
            filetype = ____f_filetype_31,
            renamedFrom = ____f_renamedFrom_32,
            deletes = ____f_deletes_33,
            config = ____self_config_diff_34,
            home = ____self_home_35,
            client = ____self_client_36,
            enter = ____enter_37,
            origin = ____origin_38,
            note = ____temp_39,
            words = ____self_words_40,
            fromOverview = ____fromOverview_41,
            overview = ____opt_23 and ____opt_23.buf,
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
    local ____accepted_45
    if accepted then
        local ____opt_43 = self.overview
        ____accepted_45 = ____opt_43 and ____opt_43:finals() or self.texts
    else
        ____accepted_45 = {}
    end
    local files = ____accepted_45
    self:closeInline()
    local ____opt_46 = self.view
    if ____opt_46 ~= nil then
        ____opt_46:settle()
    end
    local ____opt_48 = self.overview
    if ____opt_48 ~= nil then
        ____opt_48:settle()
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
    local ____opt_50 = self.view
    local ____temp_54 = (____opt_50 and ____opt_50:hasFocus()) == true
    if not ____temp_54 then
        local ____opt_52 = self.overview
        ____temp_54 = (____opt_52 and ____opt_52:hasFocus()) == true
    end
    local focused = ____temp_54
    local overview = self.overview
    local ____opt_55 = self.view
    if ____opt_55 ~= nil then
        ____opt_55:settle()
    end
    if overview ~= nil then
        overview:settle()
    end
    if overview == nil then
        local ____opt_59 = self.view
        if ____opt_59 ~= nil then
            ____opt_59:close()
        end
        return
    end
    local ____opt_61 = self.view
    if ____opt_61 ~= nil then
        ____opt_61:close(false)
    end
    overview:close(false)
    if focused then
        overview.origin:restore()
    end
end
return ____exports
