-- Generated from src/claude-ide/lsp/tools/navigation.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__New = ____lualib.__TS__New
local __TS__ArrayFlatMap = ____lualib.__TS__ArrayFlatMap
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayForEach = ____lualib.__TS__ArrayForEach
local ____exports = {}
local noteOf
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local textResult = ____result.textResult
local ____schema = require("claude-ide.protocol.schema")
local bool = ____schema.bool
local enumOf = ____schema.enumOf
local optional = ____schema.optional
local reading = ____schema.reading
local str = ____schema.str
local ____clients = require("claude-ide.lsp.clients")
local FEATURES = ____clients.FEATURES
local failureOf = ____clients.failureOf
local indexingNote = ____clients.indexingNote
local requestAll = ____clients.requestAll
local runningFor = ____clients.runningFor
local clientsFor = ____clients.clientsFor
local ____document = require("claude-ide.lsp.document")
local openDoc = ____document.openDoc
local settleIndexing = ____document.settleIndexing
local ____format = require("claude-ide.lsp.format")
local countPhrase = ____format.countPhrase
local groupedLines = ____format.groupedLines
local hoverText = ____format.hoverText
local kindName = ____format.kindName
local placeOf = ____format.placeOf
local placesOf = ____format.placesOf
local Texts = ____format.Texts
local uniquePlaces = ____format.uniquePlaces
local ____position = require("claude-ide.lsp.position")
local clientNameInput = ____position.clientNameInput
local positionInput = ____position.positionInput
local ____state = require("claude-ide.editor.state")
local displayPath = ____state.displayPath
local ____request = require("claude-ide.lsp.tools.request")
local answered = ____request.answered
local askAt = ____request.askAt
local defineLspTool = ____request.defineLspTool
local paged = ____request.paged
local ____target = require("claude-ide.editor.target")
local targetInput = ____target.targetInput
function noteOf(asked)
    local note = indexingNote(__TS__ArrayMap(
        asked.answers,
        function(____, a) return a.client end
    ))
    return note ~= nil and "\n" .. note or ""
end
____exports.lspHover = defineLspTool({
    name = "lsp_hover",
    title = "LSP hover (type and docs)",
    description = ("The language server's hover at a position: the type or signature and the documentation, as markdown. Position: " .. "`line` plus `column` (1-based characters) or `symbol` (the name as written on that line). Uses the user's running ") .. "servers on the unsaved text.",
    input = positionInput,
    closed = true,
    annotations = reading("LSP hover"),
    handler = function(args, ctx)
        local asked = askAt(ctx, args, FEATURES.hover)
        local texts = {}
        for ____, a in ipairs(answered(asked)) do
            local ____vim_trim_3 = vim.trim
            local ____hoverText_2 = hoverText
            local ____opt_0 = a.result
            local text = ____vim_trim_3(____hoverText_2(____opt_0 and ____opt_0.contents))
            if text ~= "" and not __TS__ArrayIncludes(texts, text) then
                texts[#texts + 1] = text
            end
        end
        if #texts == 0 then
            return textResult(("no hover information for " .. asked.where) .. noteOf(asked))
        end
        return paged(
            ("hover for " .. asked.where) .. ":",
            vim.split(
                table.concat(texts, "\n\n"),
                "\n",
                {plain = true}
            ),
            __TS__ArrayMap(
                asked.answers,
                function(____, a) return a.client end
            ),
            "ask for a narrower symbol"
        )
    end
})
--- One of the go-to tools: every location the servers answer, grouped by file.
local function locationTool(name, title, noun, feature, what)
    return defineLspTool({
        name = name,
        title = title,
        description = (what .. " Answers `path` lines followed by `  line:col  <that line's text>` (1-based). Position: `line` plus ") .. "`column` (1-based characters) or `symbol` (the name as written on that line).",
        input = positionInput,
        closed = true,
        annotations = reading(title),
        handler = function(args, ctx)
            local asked = askAt(ctx, args, feature)
            local texts = __TS__New(Texts, ctx)
            local places = uniquePlaces(__TS__ArrayFlatMap(
                answered(asked),
                function(____, a) return placesOf(texts, a.result, a.client.offset_encoding) end
            ))
            if #places == 0 then
                return textResult(((("no " .. noun) .. " found for ") .. asked.where) .. noteOf(asked))
            end
            return paged(
                (((noun .. " of ") .. asked.where) .. ": ") .. countPhrase(places, "location"),
                groupedLines(texts, places),
                __TS__ArrayMap(
                    asked.answers,
                    function(____, a) return a.client end
                ),
                "use client_name or a more specific symbol"
            )
        end
    })
end
____exports.lspDefinition = locationTool(
    "lsp_definition",
    "LSP go to definition",
    "definition",
    FEATURES.definition,
    "Where the symbol at a position is defined (across files), from the user's language servers."
)
____exports.lspTypeDefinition = locationTool(
    "lsp_type_definition",
    "LSP go to type definition",
    "type definition",
    FEATURES.typeDefinition,
    "Where the TYPE of the symbol at a position is defined (e.g. the interface of a variable)."
)
____exports.lspImplementations = locationTool(
    "lsp_implementations",
    "LSP implementations",
    "implementations",
    FEATURES.implementation,
    "Every implementation of the interface, abstract member or method at a position."
)
____exports.lspDeclaration = locationTool(
    "lsp_declaration",
    "LSP go to declaration",
    "declaration",
    FEATURES.declaration,
    "Where the symbol at a position is declared (servers without declarations: use lsp_definition)."
)
____exports.lspReferences = defineLspTool({
    name = "lsp_references",
    title = "LSP find references",
    description = ("Every reference to the symbol at a position, across the project, from the user's language servers (exact, unlike " .. "a text search). Answers a count, then `path` lines followed by `  line:col  <that line's text>`. Position: `line` ") .. "plus `column` or `symbol` (the name as written on that line).",
    input = __TS__ObjectAssign(
        {},
        positionInput,
        {include_declaration = optional(bool("Include the declaration itself (default true)"))}
    ),
    closed = true,
    annotations = reading("LSP find references"),
    handler = function(args, ctx)
        local asked = askAt(
            ctx,
            args,
            FEATURES.references,
            function() return {context = {includeDeclaration = args.include_declaration ~= false}} end
        )
        local texts = __TS__New(Texts, ctx)
        local places = uniquePlaces(__TS__ArrayFlatMap(
            answered(asked),
            function(____, a) return placesOf(texts, a.result, a.client.offset_encoding) end
        ))
        if #places == 0 then
            return textResult(("no references found for " .. asked.where) .. noteOf(asked))
        end
        return paged(
            (("references to " .. asked.where) .. ": ") .. countPhrase(places, "reference"),
            groupedLines(texts, places),
            __TS__ArrayMap(
                asked.answers,
                function(____, a) return a.client end
            ),
            "use client_name or a more specific symbol"
        )
    end
})
____exports.lspCallHierarchy = defineLspTool({
    name = "lsp_call_hierarchy",
    title = "LSP call hierarchy",
    description = "Who calls the function at a position (`incoming`) or what it calls (`outgoing`), one level, each with its call " .. "sites as `line:col  <text>`. Position: `line` plus `column` or `symbol` (the name as written on that line).",
    input = __TS__ObjectAssign(
        {},
        positionInput,
        {direction = enumOf({"incoming", "outgoing"}, "incoming: the callers; outgoing: the callees")}
    ),
    closed = true,
    annotations = reading("LSP call hierarchy"),
    handler = function(args, ctx)
        local asked = askAt(ctx, args, FEATURES.callHierarchy)
        local method = args.direction == "incoming" and "callHierarchy/incomingCalls" or "callHierarchy/outgoingCalls"
        local requests = __TS__ArrayFlatMap(
            answered(asked),
            function(____, a) return __TS__ArrayMap(
                vim.islist(a.result) and a.result or ({}),
                function(____, item) return {client = a.client, method = method, params = {item = item}} end
            ) end
        )
        if #requests == 0 then
            return textResult(("no function or method to build a call hierarchy from at " .. asked.where) .. noteOf(asked))
        end
        local answers = requestAll(ctx, requests, asked.doc.buf, ctx.config.agent.lsp_timeout_ms)
        local failure = failureOf(answers, method)
        if failure ~= nil then
            failWith(failure)
        end
        local texts = __TS__New(Texts, ctx)
        local lines = {}
        local count = 0
        __TS__ArrayForEach(
            answers,
            function(____, a, i)
                if a.error ~= nil then
                    return
                end
                local item = requests[i + 1].params.item
                local enc = a.client.offset_encoding
                local function at(it)
                    local p = placeOf(texts, it.uri, it.selectionRange.start, enc)
                    return (((displayPath(p.path) .. ":") .. tostring(p.line)) .. ":") .. tostring(p.col)
                end
                lines[#lines + 1] = (((((kindName(item.kind) .. " ") .. item.name) .. "  ") .. at(item)) .. "  ") .. (args.direction == "incoming" and "is called by:" or "calls:")
                local ____vim_islist_result_4
                if vim.islist(a.result) then
                    ____vim_islist_result_4 = a.result
                else
                    ____vim_islist_result_4 = {}
                end
                local calls = ____vim_islist_result_4
                if #calls == 0 then
                    lines[#lines + 1] = "  (none)"
                end
                for ____, call in ipairs(calls) do
                    local other = call.from or call.to
                    count = count + 1
                    lines[#lines + 1] = (((((("  " .. (args.direction == "incoming" and "←" or "→")) .. " ") .. kindName(other.kind)) .. " ") .. other.name) .. "  ") .. at(other)
                    local siteUri = call.from ~= nil and call.from.uri or item.uri
                    for ____, r in ipairs(call.fromRanges or ({})) do
                        local p = placeOf(texts, siteUri, r.start, enc)
                        lines[#lines + 1] = (((("      " .. tostring(p.line)) .. ":") .. tostring(p.col)) .. "  ") .. vim.trim(texts:quote(p.path, p.line - 1))
                    end
                end
            end
        )
        return paged(
            (((args.direction .. " calls of ") .. asked.where) .. ": ") .. tostring(count),
            lines,
            __TS__ArrayMap(
                asked.answers,
                function(____, a) return a.client end
            ),
            "ask for one client_name"
        )
    end
})
local function lineSpan(r)
    local a = r.start.line + 1
    local b = r["end"].line + 1
    if r["end"].character == 0 and b > a then
        b = b - 1
    end
    return a == b and tostring(a) or (tostring(a) .. "-") .. tostring(b)
end
____exports.lspDocumentSymbols = defineLspTool({
    name = "lsp_document_symbols",
    title = "LSP document symbols (outline)",
    description = "The outline of one file from its language servers: one line per symbol, `Kind name  lines` (1-based, start-end), " .. "children indented under their parent. Cheaper than reading the file to find where things are.",
    input = __TS__ObjectAssign({}, targetInput, clientNameInput),
    closed = true,
    annotations = reading("LSP document symbols"),
    handler = function(args, ctx)
        local doc = openDoc(ctx, args)
        settleIndexing(ctx, doc, args.client_name)
        local clients = clientsFor(doc.buf, doc.display, FEATURES.documentSymbol, args.client_name)
        local uri = vim.uri_from_bufnr(doc.buf)
        local answers = requestAll(
            ctx,
            __TS__ArrayMap(
                clients,
                function(____, client) return {client = client, method = FEATURES.documentSymbol.method, params = {textDocument = {uri = uri}}} end
            ),
            doc.buf,
            ctx.config.agent.lsp_timeout_ms
        )
        local failure = failureOf(answers, (FEATURES.documentSymbol.method .. " for ") .. doc.display)
        if failure ~= nil then
            failWith(failure)
        end
        local lines = {}
        local seen = {}
        local count = 0
        local walk
        walk = function(symbols, depth)
            for ____, s in ipairs(symbols) do
                do
                    local ____opt_5 = s.location
                    local range = ____opt_5 and ____opt_5.range or s.range
                    local key = (((((tostring(depth) .. ":") .. tostring(s.kind)) .. ":") .. s.name) .. ":") .. tostring(range.start.line)
                    if seen[key] ~= nil then
                        goto __continue40
                    end
                    seen[key] = true
                    count = count + 1
                    local container = s.containerName ~= nil and s.containerName ~= "" and s.location ~= nil and ("  (in " .. s.containerName) .. ")" or ""
                    lines[#lines + 1] = (((((string.rep("  ", depth) .. kindName(s.kind)) .. " ") .. s.name) .. "  ") .. lineSpan(range)) .. container
                    if s.children ~= nil and vim.islist(s.children) then
                        walk(s.children, depth + 1)
                    end
                end
                ::__continue40::
            end
        end
        for ____, a in ipairs(answers) do
            if a.error == nil and vim.islist(a.result) then
                walk(a.result, 0)
            end
        end
        if count == 0 then
            return textResult(("no symbols in " .. doc.display) .. noteOf({answers = answers}))
        end
        return paged(
            ((((doc.display .. ": ") .. tostring(count)) .. " symbol") .. (count == 1 and "" or "s")) .. " (Kind name  lines)",
            lines,
            clients,
            "read_buffer the part you need"
        )
    end
})
____exports.lspWorkspaceSymbols = defineLspTool({
    name = "lsp_workspace_symbols",
    title = "LSP workspace symbols",
    description = "Find symbols (classes, functions, types…) by name across the project, from the running language servers: " .. "`path` lines followed by `  line:col  Kind name`. The query matches like the server's fuzzy symbol search.",
    input = __TS__ObjectAssign(
        {query = str("Name or part of a name to look for", {minLength = 1})},
        clientNameInput
    ),
    closed = true,
    annotations = reading("LSP workspace symbols"),
    handler = function(args, ctx)
        local clients = runningFor(FEATURES.workspaceSymbol, args.client_name)
        local answers = requestAll(
            ctx,
            __TS__ArrayMap(
                clients,
                function(____, client) return {client = client, method = FEATURES.workspaceSymbol.method, params = {query = args.query}} end
            ),
            nil,
            ctx.config.agent.lsp_timeout_ms
        )
        local failure = failureOf(answers, ((FEATURES.workspaceSymbol.method .. " for \"") .. args.query) .. "\"")
        if failure ~= nil then
            failWith(failure)
        end
        local texts = __TS__New(Texts, ctx)
        local labels = {}
        local places = {}
        for ____, a in ipairs(answers) do
            do
                if a.error ~= nil or not vim.islist(a.result) then
                    goto __continue51
                end
                for ____, s in ipairs(a.result) do
                    do
                        if s.location == nil then
                            goto __continue53
                        end
                        local ____opt_7 = s.location.range
                        local start = ____opt_7 and ____opt_7.start or ({line = 0, character = 0})
                        local p = placeOf(texts, s.location.uri, start, a.client.offset_encoding)
                        places[#places + 1] = p
                        local container = s.containerName ~= nil and s.containerName ~= "" and ("  (in " .. s.containerName) .. ")" or ""
                        labels[(((p.path .. ":") .. tostring(p.line)) .. ":") .. tostring(p.col)] = ((kindName(s.kind) .. " ") .. s.name) .. container
                    end
                    ::__continue53::
                end
            end
            ::__continue51::
        end
        local unique = uniquePlaces(places)
        if #unique == 0 then
            return textResult((("no symbols match \"" .. args.query) .. "\"") .. noteOf({answers = answers}))
        end
        local lines = groupedLines(
            texts,
            unique,
            function(p) return labels[(((p.path .. ":") .. tostring(p.line)) .. ":") .. tostring(p.col)] or "" end
        )
        return paged(
            (("symbols matching \"" .. args.query) .. "\": ") .. countPhrase(unique, "symbol"),
            lines,
            clients,
            "use a longer query"
        )
    end
})
return ____exports
