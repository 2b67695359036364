-- Generated from src/claude-ide/util/client_name.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- clientInfo.name of clients whose product name differs from it.
local KNOWN = {
    ["codex-mcp-client"] = "Codex",
    ["gemini-cli-mcp-client"] = "Gemini CLI",
    ["gemini-cli"] = "Gemini CLI",
    ["qwen-code-mcp-client"] = "Qwen Code",
    ["qwen-cli-mcp-client"] = "Qwen Code",
    ["claude-code"] = "Claude Code",
    opencode = "opencode",
    ["mcp-inspector"] = "MCP Inspector",
    ["inspector-client"] = "MCP Inspector",
    ["claude-ide-bridge"] = "agent"
}
--- The client's name as shown in titles, prompts and lists; undefined when it gave none.
function ____exports.clientLabel(name, title)
    if title ~= nil and title ~= "" then
        return title
    end
    if name == nil or name == "" then
        return nil
    end
    return KNOWN[name] or name
end
--- The CLI `command` (terminal.command) runs, by its program's name (without folders). Any other program (a
-- wrapper, `node cli.js`) is started as Claude Code is (its environment, its arguments) and named so until it
-- connects and says what it is.
function ____exports.commandClient(command)
    local first = string.match(command, "^%s*(%S+)")
    local program = first ~= nil and vim.fn.fnamemodify(first, ":t") or ""
    if program == "gemini" then
        return {id = "gemini", label = "Gemini CLI", companion = true}
    end
    if program == "qwen" then
        return {id = "qwen", label = "Qwen Code", companion = true}
    end
    return {id = "claude", label = "Claude Code", companion = false}
end
return ____exports
