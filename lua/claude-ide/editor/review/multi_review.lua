-- Generated from src/claude-ide/editor/review/multi_review.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__New = ____lualib.__TS__New
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
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
function MultiReview.prototype.____constructor(self, config, title, files, home, onDecision, extraKeys, client, words, note)
    if extraKeys == nil then
        extraKeys = {}
    end
    if words == nil then
        words = "proposal"
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
    self.index = 0
    self.life = __TS__New(Life)
    self.texts = __TS__ArrayMap(
        files,
        function(____, f) return f.proposal end
    )
end
function MultiReview.prototype.show(self)
    if #self.files < 2 then
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
            end
        }
    )
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
    local ____opt_10 = self.view
    if (____opt_10 and ____opt_10:hasFocus()) == true then
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
    local ____openFileView_31 = openFileView
    local ____temp_14 = fromOverview and ((((self.title .. " [") .. tostring(i + 1)) .. "/") .. tostring(n)) .. "]" or self.title
    local ____f_path_15 = f.path
    local ____f_current_16 = f.current
    local ____f_dirty_17 = f.dirty
    local ____reviewText_result_18 = reviewText(text)
    local ____temp_19 = #text
    local ____f_filetype_20 = f.filetype
    local ____f_renamedFrom_21 = f.renamedFrom
    local ____f_deletes_22 = f.deletes
    local ____self_config_diff_23 = self.config.diff
    local ____self_home_24 = self.home
    local ____self_client_25 = self.client
    local ____enter_26 = enter
    local ____origin_27 = origin
    local ____temp_28 = fromOverview and ({
        (("File " .. tostring(i + 1)) .. "/") .. tostring(n),
        ("(" .. f.summary) .. ")",
        self:heading()
    }) or ({
        ("(" .. f.summary) .. ")",
        self:heading()
    })
    local ____self_words_29 = self.words
    local ____fromOverview_30 = fromOverview
    local ____opt_12 = self.overview
    self.view = ____openFileView_31(
        {
            tabName = ____temp_14,
            path = ____f_path_15,
            current = ____f_current_16,
            dirty = ____f_dirty_17,
            proposal = ____reviewText_result_18,
            bytes = ____temp_19,
            filetype = ____f_filetype_20,
            renamedFrom = ____f_renamedFrom_21,
            deletes = ____f_deletes_22,
            config = ____self_config_diff_23,
            home = ____self_home_24,
            client = ____self_client_25,
            enter = ____enter_26,
            origin = ____origin_27,
            note = ____temp_28,
            words = ____self_words_29,
            fromOverview = ____fromOverview_30,
            overview = ____opt_12 and ____opt_12.buf,
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
    local ____accepted_34
    if accepted then
        local ____opt_32 = self.overview
        ____accepted_34 = ____opt_32 and ____opt_32:finals() or self.texts
    else
        ____accepted_34 = {}
    end
    local files = ____accepted_34
    local ____opt_35 = self.view
    if ____opt_35 ~= nil then
        ____opt_35:settle()
    end
    local ____opt_37 = self.overview
    if ____opt_37 ~= nil then
        ____opt_37:settle()
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
    local ____opt_39 = self.view
    local ____temp_43 = (____opt_39 and ____opt_39:hasFocus()) == true
    if not ____temp_43 then
        local ____opt_41 = self.overview
        ____temp_43 = (____opt_41 and ____opt_41:hasFocus()) == true
    end
    local focused = ____temp_43
    local overview = self.overview
    local ____opt_44 = self.view
    if ____opt_44 ~= nil then
        ____opt_44:settle()
    end
    if overview ~= nil then
        overview:settle()
    end
    if overview == nil then
        local ____opt_48 = self.view
        if ____opt_48 ~= nil then
            ____opt_48:close()
        end
        return
    end
    local ____opt_50 = self.view
    if ____opt_50 ~= nil then
        ____opt_50:close(false)
    end
    overview:close(false)
    if focused then
        overview.origin:restore()
    end
end
return ____exports
