-- Generated from src/claude-ide/lsp/clients.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__ArrayFlatMap = ____lualib.__TS__ArrayFlatMap
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local METHOD_CALLS = vim.fn.has("nvim-0.11") == 1
--- Calls `client.<name>(...)` (0.10) or `client:<name>(...)` (0.11+).
local function call(client, name, ...)
    local fn = client[name]
    return unpack(METHOD_CALLS and ({fn(client, ...)}) or ({fn(...)}))
end
--- What each LSP feature asks of a server: the request method and the server capability that offers it.
____exports.FEATURES = {
    hover = {method = "textDocument/hover", capability = "hoverProvider", tool = "lsp_hover"},
    definition = {method = "textDocument/definition", capability = "definitionProvider", tool = "lsp_definition"},
    typeDefinition = {method = "textDocument/typeDefinition", capability = "typeDefinitionProvider", tool = "lsp_type_definition"},
    implementation = {method = "textDocument/implementation", capability = "implementationProvider", tool = "lsp_implementations"},
    declaration = {method = "textDocument/declaration", capability = "declarationProvider", tool = "lsp_declaration"},
    references = {method = "textDocument/references", capability = "referencesProvider", tool = "lsp_references"},
    callHierarchy = {method = "textDocument/prepareCallHierarchy", capability = "callHierarchyProvider", tool = "lsp_call_hierarchy"},
    documentSymbol = {method = "textDocument/documentSymbol", capability = "documentSymbolProvider", tool = "lsp_document_symbols"},
    workspaceSymbol = {method = "workspace/symbol", capability = "workspaceSymbolProvider", tool = "lsp_workspace_symbols"},
    codeAction = {method = "textDocument/codeAction", capability = "codeActionProvider", tool = "lsp_code_actions"},
    rename = {method = "textDocument/rename", capability = "renameProvider", tool = "lsp_rename"},
    formatting = {method = "textDocument/formatting", capability = "documentFormattingProvider", tool = "lsp_formatting"},
    rangeFormatting = {method = "textDocument/rangeFormatting", capability = "documentRangeFormattingProvider", tool = "lsp_formatting"}
}
function ____exports.isStopped(client)
    local stopped = call(client, "is_stopped")
    return stopped == true
end
--- The server offers this feature (static capability, or a dynamic registration Neovim knows of).
function ____exports.supports(client, feature)
    local caps = client.server_capabilities
    local v = caps and caps[feature.capability]
    if v ~= nil and v ~= nil and v ~= false and v ~= vim.NIL then
        return true
    end
    local ok, yes = pcall(function() return (call(client, "supports_method", feature.method)) end)
    return ok and yes == true and caps ~= nil and caps ~= nil and caps[feature.capability] ~= false
end
--- Titles of the `$/progress` work the client reports as running (empty: not busy).
function ____exports.progressTitles(client)
    local titles = {}
    local ____opt_2 = client.progress
    local pending = ____opt_2 and ____opt_2.pending
    if pending == nil then
        return titles
    end
    for ____, title in pairs(pending) do
        titles[#titles + 1] = tostring(title)
    end
    return titles
end
--- starting / indexing (titles) / ready, as lsp_clients and the errors say it.
function ____exports.stateOf(client)
    if ____exports.isStopped(client) then
        return "stopped"
    end
    if client.initialized ~= true then
        return "starting"
    end
    local titles = ____exports.progressTitles(client)
    return #titles > 0 and ("indexing (" .. table.concat(titles, "; ")) .. ")" or "ready"
end
local function filetypes(client)
    local fts = client.config.filetypes
    return type(fts) == "table" and fts or ({})
end
--- Every running client, one phrase each: `ts_ls (typescript, javascript)`.
function ____exports.runningClients()
    local all = __TS__ArrayFilter(
        vim.lsp.get_clients(),
        function(____, c) return not ____exports.isStopped(c) end
    )
    if #all == 0 then
        return "no language server is running in this Neovim"
    end
    return "running: " .. table.concat(
        __TS__ArrayMap(
            all,
            function(____, c)
                local fts = filetypes(c)
                return #fts > 0 and ((c.name .. " (") .. table.concat(fts, ", ")) .. ")" or c.name
            end
        ),
        ", "
    )
end
--- The clients attached to `buf` (by name when given). Fails saying what to do when there is none.
function ____exports.attachedClients(buf, display, clientName)
    local attached = __TS__ArrayFilter(
        vim.lsp.get_clients({bufnr = buf}),
        function(____, c) return not ____exports.isStopped(c) end
    )
    if #attached == 0 then
        local ft = vim.api.nvim_get_option_value("filetype", {buf = buf})
        failWith(((((("no language server is attached to " .. display) .. " (filetype \"") .. (ft == "" and "none" or ft)) .. "\"; ") .. ____exports.runningClients()) .. "). Configure a server for this filetype in Neovim, or call wait_for_lsp_ready if one is still starting")
    end
    if clientName == nil then
        return attached
    end
    local named = __TS__ArrayFilter(
        attached,
        function(____, c) return c.name == clientName end
    )
    if #named == 0 then
        failWith((((("no client named \"" .. clientName) .. "\" is attached to ") .. display) .. "; attached: ") .. table.concat(
            __TS__ArrayMap(
                attached,
                function(____, c) return c.name end
            ),
            ", "
        ))
    end
    return named
end
--- The attached clients that support `feature` (fails naming the capability when none does).
function ____exports.clientsFor(buf, display, feature, clientName)
    local attached = ____exports.attachedClients(buf, display, clientName)
    local able = __TS__ArrayFilter(
        attached,
        function(____, c) return ____exports.supports(c, feature) end
    )
    if #able == 0 then
        failWith((((((((((table.concat(
            __TS__ArrayMap(
                attached,
                function(____, c) return c.name end
            ),
            ", "
        ) .. " ") .. (#attached == 1 and "does" or "do")) .. " not support ") .. feature.method) .. " (server capability ") .. feature.capability) .. "), so ") .. feature.tool) .. " cannot answer for ") .. display)
    end
    return able
end
--- Every running client by name (for workspace-wide requests), optionally one name.
function ____exports.runningFor(feature, clientName)
    local all = __TS__ArrayFilter(
        vim.lsp.get_clients(),
        function(____, c) return not ____exports.isStopped(c) and (clientName == nil or c.name == clientName) end
    )
    if #all == 0 then
        failWith(clientName == nil and ____exports.runningClients() .. ": open a file of the project first (wait_for_lsp_ready with its path starts its server)" or ((("no client named \"" .. clientName) .. "\" is running (") .. ____exports.runningClients()) .. ")")
    end
    local able = __TS__ArrayFilter(
        all,
        function(____, c) return ____exports.supports(c, feature) end
    )
    if #able == 0 then
        failWith((((("no running client supports " .. feature.method) .. " (server capability ") .. feature.capability) .. "); ") .. ____exports.runningClients())
    end
    return able
end
--- Sends every request at once and parks until all are answered or `timeoutMs` passed (unanswered ones are
-- cancelled and come back with `timedOut`). A cancelled tool call cancels the requests.
function ____exports.requestAll(ctx, requests, buf, timeoutMs, onCancel)
    if #requests == 0 then
        return {}
    end
    local answers = __TS__ArrayMap(
        requests,
        function() return nil end
    )
    local ids = __TS__ArrayMap(
        requests,
        function() return nil end
    )
    local left = #requests
    local timer
    local function stopTimer()
        if timer ~= nil and not timer:is_closing() then
            timer:close()
        end
        timer = nil
    end
    local function cancelRest()
        __TS__ArrayForEach(
            requests,
            function(____, r, i)
                if answers[i + 1] == nil and ids[i + 1] ~= nil then
                    pcall(function() return call(r.client, "cancel_request", ids[i + 1]) end)
                end
            end
        )
    end
    return ctx.park(
        function(resume)
            local function finish()
                stopTimer()
                resume(__TS__ArrayMap(
                    requests,
                    function(____, r, i) return answers[i + 1] or ({
                        client = r.client,
                        timedOut = true,
                        error = ("no answer within " .. tostring(timeoutMs)) .. " ms"
                    }) end
                ))
            end
            __TS__ArrayForEach(
                requests,
                function(____, r, i)
                    local function handler(err, result)
                        if answers[i + 1] ~= nil then
                            return
                        end
                        local ____temp_7 = i + 1
                        local ____temp_6
                        if err ~= nil and err ~= nil and err ~= vim.NIL then
                            ____temp_6 = {
                                client = r.client,
                                error = (err.message or vim.inspect(err)) .. (err.code ~= nil and (" (code " .. tostring(err.code)) .. ")" or "")
                            }
                        else
                            local ____r_client_5 = r.client
                            local ____temp_4
                            if result == vim.NIL then
                                ____temp_4 = nil
                            else
                                ____temp_4 = result
                            end
                            ____temp_6 = {client = ____r_client_5, result = ____temp_4}
                        end
                        answers[____temp_7] = ____temp_6
                        left = left - 1
                        if left == 0 then
                            finish()
                        end
                    end
                    local sent, id = call(
                        r.client,
                        "request",
                        r.method,
                        r.params,
                        handler,
                        buf
                    )
                    if sent == true then
                        ids[i + 1] = id
                    elseif answers[i + 1] == nil then
                        answers[i + 1] = {client = r.client, error = r.client.name .. " is not running any more"}
                        left = left - 1
                    end
                end
            )
            if left == 0 then
                vim.schedule(finish)
                return
            end
            timer = vim.defer_fn(
                function()
                    timer = nil
                    cancelRest()
                    finish()
                end,
                timeoutMs
            )
        end,
        function()
            stopTimer()
            cancelRest()
            if onCancel ~= nil then
                onCancel()
            end
        end
    )
end
--- The answers' failures as one sentence, or undefined when at least one client answered. A timeout says to
-- retry or raise lsp_timeout_ms; an indexing client says to call wait_for_lsp_ready.
function ____exports.failureOf(answers, what)
    if __TS__ArraySome(
        answers,
        function(____, a) return a.error == nil end
    ) then
        return nil
    end
    return table.concat(
        __TS__ArrayMap(
            answers,
            function(____, a)
                local indexing = #____exports.progressTitles(a.client) > 0 and "; it is still indexing: call wait_for_lsp_ready and retry" or ""
                if a.timedOut == true then
                    return (((a.client.name .. " did not answer ") .. what) .. " within the timeout (agent.lsp_timeout_ms)") .. (indexing == "" and "; retry, or call wait_for_lsp_ready if the server is busy" or indexing)
                end
                return ((((a.client.name .. " failed ") .. what) .. ": ") .. tostring(a.error)) .. indexing
            end
        ),
        "; "
    )
end
--- A note for answers that came while a client was still indexing (they may be incomplete).
function ____exports.indexingNote(clients)
    local busy = __TS__ArrayFilter(
        clients,
        function(____, c) return #____exports.progressTitles(c) > 0 end
    )
    if #busy == 0 then
        return nil
    end
    return ((("note: " .. table.concat(
        __TS__ArrayMap(
            busy,
            function(____, c) return c.name end
        ),
        ", "
    )) .. " still indexing (") .. table.concat(
        __TS__ArrayFlatMap(
            busy,
            function(____, c) return ____exports.progressTitles(c) end
        ),
        "; "
    )) .. "): the answer may be incomplete; call wait_for_lsp_ready and ask again"
end
--- `path` as the model reads it.
function ____exports.display(path)
    return displayPath(path)
end
return ____exports
