-- Generated from src/claude-ide/lsp/tools/edits.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local __TS__ArrayFilter = ____lualib.__TS__ArrayFilter
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local __TS__ArrayFind = ____lualib.__TS__ArrayFind
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local ____exports = {}
local uriOf, askAtFile
local ____result = require("claude-ide.protocol.result")
local failWith = ____result.failWith
local textResult = ____result.textResult
local ____positions = require("claude-ide.editor.positions")
local charColumnToByte = ____positions.charColumnToByte
local charCount = ____positions.charCount
local ____schema = require("claude-ide.protocol.schema")
local int = ____schema.int
local optional = ____schema.optional
local reading = ____schema.reading
local str = ____schema.str
local writing = ____schema.writing
local ____clients = require("claude-ide.lsp.clients")
local attachedClients = ____clients.attachedClients
local FEATURES = ____clients.FEATURES
local failureOf = ____clients.failureOf
local requestAll = ____clients.requestAll
local ____document = require("claude-ide.lsp.document")
local docLines = ____document.docLines
local openDoc = ____document.openDoc
local settleIndexing = ____document.settleIndexing
local ____encoding = require("claude-ide.lsp.encoding")
local toCharacter = ____encoding.toCharacter
local ____position = require("claude-ide.lsp.position")
local clientNameInput = ____position.clientNameInput
local positionInput = ____position.positionInput
local resolvePoint = ____position.resolvePoint
local ____workspace_edit = require("claude-ide.lsp.workspace_edit")
local EditPlan = ____workspace_edit.EditPlan
local reviewAndApply = ____workspace_edit.reviewAndApply
local ____request = require("claude-ide.lsp.tools.request")
local askAt = ____request.askAt
local defineLspTool = ____request.defineLspTool
local ____target = require("claude-ide.editor.target")
local pacing = ____target.pacing
local targetInput = ____target.targetInput
function uriOf(doc)
    return vim.uri_from_bufnr(doc.buf)
end
function askAtFile(ctx, doc, feature, clientName, extra)
    local clients = __TS__ArrayFilter(
        attachedClients(doc.buf, doc.display, clientName),
        function(____, c)
            local caps = c.server_capabilities
            local v = caps and caps[feature.capability]
            return v ~= nil and v ~= false and v ~= vim.NIL
        end
    )
    if #clients == 0 then
        failWith(((((("no client attached to " .. doc.display) .. " supports ") .. feature.method) .. " (server capability ") .. feature.capability) .. ")")
    end
    local answers = requestAll(
        ctx,
        __TS__ArrayMap(
            clients,
            function(____, client) return {
                client = client,
                method = feature.method,
                params = __TS__ObjectAssign(
                    {textDocument = {uri = uriOf(doc)}},
                    extra(client)
                )
            } end
        ),
        doc.buf,
        ctx.config.agent.lsp_timeout_ms
    )
    local failure = failureOf(answers, (feature.method .. " for ") .. doc.display)
    if failure ~= nil then
        failWith(failure)
    end
    return {answers = answers, clients = clients}
end
local MEMORY_KEY = "lsp.code_actions"
--- Runs `workspace/executeCommand` on `client`, collecting the edits the server sends back through
-- workspace/applyEdit meanwhile (answered "applied": the review decides later) into `plan`.
local function executeCapturing(ctx, client, command, buf, plan)
    local handlers = client.handlers
    local previous = handlers["workspace/applyEdit"]
    local captureError
    local function restore()
        handlers["workspace/applyEdit"] = previous
    end
    handlers["workspace/applyEdit"] = function(_err, params)
        local ok, err = pcall(function() return plan:addWorkspaceEdit(params.edit, client.offset_encoding) end)
        if not ok then
            captureError = err.message or tostring(err)
            return {applied = false, failureReason = captureError}
        end
        return {applied = true}
    end
    plan.commandStarted = os.time()
    local answers = requestAll(
        ctx,
        {{client = client, method = "workspace/executeCommand", params = {command = command.command, arguments = command.arguments}}},
        buf,
        ctx.config.agent.lsp_timeout_ms,
        restore
    )
    restore()
    if captureError ~= nil then
        return captureError
    end
    return failureOf(answers, "the command " .. command.command)
end
--- An option of a server capability that is either `true` or an options object (renameProvider,
-- codeActionProvider): undefined for `true` (indexing a boolean would fail in Lua).
local function capabilityOption(client, capability, option)
    local ____opt_0 = client.server_capabilities
    local value = ____opt_0 and ____opt_0[capability]
    local ____temp_2
    if type(value) == "table" and value ~= vim.NIL then
        ____temp_2 = value[option]
    else
        ____temp_2 = nil
    end
    return ____temp_2
end
--- Applies one code action (resolved first when it needs it): its edit, then its command's edits, reviewed.
local function applyAction(ctx, client, action, buf)
    local act = action
    local isCommand = type(act.command) == "string"
    if not isCommand and act.edit == nil and capabilityOption(client, "codeActionProvider", "resolveProvider") == true then
        local answer = unpack(
            requestAll(ctx, {{client = client, method = "codeAction/resolve", params = act}}, buf, ctx.config.agent.lsp_timeout_ms),
            1,
            1
        )
        if answer.error ~= nil then
            failWith((((client.name .. " could not resolve the code action \"") .. act.title) .. "\": ") .. answer.error)
        end
        if answer.result ~= nil then
            act = answer.result
        end
    end
    local what = ("code action \"" .. act.title) .. "\""
    local results = {}
    if act.edit ~= nil and not isCommand then
        local plan = __TS__New(
            EditPlan,
            pacing(ctx)
        )
        plan:addWorkspaceEdit(act.edit, client.offset_encoding)
        local result = reviewAndApply(ctx, plan, what)
        if result.isError == true or vim.startswith(result.content[1].text, "REJECTED") then
            return result
        end
        results[#results + 1] = result.content[1].text
    end
    local command = isCommand and ({title = act.title, command = act.command, arguments = act.arguments}) or act.command
    if command ~= nil then
        local plan = __TS__New(EditPlan)
        local err = executeCapturing(
            ctx,
            client,
            command,
            buf,
            plan
        )
        if err ~= nil then
            failWith(((what .. ": ") .. err) .. (#results > 0 and (" (its edit was applied before: " .. table.concat(results, " ")) .. ")" or ""))
        end
        if #plan:changed() > 0 or #results == 0 then
            local result = reviewAndApply(ctx, plan, what)
            if result.isError == true then
                return result
            end
            results[#results + 1] = result.content[1].text
        end
    end
    if #results == 0 then
        return textResult(("OK: nothing to change: " .. what) .. " carries no edit and no command")
    end
    return textResult(table.concat(results, "\n"))
end
--- LSP diagnostics (as the servers sent them) of `buf` on lines first..last (0-based).
local function diagnosticsOn(buf, first, last)
    local out = {}
    for ____, d in ipairs(vim.diagnostic.get(buf)) do
        local ____opt_3 = d.user_data
        local lsp = ____opt_3 and ____opt_3.lsp
        if lsp ~= nil and d.lnum <= last and (d.end_lnum or d.lnum) >= first then
            out[#out + 1] = lsp
        end
    end
    return out
end
____exports.lspCodeActions = defineLspTool({
    name = "lsp_code_actions",
    title = "LSP code actions (list)",
    description = ("The code actions (quick fixes, refactorings, source actions) the language servers offer at a position or range: a " .. "numbered list `id  kind  title`. Apply one with lsp_apply_code_action {id}. Range: `line` (and `column` or `symbol`) to ") .. "`end_line` (and `end_column`); only `line`: the whole line. `kind` filters, e.g. quickfix, refactor, source.",
    input = __TS__ObjectAssign(
        {},
        targetInput,
        {
            line = int("First line, 1-based", {minimum = 1}),
            column = optional(int("Column on line, 1-based characters (default: the line's start)", {minimum = 1})),
            symbol = optional(str("Instead of column: the name as written on that line (the range is that name unless end_* are given)", {minLength = 1})),
            end_line = optional(int("Last line of the range, 1-based (default: line)", {minimum = 1})),
            end_column = optional(int("Column on end_line, 1-based characters, exclusive (default: the line's end, or column when only a position is given)", {minimum = 1})),
            kind = optional(str("Only actions of this kind (prefix), e.g. quickfix, refactor.extract, source.organizeImports", {minLength = 1}))
        },
        clientNameInput
    ),
    closed = true,
    annotations = reading("LSP code actions"),
    handler = function(args, ctx)
        local doc = openDoc(ctx, args)
        settleIndexing(ctx, doc, args.client_name)
        local lines = docLines(doc)
        local endLine = args.end_line or args.line
        if args.line > #lines or endLine > #lines then
            failWith(((((("line " .. tostring(math.max(args.line, endLine))) .. " is past the end: ") .. doc.display) .. " has ") .. tostring(#lines)) .. " lines")
        end
        if endLine < args.line then
            failWith((("end_line " .. tostring(endLine)) .. " is before line ") .. tostring(args.line))
        end
        local first = lines[args.line]
        local last = lines[endLine]
        local named = args.symbol ~= nil and resolvePoint(lines, doc.display, args) or nil
        local startByte = named ~= nil and named.byte or charColumnToByte(first, args.column or 1)
        local wholeLine = args.column == nil and named == nil and args.end_column == nil
        local endByte = args.end_column ~= nil and charColumnToByte(last, args.end_column) or ((wholeLine or args.end_line ~= nil) and #last or (named ~= nil and startByte + #args.symbol or startByte))
        if args.column ~= nil and args.column > charCount(first) + 1 then
            failWith(((((("column " .. tostring(args.column)) .. " is past the end of line ") .. tostring(args.line)) .. " (") .. tostring(charCount(first))) .. " characters)")
        end
        local clients = __TS__ArrayFilter(
            attachedClients(doc.buf, doc.display, args.client_name),
            function(____, c)
                local ____temp_7 = FEATURES.codeAction ~= nil
                if ____temp_7 then
                    local ____opt_5 = c.server_capabilities
                    ____temp_7 = (____opt_5 and ____opt_5.codeActionProvider) ~= nil
                end
                return ____temp_7
            end
        )
        if #clients == 0 then
            failWith(("no client attached to " .. doc.display) .. " supports textDocument/codeAction (server capability codeActionProvider)")
        end
        local diagnostics = diagnosticsOn(doc.buf, args.line - 1, endLine - 1)
        local answers = requestAll(
            ctx,
            __TS__ArrayMap(
                clients,
                function(____, client) return {
                    client = client,
                    method = FEATURES.codeAction.method,
                    params = {
                        textDocument = {uri = uriOf(doc)},
                        range = {
                            start = {
                                line = args.line - 1,
                                character = toCharacter(first, startByte, client.offset_encoding)
                            },
                            ["end"] = {
                                line = endLine - 1,
                                character = toCharacter(last, endByte, client.offset_encoding)
                            }
                        },
                        context = {diagnostics = diagnostics, only = args.kind ~= nil and ({args.kind}) or nil, triggerKind = 1}
                    }
                } end
            ),
            doc.buf,
            ctx.config.agent.lsp_timeout_ms
        )
        local failure = failureOf(
            answers,
            (("textDocument/codeAction for " .. doc.display) .. ":") .. tostring(args.line)
        )
        if failure ~= nil then
            failWith(failure)
        end
        local items = {}
        local rows = {}
        local seen = {}
        for ____, a in ipairs(answers) do
            do
                if a.error ~= nil or not vim.islist(a.result) then
                    goto __continue33
                end
                for ____, action in ipairs(a.result) do
                    do
                        if action.disabled ~= nil then
                            goto __continue35
                        end
                        local key = ((action.kind or "") .. "\n") .. action.title
                        if seen[key] ~= nil then
                            goto __continue35
                        end
                        seen[key] = true
                        items[#items + 1] = {clientId = a.client.id, action = action}
                        local kind = type(action.command) == "string" and "command" or (action.kind or "-")
                        rows[#rows + 1] = (((((("  " .. tostring(#items)) .. "  ") .. kind) .. "  ") .. action.title) .. (action.isPreferred == true and "  (preferred)" or "")) .. (#clients > 1 and ("  [" .. a.client.name) .. "]" or "")
                    end
                    ::__continue35::
                end
            end
            ::__continue33::
        end
        local range = ((doc.display .. ":") .. tostring(args.line)) .. (endLine ~= args.line and "-" .. tostring(endLine) or "")
        if #items == 0 then
            return textResult((((((("no code actions at " .. range) .. (args.kind ~= nil and " of kind " .. args.kind or "")) .. " (") .. tostring(#diagnostics)) .. " diagnostic") .. (#diagnostics == 1 and "" or "s")) .. " there)")
        end
        local offered = {
            buf = doc.buf,
            display = doc.display,
            tick = vim.api.nvim_buf_get_changedtick(doc.buf),
            items = items
        }
        ctx.services.agent.memory[MEMORY_KEY] = offered
        return textResult(((((((tostring(#items) .. " code action") .. (#items == 1 and "" or "s")) .. " at ") .. range) .. " (id  kind  title):\n") .. table.concat(rows, "\n")) .. "\napply one with lsp_apply_code_action {\"id\": N}")
    end
})
____exports.lspApplyCodeAction = defineLspTool({
    name = "lsp_apply_code_action",
    title = "LSP apply code action (reviewed by the user)",
    description = ("Applies one action of the last lsp_code_actions list by its id. Its edits, across any number of files, are shown " .. "to the user in one diff review and the call waits for the answer: `OK: applied …` with the files, edit counts and ") .. "the diagnostics after, or `REJECTED: …`.",
    input = {id = int("The id from the last lsp_code_actions answer", {minimum = 1})},
    closed = true,
    annotations = writing("LSP apply code action (reviewed)", true),
    handler = function(args, ctx)
        local offered = ctx.services.agent.memory[MEMORY_KEY]
        if offered == nil then
            failWith("no code actions were listed yet: call lsp_code_actions first")
        end
        local item = offered.items[args.id]
        if item == nil then
            failWith((((("there is no code action " .. tostring(args.id)) .. ": the last lsp_code_actions list (for ") .. offered.display) .. ") has ") .. tostring(#offered.items))
        end
        if not vim.api.nvim_buf_is_valid(offered.buf) or vim.api.nvim_buf_get_changedtick(offered.buf) ~= offered.tick then
            failWith(((("code action " .. tostring(args.id)) .. " is stale: ") .. offered.display) .. " changed since lsp_code_actions listed it; call lsp_code_actions again")
        end
        local client = vim.lsp.get_client_by_id(item.clientId)
        if client == nil then
            failWith(("the server that offered code action " .. tostring(args.id)) .. " is not running any more; call lsp_code_actions again")
        end
        ctx.services.agent.memory[MEMORY_KEY] = nil
        return applyAction(ctx, client, item.action, offered.buf)
    end
})
____exports.lspRename = defineLspTool({
    name = "lsp_rename",
    title = "LSP rename symbol (reviewed by the user)",
    description = ("Renames the symbol at a position everywhere it is used, across files, through the language server (exact, unlike " .. "search and replace). The user reviews every changed file in one diff review; the call waits: `OK: applied …` with ") .. "files, edit counts and the diagnostics after, or `REJECTED: …`. Position: `line` plus `column` or `symbol`.",
    input = __TS__ObjectAssign(
        {},
        positionInput,
        {new_name = str("The new name", {minLength = 1})}
    ),
    closed = true,
    annotations = writing("LSP rename (reviewed)", true),
    handler = function(args, ctx)
        local function preparable(c)
            return capabilityOption(c, "renameProvider", "prepareProvider") == true
        end
        local doc = openDoc(ctx, args)
        settleIndexing(ctx, doc, args.client_name)
        local prepared = __TS__ArrayFilter(
            attachedClients(doc.buf, doc.display, args.client_name),
            function(____, c) return preparable(c) end
        )
        if #prepared > 0 then
            local prep = askAt(
                ctx,
                __TS__ObjectAssign({}, args, {client_name = prepared[1].name}),
                {method = "textDocument/prepareRename", capability = "renameProvider", tool = "lsp_rename"}
            )
            local answer = prep.answers[1]
            if answer.result == nil then
                failWith(((answer.client.name .. " cannot rename ") .. prep.where) .. ": not a renamable symbol (check the position)")
            end
        end
        local asked = askAt(
            ctx,
            args,
            FEATURES.rename,
            function() return {newName = args.new_name} end
        )
        local answer = __TS__ArrayFind(
            asked.answers,
            function(____, a) return a.error == nil and a.result ~= nil end
        )
        if answer == nil then
            failWith("no server produced a rename for " .. asked.where)
        end
        local plan = __TS__New(
            EditPlan,
            pacing(ctx)
        )
        plan:addWorkspaceEdit(answer.result, answer.client.offset_encoding)
        return reviewAndApply(ctx, plan, ((("rename of " .. asked.where) .. " to \"") .. args.new_name) .. "\"")
    end
})
____exports.lspFormatting = defineLspTool({
    name = "lsp_formatting",
    title = "LSP format file (reviewed by the user)",
    description = "Formats a file (or the lines start_line..end_line) with its language server, on the unsaved text, using the " .. "buffer's indentation settings. The user reviews the change; the call waits: `OK: applied …` or `REJECTED: …`.",
    input = __TS__ObjectAssign(
        {},
        targetInput,
        {
            start_line = optional(int("First line to format, 1-based (range formatting)", {minimum = 1})),
            end_line = optional(int("Last line to format, 1-based (default: start_line)", {minimum = 1}))
        },
        clientNameInput
    ),
    closed = true,
    annotations = writing("LSP format (reviewed)", false, true),
    handler = function(args, ctx)
        local doc = openDoc(ctx, args)
        settleIndexing(ctx, doc, args.client_name)
        local ranged = args.start_line ~= nil or args.end_line ~= nil
        local feature = ranged and FEATURES.rangeFormatting or FEATURES.formatting
        local lines = docLines(doc)
        local from = args.start_line or 1
        local to = args.end_line or args.start_line or #lines
        if ranged and (from > #lines or to > #lines) then
            failWith(((((("line " .. tostring(math.max(from, to))) .. " is past the end: ") .. doc.display) .. " has ") .. tostring(#lines)) .. " lines")
        end
        if to < from then
            failWith((("end_line " .. tostring(to)) .. " is before start_line ") .. tostring(from))
        end
        local sw = vim.api.nvim_get_option_value("shiftwidth", {buf = doc.buf})
        local options = {
            tabSize = sw > 0 and sw or vim.api.nvim_get_option_value("tabstop", {buf = doc.buf}),
            insertSpaces = vim.api.nvim_get_option_value("expandtab", {buf = doc.buf}) == true
        }
        local ____askAtFile_result_8 = askAtFile(
            ctx,
            doc,
            feature,
            args.client_name,
            function(client) return {
                options = options,
                range = ranged and ({
                    start = {line = from - 1, character = 0},
                    ["end"] = {
                        line = to - 1,
                        character = toCharacter(lines[to], #lines[to], client.offset_encoding)
                    }
                }) or nil
            } end
        )
        local answers = ____askAtFile_result_8.answers
        local answer = __TS__ArrayFind(
            answers,
            function(____, a) return a.error == nil and vim.islist(a.result) and #a.result > 0 end
        )
        local what = ("formatting of " .. doc.display) .. (ranged and ((" lines " .. tostring(from)) .. "-") .. tostring(to) or "")
        if answer == nil then
            return textResult(("OK: nothing to change: " .. what) .. " leaves the file as it is")
        end
        local plan = __TS__New(
            EditPlan,
            pacing(ctx)
        )
        plan:addTextEdits(doc.path, answer.result, answer.client.offset_encoding)
        return reviewAndApply(ctx, plan, what)
    end
})
--- typescript-language-server's full organize (sorts AND removes unused imports; its code action only sorts).
local TS_ORGANIZE = "_typescript.organizeImports"
____exports.lspOrganizeImports = defineLspTool({
    name = "lsp_organize_imports",
    title = "LSP organize imports (reviewed by the user)",
    description = "Sorts the file's imports and removes the unused ones through its language server. The user reviews the change; " .. "the call waits: `OK: applied …` or `REJECTED: …`.",
    input = __TS__ObjectAssign({}, targetInput, clientNameInput),
    closed = true,
    annotations = writing("LSP organize imports (reviewed)", false, true),
    handler = function(args, ctx)
        local doc = openDoc(ctx, args)
        settleIndexing(ctx, doc, args.client_name)
        local what = "organize imports of " .. doc.display
        local attached = attachedClients(doc.buf, doc.display, args.client_name)
        local ts = __TS__ArrayFind(
            attached,
            function(____, c)
                local ____opt_13 = c.server_capabilities
                local ____opt_11 = ____opt_13 and ____opt_13.executeCommandProvider
                return __TS__ArrayIncludes(____opt_11 and ____opt_11.commands or ({}), TS_ORGANIZE)
            end
        )
        if ts ~= nil then
            local plan = __TS__New(
                EditPlan,
                pacing(ctx)
            )
            local err = executeCapturing(
                ctx,
                ts,
                {command = TS_ORGANIZE, arguments = {doc.path}},
                doc.buf,
                plan
            )
            if err ~= nil then
                failWith((what .. ": ") .. err)
            end
            return reviewAndApply(ctx, plan, what)
        end
        local lines = docLines(doc)
        local ____askAtFile_result_15 = askAtFile(
            ctx,
            doc,
            FEATURES.codeAction,
            args.client_name,
            function() return {range = {start = {line = 0, character = 0}, ["end"] = {line = #lines, character = 0}}, context = {diagnostics = {}, only = {"source.organizeImports"}, triggerKind = 1}} end
        )
        local answers = ____askAtFile_result_15.answers
        for ____, a in ipairs(answers) do
            do
                if a.error ~= nil or not vim.islist(a.result) then
                    goto __continue70
                end
                local action = __TS__ArrayFind(
                    a.result,
                    function(____, x) return x.disabled == nil end
                )
                if action ~= nil then
                    return applyAction(ctx, a.client, action, doc.buf)
                end
            end
            ::__continue70::
        end
        return textResult(("OK: nothing to change: no server offers source.organizeImports for " .. doc.display) .. " (the imports may be organized already)")
    end
})
return ____exports
