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
return ____exports
