-- Generated from src/claude-ide/hooks/main.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayIncludes = ____lualib.__TS__ArrayIncludes
local __TS__ArraySlice = ____lualib.__TS__ArraySlice
local ____exports = {}
local registry = require("claude-ide.instances.registry")
local ____client = require("claude-ide.transport.client")
local WsClient = ____client.WsClient
local ____jsonrpc = require("claude-ide.protocol.jsonrpc")
local decodeMessage = ____jsonrpc.decodeMessage
local request = ____jsonrpc.request
local ____json = require("claude-ide.util.json")
local isObject = ____json.isObject
local ____process = require("claude-ide.util.process")
local parentPid = ____process.parentPid
local ____router = require("claude-ide.hooks.router")
local HOOK_CLIENTS = ____router.HOOK_CLIENTS
____exports.ROLE = "hook"
local function parseArgs(argv)
    local positional = {}
    local instance
    do
        local i = 0
        while i < #argv do
            local a = argv[i + 1]
            if a == "--instance" and i + 1 < #argv then
                local ____argv_0 = argv
                i = i + 1
                instance = ____argv_0[i + 1]
            elseif vim.startswith(a, "--instance=") then
                instance = string.sub(a, 12)
            else
                positional[#positional + 1] = a
            end
            i = i + 1
        end
    end
    local client, event, inline = unpack(positional, 1, 3)
    if client == nil or event == nil or not __TS__ArrayIncludes(HOOK_CLIENTS, client) then
        return nil
    end
    return {
        client = client,
        event = event,
        instance = instance,
        inline = inline,
        rest = __TS__ArraySlice(positional, 2)
    }
end
--- CLAUDE_IDE_HOOK_DEBUG is set: say on stderr why nothing happened (read once: callbacks may not read vim.env).
local debugging = false
--- Says why nothing happened, on stderr, when debugging (the CLIs show a hook's stderr in their debug modes).
local function debugLog(msg)
    if debugging then
        io.stderr:write(("[claude-ide hook] " .. msg) .. "\n")
    end
end
--- The hook input: stdin as JSON (an object), or an empty object. Codex's notify passes it as an argument.
local function readInput(inline)
    local text = inline or io.read("*a")
    if type(text) ~= "string" or text == "" then
        return {}
    end
    local ok, value = pcall(vim.json.decode, text, {luanil = {object = true, array = true}})
    return ok and isObject(value) and value or ({})
end
--- The hook's answer, or undefined (Neovim gone, refused, closed). Runs the event loop until it is known.
local function ask(args, input)
    local cwd = type(input.cwd) == "string" and input.cwd ~= "" and input.cwd or vim.uv.cwd()
    local explicit = args.instance or vim.env.CLAUDE_IDE_INSTANCE
    local port = tonumber(vim.env.CLAUDE_CODE_SSE_PORT)
    local choice = registry.choose(
        registry.list(),
        {explicit = explicit, nvimSocket = vim.env.NVIM, ssePort = port, cwd = cwd or "/"}
    )
    if not choice.ok then
        debugLog(choice.reason)
        return nil
    end
    local params = {
        client = args.client,
        event = args.event,
        input = vim.tbl_isempty(input) and vim.empty_dict() or input,
        pid = vim.fn.getpid(),
        cwd = vim.uv.cwd()
    }
    local done = false
    local output
    local client
    local function finish()
        done = true
    end
    WsClient:connect(
        choice.instance.port,
        choice.instance.token,
        {
            onMessage = function(text)
                local msg = decodeMessage(text)
                if msg.kind ~= "response" or msg.id ~= 1 then
                    return
                end
                if msg.error ~= nil then
                    debugLog("the editor answered an error: " .. vim.inspect(msg.error))
                end
                local result = msg.result
                if isObject(result) and type(result.output) == "string" then
                    output = result.output
                end
                if client ~= nil then
                    client:close(1000, "")
                end
                finish()
            end,
            onClose = function(code, reason)
                if not done then
                    debugLog(((("the editor closed the connection (" .. tostring(code)) .. " ") .. reason) .. ")")
                end
                finish()
            end
        },
        function(c, err)
            if c == nil then
                debugLog(err or "cannot connect")
                finish()
                return
            end
            client = c
            c:send(request(1, "hooks/event", params))
        end,
        ____exports.ROLE
    )
    local parent = parentPid(params.pid)
    while not done do
        vim.wait(
            1000,
            function() return done end,
            10
        )
        if not done and parentPid(params.pid) ~= parent then
            debugLog("the CLI that ran this hook is gone")
            break
        end
    end
    if client ~= nil then
        vim.wait(
            200,
            function() return client:isFinished() end,
            5
        )
    end
    return output
end
--- The user's own editor, for when this Neovim cannot edit: `$CLAUDE_IDE_EDITOR_FALLBACK`, else vi.
local function fallbackEditor(file, line)
    local own = vim.env.CLAUDE_IDE_EDITOR_FALLBACK
    local command = own ~= nil and own ~= "" and own or "vi"
    local at = line ~= nil and (string.match(command, "vim?$")) ~= nil and ("+" .. tostring(line)) .. " " or ""
    local status = os.execute(((command .. " ") .. at) .. vim.fn.shellescape(file))
    if type(status) == "number" then
        return status >= 256 and math.floor(status / 256) or status
    end
    return status == true and 0 or 1
end
--- The external editor command (the CLI's $VISUAL: `nvim -l hook.lua <client> editor [--instance ID] [+LINE] FILE`):
-- this Neovim opens FILE and the command waits until the user is done; its exit status is what the editor
-- answered (0: written and closed; 1: `:cq` or closed without writing). Neovim gone or refusing: the user's own
-- editor instead, so the CLI never waits for nothing. stdin is the CLI's terminal: never read.
local function editorMain(args)
    local file
    local line
    do
        local i = 0
        while i < #args.rest do
            local a = args.rest[i + 1]
            if a == "-i" then
                i = i + 1
            elseif vim.startswith(a, "+") and tonumber(string.sub(a, 2)) ~= nil then
                line = tonumber(string.sub(a, 2))
            elseif not vim.startswith(a, "-") then
                file = a
            end
            i = i + 1
        end
    end
    if file == nil then
        debugLog("usage: nvim -l .../lua/claude-ide/hook.lua <client> editor [+LINE] FILE")
        return 2
    end
    local path = vim.fn.fnamemodify(file, ":p")
    local input = {
        file = path,
        cwd = vim.uv.cwd()
    }
    if line ~= nil then
        input.line = line
    end
    local ok, output = pcall(ask, args, input)
    if not ok then
        debugLog("failed: " .. tostring(output))
    end
    if ok and type(output) == "string" and output ~= "" then
        local decoded, value = pcall(vim.json.decode, output)
        if decoded and isObject(value) and type(value.status) == "number" then
            return value.status
        end
    end
    return fallbackEditor(path, line)
end
function ____exports.main(argv)
    local flag = vim.env.CLAUDE_IDE_HOOK_DEBUG
    debugging = flag ~= nil and flag ~= ""
    local args = parseArgs(argv)
    if args == nil then
        debugLog("usage: nvim -l .../lua/claude-ide/hook.lua <claude|gemini|qwen|codex> <event> [--instance ID]")
        return 0
    end
    if args.event == "editor" then
        return editorMain(args)
    end
    local input = readInput(args.inline)
    if args.event == "notify" and type(input.type) == "string" then
        args.event = input.type
    end
    local ok, output = pcall(ask, args, input)
    if not ok then
        debugLog("failed: " .. tostring(output))
    elseif output ~= nil and output ~= "" then
        io.stdout:write(output, "\n")
        io.stdout:flush()
    end
    return 0
end
return ____exports
