// :checkhealth's live self-test, an MCP client over the WebSocket client (./client): connects to this Neovim's own server
// over loopback with the lock file's token, sends `initialize` and `tools/list` (never
// notifications/initialized: the probe never becomes a session that receives broadcasts), and times the
// round trip. Synchronous: it waits with vim.wait, which keeps the event loop (and so the server) running.
import { WsClient } from "./client";

/** The clientInfo.name of the self-test's connection (:checkhealth leaves it out of the clients it lists). */
export const PROBE_CLIENT_NAME = "claude-ide.nvim health check";

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
      clientInfo: { name: PROBE_CLIENT_NAME, version: "1" },
    },
  },
  { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
];

/** Connects to 127.0.0.1:`port` with `token`; gives up after `timeoutMs`. Never throws. */
export function probe(port: number, token: string, timeoutMs: number): ProbeResult {
  const started = vim.uv.hrtime();
  const elapsed = () => (vim.uv.hrtime() - started) / 1e6;
  const answers = new LuaMap<number, unknown>();
  let failure: string | undefined;
  let client: WsClient | undefined;

  const abort = WsClient.connect(
    port,
    token,
    {
      onMessage: (text) => {
        const [ok, msg] = pcall(vim.json.decode, text);
        if (ok && type(msg) === "table" && typeof (msg as { id?: unknown }).id === "number")
          answers.set((msg as { id: number }).id, msg);
      },
      onClose: (code, reason) => {
        failure = failure ?? `the server closed the connection (${code} ${reason})`;
      },
    },
    (open, err) => {
      if (open === undefined) {
        failure = failure ?? err;
        return;
      }
      client = open;
      for (const r of REQUESTS) open.send(vim.json.encode(r));
    },
  );

  const [done] = vim.wait(timeoutMs, () => failure !== undefined || answers.has(2), 1);
  const ms = elapsed();
  const result = outcome(done, ms, timeoutMs, failure, answers);
  // The close frame is written before the handle closes (libuv keeps the write order); the server sees EOF.
  if (client !== undefined) client.close(1000, "health check done");
  else abort();
  return result;
}

function outcome(
  done: boolean,
  ms: number,
  timeoutMs: number,
  failure: string | undefined,
  answers: LuaMap<number, unknown>,
): ProbeResult {
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
