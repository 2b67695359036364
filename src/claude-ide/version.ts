// The plugin's version, in one place (MCP serverInfo, :checkhealth). Keep it equal to package.json "version".
export const VERSION = "0.1.0";
