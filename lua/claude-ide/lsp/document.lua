-- Generated from src/claude-ide/lsp/document.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__ArrayEvery = ____lualib.__TS__ArrayEvery
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local loadBuffer = ____buffers.loadBuffer
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local ____target = require("claude-ide.editor.target")
local resolveTarget = ____target.resolveTarget
local ____clients = require("claude-ide.lsp.clients")
local progressTitles = ____clients.progressTitles
local ____wait = require("claude-ide.lsp.wait")
local waitUntil = ____wait.waitUntil
--- How long a file just loaded may take to get its clients attached (servers start on FileType).
local ATTACH_WAIT_MS = 3000
local function hasClient(buf, clientName)
    return __TS__ArraySome(
        vim.lsp.get_clients({bufnr = buf}),
        function(____, c) return clientName == nil or c.name == clientName end
    )
end
--- The buffer of `path` | `buffer`, loaded (hidden and unlisted when it was not) and, when it was just loaded
-- or has no client yet, given up to a few seconds for a client to attach. Throws a ToolError (failWith).
function ____exports.openDoc(ctx, args)
    local target = resolveTarget(ctx.services.policy, args)
    if target == nil then
        return failWith("no target")
    end
    local buf = target.buf
    if buf == nil or not vim.api.nvim_buf_is_loaded(buf) then
        if not target.onDisk then
            failWith(target.display .. " is neither loaded nor on disk")
        end
        local ok, loaded = pcall(loadBuffer, target.path, {listed = false})
        if not ok then
            failWith((("cannot load " .. target.display) .. ": ") .. tostring(loaded))
        end
        buf = loaded
    end
    local b = buf
    local fresh = buf ~= target.buf
    if fresh or not hasClient(b) then
        waitUntil(
            ctx,
            function() return hasClient(b, args.client_name) end,
            math.min(ATTACH_WAIT_MS, ctx.config.agent.lsp_timeout_ms)
        )
    end
    return {buf = b, path = target.path, display = target.display, fresh = fresh}
end
--- Quiet time (no `$/progress` running) after which a server known to report its indexing counts as ready.
local QUIET_KNOWN_MS = 300
--- The same for a server never heard reporting progress: its first project load may not have begun yet.
local QUIET_UNKNOWN_MS = 2500
--- Parks until every client `clients()` returns is initialized and has had no `$/progress` work running for a
-- quiet time (short for servers known to report progress, longer for the others, whose indexing may not have
-- announced itself yet), or `timeoutMs` passed. No client: not ready. Returns whether they are ready.
function ____exports.waitReady(ctx, clients, timeoutMs)
    local seen = ctx.services.agent.lspProgressSeen
    local quietSince
    return waitUntil(
        ctx,
        function()
            local cs = clients()
            vim.uv.update_time()
            local now = vim.uv.now()
            if #cs == 0 or __TS__ArraySome(
                cs,
                function(____, c) return c.initialized ~= true or #progressTitles(c) > 0 end
            ) then
                quietSince = nil
                return false
            end
            if quietSince == nil then
                quietSince = now
            end
            local quiet = __TS__ArrayEvery(
                cs,
                function(____, c) return seen[c.id] ~= nil end
            ) and QUIET_KNOWN_MS or QUIET_UNKNOWN_MS
            return now - quietSince >= quiet
        end,
        timeoutMs
    )
end
--- The doc's clients (by name when given).
function ____exports.docClients(doc, clientName)
    return __TS__ArrayFilter(
        vim.lsp.get_clients({bufnr = doc.buf}),
        function(____, c) return clientName == nil or c.name == clientName end
    )
end
--- Before a question: clients still starting or indexing, or just attached to a file this call loaded, get up
-- to lsp_timeout_ms to be ready: answers given while a server loads its project look right and are wrong.
function ____exports.settleIndexing(ctx, doc, clientName)
    local clients = ____exports.docClients(doc, clientName)
    if #clients == 0 then
        return
    end
    local busy = __TS__ArraySome(
        clients,
        function(____, c) return c.initialized ~= true or #progressTitles(c) > 0 end
    )
    if busy or doc.fresh then
        ____exports.waitReady(
            ctx,
            function() return ____exports.docClients(doc, clientName) end,
            ctx.config.agent.lsp_timeout_ms
        )
    end
end
--- The doc's lines as they are now (unsaved changes included).
function ____exports.docLines(doc)
    return vim.api.nvim_buf_get_lines(doc.buf, 0, -1, false)
end
return ____exports
