-- Generated from src/claude-ide/agent/tools/execute.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____schema = require("claude-ide.protocol.schema")
local defineTool = ____schema.defineTool
local optional = ____schema.optional
local str = ____schema.str
local writing = ____schema.writing
local ____result = require("claude-ide.protocol.result")
local Code = ____result.Code
local failWith = ____result.failWith
local fitLines = ____result.fitLines
local guarded = ____result.guarded
local textResult = ____result.textResult
local ____confirm_code = require("claude-ide.editor.confirm_code")
local askAboutCode = ____confirm_code.askAboutCode
--- Shows the whole code in Neovim and asks the user whether to run it; the call waits for the answer.
local function confirmed(args, ctx)
    local isLua = args.lua ~= nil
    local question = {
        who = ctx.client or ctx.hub.describe(ctx.clientId) or ctx.clientName or "a client",
        kind = isLua and "Lua" or "Ex command",
        code = isLua and args.lua or ":" .. tostring(args.command),
        filetype = isLua and "lua" or "vim"
    }
    local close
    return ctx.park(
        function(resume) return vim.schedule(function()
            close = askAboutCode(question, resume)
        end) end,
        function() return close and close() end
    )
end
local function run(args)
    if args.command ~= nil then
        local okRun, result = pcall(vim.api.nvim_exec2, args.command, {output = true})
        if not okRun then
            failWith(
                "the command failed: " .. tostring(result),
                Code.CommandFailed
            )
        end
        local output = result.output or ""
        return output ~= "" and output or "(no output)"
    end
    local chunk, compileError = loadstring(args.lua, "=execute")
    if chunk == nil then
        failWith("the Lua does not compile: " .. compileError, Code.CommandFailed)
    end
    local ____temp_2 = {pcall(chunk)}
    local okRun = ____temp_2[1]
    local values = __TS__ArraySlice(____temp_2, 1)
    if not okRun then
        failWith(
            "the Lua raised an error: " .. tostring(values[1]),
            Code.CommandFailed
        )
    end
    if #values == 0 then
        return "(no return value)"
    end
    return table.concat(
        __TS__ArrayMap(
            values,
            function(____, v) return type(v) == "string" and v or vim.inspect(v) end
        ),
        "\n"
    )
end
____exports.execute = defineTool({
    name = "execute",
    title = "Run a Neovim command or Lua",
    description = ("Run an Ex command (`command`, e.g. \"messages\" or \"set filetype?\"; its output is answered) or a Lua chunk " .. "(`lua`, e.g. \"return vim.bo.shiftwidth\"; its return values are answered) in the user's Neovim. Only when the user ") .. "allowed it (agent.execute): otherwise an error says so. Prefer the other tools: they are reviewed and safer.",
    input = {
        command = optional(str("An Ex command, without the leading colon", {minLength = 1, text = true})),
        lua = optional(str("A Lua chunk; `return` the values you want to see", {minLength = 1, text = true}))
    },
    closed = true,
    annotations = writing("Run a Neovim command or Lua", true),
    handler = function(args, ctx) return guarded(function()
        if args.command == nil == (args.lua == nil) then
            failWith("give exactly one of \"command\" or \"lua\"")
        end
        local mode = ctx.config.agent.execute
        if mode == "off" then
            failWith("execute is off in this Neovim: the user can allow it with setup({ agent = { execute = \"ask\" } }) (or \"allow\"). Use the other tools meanwhile", Code.CommandFailed)
        end
        if mode == "ask" and not confirmed(args, ctx) then
            return textResult("REJECTED: the user refused to run it in Neovim. Do not retry; ask the user or use another tool.")
        end
        return textResult(fitLines(vim.split(
            run(args),
            "\n",
            {plain = true}
        )).text)
    end) end
})
return ____exports
