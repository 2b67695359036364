-- Generated from src/claude-ide/lsp/tools/request.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local ____exports = {}
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local fitLines = ____result.fitLines
local guarded = ____result.guarded
local textResult = ____result.textResult
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local ____clients = require("claude-ide.lsp.clients")
local clientsFor = ____clients.clientsFor
local failureOf = ____clients.failureOf
local indexingNote = ____clients.indexingNote
local requestAll = ____clients.requestAll
local ____document = require("claude-ide.lsp.document")
local docLines = ____document.docLines
local openDoc = ____document.openDoc
local settleIndexing = ____document.settleIndexing
local waitReady = ____document.waitReady
local ____position = require("claude-ide.lsp.position")
local lspPosition = ____position.lspPosition
local pointLabel = ____position.pointLabel
local resolvePoint = ____position.resolvePoint
--- The identifier at byte `byte` of `text` (or the character there).
local function wordAt(text, byte)
    local from = byte + 1
    local to = byte
    while from > 1 and (string.find(
        string.sub(text, from - 1, from - 1),
        "[%w_$]"
    )) ~= nil do
        from = from - 1
    end
    while to < #text and (string.find(
        string.sub(text, to + 1, to + 1),
        "[%w_$]"
    )) ~= nil do
        to = to + 1
    end
    return to >= from and string.sub(text, from, to) or string.sub(text, byte + 1, byte + 1)
end
--- Sends `feature`'s request at the position the arguments name to every client able to answer it.
function ____exports.askAt(ctx, args, feature, extra)
    local doc = openDoc(ctx, args)
    settleIndexing(ctx, doc, args.client_name)
    local clients = clientsFor(doc.buf, doc.display, feature, args.client_name)
    local point = resolvePoint(
        docLines(doc),
        doc.display,
        args
    )
    local uri = vim.uri_from_bufnr(doc.buf)
    local function ask()
        return requestAll(
            ctx,
            __TS__ArrayMap(
                clients,
                function(____, client) return {
                    client = client,
                    method = feature.method,
                    params = __TS__ObjectAssign(
                        {
                            textDocument = {uri = uri},
                            position = lspPosition(point, client.offset_encoding)
                        },
                        extra ~= nil and extra(client) or ({})
                    )
                } end
            ),
            doc.buf,
            ctx.config.agent.lsp_timeout_ms
        )
    end
    local answers = ask()
    if indexingNote(clients) ~= nil and waitReady(
        ctx,
        function() return clients end,
        ctx.config.agent.lsp_timeout_ms
    ) then
        answers = ask()
    end
    local where = (((("\"" .. (args.symbol or wordAt(point.text, point.byte))) .. "\" at ") .. doc.display) .. ":") .. pointLabel(point)
    local failure = failureOf(answers, (feature.method .. " for ") .. where)
    if failure ~= nil then
        failWith(failure)
    end
    return {doc = doc, point = point, answers = answers, where = where}
end
--- A paged answer: a heading, the lines that fit, a closing line when some did not, an indexing note.
function ____exports.paged(heading, lines, clients, narrower)
    local page = fitLines(lines, 23000 - #heading)
    local parts = {heading, page.text}
    if page.taken < #lines then
        parts[#parts + 1] = (("… " .. tostring(#lines - page.taken)) .. " more lines not shown (result budget): ") .. narrower
    end
    local note = indexingNote(clients)
    if note ~= nil then
        parts[#parts + 1] = note
    end
    return textResult(table.concat(
        __TS__ArrayFilter(
            parts,
            function(____, p) return p ~= "" end
        ),
        "\n"
    ))
end
--- The clients that answered without an error.
function ____exports.answered(asked)
    return __TS__ArrayFilter(
        asked.answers,
        function(____, a) return a.error == nil end
    )
end
--- defineTool for the LSP tools: a ToolFailure thrown anywhere in the body becomes its `ERROR:` result.
function ____exports.defineLspTool(spec)
    local body = spec.handler
    return defineTool(__TS__ObjectAssign(
        {},
        spec,
        {handler = function(args, ctx) return guarded(function() return body(args, ctx) end) end}
    ))
end
return ____exports
