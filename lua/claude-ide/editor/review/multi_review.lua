-- Generated from src/claude-ide/editor/review/multi_review.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local ____exports = {}
local ____diff_text = require("claude-ide.editor.review.diff_text")
local linesText = ____diff_text.linesText
local reviewText = ____diff_text.reviewText
local textLines = ____diff_text.textLines
local ____file_view = require("claude-ide.editor.review.file_view")
local openFileView = ____file_view.openFileView
____exports.NEXT_FILE_KEY = "]f"
____exports.PREV_FILE_KEY = "[f"
____exports.MultiReview = __TS__Class()
local MultiReview = ____exports.MultiReview
MultiReview.name = "MultiReview"
function MultiReview.prototype.____constructor(self, config, title, files, home, onDecision, extraKeys, client)
    if extraKeys == nil then
        extraKeys = {}
    end
    self.config = config
    self.title = title
    self.files = files
    self.home = home
    self.onDecision = onDecision
    self.extraKeys = extraKeys
    self.client = client
    self.index = 0
    self.ended = false
    self.stay = false
    self.texts = __TS__ArrayMap(
        files,
        function(____, f) return f.proposal end
    )
end
function MultiReview.prototype.show(self)
    self:open(0)
end
function MultiReview.prototype.focusIfWaiting(self)
    return self.view ~= nil and self.view:isWaiting() and self.view:focus()
end
function MultiReview.prototype.position(self)
    return {index = self.index, count = #self.files}
end
function MultiReview.prototype.reject(self)
    self["end"](self, false, true)
end
function MultiReview.prototype.cancel(self)
    if self.ended then
        return
    end
    self.ended = true
    local ____opt_0 = self.view
    if ____opt_0 ~= nil then
        ____opt_0:settle()
    end
    local ____opt_2 = self.view
    if ____opt_2 ~= nil then
        ____opt_2:close()
    end
end
function MultiReview.prototype.go(self, i)
    if self.ended or #self.files < 2 then
        return
    end
    self:keepCurrent()
    self:replaceView((i % #self.files + #self.files) % #self.files)
end
function MultiReview.prototype.setProposal(self, i, lines)
    if self.ended then
        return
    end
    self.texts[i + 1] = lines
    self:replaceView(i)
end
function MultiReview.prototype.replaceView(self, i)
    local old = self.view
    self.stay = (old and old:hasFocus()) == true
    if old ~= nil then
        old:settle()
    end
    local ok, err = pcall(function() return self:open(i, old and old.origin) end)
    if old ~= nil then
        old:close(not ok)
    end
    if not ok then
        error(err, 0)
    end
    if self.stay and vim.startswith(
        vim.api.nvim_get_mode().mode,
        "i"
    ) then
        vim.cmd("stopinsert")
    end
end
function MultiReview.prototype.keepCurrent(self)
    if self.view ~= nil then
        self.texts[self.index + 1] = textLines(self.view:proposalText())
    end
end
function MultiReview.prototype.open(self, i, origin)
    self.index = i
    local f = self.files[i + 1]
    local n = #self.files
    local text = linesText(self.texts[i + 1])
    local multi = n > 1
    local extra = __TS__ArrayMap(
        self.extraKeys,
        function(____, k) return {
            lhs = k.lhs,
            desc = k.desc,
            fn = function()
                local index = self.index
                vim.schedule(function() return k.fn(
                    index,
                    function(lines) return self:setProposal(index, lines) end
                ) end)
            end
        } end
    )
    local ____multi_13
    if multi then
        local ____array_12 = __TS__SparseArrayNew(unpack(extra))
        __TS__SparseArrayPush(
            ____array_12,
            {
                lhs = ____exports.NEXT_FILE_KEY,
                desc = "next file of this review",
                fn = function() return vim.schedule(function() return self:go(self.index + 1) end) end,
                hint = ((____exports.NEXT_FILE_KEY .. "/") .. ____exports.PREV_FILE_KEY) .. " next/prev file"
            },
            {
                lhs = ____exports.PREV_FILE_KEY,
                desc = "previous file of this review",
                fn = function() return vim.schedule(function() return self:go(self.index - 1) end) end
            }
        )
        ____multi_13 = {__TS__SparseArraySpread(____array_12)}
    else
        ____multi_13 = extra
    end
    local keys = ____multi_13
    local ____openFileView_27 = openFileView
    local ____temp_15 = multi and ((((self.title .. " [") .. tostring(i + 1)) .. "/") .. tostring(n)) .. "]" or self.title
    local ____f_path_16 = f.path
    local ____f_current_17 = f.current
    local ____f_dirty_18 = f.dirty
    local ____reviewText_result_19 = reviewText(text)
    local ____temp_20 = #text
    local ____f_filetype_21 = f.filetype
    local ____f_renamedFrom_22 = f.renamedFrom
    local ____f_deletes_23 = f.deletes
    local ____self_config_diff_24 = self.config.diff
    local ____self_home_25 = self.home
    local ____self_client_26 = self.client
    local ____table_stay_14
    if self.stay then
        ____table_stay_14 = true
    else
        ____table_stay_14 = nil
    end
    self.view = ____openFileView_27(
        {
            tabName = ____temp_15,
            path = ____f_path_16,
            current = ____f_current_17,
            dirty = ____f_dirty_18,
            proposal = ____reviewText_result_19,
            bytes = ____temp_20,
            filetype = ____f_filetype_21,
            renamedFrom = ____f_renamedFrom_22,
            deletes = ____f_deletes_23,
            config = ____self_config_diff_24,
            home = ____self_home_25,
            client = ____self_client_26,
            enter = ____table_stay_14,
            origin = origin,
            note = multi and ({
                (("File " .. tostring(i + 1)) .. "/") .. tostring(n),
                ("(" .. f.summary) .. ")",
                self:heading()
            }) or ({
                ("(" .. f.summary) .. ")",
                self:heading()
            }),
            acceptHint = multi and ("accept all " .. tostring(n)) .. " files" or nil,
            currentLabel = f.baseLabel,
            keys = keys
        },
        {
            accept = function() return self["end"](self, true) end,
            reject = function(reason) return self["end"](self, false, false, reason) end
        }
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
    if self.ended then
        return
    end
    self.ended = true
    if accepted then
        self:keepCurrent()
    end
    local view = self.view
    if view ~= nil then
        view:settle()
    end
    if closeNow and not vim.in_fast_event() then
        if view ~= nil then
            view:close()
        end
    else
        vim.schedule(function() return view and view:close() end)
    end
    self.onDecision(accepted and ({accepted = true, files = self.texts}) or ({accepted = false, reason = reason}))
end
return ____exports
