-- Generated from src/claude-ide/lsp/format.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local ____exports = {}
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local uriCandidates = ____positions.uriCandidates
local ____policy = require("claude-ide.policy.policy")
local realPath = ____policy.realPath
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local readBytes = ____fs.readBytes
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local ____target = require("claude-ide.editor.target")
local SLICE_MS = ____target.SLICE_MS
local yieldToEditor = ____target.yieldToEditor
local ____diff_text = require("claude-ide.editor.review.diff_text")
local splitLikeReadfile = ____diff_text.splitLikeReadfile
local ____encoding = require("claude-ide.lsp.encoding")
local displayColumn = ____encoding.displayColumn
--- The file path of a `file://` URI (other schemes are kept as they are).
function ____exports.uriPath(uri)
    if string.sub(uri, 1, 7) ~= "file://" then
        return uri
    end
    local path = string.sub(uri, 8)
    if string.sub(path, 1, 1) == "/" and (string.find(path, "%", 1, true)) == nil then
        return normalizePath(path)
    end
    return uriCandidates(uri)[1] or normalizePath(uri)
end
--- A file larger than this gives no line texts (its locations are still listed).
local MAX_FILE_BYTES = 16 * 1024 * 1024
--- Lines of files as the editor has them (a loaded buffer's unsaved text, else the disk's), read once each.
____exports.Texts = __TS__Class()
local Texts = ____exports.Texts
Texts.name = "Texts"
function Texts.prototype.____constructor(self, ctx)
    self.ctx = ctx
    self.hidden = {}
    self.realDirs = {}
    self.cache = {}
    self.paths = {}
    self.sliceStart = vim.uv.hrtime()
    self.policy = ctx and ctx.services.policy
    local ____opt_2 = self.policy
    self.rules = ____opt_2 and ____opt_2:rules()
end
function Texts.prototype.quote(self, path, line0)
    return self:withheld(path) and "(text withheld from the model)" or self:line(path, line0)
end
function Texts.prototype.withheld(self, path, link)
    local hide = self.hidden[path]
    if hide == nil then
        hide = self.policy ~= nil and self.policy:withheld(
            path,
            self.rules,
            link == false and self:realOfFile(path) or nil
        ) ~= nil
        self.hidden[path] = hide
    end
    return hide
end
function Texts.prototype.realOfFile(self, path)
    local dir, name = string.match(path, "^(.*)/([^/]+)$")
    if dir == nil or name == nil then
        return realPath(path)
    end
    local real = self.realDirs[dir]
    if real == nil then
        real = realPath(dir == "" and "/" or dir)
        self.realDirs[dir] = real
    end
    return real == "/" and "/" .. name or (real .. "/") .. name
end
function Texts.prototype.path(self, uri)
    local path = self.paths[uri]
    if path == nil then
        path = ____exports.uriPath(uri)
        self.paths[uri] = path
    end
    return path
end
function Texts.prototype.namedBuffer(self, path)
    if self.byName == nil then
        self.byName = {}
        for ____, b in ipairs(vim.api.nvim_list_bufs()) do
            if vim.api.nvim_buf_is_loaded(b) and vim.fn.getbufvar(b, "&buftype") == "" then
                self.byName[vim.api.nvim_buf_get_name(b)] = b
            end
        end
    end
    return self.byName[path]
end
function Texts.prototype.bufferOfFile(self, st)
    local file = (tostring(st.dev) .. ":") .. tostring(st.ino)
    if self.byFile == nil then
        self.byFile = {}
        for name, b in pairs(self.byName or ({})) do
            local bst = vim.uv.fs_stat(name)
            if bst ~= nil then
                self.byFile[(tostring(bst.dev) .. ":") .. tostring(bst.ino)] = b
            end
        end
    end
    return self.byFile[file]
end
function Texts.prototype.lines(self, path)
    local lines = self.cache[path]
    if lines == nil then
        local named = self:namedBuffer(path)
        local st
        if named == nil then
            st = vim.uv.fs_lstat(path)
        end
        local link = (st and st.type) == "link"
        if link then
            st = vim.uv.fs_stat(path)
        end
        local ____named_7 = named
        if ____named_7 == nil then
            local ____temp_6
            if st ~= nil then
                ____temp_6 = self:bufferOfFile(st)
            else
                ____temp_6 = nil
            end
            ____named_7 = ____temp_6
        end
        local buf = ____named_7
        if buf ~= nil then
            lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
        else
            self:withheld(path, link)
            local ____temp_8
            if st ~= nil and st.type == "file" and st.size <= MAX_FILE_BYTES then
                ____temp_8 = readBytes(path, st.size)
            else
                ____temp_8 = nil
            end
            local data = ____temp_8
            lines = data ~= nil and splitLikeReadfile(data) or ({})
            if self.ctx ~= nil and (vim.uv.hrtime() - self.sliceStart) / 1000000 >= SLICE_MS then
                yieldToEditor(self.ctx)
                self.sliceStart = vim.uv.hrtime()
            end
        end
        self.cache[path] = lines
    end
    return lines
end
function Texts.prototype.line(self, path, line0)
    return self:lines(path)[line0 + 1] or ""
end
--- A place of an LSP (uri, position) pair answered by a client with `encoding`.
function ____exports.placeOf(texts, uri, pos, encoding)
    local path = texts:path(uri)
    return {
        path = path,
        line = pos.line + 1,
        col = displayColumn(
            texts:line(path, pos.line),
            pos.character,
            encoding
        )
    }
end
--- Location | LocationLink | a list of them, as places (the link's target selection range when given).
function ____exports.placesOf(texts, result, encoding)
    if result == nil or result == vim.NIL then
        return {}
    end
    local ____vim_islist_result_9
    if vim.islist(result) then
        ____vim_islist_result_9 = result
    else
        ____vim_islist_result_9 = {result}
    end
    local items = ____vim_islist_result_9
    local out = {}
    for ____, item in ipairs(items) do
        local uri = item.uri or item.targetUri
        local range = item.range or item.targetSelectionRange or item.targetRange
        if uri ~= nil and range ~= nil then
            out[#out + 1] = ____exports.placeOf(texts, uri, range.start, encoding)
        end
    end
    return out
end
--- Places without duplicates, sorted by path, then line and column.
function ____exports.uniquePlaces(places)
    local seen = {}
    local out = {}
    for ____, p in ipairs(places) do
        do
            local key = (((p.path .. ":") .. tostring(p.line)) .. ":") .. tostring(p.col)
            if seen[key] ~= nil then
                goto __continue38
            end
            seen[key] = true
            out[#out + 1] = p
        end
        ::__continue38::
    end
    __TS__ArraySort(
        out,
        function(____, a, b) return a.path ~= b.path and (a.path < b.path and -1 or 1) or (a.line ~= b.line and a.line - b.line or a.col - b.col) end
    )
    return out
end
--- A line's text as shown after a location: trimmed, long lines cut.
function ____exports.snippet(text)
    local trimmed = string.match(text, "^%s*(.*%S)")
    local t = trimmed or ""
    return #t > 160 and string.sub(t, 1, 157) .. "…" or t
end
--- Places grouped by file: the path once, then `  line:col  text` for each (with `label(place)` after the
-- position when given, e.g. a symbol's kind and name instead of the line's text).
function ____exports.groupedLines(texts, places, label)
    local lines = {}
    local cwd = normalize(vim.fn.getcwd())
    local current
    for ____, p in ipairs(places) do
        if p.path ~= current then
            current = p.path
            lines[#lines + 1] = displayPath(p.path, cwd)
        end
        lines[#lines + 1] = (((("  " .. tostring(p.line)) .. ":") .. tostring(p.col)) .. "  ") .. (label ~= nil and label(p) or ____exports.snippet(texts:quote(p.path, p.line - 1)))
    end
    return lines
end
--- Counts, for a heading: `3 references in 2 files`.
function ____exports.countPhrase(places, noun)
    local files = {}
    for ____, p in ipairs(places) do
        files[p.path] = true
    end
    local n = 0
    for _ in pairs(files) do
        n = n + 1
    end
    return ((((((tostring(#places) .. " ") .. noun) .. (#places == 1 and "" or "s")) .. " in ") .. tostring(n)) .. " file") .. (n == 1 and "" or "s")
end
local KINDS = {
    "File",
    "Module",
    "Namespace",
    "Package",
    "Class",
    "Method",
    "Property",
    "Field",
    "Constructor",
    "Enum",
    "Interface",
    "Function",
    "Variable",
    "Constant",
    "String",
    "Number",
    "Boolean",
    "Array",
    "Object",
    "Key",
    "Null",
    "EnumMember",
    "Struct",
    "Event",
    "Operator",
    "TypeParameter"
}
--- The name of an LSP SymbolKind number.
function ____exports.kindName(kind)
    return kind ~= nil and (KINDS[kind] or "Kind" .. tostring(kind)) or "Symbol"
end
--- Hover contents (MarkupContent | MarkedString | MarkedString[]) as plain markdown.
function ____exports.hoverText(contents)
    if contents == nil or contents == vim.NIL then
        return ""
    end
    if type(contents) == "string" then
        return contents
    end
    local c = contents
    if vim.islist(contents) then
        return table.concat(
            __TS__ArrayFilter(
                __TS__ArrayMap(
                    contents,
                    function(____, part) return ____exports.hoverText(part) end
                ),
                function(____, t) return t ~= "" end
            ),
            "\n\n"
        )
    end
    if c.language ~= nil and c.value ~= nil then
        return c.value == "" and "" or ((("```" .. c.language) .. "\n") .. c.value) .. "\n```"
    end
    return c.value or ""
end
return ____exports
