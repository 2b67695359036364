// A real MCP client for specs: the official MCP TypeScript SDK (`Client` + `StdioClientTransport`) driving a
// stdio MCP server, remote-controlled by a spec through line JSON. Reusable for any stdio server of this
// plugin (the agent bridge, and the LSP tools of spec/lsp/): start it through spec/helpers/bridge.lua, which
// documents the Lua side; this file is the Node side.
//
//   node mcp_stdio.mjs        (no arguments; commands on stdin, one JSON object per line)
//
// Command  {"id":N, "op":..., ...}   Reply {"id":N, "ok":true, "result":...} | {"id":N, "ok":false, "error":{code,message}}
//   start     command, args, env, cwd, [protocolVersion]: spawns the server with exactly `env` (the SDK merges
//             its small default set under it) and runs initialize; result {pid, serverVersion, capabilities,
//             instructions, protocolVersion}
//   call      name, arguments, [tag], [timeout]: tools/call; result is the CallToolResult. With `tag`, a later
//             `cancel` with the same tag aborts it (the SDK sends notifications/cancelled; the reply is then an
//             error with code "aborted")
//   cancel    tag, [reason]: aborts that call
//   request   method, params, [timeout]: any request; result is the raw result object (errors as {code,message})
//   notify    method, params: a notification
//   log       (no arguments): {stderr: what the server wrote on stderr, errors: transport errors (e.g. a stdout
//             line that is not JSON-RPC), unexpected: messages the client did not expect, closed: bool}
//   notified  method, [since], [timeout]: waits until a notification of that method has arrived (counting
//             those in log.unexpected from index `since`, default 0); result the notification, or an error
//             with code "timeout"
//   close     the SDK's close (stdin ended; SIGTERM after 2 s); result {exitCode, signal, ms}
//   drop      the SDK's close if not closed yet, then the session is forgotten; result true
// Every command but start and drop acts on the session started by `start` with the same `session` (any JSON
// value; default 1): one driver serves many servers, one after another or at once, so a spec file pays Node's
// start and the SDK's loading (~0.2 s of CPU) once instead of once per bridge.
// Nothing but replies is written on stdout. The driver exits when its stdin closes.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import * as z from "zod/v4";
import readline from "node:readline";

const AnyResult = z.object({}).passthrough();

/**
 * The sessions by `session`: each {client, transport, exit (promise of {exitCode, signal} once the server
 * process ends), log, aborts, watchers (`notified` ops waiting: each looks at every notification as it arrives)}.
 */
const sessions = new Map();

function sessionOf(cmd) {
  const s = sessions.get(cmd.session ?? 1);
  if (s === undefined) throw new Error(`no session ${JSON.stringify(cmd.session ?? 1)}`);
  return s;
}

function reply(id, ok, payload) {
  const msg = ok ? { id, ok, result: payload ?? null } : { id, ok, error: payload };
  process.stdout.write(JSON.stringify(msg) + "\n");
}

function errorOf(err) {
  return { code: err && err.code !== undefined ? err.code : "exception", message: String(err && err.message ? err.message : err) };
}

const ops = {
  async start(cmd) {
    const key = cmd.session ?? 1;
    if (sessions.has(key)) throw new Error(`session ${JSON.stringify(key)} is already started`);
    const log = { stderr: "", errors: [], unexpected: [], closed: false };
    const watchers = new Set();
    const s = { client: undefined, transport: undefined, exit: undefined, log, aborts: new Map(), watchers };
    sessions.set(key, s);
    const transport = new StdioClientTransport({ command: cmd.command, args: cmd.args ?? [], env: cmd.env, cwd: cmd.cwd, stderr: "pipe" });
    transport.stderr.on("data", (chunk) => {
      log.stderr += chunk.toString("utf8");
    });
    const client = new Client({ name: "claude-ide-spec", version: "1.0.0" }, { capabilities: {} });
    s.client = client;
    s.transport = transport;
    client.onerror = (err) => log.errors.push(String(err && err.message ? err.message : err));
    client.fallbackNotificationHandler = async (n) => {
      log.unexpected.push(n);
      for (const watch of watchers) watch(n);
    };
    client.onclose = () => {
      log.closed = true;
    };
    let negotiated = null;
    transport.setProtocolVersion = (version) => {
      negotiated = version;
    };
    await client.connect(transport);
    const proc = transport._process;
    s.exit = new Promise((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) resolve({ exitCode: proc.exitCode, signal: proc.signalCode });
      else proc.once("exit", (exitCode, signal) => resolve({ exitCode, signal }));
    });
    return {
      pid: transport.pid,
      serverVersion: client.getServerVersion(),
      capabilities: client.getServerCapabilities(),
      instructions: client.getInstructions(),
      protocolVersion: negotiated,
    };
  },
  async call(cmd) {
    const { client, aborts } = sessionOf(cmd);
    const options = { timeout: cmd.timeout ?? 15000 };
    if (cmd.tag !== undefined) {
      const controller = new AbortController();
      aborts.set(cmd.tag, controller);
      options.signal = controller.signal;
    }
    try {
      return await client.callTool({ name: cmd.name, arguments: cmd.arguments ?? {} }, undefined, options);
    } catch (err) {
      // The SDK rejects an aborted request as a RequestTimeout McpError: tell the spec it was the abort.
      if (options.signal?.aborted) throw Object.assign(new Error(String(err && err.message)), { code: "aborted" });
      throw err;
    } finally {
      if (cmd.tag !== undefined) aborts.delete(cmd.tag);
    }
  },
  async cancel(cmd) {
    const { aborts } = sessionOf(cmd);
    const controller = aborts.get(cmd.tag);
    if (controller === undefined) throw new Error(`no running call tagged ${cmd.tag}`);
    controller.abort(cmd.reason ?? "cancelled by the spec");
    return true;
  },
  async request(cmd) {
    const { client } = sessionOf(cmd);
    const req = cmd.params === undefined ? { method: cmd.method } : { method: cmd.method, params: cmd.params };
    return await client.request(req, AnyResult, { timeout: cmd.timeout ?? 15000 });
  },
  async notify(cmd) {
    const { client } = sessionOf(cmd);
    await client.notification(cmd.params === undefined ? { method: cmd.method } : { method: cmd.method, params: cmd.params });
    return true;
  },
  async log(cmd) {
    return sessionOf(cmd).log;
  },
  notified(cmd) {
    let log, watchers;
    try {
      ({ log, watchers } = sessionOf(cmd));
    } catch (err) {
      return Promise.reject(err);
    }
    const seen = log.unexpected.slice(cmd.since ?? 0).find((n) => n.method === cmd.method);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        watchers.delete(watch);
        reject(Object.assign(new Error(`no ${cmd.method} within ${cmd.timeout ?? 10000} ms`), { code: "timeout" }));
      }, cmd.timeout ?? 10000);
      const watch = (n) => {
        if (n.method !== cmd.method) return;
        clearTimeout(timer);
        watchers.delete(watch);
        resolve(n);
      };
      watchers.add(watch);
    });
  },
  async close(cmd) {
    const { client, exit } = sessionOf(cmd);
    const started = Date.now();
    await client.close();
    const how = await Promise.race([exit, new Promise((resolve) => setTimeout(() => resolve({ exitCode: null, signal: "still running" }), 5000))]);
    return { ...how, ms: Date.now() - started };
  },
  async drop(cmd) {
    const key = cmd.session ?? 1;
    const s = sessions.get(key);
    if (s === undefined) return true;
    if (s.client !== undefined && !s.log.closed) await s.client.close().catch(() => {});
    else if (s.transport !== undefined) await s.transport.close().catch(() => {});
    sessions.delete(key);
    return true;
  },
};

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  if (line.trim() === "") return;
  let cmd;
  try {
    cmd = JSON.parse(line);
  } catch (err) {
    reply(null, false, { code: "bad-command", message: `not JSON: ${line}` });
    return;
  }
  const op = ops[cmd.op];
  if (op === undefined) {
    reply(cmd.id, false, { code: "bad-command", message: `unknown op ${cmd.op}` });
    return;
  }
  op(cmd).then(
    (result) => reply(cmd.id, true, result),
    (err) => reply(cmd.id, false, errorOf(err)),
  );
});
input.on("close", async () => {
  await Promise.all([...sessions.keys()].map((session) => ops.drop({ session })));
  process.exit(0);
});
