-- Generated from src/claude-ide/tools/open_diff.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__StringIncludes = ____lualib.__TS__StringIncludes
local ____exports = {}
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local str = ____schema.str
local ____tool = require("claude-ide.protocol.tool")
local decisionOf = ____tool.decisionOf
local invalidParams = ____tool.invalidParams
local toolError = ____tool.toolError
local ____far_paths = require("claude-ide.protocol.far_paths")
local textToFar = ____far_paths.textToFar
--- "/x"; on Windows also "C:\x", "C:/x" and "\\server\x" (isabsolutepath() is not in Neovim 0.10).
local function isAbsolute(path)
    return vim.startswith(path, "/") or (string.match(path, "^%a:[/\\]")) ~= nil or vim.startswith(path, "\\\\")
end
--- The argument `name` (value `path`) as a normalized absolute path; -32602 naming it otherwise.
local function absolutePath(path, name)
    if not isAbsolute(path) then
        invalidParams(((("\"" .. name) .. "\" must be an absolute path, got \"") .. path) .. "\"")
    end
    if __TS__StringIncludes(path, "\0") then
        invalidParams(("\"" .. name) .. "\" must not contain a NUL byte")
    end
    return normalizePath(path)
end
--- The note the model reads with the next prompt when the user rejected the proposal for `path` with a reason. `far`:
-- the path map of a CLI that runs somewhere else: the file and every local path in the reason (a request for changes
-- names its notes' files) as that CLI knows them.
function ____exports.rejectionNote(path, reason, far)
    local name = far and far:toFar(path) or vim.fn.fnamemodify(path, ":~:.")
    local why = far == nil and reason or textToFar(reason, far)
    return (("In Neovim's review the user rejected your proposed change to " .. name) .. ". Their reason: ") .. why
end
--- Queues a rejection's reason for the next prompt of the session that holds connection `clientId`; its text is made
-- then, with the paths as that prompt's CLI knows them.
function ____exports.noteRejection(notes, clientId, path, reason)
    notes:add(
        function(far) return ____exports.rejectionNote(path, reason, far) end,
        clientId ~= nil and ({clientId = clientId}) or ({})
    )
end
local function answer(outcome, tabName)
    local first, second = unpack(outcome.accepted and ({"FILE_SAVED", outcome.text}) or ({"DIFF_REJECTED", tabName}), 1, 2)
    return {content = {{type = "text", text = first}, {type = "text", text = second}}}
end
____exports.openDiff = defineTool({
    name = "openDiff",
    description = "Open a diff view comparing a file with proposed new contents and wait for the user's decision. " .. "Accepted: FILE_SAVED and the final contents (possibly edited by the user); rejected: DIFF_REJECTED and the tab name.",
    input = {
        old_file_path = str("Absolute path of the file as it is now (it may not exist yet)"),
        new_file_path = str("Absolute path of the file the new contents are for"),
        new_file_contents = str("The whole proposed contents of the file", {text = true}),
        tab_name = str("Name of the review; an open review with the same name is replaced", {minLength = 1})
    },
    handler = function(args, ctx)
        local oldPath = absolutePath(args.old_file_path, "old_file_path")
        local newPath = absolutePath(args.new_file_path, "new_file_path")
        local tabName = args.tab_name
        local req = {
            oldPath = oldPath,
            newPath = newPath,
            contents = args.new_file_contents,
            tabName = tabName,
            clientId = ctx.clientId,
            source = ctx.hub.describe(ctx.clientId),
            client = ctx.client
        }
        local opened = ctx.services.diff.open(req)
        if not opened.ok then
            return toolError("openDiff: " .. opened.error)
        end
        local outcome = decisionOf(ctx, opened.review)
        if not outcome.accepted and outcome.reason ~= nil then
            ____exports.noteRejection(
                ctx.services.notes,
                ctx.hub.ownerOf(ctx.clientId) or ctx.clientId,
                newPath,
                outcome.reason
            )
        end
        return answer(outcome, tabName)
    end
})
return ____exports
