-- Generated from src/claude-ide/editor/multi_review.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__SparseArrayNew = ____lualib.__TS__SparseArrayNew
local __TS__SparseArrayPush = ____lualib.__TS__SparseArrayPush
local __TS__SparseArraySpread = ____lualib.__TS__SparseArraySpread
local __TS__New = ____lualib.__TS__New
local ____exports = {}
local ____diff_text = require("claude-ide.editor.diff_text")
local linesText = ____diff_text.linesText
local reviewText = ____diff_text.reviewText
local textLines = ____diff_text.textLines
local ____diff_view = require("claude-ide.editor.diff_view")
local DiffView = ____diff_view.DiffView
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
    local view = self.view
    self.stay = (view and view:hasFocus()) == true
    if view ~= nil then
        view:settle()
    end
    if view ~= nil then
        view:close()
    end
    self:open((i % #self.files + #self.files) % #self.files)
end
function MultiReview.prototype.setProposal(self, i, lines)
    if self.ended then
        return
    end
    local view = self.view
    if view ~= nil then
        view:settle()
    end
    if view ~= nil then
        view:close()
    end
    self.texts[i + 1] = lines
    self:open(i)
end
function MultiReview.prototype.keepCurrent(self)
    if self.view ~= nil then
        self.texts[self.index + 1] = textLines(self.view:proposalText())
    end
end
function MultiReview.prototype.open(self, i)
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
    local ____multi_15
    if multi then
        local ____array_14 = __TS__SparseArrayNew(unpack(extra))
        __TS__SparseArrayPush(
            ____array_14,
            {
                lhs = ____exports.NEXT_FILE_KEY,
                desc = "next file of this review",
                fn = function() return vim.schedule(function() return self:go(self.index + 1) end) end
            },
            {
                lhs = ____exports.PREV_FILE_KEY,
                desc = "previous file of this review",
                fn = function() return vim.schedule(function() return self:go(self.index - 1) end) end
            }
        )
        ____multi_15 = {__TS__SparseArraySpread(____array_14)}
    else
        ____multi_15 = extra
    end
    local keys = ____multi_15
    local ____DiffView_29 = DiffView
    local ____temp_17 = multi and ((((self.title .. " [") .. tostring(i + 1)) .. "/") .. tostring(n)) .. "]" or self.title
    local ____f_path_18 = f.path
    local ____f_current_19 = f.current
    local ____f_dirty_20 = f.dirty
    local ____reviewText_result_21 = reviewText(text)
    local ____temp_22 = #text
    local ____f_filetype_23 = f.filetype
    local ____f_renamedFrom_24 = f.renamedFrom
    local ____f_deletes_25 = f.deletes
    local ____self_config_diff_26 = self.config.diff
    local ____self_home_27 = self.home
    local ____self_client_28 = self.client
    local ____table_stay_16
    if self.stay then
        ____table_stay_16 = true
    else
        ____table_stay_16 = nil
    end
    self.view = __TS__New(
        ____DiffView_29,
        {
            tabName = ____temp_17,
            path = ____f_path_18,
            current = ____f_current_19,
            dirty = ____f_dirty_20,
            proposal = ____reviewText_result_21,
            bytes = ____temp_22,
            filetype = ____f_filetype_23,
            renamedFrom = ____f_renamedFrom_24,
            deletes = ____f_deletes_25,
            config = ____self_config_diff_26,
            home = ____self_home_27,
            client = ____self_client_28,
            enter = ____table_stay_16,
            note = multi and ((((((((((("File " .. tostring(i + 1)) .. "/") .. tostring(n)) .. " (") .. f.summary) .. "), ") .. ____exports.NEXT_FILE_KEY) .. "/") .. ____exports.PREV_FILE_KEY) .. " next/prev file, accept applies all ") .. tostring(n)) .. ":" or ("(" .. f.summary) .. ")",
            keys = keys
        },
        {
            accept = function() return self["end"](self, true) end,
            reject = function(reason) return self["end"](self, false, false, reason) end
        }
    )
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
