// An MCP client over Streamable HTTP for specs, the way Gemini CLI's IDE client talks to its companion: the
// MCP TypeScript SDK's Client + StreamableHTTPClientTransport with `Authorization: Bearer <token>`, notifications
// arriving on the session's GET event stream. Remote-controlled by a spec through line JSON (as mcp_stdio.mjs).
//
// Command {"id":N, "op":..., ...}   Reply {"id":N, "ok":true, "result":...} | {"id":N, "ok":false, "error":{...}}
//   connect    url, token[, headers]: initialize (and the GET stream); result {serverVersion, capabilities,
//              protocolVersion}; `headers` instead of `Authorization: Bearer <token>` (a far session's door)
//   call       name, arguments: tools/call; result is the CallToolResult
//   request    method, params: any request; result is the raw result object
//   notifications  [method]: every notification received so far (of that method), oldest first
//   fetch      method, headers, body: one raw HTTP request (no SDK); result {status, body, sessionId}
//   close      terminates the session (DELETE) and closes
//   hook       command, input, env: runs `sh -c command` as this client's child with `input` (JSON) on stdin and
//              `env` added, as a CLI runs its hooks; result {code, stdout, stderr}
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as z from "zod/v4";
import readline from "node:readline";
import { spawn } from "node:child_process";

const AnyResult = z.object({}).passthrough();
let client;
let transport;
const received = [];
const errors = [];

function reply(id, ok, payload) {
  const msg = ok ? { id, ok, result: payload ?? null } : { id, ok, error: payload };
  process.stdout.write(JSON.stringify(msg) + "\n");
}

const ops = {
  async connect(cmd) {
    transport = new StreamableHTTPClientTransport(new URL(cmd.url), {
      requestInit: { headers: cmd.headers ?? { Authorization: `Bearer ${cmd.token}` } },
    });
    client = new Client({ name: "streamable-http-client", version: "1.0.0" });
    client.onerror = (err) => errors.push(String(err && err.message ? err.message : err));
    client.fallbackNotificationHandler = async (n) => {
      received.push(n);
    };
    await client.connect(transport);
    return {
      serverVersion: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      protocolVersion: transport.protocolVersion ?? null,
      sessionId: transport.sessionId ?? null,
    };
  },
  async call(cmd) {
    return await client.callTool({ name: cmd.name, arguments: cmd.arguments ?? {} });
  },
  async request(cmd) {
    return await client.request({ method: cmd.method, params: cmd.params ?? {} }, AnyResult);
  },
  async notifications(cmd) {
    return { list: received.filter((n) => cmd.method === undefined || n.method === cmd.method), errors };
  },
  async fetch(cmd) {
    const res = await fetch(cmd.url, { method: cmd.method, headers: cmd.headers ?? {}, body: cmd.body });
    return { status: res.status, body: await res.text(), sessionId: res.headers.get("mcp-session-id") };
  },
  async hook(cmd) {
    return await new Promise((resolve) => {
      const child = spawn("sh", ["-c", cmd.command], { env: { ...process.env, ...(cmd.env ?? {}) } });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("close", (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(JSON.stringify(cmd.input ?? {}));
    });
  },
  async close() {
    if (transport) await transport.terminateSession().catch(() => {});
    if (client) await client.close();
    return {};
  },
};

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", async (line) => {
  let cmd;
  try {
    cmd = JSON.parse(line);
  } catch {
    return;
  }
  try {
    reply(cmd.id, true, await ops[cmd.op](cmd));
  } catch (err) {
    reply(cmd.id, false, { code: err && err.code !== undefined ? err.code : "exception", message: String(err && err.message ? err.message : err) });
  }
});
rl.on("close", () => process.exit(0));
