-- Generated from src/claude-ide/tools/companion_diff.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayFindIndex = ____lualib.__TS__ArrayFindIndex
local __TS__ArraySplice = ____lualib.__TS__ArraySplice
local ____exports = {}
local ____schema = require("claude-ide.protocol.schema")
local bool = ____schema.bool
local defineTool = ____schema.defineTool
local optional = ____schema.optional
local str = ____schema.str
local ____open_diff = require("claude-ide.tools.open_diff")
local noteRejection = ____open_diff.noteRejection
local function text(t, isError)
    if isError == nil then
        isError = false
    end
    local ____temp_1 = {{type = "text", text = t}}
    local ____isError_0
    if isError then
        ____isError_0 = true
    else
        ____isError_0 = nil
    end
    return {content = ____temp_1, isError = ____isError_0}
end
--- Reviews all the companion's sessions may have waiting at once (each session also has the editor's own cap):
-- a CLI can start sessions at will, and the cap must hold for the server as a whole.
____exports.MAX_COMPANION_REVIEWS = 16
--- The key of a session's review of a file in `open`.
local function keyOf(clientId, path)
    return (tostring(clientId) .. "\n") .. path
end
--- The companion's two tools, sharing the reviews they opened (one set per running companion).
function ____exports.companionTools(link)
    local openReview, settleWaiting, open, owner, waiting, count
    function openReview(clientId, path, newContent)
        local diff = link.services().diff
        local key = keyOf(clientId, path)
        local before = open[key]
        local pending = 0
        for ____ in pairs(open) do
            pending = pending + 1
        end
        if before == nil and pending >= ____exports.MAX_COMPANION_REVIEWS then
            return text(
                ((("openDiff: " .. tostring(____exports.MAX_COMPANION_REVIEWS)) .. " reviews of ") .. link.label()) .. " sessions are already waiting for the user (the most this editor keeps open): wait until the user has decided on them",
                true
            )
        end
        if before ~= nil then
            before.quiet = true
            diff.closeTab(
                before.tabName,
                function(id) return id == before.clientId end
            )
        end
        count = count + 1
        local label = link.label()
        local tabName = ((((("✻ [" .. label) .. "] ") .. vim.fn.fnamemodify(path, ":~:.")) .. " (") .. tostring(count)) .. ")"
        local opened = diff.open({
            oldPath = path,
            newPath = path,
            contents = newContent,
            tabName = tabName,
            clientId = clientId,
            client = label
        })
        if not opened.ok then
            return text("openDiff: " .. opened.error, true)
        end
        local entry = {tabName = tabName, clientId = clientId, quiet = false}
        open[key] = entry
        owner[path] = clientId
        opened.review.onDecision(function(outcome)
            if open[key] == entry then
                open[key] = nil
                owner[path] = nil
                local changed = outcome.accepted
                vim.schedule(function() return settleWaiting(path, changed) end)
            end
            if entry.quiet then
                return
            end
            if outcome.accepted then
                link.notify(entry.clientId, "ide/diffAccepted", {filePath = path, content = outcome.text})
            else
                if outcome.reason ~= nil then
                    noteRejection(
                        link.services().notes,
                        link.knowsProcesses() and entry.clientId or nil,
                        path,
                        outcome.reason
                    )
                end
                link.notify(entry.clientId, "ide/diffRejected", {filePath = path})
            end
        end)
        return {content = {}}
    end
    function settleWaiting(path, changed)
        local name = vim.fn.fnamemodify(path, ":~:.")
        local function drop(w, why, note)
            link.tell((((("the waiting " .. link.label()) .. " proposal for ") .. name) .. " was not shown: ") .. why)
            link.services().notes:add(
                ((("Your proposed change to " .. name) .. " was not shown in Neovim's review: ") .. note) .. ". Read the file again before proposing a change to it.",
                link.knowsProcesses() and ({clientId = w.clientId}) or ({})
            )
            link.notify(w.clientId, "ide/diffRejected", {filePath = path})
        end
        while owner[path] == nil do
            do
                local i = __TS__ArrayFindIndex(
                    waiting,
                    function(____, w) return w.path == path end
                )
                if i < 0 then
                    return
                end
                local next = unpack(
                    __TS__ArraySplice(waiting, i, 1),
                    1,
                    1
                )
                if not link.alive(next.clientId) then
                    goto __continue25
                end
                if changed then
                    drop(next, "another session's change to it was accepted meanwhile", "another session's change to that file was accepted while yours waited")
                    goto __continue25
                end
                local res = openReview(next.clientId, path, next.newContent)
                if res.isError == true then
                    local why = res.content[1].text
                    drop(next, why, "it could not be opened")
                end
            end
            ::__continue25::
        end
    end
    open = {}
    owner = {}
    waiting = {}
    count = 0
    local openDiff = defineTool({
        name = "openDiff",
        description = "(IDE Tool) Open a diff view to create or modify a file. Answers at once; the outcome is notified.",
        input = {
            filePath = str("Absolute path of the file", {minLength = 1}),
            newContent = str("The whole proposed contents of the file", {text = true})
        },
        handler = function(args, ctx)
            local path = args.filePath
            if not vim.startswith(path, "/") then
                return text("openDiff: filePath must be absolute: " .. path, true)
            end
            local holder = owner[path]
            if holder ~= nil and holder ~= ctx.clientId then
                local i = __TS__ArrayFindIndex(
                    waiting,
                    function(____, w) return w.clientId == ctx.clientId and w.path == path end
                )
                if i >= 0 then
                    __TS__ArraySplice(waiting, i, 1)
                end
                waiting[#waiting + 1] = {clientId = ctx.clientId, path = path, newContent = args.newContent}
                link.tell(((("another " .. link.label()) .. " session proposes a change to ") .. vim.fn.fnamemodify(path, ":~:.")) .. " while this file's review is open: it waits (shown if this one is rejected, dropped if it is accepted), or answer it in that CLI's terminal")
                return {content = {}}
            end
            return openReview(ctx.clientId, path, args.newContent)
        end
    })
    local closeDiff = defineTool({
        name = "closeDiff",
        description = "(IDE Tool) Close an open diff view for a specific file; answers its content as the user left it.",
        input = {
            filePath = str("Absolute path of the file", {minLength = 1}),
            suppressNotification = optional(bool("Do not notify the outcome"))
        },
        handler = function(args, ctx)
            local queued = __TS__ArrayFindIndex(
                waiting,
                function(____, w) return w.clientId == ctx.clientId and w.path == args.filePath end
            )
            if queued >= 0 then
                __TS__ArraySplice(waiting, queued, 1)
                return text(vim.json.encode({content = vim.NIL}))
            end
            local key = keyOf(ctx.clientId, args.filePath)
            local entry = open[key]
            if entry == nil then
                return text(vim.json.encode({content = vim.NIL}))
            end
            local diff = link.services().diff
            local function theirs(id)
                return id == entry.clientId
            end
            local content = diff.proposalOf(entry.tabName, theirs)
            if args.suppressNotification == true then
                entry.quiet = true
            end
            open[key] = nil
            owner[args.filePath] = nil
            diff.closeTab(entry.tabName, theirs)
            return text(vim.json.encode({content = content or vim.NIL}))
        end
    })
    return {openDiff, closeDiff}
end
return ____exports
