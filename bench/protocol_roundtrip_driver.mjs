// Helper of bench/protocol_roundtrip.lua (run that file, not this one).
//   node protocol_roundtrip_driver.mjs server
//        a Node `ws` JSON-RPC server on 127.0.0.1 that parses each request and answers it with a tools/call
//        shaped result (the baseline: the least work any JSON-RPC-over-WebSocket server does); prints {"port":N}
//   node protocol_roundtrip_driver.mjs client CALLS WARMUP PORT_A TOKEN_A PORT_B TOKEN_B
//        initializes a session with each server, then alternates sequential tools/call requests between them
//        (each sent after the previous answer) so that both see the same machine load; after WARMUP
//        unmeasured calls each, prints {"a":[ms...],"b":[ms...]} with CALLS round-trip times per server.
//   node protocol_roundtrip_driver.mjs many CLIENTS CALLS PORT_A TOKEN_A PORT_B TOKEN_B
//        CLIENTS connections to one server at a time (A, then B, then A and B again), all calling at once,
//        each CALLS sequential tools/call requests; prints {"a":[ms...],"b":[ms...]} (every call's time).
import WebSocket, { WebSocketServer } from "ws";

const [mode, ...args] = process.argv.slice(2);

/** What getCurrentSelection answers about an empty selection in a file (the baseline answers the same). */
const SELECTION = {
  success: true,
  text: "",
  filePath: "/tmp/claude-ide-bench/main.lua",
  fileUrl: "file:///tmp/claude-ide-bench/main.lua",
  selection: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 }, isEmpty: true },
};
const TOOL = process.env.TOOL || "getCurrentSelection";

function server() {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
  wss.on("connection", (ws) =>
    ws.on("message", (data) => {
      const msg = JSON.parse(data.toString("utf8"));
      if (msg.id === undefined) return;
      const result = msg.method === "tools/call" ? { content: [{ type: "text", text: JSON.stringify(SELECTION) }] } : {};
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: msg.id, result }));
    }),
  );
  wss.on("listening", () => process.stdout.write(JSON.stringify({ port: wss.address().port }) + "\n"));
  process.stdin.on("end", () => process.exit(0)); // the parent's end
  process.stdin.resume();
}

/** One JSON-RPC connection: request() resolves with the response once it arrives. */
function open(port, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, ["mcp"], {
      headers: { "x-claude-code-ide-authorization": token },
      perMessageDeflate: false,
    });
    let id = 0;
    let waiting = null;
    ws.on("message", (data) => {
      const msg = JSON.parse(data.toString("utf8"));
      if (!waiting || msg.id !== id) return reject(new Error(`unexpected message ${data}`));
      if (msg.error) return reject(new Error(`error response ${data}`));
      const w = waiting;
      waiting = null;
      w(msg);
    });
    ws.on("error", reject);
    ws.on("open", () =>
      resolve({
        ws,
        request(method, params) {
          id += 1;
          return new Promise((done) => {
            waiting = done;
            ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
          });
        },
        notify(method) {
          ws.send(JSON.stringify({ jsonrpc: "2.0", method }));
        },
      }),
    );
  });
}

async function client(calls, warmup, portA, tokenA, portB, tokenB) {
  const conns = [await open(portA, tokenA), await open(portB, tokenB)];
  for (const c of conns) {
    await c.request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } });
    c.notify("notifications/initialized");
  }
  const ms = [[], []];
  for (let i = 0; i < warmup + calls; i++) {
    for (let k = 0; k < 2; k++) {
      const started = process.hrtime.bigint();
      await conns[k].request("tools/call", { name: TOOL, arguments: {}, _meta: { progressToken: i } });
      if (i >= warmup) ms[k].push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  process.stdout.write(JSON.stringify({ a: ms[0], b: ms[1] }) + "\n");
  for (const c of conns) c.ws.close();
}

/** CLIENTS connections to one server, all calling at once; resolves with every call's time (ms). */
async function burst(clients, calls, port, token) {
  const conns = await Promise.all(Array.from({ length: clients }, () => open(port, token)));
  for (const c of conns) {
    await c.request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } });
    c.notify("notifications/initialized");
  }
  const ms = [];
  await Promise.all(
    conns.map(async (c) => {
      for (let i = 0; i < calls; i++) {
        const started = process.hrtime.bigint();
        await c.request("tools/call", { name: TOOL, arguments: {}, _meta: { progressToken: i } });
        ms.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  for (const c of conns) c.ws.close();
  return ms;
}

async function many(clients, calls, portA, tokenA, portB, tokenB) {
  const out = { a: [], b: [] };
  // Two rounds each, alternating, so that both servers see the same machine load on average.
  for (let round = 0; round < 2; round++) {
    out.a.push(...(await burst(clients, calls, portA, tokenA)));
    out.b.push(...(await burst(clients, calls, portB, tokenB)));
  }
  // 20,000 numbers: wait until the pipe took them all (process.exit would cut the output short).
  await new Promise((done) => process.stdout.write(JSON.stringify(out) + "\n", done));
}

if (mode === "server") server();
else if (mode === "many") {
  const [clients, calls, portA, tokenA, portB, tokenB] = args;
  many(Number(clients), Number(calls), Number(portA), tokenA, Number(portB), tokenB).then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(String(err && err.stack ? err.stack : err) + "\n");
      process.exit(1);
    },
  );
}
else if (mode === "client") {
  const [calls, warmup, portA, tokenA, portB, tokenB] = args;
  client(Number(calls), Number(warmup), Number(portA), tokenA, Number(portB), tokenB).then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(String(err && err.stack ? err.stack : err) + "\n");
      process.exit(1);
    },
  );
} else {
  process.stderr.write("usage: protocol_roundtrip_driver.mjs server | client CALLS WARMUP PORT_A TOKEN_A PORT_B TOKEN_B\n");
  process.exit(2);
}
