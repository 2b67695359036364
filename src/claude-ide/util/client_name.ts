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
  /** "claude", "gemini" or "qwen": session names (gemini 2) and terminal buffer names (gemini://gemini-2). */
  id: string;
  /** The name the user reads until the CLI says its own (initialize's clientInfo): "Claude Code", "Gemini CLI", "Qwen Code". */
  label: string;
  /** It finds the editor through the Gemini CLI / Qwen Code companion (HTTP), not Claude Code's lock file. */
  companion: boolean;
}

/**
 * The CLI `command` (terminal.command) runs, by its program's name (without folders). Any other program (a
 * wrapper, `node cli.js`) is started as Claude Code is (its environment, its arguments) and named so until it
 * connects and says what it is.
 */
export function commandClient(command: string): CommandClient {
  const [first] = string.match(command, "^%s*(%S+)");
  const program = first !== undefined ? vim.fn.fnamemodify(first, ":t") : "";
  if (program === "gemini") return { id: "gemini", label: "Gemini CLI", companion: true };
  if (program === "qwen") return { id: "qwen", label: "Qwen Code", companion: true };
  return { id: "claude", label: "Claude Code", companion: false };
}
