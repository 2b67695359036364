-- Generated from src/claude-ide/tools/execute_code.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__New = ____lualib.__TS__New
local __TS__StringEndsWith = ____lualib.__TS__StringEndsWith
local ____exports = {}
local ____execute = require("claude-ide.editor.execute")
local appendLog = ____execute.appendLog
local CodeRun = ____execute.CodeRun
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local str = ____schema.str
local ____tool = require("claude-ide.protocol.tool")
local text = ____tool.text
local toolError = ____tool.toolError
local function describe(result, timeoutMs)
    if result.timedOut then
        return ("timed out after " .. tostring(timeoutMs)) .. " ms (stopped)"
    end
    return ((("exit code " .. tostring(result.exitCode)) .. " (") .. tostring(result.durationMs)) .. " ms)"
end
____exports.executeCode = defineTool({
    name = "executeCode",
    description = "Run code in Neovim with the configured interpreter (python3 unless configured otherwise), after the user confirms. Returns the output (stdout and stderr together) and the exit code.",
    enabled = function(config) return config.execute_code end,
    input = {code = str("The code to run (passed to the interpreter as a file)", {text = true})},
    handler = function(args, ctx)
        local code = args.code
        local config = ctx.config
        local run = __TS__New(CodeRun, config, code)
        local confirmed = ctx.park(
            function(resume) return run:ask(resume) end,
            function()
                run:close()
                appendLog(config, code, "cancelled before the user answered")
            end
        )
        if not confirmed then
            appendLog(config, code, "refused by the user")
            return toolError("The user declined to run this code.")
        end
        local result = ctx.park(
            function(resume) return run:start(resume) end,
            function()
                run:stop()
                appendLog(config, code, "cancelled while running")
            end
        )
        local outcome = describe(result, config.execute_code_opts.timeout_ms)
        appendLog(config, code, outcome, result.output)
        local body = (((result.output .. ((result.output == "" or __TS__StringEndsWith(result.output, "\n")) and "" or "\n")) .. "[") .. outcome) .. "]"
        return result.timedOut and toolError(body) or text(body)
    end
})
return ____exports
