-- Generated from src/claude-ide/hooks/plan.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ObjectAssign = ____lualib.__TS__ObjectAssign
local ____exports = {}
local ____apply = require("claude-ide.editor.write.apply")
local applyText = ____apply.applyText
local ____diff_text = require("claude-ide.editor.review.diff_text")
local readFile = ____diff_text.readFile
local textLines = ____diff_text.textLines
local ____log = require("claude-ide.log")
local say = ____log.say
local ____json = require("claude-ide.util.json")
local isObject = ____json.isObject
local ____router = require("claude-ide.hooks.router")
local CLIENT_TITLES = ____router.CLIENT_TITLES
--- What the model reads when the user refused without a word.
local NO_FEEDBACK = "The user refused the plan in Neovim without feedback: ask them what to change."
--- The plan's text and file, from a plan exit's tool_input (undefined: nothing to show).
local function planOf(client, cwd, input, far)
    local tool = isObject(input.tool_input) and input.tool_input or ({})
    local given = type(tool.plan) == "string" and tool.plan or nil
    local path
    if type(tool.planFilePath) == "string" then
        path = tool.planFilePath
    elseif client == "gemini" and type(tool.plan_filename) == "string" then
        local name = tool.plan_filename
        path = vim.startswith(name, "/") and name or (cwd .. "/") .. name
    end
    if path ~= nil and (not vim.startswith(path, "/") or not vim.endswith(path, ".md")) then
        path = nil
    end
    if path ~= nil and far ~= nil and far:toFar(path) == nil then
        path = nil
    end
    local text = given
    if (text == nil or text == "") and path ~= nil then
        local disk = readFile(path)
        if disk.ok and disk.text ~= nil then
            text = disk.text
        end
    end
    if text == nil or vim.trim(text) == "" then
        return nil
    end
    return {text = text, path = path}
end
--- Writes the user's version of the plan to its file (buffer-aware, like :w); false (and says why) if it fails.
local function writePlan(path, text)
    local disk = readFile(path)
    if not disk.ok then
        say(((("the edited plan was not written to " .. path) .. ": ") .. disk.error) .. "; answer in the CLI's own dialog", "error")
        return false
    end
    local applied = applyText(
        path,
        disk.text == nil and ({}) or textLines(disk.text),
        textLines(text)
    )
    if not applied.ok then
        say(((("the edited plan was not written to " .. path) .. ": ") .. applied.error) .. "; answer in the CLI's own dialog", "error")
        return false
    end
    return true
end
local function preToolUse(decision, reason, updatedInput)
    local out = {hookEventName = "PreToolUse", permissionDecision = decision, permissionDecisionReason = reason}
    if updatedInput ~= nil then
        out.updatedInput = updatedInput
    end
    return {hookSpecificOutput = out}
end
--- The hook's answer to the user's decision.
local function answer(ev, plan, outcome)
    if outcome.kind == "gone" then
        return nil
    end
    if outcome.kind == "refused" then
        local reason = outcome.feedback == nil and NO_FEEDBACK or "The user refused the plan in Neovim. Their feedback: " .. outcome.feedback
        if ev.client == "gemini" then
            return {decision = "deny", reason = reason}
        end
        return preToolUse("deny", reason)
    end
    if outcome.edited and plan.path ~= nil and not writePlan(plan.path, outcome.text) then
        return nil
    end
    if outcome.edited and plan.path == nil and ev.far ~= nil and ev.client == "claude" then
        return preToolUse("deny", "The user edited the plan in Neovim. Call ExitPlanMode again with exactly this plan:\n\n" .. outcome.text)
    end
    if ev.client ~= "claude" then
        return nil
    end
    local tool = isObject(ev.input.tool_input) and ev.input.tool_input or ({})
    local updated = __TS__ObjectAssign({}, tool, {plan = outcome.text})
    if plan.path ~= nil then
        updated.planFilePath = plan.path
    end
    return preToolUse("allow", outcome.edited and "The user edited and approved the plan in Neovim." or "The user approved the plan in Neovim.", updated)
end
--- The plan-exit handler: shows the plan, waits for the user, answers the CLI.
function ____exports.planHandler(services)
    return function(ev)
        local plan = planOf(ev.client, ev.cwd, ev.input, ev.far)
        if plan == nil then
            return nil
        end
        local name = plan.path ~= nil and vim.fs.basename(plan.path) or "plan"
        local opened = services().diff.openPlan({
            plan = plan.text,
            client = CLIENT_TITLES[ev.client],
            name = name,
            canApprove = ev.client == "claude",
            clientId = ev.owner()
        })
        if not opened.ok then
            say("cannot show the plan: " .. opened.error, "error")
            return nil
        end
        local review = opened.review
        local outcome = ev.park(
            function(resume) return review.onDecision(resume) end,
            function() return review.cancel() end
        )
        return answer(ev, plan, outcome)
    end
end
return ____exports
