// A minimal, faithful Streamable HTTP front for a stdio MCP server (the agent bridge), so that a client that
// speaks only HTTP (the official conformance suite's server mode takes a URL) reaches it. It adds no MCP
// behaviour of its own: every JSON-RPC message is passed through unchanged except for request ids, which are
// renumbered per server process (several HTTP clients share one) and restored on the way back. What belongs to
// the HTTP transport alone is done here, as the MCP transport chapters say:
//   * 2025 revisions (stateful): `initialize` starts one server process and a session (Mcp-Session-Id); later
//     requests name it (unknown → 404, missing → 400); GET opens the session's event stream, where messages of
//     the server that belong to no request go; DELETE ends the session (stdin closed).
//   * 2026-07-28 (stateless): requests without a session (their `_meta` or the MCP-Protocol-Version header says
//     2026-07-28, or server/discover) go to one shared server process; an error answer gets its HTTP status
//     (-32601 → 404; -32700/-32600/-32602/-32020/-32021/-32022 → 400); the headers must agree with the body
//     (MCP-Protocol-Version with _meta's version, Mcp-Method with the method: else 400 and -32020); GET is 405;
//     a subscriptions/listen request's stream carries the notifications tagged with its subscription id.
//   * A request is answered as JSON when its answer is the first thing the server says about it, else as an
//     event stream (progress, or a listen stream) that ends with the answer.
//
//   node stdio_shim.mjs -- <command> [args...]     (the environment and cwd pass to the server processes)
// Prints {"url":"http://127.0.0.1:<port>/mcp"} on stdout once listening, then nothing; a log on stderr.
// Exits on SIGTERM/SIGINT or when stdin closes, after closing every server's stdin.
import http from "node:http";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import readline from "node:readline";

const MODERN = "2026-07-28";
const META_VERSION = "io.modelcontextprotocol/protocolVersion";
const META_SUBSCRIPTION = "io.modelcontextprotocol/subscriptionId";
const STATUS_400 = new Set([-32700, -32600, -32602, -32020, -32021, -32022]);

const sep = process.argv.indexOf("--");
const [command, ...args] = sep >= 0 ? process.argv.slice(sep + 1) : [];
if (!command) {
  process.stderr.write("usage: node stdio_shim.mjs -- <command> [args...]\n");
  process.exit(2);
}
const log = (msg) => process.stderr.write(`stdio_shim: ${msg}\n`);

/** One HTTP exchange answering one request: JSON when the answer comes first, else an event stream. */
class Exchange {
  constructor(res, modern) {
    this.res = res;
    this.modern = modern;
    this.streaming = false;
    this.done = false;
  }
  /** A message for this request; `final` ends the exchange. */
  send(msg, final) {
    if (this.done) return;
    if (!this.streaming && final) {
      const code = msg.error?.code;
      let status = 200;
      if (this.modern && code === -32601) status = 404;
      else if (this.modern && STATUS_400.has(code)) status = 400;
      this.res.writeHead(status, { "Content-Type": "application/json" });
      this.res.end(JSON.stringify(msg));
      this.done = true;
      return;
    }
    if (!this.streaming) {
      this.res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      this.streaming = true;
    }
    this.res.write(`event: message\ndata: ${JSON.stringify(msg)}\n\n`);
    if (final) this.end();
  }
  end() {
    if (this.done) return;
    this.done = true;
    if (!this.streaming) this.res.writeHead(204);
    this.res.end();
  }
}

/** A server process on stdio: requests renumbered, answers and tagged notifications routed back. */
class Server {
  constructor(name) {
    this.name = name;
    this.next = 1;
    this.pending = new Map(); // shim id → { id, exchange, method, token }
    this.byClientId = new Map(); // JSON of the client's id → shim id (notifications/cancelled)
    this.streams = new Set(); // GET event streams (2025 sessions)
    this.proc = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.proc.stdin.on("error", () => {});
    this.proc.stderr.on("data", (d) => process.stderr.write(d));
    readline.createInterface({ input: this.proc.stdout }).on("line", (line) => this.fromServer(line));
    this.proc.on("exit", (code, signal) => {
      this.exited = true;
      log(`${name}: exited (${code ?? signal})`);
      for (const [, p] of this.pending)
        p.exchange.send({ jsonrpc: "2.0", id: p.id, error: { code: -32603, message: "the server exited" } }, true);
      this.pending.clear();
      for (const s of this.streams) s.end();
    });
  }
  write(msg) {
    if (!this.exited) this.proc.stdin.write(JSON.stringify(msg) + "\n");
  }
  request(msg, exchange) {
    const n = this.next++;
    const token = msg.params?._meta?.progressToken;
    this.pending.set(n, { id: msg.id, exchange, method: msg.method, token });
    this.byClientId.set(JSON.stringify(msg.id), n);
    exchange.res.on("close", () => {
      // The client went away before the answer (a listen stream it stopped reading): as cancellation.
      const p = this.pending.get(n);
      if (p === undefined || p.exchange.done) return;
      this.pending.delete(n);
      this.write({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: n } });
    });
    this.write({ ...msg, id: n });
  }
  notify(msg) {
    if (msg.method === "notifications/cancelled" && msg.params && "requestId" in msg.params) {
      const n = this.byClientId.get(JSON.stringify(msg.params.requestId));
      if (n === undefined) return;
      msg = { ...msg, params: { ...msg.params, requestId: n } };
    }
    this.write(msg);
  }
  fromServer(line) {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      log(`${this.name}: not JSON on stdout: ${line.slice(0, 200)}`);
      return;
    }
    if ("id" in msg && ("result" in msg || "error" in msg)) {
      const p = this.pending.get(msg.id);
      if (p === undefined) return log(`${this.name}: an answer to no request: ${line.slice(0, 200)}`);
      this.pending.delete(msg.id);
      this.byClientId.delete(JSON.stringify(p.id));
      const out = { ...msg, id: p.id };
      const meta = out.result?._meta;
      if (meta && meta[META_SUBSCRIPTION] === msg.id) out.result = { ...out.result, _meta: { ...meta, [META_SUBSCRIPTION]: p.id } };
      p.exchange.send(out, true);
      return;
    }
    if (typeof msg.method !== "string") return log(`${this.name}: not a JSON-RPC message: ${line.slice(0, 200)}`);
    // A notification on a listen stream: to that stream, under the client's id.
    const sub = msg.params?._meta?.[META_SUBSCRIPTION];
    if (sub !== undefined && this.pending.has(sub)) {
      const p = this.pending.get(sub);
      const params = { ...msg.params, _meta: { ...msg.params._meta, [META_SUBSCRIPTION]: p.id } };
      p.exchange.send({ ...msg, params }, false);
      return;
    }
    // On stdio the server ends a listen stream with notifications/cancelled naming it; on HTTP the stream closes.
    if (msg.method === "notifications/cancelled" && this.pending.get(msg.params?.requestId)?.method === "subscriptions/listen") {
      const p = this.pending.get(msg.params.requestId);
      this.pending.delete(msg.params.requestId);
      p.exchange.end();
      return;
    }
    if (msg.method === "notifications/progress") {
      for (const [, p] of this.pending)
        if (p.token !== undefined && p.token === msg.params?.progressToken) return p.exchange.send(msg, false);
    }
    if (this.streams.size === 0) return log(`${this.name}: nowhere to send ${msg.method} (no event stream open)`);
    for (const s of this.streams) s.write(`event: message\ndata: ${JSON.stringify(msg)}\n\n`);
  }
  close() {
    if (!this.exited) this.proc.stdin.end();
  }
}

const sessions = new Map(); // Mcp-Session-Id → Server
let stateless;

function rpcError(res, status, id, code, message) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: id ?? null, error: { code, message } }));
}

function header(req, name) {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function post(req, res, body) {
  let msg;
  try {
    msg = JSON.parse(body);
  } catch {
    return rpcError(res, 400, null, -32700, "Parse error");
  }
  if (Array.isArray(msg) || msg === null || typeof msg !== "object")
    return rpcError(res, 400, null, -32600, "Invalid Request: one JSON-RPC message per POST");
  const isRequest = typeof msg.method === "string" && "id" in msg;
  const sid = header(req, "mcp-session-id");
  const headerVersion = header(req, "mcp-protocol-version");
  const metaVersion = msg.params?._meta?.[META_VERSION];
  // A message that names 2026-07-28 (header or _meta) is stateless, an initialize of that revision included.
  const marked = headerVersion === MODERN || metaVersion !== undefined;
  let server;
  let modern = false;
  if (isRequest && msg.method === "initialize" && sid === undefined && !marked) {
    const id = randomUUID();
    server = new Server(`session ${id.slice(0, 8)}`);
    sessions.set(id, server);
    res.setHeader("Mcp-Session-Id", id);
  } else if (sid !== undefined) {
    server = sessions.get(sid);
    if (server === undefined) return rpcError(res, 404, msg.id, -32001, "Session not found");
  } else if (marked || msg.method === "server/discover" || msg.method === "subscriptions/listen") {
    modern = true;
    if (headerVersion !== undefined && metaVersion !== undefined && headerVersion !== metaVersion)
      return rpcError(res, 400, msg.id, -32020, `Header mismatch: MCP-Protocol-Version ${headerVersion}, _meta ${metaVersion}`);
    const method = header(req, "mcp-method");
    if (method !== undefined && typeof msg.method === "string" && method !== msg.method)
      return rpcError(res, 400, msg.id, -32020, `Header mismatch: Mcp-Method ${method}, body ${msg.method}`);
    stateless ??= new Server("stateless");
    server = stateless;
  } else {
    return rpcError(res, 400, msg.id, -32000, "Bad Request: Mcp-Session-Id header is required");
  }
  if (isRequest) {
    server.request(msg, new Exchange(res, modern));
    return;
  }
  server.notify(msg);
  res.writeHead(202);
  res.end();
}

const httpServer = http.createServer((req, res) => {
  const path = new URL(req.url, "http://127.0.0.1").pathname;
  if (path !== "/mcp") {
    res.writeHead(404);
    return res.end();
  }
  const sid = header(req, "mcp-session-id");
  if (req.method === "POST") {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => post(req, res, Buffer.concat(chunks).toString("utf8")));
    return;
  }
  if (req.method === "GET" || req.method === "DELETE") {
    if (sid === undefined) {
      res.writeHead(405, { Allow: "POST" });
      return res.end();
    }
    const server = sessions.get(sid);
    if (server === undefined) return rpcError(res, 404, null, -32001, "Session not found");
    if (req.method === "DELETE") {
      sessions.delete(sid);
      server.close();
      res.writeHead(200);
      return res.end();
    }
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    res.flushHeaders();
    server.streams.add(res);
    res.on("close", () => server.streams.delete(res));
    return;
  }
  res.writeHead(405, { Allow: "GET, POST, DELETE" });
  res.end();
});

function shutdown() {
  for (const [, s] of sessions) s.close();
  stateless?.close();
  httpServer.close();
  setTimeout(() => process.exit(0), 200).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
process.stdin.on("end", shutdown);
process.stdin.resume();

httpServer.listen(0, "127.0.0.1", () => {
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${httpServer.address().port}/mcp` }) + "\n");
});
