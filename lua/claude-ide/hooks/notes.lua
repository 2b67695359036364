-- Generated from src/claude-ide/hooks/notes.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local ____exports = {}
local ____model = require("claude-ide.editor.review.model")
local diffHunks = ____model.diffHunks
local lineBefore = ____model.lineBefore
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
--- Notes kept at most (the oldest go first); one note's length at most (bytes).
local MAX_NOTES = 20
local MAX_NOTE_BYTES = 4000
____exports.Notes = __TS__Class()
local Notes = ____exports.Notes
Notes.name = "Notes"
function Notes.prototype.____constructor(self)
    self.notes = {}
end
function Notes.prototype.add(self, text, scope)
    if scope == nil then
        scope = {}
    end
    if type(text) == "function" then
        self:push({text = text, scope = scope})
        return
    end
    local trimmed = vim.trim(text)
    if trimmed == "" then
        return
    end
    local capped = #trimmed > MAX_NOTE_BYTES and string.sub(trimmed, 1, MAX_NOTE_BYTES) .. "…" or trimmed
    self:push({text = capped, scope = scope})
end
function Notes.prototype.push(self, note)
    local ____self_notes_0 = self.notes
    ____self_notes_0[#____self_notes_0 + 1] = note
    if #self.notes > MAX_NOTES then
        table.remove(self.notes, 1)
    end
end
function Notes.prototype.drain(self, session, owner, far)
    local taken = {}
    local kept = {}
    for ____, note in ipairs(self.notes) do
        local s = note.scope
        local mine = s.session == nil and s.clientId == nil or s.session ~= nil and s.session == session or s.clientId ~= nil and s.clientId == owner
        if not mine then
            kept[#kept + 1] = note
        elseif type(note.text) == "string" then
            taken[#taken + 1] = note.text
        else
            local ok, text = pcall(note.text, far)
            if ok and type(text) == "string" and vim.trim(text) ~= "" then
                taken[#taken + 1] = text
            end
        end
    end
    self.notes = kept
    return taken
end
function Notes.prototype.count(self)
    return #self.notes
end
--- The CLIs that HTML-escape a hook's additionalContext before their model reads it: every < as &lt; and > as &gt;
-- (Gemini CLI 0.61.0 and Qwen Code 0.24.4, DefaultHookOutput.getAdditionalContext in packages/core/src/hooks/types.ts).
local ESCAPING_CLIS = {gemini = "Gemini CLI", qwen = "Qwen Code"}
--- The turn-start context that carries `notes` (at least one) to `client`'s model. A CLI that escapes it gets, when
-- the notes hold a < or >, one line saying so in words of its own (no < or > in it): a quoted `a > b` reaches
-- that model as `a &gt; b`, and an edit made from the quote must use the sign, not the entity.
function ____exports.notesContext(client, notes)
    local text = "Notes from the user's editor (Neovim):\n" .. table.concat(notes, "\n")
    local cli = ESCAPING_CLIS[client]
    if cli == nil or (string.find(text, "[<>]")) == nil then
        return text
    end
    return ((text .. "\n(") .. cli) .. " passes this context on with each less-than sign written as &lt; and each greater-than sign as &gt;: the files hold the signs themselves.)"
end
--- The user's notes on lines not sent yet, sent with the next prompt of `scope` (applying a turn review): their
-- text is made when that prompt comes, with the paths as its CLI knows them, and each note goes once.
function ____exports.queueLineNotes(services, scope)
    local book = services.lineNotes
    local ids = book and book:pending() or ({})
    if book == nil or #ids == 0 then
        return
    end
    services.notes:add(
        function(far)
            local ____book_take_4 = book.take
            local ____temp_3
            if far == nil then
                ____temp_3 = nil
            else
                ____temp_3 = function(path) return far:toFar(path) end
            end
            return ____book_take_4(book, ids, ____temp_3)
        end,
        scope
    )
end
--- Whether hunk `h` changed lines `first`..`last` of the text before (a hunk that only adds lines: added right
-- above, inside or right below them).
local function changes(h, first, last)
    local before = lineBefore(h, "a")
    if h.aCount == 0 then
        return first - 1 <= before and before <= last
    end
    return before + 1 <= last and first <= before + h.aCount
end
--- A turn's review opens: each note sent (with the prompt of that turn, or before and not answered since) whose
-- lines a hunk of that turn changed is answered, shown beside that hunk (the result: per file of `files`, the
-- notes to show, at the line of the turn's text where the hunk is); the others are not answered, and stay on their
-- lines saying so. Nothing without notes on lines (the turn review's stand-in services).
function ____exports.answeredNotes(services, files)
    local out = __TS__ArrayMap(
        files,
        function() return {} end
    )
    local book = services.lineNotes
    local sent = book and book:sentNotes() or ({})
    if book == nil or #sent == 0 then
        return out
    end
    local answered = {}
    local unanswered = {}
    local index = {}
    __TS__ArrayForEach(
        files,
        function(____, f, i)
            index[normalizePath(f.path)] = i
            return nil
        end
    )
    local hunks = {}
    for ____, n in ipairs(sent) do
        do
            local i = index[n.path]
            local found
            if i ~= nil then
                if not (hunks[i] ~= nil) then
                    hunks[i] = diffHunks(files[i + 1].before, files[i + 1].after)
                end
                found = __TS__ArrayFind(
                    hunks[i],
                    function(____, h) return changes(h, n.first, n.last) end
                )
            end
            if found == nil or i == nil then
                unanswered[#unanswered + 1] = n.id
                goto __continue28
            end
            answered[#answered + 1] = n.id
            local ____out_index_7 = out[i + 1]
            ____out_index_7[#____out_index_7 + 1] = {
                line = math.max(
                    1,
                    lineBefore(found, "b") + 1
                ),
                text = n.text
            }
        end
        ::__continue28::
    end
    book:markAnswered(answered, unanswered)
    return out
end
return ____exports
