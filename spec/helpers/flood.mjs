// A flood of connections that never authenticate, and one client that does, against a WebSocket server:
//   node flood.mjs PORT TOKEN COUNT
// Opens COUNT raw TCP sockets that send the start of an upgrade request and then trickle one more header
// byte a second, never finishing it. While they are being opened, a `ws` client with the right token
// connects and exchanges one message. Prints one JSON line: whether (and how fast) the authenticated
// client got in, and how many of the idle sockets the server closed, within a bounded time.
import net from "node:net";
import WebSocket from "ws";

const [port, token, count] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4])];
const LIMIT_MS = 15000;
const started = Date.now();
const out = { count, connected: 0, closedByServer: 0, errors: 0, authOk: false, authMs: null, echoed: false };
const sockets = [];
const trickle = setInterval(() => {
  for (const s of sockets) if (!s.destroyed && s.writable) s.write("X");
}, 1000);

let authStarted;
function authenticated() {
  authStarted = Date.now();
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`, ["mcp"], {
    headers: { "x-claude-code-ide-authorization": token },
  });
  ws.on("open", () => {
    out.authOk = true;
    out.authMs = Date.now() - authStarted;
    ws.send("hello through the flood");
  });
  ws.on("message", (data) => {
    out.echoed = String(data) === "hello through the flood";
    ws.close(1000);
  });
  ws.on("error", (e) => (out.authError = String(e.message ?? e)));
}

for (let i = 0; i < count; i++) {
  const s = net.connect(port, "127.0.0.1");
  s.on("connect", () => {
    out.connected++;
    s.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  });
  s.on("close", () => {
    if (!s.closedByUs) out.closedByServer++;
  });
  s.on("error", () => out.errors++);
  sockets.push(s);
  if (i === Math.floor(count / 2)) authenticated();
}

const finish = () => {
  clearInterval(trickle);
  out.ms = Date.now() - started;
  for (const s of sockets) {
    s.closedByUs = !s.destroyed;
    s.destroy();
  }
  process.stdout.write(JSON.stringify(out) + "\n");
  process.exit(0);
};
const check = setInterval(() => {
  const allClosed = out.closedByServer + out.errors >= count;
  if ((allClosed && out.echoed) || Date.now() - started > LIMIT_MS) {
    clearInterval(check);
    finish();
  }
}, 50);
