// A minimal WebSocket + MCP client for :checkhealth's live self-test: connects to this Neovim's own server
// over loopback with the lock file's token, sends `initialize` and `tools/list` (never
// notifications/initialized: the probe never becomes a session that receives broadcasts), and times the
// round trip. Synchronous: it waits with vim.wait, which keeps the event loop (and so the server) running.
import { acceptKey } from "./handshake";
import { Decoder, Opcode, closePayload, encodeFrame } from "./frame";

export interface ProbeResult {
  ok: boolean;
  /** From connect to the tools/list answer, in milliseconds. */
  ms: number;
  /** Tools listed by the server (when ok). */
  tools: number;
  /** What went wrong (when not ok). */
  error?: string;
}

const REQUESTS = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "claude-ide.nvim health check", version: "1" },
    },
  },
  { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
];

function randomBytes(n: number): string {
  return vim.uv.random(n) ?? string.rep("\0", n);
}

/** Connects to 127.0.0.1:`port` with `token`; gives up after `timeoutMs`. Never throws. */
export function probe(port: number, token: string, timeoutMs: number): ProbeResult {
  const started = vim.uv.hrtime();
  const elapsed = () => (vim.uv.hrtime() - started) / 1e6;
  const tcp = vim.uv.new_tcp();
  const key = vim.base64.encode(randomBytes(16));
  const decoder = new Decoder({ maxMessageBytes: 16 * 1024 * 1024, expectMasked: false });
  const answers = new LuaMap<number, unknown>();
  let head: string | undefined = "";
  let failure: string | undefined;

  const send = (opcode: number, payload: string) => tcp.write(encodeFrame(opcode, payload, { mask: randomBytes(4) }));
  const onFrames = (chunk: string) => {
    for (const ev of decoder.push(chunk)) {
      if (ev.kind === "text") {
        const [ok, msg] = pcall(vim.json.decode, ev.data);
        if (ok && type(msg) === "table" && typeof (msg as { id?: unknown }).id === "number")
          answers.set((msg as { id: number }).id, msg);
      } else if (ev.kind === "close" || ev.kind === "error")
        failure = failure ?? `the server closed the connection (${ev.code} ${ev.reason})`;
    }
  };
  const onData = (chunk: string) => {
    if (head === undefined) return onFrames(chunk);
    head += chunk;
    const [stop] = string.find(head, "\r\n\r\n", 1, true);
    if (stop === undefined) return;
    const response = string.sub(head, 1, stop - 1);
    const rest = string.sub(head, stop + 4);
    head = undefined;
    const [status] = string.match(response, "^HTTP/1%.1 (%d+)");
    const accept = string.match(string.lower(response), "\r\nsec%-websocket%-accept: *([^\r]+)")[0];
    if (status !== "101") failure = `the upgrade was refused: ${string.match(response, "^[^\r]*")[0]}`;
    else if (accept !== string.lower(acceptKey(key))) failure = "the upgrade answer has a wrong Sec-WebSocket-Accept";
    else {
      for (const r of REQUESTS) send(Opcode.Text, vim.json.encode(r));
      if (rest !== "") onFrames(rest);
    }
  };

  tcp.connect("127.0.0.1", port, (err) => {
    if (err !== undefined) {
      failure = `cannot connect to 127.0.0.1:${port}: ${err}`;
      return;
    }
    tcp.read_start((readErr, data) => {
      if (readErr !== undefined || data === undefined)
        failure = failure ?? `the connection ended (${readErr ?? "EOF"})`;
      else onData(data);
    });
    tcp.write(
      [
        "GET / HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Version: 13",
        `Sec-WebSocket-Key: ${key}`,
        "Sec-WebSocket-Protocol: mcp",
        `X-Claude-Code-Ide-Authorization: ${token}`,
        "",
        "",
      ].join("\r\n"),
    );
  });

  const [done] = vim.wait(timeoutMs, () => failure !== undefined || answers.has(2), 1);
  const ms = elapsed();
  if (failure === undefined && answers.has(2)) pcall(send, Opcode.Close, closePayload(1000, "health check done"));
  // The close frame is written before the handle closes (libuv keeps the write order); the server sees EOF.
  vim.defer_fn(() => {
    if (!tcp.is_closing()) tcp.close();
  }, 100);
  if (failure !== undefined) return { ok: false, ms, tools: 0, error: failure };
  if (!done) return { ok: false, ms, tools: 0, error: `no answer within ${timeoutMs} ms` };
  const init = answers.get(1) as { result?: { serverInfo?: { name?: string } } } | undefined;
  if (init?.result?.serverInfo === undefined)
    return { ok: false, ms, tools: 0, error: `initialize failed: ${vim.inspect(init)}` };
  const list = answers.get(2) as { result?: { tools?: unknown[] } };
  if (list.result?.tools === undefined)
    return { ok: false, ms, tools: 0, error: `tools/list failed: ${vim.inspect(list)}` };
  return { ok: true, ms, tools: list.result.tools.length };
}
