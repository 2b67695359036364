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

/** Which CLI a terminal runs, told from its command. */
export interface CommandClient {
  /** "claude", "gemini", "qwen", or the program's own name (letters, digits, `+-.` only): session names, claude:// */
  id: string;
  /** The name the user reads: "Claude Code", "Gemini CLI", "Qwen Code", or the program's name. */
  label: string;
  /** It finds the editor through the Gemini CLI / Qwen Code companion (HTTP), not Claude Code's lock file. */
  companion: boolean;
}

/** The CLI `command` (terminal.command) runs, by its program's name (without folders). */
export function commandClient(command: string): CommandClient {
  const [first] = string.match(command, "^%s*(%S+)");
  const program = first !== undefined ? vim.fn.fnamemodify(first, ":t") : "";
  if (program === "gemini") return { id: "gemini", label: "Gemini CLI", companion: true };
  if (program === "qwen") return { id: "qwen", label: "Qwen Code", companion: true };
  const [id] = string.gsub(program, "[^%w%+%-%.]", "");
  if (program === "claude" || id === "") return { id: "claude", label: "Claude Code", companion: false };
  return { id, label: program, companion: false };
}
