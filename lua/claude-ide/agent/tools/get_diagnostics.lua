-- Generated from src/claude-ide/agent/tools/get_diagnostics.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayIndexOf = ____lualib.__TS__ArrayIndexOf
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local enumOf = ____schema.enumOf
local optional = ____schema.optional
local reading = ____schema.reading
local ____result = require("claude-ide.protocol.result")
local fitLines = ____result.fitLines
local guarded = ____result.guarded
local textResult = ____result.textResult
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local ____target = require("claude-ide.editor.target")
local resolveTarget = ____target.resolveTarget
local targetInput = ____target.targetInput
local ____modules = require("claude-ide.util.modules")
local loadedModule = ____modules.loadedModule
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local SEVERITIES = {"error", "warning", "info", "hint"}
____exports.getDiagnostics = defineTool({
    name = "get_diagnostics",
    title = "Diagnostics",
    description = "Errors and warnings the user's language servers and linters report, as `path:line:col: severity [source]: message`, " .. "for one file or (without path/buffer) every buffer. `severity` keeps that level and worse.",
    input = __TS__ObjectAssign(
        {},
        targetInput,
        {severity = optional(enumOf(SEVERITIES, "Lowest severity to include (default hint: all)"))}
    ),
    closed = true,
    annotations = reading("Diagnostics"),
    handler = function(args, ctx) return guarded(function()
        local target = resolveTarget(ctx.services.policy, args, {required = false})
        local worst = __TS__ArrayIndexOf(SEVERITIES, args.severity or "hint") + 1
        if target ~= nil and target.buf == nil then
            return textResult(target.display .. ": not open in the editor, so no diagnostics (navigate to it, or use lsp tools)")
        end
        local diagnostic = loadedModule("vim.diagnostic")
        local all = diagnostic == nil and ({}) or diagnostic.get(target and target.buf)
        local cwd = normalize(vim.fn.getcwd())
        local policy = ctx.services.policy
        local rules = policy:rules()
        local hidden = {}
        local function withheld(buf)
            local h = hidden[buf]
            if h == nil then
                h = policy:withheld(
                    bufferPath(buf),
                    rules
                ) ~= nil
                hidden[buf] = h
            end
            return h
        end
        local rows = __TS__ArrayMap(
            __TS__ArraySort(
                __TS__ArrayFilter(
                    all,
                    function(____, d) return (d.severity or 1) <= worst and d.bufnr ~= nil and vim.api.nvim_buf_is_loaded(d.bufnr) end
                ),
                function(____, a, b) return a.bufnr ~= b.bufnr and a.bufnr - b.bufnr or (a.lnum ~= b.lnum and a.lnum - b.lnum or a.col - b.col) end
            ),
            function(____, d)
                local buf = d.bufnr
                local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1] or ""
                local source = d.source ~= nil and (" [" .. d.source) .. "]" or ""
                local message = withheld(buf) and "(message withheld from the model)" or (string.gsub(d.message, "\n", " "))
                return ((((((((displayPath(
                    bufferPath(buf),
                    cwd
                ) .. ":") .. tostring(d.lnum + 1)) .. ":") .. tostring(byteToCharColumn(line, d.col))) .. ": ") .. SEVERITIES[d.severity or 1]) .. source) .. ": ") .. message
            end
        )
        local scope = target ~= nil and target.display or "all buffers"
        if #rows == 0 then
            return textResult(("no diagnostics in " .. scope) .. (args.severity ~= nil and (" at " .. args.severity) .. " or worse" or ""))
        end
        local page = fitLines(rows)
        local more = page.taken < #rows and ("\n… " .. tostring(#rows - page.taken)) .. " more: ask for one file (path) or a higher severity" or ""
        return textResult(((((((tostring(#rows) .. " diagnostic") .. (#rows == 1 and "" or "s")) .. " in ") .. scope) .. ":\n") .. page.text) .. more)
    end) end
})
return ____exports
