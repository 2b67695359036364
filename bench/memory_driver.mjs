// Helper of bench/startup_memory.lua (run that file, not this one): a Node `ws` client.
//   node memory_driver.mjs PORT TOKEN first          connect, initialize, tools/list, one tools/call, close
//   node memory_driver.mjs PORT TOKEN cycles N       N times: connect, initialize, close (sequential)
//   node memory_driver.mjs PORT TOKEN big BYTES      connect, initialize, send one BYTES-long notification
//                                                    (log_event, ignored by the server), then a ping; close
//                                                    once the ping is answered (the big message was read)
// Prints {"done":true} when finished.
import WebSocket from "ws";

const [port, token, mode, arg] = process.argv.slice(2);

function open() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`, ["mcp"], {
      headers: { "x-claude-code-ide-authorization": token },
      perMessageDeflate: false,
      maxPayload: 64 * 1024 * 1024,
    });
    let id = 0;
    const waiting = new Map();
    ws.on("message", (data) => {
      const msg = JSON.parse(data.toString("utf8"));
      const w = waiting.get(msg.id);
      if (w) {
        waiting.delete(msg.id);
        w(msg);
      }
    });
    ws.on("error", reject);
    ws.on("open", () =>
      resolve({
        request(method, params = {}) {
          id += 1;
          const mine = id;
          return new Promise((done) => {
            waiting.set(mine, done);
            ws.send(JSON.stringify({ jsonrpc: "2.0", id: mine, method, params }));
          });
        },
        notify(method, params = {}) {
          ws.send(JSON.stringify({ jsonrpc: "2.0", method, params }));
        },
        close() {
          return new Promise((done) => {
            ws.once("close", done);
            ws.close(1000);
          });
        },
      }),
    );
  });
}

async function session() {
  const c = await open();
  await c.request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } });
  c.notify("notifications/initialized");
  return c;
}

async function main() {
  if (mode === "first") {
    const c = await session();
    await c.request("tools/list");
    await c.request("tools/call", { name: "getOpenEditors", arguments: {} });
    await c.close();
  } else if (mode === "cycles") {
    for (let i = 0; i < Number(arg); i++) await (await session()).close();
  } else if (mode === "big") {
    const c = await session();
    c.notify("log_event", { eventName: "bench", eventData: { pad: "x".repeat(Number(arg)) } });
    await c.request("ping");
    await c.close();
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  process.stdout.write(JSON.stringify({ done: true }) + "\n");
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(String(err && err.stack ? err.stack : err) + "\n");
    process.exit(1);
  },
);
