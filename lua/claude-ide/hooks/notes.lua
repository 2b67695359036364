-- Generated from src/claude-ide/hooks/notes.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local ____exports = {}
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
    local trimmed = vim.trim(text)
    if trimmed == "" then
        return
    end
    local capped = #trimmed > MAX_NOTE_BYTES and string.sub(trimmed, 1, MAX_NOTE_BYTES) .. "…" or trimmed
    local ____self_notes_0 = self.notes
    ____self_notes_0[#____self_notes_0 + 1] = {text = capped, scope = scope}
    if #self.notes > MAX_NOTES then
        table.remove(self.notes, 1)
    end
end
function Notes.prototype.drain(self, session, owner)
    local taken = {}
    local kept = {}
    for ____, note in ipairs(self.notes) do
        local s = note.scope
        local mine = s.session == nil and s.clientId == nil or s.session ~= nil and s.session == session or s.clientId ~= nil and s.clientId == owner
        if mine then
            taken[#taken + 1] = note.text
        else
            kept[#kept + 1] = note
        end
    end
    self.notes = kept
    return taken
end
function Notes.prototype.count(self)
    return #self.notes
end
return ____exports
