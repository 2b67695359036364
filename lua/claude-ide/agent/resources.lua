-- Generated from src/claude-ide/agent/resources.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local isAgentFile = ____buffers.isAgentFile
local isDirty = ____buffers.isDirty
local ____positions = require("claude-ide.editor.positions")
local byteToCharColumn = ____positions.byteToCharColumn
local ____json = require("claude-ide.util.json")
local dict = ____json.dict
local ____modules = require("claude-ide.util.modules")
local loadedModule = ____modules.loadedModule
local ____result = require("claude-ide.protocol.result")
local RESOURCE_NOT_FOUND = ____result.RESOURCE_NOT_FOUND
local capText = ____result.capText
local fitLines = ____result.fitLines
local rpcError = ____result.rpcError
local ____state = require("claude-ide.editor.state")
local bufferLabel = ____state.bufferLabel
local displayPath = ____state.displayPath
local render = ____state.render
local ____fs = require("claude-ide.util.fs")
local normalize = ____fs.normalize
local ____quickfix = require("claude-ide.agent.quickfix")
local header = ____quickfix.header
local listing = ____quickfix.listing
local ____declarations = require("claude-ide.agent.declarations")
local JSON_MIME = ____declarations.JSON_MIME
local TEXT_MIME = ____declarations.TEXT_MIME
do
    local ____declarations = require("claude-ide.agent.declarations")
    ____exports.INSTANCES_URI = ____declarations.INSTANCES_URI
    ____exports.RESOURCES = ____declarations.RESOURCES
    ____exports.TEMPLATES = ____declarations.TEMPLATES
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
--- A buffer's path as these resources show it: none for a CLI's external-editor file (its prompt, being written).
local function shownPath(buf)
    return isAgentFile(buf) and "" or bufferPath(buf)
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
                path = shownPath(buf),
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
                path = shownPath(buf),
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
        rpcError(
            RESOURCE_NOT_FOUND,
            ((("Resource not found: " .. uri) .. " (no buffer ") .. tostring(buf)) .. "; vim://buffers lists them)"
        )
    end
    if not vim.api.nvim_buf_is_loaded(buf) then
        rpcError(
            RESOURCE_NOT_FOUND,
            ((("Resource not found: " .. uri) .. " (buffer ") .. tostring(buf)) .. " is not loaded)"
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
        rpcError(____exports.RESOURCE_REFUSED, "ERROR: " .. refusal)
    end
    return table.concat(
        vim.api.nvim_buf_get_lines(buf, 0, -1, false),
        "\n"
    )
end
--- resources/read inside Neovim: the contents of `uri`; an unknown one throws its JSON-RPC error (rpcError).
function ____exports.readResource(uri, services, hub)
    local function json(value)
        return {contents = {{
            uri = uri,
            mimeType = JSON_MIME,
            text = vim.json.encode(value)
        }}}
    end
    local function text(value)
        return {contents = {{
            uri = uri,
            mimeType = TEXT_MIME,
            text = capText(value)
        }}}
    end
    if uri == "vim://state" then
        return text(render(services.agent.snapshots, services.policy, nil, hub ~= nil and ({hub = hub}) or nil))
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
                path = shownPath(buf),
                display = isAgentFile(buf) and bufferLabel(
                    buf,
                    normalize(vim.fn.getcwd())
                ) or displayPath(bufferPath(buf))
            },
            cursorOf(win)
        )))
    end
    if uri == "vim://quickfix" then
        local l = listing("quickfix")
        local page = fitLines(l.lines)
        local more = page.taken < #l.lines and ("\n… " .. tostring(#l.lines - page.taken)) .. " more: the quickfix tool pages" or ""
        return text(#l.lines > 0 and ((header(l) .. ":\n") .. page.text) .. more or header(l) .. ": empty")
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
    rpcError(RESOURCE_NOT_FOUND, ("Resource not found: " .. uri) .. ". resources/list and resources/templates/list name the resources")
end
return ____exports
