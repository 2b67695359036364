-- Generated from src/claude-ide/tools/diagnostics.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local findBuffer = ____buffers.findBuffer
local ____positions = require("claude-ide.editor.positions")
local byteToUtf16 = ____positions.byteToUtf16
local ____paths = require("claude-ide.tools.paths")
local pathCandidates = ____paths.pathCandidates
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local optional = ____schema.optional
local str = ____schema.str
local ____tool = require("claude-ide.protocol.tool")
local jsonText = ____tool.jsonText
local SEVERITY_NAMES = {[1] = "Error", [2] = "Warning", [3] = "Information", [4] = "Hint"}
--- Reads buffer lines once per line number (diagnostics often share lines).
local LineCache = __TS__Class()
LineCache.name = "LineCache"
function LineCache.prototype.____constructor(self, buf)
    self.buf = buf
    self.lines = {}
end
function LineCache.prototype.utf16(self, lnum, col)
    if not vim.api.nvim_buf_is_loaded(self.buf) then
        return col
    end
    local line = self.lines[lnum]
    if line == nil then
        line = vim.api.nvim_buf_get_lines(self.buf, lnum, lnum + 1, false)[1] or ""
        self.lines[lnum] = line
    end
    return byteToUtf16(line, col)
end
--- Said instead of a diagnostic's message in a file the privacy policy withholds (it may quote the line).
local WITHHELD_MESSAGE = "(message withheld from the model)"
local function convert(d, lines, withheld)
    local endLine = d.end_lnum or d.lnum
    local out = dict({
        message = withheld and WITHHELD_MESSAGE or d.message,
        severity = SEVERITY_NAMES[d.severity or 1] or "Error",
        range = {
            start = {
                line = d.lnum,
                character = lines:utf16(d.lnum, d.col)
            },
            ["end"] = {
                line = endLine,
                character = lines:utf16(endLine, d.end_col or d.col)
            }
        }
    })
    if d.source ~= nil and d.source ~= "" then
        out.source = d.source
    end
    if d.code ~= nil and d.code ~= "" then
        out.code = d.code
    end
    return out
end
local function byPosition(a, b)
    local ____temp_0
    if a.lnum ~= b.lnum then
        ____temp_0 = a.lnum < b.lnum
    else
        ____temp_0 = a.col < b.col
    end
    return ____temp_0
end
--- One file's entry: `uri` and its diagnostics in position order (messages withheld for a withheld file).
local function entry(buf, uri, diagnostics, policy)
    local lines = __TS__New(LineCache, buf)
    table.sort(diagnostics, byPosition)
    local withheld = policy:withheld(bufferPath(buf)) ~= nil
    return {
        uri = uri,
        diagnostics = __TS__ArrayMap(
            diagnostics,
            function(____, d) return convert(d, lines, withheld) end
        )
    }
end
--- Buffer variable: the path the CLI asked for this buffer's diagnostics by, when it names the file another way
-- (a symlink), with the buffer name it was seen with. The all-files answer then uses that spelling too: the
-- CLI matches its after-edit getDiagnostics {} against the path of its baseline.
local ASKED_VAR = "claude_ide_diagnostics_path"
local function forUri(uri, policy)
    for ____, path in ipairs(pathCandidates(uri, "uri")) do
        do
            local buf = findBuffer(path)
            if buf == nil then
                goto __continue13
            end
            local own = bufferPath(buf)
            vim.b[buf][ASKED_VAR] = path ~= own and ({
                path = path,
                name = vim.api.nvim_buf_get_name(buf)
            }) or nil
            return {entry(
                buf,
                uri,
                vim.diagnostic.get(buf),
                policy
            )}
        end
        ::__continue13::
    end
    return {}
end
local function all(policy)
    local byBuf = {}
    local order = {}
    for ____, d in ipairs(vim.diagnostic.get()) do
        do
            local buf = d.bufnr
            if buf == nil or not vim.api.nvim_buf_is_valid(buf) or vim.api.nvim_buf_get_name(buf) == "" then
                goto __continue17
            end
            local list = byBuf[buf]
            if list == nil then
                list = {}
                byBuf[buf] = list
                order[#order + 1] = buf
            end
            list[#list + 1] = d
        end
        ::__continue17::
    end
    table.sort(order)
    return __TS__ArrayMap(
        order,
        function(____, buf)
            local asked = vim.b[buf][ASKED_VAR]
            local path = asked ~= nil and asked.name == vim.api.nvim_buf_get_name(buf) and asked.path or bufferPath(buf)
            return entry(buf, "file://" .. path, byBuf[buf] or ({}), policy)
        end
    )
end
____exports.getDiagnostics = defineTool({
    name = "getDiagnostics",
    description = "Get language diagnostics (errors, warnings) from Neovim: for one file (uri) or for every file that has any. Lines and characters are 0-based (UTF-16).",
    input = {uri = optional(str("file:// URI (or absolute path) of one file, answered as given; omit for all files with diagnostics (uri: file:// + the path, not percent-encoded)"))},
    handler = function(args, ctx) return jsonText(args.uri ~= nil and args.uri ~= "" and forUri(args.uri, ctx.services.policy) or all(ctx.services.policy)) end
})
return ____exports
