-- Generated from src/claude-ide/agent/resources.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local isDirty = ____buffers.isDirty
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local ____modules = require("claude-ide.util.modules")
local loadedModule = ____modules.loadedModule
local ____state = require("claude-ide.editor.state")
local bufferLabel = ____state.bufferLabel
local displayPath = ____state.displayPath
local render = ____state.render
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local JSON_MIME = "application/json"
local TEXT_MIME = "text/plain"
____exports.INSTANCES_URI = "vim://instances"
--- Every resource, as resources/list answers (the bridge serves it before any Neovim is chosen).
____exports.RESOURCES = {
    {
        uri = ____exports.INSTANCES_URI,
        name = "instances",
        title = "Neovim instances",
        description = "Running Neovims the bridge can use, and which one is selected (JSON)",
        mimeType = JSON_MIME
    },
    {
        uri = "vim://state",
        name = "state",
        title = "Editor state",
        description = "The same compact text as the editor_state tool",
        mimeType = TEXT_MIME
    },
    {
        uri = "vim://buffers",
        name = "buffers",
        title = "Buffers",
        description = "Every listed buffer: id, path, lines, modified, filetype (JSON)",
        mimeType = JSON_MIME
    },
    {
        uri = "vim://windows",
        name = "windows",
        title = "Windows",
        description = "Every window of every tab page: buffer, cursor, flags (JSON)",
        mimeType = JSON_MIME
    },
    {
        uri = "vim://diagnostics",
        name = "diagnostics",
        title = "Diagnostics",
        description = "Every diagnostic of every loaded buffer (JSON)",
        mimeType = JSON_MIME
    },
    {
        uri = "vim://cursor",
        name = "cursor",
        title = "Cursor",
        description = "Mode, current buffer and cursor position (JSON)",
        mimeType = JSON_MIME
    },
    {
        uri = "vim://buffer/current",
        name = "current buffer",
        title = "Current buffer",
        description = "The current buffer's text, unsaved changes included",
        mimeType = TEXT_MIME
    }
}
____exports.TEMPLATES = {{
    uriTemplate = "vim://buffer/{id}",
    name = "buffer",
    title = "Buffer by number",
    description = "A buffer's current text (unsaved changes included); {id} is the number b<n> of editor_state",
    mimeType = TEXT_MIME
}}
--- JSON-RPC error of MCP for an unknown resource.
____exports.RESOURCE_NOT_FOUND = -32002
____exports.ResourceError = __TS__Class()
local ResourceError = ____exports.ResourceError
ResourceError.name = "ResourceError"
function ResourceError.prototype.____constructor(self, code, message)
    self.code = code
    self.message = message
end
local function cursorOf(win)
    local buf = vim.api.nvim_win_get_buf(win)
    local row, col = unpack(
        vim.api.nvim_win_get_cursor(win),
        1,
        2
    )
    return {
        line = row,
        column = byteToCharColumn(
            vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[1] or "",
            col
        )
    }
end
local function buffers()
    local cwd = normalize(vim.fn.getcwd())
    local current = vim.api.nvim_get_current_buf()
    local out = {}
    for ____, buf in ipairs(vim.api.nvim_list_bufs()) do
        do
            if vim.api.nvim_get_option_value("buflisted", {buf = buf}) ~= true then
                goto __continue5
            end
            local loaded = vim.api.nvim_buf_is_loaded(buf)
            out[#out + 1] = {
                id = buf,
                path = bufferPath(buf),
                name = bufferLabel(buf, cwd),
                lines = loaded and vim.api.nvim_buf_line_count(buf) or vim.NIL,
                loaded = loaded,
                modified = loaded and isDirty(buf),
                filetype = vim.api.nvim_get_option_value("filetype", {buf = buf}),
                buftype = vim.api.nvim_get_option_value("buftype", {buf = buf}),
                current = buf == current
            }
        end
        ::__continue5::
    end
    return out
end
local function windows()
    local current = vim.api.nvim_get_current_win()
    local out = {}
    for ____, tab in ipairs(vim.api.nvim_list_tabpages()) do
        for ____, win in ipairs(vim.api.nvim_tabpage_list_wins(tab)) do
            local buf = vim.api.nvim_win_get_buf(win)
            out[#out + 1] = {
                id = win,
                tab = vim.api.nvim_tabpage_get_number(tab),
                buffer = buf,
                path = bufferPath(buf),
                cursor = cursorOf(win),
                current = win == current,
                diff = vim.api.nvim_get_option_value("diff", {win = win}) == true,
                floating = vim.api.nvim_win_get_config(win).relative ~= ""
            }
        end
    end
    return out
end
local SEVERITY_NAMES = {"error", "warning", "info", "hint"}
local function diagnostics(policy)
    local rules = policy:rules()
    local diagnostic = loadedModule("vim.diagnostic")
    if diagnostic == nil then
        return {}
    end
    local out = {}
    for ____, d in ipairs(diagnostic.get()) do
        do
            local buf = d.bufnr
            if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
                goto __continue15
            end
            local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1] or ""
            out[#out + 1] = {
                path = bufferPath(buf),
                buffer = buf,
                line = d.lnum + 1,
                column = byteToCharColumn(line, d.col),
                severity = SEVERITY_NAMES[d.severity or 1],
                source = d.source or vim.NIL,
                message = policy:withheld(
                    bufferPath(buf),
                    rules
                ) ~= nil and "(withheld from the model)" or d.message
            }
        end
        ::__continue15::
    end
    return out
end
--- JSON-RPC error for a resource the privacy policy refuses (outside the workspace, or withheld).
____exports.RESOURCE_REFUSED = -32001
local function bufferText(buf, uri, policy)
    if not vim.api.nvim_buf_is_valid(buf) then
        error(
            __TS__New(
                ____exports.ResourceError,
                ____exports.RESOURCE_NOT_FOUND,
                ((("Resource not found: " .. uri) .. " (no buffer ") .. tostring(buf)) .. "; vim://buffers lists them)"
            ),
            0
        )
    end
    if not vim.api.nvim_buf_is_loaded(buf) then
        error(
            __TS__New(
                ____exports.ResourceError,
                ____exports.RESOURCE_NOT_FOUND,
                ((("Resource not found: " .. uri) .. " (buffer ") .. tostring(buf)) .. " is not loaded)"
            ),
            0
        )
    end
    local path = bufferPath(buf)
    local ____temp_0
    if path ~= "" then
        ____temp_0 = policy:refusal(
            path,
            displayPath(path)
        )
    else
        ____temp_0 = nil
    end
    local refusal = ____temp_0
    if refusal ~= nil then
        error(
            __TS__New(____exports.ResourceError, ____exports.RESOURCE_REFUSED, "ERROR: " .. refusal),
            0
        )
    end
    return table.concat(
        vim.api.nvim_buf_get_lines(buf, 0, -1, false),
        "\n"
    )
end
--- resources/read inside Neovim: the contents of `uri`, or a ResourceError.
function ____exports.readResource(uri, services)
    local function json(value)
        return {contents = {{
            uri = uri,
            mimeType = JSON_MIME,
            text = vim.json.encode(value)
        }}}
    end
    local function text(value)
        return {contents = {{uri = uri, mimeType = TEXT_MIME, text = value}}}
    end
    if uri == "vim://state" then
        return text(render(services.agent.snapshots, services.policy))
    end
    if uri == "vim://buffers" then
        return json(buffers())
    end
    if uri == "vim://windows" then
        return json(windows())
    end
    if uri == "vim://diagnostics" then
        return json(diagnostics(services.policy))
    end
    if uri == "vim://cursor" then
        local win = vim.api.nvim_get_current_win()
        local buf = vim.api.nvim_win_get_buf(win)
        return json(dict(__TS__ObjectAssign(
            {
                mode = vim.api.nvim_get_mode().mode,
                buffer = buf,
                path = bufferPath(buf),
                display = displayPath(bufferPath(buf))
            },
            cursorOf(win)
        )))
    end
    if uri == "vim://buffer/current" then
        return text(bufferText(
            vim.api.nvim_get_current_buf(),
            uri,
            services.policy
        ))
    end
    local ____, ____, id = string.find(uri, "^vim://buffer/(%d+)$")
    if id ~= nil then
        return text(bufferText(
            tonumber(id),
            uri,
            services.policy
        ))
    end
    error(
        __TS__New(____exports.ResourceError, ____exports.RESOURCE_NOT_FOUND, ("Resource not found: " .. uri) .. ". resources/list and resources/templates/list name the resources"),
        0
    )
end
return ____exports
