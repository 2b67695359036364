-- Generated from src/claude-ide/agent/tools/quickfix.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local ____exports = {}
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local enumOf = ____schema.enumOf
local int = ____schema.int
local optional = ____schema.optional
local reading = ____schema.reading
local ____quickfix = require("claude-ide.agent.quickfix")
local header = ____quickfix.header
local listing = ____quickfix.listing
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local fitLines = ____result.fitLines
local guarded = ____result.guarded
local textResult = ____result.textResult
____exports.quickfix = defineTool({
    name = "quickfix",
    title = "Quickfix list",
    description = ("The user's quickfix list (what :make, :grep, :vimgrep, test runners and linters filled) or the current window's " .. "location list: its title, then one `path:line:col: type: text` line per entry. Use it when the user speaks of ") .. "build errors, test failures or search results in Neovim. Long lists come in pages (start).",
    input = {
        list = optional(enumOf({"quickfix", "loclist"}, "Which list (default \"quickfix\")")),
        start = optional(int("First entry to show (1-based, default 1)", {minimum = 1}))
    },
    closed = true,
    annotations = reading("Quickfix list"),
    handler = function(args) return guarded(function()
        local l = listing(args.list or "quickfix")
        local total = #l.lines
        if total == 0 then
            return textResult(header(l) .. ": empty")
        end
        local first = args.start or 1
        if first > total then
            failWith(((((("start " .. tostring(first)) .. " is past the end: the ") .. l.name) .. " has ") .. tostring(total)) .. " entries")
        end
        local page = fitLines(__TS__ArraySlice(l.lines, first - 1))
        local last = first + page.taken - 1
        local more = last < total and (((("\n… entries " .. tostring(last + 1)) .. "-") .. tostring(total)) .. " not shown: call quickfix again with start=") .. tostring(last + 1) or ""
        return textResult(((header(l) .. ":\n") .. page.text) .. more)
    end) end
})
return ____exports
