-- Generated from src/claude-ide/hooks/turn_review.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local ____exports = {}
local openReview, noteFor
local ____contracts = require("claude-ide.contracts")
local WHOLE_FILE_KEY = ____contracts.WHOLE_FILE_KEY
local ____log = require("claude-ide.log")
local say = ____log.say
local ____turn_files = require("claude-ide.hooks.turn_files")
local linesOf = ____turn_files.linesOf
local originOf = ____turn_files.originOf
local turnFiles = ____turn_files.turnFiles
local ____turn_messages = require("claude-ide.hooks.turn_messages")
local fileNames = ____turn_messages.fileNames
local keptMessage = ____turn_messages.keptMessage
local reviewTitle = ____turn_messages.reviewTitle
local summaryOf = ____turn_messages.summaryOf
local userNote = ____turn_messages.userNote
local ____turn_revert = require("claude-ide.hooks.turn_revert")
local applyReverts = ____turn_revert.applyReverts
local ____notes = require("claude-ide.hooks.notes")
local answeredNotes = ____notes.answeredNotes
local queueLineNotes = ____notes.queueLineNotes
local ____turn_state = require("claude-ide.hooks.turn_state")
local CHECKPOINT = ____turn_state.CHECKPOINT
function openReview(deps, s, t, items, title, binaryNote)
    local files = __TS__ArrayMap(
        items,
        function(____, i) return {
            path = i.abs,
            label = i.label,
            current = i.decided or (i.before ~= nil and linesOf(i.before) or nil),
            proposal = linesOf(i.after),
            summary = summaryOf(i),
            dirty = false,
            renamedFrom = i.change.from,
            baseLabel = "Before turn " .. tostring(t.n),
            origin = originOf(i),
            kind = i.change.kind
        } end
    )
    local answered = answeredNotes(
        deps.services,
        __TS__ArrayMap(
            items,
            function(____, i) return {
                path = i.abs,
                before = linesOf(i.before),
                after = linesOf(i.after)
            } end
        )
    )
    __TS__ArrayForEach(
        files,
        function(____, f, k)
            if #answered[k + 1] > 0 then
                f.answered = answered[k + 1]
            end
        end
    )
    local whole = {}
    local keys = {{
        lhs = WHOLE_FILE_KEY,
        desc = "revert this whole file (created: delete it again; deleted: restore it; renamed: move it back)",
        fn = function(index, setProposal)
            local i = items[index + 1]
            if i.yours ~= nil then
                say(((i.label .. " is yours (") .. i.yours) .. "): not reverted", "warn")
                return
            end
            whole[index] = true
            say(i.label .. ": the whole file is to revert, once you apply (:w)")
            setProposal(linesOf(i.before))
        end
    }}
    local ____temp_0
    if s.key == CHECKPOINT then
        ____temp_0 = false
    else
        ____temp_0 = function(text) return noteFor(deps, s, t, text) end
    end
    local note = ____temp_0
    local opened = deps.services.diff.openMulti({
        title = title,
        files = files,
        clientId = s.owner,
        client = s.title,
        keys = keys,
        note = note,
        turn = true,
        inline = deps.config.review.inline
    })
    if not opened.ok then
        say(
            ((((((("the review of turn " .. tostring(t.n)) .. " cannot open (") .. opened.error) .. "); it changed ") .. fileNames(__TS__ArrayMap(
                items,
                function(____, i) return i.label end
            ))) .. ": :ClaudeCodeReview ") .. tostring(t.n)) .. " reviews them",
            "error"
        )
        return
    end
    if binaryNote ~= "" then
        say(title .. binaryNote)
    end
    opened.review.onDecision(function(outcome)
        if not outcome.accepted then
            if outcome.reason ~= nil and note ~= false then
                note(outcome.reason)
            end
            say(keptMessage(t))
            return
        end
        queueLineNotes(deps.services, {session = s.key, clientId = s.owner})
        applyReverts(
            deps,
            s,
            t,
            items,
            outcome.files,
            whole
        )
    end)
end
function noteFor(deps, s, t, text)
    deps.services.notes:add(
        userNote(t, text),
        {session = s.key, clientId = s.owner}
    )
    say(((("turn " .. tostring(t.n)) .. ": your note goes to ") .. s.title) .. " with your next prompt")
end
--- Shows what turn `t` changed (up to the manifest `to`): "auto" opens the review, "manual" only says so;
-- a turn that changed nothing says nothing, one whose every change was reviewed already says that.
function ____exports.presentTurn(deps, s, t, to, mode)
    local files = turnFiles(t, to, deps.base)
    if #files == 0 then
        if mode == "command" then
            say(((("turn " .. tostring(t.n)) .. " of ") .. s.title) .. " changed no file (or they are back as they were)")
        end
        return
    end
    local title = reviewTitle(s, t, files)
    local open = __TS__ArrayFilter(
        files,
        function(____, i) return (mode == "command" or not i.reviewed) and not i.binary end
    )
    local binary = __TS__ArrayMap(
        __TS__ArrayFilter(
            files,
            function(____, i) return i.binary end
        ),
        function(____, i) return i.label end
    )
    local binaryNote = #binary > 0 and (" (not shown, binary: " .. table.concat(binary, ", ")) .. ")" or ""
    if #open == 0 then
        say((title .. ": every change was reviewed already") .. binaryNote)
        return
    end
    if mode == "manual" then
        say(((((title .. " (") .. fileNames(__TS__ArrayMap(
            open,
            function(____, i) return i.label end
        ))) .. ")") .. binaryNote) .. ": :ClaudeCodeReview to review them")
        return
    end
    if mode == "command" then
        for ____, i in ipairs(open) do
            i.decided = nil
        end
    end
    openReview(
        deps,
        s,
        t,
        open,
        title,
        binaryNote
    )
end
return ____exports
