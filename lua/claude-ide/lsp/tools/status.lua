-- Generated from src/claude-ide/lsp/tools/status.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArraySort = ____lualib.__TS__ArraySort
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local fitLines = ____result.fitLines
local textResult = ____result.textResult
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local ____buffers = require("claude-ide.editor.buffers")
local bufferPath = ____buffers.bufferPath
local ____schema = require("claude-ide.protocol.schema")
local int = ____schema.int
local optional = ____schema.optional
local reading = ____schema.reading
local ____clients = require("claude-ide.lsp.clients")
local FEATURES = ____clients.FEATURES
local isStopped = ____clients.isStopped
local runningClients = ____clients.runningClients
local stateOf = ____clients.stateOf
local supports = ____clients.supports
local ____document = require("claude-ide.lsp.document")
local openDoc = ____document.openDoc
local waitReady = ____document.waitReady
local ____position = require("claude-ide.lsp.position")
local clientNameInput = ____position.clientNameInput
local ____request = require("claude-ide.lsp.tools.request")
local defineLspTool = ____request.defineLspTool
local ____target = require("claude-ide.editor.target")
local targetInput = ____target.targetInput
--- The lsp_* tools a client can serve (the ones every server can: lsp_clients, wait_for_lsp_ready, apply).
local function toolsOf(client)
    local tools = {}
    for ____, feature in pairs(FEATURES) do
        if supports(client, feature) and not __TS__ArrayIncludes(tools, feature.tool) then
            tools[#tools + 1] = feature.tool
        end
    end
    local ____opt_2 = client.server_capabilities
    local ____opt_0 = ____opt_2 and ____opt_2.executeCommandProvider
    local commands = ____opt_0 and ____opt_0.commands or ({})
    if supports(client, FEATURES.codeAction) or __TS__ArrayIncludes(commands, "_typescript.organizeImports") then
        tools[#tools + 1] = "lsp_organize_imports"
    end
    return __TS__ArraySort(tools)
end
____exports.lspClients = defineLspTool({
    name = "lsp_clients",
    title = "LSP clients",
    description = "The language servers running in the user's Neovim: name, id, root, filetypes, attached buffers, state (starting / " .. "indexing with the progress title / ready) and which lsp_* tools each supports.",
    input = {},
    closed = true,
    annotations = reading("LSP clients"),
    handler = function()
        local clients = __TS__ArrayFilter(
            vim.lsp.get_clients(),
            function(____, c) return not isStopped(c) end
        )
        if #clients == 0 then
            return textResult("no language server is running in this Neovim (they start when a file of their filetype is opened: wait_for_lsp_ready with a path does that)")
        end
        local lines = {}
        for ____, c in ipairs(clients) do
            local fts = c.config.filetypes
            local bufs = {}
            for buf in pairs(c.attached_buffers or ({})) do
                local b = buf
                if vim.api.nvim_buf_is_valid(b) then
                    bufs[#bufs + 1] = (("b" .. tostring(b)) .. " ") .. displayPath(bufferPath(b))
                end
            end
            lines[#lines + 1] = (((c.name .. " (id ") .. tostring(c.id)) .. "): ") .. stateOf(c)
            lines[#lines + 1] = "  root: " .. (c.root_dir or "none")
            if fts ~= nil and type(fts) == "table" and #fts > 0 then
                lines[#lines + 1] = "  filetypes: " .. table.concat(fts, ", ")
            end
            lines[#lines + 1] = "  buffers: " .. (#bufs > 0 and table.concat(
                __TS__ArraySort(bufs),
                ", "
            ) or "none")
            lines[#lines + 1] = "  tools: " .. table.concat(
                toolsOf(c),
                ", "
            )
        end
        return textResult(fitLines(lines).text)
    end
})
____exports.waitForLspReady = defineLspTool({
    name = "wait_for_lsp_ready",
    title = "Wait for the language server",
    description = ("Waits until a language server is attached to the file (opening it hidden if needed, which starts its servers) and " .. "has no indexing work ($/progress) running. Call it before the first lsp_* question after a server starts, or when a ") .. "tool says the server is still indexing. Without path/buffer: every running server.",
    input = __TS__ObjectAssign(
        {},
        targetInput,
        clientNameInput,
        {timeout_ms = optional(int("How long to wait at most (default 5000)", {minimum = 0, maximum = 120000}))}
    ),
    closed = true,
    annotations = reading("Wait for the language server"),
    handler = function(args, ctx)
        local timeout = args.timeout_ms or 5000
        local started = vim.uv.now()
        local doc = (args.path ~= nil or args.buffer ~= nil) and openDoc(ctx, args) or nil
        local function clients()
            return __TS__ArrayFilter(
                vim.lsp.get_clients(doc ~= nil and ({bufnr = doc.buf}) or nil),
                function(____, c) return not isStopped(c) and (args.client_name == nil or c.name == args.client_name) end
            )
        end
        local ____temp_4
        if doc == nil and #clients() == 0 then
            ____temp_4 = false
        else
            ____temp_4 = waitReady(
                ctx,
                clients,
                math.max(
                    0,
                    timeout - (vim.uv.now() - started)
                )
            )
        end
        local ok = ____temp_4
        local scope = doc ~= nil and doc.display or "this Neovim"
        local cs = clients()
        if #cs == 0 and doc == nil then
            failWith(((("no language server" .. (args.client_name ~= nil and (" named \"" .. args.client_name) .. "\"" or "")) .. " is running (") .. runningClients()) .. "): give the path of a file of the project, loading it starts its servers")
        end
        if #cs == 0 then
            local target = doc ~= nil and ((("attached to " .. doc.display) .. " (filetype \"") .. tostring(vim.api.nvim_get_option_value("filetype", {buf = doc.buf}))) .. "\")" or "running"
            failWith(((((((("no language server" .. (args.client_name ~= nil and (" named \"" .. args.client_name) .. "\"" or "")) .. " ") .. target) .. " after ") .. tostring(timeout)) .. " ms (") .. runningClients()) .. "); configure one for this filetype in Neovim")
        end
        local states = table.concat(
            __TS__ArrayMap(
                cs,
                function(____, c) return (c.name .. ": ") .. stateOf(c) end
            ),
            ", "
        )
        local waited = vim.uv.now() - started
        if not ok then
            failWith(((((("not ready after " .. tostring(timeout)) .. " ms in ") .. scope) .. ": ") .. states) .. "; call wait_for_lsp_ready again with a longer timeout_ms")
        end
        return textResult((((("OK: ready for " .. scope) .. " after ") .. tostring(waited)) .. " ms: ") .. states)
    end
})
return ____exports
