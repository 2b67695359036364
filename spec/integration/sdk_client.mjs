// The official MCP TypeScript SDK as a client of the plugin: connect, initialize, list tools, ping, call tools.
// Usage: node sdk_client.mjs <port> <token>. Prints one JSON object with what it saw, then exits.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { WebSocketClientTransport } from "@modelcontextprotocol/sdk/client/websocket.js";
import WebSocket from "ws";

const [port, token] = process.argv.slice(2);

// The SDK transport uses the global WebSocket (none on Node 20), and the IDE server needs the auth header.
globalThis.WebSocket = class extends WebSocket {
  constructor(url, protocols) {
    super(url, protocols, { headers: { "x-claude-code-ide-authorization": token } });
  }
};

const out = {};
const client = new Client({ name: "sdk-spec", version: "1.0.0" });
const transport = new WebSocketClientTransport(new URL(`ws://127.0.0.1:${port}/`));
try {
  await client.connect(transport);
  out.serverVersion = client.getServerVersion();
  out.capabilities = client.getServerCapabilities();
  out.tools = (await client.listTools()).tools;
  out.ping = await client.ping();
  out.echo = await client.callTool({ name: "echo", arguments: { text: "héllo ✻" } });
  out.parked = await client.callTool({ name: "park_briefly", arguments: {} });
  out.failing = await client.callTool({ name: "fails", arguments: {} });
  try {
    await client.callTool({ name: "no_such_tool", arguments: {} });
  } catch (err) {
    out.unknownTool = { code: err.code, message: err.message };
  }
  await client.close();
} catch (err) {
  out.error = String(err && err.stack ? err.stack : err);
}
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0);
