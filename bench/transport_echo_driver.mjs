// Helper of bench/transport_echo.lua (run that file, not this one).
//   node transport_echo_driver.mjs server          a Node `ws` echo server on 127.0.0.1; prints {"port":N}
//   node transport_echo_driver.mjs client PORT TOKEN LABEL SIZES ROUNDS
//        connects with the `ws` client, sends one text message of each size ROUNDS times (after a warm-up)
//        and prints one JSON line per size: {"label","bytes","ms":[round-trip times]}
import WebSocket, { WebSocketServer } from "ws";

const [mode, ...args] = process.argv.slice(2);

// A realistic payload: JSON-RPC text with some non-ASCII (file contents), exactly `size` bytes.
function payload(size) {
  const unit = '{"jsonrpc":"2.0","id":1,"result":{"text":"local x = \\"é€😀\\" -- line\\n"}}';
  const buf = Buffer.from(unit.repeat(Math.ceil(size / Buffer.byteLength(unit))));
  let end = size;
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--; // cut on a character boundary
  return buf.subarray(0, end).toString("utf8") + " ".repeat(size - end);
}

function server() {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
  wss.on("connection", (ws) => ws.on("message", (data, isBinary) => ws.send(data, { binary: isBinary })));
  wss.on("listening", () => process.stdout.write(JSON.stringify({ port: wss.address().port }) + "\n"));
  process.stdin.on("end", () => process.exit(0)); // the parent's end
  process.stdin.resume();
}

function client(port, token, label, sizes, rounds) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`, ["mcp"], {
    headers: { "x-claude-code-ide-authorization": token },
    perMessageDeflate: false,
    maxPayload: 512 * 1024 * 1024,
  });
  const plan = [];
  for (const size of sizes) {
    plan.push({ size, warmup: true });
    for (let i = 0; i < rounds; i++) plan.push({ size, warmup: false });
  }
  const results = new Map(sizes.map((s) => [s, []]));
  let step = 0;
  let started = 0n;
  const texts = new Map(sizes.map((s) => [s, payload(s)]));
  const next = () => {
    if (step === plan.length) {
      for (const size of sizes) process.stdout.write(JSON.stringify({ label, bytes: size, ms: results.get(size) }) + "\n");
      ws.close(1000);
      return;
    }
    started = process.hrtime.bigint();
    ws.send(texts.get(plan[step].size));
  };
  ws.on("open", next);
  ws.on("message", (data) => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const { size, warmup } = plan[step];
    if (data.length !== size) throw new Error(`echo of ${size} bytes came back with ${data.length}`);
    if (!warmup) results.get(size).push(ms);
    step++;
    next();
  });
  ws.on("error", (err) => {
    process.stderr.write(`${label}: ${err.message}\n`);
    process.exit(1);
  });
  ws.on("close", () => process.exit(0));
}

if (mode === "server") server();
else if (mode === "client") client(Number(args[0]), args[1], args[2], args[3].split(",").map(Number), Number(args[4]));
else {
  process.stderr.write("helper of bench/transport_echo.lua: run `nvim -l bench/transport_echo.lua`\n");
  process.exit(2);
}
