// The name a user reads for an MCP client: the clientInfo title it gave, a known client's own product name,
// or the clientInfo name as sent.

/** clientInfo.name of clients whose product name differs from it. */
const KNOWN: { [name: string]: string } = {
  "codex-mcp-client": "Codex",
  "gemini-cli-mcp-client": "Gemini CLI",
  "gemini-cli": "Gemini CLI",
  "qwen-code-mcp-client": "Qwen Code",
  "qwen-cli-mcp-client": "Qwen Code",
  "claude-code": "Claude Code",
  opencode: "opencode",
  "mcp-inspector": "MCP Inspector",
  "inspector-client": "MCP Inspector",
  // The agent bridge before its client said who it is.
  "claude-ide-bridge": "agent",
};

/** The client's name as shown in titles, prompts and lists; undefined when it gave none. */
export function clientLabel(name: string | undefined, title?: string): string | undefined {
  if (title !== undefined && title !== "") return title;
  if (name === undefined || name === "") return undefined;
  return KNOWN[name] ?? name;
}
