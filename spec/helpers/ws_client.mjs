// An independent WebSocket client for the specs: the `ws` package (Node), not the plugin's own code.
// Driven by spec/helpers/client.lua over stdio, one JSON object per line each way.
//
// Commands (stdin):
//   {"op":"connect","conn":1,"url":"ws://127.0.0.1:PORT/","headers":{...},"protocols":["mcp"]}
//   {"op":"send","conn":1,"text":"..."}            a text message
//   {"op":"send_binary","conn":1,"base64":"..."}   a binary message
//   {"op":"send_fragments","conn":1,"parts":["a","b"]}  one text message in several frames
//   {"op":"ping","conn":1,"data":"..."}
//   {"op":"close","conn":1,"code":1000,"reason":""}
//   {"op":"terminate","conn":1}                    drop the TCP connection without a close frame
//   {"op":"exit"}
// Events (stdout):
//   {"ev":"open","conn":1,"protocol":"mcp","extensions":"","headers":{...}}
//   {"ev":"unexpected","conn":1,"status":401,"headers":{...},"body":"..."}   HTTP refusal of the upgrade
//   {"ev":"error","conn":1,"message":"..."}
//   {"ev":"message","conn":1,"text":"...","binary":false}
//   {"ev":"ping","conn":1,"data":"..."}   {"ev":"pong","conn":1,"data":"..."}
//   {"ev":"close","conn":1,"code":1000,"reason":"..."}
import { createInterface } from "node:readline";
import WebSocket from "ws";

const conns = new Map();
const emit = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");

function connect({ conn, url, headers = {}, protocols = [] }) {
  const ws = new WebSocket(url, protocols, { headers, perMessageDeflate: true, maxPayload: 512 * 1024 * 1024 });
  conns.set(conn, ws);
  ws.on("open", () => {
    emit({ ev: "open", conn, protocol: ws.protocol, extensions: ws.extensions, headers: ws._upgradeHeaders ?? {} });
  });
  ws.on("upgrade", (res) => {
    ws._upgradeHeaders = res.headers;
  });
  ws.on("unexpected-response", (req, res) => {
    let body = "";
    res.on("data", (d) => (body += d));
    res.on("end", () => {
      emit({ ev: "unexpected", conn, status: res.statusCode, headers: res.headers, body });
      req.destroy();
    });
  });
  ws.on("message", (data, isBinary) => {
    emit({ ev: "message", conn, text: isBinary ? data.toString("base64") : data.toString("utf8"), binary: isBinary });
  });
  ws.on("ping", (data) => emit({ ev: "ping", conn, data: data.toString() }));
  ws.on("pong", (data) => emit({ ev: "pong", conn, data: data.toString() }));
  ws.on("error", (err) => emit({ ev: "error", conn, message: String(err && err.message) }));
  ws.on("close", (code, reason) => {
    conns.delete(conn);
    emit({ ev: "close", conn, code, reason: reason.toString() });
  });
}

function handle(cmd) {
  const ws = conns.get(cmd.conn);
  switch (cmd.op) {
    case "connect":
      return connect(cmd);
    case "exit":
      for (const c of conns.values()) c.terminate();
      return process.exit(0);
  }
  if (!ws) return emit({ ev: "error", conn: cmd.conn, message: `no open connection ${cmd.conn} for ${cmd.op}` });
  switch (cmd.op) {
    case "send":
      return ws.send(cmd.text, { binary: false });
    case "send_binary":
      return ws.send(Buffer.from(cmd.base64, "base64"), { binary: true });
    case "send_fragments":
      cmd.parts.forEach((p, i) => ws.send(p, { binary: false, fin: i === cmd.parts.length - 1 }));
      return;
    case "ping":
      return ws.ping(cmd.data ?? "");
    case "close":
      return ws.close(cmd.code, cmd.reason);
    case "terminate":
      return ws.terminate();
    default:
      return emit({ ev: "error", conn: cmd.conn, message: `unknown op ${cmd.op}` });
  }
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on("line", (line) => {
  if (line.trim() === "") return;
  try {
    handle(JSON.parse(line));
  } catch (err) {
    emit({ ev: "error", conn: null, message: `bad command: ${err.message}` });
  }
});
rl.on("close", () => process.exit(0));
